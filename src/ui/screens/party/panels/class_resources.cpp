// Rule "class-resources" on the sheet and in the fight. On the sheet: each of the character's class resources on a
// line of its own (its name, the die of Bardic Inspiration, which rest gives it back), then a row — pips for a few
// uses (a tap on a lit pip spends one: SpendClassResource; on a spent one gives it back: SetClassResource), or
// "3/5" with − and + for a pool; a pool also has "Use…" (the number pad: how many points), and Lay on Hands the pad
// with whom it heals (the party's living members). Second Wind spent with no die asks for it (the rule's prompt:
// the d10 as rolled, or Roll for me). Unlimited ones (Rage at 20): "no limit" and Use. In the fight, under whose
// turn it is (combat_header): the current creature's resources, one button each — a tap spends one (a pool: the
// pad). A player spends her own character's on her sheet in player mode, as she does her spell slots; the DM
// anyone's. A player live on her copy of the DM's table asks the DM's phone instead (a class_resource request).
// Test ids: sheet.cres.<id> (label "left/max" or "no limit", on the row's last button), sheet.cres.<id>.<i> (pips), sheet.cres.<id>.minus,
// .plus, .use; combat.cres.<id> (label: the button's text); on the pad pad.ok, pad.cres.on.<creature id>.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/rules/class_resources/class_resources.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/live/live.hpp"
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

std::string name_of(const rules::ClassResource& r) { return T(("class_resources.name." + r.id).c_str()); }

bool can_spend(const Creature& c) { return !c.death_saves.dead && (!ui_player_mode() || campaign::in_party(c)); }

// A player live on her own character (ui/screens/live): the DM's phone keeps the counters, so a use is a request to
// it (class_resource) and only the DM gives one back. Otherwise the command runs on this phone.
bool live_here(const std::string& who) { return ui_player_mode() && live_character_here() == who; }

void run_spend(const json& cmd) {
  const std::string who = cmd.at("target").get<std::string>();
  if (!live_here(who)) {
    dispatch_and_tell(cmd);
    return;
  }
  json args = jobj{"resource", cmd.at("resource")};
  for (const char* k : {"amount", "on"})
    if (cmd.contains(k)) args[k] = cmd[k];
  if (live_request("class_resource", args)) model().notify(T("ui.cres.requested"));
  else model().notify(T("ui.slots.not_live"), true);
}

void spend(const Creature& c, const rules::ClassResource& r, int amount = 1, const std::string& on = {}) {
  json cmd = jobj{"type", "SpendClassResource", "target", c.id, "resource", r.id};
  if (amount > 1) cmd["amount"] = amount;
  if (!on.empty()) cmd["on"] = on;
  run_spend(cmd);
}

void give_back(const Creature& c, const rules::ClassResource& r) {
  if (live_here(c.id)) return;  // (the DM's phone gives it back)
  dispatch_and_tell(jobj{"type", "SetClassResource", "target", c.id, "resource", r.id, "left", r.left + 1});
}

// A pool's points on the number pad; Lay on Hands also whom it heals (the party's living members, she first).
void ask_points(const Creature& c, const rules::ClassResource& r) {
  static std::string on;  // Lay on Hands' target, kept while the pad is open
  on = c.id;
  pad::Request q;
  const bool lay = r.heal == "target";
  q.title = lay ? std::string(T("ui.cres.lay_title")) : Tf("ui.cres.spend_title", jobj{"resource", name_of(r)});
  if (!lay) q.subtitle = Tf("ui.cres.spend_body", jobj{"left", r.left});  // Lay on Hands says it with whom it heals
  q.lo = 1;
  q.hi = r.left;
  if (lay) {
    const int left = r.left;
    q.extra = [left]() {
      ImGui::TextWrapped("%s", Tf("ui.cres.lay_body", jobj{"left", left, "target", creature_name(on)}).c_str());
      small_label(T("ui.cres.lay_on"));
      std::vector<const Creature*> who;
      for (const auto& x : model().state().creatures)
        if (campaign::in_party(x) && !x.death_saves.dead) who.push_back(&x);
      const float w = split_width(3);
      int col = 0;
      for (const Creature* x : who) {
        if (col++ % 3) ImGui::SameLine();
        const std::string id = "pad.cres.on." + x->id;
        ImGui::PushID(id.c_str());
        if (colored_button(fit_text(x->name, w - 12).c_str(), x->id == on ? col_accent() : col_card(), ImVec2(w, kTouchTarget), id))
          on = x->id;
        ImGui::PopID();
      }
    };
  }
  const std::string who = c.id, id = r.id;
  q.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [who, id, lay](int n) {
                         json cmd = jobj{"type", "SpendClassResource", "target", who, "resource", id, "amount", n};
                         if (lay && on != who) cmd["on"] = on;
                         run_spend(cmd);
                       }});
  pad::open(std::move(q));
}

// One row of pips: the first `left` lit.
void pips(const Creature& c, const rules::ClassResource& r, const std::string& id, bool tap) {
  for (int i = 0; i < r.max; ++i) {
    if (i > 0) ImGui::SameLine();
    const bool lit = i < r.left;
    const std::string pip_id = id + "." + std::to_string(i);
    if (!lit) {
      ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
      ImGui::PushStyleColor(ImGuiCol_Border, col_accent());
    }
    const bool tapped = colored_button(("##" + pip_id).c_str(), lit ? col_accent() : col_card(), ImVec2(kTouchTarget, kTouchTarget), pip_id);
    if (!lit) {
      ImGui::PopStyleColor();
      ImGui::PopStyleVar();
    }
    if (tapped && tap) {
      if (lit) spend(c, r);
      else give_back(c, r);
    }
  }
}

// "3/5" with − and + (and Use… for several points at once).
void counter(const Creature& c, const rules::ClassResource& r, const std::string& id, bool tap) {
  ImGui::BeginDisabled(!tap || r.left == 0);
  if (big_button("\xE2\x88\x92", ImVec2(kTouchTarget, kTouchTarget))) spend(c, r);
  ImGui::EndDisabled();
  track(id + ".minus", Tf("ui.cres.minus", jobj{"resource", name_of(r)}));
  ImGui::SameLine();
  const std::string value = Tf("ui.cres.left", jobj{"left", r.left, "max", r.max});
  ImGui::AlignTextToFramePadding();
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(value.c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::BeginDisabled(!tap || r.left >= r.max);
  if (big_button("+", ImVec2(kTouchTarget, kTouchTarget))) give_back(c, r);
  ImGui::EndDisabled();
  track(id + ".plus", Tf("ui.cres.plus", jobj{"resource", name_of(r)}));
  if (r.pool) {
    ImGui::SameLine();
    ImGui::BeginDisabled(!tap || r.left == 0);
    if (colored_button((std::string(T("ui.cres.use")) + "\xE2\x80\xA6").c_str(), col_accent(),
                       ImVec2(ImGui::GetContentRegionAvail().x, kTouchTarget), id + ".use"))
      ask_points(c, r);
    ImGui::EndDisabled();
  }
}

std::string heading_of(const rules::ClassResource& r) {
  std::string h = name_of(r);
  if (r.die > 0) h += " \xC2\xB7 " + Tf("ui.cres.die", jobj{"n", r.die});
  if (!r.unlimited) h += " \xC2\xB7 " + std::string(T(r.short_rest ? "ui.cres.short" : "ui.cres.long"));
  return h;
}

}  // namespace

void class_resources(const Creature& c) {
  if (!rule_on(rules::kClassResources)) return;
  if (ui_player_mode() && !campaign::in_party(c)) return;
  const auto list = rules::class_resources_of(c);
  if (list.empty()) return;
  section(T("ui.cres.title"));
  const bool tap = can_spend(c);
  for (const auto& r : list) {
    const std::string id = "sheet.cres." + r.id;
    ImGui::PushID(id.c_str());
    ImGui::AlignTextToFramePadding();  // a line of its own, as tall as a button's text (the row below is the taps')
    ImGui::TextWrapped("%s", heading_of(r).c_str());
    if (r.unlimited) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(T("ui.cres.unlimited"));
      ImGui::SameLine();
      ImGui::BeginDisabled(!tap);
      if (colored_button(T("ui.cres.use"), col_accent(), ImVec2(ImGui::GetContentRegionAvail().x, kTouchTarget), id + ".use")) spend(c, r);
      ImGui::EndDisabled();
      track(id, T("ui.cres.unlimited"));
    } else {
      // pips while they fit the row (six at 412 px); a pool or more uses: the counter
      if (!r.pool && r.max <= 6) pips(c, r, id, tap);
      else counter(c, r, id, tap);
      track(id, Tf("ui.cres.left", jobj{"left", r.left, "max", r.max}));  // on the row's last button: a finger's size
    }
    ImGui::PopID();
  }
}

// The current creature's resources under whose turn it is: one button each.
void class_resources_turn(const std::string& current) {
  if (!rule_on(rules::kClassResources) || current.empty()) return;
  const Creature* c = creature(current);
  if (!c || !can_spend(*c)) return;
  const auto list = rules::class_resources_of(*c);
  if (list.empty()) return;
  ImGui::PushID(("cres" + c->id).c_str());
  const float w = split_width(2);
  int col = 0;
  for (const auto& r : list) {
    const std::string text = r.unlimited ? name_of(r) + " \xC2\xB7 " + T("ui.cres.unlimited")
                                         : name_of(r) + "  " + Tf("ui.cres.left", jobj{"left", r.left, "max", r.max});
    if (col++ % 2) ImGui::SameLine();
    ImGui::BeginDisabled(!r.unlimited && r.left == 0);
    ImGui::PushFont(ui().fonts.small);
    ImGui::PushID(r.id.c_str());
    const bool tapped = colored_button(fit_text(text, w - 12).c_str(),
                                       r.unlimited || r.left > 0 ? col_tint(hue_green(), 0.45f) : col_card(),
                                       ImVec2(w, kTouchTarget), "combat.cres." + r.id);
    ImGui::PopID();
    ImGui::PopFont();
    ImGui::EndDisabled();
    if (tapped) {
      if (r.pool) ask_points(*c, r);
      else spend(*c, r);
    }
  }
  ImGui::PopID();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels class_resources_ui() {
  return {{Slot::sheet_conditions, [](SlotContext& x) { panels::class_resources(*x.creature); }},
          {Slot::combat_header, [](SlotContext& ctx) { panels::class_resources_turn(ctx.current); }}};
}

}  // namespace druzina::ui
