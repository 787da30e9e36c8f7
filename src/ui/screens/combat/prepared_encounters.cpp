// Rule "prepared-encounters" (DM only).
//   On the sheet of a monster or NPC: "Save among the DM's monsters" keeps its stat block for reuse (SaveMonster;
//   the same name again replaces it), and says so when one of that name is saved.
//   Before a fight (under Start): each prepared encounter starts the fight in one tap with the creatures picked
//   above (their typed initiative kept) and its monsters (RunEncounter); Remove forgets it (ForgetEncounter);
//   "Save the picked monsters as an encounter" asks a name (PrepareEncounter {creatures}); the DM's own monsters
//   are added with "+ name" (AddOwnMonster) or removed (ForgetMonster).
//   In a fight (under "+ Add to the fight"): an encounter joins it (RunEncounter), one of the DM's monsters too
//   (AddOwnMonster {join}).
// Commands are dispatched after the lists are drawn: a command replaces the state the loops walk.
// Test ids: combat.prep.run.<encounter>, combat.prep.forget.<encounter>, combat.prep.save, combat.prep.name,
// combat.prep.save_ok, combat.prep.own.<monster>, combat.prep.own_forget.<monster>, combat.join.prep.<encounter>,
// combat.join.own.<monster>, sheet.prep.save, sheet.prep.saved.
#include <imgui.h>

#include <string>

#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/combat/parts.hpp"  // draw_prepared_difficulty (encounter-difficulty)
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

struct PrepUi {
  bool naming = false;  // "Save the picked monsters as an encounter" unfolded
  std::string name;
};

PrepUi& pu() {
  static PrepUi p;
  return p;
}

const char* kCross = "\xC3\x97";  // ×

bool prepared_encounters_on() { return !ui_player_mode() && rule_on(rules::kPreparedEncounters); }

void sheet_panel(const campaign::Creature& c) {
  if (!prepared_encounters_on() || campaign::in_party(c)) return;
  const std::string base = rules::base_name(c.name);  // "Goblin 3" is saved as "Goblin"
  for (const auto& m : rules::own_monsters(model().state()))
    if (m.name == base) {
      const std::string text = Tf("ui.prep.saved_as", jobj{"name", m.name});
      muted(text.c_str());
      track("sheet.prep.saved", text);
    }
  if (big_button(T("ui.prep.save_monster"), ImVec2(0, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "SaveMonster", "creature", c.id});
  track("sheet.prep.save", T("ui.prep.save_monster"));
}

// Under Start (no fight yet): true when a prepared encounter started the fight.
bool draw_prepared_setup(const json& participants, const json& initiative, bool group, const json& picked_monsters) {
  if (!prepared_encounters_on()) return false;
  PrepUi& p = pu();
  const auto& st = model().state();
  const Lang lang = ui().lang;
  json command;  // dispatched after the lists
  section(T("ui.prep.section"));
  const auto encounters = rules::prepared_encounters(st);
  if (encounters.empty()) muted(T("ui.prep.none"));
  const float forget_w = 112.0f;
  for (const auto& e : encounters) {
    ImGui::PushID(e.id.c_str());
    const std::string label = "\xE2\x9A\x94 " + e.name;  // ⚔
    if (colored_button(label.c_str(), ImVec4(0.55f, 0.22f, 0.20f, 1),
                       ImVec2(ImGui::GetContentRegionAvail().x - forget_w - gap(), kTouchTarget), "combat.prep.run." + e.id)) {
      command = jobj{"type", "RunEncounter", "encounter", e.id, "participants", participants};
      if (!initiative.empty()) command["initiative"] = initiative;
      if (group) command["group_initiative"] = true;
    }
    ImGui::SameLine();
    if (big_button(T("ui.prep.forget"), ImVec2(forget_w, kTouchTarget))) command = jobj{"type", "ForgetEncounter", "encounter", e.id};
    track("combat.prep.forget." + e.id, T("ui.prep.forget"));
    muted(rules::prepared_summary(st, e, lang).c_str());
    SlotContext ctx;
    ctx.subject = e.id;
    draw_slot(Slot::prepared_encounter, ctx);
    ImGui::PopID();
  }
  ImGui::BeginDisabled(picked_monsters.empty());
  if (toggle_button(T("ui.prep.save"), p.naming, "combat.prep.save")) p.naming = !p.naming;
  ImGui::EndDisabled();
  if (p.naming && !picked_monsters.empty()) {
    text_field("##prepname", T("ui.prep.name"), p.name);
    track("combat.prep.name", p.name);
    ImGui::BeginDisabled(p.name.find_first_not_of(' ') == std::string::npos);
    if (colored_button(T("ui.prep.save_ok"), col_good(), ImVec2(0, kTouchTarget), "combat.prep.save_ok"))
      command = jobj{"type", "PrepareEncounter", "name", p.name, "creatures", picked_monsters};
    ImGui::EndDisabled();
  }
  const auto own = rules::own_monsters(st);
  if (!own.empty()) {
    section(T("ui.prep.own"));
    for (const auto& m : own) {
      ImGui::PushID(m.id.c_str());
      const std::string label = "+ " + m.name;
      if (big_button(label.c_str(), ImVec2(ImGui::GetContentRegionAvail().x - forget_w - gap(), kTouchTarget)))
        command = jobj{"type", "AddOwnMonster", "monster", m.id};
      track("combat.prep.own." + m.id, label);
      ImGui::SameLine();
      if (big_button(kCross, ImVec2(forget_w, kTouchTarget))) command = jobj{"type", "ForgetMonster", "monster", m.id};
      track("combat.prep.own_forget." + m.id, T("ui.prep.forget"));
      ImGui::PopID();
    }
  }
  if (command.is_null()) return false;
  const bool ok = static_cast<bool>(dispatch_and_tell(command, 8.0));
  if (ok && command["type"] == "PrepareEncounter") {
    p.naming = false;
    p.name.clear();
  }
  return ok && command["type"] == "RunEncounter";
}

// In a fight, in "+ Add to the fight".
void draw_prepared_join() {
  if (!prepared_encounters_on()) return;
  const auto& st = model().state();
  json command;
  for (const auto& e : rules::prepared_encounters(st)) {
    const std::string label = Tf("ui.prep.join", jobj{"name", e.name});
    if (big_button((label + "##prep" + e.id).c_str(), ImVec2(0, kTouchTarget))) command = jobj{"type", "RunEncounter", "encounter", e.id};
    track("combat.join.prep." + e.id, label);
  }
  for (const auto& m : rules::own_monsters(st)) {
    const std::string label = Tf("ui.prep.join", jobj{"name", m.name});
    if (big_button((label + "##own" + m.id).c_str(), ImVec2(0, kTouchTarget)))
      command = jobj{"type", "AddOwnMonster", "monster", m.id, "join", true};
    track("combat.join.own." + m.id, label);
  }
  if (!command.is_null()) dispatch_and_tell(command, 6.0);
}

}  // namespace

RulePanels prepared_encounters_ui() {
  return {{Slot::sheet_end, [](SlotContext& x) { sheet_panel(*x.creature); }},
          {Slot::combat_setup,
           [](SlotContext& x) {
             const CombatSetup& s = *x.setup;
             x.done = draw_prepared_setup(s.participants, s.initiative, s.group, s.picked_monsters);
           }},
          {Slot::combat_join, [](SlotContext&) { draw_prepared_join(); }}};
}

}  // namespace druzina::ui
