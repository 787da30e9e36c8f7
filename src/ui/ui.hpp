// The UI layer: ImGui screens that render state and issue commands. One folder per screen under screens/ (its
// draw_*() entry point in screens/<screen>/<screen>.cpp, its parts beside it; the creature sheet's rule panels in
// screens/party/panels/), the one widget library in widgets/, touch handling in touch.hpp. Screens never mutate
// campaign state themselves: they read the core's views and change things through the model (model.hpp).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/i18n.hpp"

struct ImFont;

namespace druzina::ui {

enum class Tab { dice, party, combat, downtime, rules, settings };
inline constexpr Tab kTabs[] = {Tab::dice, Tab::party, Tab::combat, Tab::downtime, Tab::rules, Tab::settings};
const char* tab_id(Tab tab);  // "dice", "party", … (test ids and translation keys)

struct Fonts {
  ImFont* body = nullptr;
  ImFont* small = nullptr;
  ImFont* big = nullptr;
};

struct Ui {
  Lang lang = Lang::en;
  Tab tab = Tab::dice;
  Fonts fonts;
  float safe_top = 0, safe_bottom = 0, safe_left = 0, safe_right = 0;  // CSS px
};

Ui& ui();

// Translated UI text for the current language, cached (no allocation after the first use of a key).
const char* T(std::string_view key);
std::string Tf(std::string_view key, const nlohmann::json& args);  // with {placeholders} / plurals

// Language: the user's choice, else the browser's language if it is one of ours, else English. Saved.
void init_language(std::string_view browser_language);
void set_language(Lang lang);

void draw_root();  // the full-viewport root window: top bar (undo/redo), screen content, bottom tab bar
// One frame of the UI, between ImGui::NewFrame() and ImGui::Render(): the tracked widgets and the text fields
// counted afresh, then draw_root(). The app's loop runs it each frame (src/app/main.cpp), and so do the native UI
// tests (tests/ui/headless.cpp).
void draw_frame();
bool notice_visible();  // a message is on screen (the loop keeps rendering until it expires)

// Screens (screens/*.cpp)
void draw_dice();
void draw_party();
void draw_combat();
void draw_downtime();
void draw_rules();
void draw_settings();

}  // namespace druzina::ui
