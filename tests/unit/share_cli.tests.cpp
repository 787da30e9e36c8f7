// `druzina link` / `druzina open` and the CLI's guard through the built binary: exit 2 with a message in
// --lang (never 1, never a crash) on hostile input in a save, a script or a link.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "core/io/guard.hpp"
#include "core/share/deflate.hpp"
#include "core/share/link.hpp"

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

namespace {

std::string fixture(const std::string& name) { return std::string("'") + DRUZINA_SOURCE_DIR + "/tests/fixtures/" + name + "'"; }

std::string temp(const std::string& name, const std::string& text) {
  std::string path = druzina::test::temp_file("share-cli-" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string nested(size_t levels) { return std::string(levels, '[') + "1" + std::string(levels, ']'); }

// A saved campaign (the combat script's result) in a temp file.
std::string saved_campaign() {
  static const std::string path = [] {
    std::string p = druzina::test::temp_file("share-cli-save.json");
    auto r = cli("run " + fixture("scripts/combat.json") + " --seed 7 --out '" + p + "'");
    REQUIRE(r.code == 0);
    return p;
  }();
  return path;
}

}  // namespace

TEST_CASE("cli link/open: a table link round trip", "[cli][share]") {
  auto r = cli("--json link --kind table --campaign '" + saved_campaign() + "' --id camp-7");
  REQUIRE(r.code == 0);
  json out = json::parse(r.out);
  std::string link = out["link"];
  REQUIRE(link.rfind("#d1.", 0) == 0);
  REQUIRE(out["length"] == link.size());
  REQUIRE(out["kind"] == "table");

  auto o = cli("--json open '" + link + "'");
  REQUIRE(o.code == 0);
  json opened = json::parse(o.out);
  REQUIRE(opened["kind"] == "table");
  REQUIRE(opened["campaign"]["name"] == "Stříbrný les");
  REQUIRE(opened["campaign_id"] == "camp-7");
  REQUIRE(opened["campaign"]["creatures"].size() >= 4);
  REQUIRE(opened["warnings"].empty());

  auto text = cli("--lang cs open 'http://127.0.0.1:8080/" + link + "'");
  REQUIRE(text.code == 0);
  REQUIRE(text.out.rfind("stůl pro hráče: „Stříbrný les“", 0) == 0);
  REQUIRE(text.out.find("Mira") != std::string::npos);
}

TEST_CASE("cli link/open: character and campaign links, and --out", "[cli][share]") {
  auto miss = cli("link --kind character --campaign '" + saved_campaign() + "'", Output::err);
  REQUIRE(miss.code == 2);
  REQUIRE(miss.out.find("--creature") != std::string::npos);
  auto ch = cli("--json link --kind character --creature c1 --campaign '" + saved_campaign() + "'");
  REQUIRE(ch.code == 0);
  json c = json::parse(cli("--json open '" + json::parse(ch.out)["link"].get<std::string>() + "'").out);
  REQUIRE(c["kind"] == "character");
  REQUIRE(c["creature"] == "c1");
  REQUIRE(c["campaign"]["creatures"][0]["name"] == "Mira");
  auto monster = cli("--lang cs link --kind character --creature c2 --campaign '" + saved_campaign() + "'", Output::err);
  REQUIRE(monster.code == 2);
  REQUIRE(monster.out.find("nepatří do družiny") != std::string::npos);

  auto camp = cli("--json link --kind campaign --campaign '" + saved_campaign() + "'");
  REQUIRE(camp.code == 0);
  std::string link = json::parse(camp.out)["link"];
  std::string file = temp("link.txt", link + "\n");
  std::string out = druzina::test::temp_file("share-cli-moved.json");
  auto o = cli("--json open --file '" + file + "' --out '" + out + "'");
  REQUIRE(o.code == 0);
  json opened = json::parse(o.out);
  REQUIRE(opened["kind"] == "campaign");
  REQUIRE(opened["save"]["tail"].size() > 0);
  // The moved campaign plays on.
  auto r = cli("--json run '" + temp("next.json", "[{\"type\": \"NextTurn\"}]") + "' --campaign '" + out + "' --seed 1");
  REQUIRE(r.code == 0);
  REQUIRE(json::parse(r.out)["state"]["name"] == "Stříbrný les");
  auto bad = cli("link --kind everything --campaign '" + saved_campaign() + "'", Output::err);
  REQUIRE(bad.code == 2);
}

TEST_CASE("cli open: malformed links exit 2 with a message in --lang", "[cli][share]") {
  auto link = json::parse(cli("--json link --campaign '" + saved_campaign() + "'").out)["link"].get<std::string>();
  struct Case {
    std::string link, cs;
  };
  std::vector<Case> cases = {
      {"#hello", "není odkaz Družiny"},
      {"#d2." + link.substr(4), "novější Družina"},
      {link.substr(0, link.size() / 2), "neúplný"},
      {link.substr(0, 30) + (link[30] == 'A' ? "B" : "A") + link.substr(31), "poškozený"},
  };
  for (const auto& c : cases) {
    INFO(c.link);
    auto r = cli("--lang cs open '" + c.link + "'", Output::err);
    REQUIRE(r.code == 2);
    REQUIRE(r.out.find(c.cs) != std::string::npos);
    REQUIRE(r.out.find("json.exception") == std::string::npos);
  }
}

TEST_CASE("cli: 100,000 levels, invalid UTF-8 and 1e400 exit 2 in a script, a save or a link", "[cli][share][guard]") {
  std::string deep = nested(100000);
  std::string save_text;
  {
    std::ifstream in(saved_campaign(), std::ios::binary);
    save_text.assign(std::istreambuf_iterator<char>(in), {});
  }
  json body = json::parse(save_text)["body"];
  std::string b = body.dump();
  std::vector<std::pair<std::string, std::string>> scripts = {
      {"deep-script.json", "[{\"type\": \"CreateCampaign\", \"name\": " + deep + "}]"},
      {"utf8-script.json", "[{\"type\": \"CreateCampaign\", \"name\": \"\xC3\x28\"}]"},
      {"number-script.json", "[{\"type\": \"CreateCampaign\", \"name\": \"A\", \"potion_warning_threshold\": 1e400}]"},
  };
  for (const auto& [name, text] : scripts) {
    INFO(name);
    auto r = cli("--lang uk run '" + temp(name, text) + "'", Output::err);
    REQUIRE(r.code == 2);
    REQUIRE(r.out.find("json.exception") == std::string::npos);
    REQUIRE(r.out.find("Скрипт") != std::string::npos);
  }
  std::vector<std::pair<std::string, std::string>> saves = {
      {"deep-save.json", b.substr(0, b.size() - 1) + ",\"x\":" + deep + "}"},
      {"utf8-save.json", b.substr(0, b.size() - 1) + ",\"x\":\"\xFF\"}"},
      {"number-save.json", b.substr(0, b.size() - 1) + ",\"x\":1e400}"},
  };
  for (const auto& [name, text] : saves) {
    INFO(name);
    auto run = cli("run '" + temp("empty.json", "[]") + "' --campaign '" + temp(name, text) + "'", Output::err);
    REQUIRE(run.code == 2);
    REQUIRE(run.out.find("json.exception") == std::string::npos);
    auto link = cli("link --campaign '" + temp(name, text) + "'", Output::err);
    REQUIRE(link.code == 2);
  }
  // Links whose payload (with a correct checksum) nests 100,000 levels, is not UTF-8 or holds 1e400.
  for (const std::string& payload : {"{\"s\":" + deep + "}", std::string("{\"n\":\"\xC3\x28\"}"), std::string("{\"n\":1e400}")}) {
    for (char kind : {'t', 'c', 'a'}) {
      std::string all(1, kind);
      all += payload;
      uint32_t sum = static_cast<uint32_t>(druzina::io::fnv1a64(all));
      std::string bytes(1, kind);
      for (int i = 3; i >= 0; --i) bytes.push_back(static_cast<char>((sum >> (8 * i)) & 0xff));
      bytes += druzina::share::deflate(payload);
      std::string crafted = "#d1." + druzina::share::base64url_encode(bytes);
      auto r = cli("--lang en open --file '" + temp("crafted-link.txt", crafted) + "'", Output::err);
      REQUIRE(r.code == 2);
      REQUIRE(r.out.find("invalid data") != std::string::npos);
    }
  }
  auto junk = cli("open --file '" + temp("junk-link.txt", "#d1." + std::string(200000, 'A')) + "'", Output::err);
  REQUIRE(junk.code == 2);
  auto not_link = cli("open --file '" + temp("deep-link.txt", deep) + "'", Output::err);
  REQUIRE(not_link.code == 2);
}
