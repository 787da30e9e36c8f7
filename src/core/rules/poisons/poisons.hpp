// DM rule "poisons" (seed section 4, "Отрути"; SRD "Poisons"): the four types and the fourteen poisons of the SRD
// (assets/data/rules/poisons.json: type, Constitution save DC, price per dose, damage, conditions, duration). Its
// module (on by default: nothing changes at the table until the DM poisons a creature), the typed lookup, the
// calculator `poison` (calc.cpp) and the poison as an effect on a creature (module.cpp: PoisonCreature, CurePoison;
// Creature::modules["poisons"].effects, shown on the sheet by src/ui/screens/party/panels/poisons.cpp). Texts in
// assets/i18n/<lang>/poisons.json, tests in tests/unit/rules_poisons.tests.cpp and tests/e2e/poisons.test.mjs. The
// house rule's 20 gp basic poison stays the price list's override.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kPoisons = "poisons";

campaign::Module poisons();

struct Poison {
  std::string id;        // the English name in kebab case: "serpent-venom", "assassins-blood", "oil-of-taggit"
  Text name;             // cs, uk, en
  std::string type;      // contact | ingested | inhaled | injury
  int save_dc = 10;      // Constitution save
  int price_gp = 0;      // per dose
  std::string damage;    // poison damage on a failed save ("3d6"), "" when none
  bool half_on_success = false;
  std::vector<std::string> conditions;  // while poisoned this way ("poisoned", "paralyzed" …)
  int duration_minutes = 0;             // 0 = see the rules text (until saves end it, 4d6 hours …)
  std::string duration_dice_hours;      // torpor: "4d6" hours, rolled when it takes hold
  int unconscious_if_fails_by = 0;      // drow poison: failing by 5 or more also knocks it unconscious
  bool wakes_on_damage = false;         // its unconsciousness ends when the creature takes damage
  // The saves it repeats (RecordPoisonSave): when (start_of_turn, end_of_turn, every_24_hours; "" = none), the
  // damage of each failure ("" = none) and the successes that end it (crawler mucus 1, burnt othur fumes 3, pale
  // tincture 7).
  std::string repeat_when, repeat_damage;
  int repeat_successes = 0;
};
const std::vector<Poison>& poison_list();  // in the SRD's order
const Poison* find_poison(std::string_view id);
std::vector<std::string> poison_ids();
inline const std::vector<std::string> kPoisonTypes = {"contact", "ingested", "inhaled", "injury"};

// The means CurePoison knows (each ends the poison and the conditions it gave).
inline const std::vector<std::string> kPoisonMeans = {"lesser_restoration", "protection_from_poison", "dm"};

// One poison acting on a creature (Creature::modules["poisons"].effects).
struct PoisonEffect {
  std::string id;                    // "p1", "p2" … unique on the creature
  std::string poison;                // the poison's id
  const Poison* info = nullptr;
  long long at = 0;                  // in-world minute it took hold
  std::optional<long long> ends_at;  // none: until cured (pale tincture) or the rules text says
  std::string source;                // free text, "" when not given
  int save = 0, dc = 0;              // the failed CON save's total and its DC
  int damage = 0;                    // the poison damage it dealt (after resistance / immunity)
  int successes = 0;                 // repeated saves made (RecordPoisonSave), of info->repeat_successes
};
std::vector<PoisonEffect> poison_effects_of(const campaign::Creature& x);

struct PoisonsView {
  bool on = false;  // the rule is on (off: the UI shows stored effects, offers no commands)
  long long now = 0;
  std::vector<PoisonEffect> effects;
};
PoisonsView poisons_view(const campaign::Campaign& c, const campaign::Creature& x);

calc::Calculator poison_calculator();  // `druzina rule poison --id serpent-venom` → {"type","save_dc","price_gp"}

}  // namespace druzina::rules
