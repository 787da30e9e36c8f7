// The hero-points rule's own data and commands (tests/unit/rules_rests.tests.cpp has UseHeroPoint at the table):
// where the points live, SetHeroPoints, what players see, the rule being off; the DM rules' variant: 5 at level 1,
// 5 + level / 2 after a level-up (the unspent ones lost), one point per roll, a failed death save turned into a
// success (a third failure so turned does not kill), the calculator.
#include "core/calc/calc.hpp"
#include "core/io/player_view.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("hero points: SetHeroPoints sets or changes the module's per-creature data", "[rules][hero_points]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  // A monster has none (absent = 0); a PC starts with 5 (the DM rules' variant, tested below).
  std::string goblin = t.monster("Goblin", 7);
  CHECK(rules::hero_points_of(t.c(goblin)) == 0);
  CHECK_FALSE(t.c(goblin).modules.contains("hero-points"));
  std::string m = t.pc("Mira", 17);
  CHECK(rules::hero_points_of(t.c(m)) == 5);
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

TEST_CASE("hero points: 5 at level 1, 5 + level / 2 after each level-up, the unspent ones lost", "[rules][hero_points]") {
  CHECK(rules::hero_points_for_level(1) == 5);
  CHECK(rules::hero_points_for_level(2) == 6);
  CHECK(rules::hero_points_for_level(3) == 6);
  CHECK(rules::hero_points_for_level(4) == 7);
  CHECK(rules::hero_points_for_level(19) == 14);
  CHECK(rules::hero_points_for_level(20) == 15);
  Rng rng(1);
  CHECK(calc::run("hero-points", {{"level", 1}}, rng) == json{{"points", 5}});
  CHECK(calc::run("hero-points", {{"level", 7}}, rng) == json{{"points", 8}});
  CHECK(calc::run("hero-points", {{"level", 20}}, rng) == json{{"points", 15}});
  CHECK(error_key([&] { calc::run("hero-points", {{"level", 0}}, rng); }) == "calc.err.too_small");
  CHECK(error_key([&] { calc::run("hero-points", {{"level", 21}}, rng); }) == "calc.err.too_large");

  RulesTable t(6);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  // A new PC: 5 at level 1, 5 + level / 2 when it joins at a higher level; points given with it stay.
  const auto& added = t.run({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 10}, {"hit_die", 8}});
  const std::string m = find_event(added, "creature_added")->data["creature"]["id"];
  CHECK(find_event(added, "hero_points_set")->data == json{{"creature", m}, {"old", 0}, {"new", 5}, {"reason", "start"}});
  CHECK(t.session.log(Lang::en).back().lines.back() == "Mira starts with 5 hero points.");
  CHECK(rules::hero_points_of(t.c(m)) == 5);
  CHECK(rules::hero_points_of(t.c(t.pc("Bran", 30, {{"level", 6}}))) == 8);
  CHECK(rules::hero_points_of(t.c(t.pc("Ayla", 9, {{"modules", {{"hero-points", {{"points", 2}}}}}}))) == 2);
  CHECK(rules::hero_points_of(t.c(t.add({{"name", "Pip"}, {"kind", "sidekick"}, {"hp", 5}}))) == 0);  // PCs only

  // Level 2: the unspent points (5 − 2 spent = 3) are lost, the new total is 5 + 1.
  t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll", 3}});
  t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll", 1}});
  REQUIRE(rules::hero_points_of(t.c(m)) == 3);
  const auto& up = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {5}}});
  const Event* set = find_event(up, "hero_points_set");
  REQUIRE(set != nullptr);
  CHECK(set->data == json{{"creature", m}, {"old", 3}, {"new", 6}, {"reason", "level_up"}, {"level", 2}});
  CHECK(t.session.log(Lang::en).back().lines.back() == "Mira reaches level 2: hero points 3 → 6 (the unspent ones are lost).");
  t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {5}}});
  CHECK(rules::hero_points_of(t.c(m)) == 6);  // level 3: 5 + 1
  t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {5}}});
  CHECK(rules::hero_points_of(t.c(m)) == 7);  // level 4: 5 + 2
  t.session.undo();
  CHECK(rules::hero_points_of(t.c(m)) == 6);
  // The rule off: a level-up changes nothing of the points, and a new PC gets none.
  t.run({{"type", "SetSettings"}, {"rules", {{"hero-points", false}}}});
  t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {5}}});
  CHECK(rules::hero_points_of(t.c(m)) == 6);
  CHECK(rules::hero_points_of(t.c(t.pc("Olena", 8))) == 0);
}

TEST_CASE("hero points: one per roll (roll_id), +1d6 to the roll's total", "[rules][hero_points]") {
  RulesTable t(11);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  const std::string m = t.pc("Mira", 17);
  const auto& tx = t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll", 4}, {"total", 11}, {"dc", 15}, {"roll_id", "r-1"}});
  CHECK(find_event(tx, "hero_point_used")->data ==
        json{{"creature", m}, {"d6", 4}, {"rolled", false}, {"roll_id", "r-1"}, {"total_before", 11}, {"total", 15},
             {"dc", 15}, {"success", true}});
  CHECK(t.c(m).modules["hero-points"]["spent_on"] == "r-1");
  const auto spent = rules::hero_point_spent(tx.events);  // the typed result the dice screen draws from
  REQUIRE(spent);
  CHECK(spent->creature == m);
  CHECK(spent->d6 == 4);
  CHECK(spent->total_before == 11);
  CHECK(spent->total == 15);
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}, {"total", 15}, {"roll_id", "r-1"}}), "rules.err.hero_point_once");
  CHECK(rules::hero_points_of(t.c(m)) == 4);
  t.run({{"type", "UseHeroPoint"}, {"target", m}, {"total", 9}, {"roll_id", "r-2"}});  // the next roll
  CHECK(rules::hero_points_of(t.c(m)) == 3);
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll_id", ""}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll_id", std::string(65, 'x')}}), "campaign.err.param");
}

TEST_CASE("hero points: a failed death save turned into a success", "[rules][hero_points]") {
  RulesTable t(12);
  new_campaign(t, {{"rules", {{"hero-points", true}}}});
  const std::string m = t.pc("Mira", 10);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 10}});
  REQUIRE(t.c(m).hp == 0);
  // A success spends nothing.
  auto tx = t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 12}, {"hero_point", true}});
  CHECK_FALSE(has_event(tx, "hero_point_used"));
  CHECK(t.c(m).death_saves.successes == 1);
  CHECK(rules::hero_points_of(t.c(m)) == 5);
  // Without the parameter a failure stays a failure.
  t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 4}});
  CHECK(t.c(m).death_saves.failures == 1);
  // A failure with it: a success instead, one point spent; the log says so.
  tx = t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 4}, {"hero_point", true}});
  CHECK(t.c(m).death_saves.successes == 2);
  CHECK(t.c(m).death_saves.failures == 1);
  CHECK(rules::hero_points_of(t.c(m)) == 4);
  CHECK(count_events(tx, "death_saves_set") == 2);
  CHECK(tx.events.at(tx.events.size() - 2).data["cause"] == "hero_point");
  const auto lines = t.session.log(Lang::en).back().lines;
  CHECK(std::find(lines.begin(), lines.end(), "Mira spends a hero point: the failed death save becomes a success.") != lines.end());
  // A natural 1 (two failures) with it: one success, the failures as they were; the third success stabilises.
  tx = t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 1}, {"hero_point", true}});
  CHECK(t.c(m).death_saves.stable);
  CHECK(t.c(m).death_saves.failures == 0);
  CHECK(rules::hero_points_of(t.c(m)) == 3);
  CHECK_FALSE(t.c(m).death_saves.dead);

  // The third failure, turned: alive. A told result ("failure") too.
  const std::string b = t.pc("Bran", 8);
  t.run({{"type", "ApplyDamage"}, {"target", b}, {"amount", 8}});
  t.run({{"type", "DeathSave"}, {"target", b}, {"result", "failure"}});
  t.run({{"type", "DeathSave"}, {"target", b}, {"result", "failure"}});
  REQUIRE(t.c(b).death_saves.failures == 2);
  tx = t.run({{"type", "DeathSave"}, {"target", b}, {"result", "failure"}, {"hero_point", true}});
  CHECK_FALSE(has_event(tx, "died"));
  CHECK_FALSE(t.c(b).death_saves.dead);
  CHECK(t.c(b).death_saves.failures == 2);
  CHECK(t.c(b).death_saves.successes == 1);
  // Engine-rolled saves with the parameter never end in death while points last.
  for (int i = 0; i < 20 && !t.c(b).death_saves.stable && t.c(b).hp == 0; ++i)
    t.run({{"type", "DeathSave"}, {"target", b}, {"hero_point", true}});
  CHECK_FALSE(t.c(b).death_saves.dead);
  // Without points it is refused; without the parameter the third failure kills as before.
  t.run({{"type", "SetHeroPoints"}, {"target", m}, {"value", 0}});
  const std::string c = t.pc("Olena", 6);
  t.run({{"type", "SetHeroPoints"}, {"target", c}, {"value", 0}});
  t.run({{"type", "ApplyDamage"}, {"target", c}, {"amount", 6}});
  REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", c}, {"roll", 3}, {"hero_point", true}}), "rules.err.no_hero_points");
  for (int i = 0; i < 3; ++i) t.run({{"type", "DeathSave"}, {"target", c}, {"roll", 3}});
  CHECK(t.c(c).death_saves.dead);
  // Replay (refold) gives the same state.
  const json before = json(t.state());
  t.session.undo(3);
  t.session.redo(3);
  CHECK(json(t.state()) == before);
}
