// DM rule "traps" (seed section 5, "Пастки"; SRD "Traps"): a trap's save DC and attack bonus by severity (setback,
// dangerous, deadly) and its damage by character level (1–4, 5–10, 11–16, 17–20); the SRD's eight sample traps as
// cards (assets/data/rules/traps.json, cards.cpp) and a trap placed in the campaign: searched for (passive or active
// check against its DC), disarmed, triggered, a complex trap joining the initiative order (module.cpp). Its module
// (on by default: nothing changes at the table until the DM places a trap), the typed lookups and the calculators
// `trap` and `sample-trap` (calc.cpp). Texts in assets/i18n/<lang>/traps.json, tests in tests/unit/rules_traps.tests.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kTraps = "traps";

campaign::Module traps();

inline const std::vector<std::string> kTrapSeverities = {"setback", "dangerous", "deadly"};

struct TrapNumbers {
  std::pair<int, int> save_dc;       // setback 10–11, dangerous 12–15, deadly 16–20
  std::pair<int, int> attack_bonus;  // +3–+5, +6–+8, +9–+12
  std::string damage;                // by level band: setback 1d10/2d10/4d10/10d10, dangerous 2d10/4d10/10d10/18d10,
                                     // deadly 4d10/10d10/18d10/24d10
};
// Severity one of kTrapSeverities and level 1–20, else nullopt.
std::optional<TrapNumbers> trap_numbers(std::string_view severity, int level);

calc::Calculator trap_calculator();  // `druzina rule trap --severity S --level L`

// [SECTION] the SRD's sample traps (cards.cpp) ------------------------------------------------------------------------
struct TrapCard {
  std::string id;    // collapsing-roof, falling-net, fire-breathing-statue, pits, poison-darts, poison-needle,
                     // rolling-sphere, sphere-of-annihilation
  std::string kind;  // mechanical | magic
  bool complex = false;
  int initiative_bonus = 0;  // a complex trap's initiative modifier (the rolling sphere +8)
  Text name;
  int spot_dc = 10;
  std::string spot_skill;  // perception | investigation | arcana
  std::optional<int> disarm_dc;  // none: no check (an iron spike or the like) — or impossible
  std::string disarm_ability;    // "dex" when there is a check
  bool disarm_possible = true, triggers_on_failure = false;
  std::string save_ability;  // "" = none
  int save_dc = 0;
  std::optional<int> attack_bonus;
  int attacks = 0;
  std::string damage, damage_type;            // "4d10", "bludgeoning"; "" = none
  std::string save_damage, save_damage_type;  // the poison darts' 2d10 poison on a failed save
  bool half_on_success = false;
  Text trigger, effect, disarm_text;
};
const std::vector<TrapCard>& trap_cards();  // in the SRD's (alphabetical) order
const TrapCard* find_trap_card(std::string_view id);
std::vector<std::string> trap_card_ids();
// The ability of a skill that finds a trap: perception → wis, investigation and arcana → int.
std::string skill_ability(std::string_view skill);

calc::Calculator sample_trap_calculator();  // `druzina rule sample-trap --id rolling-sphere`

// [SECTION] traps placed in the campaign (Campaign::modules["traps"].placed) ------------------------------------------
struct PlacedTrap {
  std::string id;  // "t1"
  const TrapCard* card = nullptr;
  std::string label;  // the DM's note ("the chest in room 4"), "" when none
  std::string state;  // armed | disarmed | triggered
  std::vector<std::string> found_by;  // creatures that have spotted it
  std::string creature;  // a complex trap's combatant (the rolling sphere), "" when none
};
std::vector<PlacedTrap> placed_traps(const campaign::Campaign& c);

}  // namespace druzina::rules
