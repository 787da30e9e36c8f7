// Initiative beyond the roll: DelayTurn, MoveInitiative and one roll for a group of
// identical monsters (StartEncounter {group_initiative: true}); src/core/campaign/commands/encounter.cpp.
#include <algorithm>
#include <set>

#include "../scenario/campaign_fixture.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::vector<std::string> order_of(const Table& t) {
  std::vector<std::string> out;
  for (const auto& e : t.state().encounter->order) out.push_back(e.creature);
  return out;
}

std::string current(const Table& t) { return t.state().encounter->order[static_cast<size_t>(t.state().encounter->turn)].creature; }

}  // namespace

TEST_CASE("initiative: a turn delayed until after the next creature or after a named one - undo takes it back",
          "[campaign][initiative]") {
  Table t(31);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  std::string a = t.pc("Mira", 20), b = t.pc("Olek", 20), g = t.monster("Goblin", 7), o = t.monster("Ork", 15);
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 18}, {b, 15}, {g, 12}, {o, 5}}}});
  REQUIRE(order_of(t) == std::vector<std::string>{a, b, g, o});
  REQUIRE(current(t) == a);

  const Transaction& tx = t.run({{"type", "DelayTurn"}});
  CHECK(order_of(t) == std::vector<std::string>{b, a, g, o});
  CHECK(current(t) == b);
  CHECK(t.state().encounter->round == 1);
  CHECK(find_event(tx, "initiative_moved")->data["after"] == b);
  CHECK(find_event(tx, "turn_started")->data["creature"] == b);
  CHECK(t.session.log(Lang::en).back().lines[0] == "Mira delays the turn: now after Olek.");
  CHECK(t.session.log(Lang::cs).back().lines[0] == "Mira odkládá svůj tah (nově po tahu: Olek).");
  t.run({{"type", "NextTurn"}});
  CHECK(current(t) == a);  // her turn comes at her new place

  // Mira delays again, until after the orc (the last): the goblin acts next
  t.run({{"type", "DelayTurn"}, {"after", o}});
  CHECK(order_of(t) == std::vector<std::string>{b, g, o, a});
  CHECK(current(t) == g);
  REQUIRE_REFUSED(t.run({{"type", "DelayTurn"}, {"after", b}}), "campaign.err.delay_after");  // Olek acted already
  t.run({{"type", "NextTurn"}});
  t.run({{"type", "NextTurn"}});
  CHECK(current(t) == a);
  REQUIRE_REFUSED(t.run({{"type", "DelayTurn"}}), "campaign.err.delay_last");  // nobody after her this round
  t.run({{"type", "NextTurn"}});
  CHECK(t.state().encounter->round == 2);
  CHECK(current(t) == b);  // the new order stays

  t.session.undo(1);
  t.session.undo(1);
  t.session.undo(1);
  t.session.undo(1);
  CHECK(order_of(t) == std::vector<std::string>{b, a, g, o});
  CHECK(current(t) == a);
}

TEST_CASE("initiative: a delay skips the dead - no delay outside a fight", "[campaign][initiative]") {
  Table t(32);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  std::string a = t.pc("Mira", 20), g = t.monster("Goblin", 7), o = t.monster("Ork", 15);
  REQUIRE_REFUSED(t.run({{"type", "DelayTurn"}}), "campaign.err.no_encounter");
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 18}, {g, 12}, {o, 5}}}});
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}});  // monsters die at 0 HP
  REQUIRE(t.c(g).death_saves.dead);
  t.run({{"type", "DelayTurn"}});  // after the next one who still acts: the orc
  CHECK(order_of(t) == std::vector<std::string>{g, o, a});
  CHECK(current(t) == o);
}

TEST_CASE("initiative: the DM moves a creature in the order - whose turn it is stays", "[campaign][initiative]") {
  Table t(33);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  std::string a = t.pc("Mira", 20), b = t.pc("Olek", 20), g = t.monster("Goblin", 7), o = t.monster("Ork", 15);
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 18}, {b, 15}, {g, 12}, {o, 5}}}});
  t.run({{"type", "NextTurn"}});
  REQUIRE(current(t) == b);
  t.run({{"type", "MoveInitiative"}, {"target", o}, {"position", 0}});
  CHECK(order_of(t) == std::vector<std::string>{o, a, b, g});
  CHECK(current(t) == b);
  CHECK(t.session.log(Lang::en).back().lines[0] == "Ork moves in the initiative order: now first.");
  t.run({{"type", "MoveInitiative"}, {"target", b}, {"position", 3}});
  CHECK(order_of(t) == std::vector<std::string>{o, a, g, b});
  CHECK(current(t) == b);
  CHECK(t.session.log(Lang::uk).back().lines[0] == "Olek — нове місце в порядку ініціативи: після ходу: Goblin.");
  t.run({{"type", "NextTurn"}});
  CHECK(t.state().encounter->round == 2);
  CHECK(current(t) == o);
  REQUIRE_REFUSED(t.run({{"type", "MoveInitiative"}, {"target", o}, {"position", 0}}), "campaign.err.same_position");
  REQUIRE_REFUSED(t.run({{"type", "MoveInitiative"}, {"target", o}, {"position", 4}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "MoveInitiative"}, {"target", "c99"}, {"position", 1}}), "campaign.err.not_participant");
  t.session.undo(1);
  t.session.undo(1);
  CHECK(order_of(t) == std::vector<std::string>{o, a, b, g});
}

TEST_CASE("initiative: three goblins share one roll with group_initiative - the PCs roll their own", "[campaign][initiative]") {
  for (std::uint64_t seed : {41u, 42u, 43u, 44u}) {
    CAPTURE(seed);
    Table t(seed);
    t.run({{"type", "CreateCampaign"}, {"name", "T"}});
    std::string a = t.pc("Mira", 20, {{"abilities", {{"dex", 14}}}});
    t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}, {"count", 3}, {"abilities", {{"dex", 14}}}});
    std::string w = t.monster("Wolf", 11, {{"abilities", {{"dex", 15}}}});
    const Transaction& tx = t.run({{"type", "StartEncounter"}, {"group_initiative", true}});
    const json& rolls = find_event(tx, "encounter_started")->data["rolls"];
    REQUIRE(rolls.size() == 5);
    std::set<int> goblin_rolls;
    int grouped = 0;
    for (const auto& r : rolls) {
      const Creature& x = t.c(r["creature"]);
      if (x.name.rfind("Goblin", 0) == 0) {
        goblin_rolls.insert(r["roll"].get<int>());
        CHECK(r["total"] == r["roll"].get<int>() + 2);
        ++grouped;
        CHECK(r.contains("group"));
      } else {
        CHECK_FALSE(r.contains("group"));  // Mira (a PC) and the wolf (alone) roll their own
      }
    }
    CHECK(grouped == 3);
    CHECK(goblin_rolls.size() == 1);
    // the goblins sit together in the order, in their numbering
    std::vector<std::string> names;
    for (const auto& id : order_of(t)) names.push_back(t.c(id).name);
    auto first = std::find(names.begin(), names.end(), "Goblin 1");
    REQUIRE(std::distance(first, names.end()) >= 3);
    CHECK(*(first + 1) == "Goblin 2");
    CHECK(*(first + 2) == "Goblin 3");
    (void)a, (void)w;
  }
  // without the switch, each rolls its own (seed 42: not all three equal)
  Table t(42);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}, {"count", 3}});
  const Transaction& tx = t.run({{"type", "StartEncounter"}});
  std::set<int> seen;
  for (const auto& r : find_event(tx, "encounter_started")->data["rolls"]) seen.insert(r["roll"].get<int>());
  CHECK(seen.size() > 1);
}

TEST_CASE("initiative: reinforcements join the running fight - in their place, whose turn it is stays, undoable",
          "[campaign][initiative]") {
  Table t(34);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  std::string a = t.pc("Mira", 20), b = t.pc("Olek", 20), g = t.monster("Goblin", 7);
  REQUIRE_REFUSED(t.run({{"type", "JoinEncounter"}, {"target", g}}), "campaign.err.no_encounter");
  t.run({{"type", "StartEncounter"}, {"participants", {a, b}}, {"initiative", {{a, 18}, {b, 12}}}});
  t.run({{"type", "NextTurn"}});
  REQUIRE(current(t) == b);

  // entered at 15: between Mira and Olek — above whose turn it is, so it acts next round; Olek keeps the turn
  const Transaction& tx = t.run({{"type", "JoinEncounter"}, {"target", g}, {"initiative", 15}});
  CHECK(order_of(t) == std::vector<std::string>{a, g, b});
  CHECK(current(t) == b);
  CHECK_FALSE(find_event(tx, "encounter_joined")->data.contains("roll"));
  CHECK(t.session.log(Lang::en).back().lines[0] == "Goblin joins the fight (initiative 15).");
  CHECK(t.session.log(Lang::uk).back().lines[0] == "Goblin долучається до бою (ініціатива 15).");
  REQUIRE_REFUSED(t.run({{"type", "JoinEncounter"}, {"target", g}}), "campaign.err.already_fighting");
  REQUIRE_REFUSED(t.run({{"type", "JoinEncounter"}, {"target", "c99"}}), "campaign.err.no_creature");
  const std::string o = t.monster("Ork", 15);
  REQUIRE_REFUSED(t.run({{"type", "JoinEncounter"}, {"target", o}, {"initiative", 101}}), "campaign.err.param_range");
  t.run({{"type", "NextTurn"}});  // round 2: Mira, then the goblin
  t.run({{"type", "NextTurn"}});
  CHECK(current(t) == g);

  // rolled: d20 + its initiative modifier, after everyone with the same total
  const Transaction& rolled = t.run({{"type", "JoinEncounter"}, {"target", o}});
  const json& d = find_event(rolled, "encounter_joined")->data;
  CHECK(d["initiative"].get<int>() == d["roll"].get<int>() + d["modifier"].get<int>());
  CHECK(d["roll"].get<int>() >= 1);
  CHECK(d["roll"].get<int>() <= 20);
  CHECK(t.state().encounter->order.size() == 4);
  CHECK(current(t) == g);
  t.session.undo(1);
  CHECK(order_of(t) == std::vector<std::string>{a, g, b});
  CHECK(current(t) == g);
}

TEST_CASE("initiative: a creature joining at 20 goes before the lair action, which loses ties", "[campaign][initiative]") {
  Table t(35);
  t.run({{"type", "CreateCampaign"}, {"name", "T"}});
  std::string a = t.pc("Mira", 20), d = t.monster("Drak", 50), g = t.monster("Goblin", 7);
  t.run({{"type", "StartEncounter"}, {"participants", {a, d}}, {"initiative", {{a, 20}, {d, 10}}}, {"lair", {d}}});
  REQUIRE(t.state().encounter->order[1].lair);
  t.run({{"type", "JoinEncounter"}, {"target", g}, {"initiative", 20}});
  const auto& order = t.state().encounter->order;
  CHECK(order[0].creature == a);  // Mira's 20 was there first
  CHECK(order[1].creature == g);
  CHECK(order[2].lair);
  CHECK(current(t) == a);
}
