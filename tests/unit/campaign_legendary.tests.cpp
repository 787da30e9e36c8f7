// Legendary resistances (a per-day count on the creature, used with UseLegendaryResistance, back on a long rest)
// and death saves told as a result ("success" / "failure") instead of a d20.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/player_view.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("UseLegendaryResistance: counts down, refuses when none are left, undoes", "[campaign][legendary]") {
  BaseTable t;
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string m = t.pc("Mira", 17);
  std::string d = t.monster("Dragon", 200, {{"legendary_resistances", 3}});
  REQUIRE(t.c(d).legendary_resistances == 3);
  REQUIRE(t.c(d).legendary_resistances_used == 0);

  // outside an encounter too (a save before initiative)
  const Transaction& tx = t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
  REQUIRE(tx.events.size() == 1);
  REQUIRE(tx.events[0].type == "legendary_resistance_used");
  REQUIRE(tx.events[0].data["used"] == 1);
  REQUIRE(tx.events[0].data["left"] == 2);
  REQUIRE(t.c(d).legendary_resistances_used == 1);
  REQUIRE(t.session.log(Lang::en).back().lines == std::vector<std::string>{"Dragon uses a legendary resistance (2 left today)."});
  REQUIRE(t.session.log(Lang::cs).back().lines[0] == "Dragon použije legendární odolnost (dnes zbývají 2).");
  REQUIRE(t.session.log(Lang::uk).back().lines[0] == "Dragon використовує легендарний опір (сьогодні залишилося 2).");

  t.run({{"type", "StartEncounter"}, {"initiative", {{m, 20}, {d, 10}}}});
  t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
  t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
  REQUIRE(t.c(d).legendary_resistances_used == 3);
  REQUIRE(t.session.log(Lang::en).back().lines[0] == "Dragon uses a legendary resistance (0 left today).");

  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}, {"target", d}}), "campaign.err.no_legendary_resistance_left");
    REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}, {"target", m}}), "campaign.err.no_legendary_resistance");
    REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}, {"target", d}, {"cost", 1}}), "campaign.err.unknown_param");
    REQUIRE(t.c(d).legendary_resistances_used == 3);
    try {
      t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
      FAIL("accepted");
    } catch (const UserError& e) {
      REQUIRE(tr(Lang::en, e.key(), e.args()) ==
              "Dragon has no legendary resistance left today (3/3 used). A long rest gives them back.");
    }
  }
  SECTION("undo gives it back, redo uses it again") {
    t.session.undo(1);
    REQUIRE(t.c(d).legendary_resistances_used == 2);
    t.session.redo(1);
    REQUIRE(t.c(d).legendary_resistances_used == 3);
  }
  SECTION("a long rest gives them back, also to a monster that did not rest with the party") {
    t.run({{"type", "EndEncounter"}});
    const Transaction& rest = t.run({{"type", "LongRest"}});  // default targets: the PCs
    const Event* reset = find_event(rest, "legendary_resistances_reset");
    REQUIRE(reset != nullptr);
    REQUIRE(reset->data["creature"] == d);
    REQUIRE(reset->data["used"] == 3);
    REQUIRE(t.c(d).legendary_resistances_used == 0);
    auto lines = t.session.log(Lang::en).back().lines;
    REQUIRE(std::find(lines.begin(), lines.end(), "Dragon has 3 legendary resistances again.") != lines.end());
    REQUIRE(t.session.log(Lang::cs).back().lines.size() == lines.size());
    // nothing used: no reset line
    const Transaction& again = t.run({{"type", "LongRest"}});
    REQUIRE_FALSE(has_event(again, "legendary_resistances_reset"));
  }
  SECTION("the dead use none") {
    t.run({{"type", "ApplyDamage"}, {"target", d}, {"amount", 500}});
    REQUIRE(t.c(d).death_saves.dead);
    REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}, {"target", d}}), "campaign.err.dead");
  }
}

TEST_CASE("legendary resistances: the DM sets the count and the used ones with UpdateCreature", "[campaign][legendary]") {
  BaseTable t;
  std::string d = t.monster("Lich", 135);
  REQUIRE_REFUSED(t.run({{"type", "UseLegendaryResistance"}, {"target", d}}), "campaign.err.no_legendary_resistance");
  t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances", 3}}}});
  REQUIRE(t.c(d).legendary_resistances == 3);
  t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances_used", 2}}}});
  REQUIRE(t.c(d).legendary_resistances_used == 2);
  auto en = t.session.log(Lang::en).back().lines[0];
  REQUIRE(en.find("legendary resistances used") != std::string::npos);
  // fewer than already used: all of them are used
  t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances", 1}}}});
  REQUIRE(t.c(d).legendary_resistances == 1);
  REQUIRE(t.c(d).legendary_resistances_used == 1);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances_used", 2}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances", 11}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", d}, {"patch", {{"legendary_resistances", -1}}}}),
                  "state.err.out_of_range");
  REQUIRE(t.c(d).legendary_resistances == 1);
  SECTION("AddCreature takes the count") {
    REQUIRE_REFUSED(t.monster("Beholder", 180, {{"legendary_resistances", 3}, {"legendary_resistances_used", 4}}),
                    "state.err.out_of_range");
  }
}

TEST_CASE("legendary resistances in saves: old saves load unchanged, the counts round-trip", "[save][legendary]") {
  BaseTable t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string d = t.monster("Dragon", 200, {{"legendary_resistances", 3}});
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
  t.session.set_tail_limit(1);  // the creature with its counts in the snapshot, one use in the tail
  t.run({{"type", "UseLegendaryResistance"}, {"target", d}});

  const std::string text = io::save(t.session);
  Session back = io::load(text, base_engine());
  REQUIRE(find_creature(back.state(), d)->legendary_resistances == 3);
  REQUIRE(find_creature(back.state(), d)->legendary_resistances_used == 2);
  REQUIRE(io::save(back) == text);
  back.undo(1);
  REQUIRE(find_creature(back.state(), d)->legendary_resistances_used == 1);

  SECTION("a save written before the fields existed loads with 0 and saves them") {
    json doc = json::parse(io::save_body(t.session));
    for (auto& c : doc["snapshot"]["creatures"]) c.erase("legendary_resistances"), c.erase("legendary_resistances_used");
    doc["tail"] = json::array();
    Session old = io::load(doc.dump(), base_engine());
    REQUIRE(find_creature(old.state(), d)->legendary_resistances == 0);
    REQUIRE(find_creature(old.state(), g)->legendary_resistances_used == 0);
    REQUIRE(io::save_json(old)["snapshot"]["creatures"][0]["legendary_resistances"] == 0);
  }
  SECTION("more used than the creature has is a damaged save") {
    json doc = json::parse(io::save_body(t.session));
    doc["snapshot"]["creatures"][0]["legendary_resistances_used"] = 5;
    doc["tail"] = json::array();
    REQUIRE(error_key([&] { io::load(doc.dump(), base_engine()); }) == "save.err.invalid");
  }
}

TEST_CASE("player_view: a monster's legendary resistances stay with the DM", "[save][player_view][legendary]") {
  BaseTable t;
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string m = t.pc("Mira", 17, {{"legendary_resistances", 1}});
  std::string d = t.monster("Dragon", 200, {{"legendary_resistances", 3}});
  t.run({{"type", "UseLegendaryResistance"}, {"target", d}});
  json v = io::player_view(t.state());
  REQUIRE(v["creatures"][0]["legendary_resistances"] == json({{"max", 1}, {"used", 0}}));
  REQUIRE_FALSE(v["creatures"][1].contains("legendary_resistances"));
  REQUIRE(v.dump().find("legendary_resistances_used") == std::string::npos);
}

TEST_CASE("DeathSave with a result: success or failure without a die", "[campaign][commands][death]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 17}});
  REQUIRE(t.c(m).hp == 0);

  SECTION("a success counts one, the log names no number") {
    Rng before = t.rng;
    const Transaction& tx = t.run({{"type", "DeathSave"}, {"target", m}, {"result", "success"}});
    REQUIRE(t.rng.die(1000) == before.die(1000));  // no die rolled
    REQUIRE(tx.events[0].data["cause"] == "result");
    REQUIRE(tx.events[0].data["outcome"] == "success");
    REQUIRE_FALSE(tx.events[0].data.contains("roll"));
    REQUIRE(t.c(m).death_saves.successes == 1);
    REQUIRE(t.c(m).death_saves.failures == 0);
    REQUIRE(t.session.log(Lang::en).back().lines == std::vector<std::string>{"Death save of Mira: success (1/3)."});
    REQUIRE(t.session.log(Lang::cs).back().lines[0] == "Záchranný hod proti smrti (Mira): úspěch (1/3).");
    REQUIRE(t.session.log(Lang::uk).back().lines[0] == "Рятівний кидок від смерті (Mira): успіх (1/3).");
  }
  SECTION("a failure counts one (never two, never a revival)") {
    t.run({{"type", "DeathSave"}, {"target", m}, {"result", "failure"}});
    REQUIRE(t.c(m).death_saves.failures == 1);
    REQUIRE(t.c(m).hp == 0);
    REQUIRE(t.session.log(Lang::en).back().lines[0] == "Death save of Mira: failure (1/3).");
    t.run({{"type", "DeathSave"}, {"target", m}, {"result", "failure"}});
    const Transaction& third = t.run({{"type", "DeathSave"}, {"target", m}, {"result", "failure"}});
    REQUIRE(has_event(third, "died"));
    REQUIRE(t.c(m).death_saves.dead);
  }
  SECTION("three successes stabilise") {
    for (int k = 0; k < 3; ++k) t.run({{"type", "DeathSave"}, {"target", m}, {"result", "success"}});
    REQUIRE(t.c(m).death_saves.stable);
    REQUIRE(t.c(m).death_saves.successes == 0);
    REQUIRE(t.session.log(Lang::en).back().lines[0] == "Death save of Mira: the third success: stable.");
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}, {"result", "success"}}), "campaign.err.not_dying");
  }
  SECTION("results and rolls mix; undo takes a result back") {
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 12}});
    t.run({{"type", "DeathSave"}, {"target", m}, {"result", "failure"}});
    REQUIRE(t.c(m).death_saves.successes == 1);
    REQUIRE(t.c(m).death_saves.failures == 1);
    t.session.undo(1);
    REQUIRE(t.c(m).death_saves.failures == 0);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}, {"result", "maybe"}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}, {"result", 1}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}, {"result", "success"}, {"roll", 12}}),
                    "campaign.err.roll_or_result");
    REQUIRE(t.c(m).death_saves.successes == 0);
    REQUIRE(t.c(m).death_saves.failures == 0);
  }
}
