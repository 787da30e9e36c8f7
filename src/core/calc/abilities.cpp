// Shared maths: the ability modifier (used by the intelligence rule's points).
#include "core/calc/formulas.hpp"

namespace druzina::calc {

int ability_modifier(int score) { return score >= 10 ? (score - 10) / 2 : -((11 - score) / 2); }

}  // namespace druzina::calc
