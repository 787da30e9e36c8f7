// House rule "Nosnost" (variant-encumbrance): variant encumbrance by size, live from the inventory. Its module
// (module.cpp), the typed view the UI reads (encumbrance), its arithmetic and its calculator `carrying` (calc.cpp).
// Tests in tests/unit/rules_character.tests.cpp and calc.tests.cpp.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

enum class Size { tiny, small, medium, large, huge, gargantuan };
std::optional<Size> parse_size(std::string_view text);
struct Carrying {
  double encumbered_over = 0;          // lb; above it: speed −10 ft
  double heavily_encumbered_over = 0;  // lb; above it: speed −20 ft, disadvantage on STR/DEX/CON rolls
  double max = 0;                      // lb; carrying capacity
};
Carrying carrying(int strength, Size size);  // thresholds from assets/data/rules/carrying.json

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kVariantEncumbrance = "variant-encumbrance";

campaign::Module variant_encumbrance();
calc::Calculator carrying_calculator();  // carrying --str N --size S → {"encumbered_over", "heavily_…", "max"}

struct Encumbrance {
  double carried = 0;  // lb, after the house rules' halving
  double raw = 0;      // lb, every item at full weight
  double encumbered_over = 0, heavily_over = 0, max = 0;
  std::string level = "none";             // none | encumbered | heavily | over_max
  int speed_penalty = 0;                  // feet: 10 encumbered, 20 heavily / over max
  std::vector<std::string> disadvantage;  // "str_dex_con_checks", "str_dex_con_attacks", "str_dex_con_saves"
  bool small_halving = false;             // worn armour and clothing at half weight (Small)
  bool dwarf_halving = false;             // worn heavy armour at half weight (dwarf proficient with heavy armour)
};
// dwarf: whether the creature counts as a dwarf proficient with heavy armour (nullopt: from its race text).
Encumbrance encumbrance(const campaign::Creature& x, std::optional<bool> dwarf = std::nullopt);
// uses the creature's flag in module data
Encumbrance encumbrance(const campaign::Campaign& c, const campaign::Creature& x);
// SetDwarfArmor's flag (nullopt: by race)
std::optional<bool> dwarf_armor_flag(const campaign::Campaign& c, const campaign::Creature& x);
bool is_dwarf_race(std::string_view race);  // dwarf / trpaslík / дварф … (any case)
nlohmann::json to_json(const Encumbrance& e);

}  // namespace druzina::rules
