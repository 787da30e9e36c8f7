// Rule "rage-exhaustion" on the sheet: beside the exhaustion stepper, "+1 from rage" (SetExhaustion with
// source "rage", so a long rest knows which level the rage gave). DM only (the sheet calls it for the DM).
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

void rage_exhaustion(const Creature& c) {
  if (!rule_on(rules::kRageExhaustion)) return;
  ImGui::SameLine();
  ImGui::BeginDisabled(c.exhaustion >= 6);
  if (big_button(T("ui.sheet.exh.rage"), ImVec2(ImGui::GetContentRegionAvail().x, kTouchTarget)))
    quiet(jobj{"type", "SetExhaustion", "target", c.id, "change", 1, "source", "rage"});
  ImGui::EndDisabled();
  track("sheet.exh.rage", T("ui.sheet.exh.rage"));
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels rage_exhaustion_ui() {
  return {
      {Slot::sheet_exhaustion, [](SlotContext& x) { panels::rage_exhaustion(*x.creature); }}};
}

}  // namespace druzina::ui
