// The house rules' arithmetic that is not one rule module's own, as typed, pure functions (seed:
// shared/seeds/house-rules.cs.txt). A rule's own formulas live beside its behaviour, in its header
// (rules/<rule>/<rule>.hpp: massive damage, flanking, the HP roll, intelligence, carrying, resurrection). The
// calculator registry (calc/calc.hpp) wraps each of them as JSON; rule modules call these directly. Tables of
// numbers (crafting rates, art value bands, scroll prices, magic item values) are read from assets/data/rules/*.json.
// Invalid input throws druzina::UserError with a calc.err.* key.
//
// Money is kept in copper pieces (1 gp = 100 cp) so halves and 20 % steps stay exact.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace druzina::calc {

// ---- shared ---------------------------------------------------------------------------------------------
int ability_modifier(int score);  // floor((score − 10) / 2)

// ---- crafting -------------------------------------------------------------------------------------------
enum class CraftKind { mundane, art, magic };
std::optional<CraftKind> parse_craft_kind(std::string_view text);

int mundane_rate_gp(int level);               // gp per hour by level, 1–20
int magic_rate_gp(int level);                 // gp per hour by level, 1–20
std::string magic_max_rarity(int level);      // "common" … "legendary"
const std::vector<std::string>& rarities();   // ascending: common, uncommon, rare, very-rare, legendary
int rarity_rank(std::string_view rarity);     // index in rarities(), −1 if unknown

struct Craft {
  long long gp_per_hour = 0;   // the crafter plus every collaborator
  long long goal_cp = 0;       // work to do, in cp
  long long hours = 0;         // ceil(goal / rate)
  long long days = 0;          // ceil(hours / 8)
  long long materials_cp = 0;  // spent during the work
  std::optional<std::string> max_rarity;  // magic only: the highest rarity the (main) crafter can make
};
// value_gp: market value (mundane, magic) or the materials the artist chooses to spend (art). collaborators:
// the levels of the other crafters. rarity (magic only, optional) is refused above the crafter's limit.
Craft craft(CraftKind kind, int level, long long value_gp, const std::vector<int>& collaborators = {},
            const std::optional<std::string>& rarity = std::nullopt);

struct Overtime {
  bool save_needed = false;
  std::optional<int> dc;  // CON save DC 10 + hours past 8; failure: 1 level of exhaustion
};
Overtime craft_overtime(int hour);  // hour: the hour of work that day, 1-based (the 9th hour is the first extra)

struct ArtValue {
  long long value_cp = 0;
  bool worthless = false;
};
ArtValue art_value(long long cost_gp, int check);

struct Scroll {
  std::string rarity;
  int save_dc = 0;
  int attack_bonus = 0;
  long long price_gp = 0;  // market price plus the material components' cost
};
Scroll scroll(int spell_level, long long components_gp = 0);  // 0 = cantrip … 9

struct ValueRange {
  long long min_gp = 0;
  std::optional<long long> max_gp;  // none for legendary
};
ValueRange magic_item_value(std::string_view rarity);

}  // namespace druzina::calc
