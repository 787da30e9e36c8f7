// The rule modules of the app, one line each, in the order their hooks run. Each module lives in its own folder
// or file under src/core/rules/ and exposes a factory returning its campaign::Module (docs/adding-a-rule.md).
// (An explicit list, not static self-registration: the core is a static library, and the linker would drop a
// module file that nothing references.)
#include "core/campaign/engine.hpp"

#define DRUZINA_RULE_MODULES(X) \
  X(save_proficiencies)         \
  X(massive_damage)             \
  X(concentration)              \
  X(lingering_injuries)         \
  X(exhausting_rally)           \
  X(rage_exhaustion)            \
  X(inspiration_luck)           \
  X(hero_points)                \
  X(level_up)                   \
  X(hp_roll)                    \
  X(intelligence)               \
  X(potions)                    \
  X(variant_encumbrance)        \
  X(attack_roll)                \
  X(flanking)                   \
  X(resurrection_ritual)        \
  X(crafting)                   \
  X(price_list)                 \
  X(npc_loyalty)                \
  X(challenge_rating)           \
  X(objects)                    \
  X(poisons)                    \
  X(traps)                      \
  X(explosives)                 \
  X(madness)                    \
  X(diseases)                   \
  X(alignment)                  \
  X(deity)                      \
  X(magic_items)                \
  X(treasure)                   \
  X(planes)                     \
  X(league)                     \
  X(sidekicks)                  \
  X(plot_points)                \
  X(renown)                     \
  X(classes)                    \
  X(srd_monsters)                \
  X(monster_saves)

namespace druzina::rules {
#define DRUZINA_DECLARE_MODULE(factory) campaign::Module factory();
DRUZINA_RULE_MODULES(DRUZINA_DECLARE_MODULE)
#undef DRUZINA_DECLARE_MODULE
}  // namespace druzina::rules

namespace druzina::campaign {

void register_rule_modules(Engine& e) {
#define DRUZINA_ADD_MODULE(factory) e.add_module(rules::factory());
  DRUZINA_RULE_MODULES(DRUZINA_ADD_MODULE)
#undef DRUZINA_ADD_MODULE
}

}  // namespace druzina::campaign
