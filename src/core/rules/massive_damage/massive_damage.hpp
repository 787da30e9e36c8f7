// House rule "Masivní zranění" + "Tabulka šoku" (massive-damage): damage of at least half the maximum HP asks for a
// CON save DC 15, a failure rolls on the shock table. Its module (module.cpp), its arithmetic and its calculator
// `massive-damage` (calc.cpp). Tests in tests/unit/rules_massive_damage.tests.cpp and calc.tests.cpp.
#pragma once
#include <optional>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

inline constexpr int kMassiveDamageDc = 15;

struct MassiveDamage {
  bool triggered = false;  // 2·damage ≥ max HP
  std::optional<int> dc;   // CON save DC when triggered (15), none otherwise
};
MassiveDamage massive_damage(int max_hp, int damage);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kMassiveDamage = "massive-damage";

campaign::Module massive_damage();
calc::Calculator massive_damage_calculator();  // massive-damage --max-hp M --damage D → {"triggered", "dc"}

}  // namespace druzina::rules
