// Rule "potions" on the sheet: potions drunk since the last long rest against the campaign's warning threshold,
// and drinking one (DrinkPotion: a name, the healing as a number or dice), DM only.
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/rules/potions/potions.hpp"
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

void potions(const Creature& c) {
  if (!rule_on(rules::kPotions)) return;
  const rules::PotionsView v = rules::potions_view(model().state(), c);
  section(T("ui.sheet.potions"));
  std::string s = Tf("ui.sheet.potions_drunk", jobj{"n", v.drunk, "threshold", v.threshold});
  if (v.over) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", s.c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextWrapped("%s", s.c_str());
  }
  track("sheet.potions", std::to_string(v.drunk));
  if (ui_player_mode() || c.death_saves.dead) return;
  static std::map<std::string, std::string> names, heals;
  std::string& name = names[c.id];
  std::string& heal = heals[c.id];
  text_field("##potion", T("ui.sheet.potion_name"), name);
  track("sheet.potion.name", name);
  text_field("##potionheal", T("ui.sheet.potion_heal"), heal);
  track("sheet.potion.heal", heal);
  ImGui::BeginDisabled(name.empty());
  if (big_button(T("ui.sheet.drink"), ImVec2(0, 52))) {
    json cmd = jobj{"type", "DrinkPotion", "target", c.id, "name", name};
    if (!heal.empty()) {
      bool digits = std::all_of(heal.begin(), heal.end(), ::isdigit);
      cmd["heal"] = digits ? json(std::stoi(heal.substr(0, 6))) : json(heal);
    }
    if (dispatch_and_tell(cmd, 8.0)) name.clear(), heal.clear();
  }
  ImGui::EndDisabled();
  track("sheet.potion.drink", T("ui.sheet.drink"));
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels potions_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::potions(*x.creature); }}};
}

}  // namespace druzina::ui
