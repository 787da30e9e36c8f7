// The league rule (shared-campaign play): tiers by level, checkpoints and treasure points at every tier boundary,
// EndLeagueSession awarding them per PC with the level-ups they buy (the surplus carried over), spending treasure
// points, the refusals and the calculators.
#include "core/calc/calc.hpp"
#include "core/rules/league/league.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("league: tiers, checkpoints, treasure points, checkpoints per level", "[rules][league]") {
  CHECK(rules::league_tier(1) == 1);
  CHECK(rules::league_tier(4) == 1);
  CHECK(rules::league_tier(5) == 2);
  CHECK(rules::league_tier(10) == 2);
  CHECK(rules::league_tier(11) == 3);
  CHECK(rules::league_tier(16) == 3);
  CHECK(rules::league_tier(17) == 4);
  CHECK(rules::league_tier(20) == 4);

  CHECK(rules::league_checkpoints(2, 2, 2) == 3);  // the seed: a level 2 character, a 2-hour level 6 adventure
  CHECK(rules::league_checkpoints(2, 1, 2) == 2);
  CHECK(rules::league_checkpoints(2, 2, 4) == 3);  // level 4 is tier 1
  CHECK(rules::league_checkpoints(2, 2, 5) == 2);  // level 5 is tier 2
  CHECK(rules::league_checkpoints(4, 1, 12) == 4); // a lower tier takes nothing away
  CHECK(rules::league_checkpoints(4, 4, 16) == 5);
  CHECK(rules::league_checkpoints(4, 4, 17) == 4);

  CHECK(rules::league_treasure_points(1, 1, 1) == 0);  // 1 per 2 hours, rounded down
  CHECK(rules::league_treasure_points(2, 1, 1) == 1);
  CHECK(rules::league_treasure_points(3, 1, 1) == 1);
  CHECK(rules::league_treasure_points(4, 2, 4) == 3);  // 2 + 1 for the higher tier
  CHECK(rules::league_treasure_points(4, 2, 10) == 2); // tier 2: still per 2 hours
  CHECK(rules::league_treasure_points(4, 3, 11) == 4); // tier 3: 1 per hour
  CHECK(rules::league_treasure_points(4, 4, 11) == 5);
  CHECK(rules::league_treasure_points(4, 4, 17) == 4);

  CHECK(rules::league_checkpoints_to_next(1) == 4);
  CHECK(rules::league_checkpoints_to_next(4) == 4);
  CHECK(rules::league_checkpoints_to_next(5) == 8);
  CHECK(rules::league_checkpoints_to_next(19) == 8);
  CHECK(rules::league_checkpoints_to_next(20) == 0);

  Rng rng(1);
  CHECK(calc::run("checkpoints", {{"hours", 2}, {"adventure-tier", 2}, {"level", 2}}, rng) == json{{"checkpoints", 3}});
  CHECK(calc::run("treasure-points", {{"hours", 4}, {"adventure-tier", 3}, {"level", 11}}, rng) == json{{"points", 4}});
  CHECK(error_key([&] { calc::run("checkpoints", {{"hours", 2}, {"adventure-tier", 5}, {"level", 2}}, rng); }) == "calc.err.too_large");
  CHECK(error_key([&] { calc::run("checkpoints", {{"hours", 2}, {"adventure-tier", 1}, {"level", 21}}, rng); }) == "calc.err.too_large");
  CHECK(error_key([&] { calc::run("treasure-points", {{"hours", 0}, {"adventure-tier", 1}, {"level", 1}}, rng); }) == "calc.err.too_small");
}

TEST_CASE("league: EndLeagueSession awards, levels up when earned, carries the surplus", "[rules][league]") {
  RulesTable t(4);
  new_campaign(t, {{"rules", {{"league", true}}}});
  const std::string ana = t.pc("Ana", 10, {{"hit_die", 8}});
  const std::string bor = t.pc("Bor", 30, {{"level", 4}, {"hit_die", 10}});
  const std::string cid = t.pc("Cid", 30, {{"level", 4}});  // no hit die: the level waits
  t.add({{"name", "Wolf"}, {"kind", "monster"}, {"hp", 11}});

  // A 6-hour tier 2 adventure: level 1 and level 4 are tier 1 → 6 + 1 = 7 checkpoints; 6/2 + 1 = 4 treasure points.
  const auto& tx = t.run({{"type", "EndLeagueSession"}, {"hours", 6}, {"adventure_tier", 2}});
  CHECK(count_events(tx, "league_awarded") == 3);
  CHECK(tx.events.at(0).data["gained"] == 7);
  CHECK(tx.events.at(0).data["treasure_gained"] == 4);
  // Ana: level 1 → 2 (4 spent), 3 left (level 2 needs 4 more).
  CHECK(t.c(ana).level == 2);
  auto va = rules::league_view(t.state(), t.c(ana));
  CHECK(va.on);
  CHECK(va.checkpoints == 3);
  CHECK(va.treasure_points == 4);
  CHECK_FALSE(va.level_due);
  // Bor: level 4 → 5 (4 spent), 3 left; level 5 needs 8.
  CHECK(t.c(bor).level == 5);
  CHECK(rules::league_view(t.state(), t.c(bor)).checkpoints == 3);
  CHECK(rules::league_view(t.state(), t.c(bor)).needed == 8);
  CHECK(rules::league_view(t.state(), t.c(bor)).tier == 2);
  // Cid keeps 7, a level is due.
  CHECK(t.c(cid).level == 4);
  CHECK(rules::league_view(t.state(), t.c(cid)).checkpoints == 7);
  CHECK(rules::league_view(t.state(), t.c(cid)).level_due);
  CHECK(count_events(tx, "leveled_up") == 2);
  CHECK(count_events(tx, "league_level_bought") == 2);
  const auto log = t.session.log(Lang::en).back().lines;
  CHECK(log.at(0) == "Ana: +7 checkpoints (now 7), +4 treasure points (now 4).");
  CHECK(std::find(log.begin(), log.end(), "Ana reaches level 2 for 4 checkpoints; 3 left.") != log.end());

  // The next session, only Ana: 2 hours of tier 1 → 5 → level 3, 1 left.
  t.run({{"type", "EndLeagueSession"}, {"hours", 2}, {"adventure_tier", 1}, {"targets", {ana}}});
  CHECK(t.c(ana).level == 3);
  CHECK(rules::league_view(t.state(), t.c(ana)).checkpoints == 1);
  CHECK(rules::league_view(t.state(), t.c(ana)).treasure_points == 5);
  CHECK(rules::league_view(t.state(), t.c(bor)).checkpoints == 3);  // not a target

  // A long session buys several levels at once: 13 hours at level 3 → 14 → levels 4 and 5 (4 + 4), 6 left.
  t.run({{"type", "EndLeagueSession"}, {"hours", 13}, {"adventure_tier", 1}, {"targets", {ana}}});
  CHECK(t.c(ana).level == 5);
  CHECK(rules::league_view(t.state(), t.c(ana)).checkpoints == 6);

  // Treasure points.
  t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 4}, {"item", "potion of healing"}});
  // 4 + 1 (2 hours at tier 1) + 6 (13 hours at tier 1) = 11, 4 spent
  CHECK(rules::league_view(t.state(), t.c(ana)).treasure_points == 7);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ana spends 4 treasure points on potion of healing; 7 left.");
  REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 8}}), "rules.err.treasure_points_short");
  t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 7}});
  CHECK_FALSE(t.c(ana).modules["league"].contains("treasure_points"));  // 0 = absent

  // Refusals.
  const std::string wolf = t.state().creatures.at(3).id;
  REQUIRE_REFUSED(t.run({{"type", "EndLeagueSession"}, {"hours", 2}, {"adventure_tier", 1}, {"targets", {wolf}}}), "rules.err.league_not_pc");
  REQUIRE_REFUSED(t.run({{"type", "EndLeagueSession"}, {"hours", 0}, {"adventure_tier", 1}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "EndLeagueSession"}, {"hours", 2}, {"adventure_tier", 5}}), "campaign.err.param_range");

  // Undo takes a whole session back.
  const int before = t.c(ana).level;
  t.run({{"type", "EndLeagueSession"}, {"hours", 8}, {"adventure_tier", 2}, {"targets", {ana}}});
  CHECK(t.c(ana).level == before + 1);
  t.session.undo();
  CHECK(t.c(ana).level == before);
  CHECK(rules::league_view(t.state(), t.c(ana)).checkpoints == 6);
}

TEST_CASE("league: level 20 buys nothing more, checkpoints keep counting", "[rules][league]") {
  RulesTable t(2);
  new_campaign(t, {{"rules", {{"league", true}}}});
  const std::string z = t.pc("Zed", 200, {{"level", 19}, {"hit_die", 10}});
  t.run({{"type", "EndLeagueSession"}, {"hours", 20}, {"adventure_tier", 4}});
  CHECK(t.c(z).level == 20);
  CHECK(rules::league_view(t.state(), t.c(z)).checkpoints == 12);  // 20 − 8
  CHECK(rules::league_view(t.state(), t.c(z)).needed == 0);
  CHECK_FALSE(rules::league_view(t.state(), t.c(z)).level_due);
}
