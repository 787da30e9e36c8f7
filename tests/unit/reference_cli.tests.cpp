// `druzina reference` and `druzina prices` through the built binary (DRUZINA_CLI).
#include <catch2/catch.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

TEST_CASE("cli reference: search in a language returns id, title, summary", "[cli][reference]") {
  auto r = cli("--json --lang cs reference unava");
  REQUIRE(r.code == 0);
  json list = json::parse(r.out);
  REQUIRE(list.is_array());
  REQUIRE_FALSE(list.empty());
  for (const auto& item : list) {
    CHECK(item.contains("id"));
    CHECK(item.contains("title"));
    CHECK(item.contains("summary"));
    CHECK(item["title"].is_string());
  }
  std::string top = list[0]["title"].get<std::string>();
  CHECK((top.find("Únav") != std::string::npos || top.find("únav") != std::string::npos));

  auto uk = cli("--json --lang uk reference ВИСНАЖЕННЯ");
  REQUIRE(uk.code == 0);
  json ukl = json::parse(uk.out);
  REQUIRE_FALSE(ukl.empty());
  CHECK(ukl[0]["title"].get<std::string>().find("иснаження") != std::string::npos);

  SECTION("several words are one query") {
    json two = json::parse(cli("--json --lang cs reference masivní šok").out);
    REQUIRE_FALSE(two.empty());
    CHECK(two[0]["id"] == "hr-massive-damage");
  }
  SECTION("no query lists everything, text mode groups by source") {
    json all = json::parse(cli("--json reference").out);
    CHECK(all.size() > 100);
    auto text = cli("--lang uk reference");
    CHECK(text.code == 0);
    CHECK(text.out.find("== Домашні правила ==") != std::string::npos);
    CHECK(text.out.find("== Базові правила (SRD 5.1) ==") != std::string::npos);
  }
  SECTION("nothing found is not an error") {
    auto none = cli("--lang en reference zzzqqq");
    CHECK(none.code == 0);
    CHECK(none.out.find("Nothing found") != std::string::npos);
    CHECK(json::parse(cli("--json reference zzzqqq").out).empty());
  }
}

TEST_CASE("cli reference --id: the full entry", "[cli][reference]") {
  auto r = cli("--json reference --id hr-massive-damage");
  REQUIRE(r.code == 0);
  json e = json::parse(r.out);
  CHECK(e["id"] == "hr-massive-damage");
  CHECK(e["source"] == "house-rules");
  CHECK(e["title"]["cs"] == "Masivní zranění a šok");
  CHECK(e["body"]["uk"].get<std::string>().find("СК 15") != std::string::npos);
  CHECK(e["tools"] == json{"massive-damage"});
  CHECK(e["tables"] == json{"shock"});
  auto text = cli("--lang cs reference --id hr-massive-damage");
  CHECK(text.code == 0);
  CHECK(text.out.find("Masivní zranění a šok") != std::string::npos);
  CHECK(text.out.find("  • 1: životy tvora klesnou na 0.") != std::string::npos);
  CHECK(text.out.find("Kalkulačky: massive-damage") != std::string::npos);
  SECTION("errors exit 2 with a message in --lang") {
    auto bad = cli("--lang cs reference --id no-such-entry", Output::err);
    CHECK(bad.code == 2);
    CHECK(bad.out.find("Neznámé heslo pravidel „no-such-entry“") != std::string::npos);
    auto opt = cli("reference --bogus 1", Output::err);
    CHECK(opt.code == 2);
    CHECK(opt.out.find("--bogus") != std::string::npos);
  }
}

TEST_CASE("cli prices: search, overrides and categories", "[cli][prices]") {
  auto r = cli("--json --lang cs prices dlouhy mec");
  REQUIRE(r.code == 0);
  json list = json::parse(r.out);
  REQUIRE_FALSE(list.empty());
  CHECK(list[0]["id"] == "longsword");
  CHECK(list[0]["name"] == "Dlouhý meč");
  CHECK(list[0]["price"] == 15);
  CHECK(list[0]["weight_lb"] == 3);

  json poison = json::parse(cli("--json prices --id basic-poison").out);
  CHECK(poison["price_gp"] == 100);
  CHECK(poison["override_gp"] == 20);
  CHECK(poison["price"] == 20);
  auto text = cli("--lang en prices --id basic-poison");
  CHECK(text.out.find("20 gp  (rulebook price: 100 gp)") != std::string::npos);

  json armor = json::parse(cli("--json prices --category armor-heavy").out);
  CHECK(armor.size() == 4);
  auto bad = cli("--lang uk prices --category nope", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("Невідома категорія") != std::string::npos);
  auto all = json::parse(cli("--json prices").out);
  CHECK(all.size() >= 150);
}
