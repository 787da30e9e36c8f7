// House rule "Oživení mrtvého" (resurrection-ritual): a guided ritual. Its module, its data and the typed views the
// UI reads. Tests in tests/unit/rules_resurrection.tests.cpp.
#pragma once
#include <string>
#include <string_view>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kResurrection = "resurrection-ritual";

campaign::Module resurrection_ritual();

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
