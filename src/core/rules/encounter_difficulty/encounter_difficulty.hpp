// Table rule "encounter-difficulty": how hard a fight is for the party (the DMG's XP thresholds per character level,
// the multiplier for the number of monsters and the party-size shift; or the 2024 rules' XP budget, a per-campaign
// choice), and the XP award of a fight split among the PCs who took part. Its module (module.cpp), the formulas and
// the calculator `encounter` (calc.cpp), texts in assets/i18n/<lang>/encounter_difficulty.json, tests in
// tests/unit/rules_encounter_difficulty.tests.cpp; docs/table-rules.md.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

// The two ways of reading a fight: the DMG of 2014 (easy … deadly, with the multiplier) or the 2024 budget.
enum class EncounterRules { dmg2014, budget2024 };

struct EncounterDifficulty {
  int xp = 0;           // the monsters' XP added up
  int adjusted_xp = 0;  // xp × the multiplier (2024: xp)
  int multiplier_x2 = 2;  // the multiplier × 2 (1 → 2, 1.5 → 3 … 0.5 → 1); 2 under the 2024 rules
  std::string difficulty;  // "trivial" (below the first threshold), "easy" … "deadly" / "low" … "high"
  // The party's thresholds, lowest first: easy, medium, hard, deadly (2014) or low, moderate, high (2024).
  std::vector<std::pair<std::string, int>> thresholds;
};

// The multiplier × 2 for a number of monsters and of PCs (DMG: 1 → ×1, 2 → ×1.5, 3–6 → ×2, 7–10 → ×2.5,
// 11–14 → ×3, 15+ → ×4; fewer than 3 PCs one step up, 6 or more one step down, ×0.5 and ×5 at the ends).
int encounter_multiplier_x2(int monsters, int pcs);
// The difficulty of monsters worth `monster_xp` each against characters of `party_levels` (each 1..20).
EncounterDifficulty encounter_difficulty(const std::vector<int>& party_levels, const std::vector<int>& monster_xp,
                                         EncounterRules rules);
// A character level's thresholds (1..20): easy, medium, hard, deadly / low, moderate, high.
std::vector<int> level_thresholds(int level, EncounterRules rules);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kEncounterDifficulty = "encounter-difficulty";

using calc::EncounterDifficulty;
using calc::EncounterRules;

campaign::Module encounter_difficulty();

calc::Calculator encounter_calculator();  // calc.cpp: `druzina rule encounter --party-levels 3,3 --monster-xp 100`

// ---- views (what the UI reads) -----------------------------------------------------------------------------
EncounterRules encounter_rules(const campaign::Campaign& c);  // modules["encounter-difficulty"].rules
// The levels of the living PCs (and sidekicks) in the campaign.
std::vector<int> encounter_party_levels(const campaign::Campaign& c);
// What one monster is worth: its challenge rating's XP (the challenge-rating rule's data), else its SRD stat
// block's, else 0.
int monster_xp(const campaign::Creature& x);
// The XP a creature has gained (modules["encounter-difficulty"].xp; absent = 0).
int creature_xp(const campaign::Creature& x);
// The difficulty of monsters worth `monster_xp` each for the campaign's party, under the campaign's rules.
EncounterDifficulty difficulty_for(const campaign::Campaign& c, const std::vector<int>& monster_xp);

// The award of the running fight as AwardXp would give it by default: the PCs and sidekicks who take part (living
// or not dead), the monsters in it that are dead or at 0 HP, their XP, the share each gets.
struct XpAward {
  std::vector<std::string> creatures, monsters;
  int total = 0, each = 0;
};
XpAward xp_award_preview(const campaign::Campaign& c);

// The XP of each monster of a list of creature ids (monster_xp; creatures that are not monsters are left out), and
// of a prepared encounter's members (an SRD monster's XP, one of the DM's own by its stat block), one per copy.
std::vector<int> monsters_xp(const campaign::Campaign& c, const std::vector<std::string>& ids);
struct PreparedEncounter;
std::vector<int> prepared_encounter_xp(const campaign::Campaign& c, const PreparedEncounter& e);

}  // namespace druzina::rules
