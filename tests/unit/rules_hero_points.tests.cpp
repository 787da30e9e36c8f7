// The hero-points rule's own data and commands (tests/unit/rules_rests.tests.cpp has UseHeroPoint at the table):
// where the points live, SetHeroPoints, what players see, the rule being off.
#include "core/io/player_view.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("hero points: SetHeroPoints sets or changes the module's per-creature data", "[rules][hero_points]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  std::string m = t.pc("Mira", 17);
  CHECK(rules::hero_points_of(t.c(m)) == 0);
  CHECK_FALSE(t.c(m).modules.contains("hero-points"));
  // (moved from campaign_commands.tests.cpp, where SetHeroPoints was a base command)
  t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 5}});
  t.run({{"type", "SetHeroPoints"}, {"target", m}, {"change", -2}});
  REQUIRE(rules::hero_points_of(t.c(m)) == 3);
  REQUIRE_REFUSED(t.run({{"type", "SetHeroPoints"}, {"target", m}, {"change", -4}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SetHeroPoints"}, {"target", m}}), "campaign.err.value_or_change");
  REQUIRE_REFUSED(t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 1}, {"change", 1}}), "campaign.err.value_or_change");
  CHECK(t.c(m).modules["hero-points"]["points"] == 3);
  const auto v = rules::hero_points_view(t.state(), t.c(m));
  CHECK(v.on);
  CHECK(v.points == 3);
  // Back to 0: no data left (absent = 0).
  const auto& tx = t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 0}});
  REQUIRE(tx.events.size() == 1);
  CHECK(tx.events[0].data == json{{"creature", m}, {"old", 3}, {"new", 0}});
  CHECK_FALSE(t.c(m).modules.contains("hero-points"));
  t.session.undo();
  CHECK(rules::hero_points_of(t.c(m)) == 3);
}

TEST_CASE("hero points: off, the rule refuses its commands and the view says so, the points stay", "[rules][hero_points]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 2}});
  t.run({{"type", "SetSettings"}, {"rules", {{"hero-points", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 3}}), "campaign.err.rule_off");
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}}), "campaign.err.rule_off");
  auto v = rules::hero_points_view(t.state(), t.c(m));
  CHECK_FALSE(v.on);  // the UI shows no hero points
  CHECK(v.points == 2);
  t.run({{"type", "SetSettings"}, {"rules", {{"hero-points", true}}}});
  CHECK(rules::hero_points_view(t.state(), t.c(m)).on);
  CHECK(rules::hero_points_of(t.c(m)) == 2);
}

TEST_CASE("hero points: players see the party's points, bad data is refused", "[rules][hero_points]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 2}});
  json v = io::player_view(t.state());
  CHECK(v["creatures"][0]["rule_data"]["hero-points"]["points"] == 2);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"hero-points", {{"points", "x"}}}}}}}}),
                  "state.err.wrong_type");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"hero-points", {{"points", 1001}}}}}}}}),
                  "state.err.out_of_range");
  // The old base field is not a creature field any more.
  REQUIRE_REFUSED(t.run({{"type", "AddCreature"}, {"name", "X"}, {"hp", 3}, {"hero_points", 1}}), "campaign.err.unknown_param");
}
