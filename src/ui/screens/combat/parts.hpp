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
// The rules' panels on this screen (prepared_encounters.cpp, hazards.cpp) fill its slots (ui/rule_panels.hpp): the
// setup under Start, "+ Add to the fight", under the order, a row of the order.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::rules {
struct PreparedEncounter;
}

namespace druzina::ui {

bool group_selecting();                      // a tap on a row picks it
bool group_picked(const std::string& id);
void group_tap(const std::string& id);
bool group_available();                      // DM mode, the rule on
void group_toggle(float width);              // "Select several"
void draw_group_bar();                       // while picking: the count and the actions

void draw_combat_setup();

// (rule encounter-difficulty, encounter_difficulty.cpp) The difficulty line of the picked monsters, of a prepared
// encounter and of the running fight; the XP award the end of a fight gives ("" when none).
void draw_picked_difficulty(const nlohmann::json& picked_monsters);
void draw_prepared_difficulty(const rules::PreparedEncounter& e);
void draw_fight_difficulty();
std::string award_question();

// (rule tracker-import, tracker_import.cpp) Import from another tracker: the button, the preview, Import.
void draw_tracker_import();

// The attack helper for `attacker` (the creature whose turn it is, unless the user picked another).
void draw_attack_helper(const std::string& attacker);
void reset_attack_helper();

}  // namespace druzina::ui
