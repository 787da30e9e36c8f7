// The group's house rules (the Rules screen states each: assets/data/reference/house-rules.json) as campaign rule
// modules, plus the derived values the app shows from them. docs/house-rules.md lists, rule by rule, the module,
// its commands, prompts, data and tests.
//
// Each module is a campaign::Module (engine.hpp) registered in src/core/rules/modules.cpp. Its id is also
// its switch in Settings::rules ({"rules": {"massive-damage": false}} turns it off for a campaign). A module
// that is off refuses its commands and its hooks do not run; its events always replay.
//
// Conventions shared by every module here:
//   - The creature a command acts on is "target" (as in the base commands); other roles are named
//     ("caster", "helper", "crafter", "by", "attacker").
//   - A roll the table made with physical dice is passed in the command ("roll", "rolls") or in the answer of a
//     prompt (ResolvePrompt "roll" = the total; "then_roll" = the die result of the table the answer leads to,
//     e.g. the shock d20 after a failed massive-damage save). Without it the engine rolls with ctx.rng() and
//     writes the result into the event.
//   - Prompts carry "dice" (what the engine rolls when the answer has no roll, modifier included) and "dc" when
//     they are saves, "choices" when the answer is a choice, "dm_only" when only the DM should see them.
//   - Per-campaign module data lives in Campaign::modules[<module id>] (see the module's file for its shape).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/rules/attack_roll/attack_roll.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/crafting/crafting.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "core/rules/intelligence/intelligence.hpp"
#include "core/rules/level_up/level_up.hpp"
#include "core/rules/lingering_injuries/lingering_injuries.hpp"
#include "core/rules/madness/madness.hpp"
#include "core/rules/massive_damage/massive_damage.hpp"
#include "core/rules/objects/objects.hpp"
#include "core/rules/poisons/poisons.hpp"
#include "core/rules/potions/potions.hpp"
#include "core/rules/price_list/price_list.hpp"
#include "core/rules/resurrection_ritual/resurrection_ritual.hpp"
#include "core/rules/traps/traps.hpp"
#include "core/rules/variant_encumbrance/variant_encumbrance.hpp"

namespace druzina::rules {

using campaign::Campaign;
using campaign::Creature;
using campaign::Module;
using nlohmann::json;

// [SECTION] module ids (= Settings::rules keys) -----------------------------------------------------------------------
inline constexpr const char* kSaveProficiencies = "save-proficiencies";
inline constexpr const char* kExhaustingRally = "exhausting-rally";
inline constexpr const char* kRageExhaustion = "rage-exhaustion";
inline constexpr const char* kInspirationLuck = "inspiration-luck";

// [SECTION] the modules (one file each under src/core/rules/) ---------------------------------------------------------
Module save_proficiencies();   // save_proficiencies/: SetSaveProficiencies (used by every CON save the rules ask for)
Module exhausting_rally();     // exhausting_rally/
Module rage_exhaustion();      // rage_exhaustion/
Module inspiration_luck();     // inspiration_luck/

// [SECTION] saving throws (save_proficiencies/) -----------------------------------------------------------------------
bool save_proficient(const Campaign& c, const Creature& x, std::string_view ability);
// ability modifier + the proficiency bonus when proficient in that save
int save_bonus(const Campaign& c, const Creature& x, std::string_view ability);
std::string d20_plus(int modifier);  // "1d20+3", "1d20-1", "1d20"

// [SECTION] exhausting rally (exhausting_rally/) ----------------------------------------------------------------------
bool rally_used(const Campaign& c);  // rallied since the last long rest (a second rally is refused)

// [SECTION] everything, for the UI ------------------------------------------------------------------------------------
// Walking speed step by step: {"base", "after_injuries", "encumbrance_penalty", "exhaustion", "final"} — injuries
// (when lingering-injuries is on), then the encumbrance penalty (when variant-encumbrance is on), then exhaustion
// by Settings::exhaustion_edition (2014: halved from level 2, 0 from level 5; 2024: −5 ft per level).
json speed_view(const Campaign& c, const Creature& x);
// {"creature", "saves": {"con": {"bonus", "proficient"}, …}, "injuries", "intelligence", "encumbrance", "speed"}
// for one creature (the derived values of this header).
json creature_view(const Campaign& c, const Creature& x);
// A rule's free-text notes on a creature (its data field "notes", detail::notes_field): what the DM writes on
// the sheet beside what the rule tracks itself (diseases, poisons, madness). An empty list when none.
json rule_notes(const Creature& x, std::string_view module);

}  // namespace druzina::rules
