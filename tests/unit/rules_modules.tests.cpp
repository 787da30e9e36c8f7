// The house-rule modules as a whole: the metadata file against the engine, switches, texts in every language,
// the price list override and the ranger's free-text notes.
#include <set>

#include "core/assets.hpp"
#include "core/reference/reference.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("house-rules.json lists every module of the engine with its default, commands and prompts", "[rules][modules]") {
  const json meta = assets::json("data/rules/house-rules.json");
  const Engine& e = Engine::standard();
  std::set<std::string> listed;
  for (const auto& m : meta.at("modules")) {
    std::string id = m.at("id");
    CAPTURE(id);
    listed.insert(id);
    const Module* mod = e.module(id);
    REQUIRE(mod != nullptr);
    CHECK(mod->default_on == m.at("default_on").get<bool>());
    CHECK(mod->setting == id);
    for (const auto& c : m.at("commands")) CHECK(e.has_command(c.get<std::string>()));
    for (const Lang lang : kLangs) {
      CHECK(has_key(lang, "rules.module." + id));
      CHECK(has_key(lang, "rules.module." + id + ".desc"));
      for (const auto& p : m.at("prompts")) CHECK(has_key(lang, "prompt." + p.get<std::string>()));
    }
  }
  for (const auto& m : e.modules()) CHECK(listed.count(m.id) == 1);
}

TEST_CASE("every house-rule command is refused while its module is off", "[rules][modules]") {
  const json meta = assets::json("data/rules/house-rules.json");
  for (const auto& m : meta.at("modules")) {
    for (const auto& c : m.at("commands")) {
      CAPTURE(c);
      RulesTable t(81);
      json settings = {{"rules", {{m.at("id").get<std::string>(), false}}}};
      new_campaign(t, settings);
      REQUIRE_REFUSED(t.run({{"type", c.get<std::string>()}}), "campaign.err.rule_off");
    }
  }
}

TEST_CASE("house-rule event lines exist in cs, uk and en", "[rules][modules][i18n]") {
  // Every event type a house-rule module registers renders through a key event.<type> (or its own variants).
  const char* events[] = {"save_proficiencies_set", "injury_hand_set", "item_destroyed", "no_item_to_break", "open_wound_bled",
                          "action_lost", "splint_set", "treatment_failed", "injury_treated", "injury_removed", "rally_finished",
                          "inspiration_used", "hero_point_used", "leveled_up", "int_window_opened", "int_window_closed",
                          "int_pick_added", "int_pick_removed", "potion_drunk", "attack_rolled", "ritual_started",
                          "resurrected", "ritual_cancelled", "project_worked", "overtime_saves", "art_finished"};
  for (const char* ev : events) {
    CAPTURE(ev);
    CHECK(Engine::standard().has_event(ev));
    for (const Lang lang : kLangs) CHECK(has_key(lang, std::string("event.") + ev));
  }
}

TEST_CASE("price list: SetPriceOverride sets and clears a DM price", "[rules][prices]") {
  RulesTable t(82);
  new_campaign(t);
  const auto& poison = reference::price_item("basic-poison");
  t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}, {"gp", 1.5}});
  CHECK(t.state().settings.price_overrides.at("dagger") == 1.5);
  CHECK(reference::price_of(reference::price_item("dagger"), t.state().settings.price_overrides) == 1.5);
  t.run({{"type", "SetPriceOverride"}, {"item", "basic-poison"}, {"gp", 15}});
  CHECK(reference::price_of(poison, t.state().settings.price_overrides) == 15);
  t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}});
  CHECK(t.state().settings.price_overrides.count("dagger") == 0);
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}}), "rules.err.no_override");
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "unicorn"}, {"gp", 1}}), "reference.err.unknown_price");
  REQUIRE_REFUSED(t.run({{"type", "SetPriceOverride"}, {"item", "dagger"}, {"gp", -1}}), "campaign.err.param");
}

TEST_CASE("ranger: no mechanics — the campaign's house-rule notes hold the DM's text", "[rules][ranger]") {
  RulesTable t(83);
  new_campaign(t);
  t.run({{"type", "SetSettings"}, {"house_rule_notes", "Hraničář: oficiální rework, upravený (viz odkaz PJ)."}});
  CHECK(t.state().settings.house_rule_notes == "Hraničář: oficiální rework, upravený (viz odkaz PJ).");
}
