// A second d20 for a rolled one (inspiration as luck, the Lucky feat): the roll as it then counts.
#pragma once
#include <cstddef>

#include "core/dice/dice.hpp"

namespace druzina::dice {

// The roll with a second d20 for its d20 at dice[index]: the better of the two is kept, the other struck; total,
// nat20/nat1 and text follow ("1d20 + 5 (~~7~~, 20) = 25"). Anything else: the roll as it was.
Roll with_second_d20(const Roll& r, size_t index, int second);

}  // namespace druzina::dice
