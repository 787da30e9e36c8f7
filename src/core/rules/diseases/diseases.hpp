// DM rule "diseases" (section 2; seed "Хвороби"; SRD "Diseases" and the contagion spell), off by default.
// The nine diseases are data (assets/data/rules/diseases.json: save, DC, incubation, symptoms, what a long rest does,
// texts in cs/uk/en). An infection is an effect stored on the creature (Creature::modules["diseases"].infections,
// one per disease) with its source, its start, the end of its incubation and its state (the DC that falls, the
// failed saves, sight rot's penalty, eyebright doses, the contagion spell's saves). Time passing starts the symptoms
// (conditions and disadvantage with source "disease:<id>", exhaustion held under that source); the long rest asks
// the saves as prompts; CureDisease ends it. Texts in assets/i18n/<lang>/diseases.json, tests in
// tests/unit/rules_diseases.tests.cpp, the sheet panel src/ui/screens/party/panels/diseases.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kDiseases = "diseases";

campaign::Module diseases();

// One disease of the data file.
struct Disease {
  std::string id;    // "cackle-fever", "sewer-plague", "sight-rot", "blinding-sickness" … (the English name, kebab case)
  std::string kind;  // sample | contagion
  Text name;
  std::string save = "con";
  std::optional<int> save_dc;  // none for the contagion diseases: the caster's spell save DC
  std::string incubation_dice;  // "1d4", "1" ("" for contagion)
  std::string incubation_unit;  // hours | days | saves
  int exhaustion = 0;           // levels the symptoms give (held while infected)
  std::string long_rest;        // save_dc_drops | save_exhaustion | worsens | none
  int madness_after_failures = 0;  // cackle fever: 3
  bool half_hit_dice = false, no_long_rest_hp = false;  // sewer plague
  int blind_at = 0, doses_to_cure = 0;                  // sight rot: 5, 3
  long long duration_minutes = 0;                       // contagion: 7 days once it takes hold
  std::vector<std::string> conditions;                  // blinded …
  std::vector<std::string> disadvantage;                // wis_checks … (labels tables.roll.<x>)
  bool vulnerable_to_all = false, stunned_on_damage = false;
  Text symptoms, long_rest_text;
};
const std::vector<Disease>& disease_list();  // in the data file's order
const Disease* find_disease(std::string_view id);
std::vector<std::string> disease_ids();

// The means CureDisease knows: lesser_restoration, heal, lay_on_hands (any disease); eyebright (sight rot only: one
// dose of the ointment — the next long rest does not worsen it, the third dose cures it); dm.
inline const std::vector<std::string> kDiseaseMeans = {"lesser_restoration", "heal", "lay_on_hands", "eyebright", "dm"};

// One infection on a creature.
struct Infection {
  std::string disease;
  const Disease* info = nullptr;
  std::string stage;                     // incubating | sick
  long long at = 0;                      // in-world minute of the infection
  std::optional<long long> symptoms_at;  // when the incubation ends (none: contagion, its saves decide)
  std::optional<long long> ends_at;      // contagion: 7 days after it took hold
  int dc = 0;                            // the save's DC now (cackle fever's falls)
  int failures = 0, successes = 0;       // long-rest saves (cackle fever) / the contagion spell's saves
  int penalty = 0;                       // sight rot: −penalty to attack rolls and sight-based checks
  int doses = 0;                         // sight rot: eyebright doses applied
  bool ointment = false;                 // sight rot: a dose since the last long rest
  int exhaustion = 0;                    // exhaustion levels the disease holds
  std::string source;                    // free text, "" when not given
};
std::vector<Infection> infections_of(const campaign::Creature& x);

struct DiseasesView {
  bool on = false;  // the rule is on (off: the UI shows stored infections, offers no commands)
  long long now = 0;
  std::vector<Infection> infections;
};
DiseasesView diseases_view(const campaign::Campaign& c, const campaign::Creature& x);

calc::Calculator disease_calculator();  // `druzina rule disease --disease cackle-fever` → its facts

}  // namespace druzina::rules
