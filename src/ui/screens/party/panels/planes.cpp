// Rule "planes" on the sheet: the plane this creature is on — with the party (the campaign's plane) or on its own
// when the party splits — and whether it feels that plane's dissonance. The DM sends it to another plane (SetPlane
// {target, plane}: the planes listed by kind, as on the downtime screen) or back with the party (SetPlane {target}).
// Players read the line. Nothing shows while the rule is off.
// Test ids: sheet.plane (the plane's id, "+own" when its own), sheet.plane.change, sheet.plane.pick.<plane>,
// sheet.plane.close, sheet.plane.back.
#include <imgui.h>

#include <set>
#include <string>
#include <utility>

#include "core/rules/planes/planes.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/downtime/parts.hpp"
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

namespace {

std::set<std::string>& picking() {  // the creatures whose plane list is open
  static std::set<std::string> open;
  return open;
}

void draw_picker(const Creature& c, const rules::Plane* current) {
  const std::string id = c.id;
  if (plane_picker("sheet.plane", current, "ui.sheet.plane.close", false, [&id](const rules::Plane& p) {
        dispatch_and_tell(jobj{"type", "SetPlane", "target", id, "plane", p.id});
      }))
    picking().erase(id);
}

}  // namespace

void planes(const Creature& c) {
  const auto& state = model().state();
  const rules::PlanesView v = rules::planes_view(state, &c);
  if (!v.on || v.plane == nullptr) return;
  section(T("ui.sheet.plane.title"));
  const std::string name = v.plane->name.in(ui().lang);
  ImGui::TextWrapped("%s", Tf(v.own ? "ui.sheet.plane.own" : "ui.sheet.plane.party", jobj{"plane", name}).c_str());
  track("sheet.plane", v.plane->id + (v.own ? "+own" : ""));
  if (v.dissonance) muted(T("ui.sheet.plane.dissonance"));
  if (ui_player_mode() || c.death_saves.dead) return;
  if (picking().count(c.id)) {
    draw_picker(c, v.plane);
    return;
  }
  const float w = v.own ? split_width(2) : 0;
  if (big_button(T("ui.sheet.plane.change"), ImVec2(w, kTouchTarget))) picking().insert(c.id);
  track("sheet.plane.change", T("ui.sheet.plane.change"));
  if (v.own) {
    ImGui::SameLine();
    if (big_button(T("ui.sheet.plane.back"), ImVec2(w, kTouchTarget)))
      dispatch_and_tell(jobj{"type", "SetPlane", "target", c.id});
    track("sheet.plane.back", T("ui.sheet.plane.back"));
  }
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels planes_ui() {
  return {
      {Slot::sheet_body, [](SlotContext& x) { panels::planes(*x.creature); }},
      {Slot::downtime, [](SlotContext& x) { draw_planes(); }}};
}

}  // namespace druzina::ui
