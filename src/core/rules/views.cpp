// creature_view(): the derived values of the house rules for one creature, in one JSON object for the UI.
#include "core/rules/common.hpp"

namespace druzina::rules {

json creature_view(const Campaign& c, const Creature& x) {
  json saves = json::object();
  for (const char* a : {"str", "dex", "con", "int", "wis", "cha"})
    saves[a] = {{"bonus", save_bonus(c, x, a)}, {"proficient", save_proficient(c, x, a)}};
  return {{"creature", x.id},
          {"saves", saves},
          {"injuries", to_json(injury_effects(x))},
          {"intelligence", to_json(intelligence_view(c, x))},
          {"encumbrance", to_json(encumbrance(c, x))}};
}

}  // namespace druzina::rules
