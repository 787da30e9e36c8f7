// Test ids: screens name their important widgets (`track("tab.dice")` right after the widget), so the browser
// tests can ask where a widget is (screen rectangle in CSS px) and what it says, and tap the real thing.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace druzina::ui {

struct Tracked {
  std::string id;
  std::string label;
  float x = 0, y = 0, w = 0, h = 0;  // CSS pixels, clipped to the visible part of its window
  bool visible = false;
};

void track(std::string_view id, std::string_view label = {});  // the last ImGui item
void begin_tracking();                                            // at the start of each frame
const std::vector<Tracked>& tracked();                            // of the last drawn frame

// Text that did not fit, in the last drawn frame: a button label cut with "…" (note_cut, from big_button) and
// every window whose items reach past its right edge (a line or a row of buttons wider than the phone). The
// browser tests sweep every screen in every language and expect none.
struct Overflow {
  std::string where;  // "button" or "window"
  std::string what;   // the label that was cut, or the window's name
  float by = 0;       // CSS px: how much wider than its room
};
void note_cut(std::string_view label, float by);
std::vector<Overflow> overflows();

}  // namespace druzina::ui
