// Rule "spells" (src/core/rules/spells/): spells that make spell attacks (CastSpell through the attack rule's
// AttackRoll: the caster's spell attack bonus against each target's AC, the damage only on a hit, doubled dice on a
// critical hit, several rays or beams as several attacks, the damage through the base's damage path), and the
// number of spells a caster prepares or knows (PrepareSpell refuses one more unless over_limit; the calculator
// spells-prepared).
#include "../support/cli.hpp"
#include "core/json_obj.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/spells/spells.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

const Event* first_event(const Transaction& tx, const std::string& type) {
  for (const auto& e : tx.events)
    if (e.type == type) return &e;
  return nullptr;
}

// A 5th-level wizard with INT 16: spell attack +6 (proficiency 3 + 3), DC 14.
std::string wizard(Table& t) {
  return t.pc("Elara", 30, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
}

json cast(const std::string& caster, const std::string& spell, std::vector<std::string> targets, std::vector<int> rolls) {
  return jobj{"type", "CastSpell", "caster", caster, "spell", spell, "targets", targets, "attack_rolls", rolls};
}

}  // namespace

TEST_CASE("spells: the attack spells and how many attacks they make", "[rules][spells][spell_attack]") {
  CHECK(rules::find_spell("fire-bolt")->attack == "ranged");
  CHECK(rules::find_spell("inflict-wounds")->attack == "melee");
  CHECK(rules::find_spell("scorching-ray")->attack == "ranged");
  CHECK(rules::find_spell("fireball")->attack.empty());
  const rules::Spell& ray = *rules::find_spell("scorching-ray");
  CHECK(rules::spell_attack_count(ray, 2, 5) == 3);
  CHECK(rules::spell_attack_count(ray, 3, 5) == 4);
  CHECK(rules::spell_attack_count(ray, 9, 17) == 10);
  CHECK(rules::spell_dice(ray, 3, 5, 3) == "2d6");  // each ray's
  const rules::Spell& blast = *rules::find_spell("eldritch-blast");
  CHECK(rules::spell_attack_count(blast, 1, 1) == 1);
  CHECK(rules::spell_attack_count(blast, 1, 5) == 2);
  CHECK(rules::spell_attack_count(blast, 1, 11) == 3);
  CHECK(rules::spell_attack_count(blast, 1, 20) == 4);
  CHECK(rules::spell_attack_count(*rules::find_spell("fire-bolt"), 1, 17) == 1);
  CHECK(rules::spell_attack_count(*rules::find_spell("fireball"), 3, 5) == 0);
  CHECK(rules::critical_dice("2d10") == "4d10");
  CHECK(rules::critical_dice("1d8+3") == "2d8+3");
  CHECK(rules::critical_dice("10d6+40") == "20d6+40");
  CHECK(rules::critical_dice("4d4-1") == "8d4-1");
}

TEST_CASE("spells: a fire bolt at level 5 rolls 2d10 only on a hit, a natural 20 doubles the dice", "[rules][spells][spell_attack]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string w = wizard(t);
  const std::string g = t.monster("Ogre", 200, {{"ac", 15}});
  // 8 + 6 = 14 against AC 15: a miss, no damage rolled
  const Transaction& miss = t.run(cast(w, "fire-bolt", {g}, {8}));
  REQUIRE(count_events(miss, "attack_rolled") == 1);
  const Event* a = first_event(miss, "attack_rolled");
  CHECK(a->data["bonus"] == 6);
  CHECK(a->data["total"] == 14);
  CHECK(a->data["hit"] == false);
  CHECK(count_events(miss, "spell_attack_hit") == 0);
  CHECK_FALSE(first_event(miss, "spell_cast")->data.contains("total"));
  CHECK(t.c(g).hp == 200);
  const auto missed = rules::spell_attacks(miss.events);
  REQUIRE(missed.size() == 1);
  CHECK_FALSE(missed[0].attack.hit);
  CHECK(missed[0].damage == -1);
  // 9 + 6 = 15: a hit, 2d10 fire
  const Transaction& hit = t.run(cast(w, "fire-bolt", {g}, {9}));
  const Event* h = first_event(hit, "spell_attack_hit");
  REQUIRE(h);
  CHECK(h->data["dice"] == "2d10");
  CHECK(h->data["target"] == g);
  CHECK(h->data["damage_type"] == "fire");
  const int dmg = h->data["total"].get<int>();
  CHECK(dmg >= 2);
  CHECK(dmg <= 20);
  CHECK(t.c(g).hp == 200 - dmg);
  const auto typed = rules::spell_attacks(hit.events);
  REQUIRE(typed.size() == 1);
  CHECK(typed[0].attack.hit);
  CHECK_FALSE(typed[0].attack.critical);
  CHECK(typed[0].damage == dmg);
  CHECK(typed[0].dice == "2d10");
  // a natural 20: a critical hit, 4d10
  const int before = t.c(g).hp;
  const Transaction& crit = t.run(cast(w, "fire-bolt", {g}, {20}));
  const Event* c = first_event(crit, "spell_attack_hit");
  REQUIRE(c);
  CHECK(c->data["dice"] == "4d10");
  CHECK(c->data["critical"] == true);
  CHECK(c->data["total"].get<int>() >= 4);
  CHECK(t.c(g).hp == before - c->data["total"].get<int>());
  // a natural 1 misses whatever the total
  const std::string low = t.monster("Slime", 50, {{"ac", 1}});
  const Transaction& one = t.run(cast(w, "fire-bolt", {low}, {1}));
  CHECK(count_events(one, "spell_attack_hit") == 0);
  CHECK(t.c(low).hp == 50);
  // the app's d20 when none is entered, through the injected RNG: hit or miss as its total says
  const Transaction& app = t.run(jobj{"type", "CastSpell", "caster", w, "spell", "fire-bolt", "targets", json::array({g})});
  const Event* r = first_event(app, "attack_rolled");
  REQUIRE(r);
  CHECK(r->data["rolled"] == true);
  CHECK(count_events(app, "spell_attack_hit") == (r->data["hit"].get<bool>() ? 1 : 0));
  // the log in three languages
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Elara's Fire Bolt hits Ogre: 2d10"));
  CHECK(has_line(en, "Elara's Fire Bolt hits Ogre critically (dice doubled): 4d10"));
  CHECK(has_line(en, "Elara attacks Ogre: d20 8 +6 = 14, miss (AC 15)."));
  CHECK(has_line(cs, "Ohnivá střela (Elara) zasahuje Ogre: 2k10"));
  CHECK(has_line(uk, "Вогняний снаряд (Elara) критично влучає в Ogre (кубики подвоєно): 4к10"));
}

TEST_CASE("spells: scorching ray at 3rd level is 4 rays, each its own attack, dealt to the targets in turn", "[rules][spells][spell_attack]") {
  RulesTable t(9);
  new_campaign(t);
  const std::string w = wizard(t);
  const std::string a = t.monster("Orc A", 100, {{"ac", 13}});
  const std::string b = t.monster("Orc B", 100, {{"ac", 13}, {"resistances", {"fire"}}});
  json cmd = cast(w, "scorching-ray", {a, b}, {20, 2, 10, 7});
  cmd["level"] = 3;
  const Transaction& tx = t.run(cmd);
  std::vector<std::string> targets;
  for (const auto& e : tx.events)
    if (e.type == "attack_rolled") targets.push_back(e.data["target"].get<std::string>());
  CHECK(targets == std::vector<std::string>{a, b, a, b});
  const auto attacks = rules::spell_attacks(tx.events);
  REQUIRE(attacks.size() == 4);
  CHECK(attacks[0].attack.critical);
  CHECK(attacks[0].dice == "4d6");
  CHECK_FALSE(attacks[1].attack.hit);  // 2 + 6 = 8 against 13
  CHECK(attacks[2].attack.hit);        // 10 + 6 = 16
  CHECK(attacks[2].dice == "2d6");
  CHECK(attacks[3].attack.hit);        // 7 + 6 = 13: the AC met
  CHECK(t.c(a).hp == 100 - attacks[0].damage - attacks[2].damage);
  CHECK(t.c(b).hp == 100 - attacks[3].damage / 2);  // resistant to fire: the damage path halves it
  CHECK(rules::slots_view(t.state(), t.c(w)).left[2] == 1);
  // one step undone: the slot, the attacks and the damage
  t.session.undo();
  CHECK(t.c(a).hp == 100);
  CHECK(t.c(b).hp == 100);
  CHECK(rules::slots_view(t.state(), t.c(w)).left[2] == 2);
  // one creature named once takes every ray; more targets than rays, or a wrong number of d20s, is refused
  json all = cast(w, "scorching-ray", {a}, {15, 15, 15});
  const Transaction& three = t.run(all);
  CHECK(count_events(three, "spell_attack_hit") == 3);
  const std::string c = t.monster("Orc C", 100, {{"ac", 13}});
  REQUIRE_REFUSED(t.run(cast(w, "scorching-ray", {a, b, c, a}, {})), "rules.err.spell_attack_targets");
  REQUIRE_REFUSED(t.run(cast(w, "scorching-ray", {a}, {15, 15})), "rules.err.spell_attack_rolls");
  REQUIRE_REFUSED(t.run(cast(w, "fire-bolt", {a, b}, {})), "rules.err.spell_attack_targets");
  REQUIRE_REFUSED(t.run(cast(w, "magic-missile", {a}, {15})), "rules.err.spell_no_attack");
  // advantage: two d20s per attack, the higher kept
  json adv = cast(w, "fire-bolt", {c}, {2, 19});
  adv["advantage"] = true;
  const Transaction& av = t.run(adv);
  CHECK(first_event(av, "attack_rolled")->data["kept"] == 19);
  CHECK(count_events(av, "spell_attack_hit") == 1);
  json one_die = adv;
  one_die["attack_rolls"] = json::array({19});
  REQUIRE_REFUSED(t.run(one_die), "rules.err.spell_attack_rolls");
}

TEST_CASE("spells: eldritch blast at level 5 makes two beam attacks - damage entered at the table", "[rules][spells][spell_attack]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string k = t.pc("Oleh", 30, {{"level", 5}, {"class", "warlock"}, {"abilities", {{"cha", 16}}}});
  const std::string g = t.monster("Ogre", 60, {{"ac", 11}});
  json cmd = cast(k, "eldritch-blast", {g}, {12, 14});
  cmd["total"] = 7;
  const Transaction& tx = t.run(cmd);
  CHECK(count_events(tx, "attack_rolled") == 2);
  CHECK(count_events(tx, "spell_attack_hit") == 2);
  CHECK(first_event(tx, "spell_attack_hit")->data["rolled"] == false);
  CHECK(t.c(g).hp == 46);
  CHECK(has_line(t.session.log_lines(Lang::en), "Oleh's Eldritch Blast hits Ogre: 7 damage (force), rolled at the table."));
}

TEST_CASE("spells: a spell attack is rolled even with the attack helper's rule off", "[rules][spells][spell_attack]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"attack-roll", false}}}});
  const std::string w = wizard(t);
  const std::string g = t.monster("Ogre", 60, {{"ac", 11}});
  const Transaction& tx = t.run(cast(w, "fire-bolt", {g}, {10}));
  CHECK(count_events(tx, "attack_rolled") == 1);
  CHECK(count_events(tx, "spell_attack_hit") == 1);
  CHECK(t.c(g).hp < 60);
}

TEST_CASE("spells: a 5th-level cleric with WIS 16 prepares 8 spells, the 9th is refused unless the DM allows it", "[rules][spells][prepared]") {
  RulesTable t(2);
  new_campaign(t);
  const std::string c = t.pc("Vesna", 30, {{"level", 5}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  for (const char* id : {"bless", "cure-wounds", "guiding-bolt", "healing-word", "shield-of-faith", "spiritual-weapon",
                         "aid", "revivify"})
    t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", id}});
  rules::SpellListCount n = rules::spell_list_count(t.state(), t.c(c));
  CHECK(n.spells == 8);
  CHECK(n.spells_max == 8);
  CHECK(n.prepares);
  CHECK(n.cantrips_max == 4);
  REQUIRE_REFUSED(t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", "bane"}}), "rules.err.spells_prepared_full");
  // cantrips count apart
  for (const char* id : {"sacred-flame", "light", "guidance", "thaumaturgy"})
    t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", id}});
  REQUIRE_REFUSED(t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", "spare-the-dying"}}), "rules.err.cantrips_known_full");
  // the DM allows one more: over_limit
  t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", "bane"}, {"over_limit", true}});
  n = rules::spell_list_count(t.state(), t.c(c));
  CHECK(n.spells == 9);
  CHECK(n.cantrips == 4);
  // taking one off is never refused
  t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", "bane"}, {"prepared", false}});
  CHECK(rules::spell_list_count(t.state(), t.c(c)).spells == 8);
  // the refusal in the user's language
  std::string cs;
  try {
    t.run({{"type", "PrepareSpell"}, {"target", c}, {"spell", "bane"}});
  } catch (const UserError& e) {
    cs = e.message(Lang::cs);
  }
  CHECK(cs.find("Vesna má připraveno tolik kouzel, kolik jí povolání a úroveň dovolují (8)") != std::string::npos);
  // a known caster: a 5th-level sorcerer knows 6 spells; a paladin prepares half the level + CHA
  const std::string s = t.pc("Mira", 30, {{"level", 5}, {"class", "sorcerer"}, {"abilities", {{"cha", 16}}}});
  n = rules::spell_list_count(t.state(), t.c(s));
  CHECK(n.spells_max == 6);
  CHECK_FALSE(n.prepares);
  CHECK(n.cantrips_max == 5);
  const std::string p = t.pc("Bors", 40, {{"level", 5}, {"class", "paladin"}, {"abilities", {{"cha", 14}}}});
  CHECK(rules::spell_list_count(t.state(), t.c(p)).spells_max == 4);
  // a monster or a creature without a class is not counted
  const std::string m = t.monster("Mage", 40);
  CHECK(rules::spell_list_count(t.state(), t.c(m)).spells_max == 0);
}

TEST_CASE("spells: the calculator spells-prepared", "[rules][spells][prepared][cli]") {
  CHECK(cli_json("rule spells-prepared --class cleric --level 5 --ability-score 16") == json{{"prepared", 8}, {"cantrips", 4}});
  CHECK(cli_json("rule spells-prepared --class paladin --level 5 --ability-score 14") == json{{"prepared", 4}});
  CHECK(cli_json("rule spells-prepared --class paladin --level 1 --ability-score 8") == json{{"prepared", 1}});
  CHECK(cli_json("rule spells-prepared --class bard --level 5") == json{{"known", 8}, {"cantrips", 3}});
  CHECK(cli("rule spells-prepared --class cleric --level 5").code == 2);
  CHECK(cli("rule spells-prepared --class fighter --level 5").code == 2);
}
