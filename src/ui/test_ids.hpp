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

}  // namespace druzina::ui
