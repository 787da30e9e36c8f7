// Finger-sized controls shared by the Dice, Rules and Settings screens: segmented choices, steppers with a
// number pad, big on/off toggles, tappable cards, full-width popups. Each control tracks its parts with test ids
// (see test_ids.hpp) so the browser tests can tap them.
#pragma once
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

namespace druzina::ui::ctl {

struct Option {
  std::string id;     // test id suffix: "<prefix>.<id>"
  std::string label;  // shown
};

// One row (or rows of per_row) of equal buttons; the chosen one is highlighted. Returns true when changed.
bool segmented(std::string_view prefix, const std::vector<Option>& options, int& current, int per_row = 0);

// [−] value [+], full width (or `width`). Tapping the value opens a number pad. Returns true when changed.
// `show_sign` prints +3 / −2 (modifiers).
bool stepper(std::string_view id, int& value, int lo, int hi, bool show_sign = false, float width = 0);

// A full-width button showing the label and an ON/OFF pill. Returns true when tapped (the caller flips).
bool toggle(std::string_view id, const char* label, bool on, const char* detail = nullptr);

// A tappable card: title (body font) and optional body (small, muted, wrapped). Returns true when tapped.
bool card_button(std::string_view id, const char* title, const char* body = nullptr, bool highlight = false);

// A big button in the "selected" colours when `active`.
bool choice_button(const char* label, bool active, ImVec2 size = ImVec2(0, 0));

// A small label above a group of controls.
void label(const char* text);
// Wrapped text in the theme's error colour.
void error_text(const char* text);
// A wrapped paragraph and a bullet ("•" hanging indent).
void paragraph(const char* text);
void bullet(const char* text);

// Full-width popups under the finger's reach: call open_popup(id) on tap, then `if (begin_popup(id)) {…
// end_popup(); }` each frame.
void open_popup(const char* id);
bool begin_popup(const char* id);
void end_popup();

// The number pad popup behind stepper(); also usable on its own: open_number_pad(id, start) and then each
// frame `if (number_pad(id, value, lo, hi))` → the user confirmed `value`.
void open_number_pad(std::string_view id, int start);
bool number_pad(std::string_view id, int& value, int lo, int hi);

// A "Are you sure?" popup with a red confirm button. open_confirm(id) on tap; confirm(id, …) each frame
// returns true once when confirmed.
void open_confirm(const char* id);
bool confirm(const char* id, const char* question, const char* yes, const char* no);

}  // namespace druzina::ui::ctl
