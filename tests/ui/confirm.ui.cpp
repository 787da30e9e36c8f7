// The confirmation's Yes, without a browser (tests/ui/headless.hpp): in the accent colour for a step that loses
// nothing (ending a fight: undo brings it back), in red for one that deletes (removing a character).
#include <catch2/catch.hpp>
#include <imgui.h>

#include <algorithm>
#include <string>

#include "headless.hpp"
#include "ui/widgets/creature_ui.hpp"

using druzina::uitest::Headless;

namespace {

// The colour a button of colour c is drawn in, still or under the finger (colored_button: 15 % lighter).
bool drawn_as(std::uint32_t fill, ImVec4 c) {
  const ImVec4 lit(std::min(1.0f, c.x * 1.15f), std::min(1.0f, c.y * 1.15f), std::min(1.0f, c.z * 1.15f), c.w);
  return fill == ImGui::ColorConvertFloat4ToU32(c) || fill == ImGui::ColorConvertFloat4ToU32(lit);
}

// The fill of the confirmation's Yes, beside its label (left of the centred text).
std::uint32_t yes_fill(const Headless& app) {
  const auto yes = app.find("confirm.yes");
  REQUIRE(yes);
  return app.fill_at(yes->x + 8, yes->y + yes->h / 2);
}

}  // namespace

TEST_CASE("the confirmation's Yes is red only when the step deletes something, in Czech", "[ui][confirm]") {
  Headless app({.browser_language = "cs-CZ"});
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}}));
  REQUIRE(app.dispatch({{"type", "StartEncounter"}}));

  // Ending the fight loses nothing: Yes in the accent colour.
  app.tap("tab.combat");
  REQUIRE(app.scroll_to("combat.end"));
  app.tap("combat.end");
  REQUIRE(app.find("confirm.yes"));
  const std::uint32_t end = yes_fill(app);
  CHECK(drawn_as(end, druzina::ui::col_accent()));
  CHECK_FALSE(drawn_as(end, druzina::ui::col_bad()));
  app.tap("confirm.no");
  CHECK(app.campaign()["encounter"].is_object());

  // Removing a creature deletes it: Yes in red.
  app.tap("tab.party");
  std::string mira;
  const nlohmann::json campaign = app.campaign();
  for (const auto& c : campaign["creatures"])
    if (c["name"] == "Mira") mira = c["id"].get<std::string>();
  REQUIRE(app.scroll_to("party.card." + mira));
  app.tap("party.card." + mira);
  REQUIRE(app.scroll_to("sheet.remove"));
  app.tap("sheet.remove");
  REQUIRE(app.find("confirm.yes"));
  CHECK(drawn_as(yes_fill(app), druzina::ui::col_bad()));
  app.tap("confirm.yes");
  CHECK(app.campaign()["creatures"].size() == 1);
}
