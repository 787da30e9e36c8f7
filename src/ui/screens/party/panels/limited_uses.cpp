// Rule "limited-uses" on the sheet and in combat: a creature's X/day, recharge and per-rest abilities and innate
// spells, one button each — a tap spends one (UseLimited); a recharge ability shows "ready" or "not ready (5–6)"
// (the d6 is rolled by itself at the start of the creature's turn, the log says how it fell). The DM's; players
// see those of their party.
// Test ids: sheet.uses.<i> / combat.uses.<creature>.<i> (label: the button's text).
#include <imgui.h>

#include <string>

#include "core/rules/limited_uses/limited_uses.hpp"
#include "ui/rule_panels.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

std::string use_text(const rules::LimitedUse& u) {
  if (u.kind == "recharge") {
    const std::string range = u.min >= 6 ? "6" : std::to_string(u.min) + "\xE2\x80\x93" + "6";
    return Tf(u.ready() ? "ui.uses.recharge_ready" : "ui.uses.recharge_not_ready", jobj{"name", u.name, "range", range});
  }
  return Tf(u.kind == "rest" ? "ui.uses.per_rest" : "ui.uses.per_day", jobj{"name", u.name, "left", u.left, "max", u.max});
}

void draw_uses(const Creature& c, const std::string& prefix) {
  const bool can_tap = !c.death_saves.dead && (!ui_player_mode() || campaign::in_party(c));
  for (const auto& u : rules::limited_uses_of(c, ui().lang)) {
    const std::string id = prefix + std::to_string(u.index);
    const std::string text = use_text(u);
    ImGui::BeginDisabled(!u.ready() || !can_tap);
    if (colored_button(text.c_str(), u.ready() ? col_tint(hue_green(), 0.45f) : col_card(), ImVec2(0, kTouchTarget), id))
      dispatch_and_tell(jobj{"type", "UseLimited", "target", c.id, "use", u.index});
    ImGui::EndDisabled();
  }
}

}  // namespace

void limited_uses(const Creature& c) {
  if (!rule_on(rules::kLimitedUses) || rules::limited_uses_of(c, ui().lang).empty()) return;
  if (ui_player_mode() && !campaign::in_party(c)) return;
  section(T("ui.uses.title"));
  draw_uses(c, "sheet.uses.");
}

void limited_uses_strip(const Creature& c) {
  if (!rule_on(rules::kLimitedUses) || c.death_saves.dead || (ui_player_mode() && !campaign::in_party(c))) return;
  ImGui::PushID(("lu" + c.id).c_str());
  draw_uses(c, "combat.uses." + c.id + ".");
  ImGui::PopID();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels limited_uses_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::limited_uses(*x.creature); }},
      {Slot::combat_row, [](SlotContext& x) { panels::limited_uses_strip(*x.creature); }}};
}

}  // namespace druzina::ui
