// Rule "madness" on the sheet: each madness the creature has (kind, the table's row, its end or "until cured", its
// source, suppressed by calm emotions), players read it; the DM cures it (Calm emotions suppresses them all; Lesser
// restoration ends a short- or long-term one; Greater restoration any; End for the DM's own ruling — TreatMadness)
// and inflicts a new one rolled on madness-short / -long / -indefinite with an optional source (InflictMadness).
// Stored madness stays shown when the rule is switched off, without the buttons.
// Test ids: sheet.madness.<id> (its line), sheet.madness.<id>.{calm,lesser,greater,end}, sheet.madness.source,
// sheet.madness.inflict.{short,long,indefinite}; fear and horror: sheet.madness.dc, sheet.madness.{frighten,horrify}.
#include <imgui.h>

#include <map>
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

namespace {
// Fear (WIS save or frightened for 1 minute) and horror (CHA save or a short- / long-term madness): the DM sets the
// DC and asks; the save comes up as a prompt card (Frighten / Horrify).
void fear_and_horror(const Creature& c) {
  small_label(T("ui.madness.fear_title"));
  static std::map<std::string, int> dcs;
  int& dc = dcs.try_emplace(c.id, 15).first->second;
  stepper("sheet.madness.dc", dc, 1, 30, {.label = T("ui.madness.dc")});
  const float w = split_width(2);
  if (big_button(T("ui.madness.frighten"), ImVec2(w, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "Frighten", "target", c.id, "dc", dc}, 7.0);
  track("sheet.madness.frighten", T("ui.madness.frighten"));
  ImGui::SameLine();
  if (big_button(T("ui.madness.horrify"), ImVec2(w, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "Horrify", "target", c.id, "dc", dc}, 7.0);
  track("sheet.madness.horrify", T("ui.madness.horrify"));
  ImGui::Spacing();
}
}  // namespace

void madness(const Creature& c) {
  const auto v = rules::madness_view(model().state(), c);
  if (!v.on && v.entries.empty()) return;
  const bool dm = !ui_player_mode();
  section(T("ui.madness.title"));
  if (v.entries.empty()) muted(T("ui.madness.none"));
  for (const auto& m : v.entries) {
    ImGui::PushID(m.id.c_str());
    const std::string id = "sheet.madness." + m.id;
    std::string head = Tf("ui.madness.row", jobj{"kind", T(rules::madness_kind_key(m.kind)), "roll", m.roll});
    std::string when = m.ends_at ? Tf("ui.madness.ends", jobj{"when", clock_text(*m.ends_at),
                                                          "left", duration_text(std::max(0LL, *m.ends_at - v.now))})
                                 : std::string(T("ui.madness.until_cured"));
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s — %s", head.c_str(), when.c_str());
    ImGui::PopStyleColor();
    const std::string& text = m.text.in(ui().lang);
    ImGui::TextWrapped("%s", text.c_str());
    track(id, head + " — " + when + " " + text);
    if (m.suppressed_until) muted(Tf("ui.madness.suppressed", jobj{"when", clock_text(*m.suppressed_until)}).c_str());
    if (!m.source.empty()) muted(Tf("ui.madness.source", jobj{"source", rules::madness_source_text(ui().lang, m.source)}).c_str());
    if (dm && v.on) {
      auto treat = [&](const char* means) {
        dispatch_and_tell(jobj{"type", "TreatMadness", "target", c.id, "means", means, "madness", m.id}, 7.0);
      };
      const float w = split_width(2);
      if (m.kind != "indefinite") {
        if (big_button(T("ui.madness.lesser"), ImVec2(w, kTouchTarget))) treat("lesser_restoration");
        track(id + ".lesser", T("ui.madness.lesser"));
        ImGui::SameLine();
      }
      if (big_button(T("ui.madness.greater"), ImVec2(m.kind != "indefinite" ? w : 0, kTouchTarget))) treat("greater_restoration");
      track(id + ".greater", T("ui.madness.greater"));
      ImGui::BeginDisabled(m.suppressed_until.has_value());
      if (big_button(T("ui.madness.calm"), ImVec2(w, kTouchTarget)))
        dispatch_and_tell(jobj{"type", "TreatMadness", "target", c.id, "means", "calm_emotions"}, 7.0);
      ImGui::EndDisabled();
      track(id + ".calm", T("ui.madness.calm"));
      ImGui::SameLine();
      if (big_button(T("ui.madness.end"), ImVec2(w, kTouchTarget))) treat("dm");
      track(id + ".end", T("ui.madness.end"));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  if (v.on)
    for (const auto& cond : c.conditions)
      if (cond.id == "frightened" && cond.source == "fear")
        muted(Tf("ui.madness.frightened", jobj{"dc", cond.extra.value("dc", 10)}).c_str());
  if (!dm || !v.on || c.death_saves.dead) return;
  fear_and_horror(c);
  small_label(T("ui.madness.inflict"));
  static std::map<std::string, std::string> sources;
  std::string& source = sources[c.id];
  text_field("##madsource", T("ui.madness.source_hint"), source);
  track("sheet.madness.source", source);
  const float w = split_width(3);
  const std::pair<const char*, const char*> kinds[] = {
      {"short", "ui.madness.short"}, {"long", "ui.madness.long"}, {"indefinite", "ui.madness.indefinite"}};
  int k = 0;
  for (const auto& [kind, label] : kinds) {
    if (k++) ImGui::SameLine();
    if (big_button((std::string(T(label)) + "##mad").c_str(), ImVec2(w, kTouchTarget))) {
      json cmd = jobj{"type", "InflictMadness", "target", c.id, "kind", kind};
      if (!source.empty()) cmd["source"] = source.substr(0, 200);
      if (dispatch_and_tell(cmd, 9.0)) source.clear();
    }
    track(std::string("sheet.madness.inflict.") + kind, T(label));
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels madness_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::madness(*x.creature); }}};
}

}  // namespace druzina::ui
