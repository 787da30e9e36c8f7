// Parts of the combat screen (combat.cpp):
//   setup.cpp  — before a fight: who takes part, entered or rolled initiative, the lair action slot
//                       (StartEncounter). Test ids: combat.pick.<id>, combat.init.<id>, combat.all, combat.none,
//                       combat.lair, combat.lair.<id>, combat.group_init (one roll per group of identical
//                       monsters: StartEncounter group_initiative), combat.start.
//   attack.cpp — the attack helper: attacker, target, bonus, flanking (direct +2 / side +1 / none),
//                       advantage / disadvantage → AttackRoll (the house-rule module), or with the rule off
//                       the core's rules::attack_roll (nothing stored); inspiration as luck after the roll.
//                       Test ids: attack.*.
// The rules' panels on this screen (prepared_encounters.cpp, encounter_difficulty.cpp, tracker_import.cpp, hazards.cpp,
// group_actions.cpp, initiative_variants.cpp) fill its slots (ui/rule_panels.hpp): above and under Start, the end of
// the setup, a prepared encounter's line, the header, "+ Add to the fight", beside Reorder, under the order, a row of
// the order (and who takes its tap), the end of a fight's question.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::ui {

void draw_combat_setup();

// The attack helper for `attacker` (the creature whose turn it is, unless the user picked another).
void draw_attack_helper(const std::string& attacker);
void reset_attack_helper();

}  // namespace druzina::ui
