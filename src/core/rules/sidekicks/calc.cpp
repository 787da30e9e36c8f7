// Calculator `sidekick-level --party-levels 3,4,5,4` → {"level": 4}: the party's average level, rounded down.
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/sidekicks/sidekicks.hpp"

namespace druzina::rules {

int sidekick_level(const std::vector<int>& levels) {
  if (levels.empty()) return 0;
  long long sum = 0;
  for (int l : levels) sum += l;
  return static_cast<int>(sum / static_cast<long long>(levels.size()));
}

int sidekick_proficiency(int level) { return level < 1 ? 2 : 2 + (level - 1) / 4; }

calc::Calculator sidekick_level_calculator() {
  calc::Param p;
  p.name = "party-levels";
  p.type = calc::ParamType::int_list;
  p.min = 1;
  p.max = kSidekickMaxLevel;
  p.max_items = 20;
  p.description_key = "calc.param.sidekick_level.party_levels";
  return {"sidekick-level", "calc.desc.sidekick_level", {p}, [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const auto levels = params.at("party-levels").get<std::vector<int>>();
            if (levels.empty()) throw UserError("calc.err.missing_param", {{"calculator", "sidekick-level"}, {"param", "party-levels"}});
            return {{"level", sidekick_level(levels)}};
          }};
}

}  // namespace druzina::rules
