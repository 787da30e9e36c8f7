// Touch: drag-to-scroll with inertia, tap vs drag, hold to hand the press to a widget, long press as a
// context click, and no sticky hover — Dear ImGui has none of these (ocornut/imgui #3379). The design follows
// hello_imgui's touch_scroll: the press is held back until we know what the finger means.
//   - a move beyond kDragSlop before kHoldMs → the window under the finger scrolls (with inertia on release)
//   - a still press held kHoldMs → handed to ImGui as a press (sliders, drags)
//   - a still press held kLongPressMs → a right click (opens context menus)
//   - a release before either → a tap (press + release at the start point)
// After every release the mouse position is invalidated, so nothing stays "hovered" under a lifted finger.
#pragma once

namespace druzina::ui::touch {

inline constexpr float kDragSlop = 10.0f;    // CSS px
inline constexpr double kHoldMs = 180.0;
inline constexpr double kLongPressMs = 550.0;

void down(float x, float y, double now_ms);
void move(float x, float y, double now_ms);
void up(float x, float y, double now_ms);
// Once per frame before ImGui::NewFrame(): timers (hold, long press) and inertia. Returns true while it needs
// more frames (finger down, inertia running).
bool update(double now_ms);
bool active();

}  // namespace druzina::ui::touch
