// Rule "renown" on the sheet: renown per organization and piety with its rank and the next one (rules::renown_view);
// the DM changes it with − and + (ChangeRenown: a loss of 1, a mission) and adds an organization.
// Test ids: sheet.renown.<organization>, sheet.renown.piety, sheet.renown.text, sheet.renown.add.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>

#include "core/json_obj.hpp"
#include "core/rules/renown/renown.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

namespace {

// Renown per organization and piety: the renown rule's data (rules::renown_view), changed with ChangeRenown.
std::string renown_line(const std::string& who, int value, const rules::RankAt& r) {
  const Lang lang = ui().lang;
  std::string line = who + ": " + std::to_string(value);
  if (r.rank) line += " \xE2\x80\x94 " + r.rank->title.in(lang);
  if (r.next) line += " " + Tf("ui.renown.next", jobj{"next", *r.next});
  return line;
}

void renown_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  const auto v = rules::renown_view(model().state(), c);
  if (!v.on || (!dm && v.organizations.empty() && v.piety == 0)) return;
  section(T("ui.sheet.renown"));
  const float bw = 48;
  auto change = [&](json cmd) { model().dispatch(cmd); };
  // The line wraps before the DM's − and + on its right (uk "Побожність: 0 (наступний чин: …" ran under them).
  auto line = [&](const std::string& text) {
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - (dm ? 2 * bw + 2 * gap() : 0));
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
  };
  for (const auto& o : v.organizations) {
    ImGui::PushID(o.organization.c_str());
    line(renown_line(o.organization, o.value, o.rank));
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - 2 * bw - gap());
      if (big_button("\xE2\x88\x92", ImVec2(bw, kTouchTarget)) && o.value > 0)
        change(jobj{"type", "ChangeRenown", "target", c.id, "organization", o.organization, "reason", "loss", "amount", 1});
      ImGui::SameLine();
      if (big_button("+", ImVec2(bw, kTouchTarget)))
        change(jobj{"type", "ChangeRenown", "target", c.id, "organization", o.organization, "reason", "mission"});
      track("sheet.renown." + o.organization, std::to_string(o.value));
    }
    ImGui::PopID();
  }
  if (dm || v.piety > 0) {
    ImGui::PushID("piety");
    line(renown_line(T("ui.renown.piety"), v.piety, v.piety_rank));
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - 2 * bw - gap());
      if (big_button("\xE2\x88\x92", ImVec2(bw, kTouchTarget)) && v.piety > 0)
        change(jobj{"type", "ChangeRenown", "target", c.id, "piety", true, "reason", "loss", "amount", 1});
      ImGui::SameLine();
      if (big_button("+", ImVec2(bw, kTouchTarget))) change(jobj{"type", "ChangeRenown", "target", c.id, "piety", true, "reason", "mission"});
      track("sheet.renown.piety", std::to_string(v.piety));
    }
    ImGui::PopID();
  }
  if (!dm) return;
  static std::map<std::string, std::string> drafts;
  std::string& text = drafts[c.id];
  text_field("##faction", T("ui.sheet.faction_hint"), text);
  track("sheet.renown.text", text);
  const bool known = std::any_of(v.organizations.begin(), v.organizations.end(), [&](const auto& o) { return o.organization == text; });
  ImGui::BeginDisabled(text.empty() || known);
  if (big_button(T("ui.sheet.add_faction"), ImVec2(0, 48))) {
    if (model().dispatch(jobj{"type", "ChangeRenown", "target", c.id, "organization", text, "reason", "add"})) text.clear();
  }
  ImGui::EndDisabled();
  track("sheet.renown.add", T("ui.sheet.add_faction"));
}

}  // namespace

// Where the rule's panels go (rule_panels.cpp lists the rule).
RulePanels renown_ui() { return {{Slot::sheet_after_items, [](SlotContext& x) { renown_block(*x.creature); }}}; }

}  // namespace druzina::ui
