// The massive-damage arithmetic and calculator `massive-damage --max-hp M --damage D` → {"triggered", "dc"}:
// triggered iff 2·damage ≥ max HP (exactly half counts; max 17: 8 no, 9 yes), then a CON save DC 15, else dc null.
#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/rules/massive_damage/massive_damage.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

MassiveDamage massive_damage(int max_hp, int damage) {
  detail::require_range("max-hp", max_hp, 1, 1000000);
  detail::require_range("damage", damage, 0, 1000000);
  MassiveDamage out;
  // "at least half the maximum" without rounding: 2·damage ≥ max (max 17: 8 is not enough, 9 is).
  out.triggered = 2LL * damage >= max_hp;
  if (out.triggered) out.dc = kMassiveDamageDc;
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator massive_damage_calculator() {
  return {"massive-damage",
          "calc.desc.massive_damage",
          {calc::int_param("max-hp", "calc.param.massive_damage.max_hp", 1, 1000000),
           calc::int_param("damage", "calc.param.massive_damage.damage", 0, 1000000)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            auto r = calc::massive_damage(p.at("max-hp").get<int>(), p.at("damage").get<int>());
            return jobj{"triggered", r.triggered, "dc", calc::json_or_null(r.dc)};
          }};
}

}  // namespace druzina::rules
