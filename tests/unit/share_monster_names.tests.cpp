// An SRD monster's name on a player's phone: a table link and a live view carry what a monster the rules named is
// ("M": its SRD id) while it bears the SRD's name, and the reader's phone writes that name in her language with the
// DM's number ("Skřet 2" → "Гоблін 2"); a name the DM typed stays hers; a hidden monster travels not at all; a link
// made before reads as it did; hostile values are refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../support/link_bytes.hpp"
#include "core/live/protocol.hpp"
#include "core/live/view.hpp"
#include "core/share/link.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

std::vector<std::string> names_of(const json& campaign) {
  std::vector<std::string> out;
  for (const auto& c : campaign["creatures"]) out.push_back(c["name"].get<std::string>());
  return out;
}

// A Czech DM's table: Mira, two goblins added as a pair, one goblin she named "Vůdce".
void czech_goblins(RulesTable& t) {
  new_campaign(t, {{"language", "cs"}});
  t.run({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}});
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 2}});
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"name", "Vůdce"}});
}

std::string old_link(const json& wire) {  // as a link made before: no "M" on any creature
  json w = wire;
  for (auto& c : w["c"])
    if (c.size() > 4) {
      c[4].erase("M");
      if (c[4].empty()) c.erase(4);
    }
  return share::frame_payload('t', w.dump());
}

}  // namespace

TEST_CASE("share: an SRD monster's name reads in the player's language, a name the DM typed as she typed it",
          "[share][srd_monsters]") {
  RulesTable t(5);
  czech_goblins(t);
  REQUIRE(names_of(json(t.state())) == std::vector<std::string>{"Mira", "Skřet 1", "Skřet 2", "Vůdce"});
  const std::string link = share::encode_table(t.state());

  SECTION("as uk, en and cs") {
    CHECK(names_of(share::decode(link, Lang::uk).payload) ==
          std::vector<std::string>{"Mira", "Гоблін 1", "Гоблін 2", "Vůdce"});
    CHECK(names_of(share::decode(link, Lang::en).payload) ==
          std::vector<std::string>{"Mira", "Goblin 1", "Goblin 2", "Vůdce"});
    CHECK(names_of(share::decode(link, Lang::cs).payload) ==
          std::vector<std::string>{"Mira", "Skřet 1", "Skřet 2", "Vůdce"});
    CHECK(names_of(share::decode(link).payload) ==  // no reader language: the link's (the DM's)
          std::vector<std::string>{"Mira", "Skřet 1", "Skřet 2", "Vůdce"});
    // the player's copy keeps the name only, not what the monster is
    const json copy = share::decode(link, Lang::uk).payload;
    for (const auto& c : copy["creatures"]) CHECK_FALSE((c.contains("modules") && c["modules"].contains("srd_monsters")));
  }

  SECTION("only the goblins bearing the SRD name carry their id, and the link stays short") {
    CHECK(share::table_view(t.state())["c"][1][4]["M"] == "goblin");
    CHECK(share::table_view(t.state())["c"][2][4]["M"] == "goblin");
    CHECK_FALSE(share::table_view(t.state())["c"][3][4].contains("M"));  // "Vůdce": what she is stays home
    const std::string before = old_link(share::table_view(t.state()));
    WARN("table link, 1 PC and 3 goblins: " << before.size() << " characters without the monsters' ids, "
                                            << link.size() << " with them");
    CHECK(link.size() <= before.size() + 24);
  }

  SECTION("a hidden goblin is not in the bytes") {
    RulesTable h(5);
    new_campaign(h, {{"language", "cs"}});
    h.run({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}});
    h.run({{"type", "AddMonsters"}, {"monster", "hobgoblin"}});
    h.run({{"type", "SetHidden"}, {"targets", {h.state().creatures.back().id}}, {"hidden", true}});
    const std::string bytes = link_bytes(share::encode_table(h.state()));
    CHECK(bytes.find("hobgoblin") == std::string::npos);
    CHECK(bytes.find(h.state().creatures.back().name) == std::string::npos);
    CHECK(names_of(share::decode(share::encode_table(h.state()), Lang::uk).payload) == std::vector<std::string>{"Mira"});
  }

  SECTION("a link made before decodes, its names as they came") {
    const std::string old = old_link(share::table_view(t.state()));
    CHECK(names_of(share::decode(old, Lang::uk).payload) ==
          std::vector<std::string>{"Mira", "Skřet 1", "Skřet 2", "Vůdce"});
  }

  SECTION("hostile values of M are refused, never a crash") {
    const std::vector<json> bads = {json(5), json("no-such-monster"), json::array({"goblin"}), json(nullptr),
                           json(std::string(100000, 'g')), json::object({{"goblin", 1}})};
    for (const json& bad : bads) {
      CAPTURE(bad.dump().substr(0, 40));
      json w = share::table_view(t.state());
      w["c"][1][4]["M"] = bad;
      CHECK_THROWS_AS(share::decode(share::frame_payload('t', w.dump()), Lang::uk), UserError);
      CHECK_THROWS_AS(share::read_table_view(w, Lang::uk), UserError);
    }
    // an id that is not what the name says: only a name that is that monster's SRD name is rewritten
    json w = share::table_view(t.state());
    w["c"][1][4]["M"] = "orc";
    w["c"][3][4]["M"] = "goblin";
    const json copy = share::read_table_view(w, Lang::uk);
    CHECK(names_of(copy)[1] == "Skřet 1");
    CHECK(names_of(copy)[3] == "Vůdce");
  }
}

TEST_CASE("live view: a Ukrainian player's phone names a Czech DM's goblins in Ukrainian", "[live][srd_monsters]") {
  RulesTable t(5);
  czech_goblins(t);
  const json view = live::players_view(t.state());
  live::Follower phone;
  REQUIRE(phone.apply(live::decode(live::encode(live::view_message(nullptr, 0, view, 1, 1764480000000, {"Olena"})))));
  CHECK(names_of(phone.campaign(Lang::uk)) == std::vector<std::string>{"Mira", "Гоблін 1", "Гоблін 2", "Vůdce"});
  // the DM renames a goblin herself: it keeps her words, and what it is no longer travels
  t.run({{"type", "UpdateCreature"}, {"target", t.state().creatures[1].id}, {"patch", {{"name", "Zbabělec"}}}});
  const json next = live::players_view(t.state());
  CHECK(next.dump().find("goblin") != std::string::npos);  // Skřet 2 still goes by the SRD name
  CHECK_FALSE(next["c"][1][4].contains("M"));
  REQUIRE(phone.apply(live::decode(live::encode(live::view_message(&view, 1, next, 2, 1764480001000, {"Olena"})))));
  CHECK(names_of(phone.campaign(Lang::uk)) == std::vector<std::string>{"Mira", "Zbabělec", "Гоблін 2", "Vůdce"});
}
