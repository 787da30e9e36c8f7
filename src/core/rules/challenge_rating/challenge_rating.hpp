// DM rule "challenge-rating" (seed section "Правила Майстра", monsters): a monster's challenge rating (0, 1/8, 1/4,
// 1/2, 1–30) and the XP and proficiency bonus it implies (SRD, "Experience Points by Challenge Rating"). Its module,
// its data, the typed view the UI reads and the CR table. Command SetChallengeRating, event challenge_rating_set,
// calculator `cr` (calc.cpp), texts in assets/i18n/<lang>/challenge_rating.json, tests in
// tests/unit/rules_challenge_rating.tests.cpp, the sheet panel src/ui/screens/party/panels/challenge_rating.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kChallengeRating = "challenge-rating";

campaign::Module challenge_rating();

// One row of the SRD table.
struct CrRow {
  const char* cr;         // "0", "1/8", "1/4", "1/2", "1" … "30"
  double value;           // 0, 0.125, 0.25, 0.5, 1 … 30
  int xp;                 // 10 for CR 0 (0 when it has no effective attacks: xp_no_attacks)
  int proficiency_bonus;  // +2 (CR 0–4) … +9 (CR 29–30)
};
const std::vector<CrRow>& cr_table();                // the 34 ratings, lowest first
std::optional<CrRow> cr_row(std::string_view cr);    // "1/4" → its row; anything else → nullopt
std::vector<std::string> cr_names();                 // "0", "1/8", … "30"
inline constexpr int kCrZeroXpNoAttacks = 0;         // SRD: a CR 0 creature without effective attacks: 0 XP

// Creature::modules["challenge-rating"]: {"cr": "1/4"} — absent = not set. A DM secret (players do not see it).
std::optional<std::string> challenge_rating_of(const campaign::Creature& x);

struct ChallengeRatingView {
  bool on = false;             // the rule is on for this campaign
  std::optional<CrRow> row;    // the creature's rating, if set
};
ChallengeRatingView challenge_rating_view(const campaign::Campaign& c, const campaign::Creature& x);

calc::Calculator cr_calculator();  // calc.cpp: `druzina rule cr --cr 1/4` → {"xp", "proficiency_bonus"}

}  // namespace druzina::rules
