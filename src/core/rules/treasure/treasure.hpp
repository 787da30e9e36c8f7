// DM rule "treasure" (sections 4 and 5; seed "Інопланетні технології", "Продаж скарбів"): a creature's
// purse, selling treasure from its inventory (half the price for equipment, the full value for gems, jewellery, art
// and trade goods) and the arithmetic of alien technology (Intelligence checks toward figuring an item out, the item
// breaking after four failures). Module (module.cpp: AdjustPurse, SellItem, AlienTechCheck, ForgetAlienTech), calculators `alien-tech` and `sell`
// (calc.cpp), texts in assets/i18n/<lang>/treasure.json, tests in tests/unit/rules_treasure.tests.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kTreasure = "treasure";
inline constexpr long long kPurseMaxCp = 100'000'000'000LL;  // a billion gold pieces

campaign::Module treasure();

inline const std::vector<std::string> kSellCategories = {"weapon", "armor", "gear", "gem", "jewelry", "art", "trade-good"};

calc::Calculator alien_tech_calculator();  // `druzina rule alien-tech --complexity complex` → {"successes_needed": 4, …}
calc::Calculator sell_calculator();        // `druzina rule sell --category weapon --price 15` → {"gold": 7.5}

// What the sheet reads: the purse in copper pieces (100 cp = 1 gp) and whether selling is allowed (the league's
// shared-campaign play forbids it).
struct PurseView {
  bool on = false;
  long long cp = 0;
  bool selling_allowed = true;
};
PurseView purse_view(const campaign::Campaign& c, const campaign::Creature& x);
// Alien technology being figured out by a creature (AlienTechCheck), in the order first checked.
struct AlienTech {
  std::string item, complexity = "simple";
  int successes = 0, failures = 0, needed = 2;
  std::string next;   // "advantage" / "disadvantage" on the next check, or ""
  std::string state;  // learning | figured | broken
};
std::vector<AlienTech> alien_tech_of(const campaign::Creature& x);

// Gold pieces from copper pieces: "12", "7.5", "0.05".
std::string gp_text(long long cp);
// The selling category an inventory item starts from (the DM may pick another): weapon → weapon, armour and
// shields → armor, art → art, everything else → gear.
std::string sell_category_of(std::string_view item_kind);

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
// The same in copper pieces (a half copper is dropped).
long long sell_cp(std::string_view category, long long price_cp);
}  // namespace druzina::calc
