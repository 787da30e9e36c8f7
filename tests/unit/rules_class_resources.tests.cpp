// Rule "class-resources" (src/core/rules/class_resources/): the counts by class and level, several classes,
// spending and refusals, rests, undo, the heals of Second Wind and Lay on Hands, the DM's correction, what players
// see, the calculator and old saves.
#include <fstream>
#include <sstream>

#include "../support/cli.hpp"
#include "../support/link_bytes.hpp"
#include "core/io/player_view.hpp"
#include "core/io/save.hpp"
#include "core/rules/class_resources/class_resources.hpp"
#include "core/share/link.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// id → max (-1 for no limit) of one class at one level, CHA modifier `cha`.
std::map<std::string, int> counts(const std::string& cls, int level, int cha = 0) {
  std::map<std::string, int> out;
  for (const auto& r : calc::class_resources({{cls, level}}, cha)) out[r.id] = r.unlimited ? -1 : r.max;
  return out;
}

std::string character(RulesTable& t, const std::string& name, const std::string& cls, int level, json abilities = json::object()) {
  json more = {{"level", level}, {"class", cls}};
  if (!abilities.empty()) more["abilities"] = abilities;
  return t.pc(name, 40, more);
}

int left(RulesTable& t, const std::string& id, const std::string& resource) {
  const auto list = rules::class_resources_of(t.c(id));
  const rules::ClassResource* r = rules::find_class_resource(list, resource);
  REQUIRE(r != nullptr);
  return r->left;
}

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(line) != std::string::npos; });
}

using Counts = std::map<std::string, int>;

}  // namespace

TEST_CASE("class-resources: the counts of every class at levels 1, 2, 5, 11 and 20", "[rules][class-resources]") {
  CHECK(counts("barbarian", 1) == Counts{{"rage", 2}});
  CHECK(counts("barbarian", 2) == Counts{{"rage", 2}});
  CHECK(counts("barbarian", 5) == Counts{{"rage", 3}});
  CHECK(counts("barbarian", 11) == Counts{{"rage", 4}});
  CHECK(counts("barbarian", 20) == Counts{{"rage", -1}});
  CHECK(counts("monk", 1).empty());
  CHECK(counts("monk", 2) == Counts{{"ki", 2}});
  CHECK(counts("monk", 5) == Counts{{"ki", 5}});
  CHECK(counts("monk", 20) == Counts{{"ki", 20}});
  CHECK(counts("sorcerer", 1).empty());
  CHECK(counts("sorcerer", 11) == Counts{{"sorcery_points", 11}});
  CHECK(counts("cleric", 1).empty());
  CHECK(counts("cleric", 2) == Counts{{"channel_divinity", 1}});
  CHECK(counts("cleric", 5) == Counts{{"channel_divinity", 1}});
  CHECK(counts("cleric", 11) == Counts{{"channel_divinity", 2}});
  CHECK(counts("cleric", 20) == Counts{{"channel_divinity", 3}});
  CHECK(counts("fighter", 1) == Counts{{"second_wind", 1}});
  CHECK(counts("fighter", 2) == Counts{{"action_surge", 1}, {"second_wind", 1}});
  CHECK(counts("fighter", 5) == Counts{{"action_surge", 1}, {"second_wind", 1}});
  CHECK(counts("fighter", 11) == Counts{{"action_surge", 1}, {"second_wind", 1}, {"indomitable", 1}});
  CHECK(counts("fighter", 20) == Counts{{"action_surge", 2}, {"second_wind", 1}, {"indomitable", 3}});
  CHECK(counts("druid", 1).empty());
  CHECK(counts("druid", 2) == Counts{{"wild_shape", 2}});
  CHECK(counts("druid", 20) == Counts{{"wild_shape", -1}});
  // a paladin: Lay on Hands 5 × level, Divine Sense 1 + CHA, Channel Divinity from the 3rd level
  CHECK(counts("paladin", 1, 3) == Counts{{"lay_on_hands", 5}, {"divine_sense", 4}});
  CHECK(counts("paladin", 2, 3) == Counts{{"lay_on_hands", 10}, {"divine_sense", 4}});
  CHECK(counts("paladin", 5, 3) == Counts{{"channel_divinity", 1}, {"lay_on_hands", 25}, {"divine_sense", 4}});
  CHECK(counts("paladin", 20, -1) == Counts{{"channel_divinity", 1}, {"lay_on_hands", 100}});  // 1 + (−1): none
  // a bard: CHA modifier uses (at least 1), the die by level, a short rest gives them back from the 5th level
  CHECK(counts("bard", 1, -1) == Counts{{"bardic_inspiration", 1}});
  CHECK(counts("bard", 11, 4) == Counts{{"bardic_inspiration", 4}});
  const auto bard = [](int level) { return calc::class_resources({{"bard", level}}, 3).at(0); };
  CHECK(bard(1).die == 6);
  CHECK_FALSE(bard(4).short_rest);
  CHECK(bard(5).die == 8);
  CHECK(bard(5).short_rest);
  CHECK(bard(11).die == 10);
  CHECK(bard(20).die == 12);
  for (const char* none : {"ranger", "rogue", "warlock", "wizard"}) {
    INFO(none);
    for (int lv : {1, 2, 5, 11, 20}) CHECK(counts(none, lv).empty());
  }
}

TEST_CASE("class-resources: several classes add up their features - Channel Divinity is not counted twice", "[rules][class-resources]") {
  auto list = calc::class_resources({{"fighter", 2}, {"cleric", 3}}, 0);
  REQUIRE(list.size() == 3);
  CHECK(list[0].id == "channel_divinity");
  CHECK(list[0].max == 1);
  CHECK(list[1].id == "action_surge");
  CHECK(list[2].id == "second_wind");
  CHECK(list[2].heal_bonus == 2);  // the fighter level, not the character's
  // a cleric 6 / paladin 3: the larger count (2), not 3
  list = calc::class_resources({{"cleric", 6}, {"paladin", 3}}, 2);
  CHECK(list[0].id == "channel_divinity");
  CHECK(list[0].max == 2);
  // an Eldritch Knight's levels are a fighter's
  list = calc::class_resources({{"eldritch-knight", 17}}, 0);
  CHECK(list.size() == 3);
  CHECK(list[0].max == 2);

  // on a character: the classes the DM set for the spell slots count here too
  RulesTable t;
  new_campaign(t);
  const std::string x = character(t, "Radek", "fighter", 5);
  t.run({{"type", "SetSpellcasting"}, {"target", x}, {"classes", "fighter:2,cleric:3"}});
  const auto mine = rules::class_resources_of(t.c(x));
  REQUIRE(mine.size() == 3);
  CHECK(rules::find_class_resource(mine, "channel_divinity")->max == 1);
  CHECK(rules::find_class_resource(mine, "indomitable") == nullptr);
}

TEST_CASE("class-resources: spending, refusals at 0, the DM's correction and undo", "[rules][class-resources]") {
  RulesTable t;
  new_campaign(t);
  const std::string b = character(t, "Ulf", "barbarian", 1);
  const std::string m = character(t, "Lin", "monk", 5);
  t.run({{"type", "SpendClassResource"}, {"target", b}, {"resource", "rage"}});
  const Transaction& tx = t.run({{"type", "SpendClassResource"}, {"target", b}, {"resource", "rage"}});
  CHECK(count_events(tx, "class_resource_spent") == 1);
  CHECK(left(t, b, "rage") == 0);
  CHECK(t.c(b).modules["class-resources"]["spent"]["rage"] == 2);
  // no rage left: refused, with the reason (a table does not let a barbarian rage a third time before a long rest)
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", b}, {"resource", "rage"}}), "rules.err.resource_none_left");
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", b}, {"resource", "ki"}}), "rules.err.resource_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", b}, {"resource", "rage"}, {"amount", 2}}),
                  "rules.err.resource_not_pool");
  // a pool: several points at once, never more than are left
  t.run({{"type", "SpendClassResource"}, {"target", m}, {"resource", "ki"}, {"amount", 3}});
  CHECK(left(t, m, "ki") == 2);
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", m}, {"resource", "ki"}, {"amount", 3}}), "rules.err.resource_too_few");
  t.session.undo();
  CHECK(left(t, m, "ki") == 5);
  CHECK_FALSE(t.c(m).modules.contains("class-resources"));
  // the DM's correction (or the player's on her own sheet)
  t.run({{"type", "SetClassResource"}, {"target", b}, {"resource", "rage"}, {"left", 1}});
  CHECK(left(t, b, "rage") == 1);
  REQUIRE_REFUSED(t.run({{"type", "SetClassResource"}, {"target", b}, {"resource", "rage"}, {"left", 3}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SetClassResource"}, {"target", b}, {"resource", "rage"}, {"left", 1}}), "campaign.err.nothing_to_change");
  t.session.undo();
  CHECK(left(t, b, "rage") == 0);
  // at the 20th level a barbarian rages without a limit: spending keeps nothing
  const std::string u = character(t, "Grom", "barbarian", 20);
  t.run({{"type", "SpendClassResource"}, {"target", u}, {"resource", "rage"}});
  CHECK_FALSE(t.c(u).modules.contains("class-resources"));
  REQUIRE_REFUSED(t.run({{"type", "SetClassResource"}, {"target", u}, {"resource", "rage"}, {"left", 1}}), "rules.err.resource_unlimited");
}

TEST_CASE("class-resources: a short rest gives back the short-rest ones, a long rest all", "[rules][class-resources]") {
  RulesTable t;
  new_campaign(t);
  const std::string f = character(t, "Radek", "fighter", 9);
  const std::string d4 = character(t, "Zora", "bard", 4, {{"cha", 16}});
  const std::string d5 = character(t, "Mila", "bard", 5, {{"cha", 16}});
  for (const char* r : {"action_surge", "indomitable"}) t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", r}});
  for (const auto& bard : {d4, d5}) t.run({{"type", "SpendClassResource"}, {"target", bard}, {"resource", "bardic_inspiration"}});
  const Transaction& sr = t.run({{"type", "ShortRest"}});
  CHECK(count_events(sr, "class_resources_restored") == 2);  // the fighter's Action Surge, the 5th-level bard's
  CHECK(left(t, f, "action_surge") == 1);
  CHECK(left(t, f, "indomitable") == 0);
  CHECK(left(t, d4, "bardic_inspiration") == 2);
  CHECK(left(t, d5, "bardic_inspiration") == 3);
  const Transaction& lr = t.run({{"type", "LongRest"}});
  CHECK(count_events(lr, "class_resources_restored") == 2);
  CHECK(left(t, f, "indomitable") == 1);
  CHECK(left(t, d4, "bardic_inspiration") == 3);
  CHECK_FALSE(t.c(f).modules.contains("class-resources"));
  t.session.undo();
  CHECK(left(t, f, "indomitable") == 0);
  CHECK(has_line(t.session.log_lines(Lang::en), "Radek has Action Surge back (short rest)."));
  CHECK(has_line(t.session.log_lines(Lang::cs), "Radek má zpět: Nával akce (krátký odpočinek)."));
  CHECK(has_line(t.session.log_lines(Lang::uk), "Radek знову має: Сплеск дій (короткий відпочинок)."));
}

TEST_CASE("class-resources: Second Wind heals the d10 + fighter level - a die given, or the prompt asks", "[rules][class-resources]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string f = character(t, "Radek", "fighter", 3);
  t.run({{"type", "ApplyDamage"}, {"target", f}, {"amount", 30}});
  REQUIRE(t.c(f).hp == 10);
  t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", "second_wind"}, {"roll", 6}});
  CHECK(t.c(f).hp == 19);  // 6 + 3
  CHECK(has_line(t.session.log_lines(Lang::en), "Radek uses Second Wind (0 left)."));
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", "second_wind"}}), "rules.err.resource_none_left");
  t.session.undo();
  CHECK(t.c(f).hp == 10);
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", "second_wind"}, {"roll", 11}}),
                  "campaign.err.param_range");
  // no die given: the table is asked for it; the answer heals (here: the app rolls it)
  t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", "second_wind"}});
  CHECK(left(t, f, "second_wind") == 0);
  CHECK(t.c(f).hp == 10);
  const std::string p = the_prompt(t.state(), "class-resources.second_wind");
  CHECK(t.state().prompts.back().data["dice"] == "1d10+3");
  const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p}});
  const int total = tx.events.front().data.value("total", 0);
  CHECK(total >= 4);
  CHECK(total <= 13);
  CHECK(t.c(f).hp == 10 + total);
  // a die entered: its total
  t.run({{"type", "LongRest"}});
  t.run({{"type", "ApplyDamage"}, {"target", f}, {"amount", 30}});
  const int hp = t.c(f).hp;
  t.run({{"type", "SpendClassResource"}, {"target", f}, {"resource", "second_wind"}});
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "class-resources.second_wind")}, {"roll", 8}});
  CHECK(t.c(f).hp == hp + 8);
}

TEST_CASE("class-resources: Lay on Hands heals its target from the pool", "[rules][class-resources]") {
  RulesTable t;
  new_campaign(t);
  const std::string p = character(t, "Anna", "paladin", 3, {{"cha", 14}});
  const std::string w = character(t, "Ivo", "wizard", 3);
  t.run({{"type", "ApplyDamage"}, {"target", w}, {"amount", 20}});
  const int hp = t.c(w).hp;
  t.run({{"type", "SpendClassResource"}, {"target", p}, {"resource", "lay_on_hands"}, {"amount", 7}, {"on", w}});
  CHECK(t.c(w).hp == hp + 7);
  CHECK(left(t, p, "lay_on_hands") == 8);
  CHECK(has_line(t.session.log_lines(Lang::en), "Anna uses Lay on Hands on Ivo: 7 HP (8 left in the pool)."));
  CHECK(has_line(t.session.log_lines(Lang::cs), "Anna použije Vkládání rukou na Ivo: 7 životů (v zásobě zbývá 8)."));
  CHECK(has_line(t.session.log_lines(Lang::uk), "Anna використовує «Накладання рук» на Ivo: 7 ОЗ (у запасі лишилося 8)."));
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", p}, {"resource", "lay_on_hands"}, {"amount", 9}, {"on", w}}),
                  "rules.err.resource_too_few");
  REQUIRE_REFUSED(t.run({{"type", "SpendClassResource"}, {"target", p}, {"resource", "divine_sense"}, {"on", w}}),
                  "rules.err.resource_no_target");
  t.session.undo();
  CHECK(t.c(w).hp == hp);
  CHECK(left(t, p, "lay_on_hands") == 15);
  // on herself when no one is named
  t.run({{"type", "ApplyDamage"}, {"target", p}, {"amount", 5}});
  t.run({{"type", "SpendClassResource"}, {"target", p}, {"resource", "lay_on_hands"}, {"amount", 5}});
  CHECK(t.c(p).hp == 40);
  CHECK(left(t, p, "divine_sense") == 3);
}

TEST_CASE("class-resources: bad data is refused - players see their own counters", "[rules][class-resources][player_view]") {
  RulesTable t;
  new_campaign(t);
  const std::string m = character(t, "Lin", "monk", 5);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"class-resources", {{"spent", {{"ki", 0}}}}}}}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"class-resources", {{"spent", {{"mana", 2}}}}}}}}}}),
                  "state.err.unknown_field");
  t.run({{"type", "SpendClassResource"}, {"target", m}, {"resource", "ki"}, {"amount", 2}});
  json v = io::player_view(t.state());
  CHECK(v["creatures"][0]["rule_data"]["class-resources"]["spent"]["ki"] == 2);
  // and the table link (the live table's view too) carries them: her phone shows 3 of 5 ki left
  const std::string link = share::encode_table(t.state());
  const campaign::Campaign back = share::decode(link).payload.get<campaign::Campaign>();
  REQUIRE(back.creatures.size() == 1);
  const auto list = rules::class_resources_of(back.creatures[0]);
  const rules::ClassResource* ki = rules::find_class_resource(list, "ki");
  REQUIRE(ki != nullptr);
  CHECK(ki->max == 5);
  CHECK(ki->left == 3);
  // a hostile compact form (not an object, an unknown resource, a count out of range) is refused, never a crash
  const std::string bytes = link_bytes(link);
  CHECK(bytes.find("\"cu\":{\"ki\":2}") != std::string::npos);
  for (const json& bad : {json("ki"), json::array({2}), json{{"mana", 2}}, json{{"ki", 0}}, json{{"ki", "2"}}}) {
    json wire = json::parse(bytes.substr(1));
    for (auto& c : wire["c"])
      if (c.size() > 4) c[4]["cu"] = bad;
    INFO(bad.dump());
    bool refused = false;
    try {
      share::decode(share::frame_payload('t', wire.dump()));
    } catch (const UserError& e) {
      refused = e.key() == "link.err.invalid";
    }
    CHECK(refused);
  }
}

TEST_CASE("class-resources: the calculator", "[rules][class-resources][cli]") {
  CHECK(cli_json("rule class-resources --class monk --level 5") == json{{"ki", {{"max", 5}, {"rest", "short"}}}});
  CHECK(cli_json("rule class-resources --class barbarian --level 20") == json{{"rage", {{"max", "unlimited"}, {"rest", "long"}}}});
  CHECK(cli_json("rule class-resources --classes fighter:2,cleric:3") ==
        json{{"channel_divinity", {{"max", 1}, {"rest", "short"}}},
             {"action_surge", {{"max", 1}, {"rest", "short"}}},
             {"second_wind", {{"max", 1}, {"rest", "short"}, {"heal", "1d10+2"}}}});
  CHECK(cli_json("rule class-resources --class bard --level 5 --cha 16") ==
        json{{"bardic_inspiration", {{"max", 3}, {"rest", "short"}, {"die", 8}}}});
  CHECK(cli_json("rule class-resources --class wizard --level 5") == json::object());
  CHECK(cli("rule class-resources --classes fighter:2,mage:3").code == 2);
  CHECK(cli("rule class-resources --class monk").code == 2);
  CHECK(cli("rule class-resources --class monk --level 21").code == 2);
}

namespace {
std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("class-resources: old saves load unchanged (no data - everything there)", "[rules][class-resources][save]") {
  for (const char* f : {"save-v3.json", "save-v4.json", "save-v5.json"}) {
    INFO(f);
    campaign::Session s = io::load(read_fixture(f), campaign::Engine::standard());
    const std::string saved = io::save(s);
    CHECK(saved.find("class-resources") == std::string::npos);
    for (const auto& x : s.state().creatures)
      for (const auto& r : rules::class_resources_of(x)) CHECK(r.left == (r.unlimited ? 0 : r.max));
    campaign::Session again = io::load(saved, campaign::Engine::standard());
    CHECK(io::save(again) == saved);
  }
}
