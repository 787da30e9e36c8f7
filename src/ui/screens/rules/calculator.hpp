// A rules calculator (core/calc/calc.hpp) as a phone form: its parameters as steppers (with a number pad) and
// segmented choices, the result as readable lines ("Save DC: 15"). Pure calculators answer live; ones that roll
// dice (a "seed" parameter) get a Roll button. Used by the Rules screen's reference entries ("its tool").
#pragma once
#include <string>

namespace druzina::ui {

void draw_calculator(const std::string& name);

}  // namespace druzina::ui
