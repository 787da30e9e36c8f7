// The level-up HP arithmetic and calculator `hp-roll --die 4|6|8|10|12|20 --con-mod M [--seed S]` → {"rolls",
// "gain"}: a 1 is rerolled once and the reroll stands; gain = last roll + CON modifier, at least 1.
#include <algorithm>

#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/rules/level_up/level_up.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

int hp_gain(int final_roll, int con_mod) {
  // A level always adds at least 1 hit point, even with a negative Constitution modifier (as in the SRD's
  // "minimum of 1" for hit dice); the house rule only changes how the die is rolled.
  return std::max(1, final_roll + con_mod);
}

HpRoll hp_roll(int die, int con_mod, Rng& rng) {
  detail::require_range("die", die, 2, 100);
  detail::require_range("con-mod", con_mod, -10, 20);
  HpRoll out;
  out.rolls.push_back(rng.die(die));
  if (out.rolls.back() == 1) out.rolls.push_back(rng.die(die));  // a 1 may be rerolled once; the reroll stands
  out.gain = hp_gain(out.rolls.back(), con_mod);
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator hp_roll_calculator() {
  calc::Param die = calc::int_param("die", "calc.param.hp_roll.die", std::nullopt, std::nullopt);
  die.allowed_ints = {4, 6, 8, 10, 12, 20};
  return {"hp-roll",
          "calc.desc.hp_roll",
          {die, calc::int_param("con-mod", "calc.param.hp_roll.con_mod", -5, 10),
           calc::int_param("seed", "calc.param.seed", 0, std::nullopt, false)},
          [](const nlohmann::json& p, Rng& rng) -> nlohmann::json {
            auto r = calc::hp_roll(p.at("die").get<int>(), p.at("con-mod").get<int>(), rng);
            return jobj{"rolls", r.rolls, "gain", r.gain};
          }};
}

}  // namespace druzina::rules
