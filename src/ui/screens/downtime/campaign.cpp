// The Campaign place on the downtime screen (below where the party is): what a DM does between sessions.
//   Plot points (rule "plot-points"): each living PC's points and what it spent this session; the DM spends one
//   for a player with a short note (SpendPlotPoint), corrects the count (SetPlotPoints), starts a new session
//   (NewPlotSession: everyone may spend again) and chooses the variant and the per-session cap (SetPlotRules).
//   League play (rule "league"): each PC's checkpoints, treasure points and tier; the end of a session from the hours
//   the adventure is designed for and its tier (EndLeagueSession): the engine awards checkpoints and treasure points
//   and takes a level as soon as it is earned; what it did shows in the "what changed" summary. Treasure points are
//   spent on an item the DM types, from one of the magic item tables open at the character's tier (A–I with their
//   point costs: rules::league_item_tables; the items on them are the DMs' list, not the SRD's) or none; a table's
//   item is paid for as a deposit until its cost is reached, and each deposit shows with Pay toward it.
// Each part shows only while its rule is on; players read, the DM acts. The numbers come from the rules' views and
// functions (plot_points_view, league_view, league_checkpoints …), never computed here.
// Test ids: campaign.plot.<id> (the line: "points spent/cap"), campaign.plot.<id>.spend, campaign.plot.<id>.note,
// campaign.plot.<id>.confirm, campaign.plot.<id>.cancel, campaign.plot.<id>.points.{minus,value,plus},
// campaign.plot.session, campaign.plot.variant.<v>, campaign.plot.cap.{minus,value,plus}; campaign.league.<id>
// ("checkpoints/needed treasure"), campaign.league.hours.{minus,value,plus}, campaign.league.tier.<1..4>,
// campaign.league.gain.<id> (what the end of the session will give), campaign.league.end; spending treasure points
// (SpendTreasurePoints): campaign.league.<id>.spend, .spend_points.{minus,value,plus}, .spend_item, .spend_ok,
// .spend_cancel, .spend_table.<none|A..I>, .deposit.<n> (the line), .deposit.<n>.pay.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/rules/league/league.hpp"
#include "core/rules/plot_points/plot_points.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/downtime/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

using campaign::Creature;

struct PlaceState {
  std::string spending;  // the PC whose plot point is being spent (the note field is open)
  std::string note;
  int hours = 4;         // the adventure's hours (league)
  int tier = 0;          // 0..3: tier 1..4
  std::string buying;    // the PC spending treasure points (league: the form is open)
  int buy_points = 1;
  std::string buy_item;
  int buy_table = 0;     // 0: no table; else 1 + its index among the tables open at the PC's tier
};

PlaceState& st() {
  static PlaceState s;
  return s;
}

// The living PCs' ids. Ids, not pointers: a command replaces the state's creature list (copy on write), so after a
// dispatch the parts below stop drawing for this frame and the next frame reads the new state.
std::vector<std::string> players() {
  std::vector<std::string> out;
  for (const auto& x : model().state().creatures)
    if (x.kind == "pc" && !x.death_saves.dead) out.push_back(x.id);
  return out;
}

// Returns true when it changed the state (the caller draws nothing more this frame).
bool draw_plot_points(bool dm) {
  section(T("ui.plot.title"));
  const auto pcs = players();
  if (pcs.empty()) {
    muted(T("ui.plot.no_pc"));
    return false;
  }
  PlaceState& s = st();
  for (const std::string& id : pcs) {
    const Creature* x = creature(id);
    if (!x) continue;
    const rules::PlotPointsView v = rules::plot_points_view(model().state(), *x);
    const std::string pre = "campaign.plot." + id;
    const std::string line =
        Tf("ui.plot.line", jobj{"name", x->name, "n", v.points, "spent", v.spent_session, "cap", v.cap});
    ImGui::TextWrapped("%s", line.c_str());
    track(pre, std::to_string(v.points) + " " + std::to_string(v.spent_session) + "/" + std::to_string(v.cap));
    if (!dm) continue;
    if (s.spending == id) {
      small_label(T("ui.plot.note"));
      text_field(("##plotnote" + id).c_str(), T("ui.plot.note_hint"), s.note);
      track(pre + ".note", s.note);
      const float w = split_width(2);
      if (colored_button(T("ui.plot.confirm"), col_good(), ImVec2(w, kTouchTarget), pre + ".confirm")) {
        nlohmann::json cmd = jobj{"type", "SpendPlotPoint", "target", id};
        if (s.note.find_first_not_of(' ') != std::string::npos) cmd["note"] = s.note;
        if (downtime_dispatch(cmd)) {
          s.spending.clear(), s.note.clear();
          return true;
        }
      }
      ImGui::SameLine();
      if (big_button((std::string(T("ui.ctl.cancel")) + "##plot" + id).c_str(), ImVec2(w, kTouchTarget)))
        s.spending.clear(), s.note.clear();
      track(pre + ".cancel", T("ui.ctl.cancel"));
    } else {
      ImGui::BeginDisabled(v.points <= 0 || v.spent_session >= v.cap);
      if (big_button((std::string(T("ui.plot.spend")) + "##" + id).c_str(), ImVec2(0, kTouchTarget)))
        s.spending = id, s.note.clear();
      ImGui::EndDisabled();
      track(pre + ".spend", T("ui.plot.spend"));
    }
    int points = v.points;
    if (stepper(pre + ".points", points, 0, rules::kPlotPointsMax, {.label = T("ui.plot.set")}) && points != v.points) {
      dispatch_and_tell(jobj{"type", "SetPlotPoints", "target", id, "points", points});
      return true;
    }
    ImGui::Spacing();
  }
  if (!dm) return false;
  if (big_button(T("ui.plot.session"), ImVec2(0, kTouchTarget))) {
    downtime_dispatch(jobj{"type", "NewPlotSession"});
    return true;
  }
  track("campaign.plot.session", T("ui.plot.session"));
  muted(T("ui.plot.session_hint"));
  const Creature* first = creature(pcs.front());
  if (!first) return false;
  const rules::PlotPointsView rules_now = rules::plot_points_view(model().state(), *first);
  static const char* const kVariants[] = {"twist", "thickens", "rotating_dm"};
  std::vector<Option> opts;
  int current = 0;
  for (int i = 0; i < 3; ++i) {
    opts.push_back({kVariants[i], Tk("rules.plot_points.variant.", kVariants[i])});
    if (rules_now.variant == kVariants[i]) current = i;
  }
  small_label(T("ui.plot.variant"));
  if (segmented("campaign.plot.variant", opts, current, 1)) {
    dispatch_and_tell({{"type", "SetPlotRules"}, {"variant", kVariants[current]}});
    return true;
  }
  int cap = rules_now.cap;
  if (stepper("campaign.plot.cap", cap, 1, 10, {.label = T("ui.plot.cap")}) && cap != rules_now.cap) {
    dispatch_and_tell(jobj{"type", "SetPlotRules", "cap", cap});
    return true;
  }
  return false;
}

// The magic item tables open at a character's tier.
std::vector<const rules::LeagueItemTable*> open_tables(int tier) {
  std::vector<const rules::LeagueItemTable*> out;
  for (const auto& t : rules::league_item_tables())
    if (t.min_tier <= tier) out.push_back(&t);
  return out;
}

// A PC's deposits (items being paid for from a table), each with Pay toward it (opens the form on that item).
void draw_deposits(const std::string& id, const rules::LeagueView& v, bool dm) {
  PlaceState& s = st();
  const auto tables = open_tables(v.tier);
  for (size_t i = 0; i < v.deposits.size(); ++i) {
    const auto& d = v.deposits[i];
    const std::string pre = "campaign.league." + id + ".deposit." + std::to_string(i);
    const std::string line = Tf("ui.league.deposit", jobj{"item", d.item, "table", std::string(1, d.table), "paid", d.paid, "cost", d.cost});
    bullet(line.c_str());
    track(pre, line);
    if (!dm || v.treasure_points <= 0) continue;
    if (big_button((std::string(T("ui.league.pay_more")) + "##dep" + pre).c_str(), ImVec2(0, kTouchTarget))) {
      s.buying = id, s.buy_item = d.item, s.buy_points = std::min(v.treasure_points, d.cost - d.paid), s.buy_table = 0;
      for (size_t k = 0; k < tables.size(); ++k)
        if (tables[k]->table == d.table) s.buy_table = static_cast<int>(k) + 1;
    }
    track(pre + ".pay", T("ui.league.pay_more"));
  }
}

// Treasure points spent at the end of a session (SpendTreasurePoints): how many, on which item, from which of the
// tables open at the character's tier (or none). Returns true when it changed the state.
bool draw_treasure_spend(const std::string& id, const rules::LeagueView& v) {
  PlaceState& s = st();
  const std::string pre = "campaign.league." + id;
  if (s.buying != id) {
    if (big_button((std::string(T("ui.league.spend")) + "##tp" + id).c_str(), ImVec2(0, kTouchTarget)))
      s.buying = id, s.buy_points = 1, s.buy_item.clear(), s.buy_table = 0;
    track(pre + ".spend", T("ui.league.spend"));
    return false;
  }
  const auto tables = open_tables(v.tier);
  std::vector<Option> choices = {{"none", T("ui.league.table_any")}};
  for (const auto* t : tables) choices.push_back({std::string(1, t->table), std::string(1, t->table) + " · " + std::to_string(t->cost)});
  small_label(T("ui.league.table"));
  s.buy_table = std::clamp(s.buy_table, 0, static_cast<int>(tables.size()));
  segmented(pre + ".spend_table", choices, s.buy_table, 4);
  if (s.buy_table > 0) muted(T("ui.league.table_hint"));
  s.buy_points = std::clamp(s.buy_points, 1, v.treasure_points);
  stepper(pre + ".spend_points", s.buy_points, 1, v.treasure_points, {.label = T("ui.league.spend_points")});
  text_field(("##tpitem" + id).c_str(), T("ui.league.spend_item"), s.buy_item);
  track(pre + ".spend_item", s.buy_item);
  const float w = split_width(2);
  if (colored_button(T("ui.league.spend_ok"), col_good(), ImVec2(w, kTouchTarget), pre + ".spend_ok")) {
    nlohmann::json cmd = jobj{"type", "SpendTreasurePoints", "target", id, "points", s.buy_points};
    if (s.buy_item.find_first_not_of(' ') != std::string::npos) cmd["item"] = s.buy_item;
    if (s.buy_table > 0) cmd["table"] = std::string(1, tables[static_cast<size_t>(s.buy_table - 1)]->table);
    if (downtime_dispatch(cmd)) {
      s.buying.clear();
      return true;
    }
  }
  ImGui::SameLine();
  if (big_button((std::string(T("ui.ctl.cancel")) + "##tp" + id).c_str(), ImVec2(w, kTouchTarget))) s.buying.clear();
  track(pre + ".spend_cancel", T("ui.ctl.cancel"));
  return false;
}

void draw_league(bool dm) {
  section(T("ui.league.title"));
  const auto pcs = players();
  if (pcs.empty()) {
    muted(T("ui.plot.no_pc"));
    return;
  }
  PlaceState& s = st();
  for (const std::string& id : pcs) {
    const Creature* x = creature(id);
    if (!x) continue;
    const rules::LeagueView v = rules::league_view(model().state(), *x);
    const std::string line = Tf(v.needed > 0 ? "ui.league.line" : "ui.league.line_max",
                                jobj{"name", x->name, "level", x->level, "tier", v.tier, "cp", v.checkpoints,
                                 "need", v.needed, "tp", v.treasure_points});
    ImGui::TextWrapped("%s", line.c_str());
    track("campaign.league." + x->id,
          std::to_string(v.checkpoints) + "/" + std::to_string(v.needed) + " " + std::to_string(v.treasure_points));
    const std::string personal = Tf("ui.league.personal", jobj{"gp", v.personal.gp,
                                                           "lifestyle", T(std::string("ui.league.lifestyle.") + v.personal.lifestyle)});
    muted(personal.c_str());
    track("campaign.league.personal." + x->id, personal);
    if (v.level_due) {
      ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
      ImGui::TextWrapped("%s", T(x->hit_die > 0 ? "ui.league.level_due" : "ui.league.level_due_no_die"));
      ImGui::PopStyleColor();
    }
    draw_deposits(id, v, dm);
    if (dm && v.treasure_points > 0 && draw_treasure_spend(id, v)) return;
  }
  if (!dm) return;
  ImGui::Spacing();
  small_label(T("ui.league.end_title"));
  stepper("campaign.league.hours", s.hours, 1, 100, {.label = T("ui.league.hours")});
  small_label(T("ui.league.tier"));
  segmented("campaign.league.tier", {{"1", "1"}, {"2", "2"}, {"3", "3"}, {"4", "4"}}, s.tier);
  muted(T("ui.league.tier_hint"));
  for (const std::string& id : pcs) {
    const Creature* x = creature(id);
    if (!x) continue;
    const int level = std::max(1, x->level);
    const std::string gain = Tf("ui.league.gain", jobj{"name", x->name,
                                                    "cp", rules::league_checkpoints(s.hours, s.tier + 1, level),
                                                    "tp", rules::league_treasure_points(s.hours, s.tier + 1, level)});
    bullet(gain.c_str());
    track("campaign.league.gain." + x->id, gain);
  }
  if (colored_button(T("ui.league.end"), col_good(), ImVec2(0, kTouchTarget), "campaign.league.end"))
    downtime_dispatch(jobj{"type", "EndLeagueSession", "hours", s.hours, "adventure_tier", s.tier + 1});
}

}  // namespace

void draw_campaign_place() {
  const bool plot = rule_on(rules::kPlotPoints), league = rule_on(rules::kLeague);
  if (!plot && !league) return;
  const bool dm = !ui_player_mode();
  if (plot && draw_plot_points(dm)) return;  // changed: the next frame draws the new state
  if (league) draw_league(dm);
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels campaign_place_ui() { return {{Slot::downtime, [](SlotContext&) { draw_campaign_place(); }}}; }

}  // namespace druzina::ui
