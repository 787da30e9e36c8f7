// `druzina run` through the built binary (DRUZINA_CLI): scripts, seeds, undo/redo, saves, refusals.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "../support/cli.hpp"
#include "core/io/save.hpp"

using nlohmann::json;
using namespace druzina::test;

namespace {

std::string fixture(const std::string& name) { return std::string("'") + DRUZINA_SOURCE_DIR + "/tests/fixtures/" + name + "'"; }

}  // namespace

TEST_CASE("cli run: a script with a seed gives the state, the events and the log", "[cli][campaign]") {
  auto r = cli("--json run " + fixture("scripts/combat.json") + " --seed 7");
  REQUIRE(r.code == 0);
  json out = json::parse(r.out);
  REQUIRE(out["seed"] == 7);
  REQUIRE(out["state"]["name"] == "Stříbrný les");
  REQUIRE(out["state"]["creatures"].size() == 4);
  REQUIRE(out["state"]["creatures"][0]["hp"] == 8);
  // the misclick on c2 was undone; the hit on c3 stands after undo 2 + redo 1; NextTurn is undone
  REQUIRE(out["state"]["creatures"][1]["hp"] == out["state"]["creatures"][1]["max_hp"]);
  int c3 = out["state"]["creatures"][2]["hp"], c3max = out["state"]["creatures"][2]["max_hp"];
  REQUIRE(c3 == std::max(0, c3max - 4));
  REQUIRE(out["state"]["encounter"]["turn"] == 0);
  for (const auto& e : out["events"]) REQUIRE(e["tx"].get<int>() <= out["state"]["last_tx"].get<int>());
  REQUIRE(out["log"].size() > 5);
  REQUIRE(out["log"][0] == "#1 Campaign “Stříbrný les” created.");
  REQUIRE_FALSE(out.contains("save"));
  // the same seed, the same run
  REQUIRE(cli("--json run " + fixture("scripts/combat.json") + " --seed 7").out == r.out);
}

TEST_CASE("cli run: the log in --lang, the save on request, a saved campaign continued", "[cli][campaign]") {
  auto text = cli("--lang cs run " + fixture("scripts/combat.json") + " --seed 7");
  REQUIRE(text.code == 0);
  REQUIRE(text.out.find("#1 Založena kampaň „Stříbrný les“.") == 0);
  auto with_save = cli("--json run " + fixture("scripts/combat.json") + " --seed 7 --save");
  json out = json::parse(with_save.out);
  REQUIRE(out["save"]["schemaVersion"] == druzina::io::kSchemaVersion);
  std::string path = druzina::test::temp_file("cli-test-save.json");
  {
    std::ofstream f(path);
    f << out["save"].dump();
  }
  auto more = cli("--json run " + fixture("scripts/refused.json") + " --campaign " + path);
  REQUIRE(more.code == 2);  // CreateCampaign again is refused
  auto from_v1 = cli("--json run " + fixture("scripts/refused.json") + " --campaign " + fixture("save-v1.json"));
  REQUIRE(from_v1.code == 2);
  std::remove(path.c_str());
}

TEST_CASE("cli run: a refused command stops with exit 2 and names its index", "[cli][campaign]") {
  auto en = cli("run " + fixture("scripts/refused.json") + " --seed 1", Output::err);
  REQUIRE(en.code == 2);
  REQUIRE(en.out.find("Command 3 (ApplyDamage) failed: There is no creature with the id “c9”.") != std::string::npos);
  auto cs = cli("--lang cs run " + fixture("scripts/refused.json"), Output::err);
  REQUIRE(cs.out.find("Příkaz 3 (ApplyDamage) selhal: Bytost s id „c9“ neexistuje.") != std::string::npos);
  auto uk = cli("--lang uk run " + fixture("scripts/refused.json"), Output::err);
  REQUIRE(uk.out.find("Команда 3 (ApplyDamage) не вдалася") != std::string::npos);
  auto missing = cli("run /nonexistent/script.json", Output::err);
  REQUIRE(missing.code == 2);
  auto broken = cli("run " + fixture("save-v1.json"), Output::err);  // an object without "commands"
  REQUIRE(broken.code == 2);
  REQUIRE(broken.out.find("array of commands") != std::string::npos);
}
