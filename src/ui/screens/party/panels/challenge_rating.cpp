// Rule "challenge-rating" on the sheet of a monster, NPC or sidekick (DM only; players do not see a monster's
// rating): the rating with the XP and proficiency bonus it implies, [−] CR [+] to step through the SRD ratings, the
// rating itself opens a grid of all 34 to pick from, Clear. Each change is SetChallengeRating (undoable, logged).
// Test ids: sheet.cr (the line), sheet.cr.minus, sheet.cr.pick, sheet.cr.plus, sheet.cr.clear, sheet.cr.grid.<cr>.
#include <imgui.h>

#include <string>
#include <vector>

#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;
using sheet::quiet;

std::string challenge_rating_fact(const Creature& c) {
  if (ui_player_mode() || !rule_on(rules::kChallengeRating)) return {};
  const auto v = rules::challenge_rating_view(model().state(), c);
  if (!v.row) return {};
  return Tf("ui.sheet.cr.fact", jobj{"cr", v.row->cr, "xp", v.row->xp});
}

void challenge_rating(const Creature& c) {
  if (ui_player_mode() || c.kind == "pc" || !rule_on(rules::kChallengeRating)) return;
  const auto v = rules::challenge_rating_view(model().state(), c);
  const auto& table = rules::cr_table();
  int index = -1;
  for (size_t i = 0; v.row && i < table.size(); ++i)
    if (std::string(table[i].cr) == v.row->cr) index = static_cast<int>(i);
  section(T("ui.sheet.cr.title"));
  std::string line = v.row ? Tf("ui.sheet.cr.line", jobj{"cr", v.row->cr, "xp", v.row->xp,
                                                    "pb", signed_num(v.row->proficiency_bonus)})
                           : std::string(T("ui.sheet.cr.none"));
  ImGui::TextWrapped("%s", line.c_str());
  track("sheet.cr", line);
  if (v.row && v.row->value == 0) muted(T("ui.sheet.cr.zero_note"));
  if (c.death_saves.dead) return;
  auto set = [&](const json& cr) { quiet(jobj{"type", "SetChallengeRating", "target", c.id, "cr", cr}); };
  const float bw = 64, gap_w = ImGui::GetStyle().ItemSpacing.x;
  const float clear_w = v.row ? 120.0f : 0.0f;
  const float mid = ImGui::GetContentRegionAvail().x - 2 * bw - 2 * gap_w - (v.row ? clear_w + gap_w : 0);
  ImGui::BeginDisabled(index <= 0);
  if (big_button("\xE2\x88\x92##cr", ImVec2(bw, kTouchTarget))) set(table[static_cast<size_t>(index - 1)].cr);
  ImGui::EndDisabled();
  track("sheet.cr.minus", "-");
  ImGui::SameLine();
  const std::string shown = v.row ? std::string(v.row->cr) : std::string(T("ui.sheet.cr.choose"));
  if (big_button((shown + "##crpick").c_str(), ImVec2(mid, kTouchTarget))) open_popup("cr.grid");
  track("sheet.cr.pick", shown);
  ImGui::SameLine();
  ImGui::BeginDisabled(index + 1 >= static_cast<int>(table.size()));
  if (big_button("+##cr", ImVec2(bw, kTouchTarget))) set(table[static_cast<size_t>(index + 1)].cr);
  ImGui::EndDisabled();
  track("sheet.cr.plus", "+");
  if (v.row) {
    ImGui::SameLine();
    if (big_button((std::string(T("ui.sheet.cr.clear")) + "##cr").c_str(), ImVec2(clear_w, kTouchTarget)))
      set(nullptr);
    track("sheet.cr.clear", T("ui.sheet.cr.clear"));
  }
  if (begin_popup("cr.grid")) {
    small_label(T("ui.sheet.cr.title"));
    std::vector<Option> opts;
    for (const auto& row : table) opts.push_back({row.cr, row.cr});
    int current = index;
    if (segmented("sheet.cr.grid", opts, current, 6) && current >= 0) {
      set(table[static_cast<size_t>(current)].cr);
      ImGui::CloseCurrentPopup();
    }
    end_popup();
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels challenge_rating_ui() {
  return {
      {Slot::sheet_facts, [](SlotContext& x) { if (std::string f = panels::challenge_rating_fact(*x.creature); !f.empty()) x.facts->push_back(f); }},
      {Slot::sheet_top, [](SlotContext& x) { panels::challenge_rating(*x.creature); }}};
}

}  // namespace druzina::ui
