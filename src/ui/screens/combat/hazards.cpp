// Combat → "Traps and explosives" (DM): the placed traps still armed with Trigger (TriggerTrap: a complex trap — the
// rolling sphere — joins the order at its own initiative), and with the rule "explosives" on: the creatures caught in
// a blast or a burst (chips), dynamite with a lit fuse of 1–6 rounds (LightFuse: the bundle joins the order with its
// own initiative and goes off when the fuse has burnt down), a bomb or grenade thrown (Detonate: DEX saves — each one
// rolled at the table and typed in, or rolled by the app —, half where the item says), and the current creature's firearm: its rounds left, Shoot (FireFirearm), Burst fire (ten
// rounds into a 10-ft cube, DEX save DC 15) and Reload (ReloadFirearm). Only commands; the numbers are the module's.
// Test ids: combat.hazards, combat.trap.<id>.trigger, combat.blast.target.<id> (.on: "1" / "0"), combat.fuse.sticks(.value …),
// combat.fuse.rounds.<n>, combat.fuse.light, combat.fuse.<creature> (on the bundle's row), combat.throw.<explosive>,
// combat.blast.save.<id> (its DEX save: typed on the pad — pad.ok — or pad.save_app: the app rolls it),
// combat.throw.go, combat.gun.<weapon>, combat.gun.left, combat.gun.fire, combat.gun.burst, combat.gun.reload.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/rules/explosives/explosives.hpp"
#include "core/rules/traps/traps.hpp"
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

namespace {

using nlohmann::json;

struct HazardUi {
  bool open = false;
  std::set<std::string> targets;
  std::map<std::string, int> saves;  // a target's DEX save total rolled at the table (absent: the app rolls)
  int sticks = 1;
  int rounds = 0;  // index: 1 round
  int thrown = 0;
  int weapon = 0;
};

HazardUi& hu() {
  static HazardUi s;
  return s;
}

bool is_fuse(const std::string& id) {
  for (const auto& f : rules::lit_fuses(model().state()))
    if (f.creature == id) return true;
  return false;
}

// The totals typed for the targets' saves ({id: total}), for Detonate and a burst; empty when none.
json entered_saves(const json& targets) {
  json out = json::object();
  for (const auto& t : targets)
    if (auto it = hu().saves.find(t.get<std::string>()); it != hu().saves.end()) out[it->first] = it->second;
  return out;
}

void open_save_pad(const campaign::Creature& x) {
  const std::string id = x.id;
  pad::Request r;
  r.title = Tf("ui.combat.save_title", jobj{"name", x.name});
  r.subtitle = T("ui.combat.save_hint");
  r.lo = -10;
  r.hi = 60;
  r.allow_negative = true;
  r.actions = {{T("ui.pad.ok"), "pad.ok", col_good(), [id](int v) { hu().saves[id] = v; }},
               {T("ui.combat.save_app"), "pad.save_app", col_card(), [id](int) { hu().saves.erase(id); }, true}};
  pad::open(std::move(r));
}

json target_list() {
  json out = json::array();
  for (const auto& id : hu().targets) {
    const campaign::Creature* x = creature(id);
    if (x && !x->death_saves.dead) out.push_back(id);
  }
  return out;
}

void traps_part() {
  const Lang lang = ui().lang;
  bool any = false;
  for (const auto& p : rules::placed_traps(model().state())) {
    if (!p.card || p.state != "armed") continue;
    if (!any) section(T("ui.traps.placed"));
    any = true;
    ImGui::PushID(p.id.c_str());
    std::string l = Tf("ui.combat.trap_trigger", jobj{"trap", p.card->name.in(lang)});
    if (colored_button(l.c_str(), col_tint(hue_red(), 0.5f), ImVec2(0, kTouchTarget), "combat.trap." + p.id + ".trigger"))
      dispatch_and_tell(jobj{"type", "TriggerTrap", "trap", p.id}, 8.0);
    ImGui::PopID();
  }
  if (!any) {
    muted(T("ui.combat.no_traps"));
    track("combat.no_traps", T("ui.combat.no_traps"));
  }
}

void targets_part() {
  HazardUi& h = hu();
  section(T("ui.combat.blast_targets"));
  const auto& enc = *model().state().encounter;
  const float w = split_width(2);
  int n = 0;
  for (const auto& e : enc.order) {
    if (e.lair) continue;
    const campaign::Creature* x = creature(e.creature);
    if (!x || x->death_saves.dead || is_fuse(x->id)) continue;
    ImGui::PushID(x->id.c_str());
    if (n % 2 == 1) ImGui::SameLine();
    const bool on = h.targets.count(x->id) > 0;
    if (toggle_button(x->name.c_str(), on, "combat.blast.target." + x->id, ImVec2(w, 0))) {
      if (on) h.targets.erase(x->id);
      else h.targets.insert(x->id);
    }
    track("combat.blast.target." + x->id + ".on", on ? "1" : "0");
    ImGui::PopID();
    ++n;
  }
  if (h.targets.empty()) return;
  // The DEX saves: rolled at the table and typed in, or rolled by the app (the default).
  small_label(T("ui.combat.saves_label"));
  for (const auto& id : h.targets) {
    const campaign::Creature* x = creature(id);
    if (!x || x->death_saves.dead) continue;
    const auto it = h.saves.find(id);
    const std::string l = it != h.saves.end() ? Tf("ui.combat.save_entered", jobj{"name", x->name, "total", it->second})
                                              : Tf("ui.combat.save_by_app", jobj{"name", x->name});
    if (big_button((l + "##save" + id).c_str(), ImVec2(0, kTouchTarget))) open_save_pad(*x);
    track("combat.blast.save." + id, l);
  }
}

void dynamite_part() {
  HazardUi& h = hu();
  section(T("ui.combat.dynamite"));
  stepper("combat.fuse.sticks", h.sticks, 1, 100, {.label = T("ui.combat.sticks")});
  if (const auto b = rules::dynamite_blast(h.sticks)) {
    std::string l = Tf("ui.combat.dynamite_blast", jobj{"damage", dice_notation(ui().lang, std::to_string(b->dice) + "d6"), "radius", b->radius_ft});
    muted(l.c_str());
    track("combat.fuse.blast", l);
  }
  small_label(T("ui.combat.fuse_rounds"));
  std::vector<Option> opts;
  for (int r = 1; r <= 6; ++r) opts.push_back({std::to_string(r), std::to_string(r)});
  segmented("combat.fuse.rounds", opts, h.rounds, 6);
  json cmd = jobj{"type", "LightFuse", "sticks", h.sticks, "rounds", h.rounds + 1};
  const json t = target_list();
  if (!t.empty()) cmd["targets"] = t;
  if (colored_button(T("ui.combat.light_fuse"), col_tint(hue_amber(), 0.6f), ImVec2(0, kTouchTarget), "combat.fuse.light"))
    dispatch_and_tell(cmd, 6.0);
}

void throw_part() {
  HazardUi& h = hu();
  const Lang lang = ui().lang;
  section(T("ui.combat.throw"));
  std::vector<Option> opts;
  std::vector<const rules::Explosive*> items;
  for (const auto& e : rules::explosive_list()) {
    if (e.damage.empty() || e.id == "dynamite") continue;
    opts.push_back({e.id, e.name.in(lang)});
    items.push_back(&e);
  }
  if (items.empty()) return;
  h.thrown = std::clamp(h.thrown, 0, static_cast<int>(items.size()) - 1);
  segmented("combat.throw", opts, h.thrown, 2);
  const rules::Explosive& e = *items[static_cast<size_t>(h.thrown)];
  std::string l = Tf("ui.explosives.item_damage", jobj{"damage", dice_notation(lang, e.damage),
                                                   "type", Tk_or("campaign.damage.", e.damage_type, e.damage_type),
                                                   "radius", e.radius_ft, "dc", e.save_dc}) +
                  "  \xC2\xB7  " + T(e.half_on_success ? "ui.explosives.half" : "ui.explosives.no_half");
  muted(l.c_str());
  json cmd = jobj{"type", "Detonate", "explosive", e.id};
  const json t = target_list();
  if (!t.empty()) cmd["targets"] = t;
  if (json s = entered_saves(t); !s.empty()) cmd["saves"] = std::move(s);
  if (colored_button(T("ui.combat.throw_go"), col_tint(hue_red(), 0.5f), ImVec2(0, kTouchTarget), "combat.throw.go") &&
      dispatch_and_tell(cmd, 8.0))
    h.saves.clear();
}

void firearm_part(const std::string& shooter) {
  HazardUi& h = hu();
  const Lang lang = ui().lang;
  const campaign::Creature* x = shooter.empty() ? nullptr : creature(shooter);
  section(x ? Tf("ui.combat.firearm_of", jobj{"name", x->name}).c_str() : T("ui.combat.firearm"));
  if (!x || x->death_saves.dead || is_fuse(x->id)) {
    muted(T("ui.combat.firearm_nobody"));
    return;
  }
  const auto& list = rules::firearm_list();
  std::vector<Option> opts;
  for (const auto& f : list) opts.push_back({f.id, f.name.in(lang)});
  h.weapon = std::clamp(h.weapon, 0, static_cast<int>(list.size()) - 1);
  segmented("combat.gun", opts, h.weapon, 2);
  const rules::Firearm& f = list[static_cast<size_t>(h.weapon)];
  const int left = rules::rounds_left(*x, f);
  std::string l = Tf("ui.combat.rounds_left", jobj{"left", left, "shots", f.shots, "damage", dice_notation(lang, f.damage)});
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(l.c_str());
  ImGui::PopFont();
  track("combat.gun.left", l);
  const float w = split_width(3);
  ImGui::BeginDisabled(left <= 0);
  if (big_button(T("ui.combat.fire"), ImVec2(w, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "FireFirearm", "target", x->id, "weapon", f.id});
  ImGui::EndDisabled();
  track("combat.gun.fire", T("ui.combat.fire"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!f.burst_fire() || left < rules::kBurstRounds);
  json burst = jobj{"type", "FireFirearm", "target", x->id, "weapon", f.id, "burst", true};
  json t = target_list();
  for (auto it = t.begin(); it != t.end();)
    it = it->get<std::string>() == x->id ? t.erase(it) : it + 1;
  if (!t.empty()) burst["targets"] = t;
  if (json s = entered_saves(t); !s.empty()) burst["saves"] = std::move(s);
  if (colored_button(T("ui.combat.burst"), col_tint(hue_red(), 0.5f), ImVec2(w, kTouchTarget), "combat.gun.burst") &&
      dispatch_and_tell(burst, 8.0))
    h.saves.clear();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(left >= f.shots);
  if (big_button(T("ui.combat.reload"), ImVec2(w, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "ReloadFirearm", "target", x->id, "weapon", f.id});
  ImGui::EndDisabled();
  track("combat.gun.reload", T("ui.combat.reload"));
  if (f.burst_fire()) muted(T("ui.combat.burst_hint"));
}

}  // namespace

void fuse_badge(const campaign::Creature& c) {
  for (const auto& f : rules::lit_fuses(model().state())) {
    if (f.creature != c.id) continue;
    std::string l = Tf("ui.combat.fuse_left", jobj{"n", f.left});
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextUnformatted(l.c_str());
    ImGui::PopStyleColor();
    track("combat.fuse." + c.id, l);
  }
}

void draw_hazards_panel(const std::string& current) {
  if (ui_player_mode()) return;
  HazardUi& h = hu();
  if (toggle_button(T("ui.combat.hazards"), h.open, "combat.hazards")) h.open = !h.open;
  if (!h.open) return;
  begin_card("##hazards", col_tint(hue_amber(), 0.10f));
  traps_part();
  if (rule_on(rules::kExplosives)) {
    targets_part();
    dynamite_part();
    throw_part();
    firearm_part(current);
  }
  end_card();
  // Room under the panel: its last lines can be scrolled above the notice that tells what a button did.
  ImGui::Dummy(ImVec2(1, 240));
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels hazards_ui() {
  return {{Slot::combat_order, [](SlotContext& x) { draw_hazards_panel(x.current); }},
          {Slot::combat_row, [](SlotContext& x) { fuse_badge(*x.creature); }}};
}

}  // namespace druzina::ui
