// Rule "hero-points" on the sheet: [−] ✦ N hero points [+] below the inspiration toggle, shown while the rule is
// on (off, the rule refuses its commands: its points stay stored and come back with the rule); changed by the DM.
// On the death-save card of a PC with points: "✦ Hero point if it fails" — armed, the card's saves carry
// hero_point: true and a failure becomes a success (one point).
#include <imgui.h>

#include <algorithm>
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
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;
using sheet::quiet;

bool hero_points_shown(const Creature& c) { return rules::hero_points_view(model().state(), c).on; }

void hero_points(const Creature& c) {
  const bool dm = !ui_player_mode();
  const int points = rules::hero_points_view(model().state(), c).points;
  ImGui::BeginGroup();
  const float bw = 48;
  ImGui::BeginDisabled(!dm || points <= 0);
  if (big_button("\xE2\x88\x92##hp", ImVec2(bw, kTouchTarget)))
    quiet(jobj{"type", "SetHeroPoints", "target", c.id, "change", -1});
  ImGui::EndDisabled();
  track("sheet.hero.minus", "-");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(("\xE2\x9C\xA6 " + Tf("ui.creature.hero_points_n", jobj{"n", points})).c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(!dm);
  if (big_button("+##hp", ImVec2(bw, kTouchTarget))) quiet(jobj{"type", "SetHeroPoints", "target", c.id, "change", 1});
  ImGui::EndDisabled();
  track("sheet.hero.plus", "+");
  ImGui::EndGroup();
}

bool hero_point_death_save(const Creature& c, const std::string& prefix) {
  static std::map<std::string, bool> armed;
  const auto v = rules::hero_points_view(model().state(), c);
  if (!v.on || c.kind != "pc" || v.points <= 0 || ui_player_mode()) return false;
  bool& on = armed[c.id];
  if (toggle_button(T("ui.hero.death_save"), on, prefix + ".ds.hero", ImVec2(0, kTouchTarget))) on = !on;
  return on;
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels hero_points_ui() {
  return {
      {Slot::death_save, [](SlotContext& x) { if (panels::hero_point_death_save(*x.creature, x.prefix)) (*x.params)["hero_point"] = true; }},
      {Slot::sheet_luck, [](SlotContext& x) { if (panels::hero_points_shown(*x.creature)) panels::hero_points(*x.creature); }}};
}

}  // namespace druzina::ui
