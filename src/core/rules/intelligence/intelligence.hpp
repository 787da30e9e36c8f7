// House rule "Inteligence": reading, counting and speech by Intelligence, and intelligence points that buy picks.
// Its module, its data and the typed views the UI reads (module.cpp), its arithmetic and its calculator
// `intelligence` (calc.cpp). Texts in assets/i18n/<lang>/intelligence.json, tests in
// tests/unit/rules_character.tests.cpp and calc.tests.cpp.
#pragma once
#include <string>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

struct Intelligence {
  bool can_read_write = false;     // INT ≥ 10 (INT 7–9 can learn it in play)
  bool can_count = false;          // INT ≥ 7 (INT ≤ 6 can learn it in play)
  bool can_speak = false;          // INT ≥ 4
  bool can_learn_reading = false;  // INT ≥ 7 (for INT ≥ 10 it is already known)
  int points = 0;                  // the positive INT modifier
};
Intelligence intelligence(int score);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kIntelligence = "intelligence";

campaign::Module intelligence();
calc::Calculator intelligence_calculator();  // intelligence --int N → {"can_read_write", …, "points"}

// An intelligence-point pick: kind skill | tool | language | expertise.
struct IntPick {
  std::string kind, name;
  int taken_at_level = 1;
  int order = 0;  // global order of picks; the newest go inactive first when INT drops
  nlohmann::json extra = nlohmann::json::object();
};
void to_json(nlohmann::json& j, const IntPick& v);
void from_json(const nlohmann::json& j, IntPick& v);

// Creature::modules["intelligence"]: {"picks": [IntPick…]} — the creature's picks in the order taken (absent =
// none). Campaign::modules["intelligence"]: the pick windows and what was learned in play (module.cpp).
std::vector<IntPick> int_picks_of(const campaign::Creature& x);

struct PickState {
  IntPick pick;
  bool active = false;
};
// The creature's picks, oldest first; the first `points` (positive INT modifier now) are active, the newest
// beyond that are inactive until INT recovers.
std::vector<PickState> active_int_picks(const campaign::Creature& x);
struct IntelligenceView {
  int score = 10;
  bool can_read_write = false, can_count = false, can_speak = false, can_learn_reading = false;
  bool learned_reading = false, learned_counting = false;  // learned in play (module data)
  int points = 0, active = 0, free = 0;
  bool window_open = false;  // picks may be made now (creation or right after a level-up)
  std::vector<PickState> picks;
};
IntelligenceView intelligence_view(const campaign::Campaign& c, const campaign::Creature& x);
nlohmann::json to_json(const IntelligenceView& v);

}  // namespace druzina::rules
