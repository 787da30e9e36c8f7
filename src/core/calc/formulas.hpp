// The house rules' arithmetic as typed, pure functions (seed: shared/seeds/house-rules.cs.txt). The calculator
// registry (calc/calc.hpp) wraps each of them as JSON; rule modules call these directly. Tables of numbers
// (crafting rates, art value bands, scroll prices, magic item values, carrying multipliers) are read from
// assets/data/rules/*.json. Invalid input throws druzina::UserError with a calc.err.* key.
//
// Money is kept in copper pieces (1 gp = 100 cp) so halves and 20 % steps stay exact.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace druzina::calc {

// ---- combat ---------------------------------------------------------------------------------------------
inline constexpr int kMassiveDamageDc = 15;

struct MassiveDamage {
  bool triggered = false;  // 2·damage ≥ max HP
  std::optional<int> dc;   // CON save DC when triggered (15), none otherwise
};
MassiveDamage massive_damage(int max_hp, int damage);

enum class Flank { direct, side, none };
std::optional<Flank> parse_flank(std::string_view text);
int flanking_bonus(Flank position);  // +2 / +1 / 0 to the attack roll; flanking never gives advantage

// ---- character ------------------------------------------------------------------------------------------
struct HpRoll {
  std::vector<int> rolls;  // one roll, or [1, reroll] when the first die showed 1
  int gain = 0;            // last roll + CON modifier, at least 1
};
HpRoll hp_roll(int die, int con_mod, Rng& rng);
int hp_gain(int final_roll, int con_mod);  // the same for a roll made with a physical die

struct Intelligence {
  bool can_read_write = false;    // INT ≥ 10 (INT 7–9 can learn it in play)
  bool can_count = false;         // INT ≥ 7 (INT ≤ 6 can learn it in play)
  bool can_speak = false;         // INT ≥ 4
  bool can_learn_reading = false; // INT ≥ 7 (for INT ≥ 10 it is already known)
  int points = 0;                 // the positive INT modifier
};
Intelligence intelligence(int score);
int ability_modifier(int score);  // floor((score − 10) / 2)

enum class Size { tiny, small, medium, large, huge, gargantuan };
std::optional<Size> parse_size(std::string_view text);
struct Carrying {
  double encumbered_over = 0;          // lb; above it: speed −10 ft
  double heavily_encumbered_over = 0;  // lb; above it: speed −20 ft, disadvantage on STR/DEX/CON rolls
  double max = 0;                      // lb; carrying capacity
};
Carrying carrying(int strength, Size size);

enum class Casting { action, longer, true_resurrection, wish };
std::optional<Casting> parse_casting(std::string_view text);
inline constexpr int kMaxRitualHelpers = 3;  // the caster included
struct Resurrection {
  std::optional<int> dc;    // none when no check is needed (true resurrection, wish)
  bool check_needed = false;
  int helpers_allowed = 0;  // how many creatures (caster included) may help: 3 for longer castings, else 0
};
// previous: earlier resurrection attempts on this creature (successful or not). Helpers only for `longer`,
// at most 3 in all; dc = 10 + previous − 3·successes + failures (not clamped: a natural 20 always succeeds).
Resurrection resurrection(int previous, Casting casting, int helper_successes = 0, int helper_failures = 0);

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
