// Parts of the combat screen (combat.cpp):
//   setup.cpp  — before a fight: who takes part, entered or rolled initiative, the lair action slot
//                       (StartEncounter). Test ids: combat.pick.<id>, combat.init.<id>, combat.all, combat.none,
//                       combat.lair, combat.lair.<id>, combat.group_init (one roll per group of identical
//                       monsters: StartEncounter group_initiative), combat.start.
//   attack.cpp — the attack helper: attacker, target, bonus, flanking (direct +2 / side +1 / none),
//                       advantage / disadvantage → AttackRoll (the house-rule module), or with the rule off
//                       the core's rules::attack_roll (nothing stored); inspiration as luck after the roll.
//                       Test ids: attack.*.
//   group_actions.cpp — (rule group-actions) "Select several": rows picked by a tap, then Damage with a save each
//                       or Heal for all of them on the number pad (GroupDamage, GroupHeal).
// The rules' panels on this screen (prepared_encounters.cpp, encounter_difficulty.cpp, tracker_import.cpp, hazards.cpp)
// fill its slots (ui/rule_panels.hpp): above and under Start, the end of the setup, a prepared encounter's line, the
// header, "+ Add to the fight", under the order, a row of the order, the end of a fight's question.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::ui {

bool group_selecting();                      // a tap on a row picks it
bool group_picked(const std::string& id);
void group_tap(const std::string& id);
bool group_available();                      // DM mode, the rule on
void group_toggle(float width);              // "Select several"
void draw_group_bar();                       // while picking: the count and the actions

void draw_combat_setup();

// The attack helper for `attacker` (the creature whose turn it is, unless the user picked another).
void draw_attack_helper(const std::string& attacker);
void reset_attack_helper();

}  // namespace druzina::ui
