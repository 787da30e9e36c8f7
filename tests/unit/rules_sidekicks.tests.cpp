// The sidekicks rule: the party's average level, the proficiency bonus by level, MakeSidekick (challenge rating 1/2
// or lower, the class, levelled to the party with hit die + CON per level), following the party's level-ups, the
// refusals and the calculator.
#include "core/calc/calc.hpp"
#include "core/rules/sidekicks/sidekicks.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("sidekicks: the level is the party's average rounded down, proficiency by level", "[rules][sidekicks]") {
  CHECK(rules::sidekick_level({3, 4, 5, 4}) == 4);
  CHECK(rules::sidekick_level({1, 2}) == 1);
  CHECK(rules::sidekick_level({3, 3, 4}) == 3);
  CHECK(rules::sidekick_level({4, 5, 5, 5}) == 4);  // 4.75
  CHECK(rules::sidekick_level({20}) == 20);
  CHECK(rules::sidekick_level({}) == 0);
  CHECK(rules::sidekick_proficiency(1) == 2);
  CHECK(rules::sidekick_proficiency(4) == 2);
  CHECK(rules::sidekick_proficiency(5) == 3);
  CHECK(rules::sidekick_proficiency(8) == 3);
  CHECK(rules::sidekick_proficiency(9) == 4);
  CHECK(rules::sidekick_proficiency(13) == 5);
  CHECK(rules::sidekick_proficiency(17) == 6);
  CHECK(rules::sidekick_proficiency(20) == 6);
  Rng rng(1);
  CHECK(calc::run("sidekick-level", {{"party-levels", {3, 4, 5, 4}}}, rng) == json{{"level", 4}});
  CHECK(error_key([&] { calc::run("sidekick-level", {{"party-levels", {3, 21}}}, rng); }) == "calc.err.too_large");
  CHECK(error_key([&] { calc::run("sidekick-level", {{"party-levels", json::array()}}, rng); }) == "calc.err.missing_param");
}

TEST_CASE("sidekicks: the class features by level", "[rules][sidekicks]") {
  using V = std::vector<std::string>;
  CHECK(rules::sidekick_features("warrior", 1) == V{"bonus_proficiencies", "martial_role"});
  CHECK(rules::sidekick_features("warrior", 3) == V{"improved_critical"});
  CHECK(rules::sidekick_features("expert", 2) == V{"cunning_action"});
  CHECK(rules::sidekick_features("spellcaster", 6) == V{"potent_cantrips"});
  CHECK(rules::sidekick_features("spellcaster", 2).empty());
  CHECK(rules::sidekick_features("bard", 1).empty());
  int asi = 0;
  for (int l = 1; l <= 20; ++l)
    for (const auto& f : rules::sidekick_features("warrior", l)) asi += f == "asi";
  CHECK(asi == 6);  // 4, 8, 12, 14, 16, 19
}

TEST_CASE("sidekicks: MakeSidekick levels a CR 1/2-or-lower creature to the party, then with it", "[rules][sidekicks]") {
  RulesTable t(6);
  new_campaign(t);
  std::vector<std::string> pcs;
  for (int level : {3, 4, 5, 4}) pcs.push_back(t.pc("PC" + std::to_string(level) + "_" + std::to_string(pcs.size()), 30, {{"level", level}, {"hit_die", 8}}));
  const std::string guard = t.add({{"name", "Guard"}, {"kind", "npc"}, {"hp", 11}, {"hit_die", 8}, {"abilities", {{"con", 12}}}});
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", guard}, {"class", "warrior"}}), "rules.err.sidekick_no_cr");
  t.run({{"type", "SetChallengeRating"}, {"target", guard}, {"cr", "1"}});
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", guard}, {"class", "warrior"}}), "rules.err.sidekick_cr");
  t.run({{"type", "SetChallengeRating"}, {"target", guard}, {"cr", "1/2"}});  // the boundary: allowed
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", guard}, {"class", "bard"}}), "campaign.err.bad_choice");
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", pcs[0]}, {"class", "warrior"}}), "rules.err.sidekick_pc");

  const auto& tx = t.run({{"type", "MakeSidekick"}, {"target", guard}, {"class", "warrior"}});
  CHECK(tx.events.at(0).type == "sidekick_made");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Guard is now a sidekick: warrior.");
  CHECK(t.session.log(Lang::uk).back().lines.at(0) == "Guard тепер помічник: воїн.");
  const Creature& g = t.c(guard);
  CHECK(g.kind == "sidekick");
  CHECK(g.level == 4);  // (3 + 4 + 5 + 4) / 4
  CHECK(count_events(tx, "leveled_up") == 3);
  int total = 11;
  for (const auto& e : tx.events) {
    if (e.type != "leveled_up") continue;
    const int roll = e.data["rolls"].back().get<int>();
    CHECK(e.data["die"] == 8);
    CHECK(e.data["con_mod"] == 1);
    CHECK(e.data["gain"] == std::max(1, roll + 1));
    total += e.data["gain"].get<int>();
  }
  CHECK(g.max_hp == total);
  auto v = rules::sidekick_view(t.state(), g);
  CHECK(*v.cls == "warrior");
  CHECK(v.proficiency == 2);
  CHECK(v.party_level == 4);
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", guard}, {"class", "expert"}}), "rules.err.sidekick_already");

  // The party levels up: 3 → 4 (average 4.25), nothing; then everyone to 5 → the guard follows to 5.
  t.run({{"type", "LevelUp"}, {"target", pcs[0]}, {"rolls", {5}}});
  CHECK(t.c(guard).level == 4);
  t.run({{"type", "LevelUp"}, {"target", pcs[0]}, {"rolls", {5}}});
  t.run({{"type", "LevelUp"}, {"target", pcs[1]}, {"rolls", {5}}});
  CHECK(t.c(guard).level == 4);  // 5, 5, 5, 4: 4.75
  const auto& up = t.run({{"type", "LevelUp"}, {"target", pcs[3]}, {"rolls", {5}}});
  CHECK(count_events(up, "leveled_up") == 2);  // the PC, then the sidekick
  CHECK(t.c(guard).level == 5);
  CHECK(rules::sidekick_view(t.state(), t.c(guard)).proficiency == 3);
  t.session.undo();
  CHECK(t.c(guard).level == 4);
}

TEST_CASE("sidekicks: a creature without a hit die needs one, no party means level 1", "[rules][sidekicks]") {
  RulesTable t(2);
  new_campaign(t);
  const std::string cat = t.add({{"name", "Cat"}, {"kind", "monster"}, {"hp", 2}});
  t.run({{"type", "SetChallengeRating"}, {"target", cat}, {"cr", "0"}});
  REQUIRE_REFUSED(t.run({{"type", "MakeSidekick"}, {"target", cat}, {"class", "expert"}}), "rules.err.sidekick_no_hit_die");
  t.run({{"type", "MakeSidekick"}, {"target", cat}, {"class", "expert"}, {"hit_die", 4}});
  CHECK(t.c(cat).kind == "sidekick");
  CHECK(t.c(cat).level == 1);
  CHECK(t.c(cat).hit_die == 4);
  CHECK(t.c(cat).max_hp == 2);
}
