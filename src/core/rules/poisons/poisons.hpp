// DM rule "poisons" (seed section 4, "Отрути"; SRD "Poisons"): the four types and the fourteen poisons of the SRD
// (assets/data/rules/poisons.json: type, Constitution save DC, price per dose, damage, conditions, duration). Its
// module (on by default: it adds the calculator and the reference, nothing changes at the table by itself), the
// typed lookup and the calculator `poison` (calc.cpp). Texts in assets/i18n/<lang>/poisons.json, tests in
// tests/unit/rules_poisons.tests.cpp. The house rule's 20 gp basic poison stays the price list's override.
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
};
const std::vector<Poison>& poison_list();  // in the SRD's order
const Poison* find_poison(std::string_view id);
std::vector<std::string> poison_ids();
inline const std::vector<std::string> kPoisonTypes = {"contact", "ingested", "inhaled", "injury"};

calc::Calculator poison_calculator();  // `druzina rule poison --id serpent-venom` → {"type","save_dc","price_gp"}

}  // namespace druzina::rules
