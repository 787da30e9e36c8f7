// DM rule "traps" (seed section 5, "Пастки"; SRD "Traps"): a trap's save DC and attack bonus by severity (setback,
// dangerous, deadly) and its damage by character level (1–4, 5–10, 11–16, 17–20). Its module (on by default: it adds
// the trap builder calculator and the reference, nothing changes at the table by itself), the typed lookup and the
// calculator `trap` (calc.cpp). Texts in assets/i18n/<lang>/traps.json, tests in tests/unit/rules_traps.tests.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kTraps = "traps";

campaign::Module traps();

inline const std::vector<std::string> kTrapSeverities = {"setback", "dangerous", "deadly"};

struct TrapNumbers {
  std::pair<int, int> save_dc;       // setback 10–11, dangerous 12–15, deadly 16–20
  std::pair<int, int> attack_bonus;  // +3–+5, +6–+8, +9–+12
  std::string damage;                // by level band: setback 1d10/2d10/4d10/10d10, dangerous 2d10/4d10/10d10/18d10,
                                     // deadly 4d10/10d10/18d10/24d10
};
// Severity one of kTrapSeverities and level 1–20, else nullopt.
std::optional<TrapNumbers> trap_numbers(std::string_view severity, int level);

calc::Calculator trap_calculator();  // `druzina rule trap --severity S --level L`

}  // namespace druzina::rules
