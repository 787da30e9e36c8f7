// DM rule "treasure" (on by default): alien technology and selling treasure. For now its calculators (calc.cpp):
// `alien-tech` and `sell`; the tracker of Intelligence checks and selling from the sheet are still to come.
#include "core/rules/common.hpp"
#include "core/rules/treasure/treasure.hpp"

namespace druzina::rules {

namespace {
void install(campaign::Engine&) {}
}  // namespace

campaign::Module treasure() {
  return {kTreasure, true, install,
          {.seed = "Продаж скарбів",
           .own_calculators = {alien_tech_calculator(), sell_calculator()},
           .reference = {"dm-alien-technology", "dm-selling-treasure", "dm-trade-goods"}}};
}

}  // namespace druzina::rules
