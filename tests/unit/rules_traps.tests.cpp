// DM rule "traps": the severity table (save DC and attack bonus ranges) and damage by level band at every band edge,
// and the `trap` calculator through the CLI (levels 1–20, else exit 2).
#include "../support/cli.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("traps: DC and attack bonus by severity, damage at every level band edge", "[rules][traps]") {
  using P = std::pair<int, int>;
  for (int level = 1; level <= 20; ++level) {
    CAPTURE(level);
    CHECK(rules::trap_numbers("setback", level)->save_dc == P{10, 11});
    CHECK(rules::trap_numbers("setback", level)->attack_bonus == P{3, 5});
    CHECK(rules::trap_numbers("dangerous", level)->save_dc == P{12, 15});
    CHECK(rules::trap_numbers("dangerous", level)->attack_bonus == P{6, 8});
    CHECK(rules::trap_numbers("deadly", level)->save_dc == P{16, 20});
    CHECK(rules::trap_numbers("deadly", level)->attack_bonus == P{9, 12});
  }
  struct Case { int level; const char* setback; const char* dangerous; const char* deadly; };
  const Case cases[] = {{1, "1d10", "2d10", "4d10"},    {4, "1d10", "2d10", "4d10"},    {5, "2d10", "4d10", "10d10"},
                        {10, "2d10", "4d10", "10d10"},  {11, "4d10", "10d10", "18d10"}, {16, "4d10", "10d10", "18d10"},
                        {17, "10d10", "18d10", "24d10"}, {20, "10d10", "18d10", "24d10"}};
  for (const auto& c : cases) {
    CAPTURE(c.level);
    CHECK(rules::trap_numbers("setback", c.level)->damage == c.setback);
    CHECK(rules::trap_numbers("dangerous", c.level)->damage == c.dangerous);
    CHECK(rules::trap_numbers("deadly", c.level)->damage == c.deadly);
  }
  CHECK_FALSE(rules::trap_numbers("setback", 0));
  CHECK_FALSE(rules::trap_numbers("deadly", 21));
  CHECK_FALSE(rules::trap_numbers("lethal", 5));
}

TEST_CASE("cli rule trap: the trap builder, levels 1–20 only", "[cli][calc][traps]") {
  CHECK(cli_json("rule trap --severity setback --level 1") ==
        json{{"save_dc", {10, 11}}, {"attack_bonus", {3, 5}}, {"damage", "1d10"}});
  CHECK(cli_json("rule trap --severity dangerous --level 7") ==
        json{{"save_dc", {12, 15}}, {"attack_bonus", {6, 8}}, {"damage", "4d10"}});
  CHECK(cli_json("rule trap --severity deadly --level 20") ==
        json{{"save_dc", {16, 20}}, {"attack_bonus", {9, 12}}, {"damage", "24d10"}});
  for (const char* bad : {"--severity deadly --level 0", "--severity deadly --level 21", "--severity lethal --level 3",
                          "--severity deadly", "--severity deadly --level x"}) {
    CAPTURE(bad);
    CHECK(cli(std::string("rule trap ") + bad, Output::err).code == 2);
  }
  auto cs = cli("--lang cs rule trap --severity deadly --level 21", Output::err);
  CHECK(cs.out.find("21") != std::string::npos);
  CHECK(cs.out.find("20") != std::string::npos);
}

// ---- the SRD's sample traps as cards; a trap placed, searched for, disarmed, triggered -------------------------

TEST_CASE("traps: the eight sample traps of the SRD as cards", "[rules][traps]") {
  struct Case { const char* id; const char* kind; int spot; const char* skill; int disarm; const char* save; int save_dc; const char* damage; };
  const Case cases[] = {{"collapsing-roof", "mechanical", 10, "perception", 15, "dex", 15, "4d10"},
                        {"falling-net", "mechanical", 10, "perception", 15, "str", 10, ""},
                        {"fire-breathing-statue", "magic", 15, "perception", 0, "dex", 13, "4d10"},
                        {"pits", "mechanical", 10, "perception", 0, "", 0, "1d6"},
                        {"poison-darts", "mechanical", 15, "perception", 0, "con", 15, "1d4"},
                        {"poison-needle", "mechanical", 20, "investigation", 15, "con", 15, "2d10"},
                        {"rolling-sphere", "mechanical", 15, "perception", 0, "dex", 15, "10d10"},
                        {"sphere-of-annihilation", "magic", 20, "arcana", 0, "", 0, ""}};
  REQUIRE(rules::trap_cards().size() == 8);
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    CAPTURE(c.id);
    const rules::TrapCard* t = rules::find_trap_card(c.id);
    REQUIRE(t != nullptr);
    CHECK(rules::trap_cards()[i].id == c.id);
    CHECK(t->kind == c.kind);
    CHECK(t->spot_dc == c.spot);
    CHECK(t->spot_skill == c.skill);
    if (c.disarm) CHECK(t->disarm_dc == c.disarm); else CHECK_FALSE(t->disarm_dc);
    CHECK(t->save_ability == c.save);
    CHECK(t->save_dc == c.save_dc);
    CHECK(t->damage == c.damage);
    CHECK(t->complex == (std::string(c.id) == "rolling-sphere"));
    for (const Lang lang : kLangs) {
      CHECK_FALSE(t->name.in(lang).empty());
      CHECK_FALSE(t->trigger.in(lang).empty());
      CHECK_FALSE(t->effect.in(lang).empty());
      CHECK_FALSE(t->disarm_text.in(lang).empty());
    }
  }
  CHECK(rules::find_trap_card("rolling-sphere")->initiative_bonus == 8);
  CHECK(rules::find_trap_card("poison-darts")->attack_bonus == 8);
  CHECK(rules::find_trap_card("poison-darts")->attacks == 4);
  CHECK(rules::find_trap_card("poison-darts")->save_damage == "2d10");
  CHECK_FALSE(rules::find_trap_card("sphere-of-annihilation")->disarm_possible);
  CHECK(rules::find_trap_card("poison-needle")->triggers_on_failure);
  CHECK_FALSE(rules::find_trap_card("fire-breathing-statue")->triggers_on_failure);
  CHECK(rules::find_trap_card("spiked-wall") == nullptr);
}

TEST_CASE("cli rule sample-trap: a card's numbers, an unknown id exits 2", "[cli][calc][traps]") {
  CHECK(cli_json("rule sample-trap --id rolling-sphere") ==
        json{{"kind", "mechanical"}, {"complex", true}, {"initiative_bonus", 8}, {"spot_dc", 15}, {"spot_skill", "perception"},
             {"disarm_dc", nullptr}, {"save", "dex"}, {"save_dc", 15}, {"attack_bonus", nullptr}, {"damage", "10d10"},
             {"damage_type", "bludgeoning"}});
  const json needle = cli_json("rule sample-trap --id poison-needle");
  CHECK(needle["disarm_dc"] == 15);
  CHECK(needle["spot_skill"] == "investigation");
  CHECK(needle["initiative_bonus"] == nullptr);
  auto bad = cli("--lang cs rule sample-trap --id spiked-wall", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("rolling-sphere") != std::string::npos);
}

namespace {

std::string trap_line(const Table& t, const Event& e, Lang lang) {
  LogContext lc{lang, [&](const std::string& id) { return t.c(id).name; }};
  return Engine::standard().render(e, lc);
}

std::string place(RulesTable& t, const std::string& card) {
  const auto& tx = t.run({{"type", "PlaceTrap"}, {"trap", card}});
  return find_event(tx, "trap_placed")->data["trap"]["id"].get<std::string>();
}

}  // namespace

TEST_CASE("traps: searching — passive score and active checks against the card's DC", "[rules][traps]") {
  RulesTable t(3);
  new_campaign(t);
  std::string m = t.pc("Mira", 20, {{"abilities", {{"wis", 14}, {"int", 8}}}});
  const std::string roof = place(t, "collapsing-roof");
  CHECK(roof == "t1");
  REQUIRE(rules::placed_traps(t.state()).size() == 1);
  CHECK(rules::placed_traps(t.state())[0].state == "armed");
  // Passive: 10 + WIS +2 = 12 vs DC 10.
  const auto& p = t.run({{"type", "SearchForTrap"}, {"trap", roof}, {"target", m}});
  const Event* s = find_event(p, "trap_search");
  CHECK(s->data["method"] == "passive");
  CHECK(s->data["total"] == 12);
  CHECK(s->data["found"] == true);
  CHECK(trap_line(t, *s, Lang::en) == "Mira notices the Collapsing roof: passive Perception 12 vs DC 10.");
  CHECK(trap_line(t, *s, Lang::cs) == "Mira si všimne pasti Padající strop: pasivní Vnímání 12 proti SO 10.");
  CHECK(rules::placed_traps(t.state())[0].found_by == std::vector<std::string>{m});
  // The needle is found with Investigation (INT 8: passive 9, proficient +2 → 11) vs DC 20; an active check entered.
  const std::string needle = place(t, "poison-needle");
  CHECK(find_event(t.run({{"type", "SearchForTrap"}, {"trap", needle}, {"target", m}, {"proficient", true}}), "trap_search")->data["total"] == 11);
  const auto& miss = t.run({{"type", "SearchForTrap"}, {"trap", needle}, {"target", m}, {"roll", 19}});
  CHECK(find_event(miss, "trap_search")->data["found"] == false);
  CHECK(trap_line(t, *find_event(miss, "trap_search"), Lang::en) == "Mira does not find the Poison needle: Investigation 19 vs DC 20.");
  CHECK(find_event(t.run({{"type", "SearchForTrap"}, {"trap", needle}, {"target", m}, {"roll", 20}}), "trap_search")->data["found"] == true);
  // The app rolls: d20 + WIS.
  const Event* a = find_event(t.run({{"type", "SearchForTrap"}, {"trap", roof}, {"target", m}, {"active", true}}), "trap_search");
  CHECK(a->data["total"] == a->data["roll"].get<int>() + 2);
  REQUIRE_REFUSED(t.run({{"type", "SearchForTrap"}, {"trap", roof}, {"target", m}, {"roll", 12}, {"active", true}}), "rules.err.trap_search_how");
  REQUIRE_REFUSED(t.run({{"type", "SearchForTrap"}, {"trap", "t9"}, {"target", m}}), "rules.err.trap_not_placed");
  REQUIRE_REFUSED(t.run({{"type", "PlaceTrap"}, {"trap", "spiked-wall"}}), "rules.err.trap_unknown");
}

TEST_CASE("traps: disarming — the DEX check at its DC, a failure that triggers, no check, impossible, undo", "[rules][traps]") {
  RulesTable t(4);
  new_campaign(t);
  std::string r = t.pc("Rook", 20, {{"abilities", {{"dex", 16}}}});
  const std::string net = place(t, "falling-net");
  const auto& fail = t.run({{"type", "DisarmTrap"}, {"trap", net}, {"target", r}, {"roll", 14}});
  CHECK(find_event(fail, "trap_disarm")->data["success"] == false);
  CHECK(trap_line(t, *find_event(fail, "trap_disarm"), Lang::en) == "Rook fails to disarm the Falling net: 14 vs DC 15.");
  REQUIRE(has_event(fail, "trap_triggered"));  // a failed check triggers the net
  CHECK(find_event(fail, "trap_triggered")->data["cause"] == "disarm_failed");
  CHECK(rules::placed_traps(t.state())[0].state == "triggered");
  REQUIRE_REFUSED(t.run({{"type", "DisarmTrap"}, {"trap", net}, {"target", r}, {"roll", 20}}), "rules.err.trap_not_armed");
  t.session.undo();
  CHECK(rules::placed_traps(t.state())[0].state == "armed");
  const auto& ok = t.run({{"type", "DisarmTrap"}, {"trap", net}, {"target", r}, {"roll", 15}});
  CHECK(find_event(ok, "trap_disarm")->data["success"] == true);
  CHECK_FALSE(has_event(ok, "trap_triggered"));
  CHECK(rules::placed_traps(t.state())[0].state == "disarmed");
  // Rolled by the app: d20 + DEX +3 (+ proficiency 2 with thieves' tools).
  const std::string roof = place(t, "collapsing-roof");
  const Event* d = find_event(t.run({{"type", "DisarmTrap"}, {"trap", roof}, {"target", r}, {"proficient", true}}), "trap_disarm");
  CHECK(d->data["modifier"] == 5);
  CHECK(d->data["total"] == d->data["roll"].get<int>() + 5);
  // No check: a spike under the statue's plate.
  const std::string statue = place(t, "fire-breathing-statue");
  const auto& spike = t.run({{"type", "DisarmTrap"}, {"trap", statue}, {"target", r}});
  CHECK(find_event(spike, "trap_disarm")->data["means"] == "no_check");
  CHECK(trap_line(t, *find_event(spike, "trap_disarm"), Lang::uk) == "Rook вимикає пастку «Вогнедишна статуя» (без перевірки).");
  const std::string sphere = place(t, "sphere-of-annihilation");
  REQUIRE_REFUSED(t.run({{"type", "DisarmTrap"}, {"trap", sphere}, {"target", r}}), "rules.err.trap_no_disarm");
  // Removing a trap; the last one gone leaves no module data.
  for (const auto& p : rules::placed_traps(t.state())) t.run({{"type", "RemoveTrap"}, {"trap", p.id}});
  CHECK(rules::placed_traps(t.state()).empty());
  CHECK_FALSE(t.state().modules.contains("traps"));
}

TEST_CASE("traps: the rolling sphere joins the running encounter's initiative (+8) and takes its turns", "[rules][traps]") {
  RulesTable t(9);
  new_campaign(t, {{"language", "cs"}});
  std::string a = t.pc("Ana", 20);
  std::string b = t.pc("Bor", 20);
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 25}, {b, 2}}}});
  t.run({{"type", "NextTurn"}});  // Bor's turn (index 1)
  const std::string sphere = place(t, "rolling-sphere");
  const auto& tx = t.run({{"type", "TriggerTrap"}, {"trap", sphere}});
  REQUIRE(has_event(tx, "creature_added"));
  const Event* j = find_event(tx, "trap_joined_initiative");
  REQUIRE(j != nullptr);
  const int roll = j->data["roll"].get<int>();
  CHECK(j->data["initiative"] == roll + 8);
  const std::string who = j->data["creature"].get<std::string>();
  CHECK(t.c(who).name == "Valící se koule");  // the campaign's language
  CHECK(t.c(who).initiative_bonus == 8);
  CHECK(t.c(who).ac == 17);
  CHECK(t.c(who).max_hp == 27);
  CHECK(t.c(who).immunities == std::vector<std::string>{"poison", "psychic"});
  CHECK(rules::placed_traps(t.state())[0].creature == who);
  const auto& order = t.state().encounter->order;
  REQUIRE(order.size() == 3);
  // 9..28: between Ana (25) and Bor (2), or first when above 25 (a tie with Ana loses).
  const size_t at = roll + 8 > 25 ? 0 : 1;
  CHECK(order[at].creature == who);
  CHECK(order[t.state().encounter->turn].creature == b);  // still Bor's turn
  CHECK(trap_line(t, *j, Lang::en) == "Valící se koule takes its place in the initiative order: " + std::to_string(roll + 8) + " (" +
                                          std::to_string(roll) + " +8).");
  // The next turns reach the sphere.
  bool sphere_turn = false;
  for (int k = 0; k < 3 && !sphere_turn; ++k) {
    const auto& n = t.run({{"type", "NextTurn"}});
    sphere_turn = find_event(n, "turn_started")->data["creature"] == who;
  }
  CHECK(sphere_turn);
  // Undo the trigger: no sphere, no entry.
  while (t.state().encounter->order.size() == 3) t.session.undo();
  CHECK(t.state().encounter->order.size() == 2);
  CHECK(rules::placed_traps(t.state())[0].state == "armed");
}

TEST_CASE("traps: the rolling sphere with no fight running becomes a combatant that rolls +8 when it starts", "[rules][traps]") {
  RulesTable t(10);
  new_campaign(t);
  std::string a = t.pc("Ana", 20);
  const std::string sphere = place(t, "rolling-sphere");
  const auto& tx = t.run({{"type", "TriggerTrap"}, {"trap", sphere}});
  CHECK_FALSE(has_event(tx, "trap_joined_initiative"));
  const Event* c = find_event(tx, "trap_combatant");
  REQUIRE(c != nullptr);
  CHECK(trap_line(t, *c, Lang::en) == "Rolling sphere joins the fight: everyone rolls initiative, the trap with +8.");
  const std::string who = c->data["creature"].get<std::string>();
  const auto& start = t.run({{"type", "StartEncounter"}, {"participants", {a, who}}});
  for (const auto& r : find_event(start, "encounter_started")->data["rolls"])
    if (r["creature"] == who) CHECK(r["modifier"] == 8);
  REQUIRE_REFUSED(t.run({{"type", "TriggerTrap"}, {"trap", sphere}}), "rules.err.trap_not_armed");
}

TEST_CASE("traps: the players' log leaves out where traps are and a search that found nothing", "[rules][traps]") {
  RulesTable t(12);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);  // WIS 10: passive Perception 10
  const std::string needle = place(t, "poison-needle");  // Investigation DC 20: not noticed
  const std::string roof = place(t, "collapsing-roof");  // DC 10: noticed
  t.run({{"type", "SearchForTrap"}, {"trap", needle}, {"target", m}});
  t.run({{"type", "SearchForTrap"}, {"trap", roof}, {"target", m}});
  auto lines = [&](LogAudience who) {
    std::string all;
    for (const auto& e : t.session.log(Lang::en, who))
      for (const auto& l : e.lines) all += l + "\n";
    return all;
  };
  const std::string dm = lines(LogAudience::dm), player = lines(LogAudience::player);
  CHECK(dm.find("Poison needle") != std::string::npos);
  CHECK(player.find("Poison needle") == std::string::npos);
  CHECK(dm.find("places a trap") != std::string::npos);
  CHECK(player.find("places a trap") == std::string::npos);
  CHECK(player.find("Mira notices the Collapsing roof: passive Perception 10 vs DC 10.") != std::string::npos);
}

TEST_CASE("druzina run: the hazards script (traps, dynamite, a revolver, an object) in uk, cs and en", "[cli][traps][explosives]") {
  const std::string script = std::string(" run '") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/dm-rules-hazards.json' --seed 7";
  CliRun en = cli("--lang en" + script);
  REQUIRE(en.code == 0);
  for (const char* line : {"#6 Rook does not notice the Rolling sphere: passive Perception 12 vs DC 15.",
                           "#7 Rook finds the Rolling sphere: Perception 16 vs DC 15.",
                           "#9 Котюча сфера takes its place in the initiative order: ",
                           "#10 Goblin 2: DEX save 12 vs DC 12 — success, half: ",
                           "#11 Rook fires the Revolver (5 left).", "#13 Rook reloads the Revolver (6 shots).",
                           "#17 Door is an object: wood, medium, resilient; immune to poison and psychic damage.",
                           "#19 Door takes 0 damage (poison; immune: 7 ignored): HP 11 → 11.",
                           "#20 Rook fails to disarm the Poison needle: 14 vs DC 15.", "#20 Trap triggered: Poison needle."}) {
    CAPTURE(line);
    CHECK(en.out.find(line) != std::string::npos);
  }
  CliRun uk = cli("--lang uk" + script);
  CHECK(uk.out.find("#9 Котюча сфера стає в порядок ініціативи: ") != std::string::npos);
  CliRun cs = cli("--lang cs" + script);
  CHECK(cs.out.find("6k6 = ") != std::string::npos);
  CHECK(cs.out.find("v okruhu 4 sáhů, záchranný hod na Obratnost SO 12.") != std::string::npos);
}

TEST_CASE("traps: triggered on a creature — the roof's DEX save with half, the darts' attacks, the pit's fall", "[rules][traps]") {
  RulesTable t(21);
  new_campaign(t);
  std::string m = t.pc("Mira", 200, {{"ac", 12}});
  // Collapsing roof: DEX save DC 15, 4d10 bludgeoning, half on a success.
  const std::string roof = place(t, "collapsing-roof");
  const auto& tx = t.run({{"type", "TriggerTrap"}, {"trap", roof}, {"target", m}});
  const Event* e = find_event(tx, "trap_effect");
  REQUIRE(e != nullptr);
  CHECK(e->data["method"] == "save");
  CHECK(e->data["ability"] == "dex");
  CHECK(e->data["against"] == 15);
  CHECK(e->data["total"] == e->data["roll"].get<int>() + e->data["modifier"].get<int>());
  CHECK(e->data["success"] == (e->data["total"].get<int>() >= 15));
  const int amount = e->data["amount"].get<int>();
  CHECK(amount >= (e->data["success"].get<bool>() ? 2 : 4));
  CHECK(amount <= (e->data["success"].get<bool>() ? 20 : 40));
  CHECK(t.c(m).hp == 200 - amount);
  CHECK(rules::placed_traps(t.state())[0].state == "triggered");
  // Poison darts: four attacks at +8 against AC 12, each hit 1d4 piercing; after a hit the CON save (2d10 poison, half).
  const std::string darts = place(t, "poison-darts");
  const int before = t.c(m).hp;
  const auto& d = t.run({{"type", "TriggerTrap"}, {"trap", darts}, {"target", m}});
  int dealt = 0, attacks = 0, saves = 0;
  bool hit = false;
  for (const auto& ev : d.events)
    if (ev.type == "trap_effect") {
      dealt += ev.data["amount"].get<int>();
      if (ev.data["method"] == "attack") {
        ++attacks;
        CHECK(ev.data["against"] == 12);
        CHECK(ev.data["modifier"] == 8);
        hit = hit || ev.data["success"].get<bool>();
      } else {
        ++saves;
        CHECK(ev.data["method"] == "save");
        CHECK(ev.data["damage_type"] == "poison");
      }
    }
  CHECK(attacks == 4);
  CHECK(saves == (hit ? 1 : 0));
  CHECK(t.c(m).hp == before - dealt);
  // A pit: 1d6 bludgeoning, no save. Undo takes back the fall and the trigger.
  const std::string pit = place(t, "pits");
  const int hp = t.c(m).hp;
  const auto& p = t.run({{"type", "TriggerTrap"}, {"trap", pit}, {"target", m}});
  const Event* f = find_event(p, "trap_effect");
  REQUIRE(f != nullptr);
  CHECK(f->data["method"] == "direct");
  CHECK(t.c(m).hp == hp - f->data["amount"].get<int>());
  CHECK(trap_line(t, *f, Lang::en) == "The Pits deals Mira " + std::to_string(f->data["amount"].get<int>()) + " damage (bludgeoning).");
  t.session.undo();
  CHECK(t.c(m).hp == hp);
  CHECK(rules::placed_traps(t.state())[2].state == "armed");
  REQUIRE_REFUSED(t.run({{"type", "TriggerTrap"}, {"trap", pit}, {"target", "nobody"}}), "campaign.err.no_creature");
}
