// Rule "poisons" on the sheet: each poison acting on the creature (the poison, until when or until cured, the failed
// save against its DC, the damage it dealt, the repeated saves, the source, its special rule's note), players read
// it; the DM records the saves a poison repeats (Save ✓ / Save × — RecordPoisonSave) and ends it
// (Lesser restoration, Protection from poison, End — CurePoison) and poisons the creature: "Poison…" opens a search
// over the fourteen SRD poisons in the reader's language, the chosen one's facts, an optional source, then the CON
// save rolled by the engine ("Roll the save") or its total entered ("Enter the roll" with the stepper) —
// PoisonCreature; it closes when the command is taken (or by Close). Stored poisons stay shown when the rule is
// switched off, without the buttons.
// Test ids: sheet.poison.<poison id> (its line), sheet.poison.<id>.{save_ok,save_fail,lesser,protection,cure},
// sheet.poison.{open,close,search}, sheet.poison.pick.<poison id>, sheet.poison.source, sheet.poison.total (a
// stepper), sheet.poison.{roll,enter}.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/reference/reference.hpp"
#include "core/rules/poisons/poisons.hpp"
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

namespace {

std::string end_text(const rules::PoisonEffect& e, long long now) {
  if (e.ends_at)
    return Tf("ui.poisons.ends", jobj{"when", clock_text(*e.ends_at), "left", duration_text(std::max(0LL, *e.ends_at - now))});
  return T("ui.poisons.until_cured");
}

std::string note_of(const rules::Poison& p) {
  const std::string note_key = std::string("ui.poisons.note.") + p.id;  // a note for the poisons with a special rule
  return has_key(ui().lang, note_key) ? std::string(T(note_key)) : std::string();
}

std::string facts_of(const rules::Poison& p) {
  std::string effect;
  auto add = [&](const std::string& s) { effect += (effect.empty() ? "" : ", ") + s; };
  if (!p.damage.empty()) add(Tf("ui.poisons.damage", jobj{"dice", p.damage}) + (p.half_on_success ? std::string(" (") + T("ui.poisons.half") + ")" : std::string()));
  for (const auto& c : p.conditions) {
    const std::string condition_key = std::string("campaign.condition.") + c;
    add(T(condition_key));
  }
  const std::string type_key = std::string("ui.rules.calc.value.") + p.type;
  return Tf("ui.poisons.facts", jobj{"type", T(type_key), "dc", p.save_dc, "effect", effect});
}

}  // namespace

void poisons(const Creature& c) {
  const auto v = rules::poisons_view(model().state(), c);
  if (!v.on && v.effects.empty()) return;
  const bool dm = !ui_player_mode();
  if (!dm && v.effects.empty()) return;
  section(T("ui.poisons.title"));
  if (v.effects.empty()) muted(T("ui.poisons.none"));
  for (const auto& e : v.effects) {
    if (!e.info) continue;
    ImGui::PushID(e.poison.c_str());
    const std::string id = "sheet.poison." + e.poison;
    const std::string name = e.info->name.in(ui().lang), end = end_text(e, v.now);
    std::string details = Tf("ui.poisons.details", jobj{"save", e.save, "dc", e.dc, "damage", e.damage});
    if (e.info->repeat_successes > 0) details += " · " + Tf("ui.poisons.successes", jobj{"n", e.successes, "of", e.info->repeat_successes});
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s — %s", name.c_str(), end.c_str());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s", details.c_str());
    track(id, name + " — " + end + " · " + details);
    const std::string note = note_of(*e.info);
    if (!note.empty()) muted(note.c_str());
    if (!e.source.empty()) muted(Tf("ui.poisons.source", jobj{"source", e.source}).c_str());
    if (dm && v.on) {
      auto cure = [&](const char* means) {
        dispatch_and_tell(jobj{"type", "CurePoison", "target", c.id, "poison", e.poison, "means", means}, 7.0);
      };
      const float w = split_width(2);
      if (!e.info->repeat_when.empty()) {
        auto save = [&](bool ok) {
          dispatch_and_tell(jobj{"type", "RecordPoisonSave", "target", c.id, "poison", e.poison, "success", ok}, 7.0);
        };
        if (big_button(T("ui.poisons.save_ok"), ImVec2(w, kTouchTarget))) save(true);
        track(id + ".save_ok", T("ui.poisons.save_ok"));
        ImGui::SameLine();
        if (big_button(T("ui.poisons.save_fail"), ImVec2(w, kTouchTarget))) save(false);
        track(id + ".save_fail", T("ui.poisons.save_fail"));
      }
      if (big_button(T("ui.poisons.lesser"), ImVec2(w, kTouchTarget))) cure("lesser_restoration");
      track(id + ".lesser", T("ui.poisons.lesser"));
      ImGui::SameLine();
      if (big_button(T("ui.poisons.protection"), ImVec2(w, kTouchTarget))) cure("protection_from_poison");
      track(id + ".protection", T("ui.poisons.protection"));
      if (big_button(T("ui.poisons.cure"), ImVec2(0, kTouchTarget))) cure("dm");
      track(id + ".cure", T("ui.poisons.cure"));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  if (!dm || !v.on || c.death_saves.dead) return;
  static std::map<std::string, bool> opened;
  static std::map<std::string, std::string> queries, picked, sources;
  static std::map<std::string, int> totals;
  bool& open = opened[c.id];
  if (!open) {
    if (big_button(T("ui.poisons.add"), ImVec2(0, kTouchTarget))) open = true;
    track("sheet.poison.open", T("ui.poisons.add"));
    return;
  }
  small_label(T("ui.poisons.add"));
  std::string& query = queries[c.id];
  text_field("##poison_search", T("ui.poisons.search_hint"), query);
  track("sheet.poison.search", query);
  const auto words = reference::terms(query);
  std::vector<const rules::Poison*> found;
  for (const auto& p : rules::poison_list()) {
    const std::string hay = reference::fold(p.name.in(ui().lang)) + " " + reference::fold(p.name.en) + " " + p.id;
    if (std::all_of(words.begin(), words.end(), [&](const std::string& w) { return hay.find(w) != std::string::npos; }))
      found.push_back(&p);
  }
  auto close = [&] {
    if (big_button(T("ui.poisons.close"), ImVec2(0, kTouchTarget))) open = false;
    track("sheet.poison.close", T("ui.poisons.close"));
  };
  if (found.empty()) {
    muted(T("ui.poisons.no_match"));
    close();
    return;
  }
  std::string& pick = picked[c.id];
  if (std::none_of(found.begin(), found.end(), [&](const rules::Poison* p) { return p->id == pick; })) pick = found.front()->id;
  std::vector<std::string> ids, labels;
  int current = 0;
  for (size_t i = 0; i < found.size(); ++i) {
    ids.push_back(found[i]->id);
    labels.push_back(found[i]->name.in(ui().lang));
    if (found[i]->id == pick) current = static_cast<int>(i);
  }
  if (segmented("sheet.poison.pick", options(ids, labels), current, 2)) pick = ids[static_cast<size_t>(current)];
  const rules::Poison& chosen = *found[static_cast<size_t>(current)];
  muted(facts_of(chosen).c_str());
  if (const std::string note = note_of(chosen); !note.empty()) muted(note.c_str());
  std::string& source = sources[c.id];
  text_field("##poison_source", T("ui.poisons.source_hint"), source);
  track("sheet.poison.source", source);
  const bool has = std::any_of(v.effects.begin(), v.effects.end(), [&](const rules::PoisonEffect& e) { return e.poison == chosen.id; });
  auto send = [&](std::optional<int> roll) {
    json cmd = jobj{"type", "PoisonCreature", "target", c.id, "poison", chosen.id};
    if (roll) cmd["roll"] = *roll;
    if (!source.empty()) cmd["source"] = source.substr(0, 200);
    if (dispatch_and_tell(cmd, 9.0)) {
      source.clear();
      open = false;
    }
  };
  ImGui::BeginDisabled(has);
  if (big_button(T("ui.poisons.roll"), ImVec2(0, kTouchTarget))) send(std::nullopt);
  track("sheet.poison.roll", T("ui.poisons.roll"));
  int& total = totals.try_emplace(c.id, 10).first->second;
  StepperOptions o;
  o.label = T("ui.poisons.total");
  stepper("sheet.poison.total", total, -5, 40, o);
  if (big_button(T("ui.poisons.enter"), ImVec2(0, kTouchTarget))) send(total);
  track("sheet.poison.enter", T("ui.poisons.enter"));
  ImGui::EndDisabled();
  close();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels poisons_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::poisons(*x.creature); }}};
}

}  // namespace druzina::ui
