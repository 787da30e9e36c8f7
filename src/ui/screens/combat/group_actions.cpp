// Rule "group-actions" on the Combat screen (DM): "Select several" turns a tap on a row into picking it; the bar
// above the order says how many are picked and opens the number pad for the group — Damage (no save, or a save of
// any ability for half or none: a second pad asks its DC; GroupDamage, each target's save a prompt card) or Heal
// (GroupHeal); *Condition…* adds a condition to all of them or takes it from all (GroupCondition). One command,
// one undo step. Test ids: combat.select, combat.group.count, combat.group.act, combat.group.clear,
// combat.group.conditions, group.cond_mode.<add|remove>, group.cond.<condition>, pad.group.damage,
// pad.group.heal, group.save.<none|str|…>, group.on_save.<half|none>.
#include <imgui.h>

#include <set>
#include <string>

#include "core/campaign/state.hpp"
#include "core/rules/group_actions/group_actions.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

struct Group {
  bool selecting = false;
  std::set<std::string> picked;
  int save = 0;         // 0 none, 1..6 str … cha
  bool half = true;     // on a success: half (else none)
  bool conditions = false;  // the condition chips unfolded
  int remove = 0;           // 0 add the condition, 1 remove it
};

Group& gr() {
  static Group g;
  return g;
}

const char* const kSaves[] = {"", "str", "dex", "con", "int", "wis", "cha"};

json targets() {
  json t = json::array();
  for (const auto& id : gr().picked) t.push_back(id);
  return t;
}

void run(json cmd) {
  cmd["targets"] = targets();
  if (dispatch_and_tell(cmd, 8.0)) gr().picked.clear();
}

void open_group_pad() {
  Group& g = gr();
  pad::Request r;
  r.title = Tf("ui.group.pad_title", jobj{"n", static_cast<int>(g.picked.size())});
  r.lo = 0;
  r.hi = 1000000;
  r.extra = [] {
    Group& g = gr();
    small_label(T("ui.group.save"));
    const std::vector<Option> saves = {{"none", T("ui.group.no_save")}, {"str", T("ui.ability.str")},
                                       {"dex", T("ui.ability.dex")},    {"con", T("ui.ability.con")},
                                       {"int", T("ui.ability.int")},    {"wis", T("ui.ability.wis")},
                                       {"cha", T("ui.ability.cha")}};
    segmented("group.save", saves, g.save, 4);
    if (g.save > 0) {
      int on_save = g.half ? 0 : 1;
      if (segmented("group.on_save", {{"half", T("ui.group.half")}, {"none", T("ui.group.none")}}, on_save))
        g.half = on_save == 0;
    }
  };
  r.actions.push_back({T("ui.group.damage"), "pad.group.damage", col_bad(), [](int amount) {
                         Group& g = gr();
                         json cmd = jobj{"type", "GroupDamage", "amount", amount};
                         if (g.save == 0) return run(cmd);
                         cmd["save"] = kSaves[g.save];
                         cmd["on_save"] = g.half ? "half" : "none";
                         // the save's DC on a second pad
                         pad::open_value(Tf("ui.group.dc_title", jobj{"n", amount}), 15, 1, 40,
                                         [cmd](int dc) mutable {
                                           cmd["dc"] = dc;
                                           run(cmd);
                                         });
                       }});
  r.actions.push_back({T("ui.group.heal"), "pad.group.heal", col_good(),
                       [](int amount) { run(jobj{"type", "GroupHeal", "amount", amount}); }});
  pad::open(std::move(r));
}

bool selecting() { return gr().selecting && !ui_player_mode() && rule_on(rules::kGroupActions); }

bool available(const SlotContext&) { return !ui_player_mode() && rule_on(rules::kGroupActions); }

// A row of the order: picked or not while selecting; a tap picks it or lets it go.
void row_select(SlotContext& x) {
  if (!selecting() || !x.creature) return;
  auto& p = gr().picked;
  const std::string& id = x.creature->id;
  if (x.tapped && !p.erase(id)) p.insert(id);
  x.picked = p.count(id) > 0;
  x.done = true;
}

void draw_group_bar() {
  Group& g = gr();
  if (!selecting()) return;
  // who is picked and still there (a creature removed meanwhile drops out)
  for (auto it = g.picked.begin(); it != g.picked.end();) {
    const campaign::Creature* c = creature(*it);
    it = c && !c->death_saves.dead ? std::next(it) : g.picked.erase(it);
  }
  const std::string count = Tf("ui.group.count", jobj{"n", static_cast<int>(g.picked.size())});
  muted(count.c_str());
  track("combat.group.count", count);
  const float w = split_width(2);
  ImGui::BeginDisabled(g.picked.empty());
  if (colored_button(T("ui.group.act"), ImVec4(0.55f, 0.40f, 0.12f, 1), ImVec2(w, kTouchTarget), "combat.group.act")) open_group_pad();
  ImGui::SameLine();
  if (big_button(T("ui.group.clear"), ImVec2(w, kTouchTarget))) g.picked.clear();
  track("combat.group.clear", T("ui.group.clear"));
  if (toggle_button(T("ui.group.condition"), g.conditions, "combat.group.conditions")) g.conditions = !g.conditions;
  if (g.conditions) {
    // a condition for all of them (GroupCondition; the immune are left out with a log line), or taken from all
    segmented("group.cond_mode", {{"add", T("ui.group.cond_add")}, {"remove", T("ui.group.cond_remove")}}, g.remove);
    int k = 0;
    ImGui::PushFont(ui().fonts.small);
    for (const auto& id : campaign::condition_immunity_ids()) {
      if (id == "exhaustion") continue;  // levels, not a condition to switch
      if (k++ % 2) ImGui::SameLine();
      if (big_button((condition_name(id) + "##group").c_str(), ImVec2(w, 44))) {
        json cmd = jobj{"type", "GroupCondition", "condition", id};
        if (g.remove) cmd["remove"] = true;
        run(cmd);
      }
      track("group.cond." + id, condition_name(id));
    }
    ImGui::PopFont();
  }
  ImGui::EndDisabled();
}

// "Select several" beside Reorder, and while picking the bar with the count and the actions.
void tools(SlotContext& x) {
  if (!available(x)) return;
  Group& g = gr();
  if (toggle_button(T("ui.group.select"), g.selecting, "combat.select", ImVec2(x.width, 0))) {
    g.selecting = !g.selecting;
    g.picked.clear();
  }
  draw_group_bar();
}

}  // namespace

RulePanels group_actions_ui() {
  return {{Slot::combat_tools, tools, available}, {Slot::combat_row_select, row_select}};
}

}  // namespace druzina::ui
