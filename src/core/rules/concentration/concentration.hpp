// 5e concentration: a creature concentrating on a spell, the CON save damage asks, and
// what ends it. Module `concentration`, on by default; texts in assets/i18n/<lang>/concentration.json, tests in
// tests/unit/rules_concentration.tests.cpp, the sheet panel src/ui/screens/party/panels/concentration.cpp.
#pragma once
#include <string>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kConcentration = "concentration";

campaign::Module concentration();

// Creature::modules["concentration"]: {"spell": "Bless"} while it concentrates (absent = not concentrating).
// "" when it does not concentrate.
std::string concentrating_on(const campaign::Creature& x);

// The CON save DC damage asks: 10 or half the damage taken (rounded down), whichever is higher.
int concentration_dc(int damage);

}  // namespace druzina::rules
