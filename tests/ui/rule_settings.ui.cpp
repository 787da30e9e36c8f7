// A rule's own choices under its switch in Settings → Rules (the settings_rule slot), without a browser
// (tests/ui/headless.hpp): the initiative variant and the encounter difficulty's rules, tapped in Czech and
// Ukrainian, then what the Combat screen shows and does with them.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "headless.hpp"

using druzina::uitest::Headless;
using nlohmann::json;

namespace {

std::string label(const Headless& app, const std::string& id) {
  const auto w = app.find(id);
  return w ? w->label : "(" + id + " not drawn)";
}

void tap_seen(Headless& app, const std::string& id, bool up = false) {
  REQUIRE(app.scroll_to(id, up));
  app.tap(id);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Expect {
  const char* browser;
  const char* rule_switch;     // the rule's switch, on
  const char* side;            // the variant's button
  const char* budget;          // the 2024 rules' button
  const char* difficulty2024;  // in the difficulty line under the 2024 rules
  const char* setup_line;      // the setup's line about the variant
};

// The DM picks side initiative and the 2024 budget in Settings → Rules, reads them on the Combat screen, starts
// the fight (each side on one roll), then goes back to the base rules and switches the variants off.
void rule_choices(const Expect& e) {
  Headless app({.browser_language = e.browser});
  for (const char* name : {"Aňa", "Bára", "Cyril", "Dan"})
    REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", name}, {"kind", "pc"}, {"max_hp", 24}, {"level", 3},
                          {"abilities", {{"dex", 12}}}}));
  REQUIRE(app.dispatch({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 4}}));

  app.tap("tab.settings");
  tap_seen(app, "settings.rules.table");
  CHECK(label(app, "settings.rule.initiative-variants") == e.rule_switch);
  REQUIRE(app.scroll_to("settings.initiative.variant.standard"));
  CHECK(label(app, "settings.initiative.variant.standard").ends_with("[on]"));
  tap_seen(app, "settings.initiative.variant.side");
  CHECK(label(app, "settings.initiative.variant.side") == e.side);
  CHECK(app.campaign()["modules"]["initiative-variants"] == json{{"variant", "side"}});
  tap_seen(app, "settings.encounter.rules.2024", true);
  CHECK(label(app, "settings.encounter.rules.2024") == e.budget);
  CHECK(app.campaign()["modules"]["encounter-difficulty"]["rules"] == "2024");

  // Combat: the difficulty read by the 2024 budget, the variant said, and the sides each on one roll.
  app.tap("tab.combat");
  REQUIRE(app.scroll_to("combat.difficulty"));
  CHECK(contains(label(app, "combat.difficulty"), e.difficulty2024));
  REQUIRE(app.scroll_to("combat.initiative_variant"));
  CHECK(label(app, "combat.initiative_variant") == e.setup_line);
  tap_seen(app, "combat.start", true);
  const json c = app.campaign();
  REQUIRE(c["encounter"].is_object());
  std::set<int> party, monsters;
  for (const auto& entry : c["encounter"]["order"])
    for (const auto& x : c["creatures"])
      if (x["id"] == entry["creature"]) (x["kind"] == "pc" ? party : monsters).insert(entry["initiative"].get<int>());
  CHECK(party.size() == 1);
  CHECK(monsters.size() == 1);
  CHECK(*party.begin() != *monsters.begin());
  REQUIRE(app.scroll_to("combat.fight_difficulty"));
  CHECK(contains(label(app, "combat.fight_difficulty"), e.difficulty2024));

  // Back to the base rules; the rule switched off takes its choices away.
  app.tap("tab.settings");
  tap_seen(app, "settings.initiative.variant.standard");
  CHECK_FALSE(app.campaign()["modules"].contains("initiative-variants"));
  tap_seen(app, "settings.rule.initiative-variants", true);
  CHECK(label(app, "settings.rule.initiative-variants").ends_with("[off]"));
  CHECK_FALSE(app.find("settings.initiative.variant.side"));
  CHECK(app.overflows().empty());
}

}  // namespace

TEST_CASE("Settings → Rules: side initiative and the 2024 budget, and the fight runs by them, in Czech",
          "[ui][settings][initiative-variants][encounter-difficulty]") {
  rule_choices({"cs-CZ", "Varianty iniciativy [on]", "Iniciativa stran [on]", "Rozpočet 2024 (nízká … vysoká) [on]",
                "proti rozpočtu", "Iniciativa: po stranách (družina hází jednou za všechny, nestvůry také)"});
}

TEST_CASE("Settings → Rules: side initiative and the 2024 budget, and the fight runs by them, in Ukrainian",
          "[ui][settings][initiative-variants][encounter-difficulty]") {
  rule_choices({"uk-UA", "Варіанти ініціативи [on]", "Ініціатива сторін [on]", "Бюджет 2024 (низька … висока) [on]",
                "проти бюджету", "Ініціатива: за сторонами (загін кидає раз за всіх, потвори теж)"});
}
