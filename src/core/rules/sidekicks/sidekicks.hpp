// DM rule "sidekicks" (section 8; seed "Помічники"): a creature of challenge rating 1/2 or lower (the
// challenge-rating rule's data) becomes a sidekick — expert, spellcaster or warrior — at the party's average level
// (rounded down), and levels up with the party: each level its hit die + CON modifier (at least 1) through the
// level-up rule's LevelUp; its proficiency bonus follows its level. Calculator `sidekick-level`. Texts in
// assets/i18n/<lang>/sidekicks.json, tests in tests/unit/rules_sidekicks.tests.cpp; docs/dm-rules.md section 15.8.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kSidekicks = "sidekicks";
inline constexpr int kSidekickMaxLevel = 20;

campaign::Module sidekicks();
calc::Calculator sidekick_level_calculator();  // sidekick-level --party-levels 3,4,5,4 → {"level"}

// The average of the levels, rounded down (0 for none).
int sidekick_level(const std::vector<int>& party_levels);
// The party's levels: every living PC's (sidekicks do not count).
std::vector<int> party_levels(const campaign::Campaign& c);
// Proficiency bonus by level: +2 at 1–4, +3 at 5–8, +4 at 9–12, +5 at 13–16, +6 at 17–20.
int sidekick_proficiency(int level);
// The class features a sidekick of that class gains at that level (ids; names in sidekicks.json as
// rules.sidekicks.feature.<id>): warrior 3 → {"improved_critical"}; none for a level without one or an unknown class.
std::vector<std::string> sidekick_features(const std::string& cls, int level);
// "expert" | "spellcaster" | "warrior"
bool sidekick_class_known(const std::string& cls);

// Creature::modules.sidekicks.class (absent = not a sidekick made by this rule).
std::optional<std::string> sidekick_class(const campaign::Creature& x);

struct SidekickView {
  bool on = false;
  std::optional<std::string> cls;
  int level = 0, proficiency = 0;
  int party_level = 0;  // the level it follows
};
SidekickView sidekick_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
