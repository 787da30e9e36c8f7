// The rule modules' UI, one line each: X(name) adds what `RulePanels name_ui()` returns (defined in the rule's own
// UI file, named after it). Within a slot the panels draw in this order, so the list runs down the creature sheet.
// Most lines are one rule; `hazards` is the fight's "Traps and explosives" panel of the rules traps and explosives,
// `campaign_place` the downtime's plot points and league play.
// (An explicit list, as core/campaign/modules.cpp: nothing registers itself, and the order is in one place.)
#include "ui/rule_panels.hpp"

#define DRUZINA_RULE_PANELS(X) \
  X(resurrection_ritual)       \
  X(hero_points)               \
  X(save_proficiencies)        \
  X(srd_monsters)              \
  X(challenge_rating)          \
  X(sidekicks)                 \
  X(alignment)                 \
  X(deity)                     \
  X(concentration)             \
  X(spell_slots)               \
  X(spells)                    \
  X(limited_uses)              \
  X(class_resources)           \
  X(rage_exhaustion)           \
  X(npc_loyalty)               \
  X(planes)                    \
  X(lingering_injuries)        \
  X(madness)                   \
  X(diseases)                  \
  X(poisons)                   \
  X(level_up)                  \
  X(potions)                   \
  X(intelligence)              \
  X(magic_items)               \
  X(treasure)                  \
  X(variant_encumbrance)       \
  X(renown)                    \
  X(encounter_difficulty)      \
  X(initiative_variants)       \
  X(prepared_encounters)       \
  X(tracker_import)            \
  X(group_actions)             \
  X(hazards)                   \
  X(campaign_place)            \
  X(crafting)                  \
  X(traps)                     \
  X(explosives)

namespace druzina::ui {

#define DRUZINA_DECLARE_PANELS(name) RulePanels name##_ui();
DRUZINA_RULE_PANELS(DRUZINA_DECLARE_PANELS)
#undef DRUZINA_DECLARE_PANELS

const std::vector<Panel>& rule_panels() {
  static const std::vector<Panel> all = [] {
    std::vector<Panel> v;
#define DRUZINA_ADD_PANELS(name)   \
  for (Panel& p : name##_ui()) v.push_back(p);
    DRUZINA_RULE_PANELS(DRUZINA_ADD_PANELS)
#undef DRUZINA_ADD_PANELS
    return v;
  }();
  return all;
}

bool draw_slot(Slot slot, SlotContext& ctx) {
  bool done = false;
  for (const Panel& p : rule_panels()) {
    if (p.slot != slot || !p.draw) continue;
    ctx.done = false;
    p.draw(ctx);
    done = done || ctx.done;
  }
  ctx.done = done;
  return done;
}

bool draw_slot(Slot slot, const campaign::Creature& c) {
  SlotContext ctx;
  ctx.creature = &c;
  return draw_slot(slot, ctx);
}

bool draw_slot(Slot slot) {
  SlotContext ctx;
  return draw_slot(slot, ctx);
}

bool slot_shown(Slot slot, const SlotContext& ctx) {
  for (const Panel& p : rule_panels())
    if (p.slot == slot && p.shown && p.shown(ctx)) return true;
  return false;
}

}  // namespace druzina::ui
