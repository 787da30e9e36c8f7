// Rule "alignment" on the sheet: the creature's alignment (name, abbreviation, the short description); the DM
// changes it with a 3 × 3 grid (LG NG CG / LN N CN / LE NE CE), Unaligned and Not set (SetAlignment). Players read
// their party's; nothing shows while none is set.
#include <imgui.h>

#include <string>

#include "core/rules/alignment/alignment.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
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

void alignment(const Creature& c) {
  const rules::AlignmentView v = rules::alignment_view(model().state(), c);
  if (!v.on) return;
  const bool dm = !ui_player_mode() && !c.death_saves.dead;
  if (!dm && !v.info) return;
  section(T("ui.alignment.title"));
  const std::string now = v.info ? std::string(T(v.info->name_key)) + " (" + T(v.info->abbr_key) + ")" : T("rules.alignment.none");
  ImGui::TextWrapped("%s", now.c_str());
  track("sheet.alignment", now);
  if (v.info) muted(T(v.info->desc_key));
  if (!dm) return;
  static std::string open_for;
  if (open_for != c.id) {
    if (big_button(T("ui.alignment.change"), ImVec2(0, kTouchTarget))) open_for = c.id;
    track("sheet.alignment.change", T("ui.alignment.change"));
    return;
  }
  auto set = [&](const char* id) {
    json cmd = jobj{"type", "SetAlignment", "target", c.id};
    if (id) cmd["alignment"] = id;
    sheet::quiet(cmd);
  };
  const std::string current = v.info ? v.info->id : "";
  const float w = split_width(3);
  int k = 0;
  for (const auto& a : rules::alignments()) {
    if (std::string(a.id) == "unaligned") continue;
    if (k++ % 3) ImGui::SameLine();
    if (toggle_button(T(a.abbr_key), current == a.id, std::string("sheet.alignment.") + a.id, ImVec2(w, kTouchTarget)) &&
        current != a.id)
      set(a.id);
  }
  const float w2 = split_width(2);
  if (toggle_button(T("rules.alignment.unaligned"), current == "unaligned", "sheet.alignment.unaligned", ImVec2(w2, kTouchTarget)) &&
      current != "unaligned")
    set("unaligned");
  ImGui::SameLine();
  if (toggle_button(T("ui.alignment.clear"), current.empty(), "sheet.alignment.none", ImVec2(w2, kTouchTarget)) && !current.empty())
    set(nullptr);
  if (big_button(T("ui.alignment.done"), ImVec2(0, kTouchTarget))) open_for.clear();
  track("sheet.alignment.done", T("ui.alignment.done"));
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels alignment_ui() {
  return {
      {Slot::sheet_top, [](SlotContext& x) { panels::alignment(*x.creature); }}};
}

}  // namespace druzina::ui
