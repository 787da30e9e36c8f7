// The storage strip under the top bar: a lasting mark while a change is not saved (with an Export that does
// not need the storage), while the campaign is open in another tab (with "Edit here"), or read-only because a
// newer app wrote it. It stays until the cause is gone — never a notice that fades.
#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "ui/model.hpp"
#include "ui/screens/settings/storage_ui.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

void draw_storage_bar() {
  Model& m = model();
  const SaveState s = m.save_state();
  const ReadOnly ro = m.read_only();
  const char* text = nullptr;
  const char* action = nullptr;
  const char* id = nullptr;
  ImVec4 bg;
  if (ro == ReadOnly::other_tab) {
    text = T("ui.store.bar.other_tab"), action = T("ui.store.bar.take"), id = "storage.other_tab";
    bg = ImVec4(0.55f, 0.38f, 0.05f, 1);
  } else if (ro == ReadOnly::newer) {
    text = T("ui.store.bar.newer"), action = T("ui.store.bar.export"), id = "storage.read_only";
    bg = ImVec4(0.25f, 0.30f, 0.55f, 1);
  } else if (s == SaveState::failed || s == SaveState::blocked) {
    text = T(s == SaveState::blocked ? "ui.store.bar.blocked" : "ui.store.bar.unsaved");
    action = T("ui.store.bar.export"), id = "storage.unsaved";
    bg = ImVec4(0.60f, 0.12f, 0.14f, 1);
  }
  if (!text) return;
  // the action's button is as wide as its label needs ("Upravovat zde" was cut at 124 px), at least 124 px
  const float w = ImGui::GetContentRegionAvail().x, pad = 10;
  const float label_w = ImGui::CalcTextSize(action).x + 2 * ImGui::GetStyle().FramePadding.x;
  const float bw = std::min(std::max(124.0f, label_w), w * 0.5f);
  if (label_w > bw + 0.5f) note_cut(action, label_w - bw);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImFont* small = ui().fonts.small;
  const float fs = small->FontSize * ImGui::GetIO().FontGlobalScale;
  const float text_w = w - bw - 3 * pad;
  ImVec2 ts = small->CalcTextSizeA(fs, FLT_MAX, text_w, text);
  const float h = std::max(kTouchTarget + 8, ts.y + 2 * pad);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(bg));
  dl->AddText(small, fs, ImVec2(p.x + pad, p.y + (h - ts.y) * 0.5f), IM_COL32(255, 255, 255, 255), text, nullptr,
              text_w);
  ImGui::SetCursorScreenPos(ImVec2(p.x + pad, p.y));
  ImGui::Dummy(ImVec2(text_w, h));
  track(id, text);
  ImGui::SetCursorScreenPos(ImVec2(p.x + w - bw - pad, p.y + (h - kTouchTarget) * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(1, 1, 1, 0.18f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(1, 1, 1, 0.28f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(1, 1, 1, 0.35f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  bool pressed = ImGui::Button(action, ImVec2(bw, kTouchTarget));
  ImGui::PopStyleColor(4);
  track(std::string(id) + ".action", action);
  if (pressed) {
    if (ro == ReadOnly::other_tab) {
      m.take_over();
    } else if (!export_current_campaign()) {
      m.notify(T("ui.settings.data.copy_failed"), true);
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + h));
}

}  // namespace druzina::ui
