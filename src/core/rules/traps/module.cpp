// DM rule "traps": the SRD's trap severity table and damage by level. No commands yet: the calculator `trap` (a trap
// builder: DC, attack bonus and damage for a severity and the characters' level) answers in the CLI and the reference
// links it (dm-trap-effects).
#include "core/rules/common.hpp"
#include "core/rules/traps/traps.hpp"

namespace druzina::rules {

std::optional<TrapNumbers> trap_numbers(std::string_view severity, int level) {
  int s = -1;
  for (size_t i = 0; i < kTrapSeverities.size(); ++i)
    if (severity == kTrapSeverities[i]) s = static_cast<int>(i);
  if (s < 0 || level < 1 || level > 20) return std::nullopt;
  static const std::pair<int, int> dc[] = {{10, 11}, {12, 15}, {16, 20}};
  static const std::pair<int, int> attack[] = {{3, 5}, {6, 8}, {9, 12}};
  // d10s by level band (rows) and severity (columns)
  static const int dice[4][3] = {{1, 2, 4}, {2, 4, 10}, {4, 10, 18}, {10, 18, 24}};
  const int band = level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3;
  return TrapNumbers{dc[s], attack[s], std::to_string(dice[band][s]) + "d10"};
}

Module traps() {
  return {kTraps, true, [](campaign::Engine&) {},
          {.seed = "Пастки", .own_calculators = {trap_calculator()}, .reference = {"dm-traps", "dm-trap-effects"}}};
}

}  // namespace druzina::rules
