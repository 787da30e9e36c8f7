// DM rule "madness" (seed section 3, "Божевілля"; SRD "Madness"), off by default: a campaign with a strong horror
// theme switches it on. A madness is an effect stored on the creature — rolled on the roll tables madness-short
// (1d10 minutes), madness-long (1d10 × 10 hours) or madness-indefinite (until cured) — with its source, its row and
// its end; the row's conditions are set while it lasts. Time passing (AdvanceTime, rests, the end of a fight) ends
// it; TreatMadness cures it by the named means. Texts in assets/i18n/<lang>/madness.json, tests in
// tests/unit/rules_madness.tests.cpp, the sheet panel src/ui/screens/party/panels/madness.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kMadness = "madness";

campaign::Module madness();

inline const std::vector<std::string> kMadnessKinds = {"short", "long", "indefinite"};
// The means TreatMadness knows: calm_emotions suppresses every madness for 1 minute (the spell's duration);
// lesser_restoration ends a short- or long-term one; greater_restoration any one; remove_curse / dispel_evil any
// one (the DM judged the source right); dm: the DM ends it.
inline const std::vector<std::string> kMadnessMeans = {"calm_emotions", "lesser_restoration", "greater_restoration",
                                                       "remove_curse", "dispel_evil", "dm"};

// One madness on a creature (Creature::modules["madness"].effects[k]).
struct MadnessEntry {
  std::string id;      // "m12"
  std::string kind;    // short | long | indefinite
  std::string table;   // madness-short | madness-long | madness-indefinite
  int roll = 0;        // the d100
  Text text;           // the row's text
  long long at = 0;    // in-world minute it began
  std::optional<long long> ends_at;  // in-world minute it ends; none for indefinite
  int duration_roll = 0;             // the d10 of its duration (0 for indefinite)
  std::string source;                // what caused it (free text), "" when not given
  std::optional<long long> suppressed_until;  // calm emotions: no effect until this minute
};
std::vector<MadnessEntry> madness_of(const campaign::Creature& x);
const char* madness_kind_key(const std::string& kind);  // "rules.madness.kind.short" … (its label)
// A madness's source as the reader sees it: free text as typed, "horror" (a failed horror save) in their language.
std::string madness_source_text(Lang lang, const std::string& source);

struct MadnessView {
  bool on = false;  // the rule is on (off: the UI shows stored madness but offers no commands)
  long long now = 0;
  std::vector<MadnessEntry> entries;
};
MadnessView madness_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
