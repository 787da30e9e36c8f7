// The finger-sized controls every screen uses, one set for the whole app. Each control names its parts with test
// ids (test_ids.hpp) itself, so the browser tests can find, read and tap them:
//   colored_button  a big button in a colour                                   <test_id>
//   toggle_button   a chip that is on (✓, highlighted) or off                  <test_id>
//   segmented       one choice of a row (or rows) of buttons                   <prefix>.<option id>, "label [on]"
//   stepper         [−] value [+]; the value opens the number pad              <id>.minus, <id>.value, <id>.plus
//   switch_row      a full-width row: label, detail and an ON/OFF pill         <id>, "label [on]" / "label [off]"
//   card_button     a tappable card: a title and a body                        <id>, the title
//   ask_confirm     "are you sure?" with Yes in the accent colour (red when     confirm.yes, confirm.no
//                   the step deletes or loses something: ask_confirm_destructive)
// choice_button (a big button highlighted when chosen) and the text helpers leave tracking to the caller.
// The number pad behind stepper() is the app's one pad (number_pad.hpp).
#pragma once
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

namespace druzina::ui {

// ---- buttons -------------------------------------------------------------------------------------------------
// A big button in the "selected" colours when `active`.
bool choice_button(const char* label, bool active, ImVec2 size = ImVec2(0, 0));
// A button drawn in a given colour (light text on dark colours, dark text on light ones).
bool colored_button(const char* label, ImVec4 color, ImVec2 size, const std::string& test_id);
// A big on/off chip: "✓ label" in the selected colours when on. Returns true when tapped (the caller flips).
bool toggle_button(const char* label, bool on, const std::string& test_id, ImVec2 size = ImVec2(0, 0));

// ---- choices -------------------------------------------------------------------------------------------------
struct Option {
  std::string id;     // test id suffix: "<prefix>.<id>"
  std::string label;  // shown
};
// Options from parallel lists: ids[i] (the test id suffix) and labels[i].
std::vector<Option> options(const std::vector<std::string>& ids, const std::vector<std::string>& labels);
// One row (or rows of per_row) of equal buttons; the chosen one is highlighted. Returns true when changed.
bool segmented(std::string_view prefix, const std::vector<Option>& options, int& current, int per_row = 0);

// ---- numbers -------------------------------------------------------------------------------------------------
struct StepperOptions {
  // With a label: a row with the label on the left and compact buttons on the right (cards and forms); the pad
  // opens empty with the label as its title. Without: [−] value [+] in big digits across `width` (0 = the full
  // width); the pad opens with the value typed in.
  const char* label = nullptr;
  int step = 1;
  bool show_sign = false;  // +3 / −2 (modifiers)
  float width = 0;
};
// Returns true when the value changed (by − / +, or by the number pad, the frame after it was confirmed).
bool stepper(std::string_view test_id, int& value, int lo, int hi, const StepperOptions& options = {});

// ---- rows and cards ------------------------------------------------------------------------------------------
// A full-width button showing the label (and a detail below) and an ON/OFF pill. Returns true when tapped.
bool switch_row(std::string_view id, const char* label, bool on, const char* detail = nullptr);
// A tappable card: title (body font) and optional body (small, muted, wrapped). Returns true when tapped.
bool card_button(std::string_view id, const char* title, const char* body = nullptr, bool highlight = false);

// ---- text ----------------------------------------------------------------------------------------------------
void small_label(const char* text);  // a small muted label above a group of controls
void error_text(const char* text);   // wrapped, in the theme's error colour
void paragraph(const char* text);    // a wrapped paragraph
void bullet(const char* text);       // "•" with a hanging indent

// ---- popups --------------------------------------------------------------------------------------------------
// Full-width sheets under the finger's reach: open_popup(id) on tap, then `if (begin_popup(id)) {… end_popup(); }`
// each frame.
void open_popup(const char* id);
bool begin_popup(const char* id);
void end_popup();

// A confirmation: ask_confirm(key, question) on tap (yes / no: the buttons' labels, default "Yes" / "Cancel"),
// then each frame confirm_popup(key) returns true once when the user confirms.
void ask_confirm(const std::string& key, const std::string& question, const char* yes = nullptr, const char* no = nullptr);
// The same for a step that deletes or loses something (a creature, a campaign, the roll history): Yes in red.
void ask_confirm_destructive(const std::string& key, const std::string& question, const char* yes = nullptr,
                             const char* no = nullptr);
bool confirm_popup(const std::string& key);

}  // namespace druzina::ui
