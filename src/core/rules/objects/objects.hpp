// DM rule "objects" (seed section 7, "Предмети"; SRD "Objects"): statistics for a destructible object — Armor Class
// by material, hit points by size and resilience (dice and average), immune to poison and psychic damage. Its module
// (on by default: it only adds the calculator and the reference), the typed lookups and the calculator `object`
// (calc.cpp). Texts in assets/i18n/<lang>/objects.json, tests in tests/unit/rules_objects.tests.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kObjects = "objects";

campaign::Module objects();

// SRD "Object Armor Class": cloth, paper, rope 11; crystal, glass, ice 13; wood, bone 15; stone 17; iron, steel 19;
// mithral 21; adamantine 23.
const std::vector<std::string>& object_materials();  // in the table's order
std::optional<int> object_ac(std::string_view material);

// SRD "Object Hit Points" (Large or smaller): fragile 1d4 / 1d6 / 1d8 / 1d10, resilient 2d4 / 3d6 / 4d8 / 5d10 for
// tiny / small / medium / large.
struct ObjectHp {
  std::string dice;  // "2d4"
  int average = 0;   // 5 (rounded down, as the SRD prints it)
};
const std::vector<std::string>& object_sizes();  // tiny, small, medium, large
std::optional<ObjectHp> object_hp(std::string_view size, bool resilient);

calc::Calculator object_calculator();  // `druzina rule object --material M --size S --resilience R`

}  // namespace druzina::rules
