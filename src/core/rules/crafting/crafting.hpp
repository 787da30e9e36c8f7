// House rules on crafting (seed "Výroba nemagických předmětů", "Výroba magických předmětů", art objects, scroll
// prices) as the rule module "crafting", on by default. Its downtime projects are the module's campaign data
// (Campaign::modules["crafting"].projects, absent = none); the base engine knows no project. Commands StartProject,
// WorkOnProject, FinishArt, ConfirmProjectSpell and the generic AddProject / UpdateProject / RemoveProject, the
// formulas in core/calc (calc::craft …), texts in assets/i18n/<lang>/crafting.json, tests in
// tests/unit/rules_crafting.tests.cpp, the UI in src/ui/screens/downtime/projects.cpp.
#pragma once
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kCrafting = "crafting";

campaign::Module crafting();

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

// The campaign's projects, in the order they were started (what the downtime screen lists).
std::vector<Project> projects_of(const campaign::Campaign& c);

}  // namespace druzina::rules
