// Rules → Tables (Generators) → Traps: the trap builder (the `trap` calculator: severity and the characters' level →
// the proposed save DC, attack bonus and damage), the SRD's sample traps as cards (Place → PlaceTrap) and, for the
// DM, the traps placed in the campaign used at the table: for a chosen creature its passive score or an active
// check (SearchForTrap), Disarm (DisarmTrap), Trigger (TriggerTrap with the creature as its target: the card's save
// or attack and damage; a complex trap joins the initiative order), Remove (RemoveTrap). The UI only reads the
// module's views (rules::trap_cards, rules::placed_traps) and issues its commands.
// Test ids: traps.card.<card>, traps.place.<card>, traps.target (+ traps.target.<id>), traps.placed.<id> (its state),
// traps.<id>.passive / .active / .disarm / .trigger / .remove, traps.none.

#include <imgui.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "core/rules/traps/traps.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/rules/calculator.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

using nlohmann::json;

std::string& target() {
  static std::string t;
  return t;
}

std::string ability_name(const std::string& a) { return Tk("ui.ability.", a); }

// The card's numbers in short lines: spotting, disarming, its effect.
std::string card_numbers(const rules::TrapCard& t) {
  std::string s = Tf("ui.traps.spot", jobj{"skill", T(("rules.traps.skill." + t.spot_skill).c_str()), "dc", t.spot_dc});
  if (!t.disarm_possible)
    s += "\n" + std::string(T("ui.traps.disarm_impossible"));
  else if (t.disarm_dc)
    s += "\n" + Tf("ui.traps.disarm_dc", jobj{"ability", ability_name(t.disarm_ability), "dc", *t.disarm_dc});
  else
    s += "\n" + std::string(T("ui.traps.disarm_no_check"));
  if (t.attack_bonus)
    s += "\n" + Tf("ui.traps.attack", jobj{"bonus", signed_num(*t.attack_bonus), "n", std::max(1, t.attacks),
                                       "damage", dice_notation(ui().lang, t.damage)});
  if (!t.save_ability.empty())
    s += "\n" + Tf("ui.traps.save", jobj{"ability", ability_name(t.save_ability), "dc", t.save_dc});
  if (!t.attack_bonus && !t.damage.empty()) s += "  \xC2\xB7  " + dice_notation(ui().lang, t.damage);
  if (!t.save_damage.empty()) s += "  \xC2\xB7  " + dice_notation(ui().lang, t.save_damage);
  if (t.half_on_success) s += "  \xC2\xB7  " + std::string(T("ui.traps.half"));
  if (t.complex) s += "\n" + Tf("ui.traps.complex", jobj{"bonus", signed_num(t.initiative_bonus)});
  return s;
}

void sample_cards(bool dm) {
  const Lang lang = ui().lang;
  section(T("ui.traps.samples"));
  for (const auto& t : rules::trap_cards()) {
    ImGui::PushID(t.id.c_str());
    begin_card("##trapcard", t.complex ? col_tint(hue_amber(), 0.15f) : ImVec4(0, 0, 0, 0));
    ImGui::PushFont(ui().fonts.big);
    ImGui::TextWrapped("%s", t.name.in(lang).c_str());
    ImGui::PopFont();
    const std::string nums = card_numbers(t);
    track("traps.card." + t.id, t.name.in(lang) + "\n" + nums);
    small_label(T(t.kind == "magic" ? "ui.traps.kind.magic" : "ui.traps.kind.mechanical"));
    ImGui::PushStyleColor(ImGuiCol_Text, col_good());
    ImGui::TextWrapped("%s", nums.c_str());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s", t.trigger.in(lang).c_str());
    ImGui::TextWrapped("%s", t.effect.in(lang).c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, col_muted());
    ImGui::TextWrapped("%s", t.disarm_text.in(lang).c_str());
    ImGui::PopStyleColor();
    if (dm) {
      if (big_button(T("ui.traps.place"))) dispatch_and_tell(jobj{"type", "PlaceTrap", "trap", t.id});
      track("traps.place." + t.id, T("ui.traps.place"));
    }
    end_card();
    ImGui::PopID();
  }
}

void target_picker() {
  const auto& state = model().state();
  const campaign::Creature* who = target().empty() ? nullptr : campaign::find_creature(state, target());
  if (!who || who->death_saves.dead) target().clear(), who = nullptr;
  std::string l = who ? Tf("ui.rules.table.for", jobj{"name", who->name}) : std::string(T("ui.rules.table.for_nobody"));
  if (big_button((l + "##traptarget").c_str())) open_popup("traptarget");
  track("traps.target", l);
  if (begin_popup("traptarget")) {
    for (const auto& c : state.creatures) {
      if (c.death_saves.dead) continue;
      ImGui::PushID(c.id.c_str());
      if (choice_button(c.name.c_str(), target() == c.id)) {
        target() = c.id;
        ImGui::CloseCurrentPopup();
      }
      ImGui::PopID();
      track("traps.target." + c.id, c.name);
    }
    end_popup();
  }
}

void placed_list() {
  const Lang lang = ui().lang;
  const auto placed = rules::placed_traps(model().state());
  section(T("ui.traps.placed"));
  if (placed.empty()) {
    muted(T("ui.traps.none"));
    track("traps.none", T("ui.traps.none"));
    return;
  }
  muted(T("ui.traps.placed_hint"));
  target_picker();
  const std::string who = target();
  for (const auto& p : placed) {
    if (!p.card) continue;
    ImGui::PushID(p.id.c_str());
    const bool armed = p.state == "armed";
    begin_card("##placed", armed ? col_tint(hue_red(), 0.18f) : ImVec4(0, 0, 0, 0));
    std::string title = p.card->name.in(lang) + "  \xC2\xB7  " + Tk("ui.traps.state.", p.state);
    ImGui::TextWrapped("%s", title.c_str());
    std::string found;
    for (const auto& f : p.found_by) found += (found.empty() ? "" : ", ") + creature_name(f);
    if (!found.empty()) {
      std::string line = Tf("ui.traps.found_by", jobj{"names", found});
      small_label(line.c_str());
      title += "\n" + line;
    }
    track("traps.placed." + p.id, title);
    const std::string pre = "traps." + p.id + ".";
    if (armed) {
      const float w = split_width(2);
      ImGui::BeginDisabled(who.empty());
      if (big_button(T("ui.traps.passive"), ImVec2(w, kTouchTarget)))
        dispatch_and_tell(jobj{"type", "SearchForTrap", "trap", p.id, "target", who});
      track(pre + "passive", T("ui.traps.passive"));
      ImGui::SameLine();
      if (big_button(T("ui.traps.active"), ImVec2(w, kTouchTarget)))
        dispatch_and_tell(jobj{"type", "SearchForTrap", "trap", p.id, "target", who, "active", true});
      track(pre + "active", T("ui.traps.active"));
      ImGui::BeginDisabled(!p.card->disarm_possible);
      if (big_button(T("ui.traps.disarm"), ImVec2(w, kTouchTarget)))
        dispatch_and_tell(jobj{"type", "DisarmTrap", "trap", p.id, "target", who});
      track(pre + "disarm", T("ui.traps.disarm"));
      ImGui::EndDisabled();
      ImGui::EndDisabled();
      ImGui::SameLine();
      json trig = jobj{"type", "TriggerTrap", "trap", p.id};
      if (!who.empty()) trig["target"] = who;
      if (colored_button(T("ui.traps.trigger"), col_tint(hue_red(), 0.6f), ImVec2(w, kTouchTarget), pre + "trigger"))
        dispatch_and_tell(trig, 8.0);
    }
    if (big_button(T("ui.traps.remove"))) dispatch_and_tell(jobj{"type", "RemoveTrap", "trap", p.id});
    track(pre + "remove", T("ui.traps.remove"));
    end_card();
    ImGui::PopID();
  }
}

}  // namespace

void draw_traps_generator() {
  heading(T("ui.traps.title"));
  track("traps.title", T("ui.traps.title"));
  muted(T("ui.traps.builder_hint"));
  draw_calculator("trap");
  const bool dm = !ui_player_mode();
  if (dm) placed_list();
  sample_cards(dm);
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels traps_ui() {
  return {{Slot::tables, [](SlotContext&) { draw_traps_generator(); }, [](const SlotContext&) { return true; }, "traps",
           "ui.traps.title", "ui.traps.card_body"}};
}

}  // namespace druzina::ui
