// House rule "Oživení mrtvého" (resurrection-ritual): a guided ritual. Its module, its data and the typed views the
// UI reads (module.cpp), its arithmetic and its calculator `resurrection` (calc.cpp). Tests in
// tests/unit/rules_resurrection.tests.cpp and calc.tests.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

enum class Casting { action, longer, true_resurrection, wish };
std::optional<Casting> parse_casting(std::string_view text);
inline constexpr int kMaxRitualHelpers = 3;  // the caster included
struct Resurrection {
  std::optional<int> dc;  // none when no check is needed (true resurrection, wish)
  bool check_needed = false;
  int helpers_allowed = 0;  // how many creatures (caster included) may help: 3 for longer castings, else 0
};
// previous: earlier resurrection attempts on this creature (successful or not). Helpers only for `longer`,
// at most 3 in all; dc = 10 + previous − 3·successes + failures (not clamped: a natural 20 always succeeds).
Resurrection resurrection(int previous, Casting casting, int helper_successes = 0, int helper_failures = 0);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kResurrection = "resurrection-ritual";

campaign::Module resurrection_ritual();
calc::Calculator resurrection_calculator();  // resurrection --previous N --casting C … → {"dc", "check_needed", …}

// Creature::modules["resurrection-ritual"]: {"attempts": n} — every attempt to raise the creature so far (each
// raises its DC by 1 for good; absent = 0).
int resurrection_attempts_of(const campaign::Creature& x);

// The ritual as stored in module data plus the DC the next cast would face, every term spelled out:
// {"id","target","caster","casting","helpers":[…],"status","soul_refuses", "dc": {"check_needed","dc","base",
//  "previous","successes","failures","helpers_allowed"}}. Null when there is no such ritual.
nlohmann::json ritual_view(const campaign::Campaign& c, std::string_view ritual);
// The ritual still going on for a dead creature (open, or waiting for the soul's answer), "" when none.
std::string active_ritual(const campaign::Campaign& c, std::string_view target);
// A casting as an action failed for this creature: only a longer casting may try again.
bool action_casting_failed(const campaign::Campaign& c, std::string_view creature);

}  // namespace druzina::rules
