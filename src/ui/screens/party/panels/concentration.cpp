// Rule "concentration" on the sheet: the spell the creature concentrates on, and (DM) starting one with a typed
// spell name (StartConcentration; a new one ends the old) or ending it (EndConcentration). The cards of Party and
// Combat show it as a chip (creature_ui.cpp's status_chips).
// Test ids: sheet.conc (label: the spell, "" when none), sheet.conc.spell, sheet.conc.start, sheet.conc.end.
#include <imgui.h>

#include <map>
#include <string>

#include "core/rules/concentration/concentration.hpp"
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

void concentration(const Creature& c) {
  const std::string spell = rules::concentrating_on(c);
  if (!rule_on(rules::kConcentration) && spell.empty()) return;
  section(T("ui.concentration.title"));
  if (spell.empty())
    muted(T("ui.concentration.none"));
  else
    ImGui::TextWrapped("%s", Tf("ui.concentration.on", jobj{"spell", spell}).c_str());
  track("sheet.conc", spell);
  if (ui_player_mode() || c.death_saves.dead || !rule_on(rules::kConcentration)) return;
  static std::map<std::string, std::string> drafts;
  std::string& name = drafts[c.id];
  text_field("##concspell", T("ui.concentration.spell_hint"), name);
  track("sheet.conc.spell", name);
  const bool both = !spell.empty();
  const float w = both ? split_width(2) : 0.0f;
  ImGui::BeginDisabled(name.empty());
  if (big_button(T("ui.concentration.start"), ImVec2(w, 52)) &&
      dispatch_and_tell(jobj{"type", "StartConcentration", "target", c.id, "spell", name}))
    name.clear();
  ImGui::EndDisabled();
  track("sheet.conc.start", T("ui.concentration.start"));
  if (both) {
    ImGui::SameLine();
    if (big_button(T("ui.concentration.end"), ImVec2(w, 52)))
      dispatch_and_tell(jobj{"type", "EndConcentration", "target", c.id});
    track("sheet.conc.end", T("ui.concentration.end"));
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels concentration_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::concentration(*x.creature); }}};
}

}  // namespace druzina::ui
