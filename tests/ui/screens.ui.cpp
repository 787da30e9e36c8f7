// The screens driven without a browser (tests/ui/headless.hpp): what a user sees and what a tap does. Each test
// runs in a process of its own (main.cpp), on a 412 × 915 CSS px phone at pixel ratio 2.625.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "headless.hpp"
#include "platform/native/headless.hpp"
#include "ui/mode.hpp"

using druzina::uitest::Headless;
using nlohmann::json;

namespace {

const json& creature_named(const json& campaign, const std::string& name) {
  for (const auto& c : campaign["creatures"])
    if (c["name"] == name) return c;
  throw std::runtime_error("no creature " + name);
}

// The cards on the Party screen (party.card.<creature id>; not their parts, party.card.<id>.sub …).
std::vector<druzina::uitest::Widget> cards(const Headless& app) {
  std::vector<druzina::uitest::Widget> out;
  for (auto& w : app.with_prefix("party.card."))
    if (w.id.find('.', std::string_view("party.card.").size()) == std::string::npos) out.push_back(w);
  return out;
}

std::string label(const Headless& app, const std::string& id) {
  const auto w = app.find(id);
  return w ? w->label : "(" + id + " not drawn)";
}

}  // namespace

TEST_CASE("a first start opens on the welcome in the phone's language, 'Just roll dice' goes to the dice", "[ui][welcome]") {
  Headless app({.browser_language = "uk-UA", .welcome = true});
  CHECK(app.state()["lang"] == "uk");
  CHECK(label(app, "screen.welcome") == "Ласкаво просимо до Дружини");
  CHECK(label(app, "welcome.skip") == "Просто кидати кубики");
  app.tap("welcome.skip");
  CHECK(app.state()["tab"] == "dice");
  CHECK_FALSE(app.find("screen.welcome"));
  CHECK(app.find("dice.expr"));
}

TEST_CASE("a returning user starts on the dice, no welcome", "[ui][welcome]") {
  Headless app({.browser_language = "cs-CZ"});
  CHECK(app.state()["tab"] == "dice");
  CHECK(app.state()["lang"] == "cs");
  CHECK_FALSE(app.find("screen.welcome"));
  REQUIRE(app.find("dice.roll"));
  CHECK(label(app, "tab.dice") == "Kostky");
}

TEST_CASE("the DM types the campaign's name on the welcome: the campaign is created, the Party screen opens", "[ui][welcome]") {
  Headless app({.browser_language = "cs-CZ", .welcome = true});
  app.tap("welcome.name");
  CHECK(app.state()["textInput"] == true);
  app.type("Sklep pod horou");
  CHECK(label(app, "welcome.name") == "Sklep pod horou");
  CHECK(label(app, "welcome.start") == "Založit kampaň");
  app.tap("welcome.start");
  CHECK(app.state()["tab"] == "party");
  CHECK(app.campaign()["name"] == "Sklep pod horou");
  CHECK(label(app, "top.campaign") == "Sklep pod horou");
  CHECK(app.find("party.add_pc"));
}

TEST_CASE("creatures added by commands show on the Party screen, the party before the others", "[ui][party]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}, {"hit_die", 8}, {"level", 3}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}, {"count", 2}}));
  app.tap("tab.party");
  CHECK(app.state()["tab"] == "party");
  CHECK(label(app, "screen.party") == "Party");
  CHECK_FALSE(app.find("party.empty"));
  const auto shown = cards(app);
  REQUIRE(shown.size() == 3);
  CHECK(shown[0].label == "Mira");
  CHECK(shown[1].label == "Goblin 1");
  CHECK(shown[2].label == "Goblin 2");
  CHECK(shown[0].id == "party.card." + creature_named(app.campaign(), "Mira")["id"].get<std::string>());
  CHECK(shown[0].y < shown[1].y);
  CHECK(shown[1].y < shown[2].y);
}

TEST_CASE("an empty campaign's Party screen says so", "[ui][party]") {
  Headless app;
  app.tap("tab.party");
  CHECK(cards(app).empty());
  CHECK(label(app, "party.empty") == "No one here yet. Add the characters, then the monsters — several at once.");
}

TEST_CASE("each tab in the bar opens its screen", "[ui][tabs]") {
  Headless app;
  for (const char* tab : {"party", "combat", "downtime", "rules", "settings", "dice"}) {
    INFO(tab);
    app.tap(std::string("tab.") + tab);
    CHECK(app.state()["tab"] == tab);
    CHECK(app.find(std::string("screen.") + tab));
  }
}

TEST_CASE("a tap on Long rest rests the party, undo takes it back, redo brings it again", "[ui][downtime]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}, {"hit_die", 8}, {"level", 3}}));
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", creature_named(app.campaign(), "Mira")["id"]}, {"amount", 8}}));
  REQUIRE(creature_named(app.campaign(), "Mira")["hp"] == 12);
  const long long minutes = app.campaign()["minutes"];
  app.tap("tab.downtime");
  REQUIRE(app.scroll_to("rest.long"));
  app.tap("rest.long");
  CHECK(creature_named(app.campaign(), "Mira")["hp"] == 20);
  CHECK(app.campaign()["minutes"].get<long long>() >= minutes + 480);
  app.tap("top.undo");
  CHECK(creature_named(app.campaign(), "Mira")["hp"] == 12);
  CHECK(app.campaign()["minutes"] == minutes);
  app.tap("top.redo");
  CHECK(creature_named(app.campaign(), "Mira")["hp"] == 20);
}

TEST_CASE("the tab bar and the Settings screen in English, Czech and Ukrainian", "[ui][i18n]") {
  Headless app;
  app.tap("tab.settings");
  struct Expected {
    const char* lang;
    const char* dice;
    const char* party;
    const char* settings;
  };
  for (const Expected& e : {Expected{"en", "Dice", "Party", "Settings"}, Expected{"cs", "Kostky", "Družina", "Nastavení"},
                            Expected{"uk", "Кубики", "Загін", "Параметри"}}) {
    INFO(e.lang);
    if (app.state()["lang"] != e.lang) {
      REQUIRE(app.scroll_to(std::string("settings.lang.") + e.lang));
      app.tap(std::string("settings.lang.") + e.lang);
    }
    CHECK(app.state()["lang"] == e.lang);
    CHECK(label(app, "tab.dice") == e.dice);
    CHECK(label(app, "tab.party") == e.party);
    CHECK(label(app, "tab.settings") == e.settings);
    CHECK(label(app, "screen.settings") == e.settings);
  }
}

TEST_CASE("the party's share link: a QR code on the Share screen, Copy puts the link on the clipboard", "[ui][share]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"max_hp", 20}, {"hit_die", 8}, {"level", 3}}));
  app.tap("tab.party");
  app.tap("party.share");
  CHECK(label(app, "screen.share") == "Share");
  const auto qr = app.find("share.qr");  // the label: the code's size in modules (qrcodegen)
  REQUIRE(qr);
  CHECK(std::stoi(qr->label) >= 21);
  CHECK(qr->w > 300);
  REQUIRE(app.scroll_to("share.copy"));
  CHECK(druzina::platform::native::clipboard_text().empty());
  app.tap("share.copy");
  const std::string& link = druzina::platform::native::clipboard_text();
  CHECK(link.rfind("http://localhost/#", 0) == 0);
  CHECK(std::to_string(link.size()) == label(app, "share.length"));
  CHECK(label(app, "notice") == "Link copied.");
}

TEST_CASE("nothing is cut off at the top of any screen, in English, Czech and Ukrainian", "[ui][overflow]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira z Vyšehradu"}, {"kind", "pc"}, {"max_hp", 20}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}));
  for (const char* lang : {"en", "cs", "uk"}) {
    app.tap("tab.settings");
    if (app.state()["lang"] != lang) {
      REQUIRE(app.scroll_to(std::string("settings.lang.") + lang));
      app.tap(std::string("settings.lang.") + lang);
    }
    REQUIRE(app.state()["lang"] == lang);
    for (const char* tab : {"dice", "party", "combat", "downtime", "rules", "settings"}) {
      INFO(lang << " " << tab);
      app.tap(std::string("tab.") + tab);
      app.frame(2);
      CHECK(app.overflows() == json::array());
    }
  }
}

// The campaign of tests/unit/share_secrets.tests.cpp (every kind of DM secret, each a distinctive marker) on the DM's
// phone switched to player mode: no screen draws any of them — every tab, every card's sheet, the log — though in
// DM mode the same screens do.
TEST_CASE("player mode: no DM secret is drawn on any screen, the sheets and the log", "[ui][secrets]") {
  Headless app({.height = 6000});  // tall: every screen drawn whole, nothing scrolled away
  const std::vector<std::string> markers = {"DMNOTE_Zk2q",     "WORD_Qm4v",       "SPELL_Hn6j",      "ITEMNOTE_Bx9k",
                                            "HIDDENNAME_Xq7w", "SECRETNOTE_Wp5r", "ABOUTHIDDEN_Rt8m", "HIDDENCREATURENOTE_Lp3d",
                                            "NPCNOTE_Gt5c",    "SOURCE_Yv3n",     "4321",             "3917"};
  REQUIRE(app.dispatch({{"type", "SetSettings"}, {"dm_notes", "DMNOTE_Zk2q"}, {"rules", {{"npc-loyalty", true}, {"magic-items", true}}},
                        {"hp_visibility", {{"party", "exact"}, {"others", "status"}}}}));
  auto add = [&](json c) {
    c["type"] = "AddCreature";
    REQUIRE(app.dispatch(c));
    return creature_named(app.campaign(), c["name"].get<std::string>())["id"].get<std::string>();
  };
  const std::string borek = add({{"name", "Borek"}, {"kind", "pc"}, {"level", 3}, {"hp", 27}, {"ac", 15}});
  add({{"name", "Mira"}, {"kind", "pc"}, {"hp", 21}});
  const std::string hidden = add({{"name", "HIDDENNAME_Xq7w"}, {"kind", "monster"}, {"hp", 4321}, {"hidden", true},
                                  {"notes", "HIDDENCREATURENOTE_Lp3d"}});
  const std::string ogre = add({{"name", "Ogre"}, {"kind", "monster"}, {"hp", 3917}});
  const std::string npc = add({{"name", "Starosta"}, {"kind", "npc"}, {"hp", 9}, {"notes", "NPCNOTE_Gt5c"}});
  REQUIRE(app.dispatch({{"type", "SetLoyalty"}, {"target", npc}, {"value", 5}}));
  REQUIRE(app.dispatch({{"type", "AddMagicItem"}, {"target", borek}, {"name", "Plain ring"}, {"identified", false},
                        {"cursed", true}, {"command_word", "WORD_Qm4v"},
                        {"spells", json::array({{{"name", "SPELL_Hn6j"}, {"level", 1}, {"cost", 1}}})}, {"spell_dc", 29},
                        {"notes", "ITEMNOTE_Bx9k"}, {"charges", 3}, {"max_charges", 3}}));
  const std::string item = creature_named(app.campaign(), "Borek")["modules"]["magic-items"]["items"][0]["id"];
  REQUIRE(app.dispatch({{"type", "AddNote"}, {"text", "SECRETNOTE_Wp5r"}, {"secret", true}}));
  REQUIRE(app.dispatch({{"type", "AddNote"}, {"text", "ABOUTHIDDEN_Rt8m"}, {"creature", hidden}}));
  REQUIRE(app.dispatch({{"type", "StartEncounter"}}));
  REQUIRE(app.dispatch({{"type", "SetCondition"}, {"target", borek}, {"condition", "poisoned"}, {"source", "SOURCE_Yv3n"},
                        {"until", {{"kind", "end_of_next_turn"}, {"turn_of", hidden}}}}));
  REQUIRE(app.dispatch({{"type", "ActivateItem"}, {"target", borek}, {"item", item}}));
  REQUIRE(app.dispatch({{"type", "CastFromItem"}, {"target", borek}, {"item", item}, {"spell", 0}}));
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", ogre}, {"amount", 5}}));

  // Every screen as drawn: each tab, each card's sheet (the party's and the others'), the log.
  auto everything = [&] {
    std::string text;
    for (const char* tab : {"dice", "party", "combat", "downtime", "rules", "settings"}) {
      app.tap(std::string("tab.") + tab);
      app.frame(2);
      text += app.drawn_text();
    }
    app.tap("tab.party");
    for (const auto& c : cards(app)) {
      app.tap(c.id);
      app.frame(2);
      text += app.drawn_text();
      if (app.find("sheet.back")) app.tap("sheet.back");
    }
    app.tap("top.log");
    app.frame(2);
    text += app.drawn_text();
    if (app.find("log.close")) app.tap("log.close");
    return text;
  };
  auto found = [&](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& m : markers)
      if (text.find(m) != std::string::npos) out.push_back(m);
    return out;
  };
  const std::string dm = everything();
  INFO("what the DM's screens drew:\n" << dm);
  CHECK(dm.find("Borek") != std::string::npos);
  CHECK(found(dm).size() >= 6);  // the DM's screens do show them (not every one: the sheets show no DC of 29 …)

  REQUIRE(druzina::ui::set_player_mode(true));
  app.frame(2);
  const std::string player = everything();
  INFO("what the player's screens drew:\n" << player);
  CHECK(player.find("Borek") != std::string::npos);
  CHECK(player.find("Plainring") != std::string::npos);  // (no spaces: they are not drawn)
  CHECK(found(player).empty());
}
