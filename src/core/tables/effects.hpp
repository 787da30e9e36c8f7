// The effect vocabulary of roll-table rows: the machine-readable part of a row ("effects": {...}) that a rule
// module applies (the shock of massive damage, lingering injuries, broken items). docs/tables.md is the
// reference; validate_effects() enforces it so a table can only use words a module understands.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace druzina::tables {

// Words a module may meet, each with a translation in assets/i18n/<lang>/tables.json:
const std::vector<std::string>& roll_kinds();       // advantage/disadvantage targets  → tables.roll.<kind>
const std::vector<std::string>& item_categories();  // destroy_item                     → tables.item.<category>
const std::vector<std::string>& effect_conditions(); // `when` gates                    → tables.when.<name>
const std::vector<std::string>& durations();        // `until`                          → tables.until.<name>
const std::vector<std::string>& condition_ids();    // SRD conditions for `condition`

// Problems with one row's effects object ("" path prefix; nested paths like "cure.splint"). Empty = valid.
std::vector<std::string> validate_effects(const nlohmann::json& effects);

// Every injury id an effects object introduces or refers to ("injury", "as_injury", nested at_count).
void collect_injury_ids(const nlohmann::json& effects, std::vector<std::string>& out);

}  // namespace druzina::tables
