#include <imgui.h>

#include <map>
#include <set>
#include <string>

#include "core/campaign/derived.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/combat/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

struct Setup {
  std::set<std::string> left_out;        // creatures not taking part
  std::map<std::string, int> initiative;  // entered at the table; the rest is rolled
  bool lair = false;
  std::string lair_owner;
  bool group = false;  // identical monsters ("Goblin 1", "Goblin 2" …) share one initiative roll
};

Setup& setup() {
  static Setup s;
  return s;
}

}  // namespace

void draw_combat_setup() {
  Setup& s = setup();
  const auto& st = model().state();
  std::vector<const campaign::Creature*> alive;
  for (const auto& c : st.creatures)
    if (!c.death_saves.dead) alive.push_back(&c);
  if (ui_player_mode()) {
    // who fights, the monsters' initiative and the start are the DM's (the turn bar is the DM's too)
    muted(T("ui.combat.dm_starts"));
    track("combat.dm_starts", T("ui.combat.dm_starts"));
    return;
  }
  section(T("ui.combat.who"));
  if (alive.empty()) {
    muted(T("ui.combat.nobody"));
    track("combat.nobody", T("ui.combat.nobody"));
    draw_slot(Slot::combat_add);
    return;
  }
  {
    const float w = split_width(2);
    if (big_button(T("ui.combat.all"), ImVec2(w, kTouchTarget))) s.left_out.clear();
    track("combat.all", T("ui.combat.all"));
    ImGui::SameLine();
    if (big_button(T("ui.combat.none"), ImVec2(w, kTouchTarget)))
      for (const auto* c : alive) s.left_out.insert(c->id);
    track("combat.none", T("ui.combat.none"));
  }
  muted(T("ui.combat.init_hint"));
  const float init_w = 104.0f;
  for (const auto* c : alive) {
    ImGui::PushID(c->id.c_str());
    const bool in = !s.left_out.count(c->id);
    std::string label = c->name + "  (" + kind_label(c->kind) + ")";
    const float pick_w = ImGui::GetContentRegionAvail().x - init_w - gap();
    float row_h = kTouchTarget;
    // A long name beside its kind in a large text: the kind goes under the name (the button grows), not cut off.
    if (ImGui::CalcTextSize(("\xE2\x9C\x93 " + label).c_str()).x > pick_w - 8.0f) {
      label = c->name + "\n(" + kind_label(c->kind) + ")";
      row_h = std::max(kTouchTarget, ImGui::CalcTextSize(label.c_str()).y + 2 * ImGui::GetStyle().FramePadding.y);
    }
    if (toggle_button(label.c_str(), in, "combat.pick." + c->id, ImVec2(pick_w, row_h))) {
      if (in)
        s.left_out.insert(c->id);
      else
        s.left_out.erase(c->id);
    }
    ImGui::SameLine();
    auto it = s.initiative.find(c->id);
    std::string v = it != s.initiative.end() ? std::to_string(it->second)
                                             : "\xE2\x9A\x84 " + signed_num(campaign::initiative_modifier(*c));  // ⚄ +2
    ImGui::BeginDisabled(!in);
    if (big_button(v.c_str(), ImVec2(init_w, row_h))) {
      std::string id = c->id;
      pad::Request r;
      r.title = Tf("ui.combat.init_for", jobj{"name", c->name});
      r.subtitle = Tf("ui.combat.init_mod", jobj{"mod", signed_num(campaign::initiative_modifier(*c))});
      r.lo = -20;
      r.hi = 100;
      r.allow_negative = true;
      r.actions.push_back({T("ui.combat.init_roll"), "pad.roll", col_accent(), [id](int) { setup().initiative.erase(id); }, true});
      r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [id](int n) { setup().initiative[id] = n; }});
      pad::open(std::move(r));
    }
    ImGui::EndDisabled();
    track("combat.init." + c->id, v);
    ImGui::PopID();
  }

  // the lair action slot at initiative 20
  std::vector<const campaign::Creature*> owners;
  for (const auto* c : alive)
    if (!s.left_out.count(c->id) && !campaign::in_party(*c)) owners.push_back(c);
  ImGui::Spacing();
  if (toggle_button(T("ui.combat.lair"), s.lair, "combat.lair")) s.lair = !s.lair;
  if (s.lair) {
    bool owner_ok = false;
    for (const auto* c : owners) owner_ok = owner_ok || c->id == s.lair_owner;
    if (!owner_ok) {
      s.lair_owner.clear();
      for (const auto* c : owners)
        if (c->legendary_actions > 0) {
          s.lair_owner = c->id;
          break;
        }
      if (s.lair_owner.empty() && !owners.empty()) s.lair_owner = owners.front()->id;
    }
    if (owners.empty()) {
      muted(T("ui.combat.lair_nobody"));
    } else {
      muted(T("ui.combat.lair_whose"));
      const float w = split_width(2);
      int k = 0;
      for (const auto* c : owners) {
        if (k++ % 2) ImGui::SameLine();
        if (toggle_button(c->name.c_str(), s.lair_owner == c->id, "combat.lair." + c->id, ImVec2(w, kTouchTarget)))
          s.lair_owner = c->id;
      }
    }
  }

  if (toggle_button(T("ui.combat.group_init"), s.group, "combat.group_init")) s.group = !s.group;

  ImGui::Spacing();
  json participants = json::array();
  json init = json::object();
  for (const auto* c : alive) {
    if (s.left_out.count(c->id)) continue;
    participants.push_back(c->id);
    if (auto it = s.initiative.find(c->id); it != s.initiative.end()) init[c->id] = it->second;
  }
  json picked_monsters = json::array();  // what "Save the picked monsters as an encounter" saves
  for (const auto* c : alive)
    if (!s.left_out.count(c->id) && !campaign::in_party(*c)) picked_monsters.push_back(c->id);
  const CombatSetup setup{participants, init, picked_monsters, s.group};
  SlotContext ctx;
  ctx.setup = &setup;
  draw_slot(Slot::combat_picked, ctx);
  ImGui::BeginDisabled(participants.empty());
  ImGui::PushFont(ui().fonts.big);
  std::string start = init.empty() ? T("ui.combat.start_roll") : T("ui.combat.start_mixed");
  if (colored_button(("\xE2\x9A\x94 " + start).c_str(), ImVec4(0.55f, 0.22f, 0.20f, 1), ImVec2(0, 72), "combat.start")) {
    json cmd = jobj{"type", "StartEncounter", "participants", participants, "initiative", init.empty() ? json("roll") : init};
    if (s.lair && !s.lair_owner.empty()) cmd["lair"] = json::array({s.lair_owner});
    if (s.group) cmd["group_initiative"] = true;
    if (dispatch_and_tell(cmd, 8.0)) {
      s.initiative.clear();
      reset_attack_helper();
    }
  }
  ImGui::PopFont();
  ImGui::EndDisabled();
  if (draw_slot(Slot::combat_setup, ctx)) {  // a rule's panel started the fight (a prepared encounter)
    s.initiative.clear();
    reset_attack_helper();
  }
  draw_slot(Slot::combat_add);
}

}  // namespace druzina::ui
