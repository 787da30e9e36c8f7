// Rules → Tables (Generators): the traps page (traps.cpp) and the explosives and firearms page (explosives.cpp).
#pragma once

namespace druzina::ui {

void draw_traps_generator();
void draw_explosives_generator();

}  // namespace druzina::ui
