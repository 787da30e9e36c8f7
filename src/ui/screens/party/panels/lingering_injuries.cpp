// Rule "lingering-injuries" on the sheet: what the uncured injuries do now, each injury as a card with its cure
// options (TreatInjury by magic, regrowth, remove poison, a Medicine check rolled or entered, rest), remove (a
// mistake), "roll an injury" (RollInjury) and the scars, all read from the rule's typed view
// (rules::injuries_view). With the rule off, stored injuries and scars still show; the rule's commands
// (CureInjury too) are refused then, so no buttons.
#include <imgui.h>

#include <algorithm>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/rules.hpp"
#include "core/tables/table.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;
using sheet::quiet;

namespace {

void treat(const Creature& c, const rules::Injury& inj, const std::string& method, json extra = json::object()) {
  json cmd = jobj{"type", "TreatInjury", "target", c.id, "injury", inj.id, "method", method};
  for (auto it = extra.begin(); it != extra.end(); ++it) cmd[it.key()] = it.value();
  dispatch_and_tell(cmd, 8.0);
}

void injury_cures(const Creature& c, const rules::Injury& inj) {
  const json cure = inj.effects.is_object() && inj.effects.contains("cure") ? inj.effects["cure"] : json::object();
  const std::string base = "sheet.injury." + inj.id;
  const std::string cid = c.id, iid = inj.id;
  std::vector<std::pair<std::string, std::function<void()>>> options;
  if (cure.value("magic", false) || cure.contains("magic_min_level")) {
    int min_level = cure.value("magic_min_level", 1);
    options.push_back({Tf("ui.injury.cure.magic", jobj{"min", min_level}), [cid, iid, min_level] {
                         pad::open_value(T("ui.injury.spell_level"), std::max(1, min_level), 1, 9, [cid, iid](int lvl) {
                           dispatch_and_tell(jobj{"type", "TreatInjury", "target", cid, "injury", iid, "method", "magic", "spell_level", lvl}, 8.0);
                         });
                       }});
  }
  if (cure.value("regrowth", false))
    options.push_back({T("ui.injury.cure.regrowth"), [cid, iid] {
                         pad::open_value(T("ui.injury.spell_level"), 7, 1, 9, [cid, iid](int lvl) {
                           dispatch_and_tell(jobj{"type", "TreatInjury", "target", cid, "injury", iid, "method", "regrowth", "spell_level", lvl}, 8.0);
                         });
                       }});
  if (cure.value("remove_poison", false))
    options.push_back({T("ui.injury.cure.remove_poison"), [&c, &inj] { treat(c, inj, "remove_poison"); }});
  if (cure.contains("medicine_dc")) {
    int dc = cure.value("medicine_dc", 10);
    options.push_back({Tf("ui.injury.cure.medicine_roll", jobj{"dc", dc}), [&c, &inj] { treat(c, inj, "medicine"); }});
    options.push_back({Tf("ui.injury.cure.medicine_enter", jobj{"dc", dc}), [cid, iid] {
                         pad::open_value(T("ui.injury.medicine_check"), 10, -10, 60, [cid, iid](int total) {
                           dispatch_and_tell(jobj{"type", "TreatInjury", "target", cid, "injury", iid, "method", "medicine", "check", total}, 8.0);
                         }, true);
                       }});
  }
  if (cure.contains("rest_days") && !cure.value("splint", false))
    options.push_back({Tf("ui.injury.cure.rest_days", jobj{"n", cure.value("rest_days", 0)}), [&c, &inj] { treat(c, inj, "rest_days"); }});
  if (cure.contains("rest_only_days"))
    options.push_back({Tf("ui.injury.cure.rest_only_days", jobj{"n", cure.value("rest_only_days", 0)}),
                       [&c, &inj] { treat(c, inj, "rest_only_days"); }});
  const float w = split_width(2);
  int k = 0;
  std::function<void()> run;
  for (auto& [label, fn] : options) {
    if (k % 2) ImGui::SameLine();
    ImGui::PushID(k);
    ImGui::PushFont(ui().fonts.small);
    if (big_button(label.c_str(), ImVec2(w, 48))) run = fn;
    ImGui::PopFont();
    ImGui::PopID();
    track(base + ".cure" + std::to_string(k), label);
    ++k;
  }
  {
    ImGui::PushFont(ui().fonts.small);
    if (big_button(T("ui.injury.remove"), ImVec2(0, 44)))
      ask_confirm_destructive("injury.remove." + inj.id, Tf("ui.injury.remove_confirm", jobj{"text", inj.text.in(ui().lang)}));
    ImGui::PopFont();
    track(base + ".remove", T("ui.injury.remove"));
    if (confirm_popup("injury.remove." + inj.id))
      dispatch_and_tell(jobj{"type", "RemoveInjury", "target", cid, "injury", iid});
  }
  if (run) run();
}

}  // namespace

void lingering_injuries(const Creature& c) {
  const rules::InjuriesView view = rules::injuries_view(model().state(), c);
  const bool module = view.on;
  if (!module && view.injuries.empty() && view.scars.empty()) return;
  section(T("ui.sheet.injuries"));
  if (module) {
    const rules::InjuryEffects& fx = view.effects;
    std::vector<std::string> lines;
    for (const auto& r : fx.disadvantage) {
      lines.push_back(Tf("ui.injury.fx.disadvantage", jobj{"what", Tk_or("tables.roll.", r, r)}));
    }
    for (const auto& r : fx.advantage) {
      lines.push_back(Tf("ui.injury.fx.advantage", jobj{"what", Tk_or("tables.roll.", r, r)}));
    }
    if (fx.no_reactions) lines.push_back(T("ui.injury.fx.no_reactions"));
    if (fx.one_hand) lines.push_back(T("ui.injury.fx.one_hand"));
    if (fx.action_or_bonus) lines.push_back(T("ui.injury.fx.action_or_bonus"));
    if (fx.needs_crutch) lines.push_back(T("ui.injury.fx.crutch"));
    if (fx.dash_prone) lines.push_back(T("ui.injury.fx.dash_prone"));
    if (fx.dash_save_dc) lines.push_back(Tf("ui.injury.fx.dash_save", jobj{"dc", fx.dash_save_dc}));
    if (fx.verbal_spell_fail_d20) lines.push_back(Tf("ui.injury.fx.verbal", jobj{"n", fx.verbal_spell_fail_d20}));
    for (const auto& s : fx.combat_saves) lines.push_back(Tf("ui.injury.fx.combat_save", jobj{"dc", s.dc}));
    if (fx.max_hp_per_day) lines.push_back(Tf("ui.injury.fx.max_hp_day", jobj{"n", -fx.max_hp_per_day}));
    if (fx.hp_per_hour) lines.push_back(Tf("ui.injury.fx.hp_hour", jobj{"n", -fx.hp_per_hour}));
    if (fx.exhaustion_floor) lines.push_back(Tf("ui.injury.fx.exhaustion", jobj{"n", fx.exhaustion_floor}));
    for (const auto& l : lines) ImGui::BulletText("%s", l.c_str());
  }
  int shown = 0;
  for (const auto& inj : view.injuries) {
    if (inj.cured) continue;
    ++shown;
    ImGui::PushID(inj.id.c_str());
    begin_card("##inj", col_tint(hue_red(), 0.22f));
    // The injury's name big, its full text (mechanics and cure) below in the small font.
    const std::string kind = inj.effects.is_object() ? inj.effects.value("injury", std::string()) : std::string();
    const std::string name = kind.empty() ? std::string() : Tk_or("tables.injury.", kind, std::string());
    ImGui::PushFont(ui().fonts.big);
    ImGui::TextWrapped("%s", ("\xE2\x9A\x95 " + (name.empty() ? inj.text.in(ui().lang) : name)).c_str());
    ImGui::PopFont();
    track("sheet.injury." + inj.id, inj.text.in(ui().lang));
    std::string since = Tf("ui.injury.since", jobj{"when", clock_text(inj.since_minutes)});
    if (inj.table_row > 0) {
      std::string table = tables::has_table(inj.table) ? tables::table(inj.table).title.in(ui().lang) : inj.table;
      since += "  \xC2\xB7  " + Tf("ui.injury.row", jobj{"table", table, "roll", inj.table_row});
    }
    ImGui::PushFont(ui().fonts.small);
    if (!name.empty()) ImGui::TextWrapped("%s", inj.text.in(ui().lang).c_str());
    muted(since.c_str());
    ImGui::PopFont();
    if (!ui_player_mode() && module) injury_cures(c, inj);
    end_card();
    ImGui::PopID();
  }
  if (shown == 0) muted(T("ui.injury.none"));
  if (!ui_player_mode() && module && !c.death_saves.dead) {
    if (big_button(T("ui.injury.roll"), ImVec2(0, 48))) dispatch_and_tell(jobj{"type", "RollInjury", "target", c.id}, 8.0);
    track("sheet.injury.roll", T("ui.injury.roll"));
  }
  if (!view.scars.empty()) {
    ImGui::TextUnformatted(T("ui.sheet.scars"));
    for (size_t k = 0; k < view.scars.size(); ++k) {
      const std::string& text = view.scars[k].text.in(ui().lang);
      ImGui::Bullet();  // (BulletText does not wrap: a long scar's line would run off the phone's edge)
      ImGui::SameLine();
      ImGui::TextWrapped("%s", text.c_str());
      track("sheet.scar." + std::to_string(k), text);
    }
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels lingering_injuries_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::lingering_injuries(*x.creature); }},
      {Slot::sheet_stranger, [](SlotContext& x) { panels::lingering_injuries(*x.creature); }},
      {Slot::combat_reminders, [](SlotContext& x) {  // what the open injuries do in a fight
         const rules::InjuriesView iv = rules::injuries_view(model().state(), *x.creature);
         if (!iv.on) return;
         const rules::InjuryEffects& fx = iv.effects;
         auto& lines = *x.facts;
         for (const auto& s : fx.combat_saves) lines.push_back(Tf("ui.injury.fx.combat_save", jobj{"dc", s.dc}));
         for (const auto& r : fx.disadvantage) lines.push_back(Tf("ui.injury.fx.disadvantage", jobj{"what", Tk_or("tables.roll.", r, r)}));
         if (fx.no_reactions) lines.push_back(T("ui.injury.fx.no_reactions"));
         if (fx.action_or_bonus) lines.push_back(T("ui.injury.fx.action_or_bonus"));
         if (fx.verbal_spell_fail_d20) lines.push_back(Tf("ui.injury.fx.verbal", jobj{"n", fx.verbal_spell_fail_d20}));
       }}};
}

}  // namespace druzina::ui
