#include "ui/test_ids.hpp"

#include <imgui.h>
#include <imgui_internal.h>

namespace druzina::ui {

namespace {
std::vector<Tracked> frame_items;  // complete between frames, when the tests ask
std::vector<Overflow> frame_cuts;
}

void begin_tracking() {
  frame_items.clear();
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
}

const std::vector<Tracked>& tracked() { return frame_items; }

}  // namespace druzina::ui
