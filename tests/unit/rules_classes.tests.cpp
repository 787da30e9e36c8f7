// Rule "classes" (src/core/rules/classes/) on the app's engine, and a new character's score arithmetic.
#include <algorithm>
#include <map>

#include "core/calc/calc.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
json saves_of(Table& t, const std::string& id) {
  const json& m = t.state().modules.contains(rules::kSaveProficiencies) ? t.state().modules.at(rules::kSaveProficiencies) : json();
  return m.is_object() && m.contains(id) ? m.at(id) : json::array();
}
}  // namespace

TEST_CASE("classes: SetClass sets the class, the hit die and the saves in one undo step", "[rules][classes]") {
  RulesTable t(1);
  new_campaign(t);
  std::string m = t.pc("Mira", 20, {{"hit_die", 8}, {"level", 5}});
  const Transaction& tx = t.run({{"type", "SetClass"}, {"target", m}, {"class", "wizard"}, {"subclass", " Evocation "}});
  CHECK(count_events(tx, "class_set") == 1);
  CHECK(count_events(tx, "creature_updated") == 1);
  CHECK(count_events(tx, "save_proficiencies_set") == 1);
  CHECK(t.c(m).hit_die == 6);
  CHECK(saves_of(t, m) == json{"int", "wis"});
  CHECK(rules::save_proficient(t.state(), t.c(m), "int"));
  CHECK(rules::class_of(t.c(m)).cls == "wizard");
  CHECK(rules::class_of(t.c(m)).subclass == "Evocation");
  CHECK(rules::class_line(Lang::en, t.c(m)) == "Wizard 5");
  CHECK(rules::class_line(Lang::cs, t.c(m)) == "Kouzelník 5");
  CHECK(rules::class_line(Lang::uk, t.c(m)) == "Чарівник 5");
  CHECK(rules::class_line(Lang::en, t.c(m), true) == "Wizard 5 · Evocation");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Mira: class Wizard (Evocation).");

  // a barbarian now: d12, STR and CON
  t.run({{"type", "SetClass"}, {"target", m}, {"class", "barbarian"}});
  CHECK(t.c(m).hit_die == 12);
  CHECK(saves_of(t, m) == json{"str", "con"});
  CHECK(rules::class_of(t.c(m)).subclass.empty());

  // one undo step takes back the class, the hit die and the saves together
  t.session.undo();
  CHECK(rules::class_of(t.c(m)).cls == "wizard");
  CHECK(t.c(m).hit_die == 6);
  CHECK(saves_of(t, m) == json{"int", "wis"});
  t.session.undo();
  CHECK(rules::class_of(t.c(m)).cls.empty());
  CHECK(t.c(m).hit_die == 8);
  CHECK(saves_of(t, m) == json::array());
  CHECK(t.c(m).modules.empty());
}

TEST_CASE("classes: a class typed in keeps the hit die and the saves as chosen", "[rules][classes]") {
  RulesTable t(2);
  new_campaign(t);
  std::string m = t.pc("Olek", 20, {{"hit_die", 10}});
  t.run({{"type", "SetSaveProficiencies"}, {"target", m}, {"abilities", {"dex", "wis"}}});
  const Transaction& tx = t.run({{"type", "SetClass"}, {"target", m}, {"class", "Artificer"}});
  CHECK(count_events(tx, "creature_updated") == 0);
  CHECK(count_events(tx, "save_proficiencies_set") == 0);
  CHECK(t.c(m).hit_die == 10);
  CHECK(saves_of(t, m) == json{"dex", "wis"});
  CHECK(rules::class_line(Lang::cs, t.c(m)) == "Artificer 1");
  CHECK_FALSE(rules::class_of(t.c(m)).srd);
  // "" clears it
  t.run({{"type", "SetClass"}, {"target", m}, {"class", ""}});
  CHECK(rules::class_line(Lang::en, t.c(m)).empty());
  REQUIRE_REFUSED(t.run({{"type", "SetClass"}, {"target", m}, {"class", std::string(61, 'x')}}), "state.err.too_long");
  REQUIRE_REFUSED(t.run({{"type", "SetClass"}, {"target", "c999"}, {"class", "bard"}}), "campaign.err.no_creature");
}

TEST_CASE("classes: every SRD class's hit die and saves", "[rules][classes]") {
  const std::map<std::string, std::pair<int, std::vector<std::string>>> want = {
      {"barbarian", {12, {"str", "con"}}}, {"bard", {8, {"dex", "cha"}}},     {"cleric", {8, {"wis", "cha"}}},
      {"druid", {8, {"int", "wis"}}},      {"fighter", {10, {"str", "con"}}}, {"monk", {8, {"str", "dex"}}},
      {"paladin", {10, {"wis", "cha"}}},   {"ranger", {10, {"str", "dex"}}},  {"rogue", {8, {"dex", "int"}}},
      {"sorcerer", {6, {"con", "cha"}}},   {"warlock", {8, {"wis", "cha"}}},  {"wizard", {6, {"int", "wis"}}}};
  REQUIRE(rules::srd_classes().size() == 12);
  for (const auto& id : rules::srd_classes()) {
    CAPTURE(id);
    CHECK(rules::class_hit_die(id) == want.at(id).first);
    CHECK(rules::class_save_proficiencies(id) == want.at(id).second);
    for (Lang l : {Lang::cs, Lang::uk, Lang::en}) CHECK(rules::class_name(l, id) != id);
  }
  CHECK(rules::class_hit_die("Artificer") == 0);
  CHECK(rules::class_save_proficiencies("Artificer").empty());
}

TEST_CASE("classes: AddCreature with a class gives it in the same transaction", "[rules][classes]") {
  RulesTable t(3);
  new_campaign(t);
  const Transaction& tx = t.run({{"type", "AddCreature"}, {"name", "Runa"}, {"kind", "pc"}, {"max_hp", 9},
                                 {"level", 1}, {"class", "rogue"}, {"initiative_bonus", 3}});
  const std::string id = find_event(tx, "creature_added")->data["creature"]["id"];
  CHECK(t.c(id).hit_die == 8);
  CHECK(t.c(id).initiative_bonus == 3);
  CHECK(saves_of(t, id) == json{"dex", "int"});
  CHECK(rules::class_line(Lang::en, t.c(id)) == "Rogue 1");
  t.session.undo();  // one step removes the character with its class
  CHECK(campaign::find_creature(t.state(), id) == nullptr);
  CHECK(saves_of(t, id) == json::array());
  REQUIRE_REFUSED(t.run({{"type", "AddCreature"}, {"name", "X"}, {"max_hp", 5}, {"subclass", "Thief"}}),
                  "rules.err.subclass_without_class");
}

TEST_CASE("classes: with save proficiencies switched off, only the class and the hit die", "[rules][classes]") {
  RulesTable t(4);
  new_campaign(t, {{"rules", {{rules::kSaveProficiencies, false}}}});
  std::string m = t.pc("Mira", 20);
  const Transaction& tx = t.run({{"type", "SetClass"}, {"target", m}, {"class", "fighter"}});
  CHECK(count_events(tx, "save_proficiencies_set") == 0);
  CHECK(t.c(m).hit_die == 10);
}

TEST_CASE("ability scores: point buy, the standard array, 4d6 keep 3 in order", "[rules][classes][calc]") {
  CHECK(calc::point_buy_cost(8) == 0);
  CHECK(calc::point_buy_cost(13) == 5);
  CHECK(calc::point_buy_cost(14) == 7);
  CHECK(calc::point_buy_cost(15) == 9);
  CHECK(error_key([] { calc::point_buy_cost(16); }) == "calc.err.point_buy_range");
  CHECK(error_key([] { calc::point_buy_cost(7); }) == "calc.err.point_buy_range");
  auto std_cost = calc::point_buy({15, 14, 13, 12, 10, 8});
  CHECK(std_cost.cost == 27);
  CHECK(std_cost.valid);
  CHECK(calc::point_buy({8, 8, 8, 8, 8, 8}).cost == 0);
  auto over = calc::point_buy({15, 15, 15, 8, 8, 8});
  CHECK(over.cost == 27);
  auto too_much = calc::point_buy({15, 15, 15, 9, 8, 8});
  CHECK(too_much.cost == 28);
  CHECK_FALSE(too_much.valid);
  CHECK(error_key([] { calc::point_buy({15, 14, 13}); }) == "calc.err.point_buy_count");

  // the calculators
  Rng rng(1);
  CHECK(calc::run("point-buy", {{"scores", {15, 14, 13, 12, 10, 8}}}, rng) == json{{"cost", 27}, {"valid", true}});
  CHECK(error_key([&] { calc::run("point-buy", {{"scores", {16, 14, 13, 12, 10, 8}}}, rng); }) == "calc.err.point_buy_range");
  CHECK(calc::run("ability-scores", {{"method", "standard"}}, rng)["scores"] == json{15, 14, 13, 12, 10, 8});

  // 4d6kh3 with a seeded Rng: six scores 3..18, each the sum of its three highest dice, reproducible
  for (std::uint64_t seed : {1u, 7u, 42u, 1234u}) {
    Rng a(seed), b(seed);
    auto r = calc::roll_4d6kh3(a);
    auto again = calc::roll_4d6kh3(b);
    CHECK(r.scores == again.scores);
    for (int i = 0; i < 6; ++i) {
      CHECK(r.scores[i] >= 3);
      CHECK(r.scores[i] <= 18);
      auto d = r.dice[i];
      std::sort(d.begin(), d.end());
      for (int v : d) CHECK((v >= 1 && v <= 6));
      CHECK(r.scores[i] == d[1] + d[2] + d[3]);
    }
    auto cli = calc::run("ability-scores", {{"method", "roll"}, {"seed", seed}}, rng);
    CHECK(cli["scores"] == json(r.scores));
  }
  // many rolls reach both ends sometimes, never beyond
  Rng many(99);
  int lo = 18, hi = 3;
  for (int k = 0; k < 2000; ++k)
    for (int s : calc::roll_4d6kh3(many).scores) lo = std::min(lo, s), hi = std::max(hi, s);
  CHECK(lo == 3);
  CHECK(hi == 18);

  // the standard array laid out for the class
  CHECK(calc::standard_array_for("wizard") == std::array<int, 6>{8, 13, 14, 15, 12, 10});
  CHECK(calc::standard_array_for("fighter") == std::array<int, 6>{15, 13, 14, 8, 12, 10});
  CHECK(calc::standard_array_for("Artificer") == calc::kStandardArray);
  for (const auto& id : rules::srd_classes()) {
    auto a = calc::standard_array_for(id);
    std::sort(a.begin(), a.end());
    CHECK(a == std::array<int, 6>{8, 10, 12, 13, 14, 15});  // the same six, each once
  }

  // hit points by the fixed values
  CHECK(calc::starting_hp(6, 1, 2) == 8);
  CHECK(calc::starting_hp(6, 5, 2) == 8 + 4 * 6);
  CHECK(calc::starting_hp(12, 1, -1) == 11);
  CHECK(calc::starting_hp(6, 3, -5) == 3);  // at least 1 a level
  CHECK(calc::starting_hp(10, 0, 0) == 10);

  // six scores typed in one go
  CHECK(calc::parse_scores("15 14 13 12 10 8") == std::array<int, 6>{15, 14, 13, 12, 10, 8});
  CHECK(calc::parse_scores(" 8,9, 10 11 12  13 ") == std::array<int, 6>{8, 9, 10, 11, 12, 13});
  CHECK_FALSE(calc::parse_scores("15 14 13 12 10").has_value());
  CHECK_FALSE(calc::parse_scores("15 14 13 12 10 8 8").has_value());
  CHECK_FALSE(calc::parse_scores("15 14 13 12 10 0").has_value());
  CHECK_FALSE(calc::parse_scores("15 14 13 12 10 31").has_value());
  CHECK_FALSE(calc::parse_scores("15 14 13 12 10 x").has_value());
}

TEST_CASE("classes: subclasses named in cs, uk and en - an Eldritch Knight typed in any of them casts", "[rules][classes][subclass]") {
  CHECK(rules::subclass_id("Eldritch Knight") == "eldritch-knight");
  CHECK(rules::subclass_id("mysticky rytir") == "eldritch-knight");
  CHECK(rules::subclass_id("Магічний трюкач") == "arcane-trickster");
  CHECK(rules::subclass_id("Evocation") == "evocation");
  CHECK(rules::subclass_id("Škola zaklínání") == "evocation");
  CHECK(rules::subclass_id("Battle Master").empty());  // one the app does not name: kept as typed
  CHECK(rules::subclass_id("of").empty());
  CHECK(rules::subclass_name(Lang::cs, "Eldritch Knight") == "Mystický rytíř");
  CHECK(rules::subclass_name(Lang::uk, "Eldritch Knight") == "Містичний лицар");
  CHECK(rules::subclass_name(Lang::en, "arcane-trickster") == "Arcane Trickster");
  CHECK(rules::subclass_name(Lang::en, "Evocation") == "Evocation");  // typed in the reader's language: as typed
  CHECK(rules::subclass_name(Lang::cs, "Battle Master") == "Battle Master");
  CHECK(rules::subclasses_of("fighter") == std::vector<std::string>{"champion", "eldritch-knight"});
  CHECK(rules::subclasses_of("artificer").empty());
  for (const auto& k : rules::known_subclasses())
    for (Lang l : {Lang::cs, Lang::uk, Lang::en}) {
      INFO(k.id);
      CHECK(rules::subclass_id(rules::subclass_name(l, k.id)) == k.id);
      CHECK(rules::subclass_name(l, k.id) != std::string("classes.subclass.") + k.id);
    }
  RulesTable t(1);
  new_campaign(t);
  const std::string f = t.pc("Bors", 30, {{"level", 5}});
  t.run({{"type", "SetClass"}, {"target", f}, {"class", "fighter"}, {"subclass", "Eldritch Knight"}});
  CHECK(rules::class_line(Lang::cs, t.c(f), true) == "Bojovník 5 · Mystický rytíř");
  CHECK(rules::class_line(Lang::uk, t.c(f), true) == "Воїн 5 · Містичний лицар");
  CHECK(t.session.log(Lang::cs).back().lines.at(0).find("(Mystický rytíř)") != std::string::npos);
  // typed in Czech, the fighter is an Eldritch Knight for the slots too
  const std::string g = t.pc("Zora", 30, {{"level", 5}});
  t.run({{"type", "SetClass"}, {"target", g}, {"class", "fighter"}, {"subclass", "Mystický rytíř"}});
  CHECK(rules::caster_classes(t.c(g)).at(0).cls == "eldritch-knight");
  CHECK(rules::class_line(Lang::en, t.c(g), true) == "Fighter 5 · Eldritch Knight");
}
