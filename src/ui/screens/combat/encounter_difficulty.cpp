// Rule "encounter-difficulty" on the Combat screen (DM only): the difficulty of a group of monsters for the party
// (the picked ones before a fight, each prepared encounter, the running fight) and, when a fight ends, the XP award
// the end asks about (EndEncounter {award_xp}). The arithmetic is the core's (rules::difficulty_for,
// rules::xp_award_preview). Its choice under its switch in Settings → Rules: the DMG's thresholds or the 2024 budget
// (SetSettings {encounter_rules}). Test ids: combat.difficulty, combat.prep.difficulty.<encounter>,
// combat.fight_difficulty, settings.encounter.rules.<2014 | 2024>.
#include <imgui.h>

#include <algorithm>

#include "core/json_obj.hpp"
#include "core/rules/encounter_difficulty/encounter_difficulty.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

bool difficulty_on() { return !ui_player_mode() && rule_on(rules::kEncounterDifficulty); }

std::string difficulty_text(const rules::EncounterDifficulty& d) {
  const auto& st = model().state();
  const std::string word = Tk("ui.encounter.difficulty.", d.difficulty);
  nlohmann::json args = jobj{"difficulty", word, "xp", d.xp, "adjusted", d.adjusted_xp,
                             "pcs", rules::encounter_party_levels(st).size()};
  for (const auto& [name, v] : d.thresholds) args[name] = v;
  if (rules::encounter_rules(st) == rules::EncounterRules::budget2024) return Tf("ui.encounter.difficulty.line2024", args);
  return Tf("ui.encounter.difficulty.line", args) + "\n" + Tf("ui.encounter.difficulty.thresholds", args);
}

void draw_line(const std::vector<int>& xp, const std::string& test_id) {
  if (!difficulty_on() || xp.empty() || rules::encounter_party_levels(model().state()).empty()) return;
  // Monsters whose XP nobody knows (no challenge rating): no difficulty to tell ("trivial, 0 XP" would mislead).
  if (std::all_of(xp.begin(), xp.end(), [](int x) { return x <= 0; })) return;
  const std::string text = difficulty_text(rules::difficulty_for(model().state(), xp));
  muted(text.c_str());
  track(test_id, text);
}

// Settings → Rules, under the rule's switch: which way the difficulty is read.
void settings_panel(SlotContext& x) {
  if (x.rule != rules::kEncounterDifficulty) return;
  int at = rules::encounter_rules(model().state()) == rules::EncounterRules::budget2024 ? 1 : 0;
  if (segmented("settings.encounter.rules",
                {{"2014", T("ui.encounter.rules.2014")}, {"2024", T("ui.encounter.rules.2024")}}, at, 1))
    model().dispatch(jobj{"type", "SetSettings", "encounter_rules", at == 1 ? "2024" : "2014"});
}

void draw_picked_difficulty(const CombatSetup& setup) {
  std::vector<std::string> monsters;
  for (const auto& id : setup.picked_monsters)
    if (const auto* c = campaign::find_creature(model().state(), id.get<std::string>()); c && c->kind == "monster")
      monsters.push_back(c->id);
  draw_line(rules::monsters_xp(model().state(), monsters), "combat.difficulty");
}

void draw_prepared_difficulty(const std::string& encounter) {
  for (const auto& e : rules::prepared_encounters(model().state()))
    if (e.id == encounter) draw_line(rules::prepared_encounter_xp(model().state(), e), "combat.prep.difficulty." + e.id);
}

void draw_fight_difficulty() {  // when the fight starts
  const auto& st = model().state();
  if (!st.encounter || st.encounter->round != 1) return;
  std::vector<std::string> ids;
  for (const auto& e : st.encounter->order)
    if (!e.lair) ids.push_back(e.creature);
  draw_line(rules::monsters_xp(st, ids), "combat.fight_difficulty");
}

// The end of a fight asks whether to award its XP.
void award_question(SlotContext& x) {
  if (!difficulty_on()) return;
  const auto a = rules::xp_award_preview(model().state());
  if (a.creatures.empty() || a.total <= 0) return;
  x.facts->push_back(Tf("ui.encounter.award", jobj{"total", a.total, "each", a.each, "count", a.creatures.size()}));
  (*x.params)["award_xp"] = true;
}

}  // namespace

RulePanels encounter_difficulty_ui() {
  return {{Slot::combat_picked, [](SlotContext& x) { draw_picked_difficulty(*x.setup); }},
          {Slot::prepared_encounter, [](SlotContext& x) { draw_prepared_difficulty(x.subject); }},
          {Slot::combat_header, [](SlotContext&) { draw_fight_difficulty(); }},
          {Slot::combat_end, award_question},
          {Slot::settings_rule, settings_panel}};
}

}  // namespace druzina::ui
