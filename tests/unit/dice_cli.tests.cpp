// `druzina roll`, `druzina stats` and `druzina bench-roll`, run as a user would (the built binary via popen).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "../support/cli.hpp"

using nlohmann::json;
using namespace druzina::test;

TEST_CASE("cli roll: JSON with every die, one dropped by kh3", "[cli][dice]") {
  json j = cli_json("roll 4d6kh3 --seed 1");
  CHECK(j["expr"] == "4d6kh3");
  REQUIRE(j["dice"].size() == 4);
  int dropped = 0, sum = 0;
  for (const auto& d : j["dice"]) {
    CHECK(d["sides"] == 6);
    if (d["kept"] == false) ++dropped;
    else sum += d["value"].get<int>();
  }
  CHECK(dropped == 1);
  CHECK(j["total"] == sum);
  CHECK(j["text"] == "4d6kh3 (6, 5, 6, ~~4~~) = 17");
  CHECK(j["nat20"] == false);
  CHECK(j["nat1"] == false);
  CHECK_FALSE(j.contains("comment"));
  CHECK(j["seed"] == 1);
  CHECK(cli_json("roll 4d6kh3 --seed 1") == j);  // same seed, same roll
}

TEST_CASE("cli roll: text output, joined words, comments", "[cli][dice]") {
  CliRun r = cli("roll 4d6kh3 --seed 1");
  CHECK(r.code == 0);
  CHECK(r.out == "4d6kh3 (6, 5, 6, ~~4~~) = 17\n");
  json a = cli_json("roll 1d20 + 5 attack on goblin --seed 2");
  json b = cli_json("roll '1d20+5 attack on goblin' --seed 2");
  CHECK(a["expr"] == "1d20 + 5");
  CHECK(a["comment"] == "attack on goblin");
  CHECK(a["total"] == b["total"]);
  CHECK(cli("roll '1d20+5 attack on goblin' --seed 2").out.rfind("attack on goblin: 1d20 (", 0) == 0);
}

TEST_CASE("cli roll: without --seed it reports the seed it used", "[cli][dice]") {
  json j = cli_json("roll 3d6");
  REQUIRE(j.contains("seed"));
  json again = cli_json("roll 3d6 --seed " + std::to_string(j["seed"].get<std::uint64_t>()));
  CHECK(again["text"] == j["text"]);
}

TEST_CASE("cli roll: advantage and disadvantage", "[cli][dice]") {
  json adv = cli_json("roll 1d20+5 --adv --seed 3");
  CHECK(adv["expr"] == "2d20kh1 + 5");
  REQUIRE(adv["dice"].size() == 2);
  int a = adv["dice"][0]["value"], b = adv["dice"][1]["value"];
  CHECK(adv["total"] == std::max(a, b) + 5);
  json dis = cli_json("roll --dis 1d20+5 --seed 3");  // the flag may come first
  CHECK(dis["expr"] == "2d20kl1 + 5");
  CHECK(dis["total"] == std::min(a, b) + 5);
  CHECK(cli_json("roll 1d20 --adv --dis --seed 3")["expr"] == "1d20");  // both cancel out
}

TEST_CASE("cli roll: invalid input exits 2 with a message in --lang", "[cli][dice]") {
  CliRun cs = cli("--lang cs roll '1d20+'", Output::merged);
  CHECK(cs.code == 2);
  // The message quotes the spot (‸) and says what to add, not a column number.
  CHECK(cs.out.find("U „1d20+‸“: hod končí předčasně; doplň číslo nebo kostku") != std::string::npos);
  CliRun uk = cli("--lang uk roll 4d6kq3", Output::merged);
  CHECK(uk.code == 2);
  CHECK(uk.out.find("Біля «4d6k‸q3»: після оператора напиши число") != std::string::npos);
  CHECK(uk.out.find("а не «q»") != std::string::npos);
  // The table's own notation, read and written: cs 2k6, uk 2к6; the JSON keeps d.
  CliRun k = cli("--lang cs roll 2k6 --seed 1", Output::merged);
  CHECK(k.code == 0);
  CHECK(k.out.rfind("2k6 (", 0) == 0);
  CliRun uk_k = cli("--lang uk roll 2к6+1 --seed 1", Output::merged);
  CHECK(uk_k.code == 0);
  CHECK(uk_k.out.rfind("2к6 (", 0) == 0);
  CHECK(cli_json("--lang uk roll 2к6+1 --seed 1")["expr"] == "2d6 + 1");
  CliRun en = cli("roll 1d6rr'<'7", Output::merged);
  CHECK(en.code == 2);
  CHECK(en.out.find("more than 1000 dice") != std::string::npos);
  CliRun zero = cli("--lang cs roll 1/0", Output::merged);
  CHECK(zero.code == 2);
  CHECK(zero.out.find("nulou") != std::string::npos);
  CHECK(cli("roll", Output::merged).code == 2);
}

TEST_CASE("cli stats: min, max, mean", "[cli][dice]") {
  json j = cli_json("stats 4d6kh3");
  CHECK(j["min"] == 3);
  CHECK(j["max"] == 18);
  CHECK(j["mean"].get<double>() == Approx(12.2446).epsilon(1e-4));
  CHECK(j["exact"] == true);
  json k = cli_json("stats 8d6");
  CHECK(k["mean"].get<double>() == Approx(28));
  CliRun text = cli("--lang cs stats 2d20kh1");
  CHECK(text.out == "2k20kh1: minimum 1, maximum 20, průměr 13.825\n");
  CHECK(cli("stats '1d20+'", Output::merged).code == 2);
}

TEST_CASE("cli bench-roll: reports rolls per second", "[cli][dice]") {
  json j = cli_json("bench-roll 4d6kh3+2 --count 20000");
  CHECK(j["expr"] == "4d6kh3 + 2");
  CHECK(j["compiled"]["rolls"] == 20000);
  CHECK(j["compiled"]["rolls_per_second"].get<double>() > 0);
  CHECK(j["full"]["rolls_per_second"].get<double>() > 0);
  CHECK(j["mean_total"].get<double>() == Approx(14.24).epsilon(0.05));
}
