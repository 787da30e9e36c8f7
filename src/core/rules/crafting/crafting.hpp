// House rules on crafting (seed "Výroba nemagických předmětů", "Výroba magických předmětů", art objects, scroll
// prices) as the rule module "crafting", on by default. Its downtime projects are the module's campaign data
// (Campaign::modules["crafting"].projects, absent = none); the base engine knows no project. Commands StartProject,
// WorkOnProject, FinishArt, ConfirmProjectSpell and the generic AddProject / UpdateProject / RemoveProject, the
// formulas below (calc::craft …, defined in calc.cpp with the calculators craft, craft-overtime, art-value, scroll
// and magic-item-value), texts in assets/i18n/<lang>/crafting.json, tests in
// tests/unit/rules_crafting.tests.cpp, the UI in src/ui/screens/downtime/projects.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kCrafting = "crafting";

campaign::Module crafting();
std::vector<calc::Calculator> crafting_calculators();  // calc.cpp

// A downtime project. `data` holds what the kind needs (mundane, art, magic, scroll: crafter, collaborators,
// value_gp, rarity, spell …; see module.cpp). `owners` may name a creature removed since: readers skip it.
struct Project {
  std::string id, kind, name;        // id "j12"
  std::vector<std::string> owners;   // creature ids
  double goal_gp = 0, progress_gp = 0, materials_gp = 0, hours = 0;
  bool done = false;
  nlohmann::json data = nlohmann::json::object();
  nlohmann::json extra = nlohmann::json::object();
};
void to_json(nlohmann::json& j, const Project& v);
void from_json(const nlohmann::json& j, Project& v);  // strict (campaign::jr), unknown fields kept in `extra`

// A crafter's working day (creature data modules.crafting.workday): when it began and the hours worked in it.
// Present from the first hour of crafting until the crafter's next long rest; the next WorkOnProject starts
// with the night (a long rest unless the DM says otherwise), or goes on the same day (same_day: true).
struct Workday {
  long long start = 0;  // campaign minute
  int hours = 0;
};
std::optional<Workday> workday_of(const campaign::Creature& x);

// The campaign's projects, in the order they were started (what the downtime screen lists).
std::vector<Project> projects_of(const campaign::Campaign& c);

}  // namespace druzina::rules

// The crafting house rules' arithmetic, as typed pure functions (numbers in assets/data/rules/{crafting,art-value,
// scrolls,magic-item-values}.json). Money is kept in copper pieces (1 gp = 100 cp) so halves and 20 % steps stay
// exact. Invalid input throws druzina::UserError with a calc.err.* key.
namespace druzina::calc {

enum class CraftKind { mundane, art, magic };
std::optional<CraftKind> parse_craft_kind(std::string_view text);

int mundane_rate_gp(int level);               // gp per hour by level, 1–20
int magic_rate_gp(int level);                 // gp per hour by level, 1–20
std::string magic_max_rarity(int level);      // "common" … "legendary"
const std::vector<std::string>& rarities();   // ascending: common, uncommon, rare, very-rare, legendary
int rarity_rank(std::string_view rarity);     // index in rarities(), −1 if unknown

struct Craft {
  long long gp_per_hour = 0;   // the crafter plus every collaborator
  long long goal_cp = 0;       // work to do, in cp
  long long hours = 0;         // ceil(goal / rate)
  long long days = 0;          // ceil(hours / 8)
  long long materials_cp = 0;  // spent during the work
  std::optional<std::string> max_rarity;  // magic only: the highest rarity the (main) crafter can make
};
// value_gp: market value (mundane, magic) or the materials the artist chooses to spend (art). collaborators:
// the levels of the other crafters. rarity (magic only, optional) is refused above the crafter's limit.
Craft craft(CraftKind kind, int level, long long value_gp, const std::vector<int>& collaborators = {},
            const std::optional<std::string>& rarity = std::nullopt);

struct Overtime {
  bool save_needed = false;
  std::optional<int> dc;  // CON save DC 10 + hours past 8; failure: 1 level of exhaustion
};
Overtime craft_overtime(int hour);  // hour: the hour of work that day, 1-based (the 9th hour is the first extra)

struct ArtValue {
  long long value_cp = 0;
  bool worthless = false;
};
ArtValue art_value(long long cost_gp, int check);

struct Scroll {
  std::string rarity;
  int save_dc = 0;
  int attack_bonus = 0;
  long long price_gp = 0;  // market price plus the material components' cost
};
Scroll scroll(int spell_level, long long components_gp = 0);  // 0 = cantrip … 9

struct ValueRange {
  long long min_gp = 0;
  std::optional<long long> max_gp;  // none for legendary
};
ValueRange magic_item_value(std::string_view rarity);

}  // namespace druzina::calc
