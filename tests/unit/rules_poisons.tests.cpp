// DM rule "poisons": the fourteen SRD poisons as data (types, Constitution save DCs, prices per dose), and the
// `poison` calculator through the CLI (an unknown id exits 2).
#include "../support/cli.hpp"
#include "core/reference/reference.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("poisons: the fourteen of the SRD with type, save DC and price", "[rules][poisons]") {
  struct Case { const char* id; const char* type; int dc, gp; };
  const Case cases[] = {{"assassins-blood", "ingested", 10, 150},  {"burnt-othur-fumes", "inhaled", 13, 500},
                        {"crawler-mucus", "contact", 13, 200},     {"drow-poison", "injury", 13, 200},
                        {"essence-of-ether", "inhaled", 15, 300},  {"malice", "inhaled", 15, 250},
                        {"midnight-tears", "ingested", 17, 1500},  {"oil-of-taggit", "contact", 13, 400},
                        {"pale-tincture", "ingested", 16, 250},    {"purple-worm-poison", "injury", 19, 2000},
                        {"serpent-venom", "injury", 11, 200},      {"torpor", "ingested", 15, 600},
                        {"truth-serum", "ingested", 11, 150},      {"wyvern-poison", "injury", 15, 1200}};
  REQUIRE(rules::poison_list().size() == 14);
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    CAPTURE(c.id);
    const rules::Poison* p = rules::find_poison(c.id);
    REQUIRE(p != nullptr);
    CHECK(rules::poison_list()[i].id == c.id);  // the SRD's order
    CHECK(p->type == c.type);
    CHECK(p->save_dc == c.dc);
    CHECK(p->price_gp == c.gp);
    CHECK_FALSE(p->name.cs.empty());
    CHECK_FALSE(p->name.uk.empty());
    CHECK_FALSE(p->name.en.empty());
    // … and the price list (Rules → Prices) has the same poison at the same price.
    CHECK(reference::price_item(c.id).price_gp == c.gp);
    CHECK(reference::price_item(c.id).category == "poison");
  }
  // Damage where the SRD gives it (failed save; half on a success for most).
  CHECK(rules::find_poison("serpent-venom")->damage == "3d6");
  CHECK(rules::find_poison("serpent-venom")->half_on_success);
  CHECK(rules::find_poison("purple-worm-poison")->damage == "12d6");
  CHECK(rules::find_poison("wyvern-poison")->damage == "7d6");
  CHECK(rules::find_poison("midnight-tears")->damage == "9d6");
  CHECK(rules::find_poison("malice")->conditions == std::vector<std::string>{"poisoned", "blinded"});
  CHECK(rules::find_poison("essence-of-ether")->duration_minutes == 8 * 60);
  CHECK(rules::find_poison("no-such-poison") == nullptr);
  // The house rule's basic poison stays the price list's (20 gp override of the rulebook's 100 gp).
  const auto& basic = reference::price_item("basic-poison");
  CHECK(basic.price_gp == 100);
  CHECK(basic.override_gp == 20);
}

TEST_CASE("cli rule poison: type, DC and price by id, an unknown id exits 2", "[cli][calc][poisons]") {
  CHECK(cli_json("rule poison --id serpent-venom") == json{{"type", "injury"}, {"save_dc", 11}, {"price_gp", 200}});
  CHECK(cli_json("rule poison --id assassins-blood") == json{{"type", "ingested"}, {"save_dc", 10}, {"price_gp", 150}});
  CHECK(cli_json("rule poison --id oil-of-taggit") == json{{"type", "contact"}, {"save_dc", 13}, {"price_gp", 400}});
  CHECK(cli_json("rule poison --id purple-worm-poison") == json{{"type", "injury"}, {"save_dc", 19}, {"price_gp", 2000}});
  auto bad = cli("--lang uk rule poison --id hemlock", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("hemlock") != std::string::npos);
  CHECK(bad.out.find("serpent-venom") != std::string::npos);
  CHECK(cli("rule poison").code == 2);
}
