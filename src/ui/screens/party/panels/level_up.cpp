// Rule "level-up" (with "hp-roll") on the sheet: the next level's hit points rolled, entered from the table's die
// or taken as the average (LevelUp), by the DM or, on a player's phone, for her own character; the note that a 1 is rolled again when hp-roll is on.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/share/share_ids.hpp"
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

void level_up(const Creature& c) {
  // the DM, or in player mode the player for her own character (share_ids::mine_here)
  if ((ui_player_mode() && share_ids::mine_here() != c.id) || c.death_saves.dead || !rule_on(rules::kLevelUp)) return;
  if (!campaign::in_party(c) && c.kind != "npc") return;
  section(Tf("ui.sheet.level_up", jobj{"n", c.level + 1}).c_str());
  if (c.hit_die <= 0) {
    muted(T("ui.sheet.level_up_no_die"));
    return;
  }
  const float w = split_width(3);
  const std::string id = c.id;
  ImGui::PushFont(ui().fonts.small);
  if (big_button(Tf("ui.sheet.level_roll", jobj{"die", c.hit_die}).c_str(), ImVec2(w, 52)))
    dispatch_and_tell(jobj{"type", "LevelUp", "target", id}, 8.0);
  track("sheet.levelup.roll", "roll");
  ImGui::SameLine();
  if (big_button(T("ui.sheet.level_enter"), ImVec2(w, 52)))
    pad::open_value(Tf("ui.sheet.level_die", jobj{"die", c.hit_die}), 1, 1, c.hit_die, [id](int n) {
      dispatch_and_tell({{"type", "LevelUp"}, {"target", id}, {"rolls", {n}}}, 8.0);
    });
  track("sheet.levelup.enter", "enter");
  ImGui::SameLine();
  if (big_button(T("ui.sheet.level_average"), ImVec2(w, 52)))
    dispatch_and_tell(jobj{"type", "LevelUp", "target", id, "average", true}, 8.0);
  track("sheet.levelup.average", "average");
  ImGui::PopFont();
  if (rule_on(rules::kHpRoll)) muted(T("ui.sheet.level_reroll_note"));
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels level_up_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::level_up(*x.creature); }}};
}

}  // namespace druzina::ui
