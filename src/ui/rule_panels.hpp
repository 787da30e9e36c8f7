// The rule modules' UI: each rule's panels say which slot of which screen they fill, and rule_panels.cpp lists the
// rules in one list (the UI's counterpart of core/campaign/modules.cpp). A screen draws a slot with draw_slot() and
// knows no rule; a rule's UI lives in files named after it and adds one line to that list
// (docs/adding-a-rule.md, "The UI").
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/campaign/state.hpp"

namespace druzina::ui {

// Where a panel goes. Within a slot, panels draw in the order of the list in rule_panels.cpp.
enum class Slot {
  // The creature sheet (creature_sheet.cpp), top to bottom.
  sheet_instead,     // a flow that takes the sheet's place (the resurrection ritual): set ctx.done when it drew
  sheet_hp,          // under the HP bar and the death saves
  death_save,        // on the death-save card (ctx.prefix): parameters the rule adds to DeathSave go into *ctx.params
  sheet_facts,       // the numbers' facts line: push a short fact ("CR 1/4 (50 XP)") onto *ctx.facts
  sheet_numbers,     // under the abilities
  sheet_top,         // after the numbers, before the conditions
  sheet_conditions,  // after the conditions, before the defences
  sheet_exhaustion,  // on the exhaustion row (DM, a living creature)
  sheet_luck,        // under the inspiration toggle
  sheet_body,        // after inspiration, before the inventory
  sheet_inventory,   // the top of the inventory; `shown` makes the section show for a player; set ctx.done when the
                     //   load was shown (the sheet shows the plain total weight otherwise)
  sheet_items_end,   // under the inventory's items
  sheet_after_items, // after the inventory, before the free-text lists and the notes
  sheet_end,         // after the notes, before the share and edit buttons
  sheet_stranger,    // what a player sees of a creature outside the party, after its conditions
  // The combat screen.
  combat_picked,     // above Start (no fight yet): ctx.setup, what the setup has picked so far
  combat_setup,      // under Start (no fight yet): ctx.setup; set ctx.done when the panel started a fight
  combat_add,        // the end of the setup, also while nobody is there yet: ways to bring creatures in
  prepared_encounter,// under a prepared encounter's line in the setup: ctx.subject is its id
  combat_header,     // in a fight, under whose turn it is
  combat_end,        // "End the fight?": push a paragraph of the question onto *ctx.facts and the parameters the
                     //   answer yes adds to EndEncounter into *ctx.params (nothing is drawn)
  combat_join,       // in a fight, in "+ Add to the fight"
  combat_order,      // under the order: ctx.current is the creature whose turn it is
  combat_tools,      // beside "Reorder", above the order (DM): ctx.width; `shown` says whether a panel takes a place
  combat_row_select, // a row of the order, before its card (DM): a panel that takes the rows' taps now sets ctx.done
                     //   and ctx.picked (the card shows as picked); it is called again with ctx.tapped on a tap
  combat_row,        // on a row of the order, under its card: ctx.creature
  combat_reminders,  // what to remember at ctx.creature's turn: push lines onto *ctx.facts (nothing is drawn)
  // The downtime screen.
  downtime,          // after the rests and time (the left column of a wide layout)
  downtime_side,     // after those (the right column of a wide layout)
  rest_creature,     // a creature's line on the short rest (DM): ShortRest's `items` are *ctx.params
  rest_done,         // after the short rest went through
  // Rules → Tables: a card above the roll tables (`card`, `title`, `body`) and its page (`draw`).
  tables,
  // Settings → Rules: under a rule's on/off switch while the rule is on (ctx.rule: the switch's rule id), the
  // rule's own choices (a panel draws only under its own rule's switch).
  settings_rule,
};

// What a combat setup panel gets: the fight as the setup has it picked.
struct CombatSetup {
  nlohmann::json participants, initiative, picked_monsters;  // picked_monsters: the picked ones outside the party
  bool group = false;                                        // one initiative roll per group of identical monsters
};

struct SlotContext {
  const campaign::Creature* creature = nullptr;   // the sheet's slots, combat_row, rest_creature
  std::string prefix;                             // death_save: the card's test-id prefix
  std::string current;                            // combat_order, combat_header: whose turn it is ("" = the lair's)
  std::string subject;                            // prepared_encounter
  nlohmann::json* params = nullptr;               // death_save, rest_creature, combat_end
  std::vector<std::string>* facts = nullptr;      // sheet_facts, combat_reminders, combat_end
  const CombatSetup* setup = nullptr;             // combat_picked, combat_setup
  std::string rule;                               // settings_rule
  float width = 0;                                // combat_tools
  bool picked = false, tapped = false;            // combat_row_select
  bool done = false;                              // see the slot
};

struct Panel {
  Slot slot;
  void (*draw)(SlotContext& ctx);
  bool (*shown)(const SlotContext& ctx) = nullptr;  // sheet_inventory, tables: whether the panel shows at all
  const char* card = nullptr;                       // tables: the card's id ("traps": test id rules.gen.traps)
  const char* title = nullptr;                      // tables: text keys of the card's title and body
  const char* body = nullptr;
};
using RulePanels = std::vector<Panel>;

// Every registered panel, in the list's order.
const std::vector<Panel>& rule_panels();
// Draws a slot's panels in order; true when one of them set ctx.done.
bool draw_slot(Slot slot, SlotContext& ctx);
bool draw_slot(Slot slot, const campaign::Creature& c);
bool draw_slot(Slot slot);
// Whether any of a slot's panels shows (its `shown`).
bool slot_shown(Slot slot, const SlotContext& ctx);

}  // namespace druzina::ui
