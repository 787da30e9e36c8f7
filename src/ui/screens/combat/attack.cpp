#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/rules/rules.hpp"
#include "ui/model.hpp"
#include "ui/screens/combat/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/hp_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

struct Attack {
  std::string attacker;  // chosen by hand ("" = the creature whose turn it is)
  std::string target;
  int bonus = 5;
  int flank = 0;  // 0 none, 1 side, 2 direct
  bool adv = false, dis = false;
  bool choosing_attacker = false;
  std::optional<rules::AttackResult> result;  // the last attack (the rule's, or rolled here with the rule off)
  bool ui_side = false;                         // rolled here: nothing stored, no luck to spend on it
};

Attack& atk() {
  static Attack a;
  return a;
}

const char* const kFlank[] = {"none", "side", "direct"};

void roll_attack(const std::string& attacker) {
  Attack& a = atk();
  const bool adv = a.adv && !a.dis, dis = a.dis && !a.adv;
  json cmd = jobj{"type", "AttackRoll", "attacker", attacker, "bonus", a.bonus, "flanking", kFlank[a.flank]};
  if (!a.target.empty()) cmd["target"] = a.target;
  if (adv) cmd["advantage"] = true;
  if (dis) cmd["disadvantage"] = true;
  if (rule_on(rules::kAttackRoll)) {
    const Outcome o = dispatch_and_tell(cmd, 6.0);
    if (!o) return;
    a.result = rules::attack_result(o.events);
    a.ui_side = false;
    return;
  }
  // The rule is off: the core still works the roll out (the same maths as AttackRoll), nothing is stored.
  try {
    a.result = rules::attack_result(rules::attack_roll(model().state(), cmd, model().rng()));
  } catch (const UserError& e) {
    model().notify(e.message(ui().lang), true);
    return;
  }
  a.ui_side = true;
  a.result->inspiration = false;  // luck is spent on a stored roll (UseInspiration) only
}

void result_card(const std::string& attacker) {
  Attack& a = atk();
  if (!a.result || a.result->attacker != attacker) return;
  const rules::AttackResult& r = *a.result;
  begin_card("##attack_result", col_tint(hue_blue()));
  std::string dice;
  for (const int d : r.rolls) {
    if (!dice.empty()) dice += " / ";
    dice += std::to_string(d);
  }
  const int fb = r.flank_bonus;
  std::string line = std::string(T("ui.attack.dice")) + ": " + dice + "  " + signed_num(r.bonus) + (fb ? "  " + signed_num(fb) : "") + "  =  " +
                     std::to_string(r.total);
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", line.c_str());
  ImGui::PopFont();
  track("attack.result", line);
  if (!r.target.empty()) {
    const bool hit = r.hit, crit = r.critical;
    std::string verdict = Tf(crit ? "ui.attack.critical" : hit ? "ui.attack.hit" : "ui.attack.miss", jobj{"ac", r.ac});
    ImGui::PushStyleColor(ImGuiCol_Text, hit ? col_good() : col_bad());
    ImGui::PushFont(ui().fonts.big);
    ImGui::TextUnformatted(verdict.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    track("attack.verdict", hit ? (crit ? "critical" : "hit") : "miss");
  }
  if (a.ui_side) muted(T("ui.attack.ui_side"));
  const auto* at = creature(attacker);
  if (at && at->inspiration && r.inspiration) {
    if (colored_button((std::string("\xE2\x98\x85 ") + T("ui.attack.use_inspiration")).c_str(), col_accent(), ImVec2(0, 52),
                       "attack.inspiration")) {
      json cmd = jobj{"type", "UseInspiration", "target", attacker, "first_roll", r.kept, "modifier", r.bonus + fb};
      if (!r.target.empty()) cmd["dc"] = r.ac;
      if (dispatch_and_tell(cmd, 8.0)) a.result->inspiration = false;
    }
  }
  if (r.hit && creature(r.target)) {
    if (colored_button(Tf("ui.attack.damage", jobj{"name", creature_name(r.target)}).c_str(), col_bad(), ImVec2(0, 52),
                       "attack.damage"))
      pad::open_hp(r.target);
  }
  end_card();
}

}  // namespace

void reset_attack_helper() {
  Attack& a = atk();
  a.attacker.clear();
  a.target.clear();
  a.result.reset();
  a.choosing_attacker = false;
}

void draw_attack_helper(const std::string& turn_attacker) {
  Attack& a = atk();
  if (!a.attacker.empty() && !creature(a.attacker)) a.attacker.clear();
  const std::string attacker = a.attacker.empty() ? turn_attacker : a.attacker;
  const auto& st = model().state();
  begin_card("##attack");
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(T("ui.attack.title"));
  ImGui::PopFont();
  // attacker
  std::string who = attacker.empty() ? std::string(T("ui.attack.nobody")) : creature_name(attacker);
  if (big_button(Tf("ui.attack.attacker", jobj{"name", who}).c_str(), ImVec2(0, kTouchTarget))) a.choosing_attacker = !a.choosing_attacker;
  track("attack.attacker", who);
  const float w2 = split_width(2);
  if (a.choosing_attacker) {
    int k = 0;
    for (const auto& c : st.creatures) {
      if (c.death_saves.dead || hidden_from_players(c)) continue;
      if (k++ % 2) ImGui::SameLine();
      if (toggle_button(c.name.c_str(), c.id == attacker, "attack.attacker." + c.id, ImVec2(w2, kTouchTarget))) {
        a.attacker = c.id;
        a.choosing_attacker = false;
      }
    }
  }
  // target
  muted(T("ui.attack.target"));
  int k = 0;
  for (const auto& c : st.creatures) {
    if (c.death_saves.dead || c.id == attacker || hidden_from_players(c)) continue;
    if (st.encounter) {
      bool in = std::any_of(st.encounter->order.begin(), st.encounter->order.end(),
                            [&](const campaign::InitEntry& e) { return e.creature == c.id && !e.lair; });
      if (!in) continue;
    }
    if (k++ % 2) ImGui::SameLine();
    std::string label = c.name + "  (" + std::string(T("ui.creature.ac")) + " " + std::to_string(c.ac) + ")";
    ImGui::PushFont(ui().fonts.small);
    if (toggle_button(label.c_str(), c.id == a.target, "attack.target." + c.id, ImVec2(w2, kTouchTarget)))
      a.target = a.target == c.id ? std::string() : c.id;
    ImGui::PopFont();
  }
  stepper("attack.bonus", a.bonus, -10, 30, {.label = T("ui.attack.bonus")});
  muted(T("ui.attack.flanking"));
  std::vector<std::string> fl = {T("ui.attack.flank_none"), T("ui.attack.flank_side"), T("ui.attack.flank_direct")};
  if (rule_on(rules::kFlanking)) {
    ImGui::PushFont(ui().fonts.small);
    segmented("attack.flank", options({"none", "side", "direct"}, fl), a.flank);
    ImGui::PopFont();
  } else {
    a.flank = 0;
    muted(T("ui.attack.flank_off"));
  }
  if (toggle_button(T("ui.attack.advantage"), a.adv, "attack.adv", ImVec2(w2, kTouchTarget))) a.adv = !a.adv;
  ImGui::SameLine();
  if (toggle_button(T("ui.attack.disadvantage"), a.dis, "attack.dis", ImVec2(w2, kTouchTarget))) a.dis = !a.dis;
  ImGui::BeginDisabled(attacker.empty());
  ImGui::PushFont(ui().fonts.big);
  if (colored_button(("\xE2\x9A\x84 " + std::string(T("ui.attack.roll"))).c_str(), col_accent(), ImVec2(0, 64), "attack.roll"))
    roll_attack(attacker);
  ImGui::PopFont();
  ImGui::EndDisabled();
  end_card();
  result_card(attacker);
}

}  // namespace druzina::ui
