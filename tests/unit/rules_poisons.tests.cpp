// DM rule "poisons": the fourteen SRD poisons as data (types, Constitution save DCs, prices per dose), the `poison`
// calculator through the CLI (an unknown id exits 2), and a poison as an effect on a creature (PoisonCreature: the
// save at the DC boundary, half / full damage, conditions with their end, time ending them, torpor, pale tincture,
// drow poison's sleep, immunity; CurePoison; undo; refusals; a `druzina run` script).
#include <cstdio>
#include <fstream>

#include "../support/cli.hpp"
#include "core/rules/poisons/poisons.hpp"
#include "core/reference/reference.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("poisons: the fourteen of the SRD with type, save DC and price", "[rules][poisons]") {
  struct Case { const char* id; const char* type; int dc, gp; };
  const Case cases[] = {{"assassins-blood", "ingested", 10, 150},  {"burnt-othur-fumes", "inhaled", 13, 500},
                        {"crawler-mucus", "contact", 13, 200},     {"drow-poison", "injury", 13, 200},
                        {"essence-of-ether", "inhaled", 15, 300},  {"malice", "inhaled", 15, 250},
                        {"midnight-tears", "ingested", 17, 1500},  {"oil-of-taggit", "contact", 13, 400},
                        {"pale-tincture", "ingested", 16, 250},    {"purple-worm-poison", "injury", 19, 2000},
                        {"serpent-venom", "injury", 11, 200},      {"torpor", "ingested", 15, 600},
                        {"truth-serum", "ingested", 11, 150},      {"wyvern-poison", "injury", 15, 1200}};
  REQUIRE(rules::poison_list().size() == 14);
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    CAPTURE(c.id);
    const rules::Poison* p = rules::find_poison(c.id);
    REQUIRE(p != nullptr);
    CHECK(rules::poison_list()[i].id == c.id);  // the SRD's order
    CHECK(p->type == c.type);
    CHECK(p->save_dc == c.dc);
    CHECK(p->price_gp == c.gp);
    CHECK_FALSE(p->name.cs.empty());
    CHECK_FALSE(p->name.uk.empty());
    CHECK_FALSE(p->name.en.empty());
    // … and the price list (Rules → Prices) has the same poison at the same price.
    CHECK(reference::price_item(c.id).price_gp == c.gp);
    CHECK(reference::price_item(c.id).category == "poison");
  }
  // Damage where the SRD gives it (failed save; half on a success for most).
  CHECK(rules::find_poison("serpent-venom")->damage == "3d6");
  CHECK(rules::find_poison("serpent-venom")->half_on_success);
  CHECK(rules::find_poison("purple-worm-poison")->damage == "12d6");
  CHECK(rules::find_poison("wyvern-poison")->damage == "7d6");
  CHECK(rules::find_poison("midnight-tears")->damage == "9d6");
  CHECK(rules::find_poison("malice")->conditions == std::vector<std::string>{"poisoned", "blinded"});
  CHECK(rules::find_poison("essence-of-ether")->duration_minutes == 8 * 60);
  CHECK(rules::find_poison("no-such-poison") == nullptr);
  // The house rule's basic poison stays the price list's (20 gp override of the rulebook's 100 gp).
  const auto& basic = reference::price_item("basic-poison");
  CHECK(basic.price_gp == 100);
  CHECK(basic.override_gp == 20);
}

TEST_CASE("cli rule poison: type, DC and price by id, an unknown id exits 2", "[cli][calc][poisons]") {
  CHECK(cli_json("rule poison --id serpent-venom") == json{{"type", "injury"}, {"save_dc", 11}, {"price_gp", 200}});
  CHECK(cli_json("rule poison --id assassins-blood") == json{{"type", "ingested"}, {"save_dc", 10}, {"price_gp", 150}});
  CHECK(cli_json("rule poison --id oil-of-taggit") == json{{"type", "contact"}, {"save_dc", 13}, {"price_gp", 400}});
  CHECK(cli_json("rule poison --id purple-worm-poison") == json{{"type", "injury"}, {"save_dc", 19}, {"price_gp", 2000}});
  auto bad = cli("--lang uk rule poison --id hemlock", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("hemlock") != std::string::npos);
  CHECK(bad.out.find("serpent-venom") != std::string::npos);
  CHECK(cli("rule poison").code == 2);
}

// ---- a poison as an effect on a creature ----------------------------------------------------------------------

namespace {

std::vector<rules::PoisonEffect> effects(const Table& t, const std::string& id) { return rules::poison_effects_of(t.c(id)); }

std::string line(const Table& t, const Event& e, Lang lang) {
  LogContext lc{lang, [&](const std::string& id) { return t.c(id).name; }};
  return Engine::standard().render(e, lc);
}

json poison(const std::string& who, const std::string& id, std::optional<int> roll = std::nullopt) {
  json cmd = {{"type", "PoisonCreature"}, {"target", who}, {"poison", id}};
  if (roll) cmd["roll"] = *roll;
  return cmd;
}

}  // namespace

TEST_CASE("poisons: the save at the DC boundary, half damage on a success, full on a failure, the log", "[rules][poisons]") {
  RulesTable t(31);
  new_campaign(t);
  std::string m = t.pc("Mira", 40);
  // 11 vs DC 11: a success — serpent venom's half of 3d6, nothing stored
  const auto& ok = t.run(poison(m, "serpent-venom", 11));
  const Event* save = find_event(ok, "poison_save");
  REQUIRE(save != nullptr);
  CHECK(save->data["success"] == true);
  CHECK(save->data["rolled"] == false);
  CHECK(line(t, *save, Lang::en) == "Mira: CON save against Serpent venom: 11 vs DC 11 — success, half damage.");
  CHECK(line(t, *save, Lang::cs) == "Mira: záchranný hod na Odolnost proti jedu Hadí jed: 11 proti SO 11 — úspěch, poloviční zranění.");
  CHECK(line(t, *save, Lang::uk) == "Mira: рятівний кидок Статури проти отрути «Зміїна отрута»: 11 проти СК 11 — успіх, половина шкоди.");
  const Event* dmg = find_event(ok, "poison_damage");
  REQUIRE(dmg != nullptr);
  const int rolled = dmg->data["rolled"].get<int>();
  CHECK(rolled >= 3);
  CHECK(rolled <= 18);
  CHECK(dmg->data["half"] == true);
  CHECK(dmg->data["amount"] == rolled / 2);
  CHECK(t.c(m).hp == 40 - rolled / 2);
  CHECK(find_event(ok, "hp_changed")->data["damage_type"] == "poison");
  CHECK(line(t, *dmg, Lang::en) == "Mira: Serpent venom: half of 3d6 (" + std::to_string(rolled) + ") = " + std::to_string(rolled / 2) + " poison damage.");
  CHECK(effects(t, m).empty());
  // 10 vs DC 11: a failure — the full 3d6; just damage, nothing stored
  const int hp = t.c(m).hp;
  const auto& bad = t.run(poison(m, "serpent-venom", 10));
  CHECK(find_event(bad, "poison_save")->data["success"] == false);
  CHECK(line(t, *find_event(bad, "poison_save"), Lang::en) == "Mira: CON save against Serpent venom: 10 vs DC 11 — failed.");
  const int full = find_event(bad, "poison_damage")->data["amount"].get<int>();
  CHECK(find_event(bad, "poison_damage")->data["half"] == false);
  CHECK(t.c(m).hp == hp - full);
  CHECK_FALSE(has_event(bad, "poison_applied"));
  CHECK(effects(t, m).empty());
  // A success against a poison without half damage: nothing at all.
  const auto& none = t.run(poison(m, "malice", 15));
  CHECK(line(t, *find_event(none, "poison_save"), Lang::en) == "Mira: CON save against Malice: 15 vs DC 15 — resisted.");
  CHECK_FALSE(has_event(none, "poison_damage"));
  CHECK(t.c(m).conditions.empty());
}

TEST_CASE("poisons: the save rolled by the engine is d20 + the CON save bonus (proficiency included)", "[rules][poisons]") {
  RulesTable t(32);
  new_campaign(t);
  std::string b = t.pc("Bořek", 60, {{"abilities", {{"con", 14}}}});
  const auto& tx = t.run(poison(b, "truth-serum"));
  const Event* save = find_event(tx, "poison_save");
  REQUIRE(save != nullptr);
  CHECK(save->data["rolled"] == true);
  CHECK(save->data["modifier"] == rules::save_bonus(t.state(), t.c(b), "con"));
  CHECK(save->data["modifier"] == 2);
  CHECK(save->data["total"] == save->data["roll"].get<int>() + 2);
  CHECK(save->data["dc"] == 11);
  CHECK(has_event(tx, "poison_applied") == !save->data["success"].get<bool>());
}

TEST_CASE("poisons: conditions with their end, ended by time passing, undo", "[rules][poisons]") {
  RulesTable t(33);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "AdvanceTime"}, {"minutes", 100}});
  const auto& tx = t.run({{"type", "PoisonCreature"}, {"target", m}, {"poison", "malice"}, {"roll", 14}, {"source", "a trapped door"}});
  const Event* applied = find_event(tx, "poison_applied");
  REQUIRE(applied != nullptr);
  CHECK(line(t, *applied, Lang::en) == "Mira is poisoned by Malice: poisoned, blinded (for 1 h). Source: a trapped door.");
  CHECK(line(t, *applied, Lang::cs) == "Mira: jed Zloba zabírá — otrava, oslepení (na 1 h). Zdroj: a trapped door.");
  CHECK(line(t, *applied, Lang::uk) == "Mira: діє отрута «Злоба» — отруєння, засліплення (на 1 год). Джерело: a trapped door.");
  REQUIRE(effects(t, m).size() == 1);
  const auto e = effects(t, m)[0];
  CHECK(e.id == "p1");
  CHECK(e.poison == "malice");
  CHECK(e.at == 100);
  CHECK(*e.ends_at == 160);
  CHECK(e.save == 14);
  CHECK(e.dc == 15);
  CHECK(e.damage == 0);
  CHECK(e.source == "a trapped door");
  for (const char* id : {"poisoned", "blinded"}) {
    const Condition* c = condition_of(t.c(m), id, "poison:malice");
    REQUIRE(c != nullptr);
    CHECK(c->until.kind == "minutes");
    CHECK(c->until.minutes == 60);
  }
  REQUIRE_REFUSED(t.run(poison(m, "malice", 1)), "rules.err.poison_already");
  t.run({{"type", "AdvanceTime"}, {"minutes", 59}});
  CHECK(effects(t, m).size() == 1);
  CHECK(condition_of(t.c(m), "blinded", "poison:malice") != nullptr);
  const auto& due = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  const Event* ended = find_event(due, "poison_ended");
  REQUIRE(ended != nullptr);
  CHECK(ended->data["reason"] == "expired");
  CHECK(line(t, *ended, Lang::en) == "Mira: Malice ends (its time is up).");
  CHECK(effects(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  CHECK_FALSE(t.c(m).modules.contains("poisons"));
  t.session.undo();
  CHECK(effects(t, m).size() == 1);
  CHECK(condition_of(t.c(m), "poisoned", "poison:malice") != nullptr);
  t.session.undo();
  t.session.undo();
  CHECK(effects(t, m).empty());
  CHECK(t.c(m).conditions.empty());
}

TEST_CASE("poisons: assassin's blood — damage and 24 hours poisoned, torpor's 4d6 hours, pale tincture until cured", "[rules][poisons]") {
  RulesTable t(34);
  new_campaign(t);
  std::string m = t.pc("Mira", 50);
  const auto& tx = t.run(poison(m, "assassins-blood", 9));
  const int amount = find_event(tx, "poison_damage")->data["amount"].get<int>();
  CHECK(amount >= 1);
  CHECK(amount <= 12);
  REQUIRE(effects(t, m).size() == 1);
  CHECK(effects(t, m)[0].damage == amount);
  CHECK(*effects(t, m)[0].ends_at == 1440);
  CHECK(condition_of(t.c(m), "poisoned", "poison:assassins-blood")->until.minutes == 1440);
  // torpor
  const auto& tp = t.run(poison(m, "torpor", 14));
  const int hours = find_event(tp, "poison_applied")->data["hours_roll"].get<int>();
  CHECK(hours >= 4);
  CHECK(hours <= 24);
  const auto torpor = effects(t, m)[1];
  CHECK(torpor.id == "p2");
  CHECK(*torpor.ends_at == hours * 60);
  CHECK(condition_of(t.c(m), "incapacitated", "poison:torpor")->until.minutes == hours * 60);
  // pale tincture: no end, time does not end it
  t.run(poison(m, "pale-tincture", 15));
  const auto pale = effects(t, m)[2];
  CHECK_FALSE(pale.ends_at.has_value());
  CHECK(condition_of(t.c(m), "poisoned", "poison:pale-tincture")->until.kind == "permanent");
  t.run({{"type", "AdvanceTime"}, {"minutes", 30 * 1440}});
  REQUIRE(effects(t, m).size() == 1);
  CHECK(effects(t, m)[0].poison == "pale-tincture");
  CHECK(condition_of(t.c(m), "poisoned", "poison:pale-tincture") != nullptr);
  CHECK(condition_of(t.c(m), "poisoned", "poison:assassins-blood") == nullptr);
}

TEST_CASE("poisons: CurePoison ends it and its conditions — which one, the means, undo", "[rules][poisons]") {
  RulesTable t(35);
  new_campaign(t);
  std::string m = t.pc("Mira", 50);
  REQUIRE_REFUSED(t.run({{"type", "CurePoison"}, {"target", m}, {"means", "dm"}}), "rules.err.no_poison");
  t.run(poison(m, "malice", 1));
  t.run(poison(m, "crawler-mucus", 1));
  REQUIRE_REFUSED(t.run({{"type", "CurePoison"}, {"target", m}, {"means", "dm"}}), "rules.err.poison_which");
  REQUIRE_REFUSED(t.run({{"type", "CurePoison"}, {"target", m}, {"poison", "torpor"}, {"means", "dm"}}), "rules.err.poison_not_acting");
  REQUIRE_REFUSED(t.run({{"type", "CurePoison"}, {"target", m}, {"poison", "malice"}, {"means", "prayer"}}), "campaign.err.param");
  const auto& tx = t.run({{"type", "CurePoison"}, {"target", m}, {"poison", "malice"}, {"means", "lesser_restoration"}});
  const Event* ended = find_event(tx, "poison_ended");
  REQUIRE(ended != nullptr);
  CHECK(line(t, *ended, Lang::en) == "Mira: Malice ends (lesser restoration).");
  CHECK(line(t, *ended, Lang::cs) == "Mira: jed Zloba přestává působit (nižší navrácení).");
  CHECK(line(t, *ended, Lang::uk) == "Mira: отрута «Злоба» більше не діє (Мале відновлення).");
  CHECK(condition_of(t.c(m), "blinded", "poison:malice") == nullptr);
  CHECK(condition_of(t.c(m), "poisoned", "poison:malice") == nullptr);
  CHECK(condition_of(t.c(m), "paralyzed", "poison:crawler-mucus") != nullptr);
  REQUIRE(effects(t, m).size() == 1);
  // one left: no need to name it
  t.run({{"type", "CurePoison"}, {"target", m}, {"means", "protection_from_poison"}});
  CHECK(effects(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  t.session.undo();
  CHECK(condition_of(t.c(m), "paralyzed", "poison:crawler-mucus") != nullptr);
  CHECK(effects(t, m).size() == 1);
}

TEST_CASE("poisons: immunity — refused when immune to both, the rest applies when immune to one", "[rules][poisons]") {
  RulesTable t(36);
  new_campaign(t);
  std::string z = t.monster("Zombie", 22, {{"immunities", {"poison"}}, {"condition_immunities", {"poisoned"}}});
  REQUIRE_REFUSED(t.run(poison(z, "wyvern-poison", 1)), "rules.err.poison_immune");
  // immune to poison damage only: the damage is 0
  std::string g = t.monster("Golem", 30, {{"immunities", {"poison"}}});
  const auto& tx = t.run(poison(g, "wyvern-poison", 1));
  CHECK(find_event(tx, "hp_changed")->data["adjust"] == "immune");
  CHECK(t.c(g).hp == 30);
  // immune to the poisoned condition only: malice blinds it, the log says why poisoned is not set
  std::string e = t.monster("Elemental", 30, {{"condition_immunities", {"poisoned"}}});
  const auto& mx = t.run(poison(e, "malice", 1));
  CHECK(condition_of(t.c(e), "blinded", "poison:malice") != nullptr);
  CHECK(condition_of(t.c(e), "poisoned", "poison:malice") == nullptr);
  CHECK(line(t, *find_event(mx, "poison_applied"), Lang::en) ==
        "Elemental is poisoned by Malice: blinded (for 1 h). Immune to: poisoned (not set).");
}

TEST_CASE("poisons: drow poison failed by 5 knocks out, damage wakes it, poisoned goes on", "[rules][poisons]") {
  RulesTable t(37);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  t.run(poison(m, "drow-poison", 9));  // failed by 4
  CHECK(condition_of(t.c(m), "poisoned", "poison:drow-poison") != nullptr);
  CHECK(condition_of(t.c(m), "unconscious", "poison:drow-poison") == nullptr);
  t.run({{"type", "CurePoison"}, {"target", m}, {"means", "dm"}});
  const auto& tx = t.run(poison(m, "drow-poison", 8));  // failed by 5
  CHECK(line(t, *find_event(tx, "poison_applied"), Lang::en) == "Mira is poisoned by Drow poison: poisoned, unconscious (for 1 h).");
  CHECK(condition_of(t.c(m), "unconscious", "poison:drow-poison") != nullptr);
  const auto& hit = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 2}});
  REQUIRE(has_event(hit, "poison_woke"));
  CHECK(line(t, *find_event(hit, "poison_woke"), Lang::en) == "Mira takes damage and wakes from Drow poison's sleep (still poisoned).");
  CHECK(condition_of(t.c(m), "unconscious", "poison:drow-poison") == nullptr);
  CHECK(condition_of(t.c(m), "poisoned", "poison:drow-poison") != nullptr);
  // oil of taggit too
  t.run(poison(m, "oil-of-taggit", 1));
  CHECK(condition_of(t.c(m), "unconscious", "poison:oil-of-taggit") != nullptr);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}});
  CHECK(condition_of(t.c(m), "unconscious", "poison:oil-of-taggit") == nullptr);
}

TEST_CASE("poisons: refusals — an unknown poison, the rule off", "[rules][poisons]") {
  RulesTable t(38);
  new_campaign(t, {{"rules", {{"poisons", false}}}});
  std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run(poison(m, "malice", 1)), "campaign.err.rule_off");
  REQUIRE_REFUSED(t.run({{"type", "CurePoison"}, {"target", m}, {"means", "dm"}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::poisons_view(t.state(), t.c(m)).on);
  t.run({{"type", "SetSettings"}, {"rules", {{"poisons", true}}}});
  CHECK(rules::poisons_view(t.state(), t.c(m)).on);
  REQUIRE_REFUSED(t.run(poison(m, "hemlock", 1)), "rules.err.poison_unknown");
  REQUIRE_REFUSED(t.run(poison(m, "malice", 1001)), "campaign.err.param_range");
}

TEST_CASE("cli run: a script poisons and cures (the commands need nothing of the CLI)", "[cli][poisons]") {
  const std::string path = druzina::test::temp_file("poisons-cli.json");
  std::ofstream(path, std::ios::binary) << R"({"commands": [
    {"type": "CreateCampaign", "name": "T", "language": "en"},
    {"type": "AddCreature", "name": "Mira", "kind": "pc", "hp": 30},
    {"type": "PoisonCreature", "target": "c1", "poison": "malice", "roll": 3, "source": "a needle"},
    {"type": "CurePoison", "target": "c1", "means": "protection_from_poison"}]})";
  auto r = cli("run '" + path + "' --seed 3");
  CHECK(r.code == 0);
  CHECK(r.out.find("Mira: CON save against Malice: 3 vs DC 15 — failed.") != std::string::npos);
  CHECK(r.out.find("Mira is poisoned by Malice: poisoned, blinded (for 1 h). Source: a needle.") != std::string::npos);
  CHECK(r.out.find("Mira: Malice ends (protection from poison).") != std::string::npos);
}

TEST_CASE("poisons: the saves a poison repeats — crawler mucus, burnt othur fumes, pale tincture", "[rules][poisons]") {
  RulesTable t(39);
  new_campaign(t);
  std::string m = t.pc("Mira", 200);
  REQUIRE_REFUSED(t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"success", true}}), "rules.err.no_poison");
  t.run(poison(m, "malice", 1));
  REQUIRE_REFUSED(t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"success", true}}), "rules.err.poison_no_repeat");
  t.run({{"type", "CurePoison"}, {"target", m}, {"means", "dm"}});
  // crawler mucus: one success (the total at the DC) ends it
  t.run(poison(m, "crawler-mucus", 1));
  REQUIRE_REFUSED(t.run({{"type", "RecordPoisonSave"}, {"target", m}}), "rules.err.poison_success_or_roll");
  const auto& fail = t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"roll", 12}});
  CHECK(line(t, *find_event(fail, "poison_repeat_save"), Lang::en) ==
        "Mira: the save against Crawler mucus again (12 vs DC 13) — failed (0 of 1 successes).");
  CHECK_FALSE(has_event(fail, "poison_damage"));
  const auto& ok = t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"roll", 13}});
  REQUIRE(find_event(ok, "poison_ended") != nullptr);
  CHECK(find_event(ok, "poison_ended")->data["reason"] == "saves");
  CHECK(condition_of(t.c(m), "paralyzed", "poison:crawler-mucus") == nullptr);
  CHECK(effects(t, m).empty());
  // burnt othur fumes: stored though it gives no condition; 3d6 on each failure, three successes end it
  t.run(poison(m, "burnt-othur-fumes", 1));
  REQUIRE(effects(t, m).size() == 1);
  CHECK(effects(t, m)[0].successes == 0);
  const int hp = t.c(m).hp;
  const auto& again = t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"success", false}});
  const int d = find_event(again, "poison_damage")->data["amount"].get<int>();
  CHECK(d >= 3);
  CHECK(d <= 18);
  CHECK(t.c(m).hp == hp - d);
  for (int k = 1; k <= 2; ++k) {
    t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"success", true}});
    CHECK(effects(t, m)[0].successes == k);
  }
  const auto& last = t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"success", true}});
  CHECK(line(t, *find_event(last, "poison_ended"), Lang::en) == "Mira: Burnt othur fumes ends (its saves).");
  CHECK(effects(t, m).empty());
  t.session.undo();
  CHECK(effects(t, m)[0].successes == 2);
  // pale tincture: seven successes
  t.run(poison(m, "pale-tincture", 1));
  for (int k = 1; k <= 6; ++k) t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"poison", "pale-tincture"}, {"success", true}});
  CHECK(rules::poison_effects_of(t.c(m))[1].successes == 6);
  t.run({{"type", "RecordPoisonSave"}, {"target", m}, {"poison", "pale-tincture"}, {"success", true}});
  CHECK(condition_of(t.c(m), "poisoned", "poison:pale-tincture") == nullptr);
  CHECK(effects(t, m).size() == 1);
}
