// The screens driven without a browser (tests/ui/headless.hpp): what a user sees and what a tap does. Each test
// runs in a process of its own (main.cpp), on a 412 × 915 CSS px phone at pixel ratio 2.625.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "headless.hpp"
#include "core/campaign/session.hpp"
#include "core/rng.hpp"
#include "core/share/link.hpp"
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

// Inspiration as luck on the dice screen: after the second d20 the tiles, the line under them and the large total
// show one result, the kept die's.
static void luck_shows_one_result(const char* browser_language, const char* expr) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 9}}));
  const std::string id = creature_named(app.campaign(), "Aňa")["id"];
  app.tap("tab.dice");
  REQUIRE(app.scroll_to("dice.who"));
  app.tap("dice.who");
  app.tap("dice.who." + id);
  REQUIRE(app.scroll_to("dice.expr"));
  app.tap("dice.expr");
  app.type(expr);
  int better = 0;
  for (int round = 0; round < 12 && better < 1; ++round) {
    REQUIRE(app.dispatch({{"type", "UpdateCreature"}, {"target", id}, {"patch", {{"inspiration", true}}}}));
    REQUIRE(app.scroll_to("dice.roll"));
    app.tap("dice.roll");
    REQUIRE(app.scroll_to("dice.use_inspiration"));
    app.tap("dice.use_inspiration");
    REQUIRE(app.find("dice.luck"));
    const std::string total = label(app, "dice.total");
    // the line under the tiles ends in the same total: "1k20+5 (~~7~~, 20) = 25"
    const std::string line = label(app, "dice.result");
    INFO(line << " | " << label(app, "dice.luck"));
    CHECK(line.size() > total.size());
    CHECK(line.substr(line.size() - total.size() - 3) == " = " + total);
    CHECK(label(app, "dice.luck").find(total) != std::string::npos);
    // exactly one d20 tile counts, and it is the total's
    int kept = 0, value = 0;
    for (const auto& w : app.with_prefix("dice.die.")) {
      if (w.label.find("dropped") != std::string::npos) continue;
      ++kept;
      value = std::stoi(w.label);
    }
    CHECK(kept == 1);
    CHECK(value + 5 == std::stoi(total));
    if (app.with_prefix("dice.die.").size() == 2 && label(app, "dice.die.0").find("dropped") != std::string::npos) ++better;
  }
  CHECK(better == 1);  // the second die was the better one at least once (the case that showed three totals)
}

TEST_CASE("inspiration as luck shows one result, the kept d20, in Czech", "[ui][dice][luck]") { luck_shows_one_result("cs-CZ", "1k20+5"); }
TEST_CASE("inspiration as luck shows one result, the kept d20, in Ukrainian", "[ui][dice][luck]") { luck_shows_one_result("uk-UA", "1к20+5"); }

namespace {

// The text of every entry the log screen shows (opened from the top bar).
std::string log_text(Headless& app) {
  app.tap("top.log");
  std::string all;
  for (const auto& w : app.with_prefix("log.entry.")) all += w.label + "\n";
  app.tap("log.close");
  return all;
}

// A changed resistance reads in the log in the reader's language, never as the stored field's name.
void log_names_fields(const char* browser_language, const char* expected) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 9}}));
  const std::string id = creature_named(app.campaign(), "Aňa")["id"];
  REQUIRE(app.dispatch({{"type", "UpdateCreature"}, {"target", id}, {"patch", {{"resistances", {"fire"}}, {"immunities", {"cold"}}}}}));
  REQUIRE(app.dispatch({{"type", "AddMonsters"}, {"monster", "goblin"}}));
  const std::string log = log_text(app);
  INFO(log);
  CHECK(log.find(expected) != std::string::npos);
  CHECK(log.find("resistances") == std::string::npos);
  CHECK(log.find("immunities") == std::string::npos);
  CHECK(log.find(" → 1/4") == std::string::npos);  // a first challenge rating is not "none → 1/4"
}

}  // namespace

TEST_CASE("the log names a changed resistance in Czech", "[ui][log][i18n]") {
  log_names_fields("cs-CZ", "Aňa: změněno imunity vůči zranění, odolnosti.");
}
TEST_CASE("the log names a changed resistance in Ukrainian", "[ui][log][i18n]") {
  log_names_fields("uk-UA", "Aňa: змінено імунітет до шкоди, опір.");
}

namespace {

// Attuning on the sheet is the party's short rest: the question says so (the hour that passes) and nothing
// happens until the DM says yes.
void attune_asks_first(const char* browser_language, const char* says) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 9}}));
  const std::string id = creature_named(app.campaign(), "Aňa")["id"];
  REQUIRE(app.dispatch({{"type", "AddMagicItem"}, {"target", id}, {"name", "Prsten"}, {"kind", "ring"}, {"attunement", true}, {"identified", true}}));
  const std::string item = creature_named(app.campaign(), "Aňa")["modules"]["magic-items"]["items"][0]["id"];
  const long long minutes = app.campaign()["minutes"];
  app.tap("tab.party");
  app.tap("party.card." + id);
  const std::string attune = "sheet.mi." + item + ".attune";
  REQUIRE(app.scroll_to(attune));
  app.tap(attune);
  CHECK(app.campaign()["minutes"] == minutes);  // not yet
  const std::string q = label(app, "confirm.question");
  INFO(q);
  CHECK(q.find(says) != std::string::npos);
  CHECK(q.find("Aňa") != std::string::npos);
  app.tap("confirm.yes");
  CHECK(app.campaign()["minutes"].get<long long>() == minutes + 60);
  CHECK(creature_named(app.campaign(), "Aňa")["modules"]["magic-items"]["items"][0]["attuned_by"] == id);
}

}  // namespace

TEST_CASE("Attune (short rest) asks first and says an hour passes, in Czech", "[ui][magic_items][confirm]") {
  attune_asks_first("cs-CZ", "krátkého odpočinku celé družiny");
}
TEST_CASE("Attune (short rest) asks first and says an hour passes, in Ukrainian", "[ui][magic_items][confirm]") {
  attune_asks_first("uk-UA", "короткого відпочинку всього загону");
}

namespace {

// The wounded wizard paints for 7 days: the Work button says first what the days will do to her (the festering
// wound takes maximum HP), and the first working day starts in the morning, not at 20:02.
void skip_says_what_it_does(const char* browser_language, const char* max_hp_words) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 11}, {"level", 3}}));
  const std::string id = creature_named(app.campaign(), "Aňa")["id"];
  REQUIRE(app.dispatch({{"type", "RollInjury"}, {"target", id}, {"roll", 43}}));  // the festering wound
  REQUIRE(app.dispatch({{"type", "AdvanceTime"}, {"minutes", 20 * 60 + 2}}));    // day 1, 20:02
  REQUIRE(app.dispatch({{"type", "StartProject"}, {"kind", "art"}, {"crafter", id}, {"name", "Obraz"}, {"materials_gp", 50}}));
  const std::string p = app.campaign()["modules"]["crafting"]["projects"][0]["id"];
  const long long minutes = app.campaign()["minutes"];
  app.tap("tab.downtime");
  for (int i = 0; i < 6; ++i) {
    REQUIRE(app.scroll_to("project." + p + ".days.plus"));
    app.tap("project." + p + ".days.plus");
  }
  CHECK(label(app, "project." + p + ".days.value") == "7");
  REQUIRE(app.scroll_to("project." + p + ".work"));
  app.tap("project." + p + ".work");
  CHECK(app.campaign()["minutes"] == minutes);  // nothing yet
  CHECK(creature_named(app.campaign(), "Aňa")["max_hp"] == 11);
  const std::string q = label(app, "confirm.question");
  INFO(q);
  CHECK(q.find(std::string("Aňa: ") + max_hp_words + " 11 → ") != std::string::npos);
  app.tap("confirm.yes");
  const json c = app.campaign();
  CHECK(creature_named(c, "Aňa")["max_hp"].get<int>() < 11);
  CHECK(c["modules"]["crafting"]["projects"][0]["progress_gp"] == 50);
  // 50 hours at 1 gp/h, 8 a day from 08:00: the 7th day ends at 10:00
  CHECK(c["minutes"].get<long long>() % 1440 == 10 * 60);
}

}  // namespace

TEST_CASE("a 7-day skip says what the festering wound will take, and starts in the morning, in Czech", "[ui][downtime][confirm]") {
  skip_says_what_it_does("cs-CZ", "maximum životů");
}
TEST_CASE("a 7-day skip says what the festering wound will take, and starts in the morning, in Ukrainian", "[ui][downtime][confirm]") {
  skip_says_what_it_does("uk-UA", "максимум хітів");
}

namespace {

// An ambush: the DM hides the goblin on its card, the players' view loses it; one tap on the Party screen reveals
// it; the log says both; undo hides it again.
void ambush(const char* browser_language, const char* hidden_words, const char* revealed_words) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}));
  const std::string g = creature_named(app.campaign(), "Goblin")["id"];
  app.tap("tab.party");
  app.tap("party.card." + g);
  REQUIRE(app.scroll_to("sheet.hide"));
  app.tap("sheet.hide");
  CHECK(creature_named(app.campaign(), "Goblin")["hidden"] == true);
  REQUIRE(app.scroll_to("sheet.back", true));
  app.tap("sheet.back");  // from the sheet back to the list
  REQUIRE(app.scroll_to("party.reveal_all"));
  app.tap("party.reveal_all");
  CHECK(creature_named(app.campaign(), "Goblin").value("hidden", false) == false);
  const std::string log = log_text(app);
  INFO(log);
  CHECK(log.find(std::string("Goblin: ") + hidden_words) != std::string::npos);
  CHECK(log.find(std::string("Goblin: ") + revealed_words) != std::string::npos);
  app.tap("top.undo");
  CHECK(creature_named(app.campaign(), "Goblin")["hidden"] == true);
}

}  // namespace

TEST_CASE("an ambush: hide a goblin on its card, reveal it in one tap, in Czech", "[ui][party][hidden]") {
  ambush("cs-CZ", "skrytí před hráči", "odhalení hráčům");
}
TEST_CASE("an ambush: hide a goblin on its card, reveal it in one tap, in Ukrainian", "[ui][party][hidden]") {
  ambush("uk-UA", "приховано від гравців", "показано гравцям");
}

namespace {

// Three goblins with rolled HP (2d6 each, the campaign's choice, kept for the next time).
void srd_rolled_hp(const char* browser_language, const char* roll_words) {
  Headless app({.browser_language = browser_language});
  app.tap("tab.party");
  REQUIRE(app.scroll_to("party.add_srd"));
  app.tap("party.add_srd");
  app.tap("srd.search");
  app.type("goblin");
  REQUIRE(app.scroll_to("srd.pick.goblin"));
  app.tap("srd.pick.goblin");
  REQUIRE(app.scroll_to("srd.hp.roll"));
  CHECK(label(app, "srd.hp.roll").find(roll_words) != std::string::npos);
  app.tap("srd.hp.roll");
  CHECK(app.campaign()["modules"]["srd_monsters"]["roll_hp"] == true);
  REQUIRE(app.scroll_to("srd.count.plus"));
  app.tap("srd.count.plus");
  app.tap("srd.count.plus");
  REQUIRE(app.scroll_to("srd.add"));
  app.tap("srd.add");
  std::set<int> hp;
  int goblins = 0;
  const json campaign = app.campaign();  // (a temporary's element would not outlive the loop's first step)
  for (const auto& c : campaign["creatures"]) {
    ++goblins;
    const int h = c["max_hp"];
    CHECK(h >= 2);
    CHECK(h <= 12);
    hp.insert(h);
  }
  CHECK(goblins == 3);
  CHECK(hp != std::set<int>{7});  // rolled, each its own roll: not the average for all three
}

}  // namespace

TEST_CASE("SRD goblins with rolled HP, each its own roll, in Czech", "[ui][srd]") { srd_rolled_hp("cs-CZ", "2k6"); }
TEST_CASE("SRD goblins with rolled HP, each its own roll, in Ukrainian", "[ui][srd]") { srd_rolled_hp("uk-UA", "2к6"); }

namespace {

// The DM's table and Aňa's character link, made by the core as the DM's phone makes them.
struct DmLinks {
  std::string table, character, ana, bara;
};
DmLinks dm_links(const char* name) {
  using namespace druzina;
  campaign::Session s;
  Rng rng(1);
  s.dispatch({{"type", "CreateCampaign"}, {"name", name}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 8}, {"hit_die", 6}, {"level", 1}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Bára"}, {"kind", "pc"}, {"max_hp", 10}, {"hit_die", 8}, {"level", 1}}, rng);
  DmLinks out;
  out.ana = creature_named(json(s.state()), "Aňa")["id"];
  out.bara = creature_named(json(s.state()), "Bára")["id"];
  out.table = share::encode_table(s.state(), {"les-42", 1000});
  out.character = share::encode_character(s.state(), out.ana, {"les-42", 2000});
  return out;
}

// A player's phone from its first start: the table link, then her character's link. One campaign, not three; the
// character is hers: she levels it up and edits it (no one else's), and the dice roll for her by default.
void players_phone(const char* browser_language, const char* dice_who) {
  const DmLinks links = dm_links("Les");
  Headless app({.browser_language = browser_language, .welcome = true});
  app.tap("welcome.role.player");
  app.tap("welcome.start");
  druzina::platform::native::open_fragment(links.table);
  app.frame(3);
  REQUIRE(app.find("link.accept.copy"));
  app.tap("link.accept.copy");
  CHECK(app.state()["campaigns"] == 1);  // the first start's empty campaign gave its place to the table
  app.tap("link.continue");
  druzina::platform::native::open_fragment(links.character);
  app.frame(3);
  // her character's link updates the table she keeps (the suggested choice), not a second "Les"
  const auto update = app.with_prefix("link.accept.");
  REQUIRE_FALSE(update.empty());
  CHECK(update.front().id == "link.accept.merge");
  app.tap(update.front().id);
  CHECK(app.state()["campaigns"] == 1);
  app.tap("link.continue");
  // her sheet: level up and edit; Bára's sheet: neither
  app.tap("tab.party");
  app.tap("party.card." + links.ana);
  REQUIRE(app.scroll_to("sheet.levelup.average"));
  app.tap("sheet.levelup.average");
  CHECK(creature_named(app.campaign(), "Aňa")["level"] == 2);
  CHECK(app.scroll_to("sheet.edit"));
  REQUIRE(app.scroll_to("sheet.back", true));
  app.tap("sheet.back");
  REQUIRE(app.scroll_to("party.card." + links.bara));
  app.tap("party.card." + links.bara);
  CHECK_FALSE(app.scroll_to("sheet.levelup.average"));
  CHECK_FALSE(app.scroll_to("sheet.edit"));
  app.tap("tab.dice");
  CHECK(label(app, "dice.who").find(dice_who) != std::string::npos);
}

}  // namespace

TEST_CASE("a player's phone keeps one copy of the table, and her character is hers to level up, in Czech", "[ui][share][player]") {
  players_phone("cs-CZ", "Aňa");
}
TEST_CASE("a player's phone keeps one copy of the table, and her character is hers to level up, in Ukrainian", "[ui][share][player]") {
  players_phone("uk-UA", "Aňa");
}

// A newer table link of the copy on a player's phone: the preview lists what changed, a line each, as the player
// sees it (a monster's HP as its status), in the order of the link's creatures, then the turn and the rules.
TEST_CASE("a newer table link lists what changed on the player's copy", "[ui][share][player]") {
  using namespace druzina;
  campaign::Session s;
  Rng rng(1);
  s.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 8}, {"hit_die", 6}, {"level", 1}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Bára"}, {"kind", "pc"}, {"max_hp", 10}, {"hit_die", 8}, {"level", 1}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}, rng);
  const std::string ana = creature_named(json(s.state()), "Aňa")["id"];
  const std::string bara = creature_named(json(s.state()), "Bára")["id"];
  const std::string goblin = creature_named(json(s.state()), "Goblin")["id"];
  s.dispatch({{"type", "StartEncounter"}, {"initiative", {{ana, 15}, {bara, 10}, {goblin, 5}}}}, rng);
  const std::string first = share::encode_table(s.state(), {"les-42", 1000});

  Headless app({.browser_language = "en-US", .welcome = true});
  app.tap("welcome.role.player");
  app.tap("welcome.start");
  platform::native::open_fragment(first);
  app.frame(3);
  REQUIRE(app.find("link.accept.copy"));
  app.tap("link.accept.copy");
  app.tap("link.continue");

  s.dispatch({{"type", "SetSettings"}, {"name", "Hory"}}, rng);
  s.dispatch({{"type", "ApplyDamage"}, {"target", ana}, {"amount", 3}}, rng);
  s.dispatch({{"type", "UpdateCreature"}, {"target", ana}, {"patch", {{"level", 2}}}}, rng);
  s.dispatch({{"type", "SetCondition"}, {"target", bara}, {"condition", "prone"}}, rng);
  s.dispatch({{"type", "ApplyDamage"}, {"target", goblin}, {"amount", 4}}, rng);
  s.dispatch({{"type", "AddCreature"}, {"name", "Cyril"}, {"kind", "pc"}, {"max_hp", 9}, {"hit_die", 8}, {"level", 1}}, rng);
  s.dispatch({{"type", "NextTurn"}}, rng);
  s.dispatch({{"type", "SetSettings"}, {"rules", {{"massive-damage", false}}}}, rng);
  platform::native::open_fragment(share::encode_table(s.state(), {"les-42", 3000}));
  app.frame(3);
  const auto choices = app.with_prefix("link.accept.");
  REQUIRE_FALSE(choices.empty());
  CHECK(choices.front().id == "link.accept.update");
  const std::vector<std::string> expected = {
      "Campaign renamed: Les → Hory", "Aňa: HP 8/8 → 5/8", "Aňa: level 1 → 2", "Bára: prone",
      "Goblin: HP healthy → bloodied", "New: Cyril", "Round 1, Bára's turn", "The campaign's rules changed"};
  std::vector<std::string> shown;
  for (size_t i = 0; app.find("link.change." + std::to_string(i)); ++i)
    shown.push_back(label(app, "link.change." + std::to_string(i)));
  CHECK(shown == expected);
  app.tap("link.accept.update");
  CHECK(label(app, "link.done.line.0") == expected.front());
}

namespace {

// Another tab holds the campaign: the strip's "Edit here" is not cut, and when that tab closes this one writes
// again without a tap.
void other_tab(const char* browser_language, const char* take) {
  Headless app({.browser_language = browser_language});
  const std::string id = app.state()["campaignId"];
  druzina::platform::native::deliver_tab_message(json{{"t", "here"}, {"c", id}, {"from", "tab-b"}, {"since", -1}}.dump());
  app.frame(3);
  REQUIRE(app.state()["readOnly"] == "other_tab");
  CHECK(label(app, "storage.other_tab.action") == take);
  CHECK(app.overflows() == json::array());
  druzina::platform::native::deliver_tab_message(json{{"t", "bye"}, {"c", id}, {"from", "tab-b"}, {"since", -1}}.dump());
  app.frame(3);
  CHECK(app.state()["readOnly"] == "no");
  CHECK_FALSE(app.find("storage.other_tab"));
}

}  // namespace

TEST_CASE("another tab: Edit here fits, and the tab writes again when the other closes, in Czech", "[ui][storage][overflow]") {
  other_tab("cs-CZ", "Upravovat zde");
}
TEST_CASE("another tab: Edit here fits, and the tab writes again when the other closes, in Ukrainian", "[ui][storage][overflow]") {
  other_tab("uk-UA", "Редагувати тут");
}

namespace {

// An unidentified ring on the sheet: Identify and Study (short rest) in full, nothing cut or drawn over another.
void ring_sheet_fits(const char* browser_language) {
  Headless app({.browser_language = browser_language});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Aňa"}, {"kind", "pc"}, {"max_hp", 9}}));
  const std::string id = creature_named(app.campaign(), "Aňa")["id"];
  REQUIRE(app.dispatch({{"type", "AddMagicItem"}, {"target", id}, {"name", "Prsten"}, {"kind", "ring"}, {"attunement", true}}));
  const std::string item = creature_named(app.campaign(), "Aňa")["modules"]["magic-items"]["items"][0]["id"];
  app.tap("tab.party");
  app.tap("party.card." + id);
  REQUIRE(app.scroll_to("sheet.mi." + item + ".study"));
  app.frame(2);
  CHECK(app.overflows() == json::array());
}

}  // namespace

TEST_CASE("an unidentified item's Study (short rest) is not cut, in Ukrainian", "[ui][magic_items][overflow]") { ring_sheet_fits("uk-UA"); }
TEST_CASE("an unidentified item's Study (short rest) is not cut, in Czech", "[ui][magic_items][overflow]") { ring_sheet_fits("cs-CZ"); }

namespace {

// After a long rest the notice tells what it did over the bottom of the Downtime screen: nothing stays under it for
// good (the screen scrolls it all above the notice), nothing is cut or drawn over another.
void notice_covers_nothing(const char* browser_language) {
  Headless app({.browser_language = browser_language});
  for (const char* name : {"Aňa", "Bára", "Cyril", "Dana"}) {
    REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", name}, {"kind", "pc"}, {"max_hp", 20}, {"hit_die", 8}, {"level", 3}}));
    REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", creature_named(app.campaign(), name)["id"]}, {"amount", 5}}));
  }
  app.tap("tab.downtime");
  REQUIRE(app.scroll_to("rest.long"));
  app.tap("rest.long");
  REQUIRE(app.find("notice"));
  REQUIRE(app.scroll_to("time.advance"));
  app.frame(2);
  CHECK(app.overflows() == json::array());
}

}  // namespace

// Every tab with a notice over its bottom (a refused command says why there): nothing under it for good, nothing
// drawn over another.
void notice_on_every_tab(const char* browser_language) {
  Headless app({.browser_language = browser_language});
  for (const char* name : {"Aňa", "Bára", "Cyril", "Dana"})
    REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", name}, {"kind", "pc"}, {"max_hp", 20}, {"hit_die", 8}, {"level", 3}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}, {"count", 6}}));
  REQUIRE(app.dispatch({{"type", "StartEncounter"}}));
  const std::string ana = creature_named(app.campaign(), "Aňa")["id"];
  for (const char* tab : {"dice", "party", "combat", "downtime", "rules", "settings"}) {
    INFO(tab);
    app.tap(std::string("tab.") + tab);
    REQUIRE_FALSE(app.dispatch({{"type", "UseLegendaryResistance"}, {"target", ana}}));
    app.frame(3);
    REQUIRE(app.find("notice"));
    CHECK(app.overflows() == json::array());
  }
}

TEST_CASE("a notice on every tab covers no control for good, in Ukrainian", "[ui][overflow][notice]") { notice_on_every_tab("uk-UA"); }
TEST_CASE("a notice on every tab covers no control for good, in Czech", "[ui][overflow][notice]") { notice_on_every_tab("cs-CZ"); }
TEST_CASE("a notice leaves every control reachable, in Ukrainian", "[ui][overflow][notice]") { notice_covers_nothing("uk-UA"); }
TEST_CASE("a notice leaves every control reachable, in Czech", "[ui][overflow][notice]") { notice_covers_nothing("cs-CZ"); }

// (The Combat tab before a fight: its setup, a button per creature beside its initiative.)
TEST_CASE("every screen lays out at the small and the large text size, in English, Czech and Ukrainian", "[ui][overflow][text-size]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira z Vyšehradu"}, {"kind", "pc"}, {"max_hp", 20}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}));
  for (const char* size : {"small", "large"}) {
    for (const char* lang : {"en", "cs", "uk"}) {
      app.tap("tab.settings");
      if (app.state()["lang"] != lang) {
        REQUIRE((app.scroll_to(std::string("settings.lang.") + lang, true) || app.scroll_to(std::string("settings.lang.") + lang)));
        app.tap(std::string("settings.lang.") + lang);
      }
      REQUIRE((app.scroll_to(std::string("settings.text.") + size, true) || app.scroll_to(std::string("settings.text.") + size)));
      app.tap(std::string("settings.text.") + size);
      app.frame(3);  // the atlas is rasterised again at the new size
      REQUIRE(app.find(std::string("settings.text.") + size)->label.ends_with("[on]"));
      for (const char* tab : {"dice", "party", "combat", "downtime", "rules", "settings"}) {
        INFO(size << " " << lang << " " << tab);
        app.tap(std::string("tab.") + tab);
        app.frame(2);
        CHECK(app.overflows() == json::array());
      }
      // the rules' sections and the rule switches unfolded
      app.tap("tab.rules");
      for (const char* section : {"tables", "prices", "notes", "reference"}) {
        INFO(size << " " << lang << " rules " << section);
        REQUIRE(app.scroll_to(std::string("rules.section.") + section, true));
        app.tap(std::string("rules.section.") + section);
        app.frame(2);
        CHECK(app.overflows() == json::array());
      }
      app.tap("tab.settings");
      for (const char* group : {"house", "dm", "table"}) {
        INFO(size << " " << lang << " settings rules " << group);
        const std::string id = std::string("settings.rules.") + group;
        REQUIRE((app.scroll_to(id) || app.scroll_to(id, true)));
        if (app.find(id)->label.rfind("+ ", 0) == 0) app.tap(id);  // folded ("+ …"): unfold it ("− …")
        app.frame(2);
        REQUIRE(app.find(id));
        CHECK(app.find(id)->label.rfind("+ ", 0) != 0);
        CHECK(app.overflows() == json::array());
      }
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

// The taps a person makes, counted as the app's own frame takes them (every tap, the pad's digits included; the
// name's tap on its field and its letters not): a new character as the DM's journey has her — name, class and
// level, AC, the six scores typed in one go, the HP following the class —, and an ambush hidden and revealed. (A
// level-up on the player's own phone: Party, her card, Level up — players_phone above.)
TEST_CASE("taps: a new character with class, level, AC and scores, and an ambush hidden and revealed", "[ui][taps]") {
  Headless app({.browser_language = "cs-CZ"});
  int taps = 0;
  auto tap = [&](const std::string& id) {
    const auto w = app.find(id);
    if (!w || !w->visible) REQUIRE(app.scroll_to(id));
    app.tap(id);
    ++taps;
  };
  tap("tab.party");
  tap("party.add_pc");
  REQUIRE(app.scroll_to("edit.name"));
  app.tap("edit.name");
  app.type("Mira");
  tap("edit.class.wizard");
  tap("edit.level.plus");
  tap("edit.level.plus");
  tap("edit.scores.type");
  for (char d : std::string("15141312108")) tap(std::string("pad.") + d);  // the pad takes the six at once
  tap("edit.ac.value");
  tap("pad.1");
  tap("pad.4");
  tap("pad.ok");
  tap("edit.save");
  const json mira = creature_named(app.campaign(), "Mira");
  CHECK(mira["level"] == 3);
  CHECK(mira["ac"] == 14);
  CHECK(mira["abilities"]["int"] == 12);
  CHECK(mira["max_hp"] == 17);  // d6 + 2 × 4, CON +1 a level
  INFO("a new character: " << taps << " taps with the Party tab, plus the name");
  CHECK(taps <= 22);
  WARN("a new character (class, level 3, AC 14, the scores typed): " << taps << " taps with the Party tab, plus the name");

  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"max_hp", 7}}));
  const std::string g = creature_named(app.campaign(), "Goblin")["id"];
  taps = 0;
  tap("party.card." + g);
  tap("sheet.hide");
  CHECK(creature_named(app.campaign(), "Goblin")["hidden"] == true);
  const int hide = taps;
  REQUIRE(app.scroll_to("sheet.back", true));
  tap("sheet.back");
  tap("party.reveal_all");
  CHECK(creature_named(app.campaign(), "Goblin").value("hidden", false) == false);
  CHECK(hide <= 2);
  CHECK(taps - hide <= 2);
  WARN("an ambush: hidden in " << hide << " taps from the Party screen, revealed in " << taps - hide
                                << " (back to the list, Reveal)");
}
