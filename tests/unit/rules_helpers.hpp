// Helpers for the house-rule tests (tests/unit/rules_*.tests.cpp, tests/scenario/house_rules*.scenario.cpp).
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "../scenario/campaign_fixture.hpp"
#include "core/rules/rules.hpp"

namespace druzina::test {

// A table on the app's engine (base + every rule module of src/core/rules/modules.cpp), whatever the
// fixture's default engine is.
struct RulesTable : Table {
  explicit RulesTable(std::uint64_t seed = 42, SessionOptions opts = {}) : Table(Engine::standard(), seed, opts) {}
};

inline std::vector<const Prompt*> prompts_of(const Campaign& c, const std::string& kind) {
  std::vector<const Prompt*> out;
  for (const auto& p : c.prompts)
    if (p.kind == kind) out.push_back(&p);
  return out;
}

inline size_t prompt_count(const Campaign& c, const std::string& kind) { return prompts_of(c, kind).size(); }

// The id of the only prompt of this kind (fails the test when there is not exactly one).
inline std::string the_prompt(const Campaign& c, const std::string& kind) {
  auto list = prompts_of(c, kind);
  REQUIRE(list.size() == 1);
  return list.front()->id;
}

inline const Condition* condition_of(const Creature& x, const std::string& id, const std::string& source) {
  for (const auto& c : x.conditions)
    if (c.id == id && c.source == source) return &c;
  return nullptr;
}

inline std::vector<std::string> injury_kinds(const Creature& x, bool include_cured = false) {
  std::vector<std::string> out;
  for (const auto& j : rules::injuries_of(x))
    if (include_cured || !j.cured) out.push_back(j.effects.value("injury", std::string()));
  return out;
}

inline int count_events(const Transaction& tx, const std::string& type) {
  return static_cast<int>(std::count_if(tx.events.begin(), tx.events.end(), [&](const Event& e) { return e.type == type; }));
}

// A campaign with the default rules.
inline void new_campaign(Table& t, json settings = json::object()) {
  settings["type"] = "CreateCampaign";
  settings["name"] = "Test";
  t.run(settings);
}

}  // namespace druzina::test
