// The party screen: open questions (prompts) on top, a card per creature (HP bar with temp HP, AC, conditions
// with durations, exhaustion, injuries, inspiration, hero points) with a quick ♥ button for the HP pad; a tap on a
// card opens the creature sheet. "+ Character" / "+ Monsters" open the editor. Portrait: list or sheet; at
// ≥ 700 px: list | sheet side by side.
// Test ids: screen.party, party.add_pc, party.add_monster, party.card.<id>, party.hp.<id>, party.empty.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/creature_sheet.hpp"
#include "ui/screens/party/party_edit.hpp"
#include "ui/screens/party/srd_picker.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/share/share_buttons.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/hp_pad.hpp"
#include "ui/widgets/prompts.hpp"
#include "ui/widgets/row_cull.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

std::string& open_sheet() {
  static std::string id;
  return id;
}

std::string current_turn_creature() {
  const auto& enc = model().state().encounter;
  if (!enc || enc->order.empty()) return {};
  const auto& e = enc->order[static_cast<size_t>(std::clamp(enc->turn, 0, static_cast<int>(enc->order.size()) - 1))];
  return e.lair ? std::string() : e.creature;
}

void draw_list() {
  heading(T("ui.tab.party"));
  track("screen.party", T("ui.tab.party"));
  draw_prompts();
  if (!ui_player_mode()) {
    const float w = split_width(2);
    if (big_button((std::string("+ ") + T("ui.party.add_pc")).c_str(), ImVec2(w, 56))) open_creature_editor("pc");
    track("party.add_pc", T("ui.party.add_pc"));
    ImGui::SameLine();
    if (big_button((std::string("+ ") + T("ui.party.add_monster")).c_str(), ImVec2(w, 56))) open_creature_editor("monster");
    track("party.add_monster", T("ui.party.add_monster"));
    if (rule_on(rules::kSrdMonsters)) {
      if (big_button(T("ui.srd.add_button"), ImVec2(0, 56))) open_srd_picker();
      track("party.add_srd", T("ui.srd.add_button"));
    }
  }
  draw_party_share_button();
  draw_live_button();
  const auto& st = model().state();
  if (!ui_player_mode()) {  // an ambush: everyone hidden from the players shows up in one tap (one undo step)
    nlohmann::json hidden = nlohmann::json::array();
    for (const auto& c : st.creatures)
      if (c.hidden) hidden.push_back(c.id);
    if (!hidden.empty()) {
      const std::string l = Tf("ui.party.reveal_all", jobj{"n", static_cast<long long>(hidden.size())});
      if (big_button(l.c_str(), ImVec2(0, 56))) dispatch_and_tell(jobj{"type", "SetHidden", "targets", hidden, "hidden", false});
      track("party.reveal_all", l);
    }
  }
  if (st.creatures.empty()) {
    ImGui::Spacing();
    muted(T("ui.party.empty"));
    track("party.empty", T("ui.party.empty"));
    return;
  }
  const std::string turn = current_turn_creature();
  const bool dm = !ui_player_mode();
  RowCull cull("party", st.creatures.size() > RowCull::kFrom);
  for (int group = 0; group < 2; ++group) {
    bool header = false;
    for (const auto& c : st.creatures) {
      if (campaign::in_party(c) != (group == 0)) continue;
      if (hidden_from_players(c)) continue;
      if (!header) {
        section(group == 0 ? T("ui.party.group_party") : T("ui.party.group_others"));
        header = true;
      }
      if (!cull.begin(c.id)) {
        track("party.card." + c.id, c.name);
        continue;
      }
      const float hp_w = dm && !c.death_saves.dead ? 60.0f : 0.0f;
      if (creature_card(c, "party.card." + c.id, c.id == turn || c.id == open_sheet(), hp_w ? hp_w + gap() : 0))
        open_sheet() = c.id;
      if (hp_w > 0) {
        float h = ImGui::GetItemRectSize().y;
        ImGui::SameLine();
        ImGui::PushID(c.id.c_str());
        ImGui::PushFont(ui().fonts.big);
        if (colored_button("\xE2\x99\xA5", ImVec4(0.45f, 0.20f, 0.28f, 1), ImVec2(hp_w, h), "party.hp." + c.id))
          pad::open_hp(c.id);
        ImGui::PopFont();
        ImGui::PopID();
      }
      cull.end();
    }
  }
  ImGui::Spacing();
}

}  // namespace

void draw_party() {
  // The editor starts at its top; leaving it returns to the top of what was there.
  static bool was_editing = false;
  const bool editing = creature_editor_open();
  if (editing != was_editing) {
    ImGui::SetScrollY(0);
    was_editing = editing;
  }
  static bool was_picking = false;  // the same for the SRD monster list
  if (srd_picker_open() != was_picking) {
    ImGui::SetScrollY(0);
    was_picking = !was_picking;
  }
  if (was_picking) {
    draw_srd_picker();
    return;
  }
  if (editing) {
    std::string added;
    draw_creature_editor(&added);
    return;
  }
  std::string& sheet = open_sheet();
  if (!sheet.empty() && !creature(sheet)) sheet.clear();
  if (wide_layout()) {
    ImVec2 avail = ImGui::GetContentRegionAvail();
    const float left = std::max(320.0f, avail.x * 0.46f);
    ImGui::BeginChild("##party_list", ImVec2(left, avail.y), ImGuiChildFlags_None);
    draw_list();
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##party_sheet", ImVec2(0, avail.y), ImGuiChildFlags_None);
    if (sheet.empty()) {
      muted(T("ui.party.pick_one"));
    } else {
      bool back = false;
      draw_creature_sheet(sheet, false, &back);
      if (back) sheet.clear();
    }
    ImGui::EndChild();
  } else {
    // The list keeps its scroll position while a sheet is open; a sheet starts at its top.
    static std::string shown;
    static float list_scroll = 0;
    if (shown != sheet) {
      ImGui::SetScrollY(sheet.empty() ? list_scroll : 0.0f);
      shown = sheet;
    }
    if (!sheet.empty()) {
      bool back = false;
      draw_creature_sheet(sheet, true, &back);
      if (back) sheet.clear();
    } else {
      list_scroll = ImGui::GetScrollY();
      draw_list();
    }
  }
}

}  // namespace druzina::ui
