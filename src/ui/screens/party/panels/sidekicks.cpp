// Rule "sidekicks" on the sheet. A sidekick made by the rule: its class, level and proficiency bonus, the party's
// average level it follows (the engine raises it when a PC's level-up lifts the average: MakeSidekick's and the
// rule's hook, LevelUp nested), the hit points each level gives (hit die + CON modifier, at least 1: the level-up
// panel below takes a level by hand) and the class features of each level it has (rules::sidekick_features).
// A creature that can become one (not a PC, challenge rating 1/2 or lower, or kind "sidekick" without a class): the
// DM unfolds "Make it a sidekick…", picks the class (and a hit die when its stat block has none) and makes it one (MakeSidekick; the class is for
// good). Players read a sidekick's panel; the rest is the DM's.
// Test ids: sheet.sidekick ("<class> <level>"), sheet.sidekick.party ("<party level>"), sheet.sidekick.behind,
// sheet.sidekick.feature.<level> (that level's features), sheet.sidekick.class.<class>, sheet.sidekick.die.<n>,
// sheet.sidekick.offer (unfolds the choice), sheet.sidekick.make, sheet.sidekick.need_cr.
#include <imgui.h>

#include <map>
#include <string>
#include <vector>

#include "core/campaign/derived.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/level_up/level_up.hpp"
#include "core/rules/sidekicks/sidekicks.hpp"
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

namespace {

const char* const kClasses[] = {"expert", "spellcaster", "warrior"};

void draw_sidekick(const Creature& c, const rules::SidekickView& v) {
  const std::string& cls = *v.cls;
  section(T("ui.sidekick.title"));
  ImGui::TextWrapped("%s", Tf("ui.sidekick.line", jobj{"class", Tk("ui.sidekick.class.", cls),
                                                  "level", v.level,
                                                  "pb", signed_num(v.proficiency)})
                               .c_str());
  track("sheet.sidekick", cls + " " + std::to_string(v.level));
  muted(Tf("ui.sidekick.party", jobj{"n", v.party_level}).c_str());
  track("sheet.sidekick.party", std::to_string(v.party_level));
  if (v.level < v.party_level && !c.death_saves.dead) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
    ImGui::TextWrapped("%s", T(rule_on(rules::kLevelUp) && c.hit_die > 0 ? "ui.sidekick.behind" : "ui.sidekick.behind_off"));
    ImGui::PopStyleColor();
    track("sheet.sidekick.behind", std::to_string(v.party_level - v.level));
  }
  if (c.hit_die > 0)
    muted(Tf("ui.sidekick.hp", jobj{"die", c.hit_die, "con", signed_num(campaign::modifier(c, "con"))}).c_str());
  small_label(T("ui.sidekick.features"));
  for (int level = 1; level <= v.level; ++level) {
    const auto features = rules::sidekick_features(cls, level);
    if (features.empty()) continue;
    std::string names;
    for (const auto& f : features) names += (names.empty() ? "" : ", ") + Tk("rules.sidekicks.feature.", f);
    const std::string line = Tf("ui.sidekick.feature_line", jobj{"level", level, "features", names});
    bullet(line.c_str());
    track("sheet.sidekick.feature." + std::to_string(level), names);
  }
}

void draw_candidate(const Creature& c, const rules::SidekickView& v) {
  const auto cr = rules::challenge_rating_view(model().state(), c).row;
  const bool eligible = cr && cr->value <= 0.5;
  if (!eligible && c.kind != "sidekick") return;  // a monster's sheet stays as it was
  section(T("ui.sidekick.title"));
  if (!eligible) {
    muted(T(cr ? "ui.sidekick.cr_high" : "ui.sidekick.need_cr"));
    track("sheet.sidekick.need_cr", cr ? cr->cr : "");
    return;
  }
  static std::map<std::string, int> chosen, die;
  if (!chosen.count(c.id)) {  // folded to one button: every low-CR monster's sheet would otherwise carry the form
    if (big_button(T("ui.sidekick.offer"), ImVec2(0, kTouchTarget))) chosen[c.id] = -1;
    track("sheet.sidekick.offer", T("ui.sidekick.offer"));
    return;
  }
  muted(Tf("ui.sidekick.make_hint", jobj{"n", std::max(1, v.party_level)}).c_str());
  int& k = chosen.try_emplace(c.id, -1).first->second;
  std::vector<Option> opts;
  for (const char* cls : kClasses) opts.push_back({cls, Tk("ui.sidekick.class.", cls)});
  segmented("sheet.sidekick.class", opts, k);
  int& d = die.try_emplace(c.id, 2).first->second;  // d8
  static const int kDice[] = {4, 6, 8, 10, 12};
  if (c.hit_die <= 0) {
    small_label(T("ui.sidekick.die"));
    std::vector<Option> dice;
    for (int n : kDice) dice.push_back({std::to_string(n), Tf("ui.sidekick.die_n", jobj{"n", n})});
    segmented("sheet.sidekick.die", dice, d);
  }
  ImGui::BeginDisabled(k < 0);
  const std::string label = k < 0 ? std::string(T("ui.sidekick.make"))
                                  : Tf("ui.sidekick.make_as", jobj{"class", Tk("ui.sidekick.class.", kClasses[k])});
  if (colored_button(label.c_str(), col_good(), ImVec2(0, kTouchTarget), "sheet.sidekick.make") && k >= 0) {
    json cmd = jobj{"type", "MakeSidekick", "target", c.id, "class", kClasses[k]};
    if (c.hit_die <= 0) cmd["hit_die"] = kDice[d];
    dispatch_and_tell(cmd, 8.0);
  }
  ImGui::EndDisabled();
  muted(T("ui.sidekick.for_good"));
}

}  // namespace

void sidekicks(const Creature& c) {
  if (c.kind == "pc") return;
  const rules::SidekickView v = rules::sidekick_view(model().state(), c);
  if (v.cls) {  // stored: shown even with the rule off (its level and features stay true)
    draw_sidekick(c, v);
    return;
  }
  if (!v.on || ui_player_mode() || c.death_saves.dead) return;
  draw_candidate(c, v);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels sidekicks_ui() {
  return {
      {Slot::sheet_top, [](SlotContext& x) { panels::sidekicks(*x.creature); }}};
}

}  // namespace druzina::ui
