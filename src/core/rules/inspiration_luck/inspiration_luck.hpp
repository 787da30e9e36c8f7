// House rule "inspiration-luck": inspiration spent as luck after a d20 is seen (UseInspiration, module.cpp). The
// typed result the dice and attack screens draw from.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

// What UseInspiration did (inspiration_used): the first d20, the second, the one kept, the modifier added and the
// total; with a DC, whether it was reached.
struct LuckReroll {
  std::string creature;
  int first = 0, second = 0, kept = 0, modifier = 0, total = 0;
  bool rolled = false;  // the app rolled the second d20 (false: entered as rolled at the table)
  std::optional<int> dc;
  bool success = false;
};
// The last inspiration a transaction spent, if any.
std::optional<LuckReroll> luck_reroll(const std::vector<campaign::Event>& events);

}  // namespace druzina::rules
