// The treasure rule: a creature's purse (AdjustPurse, copper-exact, never below zero), selling from the inventory
// (SellItem: half the price for equipment, the full value for gems, jewellery, art and trade goods; pieces, the
// DM's price and category, the refusals, undo) and the league's personal treasure landing in the purse.
#include "core/calc/calc.hpp"
#include "core/io/player_view.hpp"
#include "core/rules/league/league.hpp"
#include "core/rules/treasure/treasure.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
long long purse(const Table& t, const std::string& id) { return rules::purse_view(t.state(), t.c(id)).cp; }
}  // namespace

TEST_CASE("treasure: gold pieces as text", "[rules][treasure]") {
  CHECK(rules::gp_text(0) == "0");
  CHECK(rules::gp_text(1200) == "12");
  CHECK(rules::gp_text(750) == "7.5");
  CHECK(rules::gp_text(5) == "0.05");
  CHECK(rules::gp_text(1025) == "10.25");
  CHECK(rules::gp_text(-50) == "-0.5");
  CHECK(calc::sell_cp("weapon", 1500) == 750);
  CHECK(calc::sell_cp("gear", 1) == 0);  // half a copper is dropped
  CHECK(calc::sell_cp("gem", 5000) == 5000);
  CHECK(rules::sell_category_of("armor_heavy") == "armor");
  CHECK(rules::sell_category_of("shield") == "armor");
  CHECK(rules::sell_category_of("weapon") == "weapon");
  CHECK(rules::sell_category_of("art") == "art");
  CHECK(rules::sell_category_of("potion") == "gear");
}

TEST_CASE("treasure: the purse takes gold in and out, never below zero", "[rules][treasure]") {
  RulesTable t;
  new_campaign(t);
  const std::string ana = t.pc("Ana", 10);
  CHECK(purse(t, ana) == 0);
  CHECK(rules::purse_view(t.state(), t.c(ana)).on);
  CHECK(rules::purse_view(t.state(), t.c(ana)).selling_allowed);

  t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", 12.5}});
  CHECK(purse(t, ana) == 1250);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ana: +12.5 gp, the purse holds 12.5 gp.");
  t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", -2.25}, {"note", "a night at the inn"}});
  CHECK(purse(t, ana) == 1025);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ana: \xE2\x88\x92" "2.25 gp (a night at the inn), the purse holds 10.25 gp.");
  CHECK(t.session.log(Lang::cs).back().lines.at(0) == "Ana: \xE2\x88\x92" "2.25 zl (a night at the inn), v měšci je 10.25 zl.");

  REQUIRE_REFUSED(t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", -11}}), "rules.err.purse_short");
  REQUIRE_REFUSED(t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", 0.001}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", 0}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", "5"}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", 2e9}}), "campaign.err.param");
  CHECK(purse(t, ana) == 1025);  // nothing changed

  // Spending it all leaves no data behind (absent = 0); undo brings it back.
  t.run({{"type", "AdjustPurse"}, {"target", ana}, {"gp", -10.25}});
  CHECK(purse(t, ana) == 0);
  CHECK_FALSE(t.c(ana).modules.contains("treasure"));
  t.session.undo();
  CHECK(purse(t, ana) == 1025);

  // Players see the purse (player views and share links take a creature's visible module data).
  CHECK(io::visible_module_data(t.c(ana)) == json{{"treasure", {{"purse_cp", 1025}}}});
}

TEST_CASE("treasure: selling from the inventory", "[rules][treasure]") {
  RulesTable t;
  new_campaign(t);
  const std::string bor = t.pc("Bor", 20);
  t.run({{"type", "UpdateCreature"},
         {"target", bor},
         {"patch",
          {{"inventory",
            {{{"name", "Longsword"}, {"weight", 3}, {"kind", "weapon"}, {"value_gp", 15}},
             {{"name", "Chain mail"}, {"weight", 55}, {"kind", "armor_heavy"}, {"value_gp", 75}},
             {{"name", "Amethyst"}, {"weight", 0}, {"qty", 3}, {"kind", "gear"}, {"value_gp", 100}},
             {{"name", "Rope"}, {"weight", 10}}}}}}});

  // A longsword brings half its price.
  const auto& tx = t.run({{"type", "SellItem"}, {"target", bor}, {"item", 0}});
  CHECK(count_events(tx, "item_sold") == 1);
  CHECK(purse(t, bor) == 750);
  REQUIRE(t.c(bor).inventory.size() == 3);
  CHECK(t.c(bor).inventory.at(0).name == "Chain mail");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Bor sells Longsword ×1 for 7.5 gp; the purse holds 7.5 gp.");

  // Two of three amethysts, sold as gems: full value each.
  t.run({{"type", "SellItem"}, {"target", bor}, {"item", 1}, {"qty", 2}, {"category", "gem"}});
  CHECK(purse(t, bor) == 750 + 20000);
  CHECK(t.c(bor).inventory.at(1).qty == 1);

  // The DM's price: the chain mail is worth 40 gp to this buyer, armour sells at half.
  t.run({{"type", "SellItem"}, {"target", bor}, {"item", 0}, {"price", 40}});
  CHECK(purse(t, bor) == 750 + 20000 + 2000);
  CHECK(t.c(bor).inventory.at(0).name == "Amethyst");

  // Refusals: no price, too many pieces, no such item, a bad category.
  REQUIRE_REFUSED(t.run({{"type", "SellItem"}, {"target", bor}, {"item", 1}}), "rules.err.sell_no_price");  // the rope
  REQUIRE_REFUSED(t.run({{"type", "SellItem"}, {"target", bor}, {"item", 0}, {"qty", 2}}), "rules.err.sell_qty");
  REQUIRE_REFUSED(t.run({{"type", "SellItem"}, {"target", bor}, {"item", 5}}), "rules.err.sell_no_item");
  REQUIRE_REFUSED(t.run({{"type", "SellItem"}, {"target", bor}, {"item", 0}, {"category", "magic"}}), "campaign.err.param");
  const long long before = purse(t, bor);

  // Undo puts the chain mail back and takes its gold.
  t.session.undo();
  CHECK(purse(t, bor) == 750 + 20000);
  CHECK(t.c(bor).inventory.at(0).name == "Chain mail");
  CHECK(before == 750 + 20000 + 2000);

  // Shared-campaign play: no selling.
  t.run({{"type", "SetSettings"}, {"rules", {{"league", true}}}});
  CHECK_FALSE(rules::purse_view(t.state(), t.c(bor)).selling_allowed);
  REQUIRE_REFUSED(t.run({{"type", "SellItem"}, {"target", bor}, {"item", 1}}), "rules.err.sell_league");
}

TEST_CASE("league: personal treasure with each level bought", "[rules][league][treasure]") {
  CHECK(rules::league_personal_treasure(1).gp == 75);
  CHECK(std::string(rules::league_personal_treasure(4).lifestyle) == "modest");
  CHECK(rules::league_personal_treasure(5).gp == 150);
  CHECK(std::string(rules::league_personal_treasure(10).lifestyle) == "comfortable");
  CHECK(rules::league_personal_treasure(11).gp == 550);
  CHECK(std::string(rules::league_personal_treasure(16).lifestyle) == "wealthy");
  CHECK(rules::league_personal_treasure(17).gp == 5500);
  CHECK(std::string(rules::league_personal_treasure(20).lifestyle) == "aristocratic");
  Rng rng(1);
  CHECK(calc::run("personal-treasure", {{"level", 5}}, rng) == json{{"gp", 150}, {"lifestyle", "comfortable"}, {"tier", 2}});

  RulesTable t(4);
  new_campaign(t, {{"rules", {{"league", true}}}});
  const std::string ana = t.pc("Ana", 10, {{"level", 3}, {"hit_die", 8}});
  // 12 hours of tier 1 at level 3: 12 checkpoints → level 4 (4) and level 5 (4), 4 left.
  const auto& tx = t.run({{"type", "EndLeagueSession"}, {"hours", 12}, {"adventure_tier", 1}});
  CHECK(t.c(ana).level == 5);
  CHECK(count_events(tx, "purse_changed") == 2);
  CHECK(purse(t, ana) == 7500 + 15000);  // level 4: 75 gp (tier 1), level 5: 150 gp (tier 2)
  const auto lines = t.session.log(Lang::en).back().lines;
  CHECK(std::find(lines.begin(), lines.end(), "Ana: +150 gp personal treasure for level 5, the purse holds 225 gp.") != lines.end());
  CHECK(rules::league_view(t.state(), t.c(ana)).personal.gp == 150);

  // With the treasure rule off, levels still come, without gold.
  t.run({{"type", "SetSettings"}, {"rules", {{"treasure", false}}}});
  t.run({{"type", "EndLeagueSession"}, {"hours", 8}, {"adventure_tier", 2}});
  CHECK(t.c(ana).level == 6);
  CHECK(purse(t, ana) == 22500);
}

TEST_CASE("treasure: figuring out alien technology", "[rules][treasure]") {
  RulesTable t(9);
  new_campaign(t);
  const std::string ana = t.pc("Ana", 10, {{"abilities", {{"int", 14}}}});
  const auto check = [&](const char* item, json more = json::object()) -> const Transaction& {
    more["type"] = "AlienTechCheck";
    more["target"] = ana;
    more["item"] = item;
    return t.run(more);
  };
  const auto of = [&](const std::string& item) {
    for (const auto& a : rules::alien_tech_of(t.c(ana)))
      if (a.item == item) return a;
    FAIL("not tracked: " << item);
    return rules::AlienTech{};
  };

  // A lighter (simple: 2 successes). 12: a failure; 20: a success and advantage next; 16: figured out.
  check("Lighter", {{"total", 12}});
  CHECK(of("Lighter").failures == 1);
  CHECK(of("Lighter").state == "learning");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ana studies Lighter: 12 — a failure; successes 0/2, failures 1/4.");
  check("Lighter", {{"total", 20}});
  CHECK(of("Lighter").successes == 1);
  CHECK(of("Lighter").next == "advantage");
  // the next check, rolled by the app, is rolled with advantage: d20 twice
  const auto& rolled = check("Lighter");
  const Event* e = find_event(rolled, "alien_tech_checked");
  REQUIRE(e != nullptr);
  INFO(e->data["roll"]);
  CHECK(e->data["roll"].get<std::string>().find("2d20kh1") != std::string::npos);
  const int total = e->data["total"].get<int>();
  CHECK(of("Lighter").state == (total >= 15 ? "figured" : "learning"));

  // A chainsaw (complex: 4 successes): 9 wastes a use and earns disadvantage; four failures break it.
  check("Chainsaw", {{"complexity", "complex"}, {"total", 9}});
  CHECK(of("Chainsaw").needed == 4);
  CHECK(of("Chainsaw").next == "disadvantage");
  check("Chainsaw", {{"total", 10}});
  CHECK(of("Chainsaw").next.empty());  // the disadvantage was used up by that check
  check("Chainsaw", {{"total", 14}});
  CHECK(of("Chainsaw").failures == 3);
  // a long rest: the failures start again
  t.run({{"type", "LongRest"}, {"targets", {ana}}});
  CHECK(of("Chainsaw").failures == 0);
  for (int i = 0; i < 4; ++i) check("Chainsaw", {{"total", 3}});
  CHECK(of("Chainsaw").state == "broken");
  CHECK(t.session.log(Lang::en).back().lines.at(0).find("breaks it") != std::string::npos);
  REQUIRE_REFUSED(check("Chainsaw", {{"total", 18}}), "rules.err.alien_done");

  // Refusals and forgetting.
  REQUIRE_REFUSED(check("Radio", {{"complexity", "baffling"}}), "campaign.err.param");
  REQUIRE_REFUSED(check("Radio", {{"total", 99}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "ForgetAlienTech"}, {"target", ana}, {"item", "Radio"}}), "rules.err.alien_unknown");
  t.run({{"type", "ForgetAlienTech"}, {"target", ana}, {"item", "Chainsaw"}});
  CHECK(rules::alien_tech_of(t.c(ana)).size() == 1);
  t.session.undo();
  CHECK(rules::alien_tech_of(t.c(ana)).size() == 2);
}
