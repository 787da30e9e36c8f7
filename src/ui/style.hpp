// Look: the theme and the fonts, sized in CSS pixels for a phone held at arm's length.
// Themes: dark (default), light (daylight at a window table), high contrast (poor eyes, bright sun). Text size:
// small / normal / large. Both are UI preferences saved through platform::storage() ("ui.theme", "ui.text_size").
#pragma once
#include <imgui.h>

namespace druzina::ui {

enum class Theme { dark, light, contrast };
enum class TextSize { small, normal, large };

void apply_style();             // the saved theme (or dark)
void apply_style(Theme theme);  // applies it now (does not save)
Theme current_theme();
void set_theme(Theme theme);    // applies and saves

TextSize current_text_size();
void set_text_size(TextSize size);    // takes effect at once (scaled); the app re-rasterises at the next frame; saved
// The text size changed since the fonts were rasterised: the app calls load_fonts() again and rebuilds the
// renderer's font texture at the next frame boundary (never inside an ImGui frame).
bool fonts_stale();

// Rasterises the UI font (Latin-1, Latin Extended-A, Cyrillic, punctuation, symbols) at size × text scale ×
// dpr and sets FontGlobalScale = 1/dpr, so text stays sharp on any screen. Call again when the device pixel
// ratio changes. The font's bytes are compiled into the app (cmake/embed_font.cmake: font_ttf, font_ttf_size).
bool load_fonts(float dpr);

// Colours the screens need beyond ImGui's own, matching the theme.
ImVec4 color_selected_bg();    // a chosen segment / an active toggle
ImVec4 color_selected_text();  // text on color_selected_bg()
ImVec4 color_error();          // error text (live validation)
ImVec4 color_good();           // a natural 20, a success
ImVec4 color_bad();            // a natural 1, a failure
ImVec4 color_card();           // card background

}  // namespace druzina::ui
