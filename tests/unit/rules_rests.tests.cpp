// House rules around rests: exhausting rally, rage exhaustion, inspiration as luck (and hero points), potions.
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("rally: short-rest hit dice at half healing, 1 exhaustion each, once per long rest", "[rules][rally]") {
  RulesTable t(31);
  new_campaign(t);
  std::string a = t.pc("Bořek", 30, {{"level", 3}, {"hit_die", 10}, {"abilities", {{"con", 14}}}});
  std::string b = t.pc("Mira", 17, {{"level", 3}, {"hit_die", 6}});
  t.run({{"type", "ApplyDamage"}, {"target", a}, {"amount", 20}});
  t.run({{"type", "ApplyDamage"}, {"target", b}, {"amount", 5}});
  t.state();
  const Transaction& tx = t.run({{"type", "ExhaustingRally"},
                                 {"spend", {{{"target", a}, {"dice", 2}, {"rolls", {6, 3}}}, {{"target", b}, {"dice", 1}, {"rolls", {5}}}}}});
  // Bořek: (6+2) + (3+2) = 13 → 6; Mira: 5 + 0 = 5 → 2 (halved, rounded down).
  CHECK(t.c(a).hp == 10 + 6);
  CHECK(t.c(b).hp == 12 + 2);
  CHECK(t.c(a).hit_dice_used == 2);
  CHECK(t.c(a).exhaustion == 1);
  CHECK(t.c(a).exhaustion_sources.at("rally") == 1);
  CHECK(t.c(b).exhaustion == 1);
  CHECK(t.state().minutes == 1);
  CHECK(count_events(tx, "exhaustion_changed") == 2);
  REQUIRE_REFUSED(t.run({{"type", "ExhaustingRally"}}), "rules.err.rally_used");
  t.run({{"type", "LongRest"}});
  CHECK(t.c(a).exhaustion == 0);
  t.run({{"type", "ExhaustingRally"}, {"participants", {a}}});
  CHECK(t.c(a).exhaustion == 1);
  CHECK(t.c(b).exhaustion == 0);
}

TEST_CASE("rally: refused in combat and with more dice than left", "[rules][rally]") {
  RulesTable t(32);
  new_campaign(t);
  std::string a = t.pc("Bořek", 30, {{"level", 1}, {"hit_die", 10}});
  REQUIRE_REFUSED(t.run({{"type", "ExhaustingRally"}, {"spend", {{{"target", a}, {"dice", 2}}}}}), "campaign.err.not_enough_hit_dice");
  t.run({{"type", "StartEncounter"}});
  REQUIRE_REFUSED(t.run({{"type", "ExhaustingRally"}}), "campaign.err.in_encounter");
  t.run({{"type", "EndEncounter"}});
  t.run({{"type", "SetSettings"}, {"rules", {{"exhausting-rally", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "ExhaustingRally"}}), "campaign.err.rule_off");
}

TEST_CASE("rage exhaustion: all of it after a long rest, one level after a short rest", "[rules][rage]") {
  RulesTable t(33);
  new_campaign(t);
  std::string b = t.pc("Thorga", 40, {{"level", 5}, {"hit_die", 12}});
  t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}, {"source", "rage"}});
  t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}, {"source", "rage"}});
  t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}});
  REQUIRE(t.c(b).exhaustion == 3);
  REQUIRE(t.c(b).exhaustion_sources.at("rage") == 2);
  t.run({{"type", "ShortRest"}});
  CHECK(t.c(b).exhaustion == 2);
  CHECK(t.c(b).exhaustion_sources.at("rage") == 1);
  t.run({{"type", "LongRest"}});  // rage gone (−1), and the long rest's usual level (−1)
  CHECK(t.c(b).exhaustion == 0);
  CHECK(t.c(b).exhaustion_sources.empty());

  SECTION("rage and rally: the long rest takes all the rage and one more level") {
    t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 2}, {"source", "rage"}});
    t.run({{"type", "ExhaustingRally"}});  // a short rest's benefits: −1 rage, then +1 rally
    CHECK(t.c(b).exhaustion == 2);
    CHECK(t.c(b).exhaustion_sources.at("rage") == 1);
    CHECK(t.c(b).exhaustion_sources.at("rally") == 1);
    t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}, {"source", "rage"}});
    t.run({{"type", "LongRest"}});
    CHECK(t.c(b).exhaustion == 0);
  }
  SECTION("switched off: the long rest takes one level, as in the base rules") {
    t.run({{"type", "SetSettings"}, {"rules", {{"rage-exhaustion", false}}}});
    t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 2}, {"source", "rage"}});
    t.run({{"type", "LongRest"}});
    CHECK(t.c(b).exhaustion == 1);
  }
}

TEST_CASE("inspiration as luck: a second d20, the better one counts, lost on a long rest", "[rules][inspiration]") {
  RulesTable t(34);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  REQUIRE_REFUSED(t.run({{"type", "UseInspiration"}, {"target", m}, {"first_roll", 4}}), "rules.err.no_inspiration");
  t.run({{"type", "SetInspiration"}, {"target", m}, {"value", true}});
  const Transaction& tx = t.run({{"type", "UseInspiration"}, {"target", m}, {"first_roll", 4}, {"roll", 17}, {"modifier", 3}, {"dc", 15}});
  const json& d = find_event(tx, "inspiration_used")->data;
  CHECK(d["kept"] == 17);
  CHECK(d["total"] == 20);
  CHECK(d["success"] == true);
  CHECK_FALSE(t.c(m).inspiration);

  t.run({{"type", "SetInspiration"}, {"target", m}, {"value", true}});
  const Transaction& worse = t.run({{"type", "UseInspiration"}, {"target", m}, {"first_roll", 12}, {"roll", 3}});
  CHECK(find_event(worse, "inspiration_used")->data["kept"] == 12);

  t.run({{"type", "SetInspiration"}, {"target", m}, {"value", true}});
  const Transaction& rolled = t.run({{"type", "UseInspiration"}, {"target", m}, {"first_roll", 1}});
  const json& r = find_event(rolled, "inspiration_used")->data;
  CHECK(r["rolled"] == true);
  CHECK(r["kept"] == std::max(1, r["second"].get<int>()));

  t.run({{"type", "SetInspiration"}, {"target", m}, {"value", true}});
  t.run({{"type", "LongRest"}});
  CHECK_FALSE(t.c(m).inspiration);
}

TEST_CASE("hero points: an optional rule, off by default, +1d6", "[rules][inspiration]") {
  RulesTable t(35);
  new_campaign(t);
  std::string m = t.pc("Mira", 17, {{"modules", {{"hero-points", {{"points", 1}}}}}});
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}}), "campaign.err.rule_off");
  t.run({{"type", "SetSettings"}, {"rules", {{"hero-points", true}}}});
  const Transaction& tx = t.run({{"type", "UseHeroPoint"}, {"target", m}, {"roll", 4}, {"total", 11}, {"dc", 15}});
  const json& d = find_event(tx, "hero_point_used")->data;
  CHECK(d["total"] == 15);
  CHECK(d["success"] == true);
  CHECK(rules::hero_points_of(t.c(m)) == 0);
  REQUIRE_REFUSED(t.run({{"type", "UseHeroPoint"}, {"target", m}}), "rules.err.no_hero_points");
}

TEST_CASE("potions: bonus action, action for someone else, a DM warning past the threshold", "[rules][potions]") {
  RulesTable t(36);
  new_campaign(t, {{"potion_warning_threshold", 2}});
  json inv = json::array({{{"name", "Potion of healing"}, {"kind", "potion"}, {"weight", 0.5}, {"qty", 2}}});
  std::string m = t.pc("Mira", 17, {{"inventory", inv}});
  std::string b = t.pc("Bořek", 30, {{"inventory", inv}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 10}});
  const Transaction& one = t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "potion of healing"}, {"heal", 4}});
  CHECK(find_event(one, "potion_drunk")->data["action"] == "bonus_action");
  CHECK(t.c(m).hp == 11);
  CHECK(t.c(m).inventory[0].qty == 1);
  CHECK(rules::potions_drunk(t.c(m)) == 1);

  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 11}});  // down
  REQUIRE_REFUSED(t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "Potion of healing"}}), "rules.err.potion_needs_help");
  const Transaction& two = t.run({{"type", "DrinkPotion"}, {"target", m}, {"by", b}, {"name", "Potion of healing"}, {"heal", "2d4+2"}});
  const json& d = find_event(two, "potion_drunk")->data;
  CHECK(d["action"] == "action");
  CHECK(d["from"] == b);
  CHECK(t.c(b).inventory[0].qty == 1);
  CHECK(t.c(m).hp == d["heal_roll"]["total"].get<int>());
  CHECK(prompt_count(t.state(), "potions.too_many") == 0);  // 2 is not past 2

  t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "Potion of healing"}});  // the last bottle
  CHECK(t.c(m).inventory.empty());
  const Prompt* p = prompts_of(t.state(), "potions.too_many").at(0);
  CHECK(p->data["count"] == 3);
  CHECK(p->data["threshold"] == 2);
  CHECK(p->data["dm_only"] == true);
  t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "Elixír"}});  // nobody carries it: still counted
  CHECK(rules::potions_drunk(t.c(m)) == 4);
  t.run({{"type", "LongRest"}});
  CHECK(rules::potions_drunk(t.c(m)) == 0);
}
