// The dice screen's favourites and history (parts.hpp): favourite rolls as buttons (a tap rolls one, a long press
// deletes it, ★ adds the typed expression under a name) and the rolls of this device, newest first; both kept on
// this device (store.hpp).
#include <imgui.h>

#include <optional>
#include <string>

#include "ui/model.hpp"
#include "ui/screens/dice/parts.hpp"
#include "ui/screens/dice/store.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::dice_screen {

void draw_favourites() {
  State& s = st();
  ImGui::Spacing();
  heading(T("ui.dice.favourites"));
  const auto& favs = dice_store::favourites();
  const float spacing = 8;
  const float w = (ImGui::GetContentRegionAvail().x - spacing) * 0.5f;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  std::optional<size_t> tapped;
  for (size_t i = 0; i < favs.size(); ++i) {
    if (i % 2 == 1) ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    std::string l = favs[i].name.empty() ? favs[i].expr : favs[i].name + "\n" + favs[i].expr;
    ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.5f, 0.5f));
    if (ImGui::Button(l.c_str(), ImVec2(w, favs[i].name.empty() ? kTouchTarget : 68))) tapped = i;
    ImGui::PopStyleVar();
    track("dice.fav." + std::to_string(i), favs[i].name + " " + favs[i].expr);
    if (ImGui::IsPopupOpen("fav_menu")) {  // full width above the tab bar, like every popup here
      const ImGuiViewport* vp = ImGui::GetMainViewport();
      ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + 12, vp->Pos.y + vp->Size.y - 76), ImGuiCond_Always, ImVec2(0, 1));
      ImGui::SetNextWindowSize(ImVec2(vp->Size.x - 24, 0));
    }
    if (ImGui::BeginPopupContextItem("fav_menu")) {  // long press
      s.fav_menu = i;
      std::string q = Tf("ui.dice.fav_delete_q", jobj{"name", favs[i].name.empty() ? favs[i].expr : favs[i].name});
      ImGui::TextWrapped("%s", q.c_str());
      ImGui::PushStyleColor(ImGuiCol_Button, color_bad());
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
      bool del = big_button(T("ui.dice.fav_delete"));
      ImGui::PopStyleColor(2);
      track("dice.fav.delete", T("ui.dice.fav_delete"));
      if (big_button(T("ui.ctl.cancel"))) ImGui::CloseCurrentPopup();
      track("dice.fav.cancel", T("ui.ctl.cancel"));
      if (del) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        ImGui::PopID();
        dice_store::remove_favourite(i);
        break;
      }
      ImGui::EndPopup();
    }
    ImGui::PopID();
  }
  ImGui::PopStyleVar();
  if (tapped && *tapped < favs.size()) {
    s.expr = favs[*tapped].expr;
    revalidate();
    roll_now(s.expr);
  }
  if (favs.empty()) muted(T("ui.dice.fav_empty"));
  else small_label(T("ui.dice.fav_hint"));
  if (!s.adding_fav) {
    ImGui::BeginDisabled(trimmed(s.expr).empty() || s.error.has_value());
    std::string l = std::string("\xE2\x98\x85 ") + T("ui.dice.fav_add");  // ★
    if (big_button(l.c_str())) {
      s.adding_fav = true;
      s.fav_name.clear();
    }
    ImGui::EndDisabled();
    track("dice.fav.add", l);
  } else {
    small_label(Tf("ui.dice.fav_name_for", jobj{"expr", s.expr}).c_str());
    text_field("##favname", T("ui.dice.fav_name_hint"), s.fav_name);
    track("dice.fav.name", s.fav_name);
    const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
    if (choice_button(T("ui.dice.fav_save"), true, ImVec2(half, kTouchTarget))) {
      if (!dice_store::add_favourite({trimmed(s.fav_name), trimmed(s.expr)}))
        model().notify(T("ui.dice.fav_full"), true);
      s.adding_fav = false;
    }
    track("dice.fav.save", T("ui.dice.fav_save"));
    ImGui::SameLine(0, 10);
    if (big_button(T("ui.ctl.cancel"), ImVec2(half, kTouchTarget))) s.adding_fav = false;
    track("dice.fav.cancel_add", T("ui.ctl.cancel"));
  }
}

void draw_history() {
  ImGui::Spacing();
  heading(T("ui.dice.history"));
  const auto& hist = dice_store::history();
  if (hist.empty()) {
    muted(T("ui.dice.history_empty"));
    return;
  }
  for (size_t i = 0; i < hist.size(); ++i) {
    const auto& e = hist[i];
    ImGui::PushID(static_cast<int>(i));
    std::string head = dice_store::when_text(e.at_ms) + "  \xC2\xB7  " +
                       (e.who.empty() ? std::string(T("ui.dice.who_me")) : e.who);
    small_label(head.c_str());
    ImGui::PushFont(ui().fonts.big);
    ImVec4 tc = e.nat20 ? color_good() : e.nat1 ? color_bad() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, tc);
    ImGui::TextUnformatted(std::to_string(e.total).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::SameLine(0, 14);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 6);
    const std::string text = dice_notation(ui().lang, e.text);
    struck_text(text, ui().fonts.body, ImGui::GetColorU32(ImGuiCol_Text));
    track("dice.hist." + std::to_string(i), e.who + " | " + text);
    ImGui::Separator();
    ImGui::PopID();
  }
  if (big_button(T("ui.dice.history_clear")))
    ask_confirm_destructive("dice.clear", T("ui.dice.history_clear_q"), T("ui.dice.history_clear"), T("ui.ctl.cancel"));
  track("dice.history.clear", T("ui.dice.history_clear"));
  if (confirm_popup("dice.clear"))
    dice_store::clear_history();
}

}  // namespace druzina::ui::dice_screen
