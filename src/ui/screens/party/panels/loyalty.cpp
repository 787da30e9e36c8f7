// Rule "npc-loyalty" on the sheet of an NPC or a sidekick: the DM's secret loyalty score (score / max, what it means,
// where the maximum comes from), Track loyalty, a − / + stepper (SetLoyalty), and Help +1d4 · Harm −1d4 ·
// Betrayal −2d4 (ChangeLoyalty, rolled by the app or, with "Dice rolled at the table", entered on the number pad).
// DM mode only: in player mode the panel draws nothing at all (the score is a DM secret).
#include <imgui.h>

#include <map>
#include <string>

#include "core/rules/npc_loyalty/npc_loyalty.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

void loyalty(const Creature& c) {
  if (ui_player_mode() || c.death_saves.dead) return;
  const rules::LoyaltyView v = rules::loyalty_view(model().state(), c);
  if (!v.on || !v.eligible) return;
  section(T("ui.loyalty.title"));
  if (v.max <= 0) {
    muted(T("ui.loyalty.no_party"));
    track("sheet.loyalty", "no_party");
    return;
  }
  const std::string state = T(rules::loyalty_state_key(v.state));
  if (v.tracked) {
    ImVec4 col = v.state == "risks_life" ? col_good() : v.state == "leaves" ? col_bad() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    ImGui::TextWrapped("%s", Tf("ui.loyalty.score", jobj{"score", v.score, "max", v.max, "state", state}).c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextWrapped("%s", Tf("ui.loyalty.untracked", jobj{"start", v.start, "max", v.max}).c_str());
  }
  track("sheet.loyalty", v.tracked ? std::to_string(v.score) + "/" + std::to_string(v.max) : "untracked");
  muted(Tf("ui.loyalty.basis", jobj{"cha", v.highest_cha}).c_str());
  const std::string id = c.id;
  if (!v.tracked) {
    if (big_button(T("ui.loyalty.start"), ImVec2(0, kTouchTarget))) sheet::quiet(jobj{"type", "SetLoyalty", "target", id});
    track("sheet.loyalty.start", T("ui.loyalty.start"));
  } else {
    int value = v.score;
    if (stepper("sheet.loyalty.value", value, 0, v.max, {.label = T("ui.loyalty.set")}) && value != v.score)
      sheet::quiet(jobj{"type", "SetLoyalty", "target", id, "value", value});
  }
  static std::map<std::string, bool> entered;
  bool& by_hand = entered[id];
  struct Kind {
    const char* reason;
    const char* label;
    int dice;
  };
  static const Kind kinds[] = {{"help", "ui.loyalty.help", 1}, {"harm", "ui.loyalty.harm", 1}, {"betrayal", "ui.loyalty.betrayal", 2}};
  const float w = split_width(3);
  ImGui::PushFont(ui().fonts.small);
  for (int k = 0; k < 3; ++k) {
    if (k) ImGui::SameLine();
    const Kind& kind = kinds[k];
    const ImVec4 color = k == 0 ? col_good() : col_bad();
    if (colored_button(T(kind.label), color, ImVec2(w, 52), std::string("sheet.loyalty.") + kind.reason)) {
      const std::string reason = kind.reason;
      if (by_hand) {
        pad::open_value(T("ui.loyalty.enter_title"), kind.dice, kind.dice, 4 * kind.dice, [id, reason](int n) {
          dispatch_and_tell(jobj{"type", "ChangeLoyalty", "target", id, "reason", reason, "roll", n});
        });
      } else {
        dispatch_and_tell(jobj{"type", "ChangeLoyalty", "target", id, "reason", reason});
      }
    }
  }
  ImGui::PopFont();
  if (toggle_button(T("ui.loyalty.entered"), by_hand, "sheet.loyalty.entered", ImVec2(0, kTouchTarget))) by_hand = !by_hand;
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels npc_loyalty_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::loyalty(*x.creature); }}};
}

}  // namespace druzina::ui
