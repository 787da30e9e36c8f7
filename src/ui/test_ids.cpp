#include "ui/test_ids.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string_view>

namespace druzina::ui {

namespace {
std::vector<Tracked> frame_items;  // complete between frames, when the tests ask
std::vector<const void*> frame_windows;  // the window each of frame_items was drawn in (for the overlap check)
std::vector<Overflow> frame_cuts;

// One id names a part of the other ("party.card.c1" and "party.card.c1.sub"): drawn inside it on purpose.
bool part_of(const std::string& a, const std::string& b) {
  return a.size() > b.size() ? a.compare(0, b.size(), b) == 0 && a[b.size()] == '.'
                             : b.compare(0, a.size(), a) == 0 && (a.size() == b.size() || b[a.size()] == '.');
}
}

void begin_tracking() {
  frame_items.clear();
  frame_windows.clear();
  frame_cuts.clear();
}

void note_cut(std::string_view label, float by) { frame_cuts.push_back({"button", std::string(label), by}); }

std::vector<Overflow> overflows() {
  std::vector<Overflow> out = frame_cuts;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->WasActive || w->Hidden || (w->Flags & ImGuiWindowFlags_Tooltip)) continue;
    // A multi-line text field's own child window wraps and scrolls its text. ImGui opens it with the child flags
    // Border and nothing else (InputTextEx); ours with a border also resize to their content. (It used to be told
    // by NoMove, but every child inherits that from the app's root window: the screens went unmeasured.)
    if ((w->Flags & ImGuiWindowFlags_ChildWindow) && w->ChildFlags == ImGuiChildFlags_Border) continue;
    // The widest line laid out in the last frame against the room the window gives it.
    const float by = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
    if (by > 1.0f) out.push_back({"window", w->Name, by});
  }
  // (Overflow::where "overlap", what "<id> / <id>".) Widgets drawn over each other in one window (a label over a button, two rows at one place): any two tracked
  // items that are not parts of one another and share more than a sliver (4 px each way) of what is visible.
  for (size_t i = 0; i < frame_items.size(); ++i) {
    const Tracked& a = frame_items[i];
    if (!a.visible) continue;
    for (size_t j = i + 1; j < frame_items.size(); ++j) {
      const Tracked& b = frame_items[j];
      if (!b.visible || frame_windows[i] != frame_windows[j] || part_of(a.id, b.id)) continue;
      const float ox = std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x);
      const float oy = std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y);
      if (ox > 4.0f && oy > 4.0f) out.push_back({"overlap", a.id + " / " + b.id, std::min(ox, oy)});
    }
  }
  // A notice over a control of the screen that no scrolling brings out from under it: the control's bottom, moved
  // up by all the scroll left, still below the notice's top.
  const Tracked* notice = nullptr;
  for (const auto& t : frame_items)
    if (t.id == "notice" && t.visible) notice = &t;
  if (notice) {
    for (size_t i = 0; i < frame_items.size(); ++i) {
      const Tracked& a = frame_items[i];
      // the screen's scrolling child ("##root/##screen_…"), the item's window or one it sits in
      const auto* w = static_cast<const ImGuiWindow*>(frame_windows[i]);
      auto is_screen = [](const ImGuiWindow* x) {
        const std::string_view n(x->Name);
        const size_t k = n.find("/##screen_");
        return k != std::string_view::npos && n.find('/', k + 1) == std::string_view::npos;
      };
      while (w && !is_screen(w)) w = w->ParentWindow;
      if (!a.visible || !w || a.id == "notice") continue;
      const float left = w->ScrollMax.y - w->Scroll.y;
      const bool beside = a.x >= notice->x + notice->w || a.x + a.w <= notice->x;
      const float stuck = a.y + a.h - left - notice->y;
      if (!beside && a.y + a.h > notice->y && stuck > 4.0f) out.push_back({"covered", a.id + " / notice", stuck});
    }
  }
  return out;
}

void track(std::string_view id, std::string_view label) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImRect r = g.LastItemData.Rect;
  ImRect clip = g.CurrentWindow ? g.CurrentWindow->ClipRect : r;
  ImRect v = r;
  v.ClipWithFull(clip);
  Tracked t;
  t.id = id;
  t.label = label;
  t.visible = v.GetWidth() > 0 && v.GetHeight() > 0;
  t.x = v.Min.x;
  t.y = v.Min.y;
  t.w = v.GetWidth();
  t.h = v.GetHeight();
  frame_items.push_back(std::move(t));
  frame_windows.push_back(g.CurrentWindow);
}

const std::vector<Tracked>& tracked() { return frame_items; }

}  // namespace druzina::ui
