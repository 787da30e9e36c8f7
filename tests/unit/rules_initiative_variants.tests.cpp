// Table rule "initiative-variants": each variant over three rounds (initiative rolled again every round, side
// initiative, ties by Dexterity then a roll-off), lair actions at 20, the settings, undo and replay.
#include "core/rules/initiative_variants/initiative_variants.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::vector<std::string> order_ids(const Campaign& c) {
  std::vector<std::string> out;
  for (const auto& e : c.encounter->order) out.push_back(e.creature + (e.lair ? "/lair" : ""));
  return out;
}

// Everyone who acts in the running round, in the order they act: NextTurn until the round changes.
std::vector<std::string> play_round(RulesTable& t) {
  std::vector<std::string> acted;
  const int round = t.state().encounter->round;
  while (t.state().encounter->round == round) {
    const auto& enc = *t.state().encounter;
    acted.push_back(enc.order[static_cast<size_t>(enc.turn)].creature);
    t.run({{"type", "NextTurn"}});
  }
  return acted;
}

struct Party {
  std::string a, b, g1, g2, dragon;
};
Party setup(RulesTable& t, json settings) {
  new_campaign(t, std::move(settings));
  Party p;
  p.a = t.pc("Mira", 20, json{{"abilities", {{"dex", 14}}}});
  p.b = t.pc("Toran", 20, json{{"abilities", {{"dex", 10}}}});
  p.g1 = t.monster("Goblin 1", 7, json{{"abilities", {{"dex", 14}}}});
  p.g2 = t.monster("Goblin 2", 7, json{{"abilities", {{"dex", 14}}}});
  p.dragon = t.monster("Dragon", 100, json{{"abilities", {{"dex", 10}}}});
  return p;
}

}  // namespace

TEST_CASE("initiative variants: standard keeps one order for the whole fight", "[rules][initiative_variants]") {
  RulesTable t(11);
  const Party p = setup(t, json::object());
  t.run({{"type", "StartEncounter"}, {"lair", {p.dragon}}});
  const auto first = order_ids(t.state());
  for (int r = 0; r < 3; ++r) {
    play_round(t);
    CHECK(order_ids(t.state()) == first);
  }
}

TEST_CASE("initiative variants: reroll rolls everyone again at the end of every round", "[rules][initiative_variants]") {
  RulesTable t(11);
  const Party p = setup(t, json{{"initiative_variant", "reroll"}});
  CHECK(rules::initiative_variant(t.state()).variant == "reroll");
  t.run({{"type", "StartEncounter"}, {"lair", {p.dragon}}});
  std::set<std::vector<std::string>> orders{order_ids(t.state())};
  int rerolls = 0;
  for (int r = 1; r <= 3; ++r) {
    CAPTURE(r);
    const auto before = order_ids(t.state());
    const auto acted = play_round(t);
    CHECK(acted.size() == 6);  // five creatures and the lair action, each once
    const auto& tx = t.session.tail().back();
    const Event* ev = find_event(tx, "initiative_rerolled");
    REQUIRE(ev);
    ++rerolls;
    CHECK(ev->data["round"] == r + 1);
    CHECK(ev->data["rolls"].size() == 5);  // the lair action does not roll
    // The new round starts at the top of the new order, and the order is sorted.
    CHECK(t.state().encounter->turn == 0);
    CHECK(t.state().encounter->round == r + 1);
    const auto& order = t.state().encounter->order;
    for (size_t k = 1; k < order.size(); ++k) CHECK(order[k - 1].initiative >= order[k].initiative);
    for (const auto& e : order)
      if (e.lair) CHECK(e.initiative == 20);
    // Every roll is in the event: d20 + the modifier.
    for (const auto& roll : ev->data["rolls"]) CHECK(roll["total"] == roll["roll"].get<int>() + roll["modifier"].get<int>());
    orders.insert(order_ids(t.state()));
    (void)before;
  }
  CHECK(rerolls == 3);
  CHECK(orders.size() > 1);  // with this seed the order changed at least once
  // The log says it; undo takes the reroll back with the round.
  const auto log = t.session.log(Lang::en);
  bool said = false;
  for (const auto& entry : log)
    for (const auto& line : entry.lines)
      if (line.rfind("Initiative rolled again for round 4:", 0) == 0) said = true;
  CHECK(said);
  const auto now = order_ids(t.state());
  t.session.undo(1);
  CHECK(t.state().encounter->round == 3);
  t.session.redo(1);
  CHECK(order_ids(t.state()) == now);
}

TEST_CASE("initiative variants: side initiative, the party and the monsters each roll once", "[rules][initiative_variants]") {
  RulesTable t(5);
  const Party p = setup(t, json{{"initiative_variant", "side"}});
  const auto& tx = t.run({{"type", "StartEncounter"}, {"lair", {p.dragon}}});
  const Event* ev = find_event(tx, "initiative_rerolled");
  REQUIRE(ev);
  CHECK(ev->data["reason"] == "side");
  int party = 0, monsters = 0;
  for (const auto& r : ev->data["rolls"]) (r["side"] == "party" ? party : monsters) = r["roll"].get<int>();
  CHECK(party != monsters);
  // Each side's members share its roll; the first turn is the new order's first.
  for (const auto& e : t.state().encounter->order) {
    if (e.lair) {
      CHECK(e.initiative == 20);
      continue;
    }
    CHECK(e.initiative == (t.c(e.creature).kind == "pc" ? party : monsters));
  }
  const auto& order = t.state().encounter->order;
  CHECK(tx.events.back().type == "turn_started");
  CHECK(tx.events.back().data["creature"] == order[0].creature);
  // Three rounds: the sides act as blocks, the same order each round.
  const auto first = order_ids(t.state());
  for (int r = 0; r < 3; ++r) {
    const auto acted = play_round(t);
    CHECK(acted.size() == 6);
    CHECK(order_ids(t.state()) == first);
  }
  // The DM's typed initiative wins over the side rolls.
  t.run({{"type", "EndEncounter"}});
  const auto& typed = t.run({{"type", "StartEncounter"}, {"participants", {p.a, p.g1}},
                             {"initiative", {{p.a, 3}, {p.g1, 17}}}});
  CHECK_FALSE(has_event(typed, "initiative_rerolled"));
}

TEST_CASE("initiative variants: ties by Dexterity, then a roll-off", "[rules][initiative_variants]") {
  RulesTable t(3);
  const Party p = setup(t, json{{"initiative_ties", "dex_rolloff"}});
  // Everyone typed at 12: Mira and the goblins have DEX 14, Toran and the dragon 10.
  json init = json::object();
  for (const auto& id : {p.a, p.b, p.g1, p.g2, p.dragon}) init[id] = 12;
  const auto& tx = t.run({{"type", "StartEncounter"}, {"initiative", init}, {"lair", {p.dragon}}});
  const Event* ev = find_event(tx, "initiative_rerolled");
  REQUIRE(ev);
  CHECK(ev->data["reason"] == "ties");
  const auto order = order_ids(t.state());
  REQUIRE(order.size() == 6);
  CHECK(order[0] == p.dragon + "/lair");  // 20
  // DEX 14 first (Mira, Goblin 1, Goblin 2 in the roll-off's order), then DEX 10.
  const std::set<std::string> high{order[1], order[2], order[3]}, low{order[4], order[5]};
  CHECK(high == std::set<std::string>{p.a, p.g1, p.g2});
  CHECK(low == std::set<std::string>{p.b, p.dragon});
  // The roll-off decided: each tied creature's first d20 is recorded, and the order follows the rolls.
  std::map<std::string, std::vector<int>> ties;
  for (const auto& r : ev->data["rolls"]) ties[r["creature"].get<std::string>()].push_back(r["tie_roll"].get<int>());
  CHECK(ties.size() == 5);
  CHECK(ties[order[1]] > ties[order[2]]);
  CHECK(ties[order[2]] > ties[order[3]]);
  CHECK(ties[order[4]] > ties[order[5]]);
  // Three rounds without a reroll keep that order.
  for (int r = 0; r < 3; ++r) {
    play_round(t);
    CHECK(order_ids(t.state()) == order);
  }
  // Without the variant the base rule decides: the modifier, then DEX, then the order given (no roll-off).
  t.run({{"type", "EndEncounter"}});
  t.run({{"type", "SetSettings"}, {"initiative_ties", "standard"}});
  CHECK(t.state().modules.count("initiative-variants") == 0);
  const auto& plain = t.run({{"type", "StartEncounter"}, {"initiative", init}, {"lair", {p.dragon}}});
  CHECK_FALSE(has_event(plain, "initiative_rerolled"));
  CHECK(order_ids(t.state()) == std::vector<std::string>{p.dragon + "/lair", p.a, p.g1, p.g2, p.b, p.dragon});
  REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"initiative_variant", "popcorn"}}), "campaign.err.param");
}

namespace {

int initiative_of(const Campaign& c, const std::string& id) {
  for (const auto& e : c.encounter->order)
    if (e.creature == id && !e.lair) return e.initiative;
  FAIL("not in the fight: " << id);
  return 0;
}

std::string current(const Campaign& c) { return c.encounter->order[static_cast<size_t>(c.encounter->turn)].creature; }

}  // namespace

TEST_CASE("initiative variants: under side initiative a creature joining the fight takes its side's initiative",
          "[rules][initiative_variants]") {
  RulesTable t(5);
  const Party p = setup(t, json{{"initiative_variant", "side"}});
  t.run({{"type", "StartEncounter"}, {"participants", {p.a, p.b, p.g1}}});
  const int party = initiative_of(t.state(), p.a), monsters = initiative_of(t.state(), p.g1);
  REQUIRE(party != monsters);
  t.run({{"type", "NextTurn"}});
  const std::string acting = current(t.state());

  // A monster the DM adds mid-fight (AddCreature, then JoinEncounter rolled): the monsters' initiative, placed
  // after them; whose turn it is stays.
  const std::string g3 = t.monster("Goblin 3", 7, json{{"abilities", {{"dex", 18}}}});
  const auto& joined = t.run({{"type", "JoinEncounter"}, {"target", g3}});
  const Event* ev = find_event(joined, "initiative_rerolled");
  REQUIRE(ev);
  CHECK(ev->data["reason"] == "joined");
  CHECK(ev->data["creature"] == g3);
  CHECK(ev->data["rolls"].empty());
  CHECK(initiative_of(t.state(), g3) == monsters);
  CHECK(current(t.state()) == acting);
  const auto& order = t.state().encounter->order;
  for (size_t k = 1; k < order.size(); ++k) CHECK(order[k - 1].initiative >= order[k].initiative);
  CHECK(t.session.log_lines(Lang::cs).back().ends_with(" Goblin 3 jedná s iniciativou nestvůr: " + std::to_string(monsters) + "."));
  CHECK(t.session.log_lines(Lang::uk).back().ends_with(" Goblin 3 діє з ініціативою потвор: " + std::to_string(monsters) + "."));

  // SRD monsters added into the fight (AddMonsters {join}) and a PC joining: each its side's.
  const auto& srd = t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}, {"join", true}});
  int added = 0;
  for (const auto& e : srd.events)
    if (e.type == "encounter_joined") {
      ++added;
      CHECK(initiative_of(t.state(), e.data["creature"]) == monsters);
    }
  CHECK(added == 2);
  const std::string c = t.pc("Cyril", 20, json{{"abilities", {{"dex", 8}}}});
  t.run({{"type", "JoinEncounter"}, {"target", c}});
  CHECK(initiative_of(t.state(), c) == party);
  CHECK(current(t.state()) == acting);

  // Initiative typed for the joiner is left as typed.
  const std::string d = t.pc("Dana", 20);
  const auto& typed = t.run({{"type", "JoinEncounter"}, {"target", d}, {"initiative", 4}});
  CHECK_FALSE(has_event(typed, "initiative_rerolled"));
  CHECK(initiative_of(t.state(), d) == 4);

  // Undo takes the join and its side's initiative back together.
  t.session.undo();
  CHECK(t.state().encounter->order.size() == 7);
}

TEST_CASE("initiative variants: side initiative, a side that joins a fight it was not in rolls its d20 then",
          "[rules][initiative_variants]") {
  RulesTable t(9);
  const Party p = setup(t, json{{"initiative_variant", "side"}});
  t.run({{"type", "StartEncounter"}, {"participants", {p.a, p.b}}});
  const int party = initiative_of(t.state(), p.a);
  CHECK(initiative_of(t.state(), p.b) == party);
  const auto& first = t.run({{"type", "JoinEncounter"}, {"target", p.g1}});
  const Event* ev = find_event(first, "initiative_rerolled");
  REQUIRE(ev);
  REQUIRE(ev->data["rolls"].size() >= 1);
  CHECK(ev->data["rolls"].back()["side"] == "monsters");
  const int monsters = ev->data["rolls"].back()["roll"].get<int>();
  CHECK(monsters != party);
  CHECK(initiative_of(t.state(), p.g1) == monsters);
  CHECK(t.session.log_lines(Lang::cs).back().ends_with(" Goblin 1 jedná s iniciativou nestvůr, hozenou teď: " +
                                                       std::to_string(monsters) + "."));
  // The next monster takes that roll.
  t.run({{"type", "JoinEncounter"}, {"target", p.g2}});
  CHECK(initiative_of(t.state(), p.g2) == monsters);
}

TEST_CASE("initiative variants: a fight whose initiative the DM typed one by one is not run by sides",
          "[rules][initiative_variants]") {
  RulesTable t(5);
  const Party p = setup(t, json{{"initiative_variant", "side"}});
  t.run({{"type", "StartEncounter"}, {"participants", {p.a, p.b, p.g1}}, {"initiative", {{p.a, 15}, {p.b, 9}, {p.g1, 12}}}});
  const auto& joined = t.run({{"type", "JoinEncounter"}, {"target", p.g2}});
  CHECK_FALSE(has_event(joined, "initiative_rerolled"));
  // Nor does the standard variant touch a joiner.
  t.run({{"type", "EndEncounter"}});
  t.run({{"type", "SetSettings"}, {"initiative_variant", "standard"}});
  t.run({{"type", "StartEncounter"}, {"participants", {p.a, p.g1}}});
  CHECK_FALSE(has_event(t.run({{"type", "JoinEncounter"}, {"target", p.g2}}), "initiative_rerolled"));
}
