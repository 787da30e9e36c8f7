// Encounters: initiative, turns and rounds, condition durations that end at the right moment, legendary
// actions, going back a turn, ending the fight.
#include "../scenario/campaign_fixture.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
// A fixed order: A (20), B (15), C (10).
struct Fight : BaseTable {
  std::string a, b, c;
  Fight() {
    a = pc("A", 20);
    b = pc("B", 20);
    c = monster("C", 20);
    run({{"type", "StartEncounter"}, {"initiative", {{a, 20}, {b, 15}, {c, 10}}}});
  }
  std::string current() const {
    const auto& e = *state().encounter;
    return e.order[static_cast<size_t>(e.turn)].creature;
  }
  void next() { run({{"type", "NextTurn"}}); }
  void set(const std::string& who, const std::string& kind, json more = json::object()) {
    json until = more;
    until["kind"] = kind;
    run({{"type", "SetCondition"}, {"target", who}, {"condition", "stunned"}, {"until", until}});
  }
  bool stunned(const std::string& who) const { return has_condition(this->c_(who), "stunned"); }
  const Creature& c_(const std::string& id) const { return Table::c(id); }
};
}  // namespace

TEST_CASE("StartEncounter: order by initiative, ties by modifier, rolls recorded", "[campaign][encounter]") {
  BaseTable t(3);
  std::string slow = t.pc("Slow", 10, {{"abilities", {{"dex", 8}}}});
  std::string quick = t.pc("Quick", 10, {{"abilities", {{"dex", 18}}}});
  std::string boss = t.monster("Boss", 50, {{"legendary_actions", 3}});
  SECTION("given values, ties broken by the higher modifier, lair at 20 loses ties") {
    t.run({{"type", "StartEncounter"}, {"initiative", {{slow, 20}, {quick, 20}, {boss, 12}}}, {"lair", {boss}}});
    const auto& o = t.state().encounter->order;
    REQUIRE(o.size() == 4);
    REQUIRE(o[0].creature == quick);
    REQUIRE(o[1].creature == slow);
    REQUIRE(o[2].creature == boss);
    REQUIRE(o[2].lair);
    REQUIRE(o[3].creature == boss);
    REQUIRE(t.state().encounter->round == 1);
    REQUIRE(t.state().encounter->turn == 0);
  }
  SECTION("rolled: d20 + modifier recorded for every participant") {
    const Transaction& tx = t.run({{"type", "StartEncounter"}});
    const json& rolls = find_event(tx, "encounter_started")->data["rolls"];
    REQUIRE(rolls.size() == 3);
    for (const auto& r : rolls) {
      REQUIRE(r["roll"].get<int>() >= 1);
      REQUIRE(r["roll"].get<int>() <= 20);
      REQUIRE(r["total"] == r["roll"].get<int>() + r["modifier"].get<int>());
    }
    REQUIRE(find_event(tx, "turn_started") != nullptr);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}, {"participants", json::array()}}), "campaign.err.no_participants");
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}, {"participants", {slow, slow}}}), "campaign.err.duplicate");
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}, {"participants", {"c99"}}}), "campaign.err.no_creature");
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}, {"participants", {slow}}, {"initiative", {{quick, 3}}}}),
                    "campaign.err.not_participant");
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}, {"initiative", "fast"}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "NextTurn"}}), "campaign.err.no_encounter");
    REQUIRE_REFUSED(t.run({{"type", "EndEncounter"}}), "campaign.err.no_encounter");
    t.run({{"type", "StartEncounter"}});
    REQUIRE_REFUSED(t.run({{"type", "StartEncounter"}}), "campaign.err.encounter_active");
  }
}

TEST_CASE("NextTurn / PrevTurn: rounds, skipping the dead, turn_started for hooks", "[campaign][encounter]") {
  Fight f;
  REQUIRE(f.current() == f.a);
  f.next();
  REQUIRE(f.current() == f.b);
  REQUIRE(find_event(f.session.tail().back(), "turn_started")->data["creature"] == f.b);
  f.next();
  f.next();
  REQUIRE(f.current() == f.a);
  REQUIRE(f.state().encounter->round == 2);
  REQUIRE(has_event(f.session.tail().back(), "round_started"));
  SECTION("the dead are skipped") {
    f.run({{"type", "ApplyDamage"}, {"target", f.b}, {"amount", 40}});  // instant death
    f.next();
    REQUIRE(f.current() == f.c);
  }
  SECTION("PrevTurn goes back across the round boundary, not before the first turn") {
    f.run({{"type", "PrevTurn"}});
    REQUIRE(f.current() == f.c);
    REQUIRE(f.state().encounter->round == 1);
    f.run({{"type", "PrevTurn"}});
    f.run({{"type", "PrevTurn"}});
    REQUIRE(f.current() == f.a);
    REQUIRE_REFUSED(f.run({{"type", "PrevTurn"}}), "campaign.err.first_turn");
  }
  SECTION("EndEncounter: the fight took a minute per 10 rounds") {
    const Transaction& tx = f.run({{"type", "EndEncounter"}});
    REQUIRE_FALSE(f.state().encounter.has_value());
    REQUIRE(f.state().minutes == 1);
    REQUIRE(find_event(tx, "encounter_ended")->data["rounds"] == 2);
  }
}

TEST_CASE("condition durations end at the right moment", "[campaign][encounter][conditions]") {
  Fight f;  // A's turn, round 1
  SECTION("until the end of its next turn, set on someone else's turn: ends at the end of its coming turn") {
    f.next();                         // B's turn
    f.set(f.c, "end_of_next_turn");   // C is stunned until the end of C's next turn (this round)
    f.next();                         // C's turn starts
    REQUIRE(f.stunned(f.c));
    f.next();  // C's turn ends
    REQUIRE_FALSE(f.stunned(f.c));
  }
  SECTION("until the end of its next turn, set on its own turn: lasts through the next round's turn") {
    f.set(f.a, "end_of_next_turn");  // during A's own turn
    f.next();                        // A's turn ends: not yet
    REQUIRE(f.stunned(f.a));
    f.next();
    f.next();  // round 2, A's turn
    REQUIRE(f.stunned(f.a));
    f.next();  // A's turn in round 2 ends
    REQUIRE_FALSE(f.stunned(f.a));
  }
  SECTION("until the start of its next turn") {
    f.set(f.b, "start_of_next_turn");  // during A's turn
    f.next();                          // B's turn starts
    REQUIRE_FALSE(f.stunned(f.b));
  }
  SECTION("until the end of another creature's next turn") {
    f.set(f.c, "end_of_next_turn", {{"turn_of", f.b}});
    f.next();  // B's turn
    REQUIRE(f.stunned(f.c));
    f.next();  // B's turn ended
    REQUIRE_FALSE(f.stunned(f.c));
  }
  SECTION("for N rounds: until the start of the setter's turn N rounds later") {
    f.set(f.c, "rounds", {{"rounds", 2}});  // set on A's turn, round 1
    for (int i = 0; i < 5; ++i) f.next();   // … round 2 C's turn
    REQUIRE(f.stunned(f.c));
    f.next();  // round 3, A's turn starts
    REQUIRE_FALSE(f.stunned(f.c));
  }
  SECTION("turn-based durations end with the encounter") {
    f.set(f.c, "end_of_next_turn");
    f.run({{"type", "EndEncounter"}});
    REQUIRE_FALSE(f.stunned(f.c));
  }
  SECTION("the expiry event says why") {
    f.next();
    f.set(f.c, "end_of_next_turn");
    f.next();
    const Transaction& tx = f.run({{"type", "NextTurn"}});
    const Event* gone = find_event(tx, "condition_removed");
    REQUIRE(gone != nullptr);
    REQUIRE(gone->data["reason"] == "expired");
    // the order of events: C's turn ends, the condition ends, then the next turn starts
    std::vector<std::string> types;
    for (const auto& e : tx.events) types.push_back(e.type);
    REQUIRE(types == std::vector<std::string>{"turn_ended", "condition_removed", "round_started", "turn_started"});
  }
}

TEST_CASE("legendary actions reset at the start of the creature's turn", "[campaign][encounter]") {
  BaseTable t;
  std::string a = t.pc("A", 20);
  std::string d = t.monster("Dragon", 200, {{"legendary_actions", 3}});
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 20}, {d, 10}}}});
  t.run({{"type", "UseLegendaryAction"}, {"target", d}, {"cost", 2}});
  REQUIRE(t.state().encounter->legendary.at(d) == 1);
  REQUIRE_REFUSED(t.run({{"type", "UseLegendaryAction"}, {"target", d}, {"cost", 2}}), "campaign.err.no_legendary_left");
  REQUIRE_REFUSED(t.run({{"type", "UseLegendaryAction"}, {"target", a}}), "campaign.err.no_legendary");
  t.run({{"type", "NextTurn"}});  // the dragon's turn
  REQUIRE(t.state().encounter->legendary.at(d) == 3);
}
