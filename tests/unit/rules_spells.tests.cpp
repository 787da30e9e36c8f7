// Rule "spells" (src/core/rules/spells/): the SRD spell list and its search, dice by slot level (upcasting),
// CastSpell (the slot spent, the dice rolled, the targets healed or their saves asked at the caster's DC,
// concentration started), refusals, undo, the log in three languages and the CLI.
#include "../support/cli.hpp"
#include "core/rules/concentration/concentration.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/spells/spells.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

bool has_line(const std::vector<std::string>& lines, const std::string& prefix) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(prefix) != std::string::npos; });
}

std::vector<std::string> ids(const std::vector<const rules::Spell*>& list) {
  std::vector<std::string> out;
  for (const auto* s : list) out.push_back(s->id);
  return out;
}

}  // namespace

TEST_CASE("spells: the 319 SRD spells, named in cs, uk and en", "[rules][spells]") {
  const auto& list = rules::spell_list();
  CHECK(list.size() == 319);
  for (const auto& s : list) {
    INFO(s.id);
    CHECK(!s.name.at("cs").empty());
    CHECK(!s.name.at("uk").empty());
    CHECK(s.level >= 0);
    CHECK(s.level <= 9);
    CHECK(!s.classes.empty());
  }
  const rules::Spell* f = rules::find_spell("fireball");
  REQUIRE(f);
  CHECK(f->name_in(Lang::cs) == "Ohnivá koule");
  CHECK(f->name_in(Lang::uk) == "Вогняна куля");
  CHECK(f->level == 3);
  CHECK(f->school == "evocation");
  CHECK(f->save == "dex");
  CHECK(f->on_save == "half");
  CHECK(f->damage_type == "fire");
  CHECK_FALSE(f->concentration);
  CHECK(rules::find_spell("OHNIVA KOULE") == f);
  CHECK(rules::find_spell("вогняна куля") == f);
  CHECK(rules::find_spell("Fireball") == f);
  CHECK(rules::find_spell("no such spell") == nullptr);
  CHECK(rules::spell_casting_time_text(*f, Lang::en) == "1 action");
  CHECK(rules::spell_range_text(*f, Lang::cs) == "150 stop");
  CHECK(rules::spell_duration_text(*rules::find_spell("bless"), Lang::en) == "Concentration, up to 1 min");
}

TEST_CASE("spells: search by name in cs/uk/en, level, class, school, concentration, ritual", "[rules][spells]") {
  CHECK(ids(rules::search_spells("ohnivá", Lang::cs)).front() == "fire-bolt");  // "Ohnivá střela" < "Ohnivá koule"? both start
  const auto cs = ids(rules::search_spells("ohniva koule", Lang::cs));
  CHECK(cs.front() == "fireball");
  CHECK(std::find(cs.begin(), cs.end(), "delayed-blast-fireball") != cs.end());
  CHECK(ids(rules::search_spells("лікування ран", Lang::uk)).front() == "cure-wounds");
  CHECK(ids(rules::search_spells("cure wounds", Lang::uk)).front() == "cure-wounds");  // English in any language
  CHECK(rules::search_spells("", Lang::en).size() == 319);
  rules::SpellFilter f;
  f.level = 3;
  f.cls = "wizard";
  f.school = "evocation";
  const auto evo3 = ids(rules::search_spells("", Lang::en, f));
  CHECK(evo3 == std::vector<std::string>{"fireball", "lightning-bolt", "sending", "tiny-hut"});
  rules::SpellFilter rit;
  rit.ritual = true;
  for (const auto* s : rules::search_spells("", Lang::en, rit)) CHECK(s->ritual);
  CHECK(rules::search_spells("", Lang::en, rit).size() > 10);
  rules::SpellFilter conc;
  conc.concentration = true;
  conc.level = 1;
  const auto c1 = ids(rules::search_spells("", Lang::en, conc));
  CHECK(std::find(c1.begin(), c1.end(), "bless") != c1.end());
  CHECK(std::find(c1.begin(), c1.end(), "magic-missile") == c1.end());
}

TEST_CASE("spells: dice at each slot level (upcasting), cantrips by character level, MOD", "[rules][spells]") {
  const rules::Spell& fb = *rules::find_spell("fireball");
  CHECK(rules::spell_dice(fb, 3, 5, 3) == "8d6");
  CHECK(rules::spell_dice(fb, 4, 5, 3) == "9d6");
  CHECK(rules::spell_dice(fb, 9, 5, 3) == "14d6");
  CHECK(rules::spell_dice(fb, 2, 5, 3).empty());
  const rules::Spell& cw = *rules::find_spell("cure-wounds");
  CHECK(rules::spell_dice(cw, 1, 5, 3) == "1d8+3");
  CHECK(rules::spell_dice(cw, 2, 5, 3) == "2d8+3");
  CHECK(rules::spell_dice(cw, 2, 5, -1) == "2d8-1");
  CHECK(rules::spell_dice(cw, 2, 5, 0) == "2d8");
  const rules::Spell& bolt = *rules::find_spell("fire-bolt");
  CHECK(rules::spell_dice(bolt, 1, 1, 0) == "1d10");
  CHECK(rules::spell_dice(bolt, 1, 4, 0) == "1d10");
  CHECK(rules::spell_dice(bolt, 1, 5, 0) == "2d10");
  CHECK(rules::spell_dice(bolt, 1, 17, 0) == "4d10");
  CHECK(rules::spell_dice(*rules::find_spell("magic-missile"), 2, 5, 0) == "4d4+4");
  CHECK(rules::spell_dice(*rules::find_spell("bless"), 1, 5, 3).empty());
}

TEST_CASE("spells: a cleric casts cure wounds at 2nd level on the fighter", "[rules][spells]") {
  RulesTable t(11);
  new_campaign(t);
  const std::string cleric = t.pc("Vesna", 30, {{"level", 5}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  const std::string fighter = t.pc("Bors", 40, {{"level", 5}, {"class", "fighter"}});
  t.run({{"type", "ApplyDamage"}, {"target", fighter}, {"amount", 30}});
  const Transaction& tx = t.run({{"type", "CastSpell"}, {"caster", cleric}, {"spell", "cure-wounds"}, {"level", 2}, {"targets", {fighter}}});
  REQUIRE(count_events(tx, "spell_cast") == 1);
  const json& d = tx.events.front().data;
  CHECK(d["slot"] == "slot");
  CHECK(d["dice"] == "2d8+3");
  const int healed = d["total"].get<int>();
  CHECK(healed >= 5);
  CHECK(healed <= 19);
  CHECK(t.c(fighter).hp == 10 + healed);
  CHECK(rules::slots_view(t.state(), t.c(cleric)).left[1] == 2);
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Vesna casts Cure Wounds (2nd level slot): heals "));
  CHECK(has_line(cs, "Vesna sesílá kouzlo Léčení zranění (pozice: 2. úroveň): léčí "));
  CHECK(has_line(uk, "Vesna творить заклинання Лікування ран (комірка: 2-й рівень): лікує "));
  t.session.undo();  // one step: the slot and the healing
  CHECK(t.c(fighter).hp == 10);
  CHECK(rules::slots_view(t.state(), t.c(cleric)).left[1] == 3);
}

TEST_CASE("spells: a wizard casts fireball at three goblins, who save against her DC", "[rules][spells]") {
  RulesTable t(5);
  new_campaign(t);
  const std::string w = t.pc("Elara", 30, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 3}});
  std::vector<std::string> goblins;
  for (const auto& x : t.state().creatures)
    if (x.kind == "monster") goblins.push_back(x.id);
  const Transaction& tx = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}, {"level", 3}, {"targets", goblins}});
  const json& d = tx.events.front().data;
  CHECK(d["dc"] == 14);
  CHECK(d["save"] == "dex");
  CHECK(d["dice"] == "8d6");
  CHECK(count_events(tx, "group_damage") == 1);
  // each goblin is asked its DEX save at DC 14 (the monsters' auto-rolls are a switch of their own, off here)
  REQUIRE(prompt_count(t.state(), "group.save_for_damage") == 3);
  for (const auto* p : prompts_of(t.state(), "group.save_for_damage")) {
    CHECK(p->data["dc"] == 14);
    CHECK(p->data["ability"] == "dex");
    CHECK(p->data["amount"] == d["total"]);
  }
  const std::string first = prompts_of(t.state(), "group.save_for_damage").front()->id;
  t.run({{"type", "ResolvePrompt"}, {"prompt", first}, {"roll", 20}});  // saved: half
  const Creature& g1 = *find_creature(t.state(), prompts_of(t.state(), "group.save_for_damage").empty() ? goblins[0] : goblins[0]);
  CHECK(g1.hp == std::max(0, 7 - d["total"].get<int>() / 2));
  CHECK(rules::slots_view(t.state(), t.c(w)).left[2] == 1);
  // upcast at 4th level: a 5th-level wizard has no such slot; the 3rd-level slots run out
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}, {"level", 4}}), "rules.err.spell_level_unavailable");
  t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}});
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}}), "rules.err.spell_no_slot_left");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}, {"level", 2}}), "rules.err.spell_level_too_low");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fire-bolt"}, {"level", 1}}), "rules.err.spell_level_too_low");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fireball"}, {"ritual", true}}), "rules.err.spell_not_ritual");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "wingardium"}}), "rules.err.spell_unknown");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "magic-missile"}, {"targets", {"nobody"}}}), "campaign.err.no_creature");
  // a cantrip takes no slot; a ritual takes none either
  const Transaction& c = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "fire-bolt"}});
  CHECK_FALSE(c.events.front().data.contains("slot"));
  CHECK(c.events.front().data["dice"] == "2d10");
  CHECK(c.events.front().data["attack"] == 6);
  const Transaction& r = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "detect-magic"}, {"ritual", true}});
  CHECK_FALSE(r.events.front().data.contains("slot"));
  CHECK(rules::slots_view(t.state(), t.c(w)).left[0] == 4);
}

TEST_CASE("spells: a spell with a save and no damage asks the saves - concentration starts", "[rules][spells]") {
  RulesTable t(3);
  new_campaign(t, {{"language", "cs"}});
  const std::string w = t.pc("Elara", 30, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  const std::string o = t.monster("Ork", 15, {{"abilities", {{"wis", 12}}}});
  t.run({{"type", "StartConcentration"}, {"target", w}, {"spell", "Požehnání"}});
  const Transaction& tx = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "hold-person"}, {"targets", {o}}});
  REQUIRE(prompt_count(t.state(), "spells.save") == 1);
  const Prompt& p = *prompts_of(t.state(), "spells.save").front();
  CHECK(p.creature == o);
  CHECK(p.data["dc"] == 14);
  CHECK(p.data["ability"] == "wis");
  CHECK(p.data["dice"] == "1d20+1");
  CHECK(p.data["spell"]["cs"] == "Znehybnění osoby");
  CHECK(p.data["save_text"]["uk"] == "рятівний кидок Мудрості");
  CHECK(rules::concentrating_on(t.c(w)) == "Znehybnění osoby");
  CHECK(count_events(tx, "concentration_started") == 1);
  CHECK(tx.events.back().data["previous"] == "Požehnání");
  t.run({{"type", "ResolvePrompt"}, {"prompt", p.id}, {"roll", 9}});
  CHECK(prompt_count(t.state(), "spells.save") == 0);
  // magic missile: no save, no attack roll — the damage lands
  const Transaction& mm = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "magic-missile"}, {"targets", {o}}, {"total", 9}});
  CHECK(mm.events.front().data["total"] == 9);
  CHECK(t.c(o).hp == 6);
}

TEST_CASE("spells: the total rolled at the table is the cast's, and the log says it was the table's", "[rules][spells]") {
  RulesTable t(11);
  new_campaign(t);
  const std::string cleric = t.pc("Vesna", 30, {{"level", 5}, {"class", "cleric"}, {"abilities", {{"wis", 16}}}});
  const std::string w = t.pc("Elara", 30, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  const std::string o = t.monster("Ork", 40);
  t.run({{"type", "ApplyDamage"}, {"target", cleric}, {"amount", 20}});
  const Transaction& heal = t.run({{"type", "CastSpell"}, {"caster", cleric}, {"spell", "cure-wounds"}, {"level", 2}, {"targets", {cleric}}, {"total", 14}});
  CHECK(heal.events.front().data["rolled"] == false);
  CHECK(heal.events.front().data["total"] == 14);
  CHECK(t.c(cleric).hp == 24);
  const Transaction& mm = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "magic-missile"}, {"targets", {o}}, {"total", 11}});
  CHECK(mm.events.front().data["rolled"] == false);
  CHECK(t.c(o).hp == 29);
  const Transaction& app = t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", "magic-missile"}, {"targets", {o}}});
  CHECK_FALSE(app.events.front().data.contains("rolled"));  // the app's roll: its dice in the text, as before
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Vesna casts Cure Wounds (2nd level slot): heals 14, rolled at the table."));
  CHECK(has_line(cs, "Vesna sesílá kouzlo Léčení zranění (pozice: 2. úroveň): léčí 14, hozeno u stolu."));
  CHECK(has_line(uk, "Vesna творить заклинання Лікування ран (комірка: 2-й рівень): лікує 14, кинуто за столом."));
  CHECK(has_line(en, "Elara casts Magic Missile (1st level slot): 11 damage (force), rolled at the table."));
  CHECK(std::count_if(en.begin(), en.end(), [](const std::string& l) { return l.find("rolled at the table") != std::string::npos; }) == 2);
}

TEST_CASE("spells: her own list (PrepareSpell) and the spells she cast last, newest first", "[rules][spells]") {
  RulesTable t(4);
  new_campaign(t);
  const std::string w = t.pc("Elara", 30, {{"level", 5}, {"class", "wizard"}, {"abilities", {{"int", 16}}}});
  CHECK(rules::prepared_spells(t.c(w)).empty());
  CHECK(rules::recent_spells(t.c(w)).empty());
  t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "fireball"}});
  t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "Štít"}});  // by name, in any language
  CHECK(rules::prepared_spells(t.c(w)) == std::vector<std::string>{"fireball", "shield"});
  REQUIRE_REFUSED(t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "fireball"}}), "rules.err.spell_already_on_list");
  REQUIRE_REFUSED(t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "bless"}, {"prepared", false}}), "rules.err.spell_not_on_list");
  REQUIRE_REFUSED(t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "wingardium"}}), "rules.err.spell_unknown");
  t.run({{"type", "PrepareSpell"}, {"target", w}, {"spell", "fireball"}, {"prepared", false}});
  CHECK(rules::prepared_spells(t.c(w)) == std::vector<std::string>{"shield"});
  CHECK(has_line(t.session.log_lines(Lang::en), "Elara takes Fireball off her spells."));
  CHECK(has_line(t.session.log_lines(Lang::uk), "Elara прибирає зі своїх заклинань: Вогняна куля."));
  t.session.undo();
  CHECK(rules::prepared_spells(t.c(w)) == std::vector<std::string>{"fireball", "shield"});
  for (const char* id : {"fire-bolt", "magic-missile", "fire-bolt", "shield", "mage-hand", "light"})
    t.run({{"type", "CastSpell"}, {"caster", w}, {"spell", id}});
  CHECK(rules::recent_spells(t.c(w)) == std::vector<std::string>{"light", "mage-hand", "shield", "fire-bolt"});
  t.session.undo();
  CHECK(rules::recent_spells(t.c(w)) == std::vector<std::string>{"mage-hand", "shield", "fire-bolt", "magic-missile"});
  const auto en = t.session.log_lines(Lang::en), cs = t.session.log_lines(Lang::cs), uk = t.session.log_lines(Lang::uk);
  CHECK(has_line(en, "Elara adds Shield to her spells."));
  CHECK(has_line(cs, "Elara si přidává kouzlo Štít mezi svá kouzla."));
  CHECK(has_line(uk, "Elara додає до своїх заклинань: Щит."));
  // the data is checked like any field: a spell that is not in the list is refused in a save
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", w},
                         {"patch", {{"modules", {{"spells", {{"prepared", {"wingardium"}}}}}}}}}),
                  "state.err.bad_value");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", w},
                         {"patch", {{"modules", {{"spells", {{"recent", {"light", "light", "light", "light", "light"}}}}}}}}}),
                  "state.err.out_of_range");
}

TEST_CASE("spells: a warlock casts with a pact slot, at its level", "[rules][spells]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string k = t.pc("Oleh", 30, {{"level", 5}, {"class", "warlock"}, {"abilities", {{"cha", 16}}}});
  const Transaction& tx = t.run({{"type", "CastSpell"}, {"caster", k}, {"spell", "hellish-rebuke"}, {"level", 3}});
  CHECK(tx.events.front().data["slot"] == "pact");
  CHECK(tx.events.front().data["dice"] == "4d10");
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", k}, {"spell", "hellish-rebuke"}, {"level", 1}}), "rules.err.spell_level_unavailable");
  t.run({{"type", "CastSpell"}, {"caster", k}, {"spell", "hellish-rebuke"}, {"level", 3}});
  REQUIRE_REFUSED(t.run({{"type", "CastSpell"}, {"caster", k}, {"spell", "hellish-rebuke"}, {"level", 3}}), "rules.err.spell_no_slot_left");
  t.run({{"type", "ShortRest"}});
  t.run({{"type", "CastSpell"}, {"caster", k}, {"spell", "hellish-rebuke"}, {"level", 3}});
  CHECK(rules::slots_view(t.state(), t.c(k)).pact_left == 1);
}

TEST_CASE("spells: the CLI", "[rules][spells][cli]") {
  const json fb = cli_json("spell fireball");
  CHECK(fb["level"] == 3);
  CHECK(fb["school"] == "evocation");
  CHECK(fb["components"] == "VSM");
  CHECK(fb["save"]["ability"] == "dex");
  CHECK(fb["damage_at_slot_level"]["4"] == "9d6");
  CHECK(cli_json("--lang cs spell fireball")["name"] == "Ohnivá koule");
  const json found = cli_json("--lang cs spells ohnivá koule");
  REQUIRE(!found.empty());
  CHECK(found[0]["id"] == "fireball");
  CHECK(cli_json("spells").size() == 319);
  CHECK(cli_json("spells --level 9 --class wizard").size() > 5);
  CHECK(cli("spell wingardium").code == 2);
  CHECK(cli("spells --level 10").code == 2);
  CHECK(cli("--lang cs spells ohnivá").out.find("Ohnivá koule") != std::string::npos);
}
