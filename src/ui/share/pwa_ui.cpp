#include "ui/share/pwa_ui.hpp"

#include <imgui.h>

#include "platform/pwa.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

void draw_update_banner() {
  if (!platform::pwa::status().update_waiting) return;
  const float w = ImGui::GetContentRegionAvail().x;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = 10.0f, button_w = 130.0f;
  const float text_w = w - button_w - 3 * pad - 4;
  const char* text = T("ui.pwa.update");
  const ImVec2 ts = ImGui::CalcTextSize(text, nullptr, false, text_w);
  const float h = std::max(kTouchTarget, ts.y) + 2 * pad;
  dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + h), ImGui::GetColorU32(color_selected_bg()));
  ImGui::SetCursorScreenPos(ImVec2(origin.x + pad + 4, origin.y + (h - ts.y) * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Text, color_selected_text());
  ImGui::PushTextWrapPos(origin.x + pad + 4 + text_w);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  track("pwa.update", text);
  ImGui::SetCursorScreenPos(ImVec2(origin.x + w - button_w - pad, origin.y + (h - kTouchTarget) * 0.5f));
  if (big_button(T("ui.pwa.reload"), ImVec2(button_w, kTouchTarget))) platform::pwa::apply_update();
  track("pwa.update.reload", T("ui.pwa.reload"));
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + h));
}

void draw_app_section() {
  const platform::pwa::Status s = platform::pwa::status();
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  heading(T("ui.pwa.title"));
  track("settings.app", T("ui.pwa.title"));
  if (s.standalone) {
    muted(T("ui.pwa.installed"));
  } else if (s.can_install) {
    muted(T("ui.pwa.install_hint"));
    if (big_button(T("ui.pwa.install"))) platform::pwa::prompt_install();
    track("settings.app.install", T("ui.pwa.install"));
  } else if (s.ios_hint) {
    muted(T("ui.pwa.ios_hint"));
    track("settings.app.ios_hint", T("ui.pwa.ios_hint"));
  } else {
    muted(T("ui.pwa.menu_hint"));
    track("settings.app.menu_hint", T("ui.pwa.menu_hint"));
  }
  ImGui::Spacing();
  const char* offline = T(s.offline_ready ? "ui.pwa.offline_ready" : "ui.pwa.offline_not_yet");
  muted(offline);
  track("settings.app.offline", offline);
}

}  // namespace druzina::ui
