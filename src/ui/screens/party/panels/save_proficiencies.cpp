// Rule "save-proficiencies" on the sheet: the six saving-throw proficiency toggles (the house rules' CON saves
// use them), DM only.
#include <imgui.h>

#include <algorithm>
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

void save_proficiencies(const Creature& c) {
  if (!ui_player_mode()) {
    std::vector<std::string> prof;
    for (const char* a : kAbilityIds)
      if (rules::save_proficient(model().state(), c, a)) prof.push_back(a);
    ImGui::TextWrapped("%s", T("ui.sheet.save_prof"));
    const float bw = split_width(6);
    for (int i = 0; i < 6; ++i) {
      if (i) ImGui::SameLine();
      bool on = std::find(prof.begin(), prof.end(), kAbilityIds[i]) != prof.end();
      ImGui::PushFont(ui().fonts.small);
      if (toggle_button(T(std::string("ui.ability.") + kAbilityIds[i]), on, std::string("sheet.saveprof.") + kAbilityIds[i],
                        ImVec2(bw, kTouchTarget))) {
        std::vector<std::string> next = prof;
        if (on)
          next.erase(std::remove(next.begin(), next.end(), kAbilityIds[i]), next.end());
        else
          next.push_back(kAbilityIds[i]);
        quiet(jobj{"type", "SetSaveProficiencies", "target", c.id, "abilities", next});
      }
      ImGui::PopFont();
    }
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels save_proficiencies_ui() {
  return {
      {Slot::sheet_numbers, [](SlotContext& x) { panels::save_proficiencies(*x.creature); }}};
}

}  // namespace druzina::ui
