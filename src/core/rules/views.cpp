// creature_view(): the derived values of the house rules for one creature, in one JSON object for the UI.
#include <algorithm>

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

json speed_view(const Campaign& c, const Creature& x) {
  const bool injuries_on = campaign::rule_enabled(c, kLingeringInjuries, true);
  const bool encumbrance_on = campaign::rule_enabled(c, kVariantEncumbrance, true);
  int speed = injuries_on ? injury_effects(x).speed : x.speed;
  const int after_injuries = speed;
  const int penalty = encumbrance_on ? encumbrance(c, x).speed_penalty : 0;
  speed = std::max(0, speed - penalty);
  const int lvl = x.exhaustion;
  if (c.settings.exhaustion_edition == 2024) {
    speed = std::max(0, speed - 5 * lvl);
  } else {
    if (lvl >= 2) speed /= 2;
    if (lvl >= 5) speed = 0;
  }
  return jobj{"base", x.speed, "after_injuries", after_injuries, "encumbrance_penalty", penalty, "exhaustion", lvl,
          "final", speed};
}

json creature_view(const Campaign& c, const Creature& x) {
  json saves = json::object();
  for (const char* a : {"str", "dex", "con", "int", "wis", "cha"})
    saves[a] = jobj{"bonus", save_bonus(c, x, a), "proficient", save_proficient(c, x, a)};
  return jobj{"creature", x.id,
          "saves", saves,
          "injuries", to_json(injury_effects(x)),
          "intelligence", to_json(intelligence_view(c, x)),
          "encumbrance", to_json(encumbrance(c, x)),
          "speed", speed_view(c, x)};
}

}  // namespace druzina::rules
