// Damage types: a creature's resistances, vulnerabilities and immunities in ApplyDamage, the table's
// override, the log line, condition immunities in SetCondition, and the fields in saves.
#include "core/io/save.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

const Event* damage_event(const Transaction& tx) {
  for (const auto& e : tx.events)
    if (e.type == "hp_changed" && e.data.value("cause", "") == "damage") return &e;
  return nullptr;
}

std::string last_line(const Table& t, Lang lang) {
  auto log = t.session.log(lang);
  REQUIRE_FALSE(log.empty());
  REQUIRE_FALSE(log.back().lines.empty());
  return log.back().lines.front();
}

}  // namespace

TEST_CASE("damage types: immunity 0, resistance half rounded down, vulnerability double", "[campaign][damage-types]") {
  RulesTable t(1);
  new_campaign(t);
  std::string m = t.pc("Mira", 40, {{"resistances", {"fire"}}, {"vulnerabilities", {"cold"}}, {"immunities", {"poison"}}});

  const Event* e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}, {"damage_type", "fire"}}));
  REQUIRE(e);
  CHECK(e->data["amount"] == 4);
  CHECK(e->data["raw"] == 9);
  CHECK(e->data["adjust"] == "resisted");
  CHECK_FALSE(e->data.contains("override"));
  CHECK(t.c(m).hp == 36);
  CHECK(last_line(t, Lang::en) == "Mira takes 4 damage (fire; resisted: 9 halved): HP 40 → 36.");
  CHECK(last_line(t, Lang::cs) == "Mira utrží 4 zranění (oheň; odolnost: z 9 polovina): životy 40 → 36.");

  e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}, {"damage_type", "cold"}}));
  CHECK(e->data["amount"] == 10);
  CHECK(e->data["adjust"] == "vulnerable");
  CHECK(t.c(m).hp == 26);

  e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 12}, {"damage_type", "poison"}}));
  CHECK(e->data["amount"] == 0);
  CHECK(e->data["adjust"] == "immune");
  CHECK(t.c(m).hp == 26);

  SECTION("another type, or no type, is taken in full and says nothing more") {
    e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 7}, {"damage_type", "slashing"}}));
    CHECK(e->data["amount"] == 7);
    CHECK_FALSE(e->data.contains("raw"));
    CHECK_FALSE(e->data.contains("adjust"));
    e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}}));
    CHECK(e->data["amount"] == 1);
    CHECK(t.c(m).hp == 18);
  }
  SECTION("resistance rounds down: 1 fire damage is 0") {
    e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}, {"damage_type", "fire"}}));
    CHECK(e->data["amount"] == 0);
  }
  SECTION("the override applies the amount in full and the log says so") {
    e = damage_event(t.run(
        {{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}, {"damage_type", "fire"}, {"ignore_resistance", true}}));
    CHECK(e->data["amount"] == 9);
    CHECK(e->data["raw"] == 9);
    CHECK(e->data["adjust"] == "resisted");
    CHECK(e->data["override"] == true);
    CHECK(t.c(m).hp == 17);
    CHECK(last_line(t, Lang::en) == "Mira takes 9 damage (fire; resistance overridden: 9 in full): HP 26 → 17.");
    CHECK(last_line(t, Lang::uk) == "Mira отримує 9 шкоди (вогонь; опір не враховано: усі 9): хіти 26 → 17.");
  }
  SECTION("an unknown damage type is refused") {
    REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}, {"damage_type", "sonic"}}),
                    "campaign.err.param");
  }
}

TEST_CASE("damage types: temp HP take the applied amount, massive damage sees it too", "[campaign][damage-types]") {
  RulesTable t(2);
  new_campaign(t);
  std::string m = t.pc("Mira", 17, {{"resistances", {"fire"}}});
  SECTION("18 fire is 9 taken: 9 ≥ 8.5, the massive-damage save is asked, with the damage it took") {
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 18}, {"damage_type", "fire"}});
    CHECK(t.c(m).hp == 8);
    REQUIRE(prompt_count(t.state(), "massive-damage.save") == 1);
    CHECK(prompts_of(t.state(), "massive-damage.save").at(0)->data["damage"] == 9);
  }
  SECTION("16 fire is 8 taken: no massive-damage save, though 16 alone would ask one") {
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 16}, {"damage_type", "fire"}});
    CHECK(t.c(m).hp == 9);
    CHECK(prompt_count(t.state(), "massive-damage.save") == 0);
  }
  SECTION("temp HP absorb the halved amount") {
    t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", 3}});
    const Event* e = damage_event(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 10}, {"damage_type", "fire"}}));
    CHECK(e->data["temp_new"] == 0);
    CHECK(t.c(m).hp == 15);
  }
}

TEST_CASE("damage types: the fields are validated, edited and saved", "[campaign][damage-types]") {
  RulesTable t(3);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"resistances", {"sonic"}}}}}),
                  "state.err.not_one_of");
  REQUIRE_REFUSED(
      t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"resistances", {"fire"}}, {"immunities", {"fire"}}}}}),
      "state.err.listed_twice");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"resistances", "fire"}}}}),
                  "state.err.wrong_type");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"condition_immunities", {"sleepy"}}}}}),
                  "state.err.not_one_of");
  t.run({{"type", "UpdateCreature"},
         {"target", m},
         {"patch", {{"resistances", {"fire", "cold"}}, {"condition_immunities", {"charmed", "exhaustion"}}}}});
  CHECK(t.c(m).resistances == std::vector<std::string>{"fire", "cold"});

  // Absent = none: a creature without them writes no such keys; with them, they survive save → load.
  std::string n = t.pc("Nox", 10);
  json plain = t.c(n);
  CHECK_FALSE(plain.contains("resistances"));
  CHECK_FALSE(plain.contains("condition_immunities"));
  Session back = io::load(io::save(t.session));
  const Creature* x = find_creature(back.state(), m);
  REQUIRE(x);
  CHECK(x->resistances == std::vector<std::string>{"fire", "cold"});
  CHECK(x->condition_immunities == std::vector<std::string>{"charmed", "exhaustion"});
}

TEST_CASE("condition immunity: SetCondition is refused, unless overridden", "[campaign][damage-types]") {
  RulesTable t(4);
  new_campaign(t);
  std::string g = t.monster("Golem", 30, {{"condition_immunities", {"charmed", "poisoned"}}});
  try {
    t.run({{"type", "SetCondition"}, {"target", g}, {"condition", "charmed"}});
    FAIL("not refused");
  } catch (const UserError& e) {
    CHECK(e.key() == "campaign.err.condition_immune");
    CHECK(e.message(Lang::en) == "Golem is immune to “charmed”; nothing changed (“Add it anyway” on the sheet overrides it).");
    CHECK(e.message(Lang::cs).find("zmámení") != std::string::npos);
  }
  CHECK(t.c(g).conditions.empty());
  t.run({{"type", "SetCondition"}, {"target", g}, {"condition", "prone"}});
  t.run({{"type", "SetCondition"}, {"target", g}, {"condition", "charmed"}, {"ignore_immunity", true}});
  CHECK(t.c(g).conditions.size() == 2);
}
