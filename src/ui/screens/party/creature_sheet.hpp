// The creature sheet: everything about one creature, each part with its actions (commands): HP and the pad,
// death saves, abilities, conditions with durations (add / remove), exhaustion (with rage as a source), inspiration
// and hero points, injuries with their cure options and scars, encumbrance from the inventory, the intelligence
// rule, attunement slots, renown, diseases / poisons / madness, notes, edit and remove.
// Test ids: sheet.<part>…, e.g. sheet.hp, sheet.edit, sheet.remove, sheet.cond.add, sheet.exh.plus,
// sheet.inspiration, sheet.injury.<id>.<method>. The parts of the rule modules are panels, one file each named after
// the rule, in panels/ (panels.hpp); the sheet composes them.
#pragma once
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::ui {

// back: set to true when the user taps "back" (only drawn when show_back).
void draw_creature_sheet(const std::string& id, bool show_back, bool* back);

// Death saves of a dying creature: the marks and Roll / Enter d20 / Success / Failure / Stabilize.
// Test ids: <prefix>.ds.roll, .enter, .success, .failure, .stabilize.
void draw_death_saves(const campaign::Creature& c, const std::string& prefix);

}  // namespace druzina::ui
