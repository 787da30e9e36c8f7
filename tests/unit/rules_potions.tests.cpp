// The potions rule's own data (tests/unit/rules_rests.tests.cpp has its table behaviour): where the count and the
// threshold live, how they are validated, what players see.
#include "core/io/player_view.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("potions: the count is the module's per-creature data and the long rest resets it", "[rules][potions]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "Healing"}});
  CHECK(t.c(m).modules["potions"]["drunk_since_long_rest"] == 1);
  CHECK(rules::potions_view(t.state(), t.c(m)).drunk == 1);
  CHECK_FALSE(rules::potions_view(t.state(), t.c(m)).over);
  const auto& tx = t.run({{"type", "LongRest"}});
  CHECK(count_events(tx, "potions_reset") == 1);
  CHECK(rules::potions_drunk(t.c(m)) == 0);
  CHECK_FALSE(t.c(m).modules.contains("potions"));
}

TEST_CASE("potions: the warning threshold is the module's campaign data, set through SetSettings", "[rules][potions]") {
  RulesTable t(5);
  new_campaign(t);
  CHECK(rules::potion_warning_threshold(t.state()) == 3);
  const auto& tx = t.run({{"type", "SetSettings"}, {"potion_warning_threshold", 1}});
  REQUIRE(tx.events.size() == 1);  // no empty settings_changed beside it
  CHECK(tx.events[0].type == "potion_warning_set");
  CHECK(t.state().modules["potions"]["warning_threshold"] == 1);
  CHECK(rules::potion_warning_threshold(t.state()) == 1);
  REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"potion_warning_threshold", 1001}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SetSettings"}}), "campaign.err.nothing_to_change");
  t.session.undo();
  CHECK(rules::potion_warning_threshold(t.state()) == 3);
  CHECK_FALSE(t.state().modules.contains("potions"));
}

TEST_CASE("potions: bad module data is refused like any other field", "[rules][potions]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"potions", {{"drunk_since_long_rest", -1}}}}}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"potions", {{"drunk_since_long_rest", "two"}}}}}}}}),
                  "state.err.wrong_type");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"potions", 4}}}}}}),
                  "state.err.wrong_type");
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"potions", {{"drunk_since_long_rest", 2}}}}}}}});
  CHECK(rules::potions_drunk(t.c(m)) == 2);
}

TEST_CASE("potions: a player's view shows the count of a PC (not a DM secret)", "[rules][potions][player_view]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "DrinkPotion"}, {"target", m}, {"name", "Healing"}});
  json v = io::player_view(t.state());
  CHECK(v["creatures"][0]["rule_data"]["potions"]["drunk_since_long_rest"] == 1);
  CHECK(v.dump().find("\"modules\"") == std::string::npos);
}
