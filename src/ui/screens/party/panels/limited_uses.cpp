// Rule "limited-uses" on the sheet and in combat: a creature's X/day, recharge and per-rest abilities and innate
// spells, one button each — a tap spends one (UseLimited); a recharge ability shows "ready" or "not ready (5–6)"
// (the d6 is rolled by itself at the start of the creature's turn, the log says how it fell); a tap on one that is
// not ready opens the number pad for its d6 as rolled at the table, or Roll for me (RollRecharge). The DM's;
// players see those of their party.
// On a monster's or NPC's sheet the DM sets them (her own monsters'): an editor folded behind one button, each use
// with ✕, a new one by its name, kind and count (SetLimitedUses with the whole list).
// Test ids: sheet.uses.<i> / combat.uses.<creature>.<i> (label: the button's text); on the pad pad.ok and
// pad.recharge_auto; the editor: sheet.uses.edit, sheet.uses.remove.<i>, sheet.uses.name, sheet.uses.kind.<day |
// recharge | rest>, sheet.uses.count / sheet.uses.min (steppers), sheet.uses.add, sheet.uses.done.
#include <imgui.h>

#include <map>
#include <string>

#include "core/rules/limited_uses/limited_uses.hpp"
#include "ui/rule_panels.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

std::string range_of(const rules::LimitedUse& u) {
  return u.min >= 6 ? "6" : std::to_string(u.min) + "\xE2\x80\x93" + "6";
}

std::string use_text(const rules::LimitedUse& u) {
  if (u.kind == "recharge")
    return Tf(u.ready() ? "ui.uses.recharge_ready" : "ui.uses.recharge_not_ready", jobj{"name", u.name, "range", range_of(u)});
  return Tf(u.kind == "rest" ? "ui.uses.per_rest" : "ui.uses.per_day", jobj{"name", u.name, "left", u.left, "max", u.max});
}

// The recharge d6 of a spent ability: as rolled at the table (1–6 on the pad), or rolled by the app.
void ask_recharge(const Creature& c, const rules::LimitedUse& u) {
  pad::Request r;
  r.title = Tf("ui.uses.recharge_title", jobj{"name", u.name, "range", range_of(u)});
  r.subtitle = T("ui.uses.recharge_body");
  r.lo = 1;
  r.hi = 6;
  const std::string id = c.id;
  const int use = u.index;
  r.actions.push_back({T("ui.prompt.roll_for_me"), "pad.recharge_auto", col_accent(),
                       [id, use](int) { dispatch_and_tell(jobj{"type", "RollRecharge", "target", id, "use", use}); }, true});
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [id, use](int die) {
                         dispatch_and_tell(jobj{"type", "RollRecharge", "target", id, "use", use, "roll", die});
                       }});
  pad::open(std::move(r));
}

void draw_uses(const Creature& c, const std::string& prefix) {
  const bool can_tap = !c.death_saves.dead && (!ui_player_mode() || campaign::in_party(c));
  for (const auto& u : rules::limited_uses_of(c, ui().lang)) {
    const std::string id = prefix + std::to_string(u.index);
    const std::string text = use_text(u);
    const bool recharge = !u.ready() && u.kind == "recharge";  // a tap rolls its d6
    ImGui::BeginDisabled((!u.ready() && !recharge) || !can_tap);
    if (colored_button(text.c_str(), u.ready() ? col_tint(hue_green(), 0.45f) : col_card(), ImVec2(0, kTouchTarget), id)) {
      if (recharge) ask_recharge(c, u);
      else dispatch_and_tell(jobj{"type", "UseLimited", "target", c.id, "use", u.index});
    }
    ImGui::EndDisabled();
  }
}

// The DM's editor on a monster's or NPC's sheet, folded behind one button: each use with ✕, and a new one (its
// name, X/day, recharge or per rest, how many or the d6 it recharges on) added — each change one SetLimitedUses
// with the whole list (what was spent stays spent).
void editor(const Creature& c) {
  struct New {
    bool open = false;
    std::string name;
    int kind = 0;  // day, recharge, rest
    int count = 1, min = 5;
  };
  static std::map<std::string, New> drafts;
  New& n = drafts[c.id];
  if (!n.open) {
    if (big_button(T("ui.uses.edit"), ImVec2(0, kTouchTarget))) n.open = true;
    track("sheet.uses.edit", T("ui.uses.edit"));
    return;
  }
  const json list = rules::limited_uses_list(c);
  const auto set = [&](const json& uses) { return dispatch_and_tell(jobj{"type", "SetLimitedUses", "target", c.id, "uses", uses}); };
  for (const auto& u : rules::limited_uses_of(c, ui().lang)) {
    const std::string id = "sheet.uses.remove." + std::to_string(u.index);
    ImGui::PushID(id.c_str());
    const bool remove = big_button("\xE2\x9C\x95", ImVec2(kTouchTarget, kTouchTarget));
    ImGui::PopID();
    track(id, Tf("ui.uses.remove", jobj{"name", u.name}));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(fit_text(use_text(u), ImGui::GetContentRegionAvail().x).c_str());  // one line, never off the screen
    if (remove) {
      json next = list;
      next.erase(static_cast<size_t>(u.index));
      set(next);
      return;
    }
  }
  small_label(T("ui.uses.new"));
  text_field("##usename", T("ui.uses.name_hint"), n.name);
  track("sheet.uses.name", n.name);
  segmented("sheet.uses.kind", {{"day", T("ui.uses.kind_day")}, {"recharge", T("ui.uses.kind_recharge")}, {"rest", T("ui.uses.kind_rest")}},
            n.kind);
  if (n.kind == 1) stepper("sheet.uses.min", n.min, 2, 6, {.label = T("ui.uses.recharge_on")});
  else stepper("sheet.uses.count", n.count, 1, 20, {.label = T("ui.uses.count")});
  const float w = split_width(2);
  ImGui::BeginDisabled(n.name.empty() || list.size() >= 30);
  const bool add = colored_button(T("ui.uses.add"), col_accent(), ImVec2(w, kTouchTarget), "sheet.uses.add");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (big_button(T("ui.uses.done"), ImVec2(w, kTouchTarget))) n.open = false;
  track("sheet.uses.done", T("ui.uses.done"));
  if (add) {
    static const char* const kinds[] = {"day", "recharge", "rest"};
    json one = jobj{"name", n.name.substr(0, 60), "kind", kinds[n.kind]};
    if (n.kind == 1) one["min"] = n.min;
    else if (n.count > 1) one["max"] = n.count;
    json next = list;
    next.push_back(one);
    if (set(next)) n.name.clear();
  }
}

}  // namespace

void limited_uses(const Creature& c) {
  if (!rule_on(rules::kLimitedUses)) return;
  // the DM sets them on a monster or NPC of hers (an SRD monster brings its own)
  const bool edit = !ui_player_mode() && c.kind != "pc" && !c.death_saves.dead;
  const bool any = !rules::limited_uses_of(c, ui().lang).empty();
  if (!any && !edit) return;
  if (ui_player_mode() && !campaign::in_party(c)) return;
  section(T("ui.uses.title"));
  draw_uses(c, "sheet.uses.");
  if (edit) editor(c);
}

void limited_uses_strip(const Creature& c) {
  if (!rule_on(rules::kLimitedUses) || c.death_saves.dead || (ui_player_mode() && !campaign::in_party(c))) return;
  ImGui::PushID(("lu" + c.id).c_str());
  draw_uses(c, "combat.uses." + c.id + ".");
  ImGui::PopID();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels limited_uses_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::limited_uses(*x.creature); }},
      {Slot::combat_row, [](SlotContext& x) { panels::limited_uses_strip(*x.creature); }}};
}

}  // namespace druzina::ui
