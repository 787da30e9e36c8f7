// The house-rule calculators (src/core/calc, and the rules' own in src/core/rules/<rule>/calc.cpp): typed formulas
// at their band edges, the seed's worked examples, refused combinations, and the registry's parameter checking.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/calc/calc.hpp"
#include "core/calc/formulas.hpp"
#include "core/campaign/engine.hpp"
#include "core/error.hpp"
#include "core/i18n.hpp"
#include "core/rules/attack_roll/attack_roll.hpp"
#include "core/rules/crafting/crafting.hpp"
#include "core/rules/intelligence/intelligence.hpp"
#include "core/rules/level_up/level_up.hpp"
#include "core/rules/massive_damage/massive_damage.hpp"
#include "core/rules/resurrection_ritual/resurrection_ritual.hpp"
#include "core/rules/variant_encumbrance/variant_encumbrance.hpp"

using namespace druzina;
using namespace druzina::calc;
using nlohmann::json;

namespace {
// The translation key of the UserError that f throws ("" if it throws none).
template <class F>
std::string error_key(F&& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.key();
  }
  return "";
}
json run_calc(const std::string& name, const json& params) {
  Rng rng(1);
  return calc::run(name, params, rng);
}
}  // namespace

TEST_CASE("calc: massive damage triggers at half the maximum, exactly", "[calc][massive-damage]") {
  struct Case { int max_hp, damage; bool triggered; };
  for (auto c : {Case{17, 8, false}, Case{17, 9, true}, Case{16, 7, false}, Case{16, 8, true}, Case{1, 0, false},
                 Case{1, 1, true}, Case{100, 200, true}}) {
    INFO("max " << c.max_hp << " damage " << c.damage);
    auto r = massive_damage(c.max_hp, c.damage);
    CHECK(r.triggered == c.triggered);
    CHECK(r.dc == (c.triggered ? std::optional<int>(15) : std::nullopt));
  }
  CHECK(run_calc("massive-damage", {{"max-hp", 17}, {"damage", 9}}) == json{{"triggered", true}, {"dc", 15}});
  CHECK(run_calc("massive-damage", {{"max-hp", 17}, {"damage", 8}}) == json{{"triggered", false}, {"dc", nullptr}});
  CHECK(error_key([] { massive_damage(0, 5); }) == "calc.err.too_small");
  CHECK(error_key([] { run_calc("massive-damage", {{"max-hp", 10}, {"damage", -1}}); }) == "calc.err.too_small");
}

TEST_CASE("calc: level-up HP roll rerolls a 1 once and gains at least 1", "[calc][hp-roll]") {
  SECTION("a 1 is rerolled exactly once, the second roll stands even if it is 1") {
    bool saw_reroll = false, saw_double_one = false;
    for (std::uint64_t seed = 0; seed < 2000; ++seed) {
      Rng rng(seed);
      auto r = hp_roll(4, 0, rng);
      REQUIRE(!r.rolls.empty());
      REQUIRE(r.rolls.size() <= 2);
      if (r.rolls.size() == 2) {
        CHECK(r.rolls[0] == 1);
        saw_reroll = true;
        saw_double_one |= r.rolls[1] == 1;
      } else {
        CHECK(r.rolls[0] != 1);
      }
      for (int v : r.rolls) CHECK((v >= 1 && v <= 4));
      CHECK(r.gain == std::max(1, r.rolls.back()));
    }
    CHECK(saw_reroll);
    CHECK(saw_double_one);  // 1 then 1 again: it stands
  }
  SECTION("gain = last roll + CON modifier, minimum 1") {
    CHECK(hp_gain(1, -3) == 1);
    CHECK(hp_gain(3, -2) == 1);
    CHECK(hp_gain(4, -2) == 2);
    CHECK(hp_gain(8, 3) == 11);
  }
  SECTION("the seed makes it reproducible and other dice are refused") {
    auto a = run_calc("hp-roll", {{"die", 10}, {"con-mod", 2}, {"seed", 7}});
    auto b = run_calc("hp-roll", {{"die", 10}, {"con-mod", 2}, {"seed", 7}});
    CHECK(a == b);
    CHECK(a["gain"] == a["rolls"].back().get<int>() + 2);
    CHECK(error_key([] { run_calc("hp-roll", {{"die", 7}, {"con-mod", 0}}); }) == "calc.err.not_allowed");
  }
}

TEST_CASE("calc: intelligence bands at 3/4, 6/7, 9/10 and points", "[calc][intelligence]") {
  struct Case { int score; bool read, count, speak, learn; int points; };
  for (auto c : {Case{1, false, false, false, false, 0}, Case{3, false, false, false, false, 0},
                 Case{4, false, false, true, false, 0}, Case{6, false, false, true, false, 0},
                 Case{7, false, true, true, true, 0}, Case{9, false, true, true, true, 0},
                 Case{10, true, true, true, true, 0}, Case{11, true, true, true, true, 0},
                 Case{12, true, true, true, true, 1}, Case{15, true, true, true, true, 2},
                 Case{20, true, true, true, true, 5}}) {
    INFO("INT " << c.score);
    auto r = intelligence(c.score);
    CHECK(r.can_read_write == c.read);
    CHECK(r.can_count == c.count);
    CHECK(r.can_speak == c.speak);
    CHECK(r.can_learn_reading == c.learn);
    CHECK(r.points == c.points);
  }
  CHECK(ability_modifier(9) == -1);
  CHECK(ability_modifier(8) == -1);
  CHECK(ability_modifier(1) == -5);
  CHECK(run_calc("intelligence", {{"int", 6}}) ==
        json{{"can_read_write", false}, {"can_count", false}, {"can_speak", true}, {"can_learn_reading", false}, {"points", 0}});
  CHECK(error_key([] { run_calc("intelligence", {{"int", 31}}); }) == "calc.err.too_large");
}

TEST_CASE("calc: carrying thresholds by size", "[calc][carrying]") {
  auto m = carrying(10, Size::medium);
  CHECK(m.encumbered_over == 50);
  CHECK(m.heavily_encumbered_over == 100);
  CHECK(m.max == 150);
  auto s = carrying(10, Size::small);
  CHECK(s.encumbered_over == 40);
  CHECK(s.heavily_encumbered_over == 80);
  CHECK(s.max == 120);
  CHECK(carrying(10, Size::large).max == 300);
  CHECK(carrying(10, Size::huge).max == 600);
  CHECK(carrying(10, Size::gargantuan).encumbered_over == 400);
  auto t = carrying(7, Size::tiny);
  CHECK(t.encumbered_over == 17.5);
  CHECK(t.max == 52.5);
  CHECK(run_calc("carrying", {{"str", 15}, {"size", "medium"}}) ==
        json{{"encumbered_over", 75}, {"heavily_encumbered_over", 150}, {"max", 225}});
  CHECK(error_key([] { run_calc("carrying", {{"str", 15}, {"size", "colossal"}}); }) == "calc.err.not_allowed");
}

TEST_CASE("calc: flanking gives +2 direct, +1 side, never advantage", "[calc][flanking]") {
  CHECK(run_calc("flanking", {{"position", "direct"}}) == json{{"attack_bonus", 2}});
  CHECK(run_calc("flanking", {{"position", "side"}}) == json{{"attack_bonus", 1}});
  CHECK(run_calc("flanking", {{"position", "none"}}) == json{{"attack_bonus", 0}});
  CHECK(error_key([] { run_calc("flanking", json::object()); }) == "calc.err.missing_param");
}

TEST_CASE("calc: resurrection DC, helpers and refused combinations", "[calc][resurrection]") {
  SECTION("1-action spells: DC 10 + earlier attempts, no helpers") {
    auto r = resurrection(0, Casting::action);
    CHECK(r.dc == 10);
    CHECK(r.check_needed);
    CHECK(r.helpers_allowed == 0);
    CHECK(resurrection(3, Casting::action).dc == 13);
  }
  SECTION("longer spells: −3 per helper success, +1 per failure, at most 3 helpers") {
    CHECK(resurrection(2, Casting::longer).dc == 12);
    CHECK(resurrection(2, Casting::longer, 2, 1).dc == 12 - 6 + 1);
    CHECK(resurrection(0, Casting::longer, 3, 0).dc == 1);
    CHECK(resurrection(1, Casting::longer, 0, 3).dc == 14);
    CHECK(resurrection(1, Casting::longer).helpers_allowed == 3);
    CHECK(run_calc("resurrection", {{"previous", 1}, {"casting", "longer"}, {"helper-successes", 1}, {"helper-failures", 1}}) ==
          json{{"dc", 9}, {"check_needed", true}, {"helpers_allowed", 3}});
  }
  SECTION("true resurrection and wish need no check") {
    for (auto c : {Casting::true_resurrection, Casting::wish}) {
      auto r = resurrection(5, c);
      CHECK_FALSE(r.check_needed);
      CHECK_FALSE(r.dc.has_value());
      CHECK(r.helpers_allowed == 0);
    }
    CHECK(run_calc("resurrection", {{"previous", 4}, {"casting", "wish"}}) ==
          json{{"dc", nullptr}, {"check_needed", false}, {"helpers_allowed", 0}});
  }
  SECTION("refused: helpers with a 1-action spell, with wish, more than three helpers") {
    CHECK(error_key([] { resurrection(0, Casting::action, 1, 0); }) == "calc.err.helpers_only_longer");
    CHECK(error_key([] { resurrection(0, Casting::action, 0, 1); }) == "calc.err.helpers_only_longer");
    CHECK(error_key([] { resurrection(0, Casting::wish, 1, 0); }) == "calc.err.helpers_only_longer");
    CHECK(error_key([] { resurrection(0, Casting::true_resurrection, 0, 2); }) == "calc.err.helpers_only_longer");
    CHECK(error_key([] { resurrection(0, Casting::longer, 2, 2); }) == "calc.err.too_many_helpers");
    CHECK(error_key([] { resurrection(0, Casting::longer, 4, 0); }) == "calc.err.too_large");
    CHECK(error_key([] { resurrection(-1, Casting::longer); }) == "calc.err.too_small");
    CHECK(error_key([] { run_calc("resurrection", {{"previous", 0}, {"casting", "ritual"}}); }) == "calc.err.not_allowed");
  }
}

TEST_CASE("calc: crafting rates change at levels 4/5, 8/9, 12/13, 16/17", "[calc][craft]") {
  struct Case { int level, rate; };
  for (auto c : {Case{1, 1}, Case{4, 1}, Case{5, 2}, Case{8, 2}, Case{9, 3}, Case{12, 3}, Case{13, 4}, Case{16, 4},
                 Case{17, 5}, Case{20, 5}}) {
    INFO("level " << c.level);
    CHECK(mundane_rate_gp(c.level) == c.rate);
  }
  struct Magic { int level, rate; const char* rarity; };
  for (auto c : {Magic{1, 5, "common"}, Magic{2, 5, "common"}, Magic{3, 10, "uncommon"}, Magic{5, 10, "uncommon"},
                 Magic{6, 25, "rare"}, Magic{10, 25, "rare"}, Magic{11, 50, "very-rare"}, Magic{16, 50, "very-rare"},
                 Magic{17, 75, "legendary"}, Magic{19, 75, "legendary"}, Magic{20, 100, "legendary"}}) {
    INFO("level " << c.level);
    CHECK(magic_rate_gp(c.level) == c.rate);
    CHECK(magic_max_rarity(c.level) == c.rarity);
  }
  CHECK(error_key([] { mundane_rate_gp(0); }) == "calc.err.too_small");
  CHECK(error_key([] { mundane_rate_gp(21); }) == "calc.err.too_large");
}

TEST_CASE("calc: craft projects (mundane, art, magic, collaborators)", "[calc][craft]") {
  SECTION("mundane: goal = market value, materials = half, 8 hours a day") {
    auto r = craft(CraftKind::mundane, 5, 15);
    CHECK(r.gp_per_hour == 2);
    CHECK(r.goal_cp == 1500);
    CHECK(r.hours == 8);  // 7.5 h rounded up
    CHECK(r.days == 1);
    CHECK(r.materials_cp == 750);
    CHECK_FALSE(r.max_rarity.has_value());
    CHECK(run_calc("craft", {{"kind", "mundane"}, {"level", 5}, {"value", 15}}) ==
          json{{"gp_per_hour", 2}, {"goal_gp", 15}, {"hours", 8}, {"days", 1}, {"materials_gp", 7.5}, {"max_rarity", nullptr}});
    CHECK(craft(CraftKind::mundane, 1, 17).days == 3);  // 17 h → 3 days
    CHECK(craft(CraftKind::mundane, 1, 16).days == 2);
  }
  SECTION("the seed's painting: level 7, 50 gp of materials → 2 gp/h, 25 hours") {
    auto r = craft(CraftKind::art, 7, 50);
    CHECK(r.gp_per_hour == 2);
    CHECK(r.goal_cp == 5000);
    CHECK(r.hours == 25);
    CHECK(r.days == 4);
    CHECK(r.materials_cp == 5000);
  }
  SECTION("magic: goal and materials = half the market value; rarity limit") {
    auto r = craft(CraftKind::magic, 3, 400);
    CHECK(r.gp_per_hour == 10);
    CHECK(r.goal_cp == 20000);
    CHECK(r.materials_cp == 20000);
    CHECK(r.hours == 20);
    CHECK(r.days == 3);
    CHECK(r.max_rarity == "uncommon");
    CHECK(craft(CraftKind::magic, 3, 400, {}, std::string("uncommon")).hours == 20);
    CHECK(error_key([] { craft(CraftKind::magic, 3, 400, {}, std::string("rare")); }) == "calc.err.rarity_too_high");
    CHECK(error_key([] { craft(CraftKind::mundane, 3, 400, {}, std::string("common")); }) == "calc.err.rarity_only_magic");
  }
  SECTION("collaborators add their own rates") {
    auto r = craft(CraftKind::mundane, 5, 100, {1, 9});
    CHECK(r.gp_per_hour == 2 + 1 + 3);
    CHECK(r.hours == 17);
    CHECK(r.days == 3);
    CHECK(craft(CraftKind::magic, 6, 1000, {3}).gp_per_hour == 35);
    CHECK(run_calc("craft", {{"kind", "magic"}, {"level", 6}, {"value", 1001}, {"crafters-levels", {3}}})["goal_gp"] == 500.5);
    CHECK(error_key([] { craft(CraftKind::mundane, 5, 100, {0}); }) == "calc.err.too_small");
    CHECK(error_key([] { run_calc("craft", {{"kind", "art"}, {"level", 5}, {"value", 10}, {"crafters-levels", {25}}}); }) ==
          "calc.err.too_large");
  }
}

TEST_CASE("calc: overtime saves at hours 8, 9 and 12", "[calc][craft-overtime]") {
  for (int hour : {1, 8}) {
    auto r = craft_overtime(hour);
    CHECK_FALSE(r.save_needed);
    CHECK_FALSE(r.dc.has_value());
  }
  CHECK(craft_overtime(9).save_needed);
  CHECK(craft_overtime(9).dc == 11);
  CHECK(craft_overtime(12).dc == 14);
  CHECK(run_calc("craft-overtime", {{"hour", 8}}) == json{{"save_needed", false}, {"dc", nullptr}});
  CHECK(run_calc("craft-overtime", {{"hour", 12}}) == json{{"save_needed", true}, {"dc", 14}});
  CHECK(error_key([] { craft_overtime(0); }) == "calc.err.too_small");
  CHECK(error_key([] { craft_overtime(25); }) == "calc.err.too_large");
}

TEST_CASE("calc: art value reproduces the seed's worked examples", "[calc][art-value]") {
  struct Case { int check; long long value_gp; bool worthless; };
  for (auto c : {Case{5, 0, true}, Case{8, 30, false}, Case{17, 120, false}, Case{24, 250, false},
                 Case{28, 450, false}, Case{33, 850, false}}) {
    INFO("check " << c.check);
    auto r = art_value(50, c.check);
    CHECK(r.value_cp == c.value_gp * 100);
    CHECK(r.worthless == c.worthless);
  }
  SECTION("band edges") {
    CHECK(art_value(50, 0).worthless);
    CHECK(art_value(50, -3).worthless);
    CHECK(art_value(50, 6).value_cp == 1000);    // −80 %
    CHECK(art_value(50, 9).value_cp == 4000);    // −20 %
    CHECK(art_value(50, 10).value_cp == 5000);   // the cost
    CHECK(art_value(50, 11).value_cp == 6000);   // +20 %
    CHECK(art_value(50, 20).value_cp == 15000);  // +200 %
    CHECK(art_value(50, 21).value_cp == 17500);  // ×3 + 50 %
    CHECK(art_value(50, 25).value_cp == 27500);
    CHECK(art_value(50, 26).value_cp == 35000);  // ×6 + 100 %
    CHECK(art_value(50, 30).value_cp == 55000);
    CHECK(art_value(50, 31).value_cp == 65000);  // ×11 + 200 %
  }
  CHECK(run_calc("art-value", {{"cost", 7}, {"check", 11}}) == json{{"value_gp", 8.4}, {"worthless", false}});
  CHECK(run_calc("art-value", {{"cost", 50}, {"check", 5}}) == json{{"value_gp", 0}, {"worthless", true}});
}

TEST_CASE("calc: spell scroll table", "[calc][scroll]") {
  struct Case { int level; const char* rarity; int dc, attack; long long price; };
  for (auto c : {Case{0, "common", 13, 5, 50}, Case{1, "common", 13, 5, 100}, Case{2, "uncommon", 13, 5, 250},
                 Case{3, "uncommon", 15, 7, 500}, Case{4, "rare", 15, 7, 2500}, Case{5, "rare", 17, 9, 5000},
                 Case{6, "very-rare", 17, 9, 15000}, Case{7, "very-rare", 18, 10, 25000},
                 Case{8, "very-rare", 18, 10, 50000}, Case{9, "legendary", 19, 11, 250000}}) {
    INFO("level " << c.level);
    auto s = scroll(c.level);
    CHECK(s.rarity == c.rarity);
    CHECK(s.save_dc == c.dc);
    CHECK(s.attack_bonus == c.attack);
    CHECK(s.price_gp == c.price);
  }
  CHECK(scroll(3, 300).price_gp == 800);  // material components add to the price
  CHECK(run_calc("scroll", {{"level", 0}}) == json{{"rarity", "common"}, {"save_dc", 13}, {"attack_bonus", 5}, {"price_gp", 50}});
  CHECK(error_key([] { run_calc("scroll", {{"level", 10}}); }) == "calc.err.too_large");
}

TEST_CASE("calc: magic item value by rarity", "[calc][magic-item-value]") {
  CHECK(run_calc("magic-item-value", {{"rarity", "common"}}) == json{{"min_gp", 50}, {"max_gp", 100}});
  CHECK(run_calc("magic-item-value", {{"rarity", "uncommon"}}) == json{{"min_gp", 101}, {"max_gp", 500}});
  CHECK(run_calc("magic-item-value", {{"rarity", "rare"}}) == json{{"min_gp", 501}, {"max_gp", 5000}});
  CHECK(run_calc("magic-item-value", {{"rarity", "very-rare"}}) == json{{"min_gp", 5001}, {"max_gp", 50000}});
  CHECK(run_calc("magic-item-value", {{"rarity", "legendary"}}) == json{{"min_gp", 50001}, {"max_gp", nullptr}});
  CHECK(rarities().size() == 5);
  CHECK(rarity_rank("very-rare") == 3);
  CHECK(rarity_rank("artifact") == -1);
  CHECK(error_key([] { magic_item_value("artifact"); }) == "calc.err.not_allowed");
}

TEST_CASE("calc: registry checks names, parameters and types", "[calc][registry]") {
  std::vector<std::string> names;
  for (const auto& c : calculators()) names.push_back(c.name);
  // The house rules' calculators in the modules' order, then the DM rules' (Module::own_calculators), in theirs.
  const std::vector<std::string> house = {"massive-damage", "hp-roll", "intelligence", "carrying", "flanking",
                                          "resurrection", "craft", "craft-overtime", "art-value", "scroll",
                                          "magic-item-value"};
  std::vector<std::string> expected = house;
  for (const auto& m : campaign::Engine::standard().modules())
    for (const auto& c : m.own_calculators)
      if (std::find(house.begin(), house.end(), c.name) == house.end()) expected.push_back(c.name);
  CHECK(names == expected);
  CHECK(std::find(names.begin(), names.end(), "disease") != names.end());
  CHECK(error_key([] { calculator("no-such"); }) == "calc.err.unknown");
  CHECK(error_key([] { run_calc("flanking", {{"position", "side"}, {"extra", 1}}); }) == "calc.err.unknown_param");
  CHECK(error_key([] { run_calc("intelligence", {{"int", "ten"}}); }) == "calc.err.not_integer");
  CHECK(error_key([] { run_calc("craft", {{"kind", "art"}, {"level", 5}, {"value", 10}, {"crafters-levels", 3}}); }) ==
        "calc.err.not_int_list");

  SECTION("defaults are filled in") {
    auto p = normalize(calculator("resurrection"), {{"previous", 0}, {"casting", "longer"}});
    CHECK(p["helper-successes"] == 0);
    CHECK(p["helper-failures"] == 0);
    CHECK_FALSE(normalize(calculator("craft"), {{"kind", "art"}, {"level", 1}, {"value", 1}}).contains("rarity"));
  }
  SECTION("command-line words are parsed by type") {
    const auto& c = calculator("craft");
    CHECK(parse_value(c, *c.param("level"), "7") == 7);
    CHECK(parse_value(c, *c.param("crafters-levels"), "3,5,12") == json{3, 5, 12});
    CHECK(parse_value(c, *c.param("kind"), "magic") == "magic");
    CHECK(error_key([&] { parse_value(c, *c.param("level"), "7x"); }) == "calc.err.not_integer");
    CHECK(error_key([&] { parse_value(c, *c.param("level"), ""); }) == "calc.err.not_integer");
    CHECK(error_key([&] { parse_value(c, *c.param("crafters-levels"), "3,,5"); }) == "calc.err.not_int_list");
    CHECK(error_key([&] { parse_value(c, *c.param("crafters-levels"), "3,"); }) == "calc.err.not_int_list");
  }
  SECTION("every description is translated in cs, uk and en; describe lists the parameters") {
    for (const auto& c : calculators()) {
      for (Lang lang : kLangs) {
        INFO(c.name << " " << lang_code(lang));
        CHECK(has_key(lang, c.description_key));
        for (const auto& p : c.params) CHECK(has_key(lang, p.description_key));
      }
    }
    auto d = describe(calculator("resurrection"), Lang::en);
    CHECK(d["name"] == "resurrection");
    REQUIRE(d["params"].size() == 4);
    CHECK(d["params"][1]["type"] == "enum");
    CHECK(d["params"][1]["allowed"] == json{"action", "longer", "true-resurrection", "wish"});
    CHECK(d["params"][2]["required"] == false);
    CHECK(d["params"][2]["default"] == 0);
    CHECK(d["params"][2]["max"] == 3);
  }
}
