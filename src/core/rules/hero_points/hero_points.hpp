// Optional rule "hero-points" (off by default; seed section "Inspirace", completed by the DM rules' hero points):
// 5 at level 1, 5 + level / 2 after each level-up (the unspent ones are lost), a point adds 1d6 to a d20 roll (one
// per roll) or turns a failed death save into a success. Its module, its data and the typed view the UI reads.
// Commands SetHeroPoints (the DM gives or takes points) and UseHeroPoint, DeathSave's extra parameter hero_point,
// events hero_points_set, hero_point_used and hero_point_armed, calculator `hero-points`, texts in
// assets/i18n/<lang>/hero_points.json, tests in tests/unit/rules_hero_points.tests.cpp. Like every rule that is off, it refuses its commands then, and the UI
// does not show hero points (a creature keeps its points: they come back when the DM switches the rule on).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kHeroPoints = "hero-points";

campaign::Module hero_points();
calc::Calculator hero_points_calculator();  // hero-points --level L → {"points"}

// The total after reaching `level` (and at the start, level 1): 5 + level / 2, rounded down.
int hero_points_for_level(int level);

// Creature::modules["hero-points"]: {"points": n} — the creature's hero points (absent = 0).
int hero_points_of(const campaign::Creature& x);

struct HeroPointsView {
  bool on = false;  // the rule is on for this campaign (off: the UI shows no hero points)
  int points = 0;
};
HeroPointsView hero_points_view(const campaign::Campaign& c, const campaign::Creature& x);

// What UseHeroPoint did (hero_point_used): the d6, and with the roll's total given, the total after it.
struct HeroPointSpent {
  std::string creature;
  int d6 = 0;
  std::optional<int> total_before, total;
};
// The last hero point a transaction spent on a roll, if any.
std::optional<HeroPointSpent> hero_point_spent(const std::vector<campaign::Event>& events);

}  // namespace druzina::rules
