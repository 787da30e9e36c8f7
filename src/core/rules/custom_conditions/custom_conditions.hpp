// Table rule "custom-conditions": conditions the DM names herself ("Marked", "Hexed"), with a short note, kept in a
// campaign list to reuse. A creature bears one as any condition (its id is the name; any duration); the cards show
// it by its name as text, as every condition. Its module (module.cpp), texts in
// assets/i18n/<lang>/custom_conditions.json, tests in tests/unit/rules_custom_conditions.tests.cpp; docs/table-rules.md.
#pragma once
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kCustomConditions = "custom-conditions";
inline constexpr size_t kMaxCustomConditions = 100, kMaxCustomName = 48, kMaxCustomNote = 300;  // bytes

campaign::Module custom_conditions();

struct CustomCondition {
  std::string name;  // also the condition's id on a creature
  std::string note;  // what it does, in the DM's words ("" = none)
};
// Campaign::modules["custom-conditions"].list, in the order defined.
std::vector<CustomCondition> custom_conditions(const campaign::Campaign& c);
// The note of a custom condition (nullptr when `id` is not one of the list).
const CustomCondition* find_custom_condition(const std::vector<CustomCondition>& list, const std::string& id);

}  // namespace druzina::rules
