// `druzina tables` / `druzina table` through the built binary (DRUZINA_CLI).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

TEST_CASE("cli tables: lists the table ids", "[cli][tables]") {
  auto r = cli("--json tables");
  REQUIRE(r.code == 0);
  json ids = json::parse(r.out);
  REQUIRE(ids.is_array());
  for (const char* id : {"broken-item", "lingering-injury", "serious-injury", "shock"})
    CHECK(std::find(ids.begin(), ids.end(), json(id)) != ids.end());
  auto text = cli("--lang cs tables");
  CHECK(text.code == 0);
  CHECK(text.out.find("shock  d20  Tabulka šoku") != std::string::npos);
}

TEST_CASE("cli table: --roll N looks the row up without randomness", "[cli][tables]") {
  auto r = cli("--json table shock --roll 6");
  REQUIRE(r.code == 0);
  json j = json::parse(r.out);
  CHECK(j["table"] == "shock");
  CHECK(j["roll"] == 6);
  CHECK(j["range"] == json{4, 8});
  CHECK(j["text"]["en"] == "The creature is paralyzed until the end of its next turn.");
  CHECK(j["text"]["cs"] == "Tvor je ochromený do konce svého příštího tahu.");
  CHECK(j["text"]["uk"] == "Істота паралізована до кінця свого наступного ходу.");
  CHECK(j["effects"] == json{{"condition", "paralyzed"}, {"until", "end_of_next_turn"}});
  CHECK_FALSE(j.contains("nested"));
  CHECK(cli("--json table shock --roll 6").out == r.out);

  json li = json::parse(cli("--json table lingering-injury --roll 1").out);
  CHECK(li["then"] == "serious-injury");
  CHECK(li["range"] == json{1, 1});

  auto text = cli("--lang uk table shock --roll 20");
  CHECK(text.code == 0);
  CHECK(text.out.find("Істота не може виконувати реакції") != std::string::npos);
}

TEST_CASE("cli table: rolling with --seed is reproducible and nests", "[cli][tables]") {
  auto a = cli("--json table lingering-injury --seed 77");
  auto b = cli("--json table lingering-injury --seed 77");
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  json j = json::parse(a.out);
  CHECK(j["table"] == "lingering-injury");
  CHECK(j["roll"].get<int>() >= j["range"][0].get<int>());
  CHECK(j["roll"].get<int>() <= j["range"][1].get<int>());
  CHECK(j["nested"].is_array());
  // some seed rolls a 31–35 and nests the broken-item table
  bool nested = false;
  for (int seed = 0; seed < 60 && !nested; ++seed) {
    json k = json::parse(cli("--json table lingering-injury --seed " + std::to_string(seed)).out);
    if (k["roll"].get<int>() >= 31 && k["roll"].get<int>() <= 35) {
      REQUIRE(k["nested"].size() == 1);
      CHECK(k["nested"][0]["table"] == "broken-item");
      nested = true;
    } else {
      CHECK(k["nested"].size() == (k["roll"] == 1 ? 1u : 0u));
    }
  }
  CHECK(nested);
}

TEST_CASE("cli table: bad input exits 2 with a message in --lang", "[cli][tables]") {
  auto out_of_range = cli("table shock --roll 21", Output::err);
  CHECK(out_of_range.code == 2);
  CHECK(out_of_range.out.find("21 is not a result of the table shock (1–20)") != std::string::npos);
  auto cs = cli("--lang cs table shock --roll 0", Output::err);
  CHECK(cs.code == 2);
  CHECK(cs.out.find("není výsledek tabulky shock") != std::string::npos);
  auto unknown = cli("--lang uk table nope", Output::err);
  CHECK(unknown.code == 2);
  CHECK(unknown.out.find("Невідома таблиця «nope»") != std::string::npos);
  CHECK(cli("table shock --roll six").code == 2);
  CHECK(cli("table shock --colour red").code == 2);
  CHECK(cli("table").code == 2);
}
