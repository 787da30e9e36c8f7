// Rule "spells" (src/core/rules/spells/): the damage of each hit typed at the table (CastSpell {totals}: one per hit,
// within what its dice can make, a critical hit's doubled), an old one-total command replayed as before, Vampiric
// Touch's healing (half the damage dealt, after the target's resistance), Flame Blade and Arcane Hand as melee spell
// attacks, and Contagion / Ray of Enfeeblement whose save comes at the end of the target's turns, not at the hit.
#include "../support/cli.hpp"
#include "core/io/save.hpp"
#include "core/json_obj.hpp"
#include "core/rules/concentration/concentration.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/spells/spells.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

std::vector<const Event*> events_of(const Transaction& tx, const std::string& type) {
  std::vector<const Event*> out;
  for (const auto& e : tx.events)
    if (e.type == type) out.push_back(&e);
  return out;
}

// A wizard with INT 16 (5th level: spell attack +6, DC 14; 9th: +7, DC 15).
std::string wizard(Table& t, int level = 5) {
  return t.pc("Elara", 30, {{"level", level}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
}

json cast(const std::string& caster, const std::string& spell, std::vector<std::string> targets, std::vector<int> rolls,
          int level = 0) {
  json j = jobj{"type", "CastSpell", "caster", caster, "spell", spell, "targets", targets, "attack_rolls", rolls};
  if (level > 0) j["level"] = level;
  return j;
}

}  // namespace

TEST_CASE("spells: what a total of the dice can be", "[rules][spells][spell_hits]") {
  CHECK(rules::spell_total_range("2d6") == std::pair<int, int>{2, 12});
  CHECK(rules::spell_total_range(rules::critical_dice("2d6")) == std::pair<int, int>{4, 24});
  CHECK(rules::spell_total_range("3d4+3") == std::pair<int, int>{6, 15});
  CHECK(rules::spell_total_range("1d4-1") == std::pair<int, int>{0, 3});
  CHECK(rules::spell_total_range("1d10") == std::pair<int, int>{1, 10});
}

TEST_CASE("spells: scorching ray typed per hit - each total its own, bounded by its dice, a critical one by doubled dice", "[rules][spells][spell_hits]") {
  RulesTable t(11);
  new_campaign(t);
  const std::string w = wizard(t);
  const std::string a = t.monster("Orc A", 100, {{"ac", 13}});
  const std::string b = t.monster("Orc B", 100, {{"ac", 13}});
  // 2nd level: 3 rays at A, B, A; 15 + 6 hits, a natural 20 is critical, 2 + 6 misses
  json cmd = cast(w, "scorching-ray", {a, b}, {15, 20, 2}, 2);
  // what the pad asks before the cast: one total per hit, its dice and range
  const auto preview = rules::spell_attack_preview(t.state(), cmd);
  REQUIRE(preview.size() == 3);
  CHECK(preview[0].attack.hit);
  CHECK(preview[0].attack.target == a);
  CHECK(preview[0].dice == "2d6");
  CHECK(preview[0].lo == 2);
  CHECK(preview[0].hi == 12);
  CHECK(preview[1].attack.critical);
  CHECK(preview[1].dice == "4d6");
  CHECK(preview[1].hi == 24);
  CHECK_FALSE(preview[2].attack.hit);
  CHECK(preview[2].dice.empty());
  // out of range: more than 2d6 can make on a plain hit, less than 4d6 on the critical one, above 4d6
  for (const auto& bad : {json::array({13, 19}), json::array({1, 19}), json::array({7, 3}), json::array({7, 25})}) {
    json c = cmd;
    c["totals"] = bad;
    REQUIRE_REFUSED(t.run(c), "rules.err.spell_total_range");
  }
  // fewer or more totals than hits
  json few = cmd;
  few["totals"] = json::array({7});
  REQUIRE_REFUSED(t.run(few), "rules.err.spell_totals_count");
  json more = cmd;
  more["totals"] = json::array({7, 19, 5});
  REQUIRE_REFUSED(t.run(more), "rules.err.spell_totals_count");
  json too_many = cmd;
  too_many["totals"] = json::array({1, 2, 3, 4});
  REQUIRE_REFUSED(t.run(too_many), "rules.err.spell_totals_count");
  // the refusals left everything as it was
  CHECK(t.c(a).hp == 100);
  CHECK(t.c(b).hp == 100);
  CHECK(rules::slots_view(t.state(), t.c(w)).left[1] == 3);
  // the extremes of each range are fine
  json ok = cmd;
  ok["totals"] = json::array({12, 24});
  const Transaction& tx = t.run(ok);
  const auto hits = events_of(tx, "spell_attack_hit");
  REQUIRE(hits.size() == 2);
  CHECK(hits[0]->data["total"] == 12);
  CHECK(hits[0]->data["rolled"] == false);
  CHECK(hits[1]->data["total"] == 24);
  CHECK(hits[1]->data["critical"] == true);
  CHECK(hits[1]->data["dice"] == "4d6");
  CHECK(t.c(a).hp == 88);
  CHECK(t.c(b).hp == 76);
  const auto attacks = rules::spell_attacks(tx.events);
  REQUIRE(attacks.size() == 3);
  CHECK(attacks[0].damage == 12);
  CHECK(attacks[1].damage == 24);
  CHECK(attacks[2].damage == -1);
  CHECK_FALSE(attacks[1].rolled);
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Elara's Scorching Ray hits Orc A: 12 damage (fire), rolled at the table."));
  CHECK(has_line(en, "Elara's Scorching Ray hits Orc B critically: 24 damage (fire), rolled at the table."));
  CHECK(has_line(cs, "Spalující paprsek (Elara) zasahuje Orc A: 12 zranění"));
  CHECK(has_line(uk, "Палючий промінь (Elara) влучає в Orc A: 12 шкоди"));
}

TEST_CASE("spells: one total per hit is refused where one total is the rule - fireball, or with a single total", "[rules][spells][spell_hits]") {
  RulesTable t(12);
  new_campaign(t);
  const std::string w = wizard(t);
  const std::string a = t.monster("Orc A", 100, {{"ac", 13}});
  const std::string b = t.monster("Orc B", 100, {{"ac", 13}});
  REQUIRE_REFUSED(t.run(jobj{"type", "CastSpell", "caster", w, "spell", "fireball", "targets", json::array({a, b}),
                             "totals", json::array({20, 20})}),
                  "rules.err.spell_totals_one");
  json both = cast(w, "fire-bolt", {a}, {15});
  both["total"] = 5;
  both["totals"] = json::array({5});
  REQUIRE_REFUSED(t.run(both), "rules.err.spell_totals_one");
  // Fireball keeps its one total for all its targets
  const Transaction& fb = t.run(jobj{"type", "CastSpell", "caster", w, "spell", "fireball", "targets", json::array({a, b}), "total", 30});
  CHECK(events_of(fb, "spell_cast")[0]->data["total"] == 30);
  // the message in the three languages
  for (Lang l : {Lang::en, Lang::cs, Lang::uk}) {
    const std::string m = tr(l, "rules.err.spell_total_range", jobj{"n", 2, "target", "Orc B", "total", 3, "dice", "4d6", "min", 4, "max", 24});
    CHECK(m.find("4–24") != std::string::npos);
    CHECK(m.find("Orc B") != std::string::npos);
  }
}

TEST_CASE("spells: an old command with one total for every hit replays and loads unchanged", "[rules][spells][spell_hits]") {
  const auto run_old = [](Table& t) {
    new_campaign(t);
    const std::string k = t.pc("Oleh", 30, {{"level", 5}, {"class", "warlock"}, {"abilities", {{"cha", 16}}}});
    const std::string g = t.monster("Ogre", 60, {{"ac", 11}});
    // the command as it was stored before per-hit totals: one total, every hit takes it
    json old = json::parse(R"({"type":"CastSpell","caster":"","spell":"eldritch-blast","targets":[],"attack_rolls":[12,14],"total":7})");
    old["caster"] = k;
    old["targets"] = json::array({g});
    const Transaction& tx = t.run(old);
    CHECK(events_of(tx, "spell_attack_hit").size() == 2);
    for (const Event* h : events_of(tx, "spell_attack_hit")) {
      CHECK(h->data["total"] == 7);
      CHECK(h->data["rolled"] == false);
    }
    CHECK(t.c(g).hp == 46);
    json events = json::array();
    for (const auto& e : tx.events) events.push_back(e);
    return std::make_pair(g, events);
  };
  RulesTable t1(3), t2(3);
  const auto [g, first] = run_old(t1);
  const auto second = run_old(t2).second;
  CHECK(first == second);  // the same seed, the same events: nothing of it changed
  // saved and loaded: the same state; undone and redone (its events replayed): the same
  Session back = io::load(io::save(t1.session));
  CHECK(to_j(back.state()) == to_j(t1.state()));
  const json now = to_j(t1.state());
  t1.session.undo();
  CHECK(t1.c(g).hp == 60);
  t1.session.redo();
  CHECK(to_j(t1.state()) == now);
}

TEST_CASE("spells: vampiric touch heals the caster half the necrotic damage dealt, after the target's resistance", "[rules][spells][spell_hits]") {
  RulesTable t(13);
  new_campaign(t);
  const std::string w = wizard(t, 9);
  REQUIRE(t.run(jobj{"type", "ApplyDamage", "target", w, "amount", 20}).events.size() > 0);
  const std::string o = t.monster("Ogre", 80, {{"ac", 11}});
  const std::string z = t.monster("Wight", 80, {{"ac", 11}, {"resistances", {"necrotic"}}});
  const std::string u = t.monster("Zombie", 80, {{"ac", 11}, {"immunities", {"necrotic"}}});
  CHECK(rules::find_spell("vampiric-touch")->drain == "half");
  // by data: the SRD's one spell of that shape
  int draining = 0;
  for (const auto& s : rules::spell_list())
    if (!s.drain.empty()) ++draining;
  CHECK(draining == 1);
  // 11 necrotic to the ogre: 5 back (rounded down)
  json c1 = cast(w, "vampiric-touch", {o}, {15}, 3);
  c1["totals"] = json::array({11});
  const Transaction& tx = t.run(c1);
  CHECK(t.c(o).hp == 69);
  CHECK(t.c(w).hp == 15);
  const auto drain = events_of(tx, "spell_drain");
  REQUIRE(drain.size() == 1);
  CHECK(drain[0]->data["damage"] == 11);
  CHECK(drain[0]->data["amount"] == 5);
  // 12 to a resistant wight deals 6: 3 back
  json c2 = cast(w, "vampiric-touch", {z}, {15}, 3);
  c2["totals"] = json::array({12});
  t.run(c2);
  CHECK(t.c(z).hp == 74);
  CHECK(t.c(w).hp == 18);
  // an immune zombie takes none: nothing back
  json c3 = cast(w, "vampiric-touch", {u}, {15}, 3);
  c3["totals"] = json::array({12});
  const Transaction& none = t.run(c3);
  CHECK(events_of(none, "spell_drain").empty());
  CHECK(t.c(w).hp == 18);
  // a miss (2 + 7 against AC 11) heals nothing; a 4th-level slot rolls 4d6
  json c4 = cast(w, "vampiric-touch", {o}, {2}, 4);
  const Transaction& missed = t.run(c4);
  CHECK(events_of(missed, "spell_drain").empty());
  CHECK(t.c(w).hp == 18);
  CHECK(t.c(o).hp == 69);
  // the app's roll: half of what it dealt comes back
  const Transaction& rolled = t.run(cast(w, "vampiric-touch", {o}, {15}, 4));
  const auto hit4 = events_of(rolled, "spell_attack_hit");
  REQUIRE(hit4.size() == 1);
  CHECK(hit4[0]->data["dice"] == "4d6");
  const int dealt = hit4[0]->data["total"].get<int>();
  CHECK(t.c(w).hp == std::min(30, 18 + dealt / 2));
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Elara regains 3 HP from Vampiric Touch: half the 6 damage dealt to Wight."));
  CHECK(has_line(cs, "Elara: kouzlo Upíří dotek vrací polovinu zranění, které utrpěl(a) Wight (6): životy +3."));
  CHECK(has_line(uk, "Elara: заклинання Вампірський дотик повертає половину шкоди, завданої Wight (6): хіти +3."));
}

TEST_CASE("spells: flame blade and arcane hand's fist are melee spell attacks - damage on a hit only", "[rules][spells][spell_hits]") {
  RulesTable t(14);
  new_campaign(t);
  const std::string d = t.pc("Vesna", 40, {{"level", 9}, {"class", "druid"}, {"abilities", {{"wis", 16}}}});
  const std::string g = t.monster("Ogre", 100, {{"ac", 13}});
  const rules::Spell& blade = *rules::find_spell("flame-blade");
  CHECK(blade.attack == "melee");
  CHECK(rules::spell_attack_count(blade, 2, 9) == 1);
  CHECK(rules::spell_dice(blade, 2, 9, 3) == "3d6");
  CHECK(rules::spell_dice(blade, 3, 9, 3) == "3d6");
  CHECK(rules::spell_dice(blade, 4, 9, 3) == "4d6");
  CHECK(rules::spell_dice(blade, 9, 9, 3) == "6d6");
  // +7 (proficiency 4, WIS +3): 5 + 7 = 12 misses AC 13
  const Transaction& miss = t.run(cast(d, "flame-blade", {g}, {5}, 2));
  CHECK(events_of(miss, "attack_rolled").size() == 1);
  CHECK(events_of(miss, "attack_rolled")[0]->data["bonus"] == 7);
  CHECK(events_of(miss, "spell_attack_hit").empty());
  CHECK(t.c(g).hp == 100);
  CHECK(rules::concentrating_on(t.c(d)) == "Flame Blade");
  // 6 + 7 = 13 hits: 3d6 fire
  const Transaction& hit = t.run(cast(d, "flame-blade", {g}, {6}, 2));
  const auto h = events_of(hit, "spell_attack_hit");
  REQUIRE(h.size() == 1);
  CHECK(h[0]->data["dice"] == "3d6");
  CHECK(h[0]->data["damage_type"] == "fire");
  const int dmg = h[0]->data["total"].get<int>();
  CHECK(dmg >= 3);
  CHECK(dmg <= 18);
  CHECK(t.c(g).hp == 100 - dmg);
  // Arcane Hand's Clenched Fist: 4d8 force at 5th, 2d8 more per slot level above
  const rules::Spell& hand = *rules::find_spell("arcane-hand");
  CHECK(hand.attack == "melee");
  CHECK(hand.damage_type == "force");
  CHECK(rules::spell_dice(hand, 5, 9, 3) == "4d8");
  CHECK(rules::spell_dice(hand, 7, 13, 3) == "8d8");
  const std::string w = t.pc("Mira", 40, {{"level", 9}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  json over = cast(w, "arcane-hand", {g}, {18}, 5);
  over["totals"] = json::array({33});  // 4d8 makes 32 at most
  REQUIRE_REFUSED(t.run(over), "rules.err.spell_total_range");
  json fist = cast(w, "arcane-hand", {g}, {18}, 5);
  fist["totals"] = json::array({30});
  const int before = t.c(g).hp;
  const Transaction& f = t.run(fist);
  REQUIRE(events_of(f, "spell_attack_hit").size() == 1);
  CHECK(t.c(g).hp == before - 30);
  CHECK(has_line(t.session.log_lines(Lang::en), "Mira's Arcane Hand hits Ogre: 30 damage (force), rolled at the table."));
}

TEST_CASE("spells: contagion and ray of enfeeblement ask no save at the hit - the save comes at the end of the target's turns", "[rules][spells][spell_hits]") {
  RulesTable t(15);
  new_campaign(t);
  const std::string c = t.pc("Vesna", 40, {{"level", 13}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  const std::string w = t.pc("Mira", 40, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  const std::string g = t.monster("Ogre", 100, {{"ac", 13}});
  // a miss (2 + 8 against AC 13): nothing
  const Transaction& miss = t.run(cast(c, "contagion", {g}, {2}, 5));
  CHECK(events_of(miss, "spell_hit_lingers").empty());
  CHECK(prompt_count(t.state(), "spells.save") == 0);
  // a hit: no prompt now, the log says what it does and when the save comes
  const Transaction& hit = t.run(cast(c, "contagion", {g}, {15}, 5));
  CHECK(prompt_count(t.state(), "spells.save") == 0);
  const auto l = events_of(hit, "spell_hit_lingers");
  REQUIRE(l.size() == 1);
  CHECK(l[0]->data["target"] == g);
  CHECK(l[0]->data["repeat"] == "three");
  CHECK(l[0]->data["effect"] == "disease");
  CHECK(l[0]->data["dc"] == 16);
  const Transaction& ray = t.run(cast(w, "ray-of-enfeeblement", {g}, {15}, 2));
  CHECK(prompt_count(t.state(), "spells.save") == 0);
  REQUIRE(events_of(ray, "spell_hit_lingers").size() == 1);
  CHECK(events_of(ray, "spell_hit_lingers")[0]->data["repeat"] == "one");
  CHECK(rules::concentrating_on(t.c(w)) == "Ray of Enfeeblement");
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Vesna's Contagion hits Ogre: a disease of the caster's choice. Ogre makes a CON save (DC 16) at the end of each of its turns, not now: three successes end the spell"));
  CHECK(has_line(en, "Mira's Ray of Enfeeblement hits Ogre: its weapon attacks that use Strength deal only half damage. Ogre makes a CON save (DC 14) at the end of each of its turns, not now: a success ends the spell."));
  CHECK(has_line(cs, "Nákaza (Vesna) zasahuje Ogre: nemoc podle volby sesílatele. Ogre si hází záchranný hod na Odolnost (SO 16) na konci každého svého tahu"));
  CHECK(has_line(uk, "Зараза (Vesna) влучає в Ogre: хвороба на вибір заклинателя. Ogre робить рятівний кидок Статури (СК 16) наприкінці кожного свого ходу"));
}

TEST_CASE("spells: contagion's disease of her choice is kept by the diseases rule - poisoned, its saves on the target's turns", "[rules][spells][spell_hits]") {
  RulesTable t(16);
  new_campaign(t, {{"rules", {{"diseases", true}}}});
  const std::string c = t.pc("Vesna", 40, {{"level", 13}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  const std::string g = t.monster("Ogre", 100, {{"ac", 13}});
  // only a spell that gives a disease takes one, and only one of the spell's diseases
  REQUIRE_REFUSED(t.run([&] { json j = cast(c, "contagion", {g}, {15}, 5); j["disease"] = "cackle-fever"; return j; }()),
                  "rules.err.spell_disease");
  REQUIRE_REFUSED(t.run([&] { json j = cast(c, "guiding-bolt", {g}, {15}, 1); j["disease"] = "slimy-doom"; return j; }()),
                  "rules.err.spell_disease");
  json cmd = cast(c, "contagion", {g}, {15}, 5);
  cmd["disease"] = "slimy-doom";
  const Transaction& tx = t.run(cmd);
  CHECK(prompt_count(t.state(), "spells.save") == 0);
  const auto sick = rules::infections_of(t.c(g));
  REQUIRE(sick.size() == 1);
  CHECK(sick[0].disease == "slimy-doom");
  CHECK(sick[0].dc == 16);
  CHECK(sick[0].source == "Contagion");
  CHECK(condition_of(t.c(g), "poisoned", "disease:slimy-doom") != nullptr);
  CHECK(events_of(tx, "spell_hit_lingers").size() == 1);
  // its saves then go through the diseases rule: three successes cure it
  for (int k = 0; k < 3; ++k) t.run(jobj{"type", "RecordDiseaseSave", "target", g, "disease", "slimy-doom", "success", true});
  CHECK(rules::infections_of(t.c(g)).empty());
  // with the diseases rule off the hit is logged only
  RulesTable off(17);
  new_campaign(off);
  const std::string c2 = off.pc("Vesna", 40, {{"level", 13}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  const std::string g2 = off.monster("Ogre", 100, {{"ac", 13}});
  json cmd2 = cast(c2, "contagion", {g2}, {15}, 5);
  cmd2["disease"] = "slimy-doom";
  const Transaction& tx2 = off.run(cmd2);
  CHECK(events_of(tx2, "spell_hit_lingers").size() == 1);
  CHECK(rules::infections_of(off.c(g2)).empty());
}
