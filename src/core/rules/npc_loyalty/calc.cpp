// Calculator `loyalty --highest-cha C` → {"max", "start"}: an NPC's loyalty maximum (the party's highest Charisma,
// never above 20) and its start value (half that Charisma, rounded down).
#include "core/rules/npc_loyalty/npc_loyalty.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator loyalty_calculator() {
  calc::Param cha;
  cha.name = "highest-cha";
  cha.type = calc::ParamType::integer;
  cha.min = 1;
  cha.max = 30;
  cha.description_key = "calc.param.loyalty.highest_cha";
  return {"loyalty", "calc.desc.loyalty", {cha}, [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const LoyaltyLimits l = loyalty_limits(p.at("highest-cha").get<int>());
            return jobj{"max", l.max, "start", l.start};
          }};
}

}  // namespace druzina::rules
