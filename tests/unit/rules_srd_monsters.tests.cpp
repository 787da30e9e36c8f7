// Rule "srd_monsters" (src/core/rules/srd_monsters/): the SRD 5.1 monster data, its search, AddMonsters and
// MonsterAttack on the app's engine, and `druzina monsters` / `druzina monster` through the built binary.
#include <algorithm>
#include <set>

#include "../support/cli.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }
std::vector<std::string> ids_of(const std::vector<const rules::Monster*>& list) {
  std::vector<std::string> out;
  for (const auto* m : list) out.push_back(m->id);
  return out;
}
}  // namespace

TEST_CASE("srd_monsters: the 334 SRD monsters, named in cs, uk and en", "[rules][srd_monsters]") {
  const auto& all = rules::srd_monster_list();
  REQUIRE(all.size() == 334);
  std::set<std::string> ids;
  for (const auto& m : all) {
    CAPTURE(m.id);
    ids.insert(m.id);
    for (Lang l : kLangs) CHECK_FALSE(m.name_in(l).empty());
    CHECK(m.name.count("cs") == 1);
    CHECK(m.name.count("uk") == 1);
    CHECK(m.name.count("en") == 1);
    CHECK(rules::cr_row(rules::cr_text(m.cr)));
    CHECK(m.hp >= 1);
    for (const auto& a : m.attacks) {  // every attack named in all three (scripts/gen-monsters.py ATTACKS)
      CAPTURE(a.name);
      for (const char* l : {"en", "cs", "uk"}) CHECK((a.name.count(l) == 1 && !a.name.at(l).empty()));
      for (Lang l : kLangs) CHECK_FALSE(a.name_in(l).empty());
    }
  }
  CHECK(ids.size() == 334);

  const rules::Monster* g = rules::find_srd_monster("goblin");
  REQUIRE(g);
  CHECK(g->ac == 15);
  CHECK(g->hp == 7);
  CHECK(g->hp_dice == "2d6");
  CHECK(g->cr == 0.25);
  CHECK(rules::cr_text(g->cr) == "1/4");
  CHECK(g->xp == 50);
  CHECK(g->name_in(Lang::cs) == "Skřet");
  CHECK(g->name_in(Lang::uk) == "Гоблін");
  REQUIRE(g->attacks.size() == 2);
  CHECK(g->attacks[0].name_in(Lang::en) == "Scimitar");
  CHECK(g->attacks[0].name_in(Lang::cs) == "Šavle");
  CHECK(g->attacks[0].name_in(Lang::uk) == "Шабля");
  CHECK(g->attacks[1].name_in(Lang::cs) == "Krátký luk");
  CHECK(*g->attacks[0].bonus == 4);

  const rules::Monster* d = rules::find_srd_monster("adult-red-dragon");
  REQUIRE(d);
  CHECK(has(d->immune, "fire"));
  CHECK(d->legendary_actions == 3);
  CHECK(d->legendary_resistances == 3);
  CHECK(d->name_in(Lang::cs) == "Dospělý rudý drak");
  CHECK(d->name_in(Lang::uk) == "Дорослий червоний дракон");
  CHECK(rules::find_srd_monster("no-such-thing") == nullptr);
}

TEST_CASE("srd_monsters: search in cs, uk and en, case and diacritics aside", "[rules][srd_monsters]") {
  CHECK(ids_of(rules::search_srd_monsters("skřet", Lang::cs)).front() == "goblin");
  CHECK(ids_of(rules::search_srd_monsters("SKRET", Lang::cs)).front() == "goblin");
  CHECK(ids_of(rules::search_srd_monsters("гоблін", Lang::uk)).front() == "goblin");
  CHECK(ids_of(rules::search_srd_monsters("ГОБЛІН", Lang::uk)).front() == "goblin");
  CHECK(ids_of(rules::search_srd_monsters("Goblin", Lang::en)).front() == "goblin");
  CHECK(has(ids_of(rules::search_srd_monsters("goblin", Lang::cs)), "goblin"));  // English in any language
  CHECK(has(ids_of(rules::search_srd_monsters("hobgoblin", Lang::uk)), "hobgoblin"));
  const auto red = ids_of(rules::search_srd_monsters("rudý drak", Lang::cs));
  CHECK(has(red, "adult-red-dragon"));
  CHECK(has(red, "ancient-red-dragon"));
  CHECK_FALSE(has(red, "adult-blue-dragon"));
  CHECK(has(ids_of(rules::search_srd_monsters("червоний дракон", Lang::uk)), "young-red-dragon"));
  CHECK(rules::search_srd_monsters("", Lang::en).size() == 334);
  CHECK(rules::search_srd_monsters("zzzqqq", Lang::en).empty());
}

TEST_CASE("srd_monsters: AddMonsters with join brings reinforcements into the running fight", "[rules][srd_monsters]") {
  RulesTable t(8);
  new_campaign(t);
  REQUIRE_REFUSED(t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}, {"join", true}}),
                  "campaign.err.no_encounter");
  t.run({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}});
  t.run({{"type", "StartEncounter"}, {"initiative", {{"c1", 12}}}});
  const Transaction& tx = t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}, {"join", true}});
  CHECK(count_events(tx, "encounter_joined") == 2);
  CHECK(t.state().encounter->order.size() == 3);
  for (const auto& e : t.state().encounter->order) CHECK(e.initiative >= (e.creature == "c1" ? 12 : 1 + 2));
  CHECK(t.state().encounter->order[static_cast<size_t>(t.state().encounter->turn)].creature == "c1");
  t.session.undo();  // one step: the goblins and their places
  CHECK(t.state().creatures.size() == 1);
  CHECK(t.state().encounter->order.size() == 1);
}

TEST_CASE("srd_monsters: AddMonsters adds three goblins in one undo step", "[rules][srd_monsters]") {
  RulesTable t(7);
  new_campaign(t);
  const Transaction& tx = t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 3}});
  CHECK(count_events(tx, "creature_added") == 3);
  std::vector<std::string> names;
  for (const auto& x : t.state().creatures) {
    names.push_back(x.name);
    CHECK(x.kind == "monster");
    CHECK(x.ac == 15);
    CHECK(x.max_hp == 7);
    CHECK(x.hp == 7);
    CHECK(x.size == "small");
    CHECK(x.abilities.dex == 14);
    CHECK(rules::srd_monster_of(x) == rules::find_srd_monster("goblin"));
    CHECK(*rules::challenge_rating_of(x) == "1/4");
  }
  CHECK(names == std::vector<std::string>{"Goblin 1", "Goblin 2", "Goblin 3"});
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}});
  CHECK(t.state().creatures.back().name == "Goblin 5");
  t.session.undo();
  CHECK(t.state().creatures.size() == 3);
  t.session.undo();
  CHECK(t.state().creatures.empty());

  SECTION("one, named, HP rolled, in the campaign's language") {
    RulesTable u(3);
    new_campaign(u, {{"language", "cs"}});
    u.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"roll_hp", true}});
    const Creature& g = u.state().creatures.back();
    CHECK(g.name == "Skřet");
    CHECK(g.max_hp >= 2);
    CHECK(g.max_hp <= 12);
    u.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"name", "Šéf"}});
    CHECK(u.state().creatures.back().name == "Šéf");
  }
  SECTION("a dragon: immunity, legendary actions and resistances, saves, level from CR") {
    t.run({{"type", "AddMonsters"}, {"monster", "adult-red-dragon"}});
    const Creature& d = t.state().creatures.back();
    CHECK(d.name == "Adult Red Dragon");
    CHECK(d.max_hp == 256);
    CHECK(d.ac == 19);
    CHECK(has(d.immunities, "fire"));
    CHECK(d.legendary_actions == 3);
    CHECK(d.legendary_resistances == 3);
    CHECK(d.level == 17);
    CHECK(rules::save_bonus(t.state(), d, "dex") == 6);  // the SRD's +6: DEX +0 and proficiency +6
    CHECK(rules::save_bonus(t.state(), d, "con") == 13);
    CHECK(rules::save_bonus(t.state(), d, "str") == 8);  // not proficient
  }
}

TEST_CASE("srd_monsters: refusals", "[rules][srd_monsters]") {
  RulesTable t;
  new_campaign(t);
  REQUIRE_REFUSED(t.run({{"type", "AddMonsters"}, {"monster", "no-such-thing"}}), "rules.err.monster_unknown");
  REQUIRE_REFUSED(t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 0}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 21}}), "campaign.err.param_range");
  CHECK(t.state().creatures.empty());
  const std::string pc = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "MonsterAttack"}, {"attacker", pc}}), "rules.err.not_srd_monster");
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}});
  const std::string g = t.state().creatures.back().id;
  REQUIRE_REFUSED(t.run({{"type", "MonsterAttack"}, {"attacker", g}, {"attack", 2}}), "campaign.err.param_range");
}

TEST_CASE("srd_monsters: MonsterAttack rolls the d20 and the damage with the RNG", "[rules][srd_monsters]") {
  auto attack = [](std::uint64_t seed, json more) {
    RulesTable t(seed);
    new_campaign(t);
    t.run({{"type", "AddMonsters"}, {"monster", "goblin"}});
    const std::string g = t.state().creatures.back().id;
    const std::string m = t.pc("Mira", 20, {{"ac", 14}});
    more["type"] = "MonsterAttack";
    more["attacker"] = g;
    if (more.value("target", "") == "pc") more["target"] = m;
    const Transaction& tx = t.run(more);
    REQUIRE(count_events(tx, "monster_attack_rolled") == 1);
    json d = tx.events.front().data;
    d["log"] = t.session.log(Lang::en).back().lines.at(0);
    d["log_cs"] = t.session.log(Lang::cs).back().lines.at(0);
    d["log_uk"] = t.session.log(Lang::uk).back().lines.at(0);
    d["hp"] = t.c(m).hp;
    return d;
  };
  const json a = attack(11, json::object()), b = attack(11, json::object());
  CHECK(a == b);  // the same seed, the same rolls
  CHECK(a["attack"] == "Scimitar");
  CHECK(a["attack_name"] == json{{"en", "Scimitar"}, {"cs", "Šavle"}, {"uk", "Шабля"}});
  CHECK(a["log_cs"].get<std::string>().rfind("Goblin: Šavle, útok ", 0) == 0);
  CHECK(a["log_uk"].get<std::string>().rfind("Goblin: Шабля, атака ", 0) == 0);
  CHECK(a["bonus"] == 4);
  CHECK(a["total"].get<int>() == a["d20"].get<int>() + 4);
  const int dmg = a["damage"][0]["total"].get<int>();
  CHECK(dmg >= (a["critical"].get<bool>() ? 4 : 3));
  CHECK(dmg <= (a["critical"].get<bool>() ? 14 : 8));

  const json hit = attack(5, {{"target", "pc"}, {"roll", 12}, {"apply", true}});
  CHECK(hit["d20"] == 12);
  CHECK(hit["total"] == 16);
  CHECK(hit["hit"] == true);
  CHECK(hit["hp"].get<int>() == 20 - hit["damage"][0]["total"].get<int>());
  CHECK(hit["log"].get<std::string>().rfind("Goblin attacks Mira with Scimitar: 12+4 = 16 against AC 14, a hit; damage ", 0) == 0);
  CHECK(hit["log_cs"].get<std::string>().rfind("Goblin útočí na Mira (Šavle): 12+4 = 16 proti OČ 14, ", 0) == 0);

  const json miss = attack(5, {{"target", "pc"}, {"roll", 5}, {"apply", true}});
  CHECK(miss["hit"] == false);
  CHECK(miss["hp"] == 20);

  const json crit = attack(5, {{"target", "pc"}, {"roll", 20}, {"attack", 1}});
  CHECK(crit["attack"] == "Shortbow");
  CHECK(crit["log_uk"].get<std::string>().find("(Короткий лук)") != std::string::npos);
  CHECK(crit["critical"] == true);
  CHECK(crit["damage"][0]["dice"] == "2d6+2");
  CHECK(crit["hp"] == 20);  // no apply: only rolled

  SECTION("a save attack reports its DC; damage through ApplyDamage meets the immunity") {
    RulesTable t(9);
    new_campaign(t);
    t.run({{"type", "AddMonsters"}, {"monster", "adult-red-dragon"}, {"count", 2}});
    const std::string d1 = t.state().creatures[0].id, d2 = t.state().creatures[1].id;
    const Transaction& breath = t.run({{"type", "MonsterAttack"}, {"attacker", d1}, {"attack", 4}});
    const json& e = breath.events.front().data;
    CHECK(e["save"] == "dex");
    CHECK(e["dc"] == 21);
    CHECK(e["damage"][0]["dice"] == "18d6");
    CHECK(t.session.log(Lang::cs).back().lines.at(0).find("záchranný hod na Obratnost SO 21") != std::string::npos);
    CHECK(t.session.log(Lang::uk).back().lines.at(0).find("рятівний кидок Спритності СК 21") != std::string::npos);
    const Transaction& bite = t.run({{"type", "MonsterAttack"}, {"attacker", d1}, {"target", d2}, {"roll", 19}, {"apply", true}});
    int piercing = 0;
    for (const auto& ev : bite.events)
      if (ev.type == "monster_attack_rolled") piercing = ev.data["damage"][0]["total"].get<int>();
    CHECK(t.c(d2).hp == 256 - piercing);  // the fire part: immune
    t.session.undo();
    CHECK(t.c(d2).hp == 256);
  }
}

TEST_CASE("srd_monsters: an older monster_attack_rolled (no attack_name) shows its English name", "[rules][srd_monsters]") {
  Event e;
  e.type = "monster_attack_rolled";
  e.data = {{"creature", "c1"}, {"attack", "Scimitar"}, {"index", 0}, {"d20", 7}, {"bonus", 4}, {"total", 11},
            {"critical", false}, {"damage", json::array()}};
  LogContext lc{Lang::cs, [](const std::string&) { return std::string("Skřet"); }};
  CHECK(Engine::standard().render(e, lc).rfind("Skřet: Scimitar, útok 7+4 = 11", 0) == 0);
  e.data["attack_name"] = {{"en", "Scimitar"}, {"cs", "Šavle"}, {"uk", "Шабля"}};
  CHECK(Engine::standard().render(e, lc).rfind("Skřet: Šavle, útok 7+4 = 11", 0) == 0);
}

TEST_CASE("cli monsters / monster: search, one stat block, an unknown id exits 2", "[cli][srd_monsters]") {
  const json list = cli_json("--lang cs monsters skřet");
  REQUIRE(list.is_array());
  REQUIRE_FALSE(list.empty());
  CHECK(list[0]["id"] == "goblin");
  CHECK(list[0]["name"] == "Skřet");
  CHECK(list[0]["cr"] == 0.25);
  CHECK(cli_json("monsters").size() == 334);
  const auto text = cli("--lang en monsters goblin");
  CHECK(text.code == 0);
  CHECK(text.out.find("goblin · Goblin · CR 1/4 · AC 15 · HP 7 (2d6)") != std::string::npos);

  const json g = cli_json("--lang uk monster goblin");
  CHECK(g["name"] == "Гоблін");
  CHECK(g["ac"] == 15);
  CHECK(g["hp"] == 7);
  CHECK(g["hp_dice"] == "2d6");
  CHECK(g["xp"] == 50);
  CHECK(g["abilities"] == json{8, 14, 10, 10, 8, 8});
  for (const char* k : {"id", "name", "size", "type", "alignment", "ac", "hp", "hp_dice", "speed", "abilities", "saves",
                        "skills", "vulnerable", "resistant", "immune", "condition_immune", "passive_perception", "cr",
                        "xp", "legendary_actions", "legendary_resistances", "attacks"})
    CHECK(g.contains(k));
  CHECK(g.size() == 22);
  REQUIRE(g["attacks"].size() == 2);
  CHECK(g["attacks"][0]["name"] == "Шабля");  // a string in --lang
  CHECK(cli_json("--lang cs monster goblin")["attacks"][0]["name"] == "Šavle");
  CHECK(cli_json("--lang en monster goblin")["attacks"][1]["name"] == "Shortbow");
  const json d = cli_json("monster adult-red-dragon");
  CHECK(d["immune"] == json{"fire"});
  CHECK(d["legendary_actions"] == 3);

  const auto bad = cli("--lang cs monster no-such-thing", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("není nestvůra z SRD") != std::string::npos);
}
