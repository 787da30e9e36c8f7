// The screens driven without a browser (tests/ui/headless.hpp): what a user sees and what a tap does. Each test
// runs in a process of its own (main.cpp), on a 412 × 915 CSS px phone at pixel ratio 2.625.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "headless.hpp"
#include "platform/native/headless.hpp"

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

TEST_CASE("every screen lays out at each text size, in English, Czech and Ukrainian", "[ui][overflow][text-size]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira z Vyšehradu"}, {"kind", "pc"}, {"max_hp", 20}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}));
  for (const char* size : {"small", "large", "larger"}) {
    for (const char* lang : {"en", "cs", "uk"}) {
      app.tap("tab.settings");
      if (app.state()["lang"] != lang) {
        REQUIRE(app.scroll_to(std::string("settings.lang.") + lang));
        app.tap(std::string("settings.lang.") + lang);
      }
      REQUIRE(app.scroll_to(std::string("settings.text.") + size));
      app.tap(std::string("settings.text.") + size);
      app.frame(3);  // the atlas is rasterised again at the new size
      REQUIRE(app.find(std::string("settings.text.") + size)->label.ends_with("[on]"));
      for (const char* tab : {"dice", "party", "combat", "downtime", "rules", "settings"}) {
        INFO(size << " " << lang << " " << tab);
        app.tap(std::string("tab.") + tab);
        app.frame(2);
        CHECK(app.overflows() == json::array());
      }
    }
  }
}
