// Look: the theme and the fonts, sized in CSS pixels for a phone held at arm's length.
#pragma once

namespace druzina::ui {

void apply_style();
// Rasterises the UI font (Latin-1, Latin Extended-A, Cyrillic, punctuation, symbols) at size × dpr and sets
// FontGlobalScale = 1/dpr, so text stays sharp on any screen. Call again when the device pixel ratio changes.
bool load_fonts(const char* path, float dpr);

}  // namespace druzina::ui
