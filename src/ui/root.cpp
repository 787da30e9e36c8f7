// Root layout: one full-viewport window (no floating desktop windows), the current screen in a scrolling
// child above a bottom tab bar, inside the safe area.
#include "ui/ui.hpp"

#include <imgui.h>

#include <optional>

#include "platform/lang.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/screens/log/log.hpp"
#include "ui/screens/settings/storage_ui.hpp"
#include "ui/screens/welcome/welcome.hpp"
#include "ui/share/pwa_ui.hpp"
#include "ui/share/share_ui.hpp"
#include "ui/test_ids.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

// Tab symbols from the UI font (DejaVu): die, people, swords, hammer, book-ish, gear.
const char* tab_icon(Tab tab) {
  switch (tab) {
    case Tab::dice: return "\xE2\x9A\x84";      // ⚄
    case Tab::party: return "\xE2\x99\xA5";     // ♥
    case Tab::combat: return "\xE2\x9A\x94";    // ⚔
    case Tab::downtime: return "\xE2\x9A\x92";  // ⚒
    case Tab::rules: return "\xE2\x98\xB0";     // ☰
    case Tab::settings: return "\xE2\x9A\x99";  // ⚙
  }
  return "";
}

void draw_tab_bar(float height) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x;
  const float tab_w = width / static_cast<float>(std::size(kTabs));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  dl->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), ImGui::GetColorU32(ImGuiCol_MenuBarBg));
  dl->AddLine(origin, ImVec2(origin.x + width, origin.y), ImGui::GetColorU32(ImGuiCol_Separator));
  for (size_t i = 0; i < std::size(kTabs); ++i) {
    Tab tab = kTabs[i];
    bool active = ui().tab == tab;
    ImVec2 p(origin.x + tab_w * static_cast<float>(i), origin.y);
    ImGui::SetCursorScreenPos(p);
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::InvisibleButton("tab", ImVec2(tab_w, height))) {
      ui().tab = tab;
      if (welcome_open()) close_welcome();  // a tab tapped on the first start: the user knows where to go
      close_log();
    }
    ImGui::PopID();
    std::string id = std::string("tab.") + tab_id(tab);
    std::string key = std::string("ui.tab.") + tab_id(tab);
    const char* label = T(key);
    track(id, label);
    ImU32 color = ImGui::GetColorU32(active ? ImGuiCol_CheckMark : ImGuiCol_TextDisabled);
    if (active)
      dl->AddRectFilled(p, ImVec2(p.x + tab_w, p.y + 3), ImGui::GetColorU32(ImGuiCol_CheckMark));
    ImFont* big = ui().fonts.big;
    ImFont* small = ui().fonts.small;
    const char* icon = tab_icon(tab);
    ImVec2 isz = big->CalcTextSizeA(big->FontSize * ImGui::GetIO().FontGlobalScale, FLT_MAX, 0, icon);
    dl->AddText(big, big->FontSize * ImGui::GetIO().FontGlobalScale,
                ImVec2(p.x + (tab_w - isz.x) * 0.5f, p.y + style.FramePadding.y), color, icon);
    float small_size = small->FontSize * ImGui::GetIO().FontGlobalScale;
    ImVec2 lsz = small->CalcTextSizeA(small_size, FLT_MAX, 0, label);
    if (lsz.x > tab_w - 4) {  // a long word ("Параметри", large text): smaller rather than cut off
      small_size *= (tab_w - 4) / lsz.x;
      lsz = small->CalcTextSizeA(small_size, FLT_MAX, 0, label);
    }
    float lx = p.x + std::max(2.0f, (tab_w - lsz.x) * 0.5f);
    ImVec4 clip(p.x + 1, p.y, p.x + tab_w - 1, p.y + height);
    dl->AddText(small, small_size, ImVec2(lx, p.y + height - small_size - style.FramePadding.y - 2), color, label,
                nullptr, 0, &clip);
  }
}

// The top bar: the campaign's name (a tap opens its settings: rename, the other campaigns), the log and
// undo/redo, always one tap away.
void draw_top_bar(float height) {
  const float w = ImGui::GetContentRegionAvail().x;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + height), ImGui::GetColorU32(ImGuiCol_MenuBarBg));
  const Model& m = model();
  const std::string& name = m.state().name;
  const float bw = 56.0f;
  const char* log_label = T("ui.log.button");
  const float log_w = ImGui::CalcTextSize(log_label).x + 2 * ImGui::GetStyle().FramePadding.x + 8;
  const float name_w = w - 2 * (bw + 6) - (log_w + 6) - 16;
  ImGui::SetCursorScreenPos(origin);
  if (ImGui::InvisibleButton("##campaign", ImVec2(name_w, height))) {
    if (welcome_open()) close_welcome();
    close_log();
    show_campaign_settings();
  }
  track("top.campaign", name.empty() ? T("ui.app_name") : name);
  ImGui::SetCursorScreenPos(ImVec2(origin.x + 14, origin.y + (height - ImGui::GetTextLineHeight()) * 0.5f));
  // A long name ends with "…" before the log (the whole name is one tap away, in the campaign's settings).
  ImGui::TextUnformatted(fit_text(name.empty() ? T("ui.app_name") : name, name_w - 20).c_str());  // uk "Дружина"
  // The log opens at the step a notice on screen tells of; tapped again, it closes.
  ImGui::SetCursorScreenPos(ImVec2(origin.x + w - 2 * (bw + 6) - (log_w + 6) - 8, origin.y + 4));
  if (choice_button((std::string(log_label) + "##log").c_str(), log_open(), ImVec2(log_w, height - 8))) {
    if (log_open()) {
      close_log();
    } else {
      if (welcome_open()) close_welcome();
      open_log(notice_visible() ? m.notice().tx : 0);
    }
  }
  track("top.log", log_label);
  const char* labels[2] = {"\xE2\x86\xB6", "\xE2\x86\xB7"};  // ↶ ↷
  const bool enabled[2] = {m.can_undo(), m.can_redo()};
  for (int i = 0; i < 2; ++i) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + w - (2 - i) * (bw + 6) - 8, origin.y + 4));
    ImGui::BeginDisabled(!enabled[i]);
    ImGui::PushID(i);
    ImGui::PushFont(ui().fonts.big);
    bool pressed = ImGui::Button(labels[i], ImVec2(bw, height - 8));
    ImGui::PopFont();
    ImGui::PopID();
    ImGui::EndDisabled();
    track(i == 0 ? "top.undo" : "top.redo", T(i == 0 ? "ui.undo" : "ui.redo"));
    if (pressed) i == 0 ? model().undo() : model().redo();
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + height));
}

// The notice's height in the last frame it showed: the screen gets that much room at its end meanwhile, so whatever
// the notice covers can be scrolled out from under it (the overflow check reports a control it covers for good).
float& notice_height() {
  static float h = 0;
  return h;
}

// A transient message above the tab bar (errors stay longer and are red). It takes no input: a tap on it goes
// to the widget under it (a notice must never swallow the tap meant for the next button), and it is slightly
// see-through so that widget shows.
void draw_notice(float bottom) {
  const Notice& n = model().notice();
  if (n.text.empty() || now_ms() > n.until_ms) {
    notice_height() = 0;
    return;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = 12.0f, width = vp->Size.x - 2 * margin;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + margin, bottom - 8), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, n.error ? ImVec4(0.55f, 0.12f, 0.14f, 0.93f) : ImVec4(0.20f, 0.30f, 0.22f, 0.93f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));  // light text on the dark notice in every theme
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 12.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(16, 14));
  ImGui::Begin("##notice", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs |
               ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(n.text.c_str());
  ImGui::PopTextWrapPos();
  track("notice", n.text);
  notice_height() = ImGui::GetWindowHeight() + 8;
  ImGui::End();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor(2);
}

}  // namespace

bool notice_visible() {
  const Notice& n = model().notice();
  return !n.text.empty() && now_ms() <= n.until_ms;
}

void draw_root() {
  check_incoming_link();
  if (platform::lang::take_fetch_failure()) {
    platform::storage().remove("ui.restart_tab");
    model().notify(T("ui.lang.offline"), true, 8.0);
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const Ui& u = ui();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + u.safe_left, vp->Pos.y + u.safe_top));
  ImGui::SetNextWindowSize(
      ImVec2(vp->Size.x - u.safe_left - u.safe_right, vp->Size.y - u.safe_top - u.safe_bottom));
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                           ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse |
                           ImGuiWindowFlags_NoScrollbar;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::Begin("##root", nullptr, flags);
  ImGui::PopStyleVar(2);

  const float tab_h = 64.0f, top_h = 56.0f;
  draw_top_bar(top_h);
  draw_storage_bar();  // not saved / open in another tab / read-only (ui/settings/storage_bar.cpp)
  draw_update_banner();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 12));
  // Each tab keeps its own scroll: a tab opened for the first time starts at its top, not where the last one was.
  static std::map<Tab, float> scroll_of;
  static Tab scrolled_tab = u.tab;
  const Tab drawn = u.tab;  // a button on the screen may switch the tab: the scroll read below is this one's
  if (drawn != scrolled_tab) {
    ImGui::SetNextWindowScroll(ImVec2(-1.0f, scroll_of[drawn]));
    scrolled_tab = drawn;
  }
  ImGui::BeginChild("##screen", ImVec2(avail.x, avail.y - tab_h), ImGuiChildFlags_AlwaysUseWindowPadding);
  // A link being opened, or the Share screen, takes the screen area until it is closed or a tab is tapped.
  static Tab shown_tab = u.tab;
  if (u.tab != shown_tab) {
    close_share();
    close_live();  // the screen; the table stays live
    if (link_preview_open()) close_link_preview();
    shown_tab = u.tab;
  }
  if (link_preview_open()) draw_link_preview();
  else if (share_open()) draw_share();
  else if (live_open()) draw_live();
  else if (log_open()) draw_log();
  else if (welcome_open()) draw_welcome();
  else switch (u.tab) {
    case Tab::dice: draw_dice(); break;
    case Tab::party: draw_party(); break;
    case Tab::combat: draw_combat(); break;
    case Tab::downtime: draw_downtime(); break;
    case Tab::rules: draw_rules(); break;
    case Tab::settings: draw_settings(); break;
  }
  if (notice_height() > 0) ImGui::Dummy(ImVec2(1, notice_height()));  // room to scroll it all above the notice
  scroll_of[drawn] = ImGui::GetScrollY();
  ImGui::EndChild();
  ImGui::PopStyleVar();
  pad::draw();  // the number pad, whichever screen opened it
  float tab_top = ImGui::GetCursorScreenPos().y;
  draw_tab_bar(tab_h);
  ImGui::End();
  draw_notice(tab_top);
}

void draw_frame() {
  begin_tracking();
  begin_text_fields();
  draw_root();
}

}  // namespace druzina::ui
