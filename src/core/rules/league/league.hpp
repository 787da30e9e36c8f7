// DM rule "league" (section 7; seed "Спільна кампанія"): shared-campaign (Adventurers League style) play —
// checkpoints instead of XP and treasure points, awarded per PC at the end of a session from the hours the adventure
// is designed for and its tier; a PC with enough checkpoints levels up at once (LevelUp, nested) and the surplus
// carries over. Calculators `checkpoints` and `treasure-points`. Texts in assets/i18n/<lang>/league.json, tests in
// tests/unit/rules_league.tests.cpp; docs/dm-rules.md section 15.7.
#pragma once
#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kLeague = "league";
inline constexpr int kLeagueMaxLevel = 20;

campaign::Module league();
calc::Calculator checkpoints_calculator();      // checkpoints --hours H --adventure-tier T --level L → {"checkpoints"}
calc::Calculator treasure_points_calculator();  // treasure-points --hours H --adventure-tier T --level L → {"points"}
calc::Calculator personal_treasure_calculator();  // personal-treasure --level L → {"gp", "lifestyle", "tier"}
calc::Calculator league_item_calculator();  // league-item --table A..I --level L → {"cost", "available", "min_tier", "tier"}

// Tier by level: 1–4 → 1, 5–10 → 2, 11–16 → 3, 17–20 → 4.
int league_tier(int level);
// 1 per hour the adventure is designed for, +1 when its tier is above the character's.
int league_checkpoints(int hours, int adventure_tier, int level);
// 1 per 2 hours (rounded down) at tiers 1–2, 1 per hour at tiers 3–4 (the character's tier), +1 for an adventure
// of a higher tier.
int league_treasure_points(int hours, int adventure_tier, int level);
// Checkpoints a character of this level needs for the next level: 4 at levels 1–4, 8 from level 5.
int league_checkpoints_to_next(int level);

// Personal treasure: the gold a character gets on gaining a level of this tier (75 / 150 / 550 / 5,500 gp) and the
// lifestyle it lives without paying for it (modest / comfortable / wealthy / aristocratic).
struct PersonalTreasure {
  int gp = 75;
  const char* lifestyle = "modest";
};
PersonalTreasure league_personal_treasure(int level);

// The magic item tables treasure points buy from (the DMG's tables A–I; the DMs agree on the items in them): from
// which tier of the character a table is open and what any item on it costs in treasure points.
struct LeagueItemTable {
  char table = 'A';
  int min_tier = 1;
  int cost = 4;
};
const std::vector<LeagueItemTable>& league_item_tables();  // A–I, in order
const LeagueItemTable* league_item_table(std::string_view table);  // "A".."I" (or lower case); nullptr otherwise

// An item being paid for in treasure points (a deposit): paid so far of its table's cost.
struct LeagueDeposit {
  std::string item;
  char table = 'A';
  int paid = 0, cost = 4;
};

// Creature::modules.league: {"checkpoints": n, "treasure_points": n, "deposits": [{item, table, paid}]} (absent = 0 / none).
struct LeagueView {
  bool on = false;
  int checkpoints = 0, treasure_points = 0;
  std::vector<LeagueDeposit> deposits;
  int tier = 1;
  int needed = 4;          // for the next level (0 at level 20)
  bool level_due = false;  // enough checkpoints, not levelled yet (no hit die set, or the level-up rule off)
  PersonalTreasure personal;  // of its tier
};
LeagueView league_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
