// DM rule "traps": the severity table (save DC and attack bonus ranges) and damage by level band at every band edge,
// and the `trap` calculator through the CLI (levels 1–20, else exit 2).
#include "../support/cli.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("traps: DC and attack bonus by severity, damage at every level band edge", "[rules][traps]") {
  using P = std::pair<int, int>;
  for (int level = 1; level <= 20; ++level) {
    CAPTURE(level);
    CHECK(rules::trap_numbers("setback", level)->save_dc == P{10, 11});
    CHECK(rules::trap_numbers("setback", level)->attack_bonus == P{3, 5});
    CHECK(rules::trap_numbers("dangerous", level)->save_dc == P{12, 15});
    CHECK(rules::trap_numbers("dangerous", level)->attack_bonus == P{6, 8});
    CHECK(rules::trap_numbers("deadly", level)->save_dc == P{16, 20});
    CHECK(rules::trap_numbers("deadly", level)->attack_bonus == P{9, 12});
  }
  struct Case { int level; const char* setback; const char* dangerous; const char* deadly; };
  const Case cases[] = {{1, "1d10", "2d10", "4d10"},    {4, "1d10", "2d10", "4d10"},    {5, "2d10", "4d10", "10d10"},
                        {10, "2d10", "4d10", "10d10"},  {11, "4d10", "10d10", "18d10"}, {16, "4d10", "10d10", "18d10"},
                        {17, "10d10", "18d10", "24d10"}, {20, "10d10", "18d10", "24d10"}};
  for (const auto& c : cases) {
    CAPTURE(c.level);
    CHECK(rules::trap_numbers("setback", c.level)->damage == c.setback);
    CHECK(rules::trap_numbers("dangerous", c.level)->damage == c.dangerous);
    CHECK(rules::trap_numbers("deadly", c.level)->damage == c.deadly);
  }
  CHECK_FALSE(rules::trap_numbers("setback", 0));
  CHECK_FALSE(rules::trap_numbers("deadly", 21));
  CHECK_FALSE(rules::trap_numbers("lethal", 5));
}

TEST_CASE("cli rule trap: the trap builder, levels 1–20 only", "[cli][calc][traps]") {
  CHECK(cli_json("rule trap --severity setback --level 1") ==
        json{{"save_dc", {10, 11}}, {"attack_bonus", {3, 5}}, {"damage", "1d10"}});
  CHECK(cli_json("rule trap --severity dangerous --level 7") ==
        json{{"save_dc", {12, 15}}, {"attack_bonus", {6, 8}}, {"damage", "4d10"}});
  CHECK(cli_json("rule trap --severity deadly --level 20") ==
        json{{"save_dc", {16, 20}}, {"attack_bonus", {9, 12}}, {"damage", "24d10"}});
  for (const char* bad : {"--severity deadly --level 0", "--severity deadly --level 21", "--severity lethal --level 3",
                          "--severity deadly", "--severity deadly --level x"}) {
    CAPTURE(bad);
    CHECK(cli(std::string("rule trap ") + bad, Output::err).code == 2);
  }
  auto cs = cli("--lang cs rule trap --severity deadly --level 21", Output::err);
  CHECK(cs.out.find("21") != std::string::npos);
  CHECK(cs.out.find("20") != std::string::npos);
}
