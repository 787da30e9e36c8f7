// Rule "intelligence" on the sheet: speaks / reads and writes / counts, the intelligence points and picks (active
// or inactive), picking a skill, tool, language or expertise while the window is open (PickIntelligence); for the
// DM: "learned to read and write" / "learned to count" in play (LearnLiteracy; the core refuses reading below
// INT 7 and the refusal is the notice), and closing / opening the pick window again (Close/OpenIntelligencePicks).
#include <imgui.h>

#include <algorithm>
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
using sheet::quiet;

namespace {

void literacy_controls(const Creature& c, const rules::IntelligenceView& v) {
  if (ui_player_mode() || c.death_saves.dead) return;
  if (!v.can_read_write) {
    // Enabled below INT 7 too: the core says why it cannot be learned (the notice).
    if (big_button(T("ui.int.learn_reading"), ImVec2(0, 48)))
      dispatch_and_tell(jobj{"type", "LearnLiteracy", "target", c.id, "skill", "reading"}, 8.0);
    track("sheet.int.learn_reading", T("ui.int.learn_reading"));
  }
  if (!v.can_count) {
    if (big_button(T("ui.int.learn_counting"), ImVec2(0, 48)))
      dispatch_and_tell(jobj{"type", "LearnLiteracy", "target", c.id, "skill", "counting"}, 8.0);
    track("sheet.int.learn_counting", T("ui.int.learn_counting"));
  }
}

void pick_window_control(const Creature& c, const rules::IntelligenceView& v) {
  if (ui_player_mode()) return;
  if (v.window_open) {
    if (big_button(T("ui.int.close_window"), ImVec2(0, 48)))
      dispatch_and_tell(jobj{"type", "CloseIntelligencePicks", "target", c.id});
    track("sheet.int.window_close", T("ui.int.close_window"));
  } else {
    if (big_button(T("ui.int.open_window"), ImVec2(0, 48)))
      dispatch_and_tell(jobj{"type", "OpenIntelligencePicks", "target", c.id});
    track("sheet.int.window_open", T("ui.int.open_window"));
  }
}

struct PickDraft {
  std::string for_id, name;
  int kind = 0;
};

}  // namespace

void intelligence(const Creature& c) {
  if (!rule_on(rules::kIntelligence)) return;
  section(T("ui.int.title"));
  rules::IntelligenceView v = rules::intelligence_view(model().state(), c);
  auto yes_no = [](bool ok, const char* what) {
    std::string s = std::string(ok ? "\xE2\x9C\x93 " : "\xE2\x9C\x95 ") + T(what);
    ImGui::PushStyleColor(ImGuiCol_Text, ok ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : col_bad());
    ImGui::TextWrapped("%s", s.c_str());
    ImGui::PopStyleColor();
  };
  yes_no(v.can_speak, "ui.int.speak");
  yes_no(v.can_read_write, "ui.int.read");
  if (!v.can_read_write) muted(v.can_learn_reading ? T("ui.int.can_learn_reading") : T("ui.int.never_reading"));
  yes_no(v.can_count, "ui.int.count");
  ImGui::TextWrapped("%s", Tf("ui.int.points", jobj{"points", v.points, "active", v.active, "free", v.free}).c_str());
  track("sheet.int.points", std::to_string(v.points));
  for (const auto& p : v.picks) {
    std::string line = Tk_or("ui.int.kind.", p.pick.kind, p.pick.kind) + ": " + p.pick.name;
    if (!p.active) line += "  (" + std::string(T("ui.int.inactive")) + ")";
    ImGui::BulletText("%s", line.c_str());
  }
  if (ui_player_mode()) return;
  literacy_controls(c, v);
  static PickDraft d;
  const bool can_pick = v.window_open && v.free > 0;
  if (!can_pick) {
    if (v.free > 0 && !v.window_open) muted(T("ui.int.window_closed"));
    pick_window_control(c, v);
    return;
  }
  if (d.for_id != c.id) d = PickDraft{c.id, "", 0};
  static const char* const kinds[] = {"skill", "tool", "language", "expertise"};
  std::vector<std::string> labels;
  for (const char* k : kinds) labels.push_back(T(std::string("ui.int.kind.") + k));
  ImGui::PushFont(ui().fonts.small);
  segmented("sheet.int.kind", options({"skill", "tool", "language", "expertise"}, labels), d.kind);
  ImGui::PopFont();
  text_field("##pickname", T("ui.int.pick_name"), d.name);
  track("sheet.int.name", d.name);
  ImGui::BeginDisabled(d.name.empty());
  if (colored_button(T("ui.int.pick"), col_good(), ImVec2(0, 52), "sheet.int.pick")) {
    if (quiet(jobj{"type", "PickIntelligence", "target", c.id, "kind", kinds[d.kind], "name", d.name}))
      d.name.clear();
  }
  ImGui::EndDisabled();
  pick_window_control(c, v);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels intelligence_ui() {
  return {
      {Slot::sheet_after_items, [](SlotContext& x) { panels::intelligence(*x.creature); }}};
}

}  // namespace druzina::ui
