// `druzina rules` / `druzina rule NAME --param value …` through the built binary (DRUZINA_CLI).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "../support/cli.hpp"
#include "core/calc/calc.hpp"

using nlohmann::json;
using namespace druzina::test;

TEST_CASE("cli rule: art-value reproduces the seed's examples", "[cli][calc]") {
  struct Case { int check; json value; bool worthless; };
  for (auto c : {Case{5, 0, true}, Case{8, 30, false}, Case{17, 120, false}, Case{24, 250, false},
                 Case{28, 450, false}, Case{33, 850, false}}) {
    CHECK(cli_json("rule art-value --cost 50 --check " + std::to_string(c.check)) ==
          json{{"value_gp", c.value}, {"worthless", c.worthless}});
  }
  auto text = cli("rule art-value --cost 50 --check 17");
  CHECK(text.code == 0);
  CHECK(text.out == "value_gp: 120\nworthless: false\n");
}

TEST_CASE("cli rule: parameters are parsed by their declared types", "[cli][calc]") {
  CHECK(cli_json("rule massive-damage --max-hp 17 --damage 9") == json{{"triggered", true}, {"dc", 15}});
  CHECK(cli_json("rule craft --kind mundane --level 5 --value 100 --crafters-levels 1,9")["gp_per_hour"] == 6);
  CHECK(cli_json("rule resurrection --previous 2 --casting longer --helper-successes 1")["dc"] == 9);
  auto a = cli_json("rule hp-roll --die 8 --con-mod -1 --seed 4");  // a negative value is a value, not an option
  CHECK(a == cli_json("rule hp-roll --die 8 --con-mod -1 --seed 4"));
  CHECK(a["gain"] == std::max(1, a["rolls"].back().get<int>() - 1));
  CHECK(cli_json("rule craft-overtime --hour 9") == json{{"save_needed", true}, {"dc", 11}});
  CHECK(cli_json("rule magic-item-value --rarity legendary") == json{{"min_gp", 50001}, {"max_gp", nullptr}});
}

TEST_CASE("cli rules: lists every calculator with its parameters", "[cli][calc]") {
  json list = cli_json("rules");
  REQUIRE(list.is_array());
  CHECK(list.size() == druzina::calc::calculators().size());
  bool found = false;
  for (const auto& c : list) {
    CHECK(c.contains("description"));
    CHECK(c["module"].is_string());  // every calculator today is one rule's (Module::calculators)
    if (c["name"] != "flanking") continue;
    CHECK(c["module"] == "flanking");
    found = true;
    REQUIRE(c["params"].size() == 1);
    CHECK(c["params"][0]["name"] == "position");
    CHECK(c["params"][0]["type"] == "enum");
    CHECK(c["params"][0]["allowed"] == json{"direct", "side", "none"});
    CHECK(c["params"][0]["required"] == true);
  }
  CHECK(found);
  CHECK(cli_json("--lang cs rules")[0]["description"].get<std::string>().find("Masivní zranění") == 0);
}

TEST_CASE("cli rule: invalid input exits 2 with a message", "[cli][calc]") {
  auto unknown_option = cli("rule flanking --position side --angle 3", Output::err);
  CHECK(unknown_option.code == 2);
  CHECK(unknown_option.out.find("has no parameter --angle") != std::string::npos);
  auto bad_enum = cli("--lang cs rule flanking --position behind", Output::err);
  CHECK(bad_enum.code == 2);
  CHECK(bad_enum.out.find("--position musí být jedno z: direct, side, none") != std::string::npos);
  auto refused = cli("rule resurrection --previous 0 --casting action --helper-successes 1", Output::err);
  CHECK(refused.code == 2);
  CHECK(refused.out.find("longer than one action") != std::string::npos);
  auto uk = cli("--lang uk rule resurrection --previous 0 --casting longer --helper-successes 2 --helper-failures 2", Output::err);
  CHECK(uk.code == 2);
  CHECK(uk.out.find("щонайбільше 3") != std::string::npos);
  CHECK(cli("rule art-value --cost 50").code == 2);
  CHECK(cli("rule art-value --cost fifty --check 3").code == 2);
  CHECK(cli("rule no-such-rule").code == 2);
  CHECK(cli("rule").code == 2);
}
