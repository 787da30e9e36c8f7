// The prepared-encounters rule: the DM's own monsters saved and reused, an encounter prepared from the picked
// creatures or from a list, started (or joining the running fight) in one undo step, its refusals, and that none
// of it reaches the players.
#include "core/io/player_view.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "core/share/link.hpp"
#include "rules_helpers.hpp"

#include "../support/cli.hpp"
#include "../support/link_bytes.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::vector<std::string> order_names(const RulesTable& t) {
  std::vector<std::string> out;
  for (const auto& e : t.state().encounter->order) out.push_back(t.c(e.creature).name);
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST_CASE("prepared encounters: a monster saved without its fight, copies numbered, joining a fight", "[rules][prepared]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string ana = t.pc("Ana", 20);
  const std::string shaman = t.add({{"name", "Goblin shaman 2"}, {"kind", "monster"}, {"hp", 14}, {"ac", 13},
                                    {"resistances", {"fire"}}, {"abilities", {{"str", 8}, {"dex", 14}, {"con", 10}, {"int", 10}, {"wis", 14}, {"cha", 8}}}});
  t.run({{"type", "ApplyDamage"}, {"target", shaman}, {"amount", 5}});
  t.run({{"type", "SetCondition"}, {"target", shaman}, {"condition", "prone"}});

  REQUIRE_REFUSED(t.run({{"type", "SaveMonster"}, {"creature", ana}}), "rules.err.prep_pc");
  t.run({{"type", "SaveMonster"}, {"creature", shaman}});
  auto own = rules::own_monsters(t.state());
  REQUIRE(own.size() == 1);
  CHECK(own[0].name == "Goblin shaman");  // the copy's number dropped
  CHECK(own[0].creature.hp == 14);        // full HP, not the 9 it has now
  CHECK(own[0].creature.conditions.empty());
  CHECK(own[0].creature.ac == 13);
  CHECK(own[0].creature.resistances == std::vector<std::string>{"fire"});
  CHECK(own[0].creature.abilities.dex == 14);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Saved among the DM's monsters: Goblin shaman.");
  // Saved again under the same name: replaced, not doubled.
  t.run({{"type", "SaveMonster"}, {"creature", shaman}});
  CHECK(rules::own_monsters(t.state()).size() == 1);

  const std::string id = own[0].id;
  t.run({{"type", "AddOwnMonster"}, {"monster", id}, {"count", 2}});
  std::vector<std::string> names;
  for (const auto& x : t.state().creatures) names.push_back(x.name);
  CHECK(names == std::vector<std::string>{"Ana", "Goblin shaman 2", "Goblin shaman 3", "Goblin shaman 4"});
  const Creature& copy = t.state().creatures[2];
  CHECK(copy.hp == 14);
  CHECK(copy.max_hp == 14);
  CHECK(copy.kind == "monster");
  CHECK(copy.resistances == std::vector<std::string>{"fire"});

  REQUIRE_REFUSED(t.run({{"type", "AddOwnMonster"}, {"monster", id}, {"join", true}}), "campaign.err.no_encounter");
  REQUIRE_REFUSED(t.run({{"type", "AddOwnMonster"}, {"monster", "m999"}}), "rules.err.prep_unknown_monster");
  REQUIRE_REFUSED(t.run({{"type", "AddOwnMonster"}, {"monster", id}, {"count", 21}}), "campaign.err.param_range");
  t.run({{"type", "StartEncounter"}, {"participants", {ana}}, {"initiative", {{ana, 12}}}});
  const long long before = t.state().last_tx;
  t.run({{"type", "AddOwnMonster"}, {"monster", id}, {"join", true}});
  CHECK(t.state().last_tx == before + 1);
  CHECK(t.state().encounter->order.size() == 2);
  CHECK(order_names(t) == std::vector<std::string>{"Ana", "Goblin shaman 5"});  // numbered after the others
  // A single copy of a name nobody has keeps it; the next one is numbered.
  const std::string wolf = t.add({{"name", "Dire wolf"}, {"kind", "monster"}, {"hp", 37}});
  t.run({{"type", "SaveMonster"}, {"creature", wolf}});
  t.run({{"type", "RemoveCreature"}, {"target", wolf}});
  const std::string wolf_id = rules::own_monsters(t.state()).back().id;
  t.run({{"type", "AddOwnMonster"}, {"monster", wolf_id}});
  t.run({{"type", "AddOwnMonster"}, {"monster", wolf_id}});
  CHECK(t.state().creatures[t.state().creatures.size() - 2].name == "Dire wolf");
  CHECK(t.state().creatures.back().name == "Dire wolf 2");
}

TEST_CASE("prepared encounters: prepared from the picked creatures, started in one step, undone whole", "[rules][prepared]") {
  RulesTable t(5);
  new_campaign(t);
  const std::string ana = t.pc("Ana", 20), bor = t.pc("Bor", 18);
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}});
  const std::string boss = t.add({{"name", "Chief Grak"}, {"kind", "npc"}, {"hp", 30}, {"ac", 16}});
  std::vector<std::string> goblins;
  for (const auto& x : t.state().creatures)
    if (x.name.rfind("Goblin", 0) == 0) goblins.push_back(x.id);
  REQUIRE(goblins.size() == 2);

  REQUIRE_REFUSED(t.run({{"type", "PrepareEncounter"}, {"name", "Ambush"}, {"creatures", {ana}}}), "rules.err.prep_pc");
  REQUIRE_REFUSED(t.run({{"type", "PrepareEncounter"}, {"name", "Ambush"}, {"creatures", json::array()}}), "rules.err.prep_no_monsters");
  REQUIRE_REFUSED(t.run({{"type", "PrepareEncounter"}, {"name", "  "}, {"creatures", {boss}}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "PrepareEncounter"}, {"name", "X"}, {"members", {{{"srd", "balrog-9"}}}}}), "rules.err.monster_unknown");

  t.run({{"type", "PrepareEncounter"}, {"name", "Ambush"}, {"creatures", {goblins[0], goblins[1], boss}}});
  auto list = rules::prepared_encounters(t.state());
  REQUIRE(list.size() == 1);
  REQUIRE(list[0].members.size() == 2);
  CHECK(list[0].members[0].srd == "goblin");
  CHECK(list[0].members[0].count == 2);
  CHECK(list[0].members[1].count == 1);
  // Chief Grak was no saved monster: saving the encounter saved him too.
  REQUIRE(rules::own_monsters(t.state()).size() == 1);
  CHECK(list[0].members[1].monster == rules::own_monsters(t.state())[0].id);
  CHECK(rules::prepared_summary(t.state(), list[0], Lang::en) == "2 \xC3\x97 Goblin, Chief Grak");
  CHECK(rules::prepared_summary(t.state(), list[0], Lang::cs).find("2 \xC3\x97 ") == 0);
  REQUIRE_REFUSED(t.run({{"type", "ForgetMonster"}, {"monster", list[0].members[1].monster}}), "rules.err.prep_monster_used");

  // The old monsters leave; the prepared encounter starts the next fight in one command.
  const size_t creatures_before = t.state().creatures.size();
  const long long tx = t.state().last_tx;
  t.run({{"type", "RunEncounter"}, {"encounter", list[0].id}, {"initiative", {{ana, 15}}}, {"participants", {ana, bor}}});
  CHECK(t.state().last_tx == tx + 1);
  CHECK(t.state().creatures.size() == creatures_before + 3);
  REQUIRE(t.state().encounter);
  CHECK(t.state().encounter->order.size() == 5);  // Ana, Bor and the three new ones (not the old goblins)
  CHECK(order_names(t) == std::vector<std::string>{"Ana", "Bor", "Chief Grak 2", "Goblin 3", "Goblin 4"});
  for (const auto& e : t.state().encounter->order)
    if (e.creature == ana) CHECK(e.initiative == 15);
  CHECK(t.session.log(Lang::cs).back().lines.at(0) == "Začíná připravené střetnutí „Ambush“.");

  // A second run during the fight: they join it.
  t.run({{"type", "RunEncounter"}, {"encounter", list[0].id}});
  CHECK(t.state().encounter->order.size() == 8);
  CHECK(t.session.log(Lang::uk).back().lines.at(0) == "До бою долучається підготовлена сутичка «Ambush».");

  // Undo takes a whole run back.
  t.session.undo();
  CHECK(t.state().encounter->order.size() == 5);
  t.session.undo();
  CHECK_FALSE(t.state().encounter);
  CHECK(t.state().creatures.size() == creatures_before);

  // The same name replaces; forgetting removes (and frees the monster).
  t.run({{"type", "PrepareEncounter"}, {"name", "Ambush"}, {"members", {{{"srd", "goblin"}, {"count", 4}}}}});
  list = rules::prepared_encounters(t.state());
  REQUIRE(list.size() == 1);
  CHECK(list[0].members.size() == 1);
  CHECK(list[0].members[0].count == 4);
  t.run({{"type", "ForgetMonster"}, {"monster", rules::own_monsters(t.state())[0].id}});
  CHECK(rules::own_monsters(t.state()).empty());
  t.run({{"type", "ForgetEncounter"}, {"encounter", list[0].id}});
  CHECK(rules::prepared_encounters(t.state()).empty());
  CHECK_FALSE(t.state().modules.contains(rules::kPreparedEncounters));  // nothing left behind
}

TEST_CASE("prepared encounters: a DM secret — not in the player view, a table link or the players' log", "[rules][prepared][share]") {
  RulesTable t(7);
  new_campaign(t);
  const std::string ana = t.pc("Ana", 20);
  // the players have not met him yet: hidden
  const std::string lich = t.add({{"name", "Vexmoor the Undying"}, {"kind", "monster"}, {"hp", 135}, {"hidden", true}});
  t.run({{"type", "PrepareEncounter"}, {"name", "Tomb of Vexmoor"}, {"creatures", {lich}}});
  const Campaign& c = t.state();
  REQUIRE(rules::prepared_encounters(c).size() == 1);
  const std::string view = io::player_view(c).dump();
  CHECK(view.find("Vexmoor") == std::string::npos);
  CHECK(view.find("prepared-encounters") == std::string::npos);
  const std::string table = link_bytes(share::encode_table(c));
  CHECK(table.find("Vexmoor") == std::string::npos);
  for (const auto& entry : t.session.log(Lang::en, campaign::LogAudience::player))
    for (const auto& line : entry.lines) CHECK(line.find("Vexmoor") == std::string::npos);
  bool dm_sees = false;
  for (const auto& entry : t.session.log(Lang::en))
    for (const auto& line : entry.lines) dm_sees = dm_sees || line.find("Tomb of Vexmoor") != std::string::npos;
  CHECK(dm_sees);
  (void)ana;
}

TEST_CASE("druzina run: the prepared ambush script (prepare, clear the table, start, reinforce) in cs, uk and en",
          "[cli][prepared]") {
  const std::string script =
      std::string(" run '") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/table-prepared-encounter.json' --seed 7";
  CliRun en = cli("--lang en" + script);
  REQUIRE(en.code == 0);
  for (const char* line : {"#6 Saved among the DM's monsters: Chief Grak.",
                           "#6 Prepared encounter \xE2\x80\x9C" "Ambush at the ford\xE2\x80\x9D saved (3 monsters).",
                           "#10 The prepared encounter \xE2\x80\x9C" "Ambush at the ford\xE2\x80\x9D begins.",
                           "#11 The prepared encounter \xE2\x80\x9C" "Ambush at the ford\xE2\x80\x9D joins the fight.",
                           "#11 Chief Grak 2 joins (NPC), HP 30.", "#12 Chief Grak 3 joins (NPC), HP 30."}) {
    CAPTURE(line);
    CHECK(en.out.find(line) != std::string::npos);
  }
  CliRun cs = cli("--lang cs" + script);
  REQUIRE(cs.code == 0);
  CHECK(cs.out.find("#10 Začíná připravené střetnutí „Ambush at the ford“.") != std::string::npos);
  CliRun uk = cli("--lang uk" + script);
  REQUIRE(uk.code == 0);
  CHECK(uk.out.find("#11 До бою долучається підготовлена сутичка «Ambush at the ford».") != std::string::npos);
  for (const CliRun* r : {&en, &cs, &uk}) {
    CHECK(r->out.find("event.") == std::string::npos);
    CHECK(r->out.find("rules.") == std::string::npos);
  }
  // The end state: Ana's typed 17 kept; 2 PCs + 3 from the start + 3 reinforcements + 1 more Grak in the order.
  const json j = cli_json("--seed 7 run '" + std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/scripts/table-prepared-encounter.json'");
  const json& order = j["state"]["encounter"]["order"];
  CHECK(order.size() == 9);
  for (const auto& e : order)
    if (e["creature"] == "c1") CHECK(e["initiative"] == 17);
}
