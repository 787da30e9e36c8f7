// The class resources on the screens, without a browser (tests/ui/headless.hpp): a barbarian's rages as pips on
// her sheet (spent and given back, each pip big enough to tap on the phone and on the screen), a paladin's Lay on
// Hands from the pool on the number pad with whom it heals, a player spending her own on her sheet, and the current
// creature's resources in the fight one tap away.
#include <catch2/catch.hpp>

#include <string>

#include "headless.hpp"
#include "sheet_helpers.hpp"
#include "ui/mode.hpp"

using druzina::uitest::Headless;
using namespace druzina::uitest::sheet;
using nlohmann::json;


TEST_CASE("a barbarian's rages as pips on her sheet - spent, given back, big enough to tap", "[ui][class-resources]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Ulf"}, {"kind", "pc"}, {"hp", 50}, {"level", 17}, {"class", "barbarian"}}));
  const std::string ulf = id_of(app.campaign(), "Ulf");
  app.tap("tab.party");
  app.tap("party.card." + ulf);
  REQUIRE(app.scroll_to("sheet.cres.rage"));
  CHECK(label(app, "sheet.cres.rage") == "6/6");
  // six pips on one row at 412 px, each at least 44 px, none off the screen
  REQUIRE(app.scroll_to("sheet.cres.rage.5"));
  for (int i = 0; i < 6; ++i) {
    const auto pip = app.find("sheet.cres.rage." + std::to_string(i));
    REQUIRE(pip);
    CHECK(pip->w >= 44);
    CHECK(pip->h >= 44);
    CHECK(pip->x + pip->w <= 412);
  }
  CHECK(app.find("sheet.cres.rage.5")->y == app.find("sheet.cres.rage.0")->y);
  tap_seen(app, "sheet.cres.rage.0");
  CHECK(label(app, "sheet.cres.rage") == "5/6");
  tap_seen(app, "sheet.cres.rage.5");  // the spent one: back
  CHECK(label(app, "sheet.cres.rage") == "6/6");
}

TEST_CASE("Lay on Hands: the points on the number pad, and whom they heal", "[ui][class-resources]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Anna"}, {"kind", "pc"}, {"hp", 44}, {"level", 5},
                        {"class", "paladin"}, {"abilities", {{"cha", 14}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 5}, {"class", "fighter"}}));
  const std::string anna = id_of(app.campaign(), "Anna"), bors = id_of(app.campaign(), "Bors");
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", bors}, {"amount", 30}}));
  app.tap("tab.party");
  app.tap("party.card." + anna);
  REQUIRE(app.scroll_to("sheet.cres.lay_on_hands"));
  CHECK(label(app, "sheet.cres.lay_on_hands") == "25/25");
  CHECK(label(app, "sheet.cres.divine_sense") == "3/3");
  tap_seen(app, "sheet.cres.lay_on_hands.use");
  REQUIRE(app.find("pad.value"));
  app.tap("pad.cres.on." + bors);
  app.tap("pad.7");
  app.tap("pad.ok");
  CHECK_FALSE(app.find("pad.value"));
  CHECK(hp_of(app.campaign(), "Bors") == 17);
  REQUIRE(app.scroll_to("sheet.cres.lay_on_hands"));
  CHECK(label(app, "sheet.cres.lay_on_hands") == "18/25");
  tap_seen(app, "sheet.cres.lay_on_hands.plus");
  CHECK(label(app, "sheet.cres.lay_on_hands") == "19/25");
}

TEST_CASE("a player spends her own character's resources on her sheet", "[ui][class-resources]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Lin"}, {"kind", "pc"}, {"hp", 30}, {"level", 5}, {"class", "monk"}}));
  const std::string lin = id_of(app.campaign(), "Lin");
  app.tap("tab.party");
  app.tap("party.card." + lin);
  REQUIRE(druzina::ui::set_player_mode(true));
  app.frame(2);
  REQUIRE(app.scroll_to("sheet.cres.ki"));
  CHECK(label(app, "sheet.cres.ki") == "5/5");
  tap_seen(app, "sheet.cres.ki.minus");
  CHECK(label(app, "sheet.cres.ki") == "4/5");
  CHECK(app.campaign()["creatures"][0]["modules"]["class-resources"]["spent"]["ki"] == 1);
}

TEST_CASE("in the fight the current creature's resources are one tap away", "[ui][class-resources]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Radek"}, {"kind", "pc"}, {"hp", 40}, {"level", 5}, {"class", "fighter"}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Ogre"}, {"kind", "monster"}, {"hp", 59}}));
  const std::string radek = id_of(app.campaign(), "Radek"), ogre = id_of(app.campaign(), "Ogre");
  REQUIRE(app.dispatch({{"type", "StartEncounter"}, {"initiative", {{radek, 20}, {ogre, 10}}}}));
  app.tap("tab.combat");
  REQUIRE(app.scroll_to("combat.cres.action_surge"));
  CHECK(label(app, "combat.cres.action_surge") == "Action Surge  1/1");
  app.tap("combat.cres.action_surge");
  REQUIRE(app.scroll_to("combat.cres.action_surge"));
  CHECK(label(app, "combat.cres.action_surge") == "Action Surge  0/1");
  // Second Wind with no die: the question for the table (the d10 as rolled, or Roll for me)
  app.tap("combat.cres.second_wind");
  const json prompts = app.campaign()["prompts"];
  REQUIRE(prompts.size() == 1);
  CHECK(prompts[0]["kind"] == "class-resources.second_wind");
  CHECK(prompts[0]["data"]["dice"] == "1d10+5");
}
