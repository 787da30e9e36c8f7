// DM rule "objects": the SRD's Object Armor Class and Object Hit Points tables, every material and every size, and
// the `object` calculator through the CLI (bad input exits 2 in the user's language).
#include "../support/cli.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("objects: AC by material, all thirteen", "[rules][objects]") {
  const std::pair<const char*, int> ac[] = {{"cloth", 11}, {"paper", 11}, {"rope", 11},   {"crystal", 13},
                                            {"glass", 13}, {"ice", 13},   {"wood", 15},   {"bone", 15},
                                            {"stone", 17}, {"iron", 19},  {"steel", 19},  {"mithral", 21},
                                            {"adamantine", 23}};
  REQUIRE(rules::object_materials().size() == std::size(ac));
  for (const auto& [m, v] : ac) {
    CAPTURE(m);
    REQUIRE(rules::object_ac(m));
    CHECK(*rules::object_ac(m) == v);
  }
  CHECK_FALSE(rules::object_ac("leather"));
  CHECK_FALSE(rules::object_ac("Wood"));
}

TEST_CASE("objects: HP by size and resilience, dice and the SRD's averages", "[rules][objects]") {
  struct Case { const char* size; const char* fragile; int fragile_avg; const char* resilient; int resilient_avg; };
  const Case cases[] = {{"tiny", "1d4", 2, "2d4", 5}, {"small", "1d6", 3, "3d6", 10},
                        {"medium", "1d8", 4, "4d8", 18}, {"large", "1d10", 5, "5d10", 27}};
  for (const auto& c : cases) {
    CAPTURE(c.size);
    auto f = rules::object_hp(c.size, false), r = rules::object_hp(c.size, true);
    REQUIRE(f);
    REQUIRE(r);
    CHECK(f->dice == c.fragile);
    CHECK(f->average == c.fragile_avg);
    CHECK(r->dice == c.resilient);
    CHECK(r->average == c.resilient_avg);
  }
  CHECK_FALSE(rules::object_hp("huge", true));  // Huge and Gargantuan: in Large sections
}

TEST_CASE("cli rule object: the calculator, and bad input exits 2 with a message in --lang", "[cli][calc][objects]") {
  CHECK(cli_json("rule object --material wood --size medium --resilience resilient") ==
        json{{"ac", 15}, {"hp", "4d8"}, {"hp_avg", 18}});
  CHECK(cli_json("rule object --material glass --size tiny --resilience fragile") ==
        json{{"ac", 13}, {"hp", "1d4"}, {"hp_avg", 2}});
  CHECK(cli_json("rule object --material adamantine --size large --resilience resilient") ==
        json{{"ac", 23}, {"hp", "5d10"}, {"hp_avg", 27}});
  auto bad = cli("--lang cs rule object --material cheese --size tiny --resilience fragile", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("--material musí být jedno z: cloth, paper, rope") != std::string::npos);
  auto size = cli("--lang uk rule object --material wood --size huge --resilience fragile", Output::err);
  CHECK(size.code == 2);
  CHECK(size.out.find("tiny, small, medium, large") != std::string::npos);
  CHECK(size.out.find("huge") != std::string::npos);
  CHECK(cli("rule object --material wood --size small").code == 2);  // resilience missing
}

TEST_CASE("objects: AddObject puts an object into a fight as a target — AC, HP, immunities, undo", "[rules][objects]") {
  RulesTable t(6);
  new_campaign(t);
  const auto& tx = t.run({{"type", "AddObject"}, {"name", "Door"}, {"material", "wood"}, {"size", "medium"}, {"resilience", "resilient"}});
  const Event* added = find_event(tx, "object_added");
  REQUIRE(added != nullptr);
  const std::string door = added->data["creature"].get<std::string>();
  CHECK(t.c(door).kind == "object");
  CHECK(t.c(door).ac == 15);      // wood
  CHECK(t.c(door).max_hp == 18);  // 4d8, the average rounded down
  CHECK(t.c(door).size == "medium");
  CHECK(t.c(door).immunities == std::vector<std::string>{"poison", "psychic"});
  CHECK(t.c(door).modules["objects"]["object"] == json{{"material", "wood"}, {"size", "medium"}, {"resilience", "resilient"}});
  LogContext lc{Lang::en, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(Engine::standard().render(*added, lc) == "Door is an object: wood, medium, resilient; immune to poison and psychic damage.");
  // Poison damage does nothing to it.
  t.run({{"type", "ApplyDamage"}, {"target", door}, {"amount", 10}, {"damage_type", "poison"}});
  CHECK(t.c(door).hp == 18);
  // A hit of half its HP asks no massive-damage save (an object makes no saves); at 0 HP it is destroyed, with no
  // death saves and no unconsciousness, and the log says so.
  t.run({{"type", "ApplyDamage"}, {"target", door}, {"amount", 10}, {"damage_type", "slashing"}});
  CHECK(t.state().prompts.empty());
  const auto& broken = t.run({{"type", "ApplyDamage"}, {"target", door}, {"amount", 8}, {"damage_type", "slashing"}});
  CHECK(t.c(door).death_saves.dead);
  CHECK(t.c(door).conditions.empty());
  const Event* died = find_event(broken, "died");
  REQUIRE(died != nullptr);
  CHECK(died->data["cause"] == "destroyed");
  CHECK(Engine::standard().render(*died, lc) == "Door drops to 0 HP and is destroyed.");
  t.session.undo();
  t.session.undo();
  CHECK(t.c(door).hp == 18);
  // Rolled hit points: 1d4 for a fragile tiny bottle of glass (AC 13).
  const auto& b = t.run({{"type", "AddObject"}, {"name", "Bottle"}, {"material", "glass"}, {"size", "tiny"}, {"resilience", "fragile"}, {"hp_mode", "roll"}});
  const std::string bottle = find_event(b, "object_added")->data["creature"].get<std::string>();
  CHECK(t.c(bottle).ac == 13);
  CHECK(t.c(bottle).max_hp >= 1);
  CHECK(t.c(bottle).max_hp <= 4);
  REQUIRE_REFUSED(t.run({{"type", "AddObject"}, {"name", "Wall"}, {"material", "brick"}, {"size", "large"}, {"resilience", "resilient"}}),
                  "rules.err.object_param");
  REQUIRE_REFUSED(t.run({{"type", "AddObject"}, {"name", "Wall"}, {"material", "stone"}, {"size", "huge"}, {"resilience", "resilient"}}),
                  "rules.err.object_param");
  t.session.undo();  // the bottle
  t.session.undo();  // the poison damage
  t.session.undo();  // the door
  CHECK(campaign::find_creature(t.state(), door) == nullptr);
  CHECK(t.state().creatures.empty());
}
