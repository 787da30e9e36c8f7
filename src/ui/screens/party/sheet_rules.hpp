// The creature sheet's controls for rule commands of the intelligence and variant-encumbrance modules (drawn by
// creature_sheet.cpp inside its intelligence and inventory blocks):
//   - learned in play: "Learned to read and write" / "Learned to count" (LearnLiteracy; the core refuses reading
//     below INT 7 and the refusal is the notice), DM only;
//   - the intelligence pick window: open it again / close it (OpenIntelligencePicks / CloseIntelligencePicks), DM only;
//   - a dwarf proficient with heavy armour: by race / yes / no (SetDwarfArmor value null / true / false), shown when
//     the creature is a dwarf by race, has the flag, or carries heavy armour; read-only in player mode.
// Test ids: sheet.int.learn_reading, sheet.int.learn_counting, sheet.int.window_open, sheet.int.window_close,
// sheet.dwarf.auto, sheet.dwarf.yes, sheet.dwarf.no.
#pragma once

#include "core/campaign/state.hpp"
#include "core/rules/rules.hpp"

namespace druzina::ui {

void literacy_controls(const campaign::Creature& c, const rules::IntelligenceView& v);
void pick_window_control(const campaign::Creature& c, const rules::IntelligenceView& v);
void dwarf_armor_control(const campaign::Creature& c);

}  // namespace druzina::ui
