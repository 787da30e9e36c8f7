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
//   prepared_encounters.cpp — (rule prepared-encounters) the setup's prepared encounters and the DM's own
//                       monsters (RunEncounter, PrepareEncounter, AddOwnMonster …); in a fight, under "+ Add to
//                       the fight", the same joining it.
//   hazards.cpp — (DM) "Traps and explosives" under the order: trigger a placed trap (a complex one joins the
//                       order), the blast's targets, dynamite with a lit fuse (LightFuse), a thrown bomb or grenade
//                       (Detonate), the current creature's firearm (FireFirearm, burst fire, ReloadFirearm).
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

// Under Start (no fight yet): true when a prepared encounter started the fight.
bool draw_prepared_setup(const nlohmann::json& participants, const nlohmann::json& initiative, bool group,
                         const nlohmann::json& picked_monsters);
void draw_prepared_join();  // in a fight, in "+ Add to the fight"
void draw_hazards_panel(const std::string& current);  // under the order
void fuse_badge(const campaign::Creature& c);         // on a lit bundle's row: the rounds its fuse has left

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
