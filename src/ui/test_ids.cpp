#include "ui/test_ids.hpp"

#include <imgui.h>
#include <imgui_internal.h>

namespace druzina::ui {

namespace {
std::vector<Tracked> frame_items;  // complete between frames, when the tests ask
}

void begin_tracking() { frame_items.clear(); }

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
