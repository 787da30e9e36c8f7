// Rule "diseases" on the sheet: each infection the creature has (the disease, incubating until when or sick, the
// contagion spell's saves, the DC now, failed saves, sight rot's penalty, eyebright doses, its 7-day end, the source,
// the symptoms), players read it; the DM records the contagion spell's saves (RecordDiseaseSave), applies eyebright
// ointment to sight rot and cures (Lesser restoration, Cure — CureDisease), and exposes the creature to a disease
// (the infection save, rolled — ExposeToDisease) or infects it directly (InfectDisease), with an optional source and,
// for the contagion spell's diseases, the caster's spell save DC. The long rest's saves come as prompts (party
// screen). Stored infections stay shown when the rule is switched off, without the buttons.
// Test ids: sheet.disease.<disease id> (its line), sheet.disease.<id>.{save_ok,save_fail,eyebright,lesser,cure},
// sheet.disease.pick.<disease id>, sheet.disease.source, sheet.disease.dc (a stepper), sheet.disease.{expose,infect}.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/rules/diseases/diseases.hpp"
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

std::string state_text(const rules::Infection& i, long long now) {
  if (i.stage == "incubating" && i.symptoms_at)
    return Tf("ui.diseases.incubating", jobj{"when", clock_text(*i.symptoms_at),
                                         "left", duration_text(std::max(0LL, *i.symptoms_at - now))});
  if (i.stage == "incubating") return Tf("ui.diseases.spell_saves", jobj{"successes", i.successes, "failures", i.failures});
  if (i.ends_at)
    return Tf("ui.diseases.ends", jobj{"when", clock_text(*i.ends_at), "left", duration_text(std::max(0LL, *i.ends_at - now))});
  return T("ui.diseases.sick");
}

std::string details_text(const rules::Infection& i) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : " · ") + s; };
  add(Tf("ui.diseases.dc", jobj{"dc", i.dc}));
  if (i.info->madness_after_failures > 0 && i.failures > 0)
    add(Tf("ui.diseases.failures", jobj{"n", i.failures, "of", i.info->madness_after_failures}));
  if (i.penalty > 0) add(Tf("ui.diseases.penalty", jobj{"n", i.penalty}));
  if (i.info->doses_to_cure > 0 && i.doses > 0) add(Tf("ui.diseases.doses", jobj{"n", i.doses, "of", i.info->doses_to_cure}));
  if (i.ointment) add(T("ui.diseases.ointment"));
  if (i.exhaustion > 0) add(Tf("ui.diseases.exhaustion", jobj{"n", i.exhaustion}));
  return out;
}

}  // namespace

void diseases(const Creature& c) {
  const auto v = rules::diseases_view(model().state(), c);
  if (!v.on && v.infections.empty()) return;
  const bool dm = !ui_player_mode();
  section(T("ui.diseases.title"));
  if (v.infections.empty()) muted(T("ui.diseases.none"));
  for (const auto& i : v.infections) {
    if (!i.info) continue;
    ImGui::PushID(i.disease.c_str());
    const std::string id = "sheet.disease." + i.disease;
    const std::string name = i.info->name.in(ui().lang), state = state_text(i, v.now), details = details_text(i);
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s — %s", name.c_str(), state.c_str());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s", details.c_str());
    track(id, name + " — " + state + " · " + details);
    if (i.stage == "sick") muted(i.info->symptoms.in(ui().lang).c_str());
    if (!i.info->long_rest_text.in(ui().lang).empty()) muted(i.info->long_rest_text.in(ui().lang).c_str());
    if (!i.source.empty()) muted(Tf("ui.diseases.source", jobj{"source", i.source}).c_str());
    if (dm && v.on) {
      auto cure = [&](const char* means) {
        dispatch_and_tell(jobj{"type", "CureDisease", "target", c.id, "disease", i.disease, "means", means}, 7.0);
      };
      const float w = split_width(2);
      if (i.info->kind == "contagion" && i.stage == "incubating") {
        auto save = [&](bool ok) {
          dispatch_and_tell(jobj{"type", "RecordDiseaseSave", "target", c.id, "disease", i.disease, "success", ok}, 7.0);
        };
        if (big_button(T("ui.diseases.save_ok"), ImVec2(w, kTouchTarget))) save(true);
        track(id + ".save_ok", T("ui.diseases.save_ok"));
        ImGui::SameLine();
        if (big_button(T("ui.diseases.save_fail"), ImVec2(w, kTouchTarget))) save(false);
        track(id + ".save_fail", T("ui.diseases.save_fail"));
      }
      if (i.info->doses_to_cure > 0) {
        ImGui::BeginDisabled(i.ointment);
        if (big_button(T("ui.diseases.eyebright"), ImVec2(0, kTouchTarget))) cure("eyebright");
        ImGui::EndDisabled();
        track(id + ".eyebright", T("ui.diseases.eyebright"));
      }
      if (big_button(T("ui.diseases.lesser"), ImVec2(w, kTouchTarget))) cure("lesser_restoration");
      track(id + ".lesser", T("ui.diseases.lesser"));
      ImGui::SameLine();
      if (big_button(T("ui.diseases.cure"), ImVec2(w, kTouchTarget))) cure("dm");
      track(id + ".cure", T("ui.diseases.cure"));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  if (!dm || !v.on || c.death_saves.dead) return;
  small_label(T("ui.diseases.add"));
  const auto& list = rules::disease_list();
  std::vector<std::string> ids, labels;
  for (const auto& d : list) {
    ids.push_back(d.id);
    labels.push_back(d.name.in(ui().lang));
  }
  static std::map<std::string, int> picks, dcs;
  static std::map<std::string, std::string> sources;
  int& pick = picks[c.id];
  if (pick < 0 || pick >= static_cast<int>(list.size())) pick = 0;
  segmented("sheet.disease.pick", options(ids, labels), pick, 2);
  const rules::Disease& chosen = list[static_cast<size_t>(pick)];
  muted(chosen.symptoms.in(ui().lang).c_str());
  std::string& source = sources[c.id];
  text_field("##disease_source", T("ui.diseases.source_hint"), source);
  track("sheet.disease.source", source);
  int& dc = dcs.try_emplace(c.id, 15).first->second;
  if (!chosen.save_dc) {
    StepperOptions o;
    o.label = T("ui.diseases.spell_dc");
    stepper("sheet.disease.dc", dc, 1, 30, o);
  }
  const float w = split_width(2);
  auto send = [&](const char* type) {
    json cmd = jobj{"type", type, "target", c.id, "disease", chosen.id};
    if (!source.empty()) cmd["source"] = source.substr(0, 200);
    if (!chosen.save_dc) cmd["dc"] = dc;
    if (dispatch_and_tell(cmd, 9.0)) source.clear();
  };
  const bool has = std::any_of(v.infections.begin(), v.infections.end(), [&](const rules::Infection& i) { return i.disease == chosen.id; });
  ImGui::BeginDisabled(has);
  if (big_button(T("ui.diseases.expose"), ImVec2(w, kTouchTarget))) send("ExposeToDisease");
  track("sheet.disease.expose", T("ui.diseases.expose"));
  ImGui::SameLine();
  if (big_button(T("ui.diseases.infect"), ImVec2(w, kTouchTarget))) send("InfectDisease");
  track("sheet.disease.infect", T("ui.diseases.infect"));
  ImGui::EndDisabled();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels diseases_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::diseases(*x.creature); }}};
}

}  // namespace druzina::ui
