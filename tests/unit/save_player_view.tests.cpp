// player_view: what a player's share link may contain — no DM secret survives.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/player_view.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("player_view: no secret survives", "[save][player_view]") {
  BaseTable t(4);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"dm_notes", "SECRET-DM-NOTES"}, {"house_rule_notes", "Ranger: see notes"}});
  std::string m = t.pc("Mira", 17, {{"notes", "likes cats"}});
  std::string npc = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}, {"modules", {{"npc-loyalty", {{"legacy", 3}}}}}, {"notes", "SECRET-NPC-NOTES"},
                           {"inventory", {{{"name", "SECRET-DAGGER"}, {"weight", 1}}}}});
  std::string spy = t.add({{"name", "SECRET-SPY"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}, {"modules", {{"npc-loyalty", {{"legacy", {{"party", -2}}}}}}}});
  std::string g = t.monster("Goblin", 8, {{"ac", 15}});
  t.run({{"type", "AddNote"}, {"text", "SECRET-NOTE"}, {"secret", true}});
  t.run({{"type", "AddNote"}, {"text", "The bridge is out."}});
  t.run({{"type", "AddNote"}, {"text", "SECRET-ABOUT-SPY"}, {"creature", spy}});
  t.run({{"type", "StartEncounter"}, {"initiative", {{m, 10}, {spy, 20}, {g, 5}, {npc, 3}}}});  // the spy acts now
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 4}});
  t.run({{"type", "SetSettings"}, {"rules", {{"secret-rule", true}}}});

  json v = io::player_view(t.state());
  std::string text = v.dump();
  for (const char* secret : {"SECRET-DM-NOTES", "SECRET-NPC-NOTES", "SECRET-DAGGER", "SECRET-SPY", "SECRET-NOTE",
                             "SECRET-ABOUT-SPY", "loyalty", "dm_notes", "\"hidden\"", "modules"})
  {
    INFO(secret << " in " << text);
    REQUIRE(text.find(secret) == std::string::npos);
  }

  REQUIRE(v["creatures"].size() == 3);
  REQUIRE(v["settings"]["house_rule_notes"] == "Ranger: see notes");
  REQUIRE(v["notes"].size() == 1);
  // the party's HP exactly, the goblin's only as a status (the default)
  REQUIRE(v["creatures"][0]["hp"] == 17);
  REQUIRE(v["creatures"][0]["notes"] == "likes cats");
  REQUIRE(v["creatures"][2]["health"] == "bloodied");
  REQUIRE_FALSE(v["creatures"][2].contains("hp"));
  REQUIRE_FALSE(v["creatures"][2].contains("ac"));
  // the hidden spy's turn: the order shows no current turn
  REQUIRE(v["encounter"]["order"].size() == 3);
  REQUIRE(v["encounter"]["turn"].is_null());

  SECTION("HP visibility as the DM chooses") {
    t.run({{"type", "SetSettings"}, {"hp_visibility", {{"party", "status"}, {"others", "hidden"}}}});
    json w = io::player_view(t.state());
    REQUIRE(w["creatures"][0]["health"] == "healthy");
    REQUIRE_FALSE(w["creatures"][0].contains("hp"));
    REQUIRE_FALSE(w["creatures"][2].contains("health"));
    REQUIRE_FALSE(w["creatures"][2].contains("hp"));
    t.run({{"type", "SetSettings"}, {"hp_visibility", {{"others", "exact"}}}});
    REQUIRE(io::player_view(t.state())["creatures"][2]["hp"] == 4);
  }
  SECTION("unknown fields never reach players") {
    Campaign c = t.state();
    c.creatures[0].extra["future_secret"] = "x";
    c.extra["future_secret"] = "x";
    REQUIRE(io::player_view(c).dump().find("future_secret") == std::string::npos);
  }
}
