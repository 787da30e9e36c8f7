// The plot-points rule: 1 point for each PC, at most the cap spent per session, everyone gets a new point once every
// player has spent one, a new session, the DM's corrections and the campaign's variant.
#include "core/rules/plot_points/plot_points.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
int points(const RulesTable& t, const std::string& id) { return rules::plot_points_view(t.state(), t.c(id)).points; }
}  // namespace

TEST_CASE("plot points: start, spend once per session, a new round when everyone has spent", "[rules][plot_points]") {
  RulesTable t(1);
  new_campaign(t, {{"rules", {{"plot-points", true}}}});
  const std::string a = t.pc("Ana", 10), b = t.pc("Bor", 10), c = t.pc("Cid", 10);
  const std::string npc = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 5}});
  CHECK(points(t, a) == 1);
  CHECK(points(t, c) == 1);
  CHECK(rules::plot_points_view(t.state(), t.c(npc)).points == 0);
  REQUIRE_REFUSED(t.run({{"type", "SpendPlotPoint"}, {"target", npc}}), "rules.err.plot_not_pc");

  t.run({{"type", "SpendPlotPoint"}, {"target", a}, {"note", "a secret door"}});
  CHECK(points(t, a) == 0);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ana spends a plot point (\"That's a twist!\"): a secret door; 0 left.");
  REQUIRE_REFUSED(t.run({{"type", "SpendPlotPoint"}, {"target", a}}), "rules.err.plot_no_points");
  t.run({{"type", "SpendPlotPoint"}, {"target", b}});
  CHECK(points(t, a) == 0);  // Cid has not spent yet
  const auto& last = t.run({{"type", "SpendPlotPoint"}, {"target", c}});
  CHECK(count_events(last, "plot_points_round") == 1);
  CHECK(points(t, a) == 1);
  CHECK(points(t, b) == 1);
  CHECK(points(t, c) == 1);
  CHECK(t.session.log(Lang::uk).back().lines.back() == "Очко сюжету витратили всі гравці: кожен отримує нове.");
  // Still the same session: the cap of 1 is reached.
  REQUIRE_REFUSED(t.run({{"type", "SpendPlotPoint"}, {"target", a}}), "rules.err.plot_cap");
  // The DM raises the cap to 2.
  t.run({{"type", "SetPlotRules"}, {"cap", 2}, {"variant", "thickens"}});
  CHECK(rules::plot_points_view(t.state(), t.c(a)).cap == 2);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Plot points: variant \"The plot thickens\", at most 2 per player per session.");
  t.run({{"type", "SpendPlotPoint"}, {"target", a}});
  CHECK(points(t, a) == 0);
  CHECK(rules::plot_points_view(t.state(), t.c(a)).spent_session == 2);
  // A new session: spending is open again (Ana has no point left; Bor has one).
  t.run({{"type", "NewPlotSession"}});
  CHECK(rules::plot_points_view(t.state(), t.c(b)).spent_session == 0);
  CHECK(rules::plot_points_view(t.state(), t.c(a)).spent_session == 0);
  CHECK(rules::plot_points_view(t.state(), t.c(a)).spent_round);  // the round goes on across sessions
  t.run({{"type", "SpendPlotPoint"}, {"target", b}});
  CHECK(points(t, b) == 0);
  // The DM's correction, and undo.
  t.run({{"type", "SetPlotPoints"}, {"target", b}, {"points", 3}});
  CHECK(points(t, b) == 3);
  t.session.undo();
  CHECK(points(t, b) == 0);
  REQUIRE_REFUSED(t.run({{"type", "SetPlotPoints"}, {"target", b}, {"points", 101}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SetPlotRules"}, {"variant", "chaos"}}), "campaign.err.bad_choice");
  REQUIRE_REFUSED(t.run({{"type", "SetPlotRules"}, {"cap", 0}}), "campaign.err.param_range");
  // Back to the defaults: the campaign data is gone.
  t.run({{"type", "SetPlotRules"}, {"cap", 1}, {"variant", "twist"}});
  CHECK_FALSE(t.state().modules.contains("plot-points"));
}

TEST_CASE("plot points: off by default, no points without the rule", "[rules][plot_points]") {
  RulesTable t(1);
  new_campaign(t);
  const std::string a = t.pc("Ana", 10);
  CHECK(points(t, a) == 0);
  CHECK_FALSE(rules::plot_points_view(t.state(), t.c(a)).on);
  REQUIRE_REFUSED(t.run({{"type", "SpendPlotPoint"}, {"target", a}}), "campaign.err.rule_off");
}
