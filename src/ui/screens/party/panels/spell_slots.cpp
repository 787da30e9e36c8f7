// Rule "spell-slots" on the sheet: a caster's spell save DC and attack bonus, and her slots as pips per level — a
// tap on a lit pip spends one (SpendSpellSlot), a tap on a spent one gives it back (RegainSpellSlot); the pact slots
// on a row of their own; a wizard's Arcane Recovery in one tap (the highest spent slots that fit). A player tracks
// her own slots on her sheet in player mode; the DM any creature's.
// Test ids: sheet.slots (label "DC 14 · +6"), sheet.slots.<level> (label "left/max"), sheet.slots.<level>.<i>,
// sheet.slots.pact, sheet.slots.pact.<i>, sheet.slots.recovery.
#include <imgui.h>

#include <string>

#include "core/rules/spell_slots/spell_slots.hpp"
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

// One row: "3." then max pips, the first `left` lit.
void pip_row(const Creature& c, const std::string& id, const std::string& label, int left, int max, int level, bool pact,
             bool can_tap) {
  ImGui::PushID(id.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label.c_str());
  track(id, std::to_string(left) + "/" + std::to_string(max));
  const float pip = kTouchTarget;
  for (int i = 0; i < max; ++i) {
    ImGui::SameLine(i == 0 ? 118.0f : 0.0f);
    const bool lit = i < left;
    const std::string pip_id = id + "." + std::to_string(i);
    const std::string text = "##" + pip_id;
    if (colored_button(text.c_str(), lit ? col_accent() : col_card(), ImVec2(pip, pip), pip_id) && can_tap) {
      json cmd = jobj{"type", lit ? "SpendSpellSlot" : "RegainSpellSlot", "target", c.id, "level", level};
      if (pact) cmd["pact"] = true;
      dispatch_and_tell(cmd);
    }
  }
  ImGui::PopID();
}

// The spent slots Arcane Recovery takes back: the highest first (below the 6th level) while they fit the budget.
json recovery_pick(const rules::SlotsView& v) {
  json levels = json::array();
  int budget = v.recovery_levels;
  for (int lv = 5; lv >= 1; --lv)
    for (int spent = v.max[static_cast<size_t>(lv - 1)] - v.left[static_cast<size_t>(lv - 1)]; spent > 0 && lv <= budget; --spent) {
      levels.push_back(lv);
      budget -= lv;
    }
  return levels;
}

}  // namespace

void spell_slots(const Creature& c) {
  if (!rule_on(rules::kSpellSlots)) return;
  const rules::SlotsView v = rules::slots_view(model().state(), c);
  if (v.highest() == 0) return;
  section(T("ui.slots.title"));
  std::string line = Tf("ui.slots.dc", jobj{"dc", v.dc, "attack", signed_num(v.attack)});
  if (v.cantrips > 0) line += " · " + Tf("ui.slots.cantrips", jobj{"n", v.cantrips});
  if (v.prepared > 0) line += " · " + Tf("ui.slots.prepared", jobj{"n", v.prepared});
  if (v.known > 0) line += " · " + Tf("ui.slots.known", jobj{"n", v.known});
  if (v.dc > 0) ImGui::TextWrapped("%s", line.c_str());
  track("sheet.slots", line);
  const bool can_tap = !c.death_saves.dead && (!ui_player_mode() || campaign::in_party(c));
  for (int lv = 1; lv <= 9; ++lv) {
    const int max = v.max[static_cast<size_t>(lv - 1)];
    if (max > 0)
      pip_row(c, "sheet.slots." + std::to_string(lv), T(("spell_slots.level." + std::to_string(lv)).c_str()),
              v.left[static_cast<size_t>(lv - 1)], max, lv, false, can_tap);
  }
  if (v.pact_max > 0)
    pip_row(c, "sheet.slots.pact", Tf("ui.slots.pact", jobj{"level", v.pact_level}), v.pact_left, v.pact_max, v.pact_level,
            true, can_tap);
  const json pick = recovery_pick(v);
  if (can_tap && v.recovery_levels > 0 && !pick.empty()) {
    std::string levels;
    for (const auto& lv : pick) levels += (levels.empty() ? "" : ", ") + std::to_string(lv.get<int>());
    const std::string label = Tf("ui.slots.recovery", jobj{"levels", levels});
    if (big_button(label.c_str(), ImVec2(0, kTouchTarget)))
      dispatch_and_tell(jobj{"type", "ArcaneRecovery", "target", c.id, "levels", pick});
    track("sheet.slots.recovery", label);
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels spell_slots_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::spell_slots(*x.creature); }}};
}

}  // namespace druzina::ui
