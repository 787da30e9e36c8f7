// The rule modules of the app, one line each, in the order their hooks run, with the group Settings lists them
// under: house (the group's house rules, house-rules.cs.txt), dm (the DM's optional rules, dm-rules.uk.txt), table
// (the app's own helpers at the table). Each module lives in its own folder or file under src/core/rules/
// and exposes a factory returning its campaign::Module (docs/adding-a-rule.md).
// (An explicit list, not static self-registration: the core is a static library, and the linker would drop a
// module file that nothing references.)
#include "core/campaign/engine.hpp"

#define DRUZINA_RULE_MODULES(X)         \
  X(save_proficiencies, table)          \
  X(massive_damage, house)              \
  X(concentration, table)               \
  X(lingering_injuries, house)          \
  X(exhausting_rally, house)            \
  X(rage_exhaustion, house)             \
  X(inspiration_luck, house)            \
  X(hero_points, dm)                    \
  X(level_up, house)                    \
  X(hp_roll, house)                     \
  X(intelligence, house)                \
  X(potions, house)                     \
  X(variant_encumbrance, house)         \
  X(attack_roll, house)                 \
  X(flanking, house)                    \
  X(resurrection_ritual, house)         \
  X(crafting, house)                    \
  X(price_list, house)                  \
  X(npc_loyalty, dm)                    \
  X(challenge_rating, dm)               \
  X(objects, dm)                        \
  X(poisons, dm)                        \
  X(traps, dm)                          \
  X(explosives, dm)                     \
  X(madness, dm)                        \
  X(diseases, dm)                       \
  X(alignment, dm)                      \
  X(deity, dm)                          \
  X(magic_items, dm)                    \
  X(treasure, dm)                       \
  X(planes, dm)                         \
  X(league, dm)                         \
  X(sidekicks, dm)                      \
  X(plot_points, dm)                    \
  X(renown, dm)                         \
  X(classes, table)                     \
  X(spell_slots, table)                 \
  X(class_resources, table)             \
  X(spells, table)                      \
  X(limited_uses, table)                \
  X(srd_monsters, table)                \
  X(prepared_encounters, table)         \
  X(encounter_difficulty, table)        \
  X(initiative_variants, table)         \
  X(custom_conditions, table)           \
  X(tracker_import, table)              \
  X(monster_saves, table)               \
  X(group_actions, table)

namespace druzina::rules {
#define DRUZINA_DECLARE_MODULE(factory, group) campaign::Module factory();
DRUZINA_RULE_MODULES(DRUZINA_DECLARE_MODULE)
#undef DRUZINA_DECLARE_MODULE
}  // namespace druzina::rules

namespace druzina::campaign {

void register_rule_modules(Engine& e) {
#define DRUZINA_ADD_MODULE(factory, group_) \
  {                                         \
    campaign::Module m = rules::factory();  \
    m.group = #group_;                      \
    e.add_module(std::move(m));             \
  }
  DRUZINA_RULE_MODULES(DRUZINA_ADD_MODULE)
#undef DRUZINA_ADD_MODULE
}

}  // namespace druzina::campaign
