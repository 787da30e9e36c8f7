// Level-up and the house rule "Házení na životy" (hp-roll): a 1 on the level-up hit die may be rolled again once,
// the second roll stands. Its modules (module.cpp: level-up owns LevelUp, hp-roll is the switch it consults), its
// arithmetic and its calculator `hp-roll` (calc.cpp). Tests in tests/unit/rules_character.tests.cpp and
// calc.tests.cpp.
#pragma once
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/rng.hpp"

namespace druzina::calc {

struct HpRoll {
  std::vector<int> rolls;  // one roll, or [1, reroll] when the first die showed 1
  int gain = 0;            // last roll + CON modifier, at least 1
};
HpRoll hp_roll(int die, int con_mod, Rng& rng);
int hp_gain(int final_roll, int con_mod);  // the same for a roll made with a physical die

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kLevelUp = "level-up";
inline constexpr const char* kHpRoll = "hp-roll";

campaign::Module level_up();            // LevelUp
campaign::Module hp_roll();             // the reroll-a-1 switch LevelUp consults
calc::Calculator hp_roll_calculator();  // hp-roll --die D --con-mod M [--seed S] → {"rolls", "gain"}

}  // namespace druzina::rules
