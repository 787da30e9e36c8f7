// House rule "Úrazy" (lingering injuries, scars): its module, its data and the typed views the UI reads.
// Commands AddInjury, CureInjury (an injury entered by hand, marked cured), RollInjury, TreatInjury, RemoveInjury,
// SetInjuryHand, SetBadWeather; events injury_added, injury_cured, injury_removed … (module.cpp); texts in
// assets/i18n/<lang>/lingering_injuries.json; tests in tests/unit/rules_injuries.tests.cpp. Like every rule that
// is off, it refuses its commands then (stored injuries and scars stay and still show on the sheet).
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kLingeringInjuries = "lingering-injuries";

campaign::Module lingering_injuries();

// A lingering injury of a creature (until schema 3 a base field, Creature::injuries).
struct Injury {
  std::string id;                          // "i12" (from the campaign's id counter)
  std::string table;                       // the table it was rolled on ("lingering-injury"), if any
  int table_row = 0;                       // the die result / row it came from (0 = entered by hand)
  nlohmann::json effects = nlohmann::json::object();  // mechanics (docs/tables.md vocabulary; free form)
  long long since_minutes = 0;
  Text text;
  bool cured = false;
  nlohmann::json extra = nlohmann::json::object();    // "hand" (SetInjuryHand), "max_hp_lost" (festering), unknown
};
// A scar (until schema 3 Creature::scars).
struct Scar {
  Text text;
  long long since_minutes = 0;
  std::string from_injury;  // injury id, if it came from one
  nlohmann::json extra = nlohmann::json::object();
};
void to_json(nlohmann::json& j, const Injury& v);
void from_json(const nlohmann::json& j, Injury& v);
void to_json(nlohmann::json& j, const Scar& v);
void from_json(const nlohmann::json& j, Scar& v);

// Creature::modules["lingering-injuries"]: {"injuries": [Injury…], "scars": [Scar…]} (each absent when empty;
// shown to players: not secret). Campaign::modules["lingering-injuries"]: {"bad_weather", "treatments"} (module.cpp).
std::vector<Injury> injuries_of(const campaign::Creature& x);
std::vector<Scar> scars_of(const campaign::Creature& x);
int uncured_injuries(const campaign::Creature& x);

struct CombatSave {
  std::string injury;    // the stored injury's id ("i12")
  std::string kind;      // its table id ("cracked_skull")
  int dc = 0;
  bool bad_weather = false;  // only while the weather is bad (painful scar): the app asks the DM
};
// Everything the uncured injuries of a creature do now, counts (two eyes, two lungs, five fingers of a hand)
// included.
struct InjuryEffects {
  std::vector<std::string> kinds;        // injury kinds in effect ("broken_leg", …) incl. as_injury ones
  std::vector<std::string> as_injuries;  // kinds in effect only through a count ("lost_hand" from 5 fingers)
  std::set<std::string> disadvantage, advantage;  // roll kinds (tables.roll.<kind>)
  bool no_reactions = false, one_hand = false, needs_crutch = false, dash_prone = false, action_or_bonus = false;
  int dash_save_dc = 0;           // 0 = none
  int verbal_spell_fail_d20 = 0;  // 0 = none
  bool speed_half = false;
  int speed_change = 0;           // feet (negative)
  int speed = 0;                  // walking speed after the injuries (no encumbrance, no exhaustion)
  int exhaustion_floor = 0;       // exhaustion cannot go below this (both lungs pierced: 5)
  std::vector<std::string> conditions;  // conditions the injuries impose ("blinded" for the last eye)
  std::vector<CombatSave> combat_saves;
  int max_hp_per_day = 0, hp_per_hour = 0;  // summed (festering / open wounds)
};
InjuryEffects injury_effects(const campaign::Creature& x);
nlohmann::json to_json(const InjuryEffects& e);
// The effects object of an injury kind from the tables ("lost_hand" → the serious-injury row), or null.
const nlohmann::json& injury_kind_effects(std::string_view kind);

// What the sheet and the cards show.
struct InjuriesView {
  bool on = true;                // the rule is on (off: stored injuries and scars show, no commands)
  std::vector<Injury> injuries;  // every stored injury, cured ones included, in the order they came
  std::vector<Scar> scars;
  int uncured = 0;
  InjuryEffects effects;         // what the uncured ones do now
};
InjuriesView injuries_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
