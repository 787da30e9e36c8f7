#include "ui/touch.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cmath>

namespace druzina::ui::touch {

namespace {

enum class Mode { idle, pending, scrolling, handed, long_pressed };

struct State {
  Mode mode = Mode::idle;
  ImVec2 start, last;
  double start_ms = 0, last_ms = 0, frame_ms = 0;
  ImGuiWindow* target = nullptr;  // the window being scrolled
  float velocity = 0;             // CSS px per ms, for inertia
  ImGuiWindow* inertia_target = nullptr;
} s;

ImGuiIO& io() { return ImGui::GetIO(); }

void send_pos(ImVec2 p) {
  io().AddMouseSourceEvent(ImGuiMouseSource_TouchScreen);
  io().AddMousePosEvent(p.x, p.y);
}
void send_button(int button, bool down) {
  io().AddMouseSourceEvent(ImGuiMouseSource_TouchScreen);
  io().AddMouseButtonEvent(button, down);
}

// The innermost window under p that can scroll vertically.
ImGuiWindow* scrollable_at(ImVec2 p) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGuiWindow* best = nullptr;
  for (ImGuiWindow* w : g.Windows) {
    if (!w->WasActive || w->Hidden) continue;
    if (!w->OuterRectClipped.Contains(p)) continue;
    if (w->ScrollMax.y <= 0) continue;
    if (w->Flags & ImGuiWindowFlags_NoScrollWithMouse && !(w->Flags & ImGuiWindowFlags_ChildWindow)) continue;
    best = w;  // g.Windows is back-to-front and children follow their parents: the last match is innermost
  }
  return best;
}

void scroll_by(ImGuiWindow* w, float dy) {
  if (!w) return;
  ImGui::SetScrollY(w, ImClamp(w->Scroll.y - dy, 0.0f, w->ScrollMax.y));
}

}  // namespace

void down(float x, float y, double now_ms) {
  s = State{};
  s.mode = Mode::pending;
  s.start = s.last = ImVec2(x, y);
  s.start_ms = s.last_ms = now_ms;
  send_pos(s.start);  // hover feedback only; the press itself is held back
}

void move(float x, float y, double now_ms) {
  ImVec2 p(x, y);
  switch (s.mode) {
    case Mode::pending: {
      float dx = p.x - s.start.x, dy = p.y - s.start.y;
      if (dx * dx + dy * dy > kDragSlop * kDragSlop) {
        s.mode = Mode::scrolling;
        s.target = scrollable_at(s.start);
        send_pos(ImVec2(-FLT_MAX, -FLT_MAX));
        scroll_by(s.target, p.y - s.start.y);
      }
      break;
    }
    case Mode::scrolling: {
      float dy = p.y - s.last.y;
      double dt = now_ms - s.last_ms;
      scroll_by(s.target, dy);
      if (dt > 0) s.velocity = 0.6f * s.velocity + 0.4f * static_cast<float>(dy / dt);  // smoothed, recent
      break;
    }
    case Mode::handed:
    case Mode::long_pressed:
      send_pos(p);
      break;
    case Mode::idle:
      break;
  }
  s.last = p;
  s.last_ms = now_ms;
}

void up(float x, float y, double now_ms) {
  switch (s.mode) {
    case Mode::pending:  // a tap
      send_pos(s.start);
      send_button(0, true);
      send_button(0, false);
      break;
    case Mode::scrolling:
      if (now_ms - s.last_ms < 80 && std::fabs(s.velocity) > 0.05f) s.inertia_target = s.target;
      else s.velocity = 0;
      break;
    case Mode::handed:
      send_pos(ImVec2(x, y));
      send_button(0, false);
      break;
    case Mode::long_pressed:
    case Mode::idle:
      break;
  }
  float v = s.velocity;
  ImGuiWindow* inertia = s.inertia_target;
  s = State{};
  s.velocity = v;
  s.inertia_target = inertia;
  s.frame_ms = now_ms;
  send_pos(ImVec2(-FLT_MAX, -FLT_MAX));  // no sticky hover
}

bool update(double now_ms) {
  double held = now_ms - s.start_ms;
  if (s.mode == Mode::pending && held >= kHoldMs) {
    float dx = s.last.x - s.start.x, dy = s.last.y - s.start.y;
    if (dx * dx + dy * dy <= kDragSlop * kDragSlop) {
      // Is there a widget that wants a held press (a slider)? ImGui decides once the press is delivered.
      s.mode = Mode::handed;
      send_pos(s.start);
      send_button(0, true);
    }
  }
  if (s.mode == Mode::handed && held >= kLongPressMs) {
    float dx = s.last.x - s.start.x, dy = s.last.y - s.start.y;
    if (dx * dx + dy * dy <= kDragSlop * kDragSlop) {
      // Cancel the left press without a click (released away from the item), then right-click in place.
      s.mode = Mode::long_pressed;
      send_pos(ImVec2(-FLT_MAX, -FLT_MAX));
      send_button(0, false);
      send_pos(s.start);
      send_button(1, true);
      send_button(1, false);
    }
  }
  if (s.mode == Mode::idle && s.inertia_target && s.velocity != 0) {
    double dt = now_ms - s.frame_ms;
    s.frame_ms = now_ms;
    if (dt > 0 && dt < 100) {
      scroll_by(s.inertia_target, s.velocity * static_cast<float>(dt));
      s.velocity *= static_cast<float>(std::exp(-dt / 325.0));  // iOS-like decay
    }
    if (std::fabs(s.velocity) < 0.02f) {
      s.velocity = 0;
      s.inertia_target = nullptr;
    }
  }
  return s.mode != Mode::idle || s.inertia_target != nullptr;
}

bool active() { return s.mode != Mode::idle || s.inertia_target != nullptr; }

}  // namespace druzina::ui::touch
