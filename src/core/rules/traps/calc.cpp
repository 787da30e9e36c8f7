// Calculator `trap` (the trap builder): what the SRD suggests for a trap of a severity at the characters' level.
//   druzina rule trap --severity dangerous --level 7 → {"save_dc": [12, 15], "attack_bonus": [6, 8], "damage": "4d10"}
// A severity not in the table or a level outside 1–20 exits 2 (calc.err.not_allowed / too_small / too_large).
#include "core/rules/traps/traps.hpp"

namespace druzina::rules {

calc::Calculator trap_calculator() {
  calc::Param severity;
  severity.name = "severity";
  severity.type = calc::ParamType::enumeration;
  severity.allowed = kTrapSeverities;
  severity.description_key = "calc.param.trap.severity";
  calc::Param level;
  level.name = "level";
  level.type = calc::ParamType::integer;
  level.min = 1;
  level.max = 20;
  level.description_key = "calc.param.trap.level";
  return {"trap", "calc.desc.trap", {severity, level},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const auto t = trap_numbers(p.at("severity").get<std::string>(), p.at("level").get<int>());
            return {{"save_dc", {t->save_dc.first, t->save_dc.second}},
                    {"attack_bonus", {t->attack_bonus.first, t->attack_bonus.second}},
                    {"damage", t->damage}};
          },
          {"save_dc", "attack_bonus"}};
}

}  // namespace druzina::rules
