// What a newer table or character link changes on the player's copy (share::table_changes): each kind of change on
// campaigns built by hand, nothing for the same campaign, and the HP and turn as the players see them through real
// table links (a status, a hidden creature's turn). The preview's wording of each change: ui/share/link_open.cpp.
#include <catch2/catch.hpp>

#include "core/share/link.hpp"
#include "core/share/table_changes.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;
using Kind = share::TableChange::Kind;

namespace {

Creature creature(const std::string& id, const std::string& name, int hp, int max_hp) {
  Creature x;
  x.id = id;
  x.name = name;
  x.kind = "pc";
  x.hp = hp;
  x.max_hp = max_hp;
  x.level = 1;
  return x;
}

// A table of two: Mira (10/20, prone) and a goblin (status only), in round 2 on Mira's turn.
Campaign table() {
  Campaign c;
  c.name = "Forest";
  Creature mira = creature("c1", "Mira", 10, 20);
  mira.conditions.push_back({"prone", "", {}, json::object()});
  Creature goblin = creature("c2", "Goblin", 7, 7);
  goblin.kind = "monster";
  goblin.extra["hp_shown"] = "status";
  c.creatures.push_back(mira);
  c.creatures.push_back(goblin);
  campaign::Encounter e;
  e.order = {{"c1", 15, false, json::object()}, {"c2", 10, false, json::object()}};
  e.round = 2;
  e.turn = 0;
  c.encounter = e;
  return c;
}

std::vector<Kind> kinds(const std::vector<share::TableChange>& changes) {
  std::vector<Kind> out;
  for (const auto& ch : changes) out.push_back(ch.kind);
  return out;
}

}  // namespace

TEST_CASE("table changes: the same campaign changes nothing", "[share][table_changes]") {
  CHECK(share::table_changes(table(), table()).empty());
  Campaign none;
  CHECK(share::table_changes(none, none).empty());
}

TEST_CASE("table changes: each kind, with what it needs", "[share][table_changes]") {
  const Campaign old_c = table();

  SECTION("the campaign's name") {
    Campaign c = old_c;
    c.name = "Deep forest";
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::name});
    CHECK(ch[0].old_name == "Forest");
    CHECK(ch[0].new_name == "Deep forest");
  }
  SECTION("a creature added, a creature removed") {
    Campaign c = old_c;
    c.creatures.erase_at(1);
    c.creatures.push_back(creature("c3", "Hans", 12, 12));
    c.encounter->order.pop_back();
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::added, Kind::removed});
    CHECK(ch[0].creature == "Hans");
    CHECK(ch[1].creature == "Goblin");
  }
  SECTION("HP in numbers") {
    Campaign c = old_c;
    c.creatures[0].hp = 4;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::hp});
    CHECK(ch[0].creature == "Mira");
    CHECK(ch[0].old_hp == share::ShownHp{share::ShownHp::Kind::numbers, 10, 20, ""});
    CHECK(ch[0].new_hp == share::ShownHp{share::ShownHp::Kind::numbers, 4, 20, ""});
  }
  SECTION("HP as a status: a change of its placeholder numbers within one status is none") {
    Campaign c = old_c;
    c.creatures[1].hp = 6;  // still healthy
    CHECK(share::table_changes(old_c, c).empty());
    c.creatures[1].hp = 3;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::hp});
    CHECK(ch[0].creature == "Goblin");
    CHECK(ch[0].old_hp == share::ShownHp{share::ShownHp::Kind::status, 0, 0, "healthy"});
    CHECK(ch[0].new_hp == share::ShownHp{share::ShownHp::Kind::status, 0, 0, "bloodied"});
  }
  SECTION("HP hidden") {
    Campaign c = old_c;
    c.creatures[1].extra["hp_shown"] = "hidden";
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::hp});
    CHECK(ch[0].new_hp.kind == share::ShownHp::Kind::hidden);
    Campaign later = c;
    later.creatures[1].hp = 1;  // hidden stays hidden
    CHECK(share::table_changes(c, later).empty());
  }
  SECTION("conditions added and gone, by id") {
    Campaign c = old_c;
    c.creatures[0].conditions.clear();
    c.creatures[0].conditions.push_back({"poisoned", "", {}, json::object()});
    c.creatures[0].conditions.push_back({"blinded", "", {}, json::object()});
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::condition_added, Kind::condition_added, Kind::condition_gone});
    CHECK(ch[0].condition == "blinded");
    CHECK(ch[1].condition == "poisoned");
    CHECK(ch[2].condition == "prone");
    for (const auto& x : ch) CHECK(x.creature == "Mira");
    // the same condition from another source is no change
    Campaign again = old_c;
    again.creatures[0].conditions[0].source = "c2";
    CHECK(share::table_changes(old_c, again).empty());
  }
  SECTION("level") {
    Campaign c = old_c;
    c.creatures[0].level = 2;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::level});
    CHECK(ch[0].creature == "Mira");
    CHECK(ch[0].old_level == 1);
    CHECK(ch[0].new_level == 2);
  }
  SECTION("dead, and not the way back") {
    Campaign c = old_c;
    c.creatures[0].death_saves.dead = true;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::dead});
    CHECK(ch[0].creature == "Mira");
    CHECK(share::table_changes(c, old_c).empty());
  }
  SECTION("the turn: the next creature, the next round, a hidden turn, the fight's end") {
    Campaign c = old_c;
    c.encounter->turn = 1;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::turn});
    CHECK(ch[0].turn == share::ShownTurn{true, 2, "Goblin"});
    Campaign hidden = c;
    hidden.encounter->extra["turn_hidden"] = true;
    ch = share::table_changes(c, hidden);
    REQUIRE(kinds(ch) == std::vector{Kind::turn});
    CHECK(ch[0].turn == share::ShownTurn{true, 2, ""});
    Campaign next = hidden;
    next.encounter->round = 3;  // still a hidden turn, a new round
    ch = share::table_changes(hidden, next);
    REQUIRE(kinds(ch) == std::vector{Kind::turn});
    CHECK(ch[0].turn == share::ShownTurn{true, 3, ""});
    Campaign over = c;
    over.encounter.reset();
    ch = share::table_changes(c, over);
    REQUIRE(kinds(ch) == std::vector{Kind::turn});
    CHECK_FALSE(ch[0].turn.fight);
  }
  SECTION("the rule switches") {
    Campaign c = old_c;
    c.settings.rules["massive-damage"] = false;
    auto ch = share::table_changes(old_c, c);
    REQUIRE(kinds(ch) == std::vector{Kind::rules});
  }
  SECTION("several at once, in the preview's order") {
    Campaign c = old_c;
    c.name = "Cave";
    c.creatures[0].hp = 0;
    c.creatures[0].level = 3;
    c.creatures[0].death_saves.dead = true;
    c.creatures.erase_at(1);
    c.encounter.reset();
    c.settings.rules["massive-damage"] = false;
    CHECK(kinds(share::table_changes(old_c, c)) ==
          std::vector{Kind::name, Kind::hp, Kind::level, Kind::dead, Kind::removed, Kind::turn, Kind::rules});
  }
}

TEST_CASE("table changes: through real table links, HP and the turn as players see them", "[share][table_changes]") {
  RulesTable t(5);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 20);
  const std::string spy = t.add({{"name", "Spy"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}});
  const std::string goblin = t.monster("Goblin", 8);
  t.run({{"type", "StartEncounter"}, {"initiative", {{mira, 20}, {spy, 15}, {goblin, 5}}}});
  auto copy = [&] { return share::decode(share::encode_table(t.state())).payload.get<Campaign>(); };

  const Campaign first = copy();
  CHECK(share::table_changes(first, copy()).empty());

  t.run({{"type", "ApplyDamage"}, {"target", goblin}, {"amount", 5}});  // the players see "bloodied"
  t.run({{"type", "NextTurn"}});                                        // the hidden spy's turn
  const Campaign second = copy();
  auto ch = share::table_changes(first, second);
  REQUIRE(kinds(ch) == std::vector{Kind::hp, Kind::turn});
  CHECK(ch[0].creature == "Goblin");
  CHECK(ch[0].old_hp == share::ShownHp{share::ShownHp::Kind::status, 0, 0, "healthy"});
  CHECK(ch[0].new_hp == share::ShownHp{share::ShownHp::Kind::status, 0, 0, "bloodied"});
  CHECK(ch[1].turn == share::ShownTurn{true, 1, ""});  // nobody's turn by name

  t.run({{"type", "NextTurn"}});  // the goblin's
  ch = share::table_changes(second, copy());
  REQUIRE(kinds(ch) == std::vector{Kind::turn});
  CHECK(ch[0].turn == share::ShownTurn{true, 1, "Goblin"});
}
