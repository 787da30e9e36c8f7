// The house-rule `druzina run` scripts of tests/fixtures/scripts/house-rules-*.json through the built CLI: each
// journey ends in the expected state, runs the same twice with a seed, and logs in cs/uk/en without raw keys.
#include <catch2/catch.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

namespace {

std::string script(const char* name) {
  return std::string("'") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/" + name + "'";
}

json run_json(const char* name) {
  CliRun r = cli("--json --seed 7 run " + script(name));
  INFO(name);
  REQUIRE(r.code == 0);
  json j = json::parse(r.out);
  CHECK(cli("--json --seed 7 run " + script(name)).out == r.out);  // the same seed, the same evening
  for (const char* lang : {"cs", "uk", "en"}) {
    CliRun text = cli(std::string("--lang ") + lang + " --seed 7 run " + script(name));
    REQUIRE(text.code == 0);
    CHECK(text.out.find("event.") == std::string::npos);
    CHECK(text.out.find("prompt.") == std::string::npos);
    CHECK(text.out.find("rules.") == std::string::npos);
  }
  return j;
}

const json& creature(const json& state, const std::string& id) {
  for (const auto& c : state.at("creatures"))
    if (c.at("id") == id) return c;
  FAIL("no creature " << id);
  throw 0;
}

}  // namespace

TEST_CASE("cli house rules: the combat journey (shock 6, festering wound 43)", "[cli][house-rules]") {
  json j = run_json("house-rules-combat.json");
  const json& mira = creature(j["state"], "c1");
  CHECK(mira["max_hp"] == 16);
  CHECK(mira["hp"] == 16);
  CHECK(mira["modules"]["lingering-injuries"]["injuries"][0]["effects"]["injury"] == "festering_wound");
  CHECK(mira["modules"]["lingering-injuries"]["injuries"][0]["table_row"] == 43);
  CHECK(mira["conditions"].empty());
  bool shock = false;
  for (const auto& e : j["events"])
    if (e["type"] == "table_rolled" && e["data"]["table"] == "shock") shock = e["data"]["roll"] == 6;
  CHECK(shock);
  CHECK(j["state"]["prompts"].empty());
}

TEST_CASE("cli house rules: after the fight (rally, rage, inspiration, potions, long rest)", "[cli][house-rules]") {
  json j = run_json("house-rules-after-fight.json");
  const json& thorga = creature(j["state"], "c1");
  const json& mira = creature(j["state"], "c2");
  CHECK(thorga.value("exhaustion", 0) == 0);
  CHECK_FALSE(thorga.value("inspiration", false));
  CHECK(thorga.value(json::json_pointer("/modules/potions/drunk_since_long_rest"), 0) == 0);
  CHECK(mira["inventory"][0]["qty"] == 1);
  CHECK_FALSE(j["state"]["modules"].value("exhausting-rally", json::object()).value("used", false));  // the next rally is allowed
}

TEST_CASE("cli house rules: downtime (crafting, art, scroll, price override)", "[cli][house-rules]") {
  json j = run_json("house-rules-downtime.json");
  const json& projects = j["state"]["modules"]["crafting"]["projects"];
  REQUIRE(projects.size() == 3);
  CHECK(projects[0]["done"] == true);
  CHECK(projects[0]["hours"] == 25);
  CHECK(projects[1]["data"]["art_value_gp"] == 120);
  CHECK(projects[2]["goal_gp"] == 250);
  CHECK(projects[2]["done"] == true);
  CHECK(j["state"]["modules"]["price-list"]["overrides"]["basic-poison"] == 15);
  int overtime = 0;
  for (const auto& e : j["events"])
    if (e["type"] == "overtime_saves") {
      ++overtime;
      CHECK(e["data"]["results"][0]["dc"] == 11);
      CHECK(e["data"]["results"][1]["dc"] == 12);
    }
  CHECK(overtime == 2);
  // crafting moved the clock: the smith's three days (10 h, the night, 10 h, the night, 5 h), then the painter's
  // and the scribe's four days each (8 + 8 + 8 + 1 hours, nights between them)
  CHECK(j["state"]["minutes"] == 2 * 1440 + 5 * 60 + 2 * (3 * 1440 + 60));
  int nights = 0;
  for (const auto& e : j["events"]) nights += e["type"] == "crafting_night" ? 1 : 0;
  CHECK(nights == 2 + 3 + 3);
  CHECK(creature(j["state"], "c1")["inventory"][0]["name"] == "Sekera");
  CHECK(creature(j["state"], "c1")["inventory"][0]["value_gp"] == 50);
  CHECK(creature(j["state"], "c2")["inventory"][0]["kind"] == "art");
  CHECK(creature(j["state"], "c2")["inventory"][0]["value_gp"] == 120);
}

TEST_CASE("cli house rules: the resurrection ritual", "[cli][house-rules]") {
  json j = run_json("house-rules-resurrection.json");
  const json& mira = creature(j["state"], "c1");
  CHECK(mira["hp"] == 1);
  CHECK(mira["modules"]["resurrection-ritual"]["attempts"] == 1);
  CHECK(mira["death_saves"]["dead"] == false);
  const json& ritual = j["state"]["modules"]["resurrection-ritual"]["rituals"]["r5"];
  CHECK(ritual["status"] == "raised");
  CHECK(ritual["attempt"]["dc"] == 8);
}

TEST_CASE("cli house rules: a second rally is refused with the reason in the chosen language", "[cli][house-rules]") {
  CliRun r = cli("--lang cs --seed 7 run " + script("house-rules-rally-twice.json"), Output::err);
  CHECK(r.code == 2);
  CHECK(r.out.find("Vysilující shromáždění už družina od posledního důkladného odpočinku použila.") != std::string::npos);
}
