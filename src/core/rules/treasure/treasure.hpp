// DM rule "treasure" (issue 14, sections 4 and 5; seed "Інопланетні технології", "Продаж скарбів"): the arithmetic of
// alien technology (Intelligence checks toward figuring an item out, the item breaking after four failures) and of
// selling treasure (half the price for equipment, the full value for gems, jewellery, art and trade goods). Module
// (module.cpp: no commands yet, its calculators), calculators `alien-tech` and `sell` (calc.cpp), texts in
// assets/i18n/<lang>/treasure.json, tests in tests/unit/rules_treasure.tests.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kTreasure = "treasure";

campaign::Module treasure();

inline const std::vector<std::string> kSellCategories = {"weapon", "armor", "gear", "gem", "jewelry", "art", "trade-good"};

calc::Calculator alien_tech_calculator();  // `druzina rule alien-tech --complexity complex` → {"successes_needed": 4, …}
calc::Calculator sell_calculator();        // `druzina rule sell --category weapon --price 15` → {"gold": 7.5}

}  // namespace druzina::rules

namespace druzina::calc {
struct AlienTech {
  int successes_needed = 2;       // simple 2, complex 4
  int breaks_after_failures = 4;  // four failures before a long rest break it
};
AlienTech alien_tech(bool complex);
// The gold a sale brings: half the price for weapons, armour and other equipment (undamaged), the full value for
// gems, jewellery, art objects and trade goods. Throws std::invalid_argument for an unknown category.
double sell_gold(std::string_view category, long long price_gp);
}  // namespace druzina::calc
