// Arithmetic shared by several rules (ability_modifier). A rule's own formulas live beside its behaviour, in its
// header (rules/<rule>/<rule>.hpp: massive damage, flanking, the HP roll, intelligence, carrying, resurrection,
// crafting), and its calculators in rules/<rule>/calc.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace druzina::calc {

// [SECTION] shared ----------------------------------------------------------------------------------------------------
int ability_modifier(int score);  // floor((score − 10) / 2)

}  // namespace druzina::calc
