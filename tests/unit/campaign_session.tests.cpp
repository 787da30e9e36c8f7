// Session: all-or-nothing commands, undo/redo across several steps, the bounded tail, the log.
#include <functional>

#include "../scenario/campaign_fixture.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("session: a refused command changes nothing, not even the dice", "[campaign][session]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  json before = to_j(t.state());
  Rng rng_before = t.rng;
  // AddCreature rolls HP for two goblins first, then the third copy… no: validation fails before execute.
  REQUIRE_REFUSED(t.run({{"type", "AddCreature"}, {"name", "G"}, {"hp", "2d6"}, {"count", 3}, {"ac", -5}}), "state.err.out_of_range");
  REQUIRE(to_j(t.state()) == before);
  REQUIRE(t.rng.next() == Rng(rng_before).next());

  SECTION("a failure half way through execute rolls back the events and the rolls") {
    Engine e;
    register_base_events(e);
    register_base_commands(e);
    e.add_module({"breaker", true, [](Engine& en) {
                    en.after("ApplyDamage", [](Ctx&, const json&) { throw UserError("campaign.err.nothing_to_change"); });
                  }});
    Table u(e, 5);
    std::string g = u.add({{"name", "G"}, {"hp", "3d6"}});
    json s0 = to_j(u.state());
    Rng r0 = u.rng;
    REQUIRE_REFUSED(u.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 2}}), "campaign.err.nothing_to_change");
    REQUIRE(to_j(u.state()) == s0);
    REQUIRE(u.session.undo_depth() == 1);
    REQUIRE(u.rng.next() == Rng(r0).next());
  }
}

TEST_CASE("session: undo and redo any number of steps", "[campaign][session]") {
  BaseTable t(11);
  std::vector<json> states;
  states.push_back(to_j(t.state()));
  std::string m = t.pc("Mira", 17);
  states.push_back(to_j(t.state()));
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 3}});
  states.push_back(to_j(t.state()));
  t.run({{"type", "StartEncounter"}});
  states.push_back(to_j(t.state()));
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  states.push_back(to_j(t.state()));
  t.run({{"type", "NextTurn"}});
  states.push_back(to_j(t.state()));

  t.session.undo(1);
  REQUIRE(to_j(t.state()) == states[4]);
  t.session.undo(3);
  REQUIRE(to_j(t.state()) == states[1]);
  REQUIRE(t.session.redo_depth() == 4);
  t.session.redo(2);
  REQUIRE(to_j(t.state()) == states[3]);  // the same goblins, the same initiative: events re-applied, not re-rolled
  t.session.redo(2);
  REQUIRE(to_j(t.state()) == states[5]);
  REQUIRE_REFUSED(t.session.redo(1), "campaign.err.nothing_to_redo");
  t.session.undo(5);
  REQUIRE(to_j(t.state()) == states[0]);
  REQUIRE_REFUSED(t.session.undo(1), "campaign.err.nothing_to_undo");

  SECTION("a new command clears the redo stack") {
    t.session.redo(1);
    t.run({{"type", "AddNote"}, {"text", "new branch"}});
    REQUIRE(t.session.redo_depth() == 0);
    REQUIRE(t.state().last_tx == 2);
  }
  SECTION("undo is the fold of the snapshot and the remaining tail") {
    t.session.redo(5);
    REQUIRE(to_j(t.session.refold()) == to_j(t.state()));
  }
}

TEST_CASE("session: the tail is bounded, older steps fold into the snapshot", "[campaign][session]") {
  SessionOptions opts;
  opts.tail_limit = 3;
  BaseTable t(1, opts);
  std::string m = t.pc("Mira", 17);
  for (int i = 0; i < 6; ++i) t.run({{"type", "AdvanceTime"}, {"minutes", 10}});
  REQUIRE(t.session.tail().size() == 3);
  REQUIRE(t.session.snapshot().last_tx == 4);
  REQUIRE(t.session.snapshot().minutes == 30);
  REQUIRE(t.state().minutes == 60);
  REQUIRE(to_j(t.session.refold()) == to_j(t.state()));
  t.session.undo(3);
  REQUIRE(t.state().minutes == 30);
  REQUIRE_REFUSED(t.session.undo(1), "campaign.err.nothing_to_undo");
  t.session.redo(3);
  REQUIRE(t.state().minutes == 60);
  SECTION("lowering the limit folds at once") {
    t.session.set_tail_limit(1);
    REQUIRE(t.session.tail().size() == 1);
    REQUIRE(to_j(t.session.refold()) == to_j(t.state()));
  }
}

TEST_CASE("session: the log groups lines by transaction, in every language", "[campaign][session][log]") {
  BaseTable t(2);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string m = t.pc("Mira", 17);
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}, {"damage_type", "slashing"}});
  t.run({{"type", "UpdateCreature"}, {"target", g}, {"patch", {{"name", "Vůdce goblinů"}}}});
  t.run({{"type", "RemoveCreature"}, {"target", g}});
  auto en = t.session.log(Lang::en);
  REQUIRE(en.size() == 6);
  REQUIRE(en[3].command == "ApplyDamage");
  REQUIRE(en[3].lines == std::vector<std::string>{"Mira takes 9 damage (slashing): HP 17 → 8."});
  REQUIRE(en[5].lines[0] == "Removed: Vůdce goblinů.");
  auto cs = t.session.log(Lang::cs);
  REQUIRE(cs[3].lines[0] == "Mira utrží 9 zranění (sečné): životy 17 → 8.");
  auto uk = t.session.log(Lang::uk);
  REQUIRE(uk[3].lines[0] == "Mira отримує 9 шкоди (рубальна): хіти 17 → 8.");
  // every line of every language is translated (no raw key left)
  for (Lang lang : kLangs)
    for (const auto& line : t.session.log_lines(lang)) REQUIRE(line.find("event.") == std::string::npos);
  auto flat = t.session.log_lines(Lang::en);
  REQUIRE(flat.front() == "#1 Campaign “Les” created.");
}

namespace {
std::string all_lines(const std::vector<LogEntry>& log) {
  std::string out;
  for (const auto& e : log)
    for (const auto& l : e.lines) out += l + "\n";
  return out;
}
}  // namespace

TEST_CASE("session: a player's log leaves out the DM's secrets", "[campaign][session][log]") {
  Table t(3);  // the app's engine: NPC loyalty and challenge rating are modules
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string mira = t.pc("Mira", 17, {{"abilities", {{"cha", 16}}}});
  std::string hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}});
  std::string lurker = t.monster("Číhající", 30, {{"hidden", true}});
  std::string gob = t.monster("Goblin", 7);
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "help"}, {"roll", 3}});
  t.run({{"type", "SetChallengeRating"}, {"target", gob}, {"cr", "1/4"}});
  t.run({{"type", "AddNote"}, {"text", "Hans is the traitor"}, {"secret", true}});
  t.run({{"type", "AddNote"}, {"text", "The bridge is out"}});
  t.run({{"type", "ApplyDamage"}, {"target", lurker}, {"amount", 4}});
  t.run({{"type", "ApplyDamage"}, {"target", gob}, {"amount", 3}});   // monsters' HP: "status" by default
  t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 5}});  // the party's: "exact"

  const std::string dm = all_lines(t.session.log(Lang::en));
  const std::string player = all_lines(t.session.log(Lang::en, LogAudience::player));
  for (const char* secret : {"Číhající", "traitor", "oyalty", "1/4"}) {
    INFO(secret);
    CHECK(dm.find(secret) != std::string::npos);      // the DM reads everything …
    CHECK(player.find(secret) == std::string::npos);  // … a player none of it
  }
  CHECK(dm.find("Goblin takes 3") != std::string::npos);
  CHECK(player.find("Goblin takes 3") == std::string::npos);  // the goblin's HP is not the players' to know
  CHECK(player.find("Mira takes 5") != std::string::npos);
  CHECK(player.find("The bridge is out") != std::string::npos);
  CHECK(player.find("Goblin") != std::string::npos);  // the goblin itself is no secret
  for (const auto& e : t.session.log(Lang::en, LogAudience::player)) CHECK_FALSE(e.lines.empty());

  SECTION("the goblin's HP shows once the DM makes the monsters' HP exact") {
    t.run({{"type", "SetSettings"}, {"hp_visibility", {{"others", "exact"}}}});
    CHECK(all_lines(t.session.log(Lang::en, LogAudience::player)).find("Goblin takes 3") != std::string::npos);
  }
  SECTION("a creature hidden later stays out of the whole log") {
    t.run({{"type", "UpdateCreature"}, {"target", gob}, {"patch", {{"hidden", true}}}});
    CHECK(all_lines(t.session.log(Lang::en, LogAudience::player)).find("Goblin") == std::string::npos);
  }
}

TEST_CASE("session: a transaction remembers who ran it, through a save", "[campaign][session][log]") {
  BaseTable t(4);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  t.session.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"hp", 10}}, t.rng, 1700000000000LL, "player");
  CHECK(t.session.tail().back().by == "player");
  CHECK(t.session.tail().front().by.empty());
  auto log = t.session.log(Lang::en);
  CHECK(log.back().by == "player");
  CHECK(log.back().wall == 1700000000000LL);
  Session back = io::load(io::save(t.session), base_engine());
  CHECK(back.tail().back().by == "player");
  CHECK(back.tail().front().by.empty());
  CHECK(io::save(back) == io::save(t.session));

  SECTION("an author the app never writes is a damaged save") {
    json doc = io::save_json(t.session);
    int changed = 0;
    std::function<void(json&)> walk = [&](json& v) {
      if (v.is_object() && v.contains("by") && v["by"] == "player") {
        v["by"] = "admin!";
        ++changed;
      }
      if (v.is_structured())
        for (auto& child : v) walk(child);
    };
    walk(doc);
    REQUIRE(changed == 1);
    CHECK_NOTHROW(io::load_json(io::save_json(t.session), base_engine()));
    CHECK_THROWS(io::load_json(doc, base_engine()));
  }
}
