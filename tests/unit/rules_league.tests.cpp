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

TEST_CASE("league: magic items by tier, deposits paid off into the character's items", "[rules][league]") {
  // The tables: A–C and F from tier 1 (4, 4, 4, 8 points), D and G from tier 2 (8, 10), E, H, I from tier 3 (8, 10, 12).
  const std::string letters = "ABCDEFGHI";
  const int tiers[] = {1, 1, 1, 2, 3, 1, 2, 3, 3}, costs[] = {4, 4, 4, 8, 8, 8, 10, 10, 12};
  REQUIRE(rules::league_item_tables().size() == 9);
  for (size_t i = 0; i < letters.size(); ++i) {
    const auto* t = rules::league_item_table(std::string(1, letters[i]));
    REQUIRE(t != nullptr);
    CHECK(t->min_tier == tiers[i]);
    CHECK(t->cost == costs[i]);
  }
  CHECK(rules::league_item_table("f") == rules::league_item_table("F"));
  CHECK(rules::league_item_table("J") == nullptr);
  CHECK(rules::league_item_table("") == nullptr);
  CHECK(rules::league_item_table("AB") == nullptr);
  Rng rng(1);
  CHECK(calc::run("league-item", {{"table", "F"}, {"level", 4}}, rng) ==
        json{{"cost", 8}, {"available", true}, {"min_tier", 1}, {"tier", 1}});
  CHECK(calc::run("league-item", {{"table", "G"}, {"level", 4}}, rng)["available"] == false);  // level 4: tier 1
  CHECK(calc::run("league-item", {{"table", "G"}, {"level", 5}}, rng)["available"] == true);   // level 5: tier 2
  CHECK(calc::run("league-item", {{"table", "I"}, {"level", 10}}, rng)["available"] == false);
  CHECK(calc::run("league-item", {{"table", "I"}, {"level", 11}}, rng)["available"] == true);
  CHECK(error_key([&] { calc::run("league-item", {{"table", "J"}, {"level", 1}}, rng); }) == "calc.err.not_allowed");

  for (const bool magic_items : {true, false}) {
    RulesTable t(3);
    new_campaign(t, {{"rules", {{"league", true}, {"magic-items", magic_items}}}});
    const std::string ana = t.pc("Ana", 10, {{"level", 4}, {"hit_die", 8}});
    t.run({{"type", "EndLeagueSession"}, {"hours", 12}, {"adventure_tier", 1}, {"targets", {ana}}});  // 6 points; levels 5 and 6 (tier 2)
    REQUIRE(t.c(ana).level == 6);
    REQUIRE(rules::league_view(t.state(), t.c(ana)).treasure_points == 6);

    // Refusals: a table closed at tier 2, no item, more than the rest, an unknown table.
    REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 4}, {"item", "Ring"}, {"table", "H"}}),
                    "rules.err.league_table_tier");
    REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 4}, {"table", "F"}}), "rules.err.league_item_needed");
    REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 5}, {"item", "Bag"}, {"table", "A"}}),
                    "rules.err.league_overpay");
    REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 1}, {"item", "Bag"}, {"table", "Z"}}),
                    "campaign.err.param");

    // A deposit: 6 of the cloak's 8 points (table F), then 2 more after the next session pay it off.
    t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 6}, {"item", "Cloak of protection"}, {"table", "F"}});
    auto v = rules::league_view(t.state(), t.c(ana));
    CHECK(v.treasure_points == 0);
    REQUIRE(v.deposits.size() == 1);
    CHECK(v.deposits[0].item == "Cloak of protection");
    CHECK(v.deposits[0].table == 'F');
    CHECK(v.deposits[0].paid == 6);
    CHECK(v.deposits[0].cost == 8);
    CHECK(t.session.log(Lang::en).back().lines.at(0) ==
          "Ana puts 6 treasure points toward Cloak of protection (table F): 6 of 8 paid; 0 left.");
    t.run({{"type", "EndLeagueSession"}, {"hours", 4}, {"adventure_tier", 2}, {"targets", {ana}}});  // tier 2: 2 points
    REQUIRE_REFUSED(t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 3}, {"item", "Cloak of protection"}, {"table", "F"}}),
                    "rules.err.league_overpay");
    const auto& tx = t.run({{"type", "SpendTreasurePoints"}, {"target", ana}, {"points", 2}, {"item", "Cloak of protection"}, {"table", "F"}});
    CHECK(count_events(tx, "league_item_bought") == 1);
    CHECK(rules::league_view(t.state(), t.c(ana)).deposits.empty());
    CHECK_FALSE(t.c(ana).modules["league"].contains("deposits"));
    const auto& inv = t.c(ana).inventory;
    const bool in_inventory = std::any_of(inv.begin(), inv.end(), [](const auto& i) { return i.name == "Cloak of protection"; });
    CHECK(in_inventory == !magic_items);
    CHECK(t.c(ana).modules.contains("magic-items") == magic_items);
    CHECK(t.session.log(Lang::en).back().lines.at(1) ==
          "Ana: Cloak of protection (table F, 8 treasure points) is paid off and joins the character's gear.");

    // Undo: the deposit is back, the item gone.
    t.session.undo();
    CHECK(rules::league_view(t.state(), t.c(ana)).deposits.at(0).paid == 6);
    CHECK_FALSE(t.c(ana).modules.contains("magic-items"));
    CHECK(t.c(ana).inventory.size() == inv.size() - (magic_items ? 0 : 1));
  }
}

TEST_CASE("league: a stored deposit is checked like every module field", "[rules][league]") {
  RulesTable t(3);
  new_campaign(t, {{"rules", {{"league", true}}}});
  const std::string ana = t.pc("Ana", 10);
  const auto with_deposits = [&](json list) {
    Campaign c = t.state();
    campaign::creature_ref(c, ana).modules["league"]["deposits"] = std::move(list);
    return c;
  };
  const Engine& e = Engine::standard();
  e.validate(with_deposits(json::array({{{"item", "Wand"}, {"table", "F"}, {"paid", 7}}})));  // 7 of 8: fine
  CHECK(error_key([&] { e.validate(with_deposits(json::array({{{"item", "Wand"}, {"table", "F"}, {"paid", 8}}}))); }) != "");
  CHECK(error_key([&] { e.validate(with_deposits(json::array({{{"item", "Wand"}, {"table", "Q"}, {"paid", 1}}}))); }) != "");
  CHECK(error_key([&] { e.validate(with_deposits(json::array({{{"item", ""}, {"table", "A"}, {"paid", 1}}}))); }) != "");
  CHECK(error_key([&] { e.validate(with_deposits(json{{"item", "Wand"}})); }) != "");
}
