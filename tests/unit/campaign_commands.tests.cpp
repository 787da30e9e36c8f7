// The base commands: each one's happy path and its refusals (a refusal leaves the state as it was).
#include <set>

#include "../scenario/campaign_fixture.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("CreateCampaign and SetSettings", "[campaign][commands]") {
  BaseTable t;
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}, {"rules", {{"hero-points", false}}},
         {"exhaustion_edition", 2024}});
  REQUIRE(t.state().name == "Stříbrný les");
  REQUIRE(t.state().settings.language == "cs");
  REQUIRE(t.state().settings.exhaustion_edition == 2024);
  REQUIRE(t.state().settings.rules.at("hero-points") == false);

  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "CreateCampaign"}, {"name", "Again"}}), "campaign.err.already_created");
    REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"language", "de"}}), "state.err.not_one_of");
    REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"exhaustion_edition", 2020}}), "state.err.not_one_of");
    REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"rules", {{"x", "yes"}}}}), "state.err.wrong_type");
    REQUIRE_REFUSED(t.run({{"type", "SetSettings"}}), "campaign.err.nothing_to_change");
    REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"colour", "red"}}), "campaign.err.unknown_param");
    REQUIRE(t.state().settings.language == "cs");
  }
  SECTION("a patch changes only what it names") {
    t.run({{"type", "SetSettings"}, {"rules", {{"massive-damage", false}}}, {"dm_notes", "The mayor is a doppelganger."},
           {"hp_visibility", {{"others", "hidden"}}}, {"name", "Les"}});
    REQUIRE(t.state().name == "Les");
    REQUIRE(t.state().settings.rules.at("hero-points") == false);
    REQUIRE(t.state().settings.rules.at("massive-damage") == false);
    REQUIRE(t.state().settings.dm_notes == "The mayor is a doppelganger.");
    REQUIRE(t.state().settings.hp_visibility.others == "hidden");
    REQUIRE(t.state().settings.hp_visibility.party == "exact");
    REQUIRE(t.state().settings.language == "cs");
  }
}

TEST_CASE("AddCreature: full, quick, dice HP, copies", "[campaign][commands]") {
  BaseTable t(7);
  SECTION("a full character") {
    std::string id = t.pc("Mira", 17, {{"level", 3}, {"abilities", {{"dex", 14}, {"int", 16}}}, {"race", "human"}, {"hit_die", 6}});
    REQUIRE(id == "c1");
    const Creature& m = t.c(id);
    REQUIRE(m.max_hp == 17);
    REQUIRE(m.hp == 17);
    REQUIRE(m.abilities.int_ == 16);
    REQUIRE(m.abilities.str == 10);
    REQUIRE(m.hit_die == 6);
  }
  SECTION("HP given as current and maximum") {
    std::string id = t.add({{"name", "Bořek"}, {"max_hp", 30}, {"hp", 12}});
    REQUIRE(t.c(id).max_hp == 30);
    REQUIRE(t.c(id).hp == 12);
  }
  SECTION("three goblins with rolled 2d6, numbered, each roll recorded") {
    const Transaction& tx = t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 3}});
    REQUIRE(tx.events.size() == 3);
    for (int i = 0; i < 3; ++i) {
      const json& d = tx.events[i].data;
      REQUIRE(d["creature"]["name"] == "Goblin " + std::to_string(i + 1));
      int hp = d["hp_roll"]["total"];
      REQUIRE(hp >= 2);
      REQUIRE(hp <= 12);
      REQUIRE(d["creature"]["max_hp"] == hp);
      REQUIRE(d["hp_roll"]["text"].get<std::string>().find("2d6") == 0);
    }
    SECTION("more goblins continue the numbering") {
      const Transaction& more = t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}, {"count", 2}});
      REQUIRE(more.events[0].data["creature"]["name"] == "Goblin 4");
      REQUIRE(more.events[1].data["creature"]["name"] == "Goblin 5");
    }
  }
  SECTION("average HP takes the floor of the mean") {
    std::string id = t.add({{"name", "Ogre"}, {"kind", "monster"}, {"hp", "7d10+21"}, {"hp_mode", "average"}});
    REQUIRE(t.c(id).max_hp == 59);
    id = t.add({{"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"hp_mode", "average"}});
    REQUIRE(t.c(id).max_hp == 7);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.add({{"hp", 5}}), "campaign.err.param");                                  // no name
    REQUIRE_REFUSED(t.add({{"name", "X"}}), "campaign.err.param");                              // no hp
    REQUIRE(error_key([&] { t.add({{"name", "X"}, {"hp", "2d"}}); }).rfind("dice.err.", 0) == 0);
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"count", 0}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"kind", "dragon"}}), "state.err.not_one_of");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"armour", 15}}), "campaign.err.unknown_param");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"id", "c9"}}), "campaign.err.unknown_param");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 12}, {"max_hp", 10}}), "state.err.hp_above_max");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"abilities", {{"str", 31}}}}), "state.err.out_of_range");
    REQUIRE_REFUSED(t.add({{"name", "X"}, {"hp", 5}, {"hp_mode", "max"}}), "campaign.err.param");
    REQUIRE(t.state().creatures.empty());
  }
}

TEST_CASE("UpdateCreature and RemoveCreature", "[campaign][commands]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17, {{"abilities", {{"str", 8}}}});
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"name", "Mira Ostrá"}, {"abilities", {{"dex", 16}}}, {"ac", 13}}}});
  REQUIRE(t.c(m).name == "Mira Ostrá");
  REQUIRE(t.c(m).abilities.dex == 16);
  REQUIRE(t.c(m).abilities.str == 8);  // a merge patch: untouched fields stay
  REQUIRE(t.c(m).ac == 13);

  SECTION("lowering the maximum clamps HP") {
    t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"max_hp", 12}}}});
    REQUIRE(t.c(m).max_hp == 12);
    REQUIRE(t.c(m).hp == 12);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"id", "c9"}}}}), "campaign.err.unknown_field");
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"colour", "red"}}}}), "campaign.err.unknown_field");
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"hp", 40}}}}), "state.err.hp_above_max");
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"level", "three"}}}}), "state.err.wrong_type");
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", "c99"}, {"patch", {{"ac", 1}}}}), "campaign.err.no_creature");
    REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", json::object()}}), "campaign.err.nothing_to_change");
  }
  SECTION("removing a creature removes its references") {
    std::string g = t.monster("Goblin", 7);
    t.run({{"type", "AddNote"}, {"text", "sneaky"}, {"creature", g}});
    t.run({{"type", "StartEncounter"}, {"initiative", {{m, 10}, {g, 15}}}});
    t.run({{"type", "RemoveCreature"}, {"target", g}});
    REQUIRE(find_creature(t.state(), g) == nullptr);
    REQUIRE(t.state().encounter->order.size() == 1);
    REQUIRE(t.state().notes[0].creature.empty());
    REQUIRE_REFUSED(t.run({{"type", "RemoveCreature"}, {"target", g}}), "campaign.err.no_creature");
  }
}

TEST_CASE("ApplyDamage: temp HP first, floor 0, unconscious, death saves, instant death", "[campaign][commands][damage]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  SECTION("temporary HP absorb first") {
    t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", 5}});
    const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 7}, {"damage_type", "fire"}});
    REQUIRE(t.c(m).temp_hp == 0);
    REQUIRE(t.c(m).hp == 15);
    const json& d = tx.events[0].data;
    REQUIRE(d["old"] == 17);
    REQUIRE(d["new"] == 15);
    REQUIRE(d["temp_old"] == 5);
    REQUIRE(d["temp_new"] == 0);
    REQUIRE(d["damage_type"] == "fire");
  }
  SECTION("dropping to 0 makes a PC unconscious") {
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 20}});
    REQUIRE(t.c(m).hp == 0);
    REQUIRE(has_condition(t.c(m), "unconscious"));
    REQUIRE_FALSE(t.c(m).death_saves.dead);
    SECTION("damage at 0 HP is a failed death save, a critical two") {
      t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}});
      REQUIRE(t.c(m).death_saves.failures == 1);
      t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}, {"critical", true}});
      REQUIRE(t.c(m).death_saves.failures == 3);
      REQUIRE(t.c(m).death_saves.dead);
      REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}}), "campaign.err.dead");
    }
    SECTION("damage at 0 HP of at least the maximum kills") {
      t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 17}});
      REQUIRE(t.c(m).death_saves.dead);
    }
    SECTION("damage ends stability") {
      t.run({{"type", "Stabilize"}, {"target", m}});
      REQUIRE(t.c(m).death_saves.stable);
      t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 1}});
      REQUIRE_FALSE(t.c(m).death_saves.stable);
      REQUIRE(t.c(m).death_saves.failures == 1);
    }
  }
  SECTION("instant death: the rest after 0 reaches the maximum (exactly)") {
    const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 34}});
    REQUIRE(t.c(m).death_saves.dead);
    REQUIRE(tx.events[0].data["dies"] == "instant_death");
    REQUIRE(find_event(tx, "died")->data["cause"] == "instant_death");
  }
  SECTION("one short of instant death only knocks out") {
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 33}});
    REQUIRE_FALSE(t.c(m).death_saves.dead);
    REQUIRE(t.c(m).hp == 0);
  }
  SECTION("a monster dies at 0 HP") {
    std::string g = t.monster("Goblin", 7);
    t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}});
    REQUIRE(t.c(g).death_saves.dead);
    REQUIRE_FALSE(has_condition(t.c(g), "unconscious"));
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", -3}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", "7"}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"target", "c9"}, {"amount", 3}}), "campaign.err.no_creature");
    REQUIRE_REFUSED(t.run({{"type", "ApplyDamage"}, {"amount", 3}}), "campaign.err.param");
    REQUIRE(t.c(m).hp == 17);
  }
}

TEST_CASE("Heal, SetTempHp, DeathSave, Stabilize", "[campaign][commands][death]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 10}});
  t.run({{"type", "Heal"}, {"target", m}, {"amount", 50}});
  REQUIRE(t.c(m).hp == 17);  // not above the maximum
  REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}}), "campaign.err.not_dying");
  REQUIRE_REFUSED(t.run({{"type", "Stabilize"}, {"target", m}}), "campaign.err.not_dying");

  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 17}});
  SECTION("healing from 0 resets the death saves and wakes") {
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 4}});
    REQUIRE(t.c(m).death_saves.failures == 1);
    t.run({{"type", "Heal"}, {"target", m}, {"amount", 3}});
    REQUIRE(t.c(m).hp == 3);
    REQUIRE(t.c(m).death_saves.failures == 0);
    REQUIRE_FALSE(has_condition(t.c(m), "unconscious"));
  }
  SECTION("death saves: 10+ succeeds, three successes stabilise") {
    for (int r : {10, 15, 19}) t.run({{"type", "DeathSave"}, {"target", m}, {"roll", r}});
    REQUIRE(t.c(m).death_saves.stable);
    REQUIRE(t.c(m).death_saves.successes == 0);
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}}), "campaign.err.not_dying");
  }
  SECTION("a natural 1 is two failures; a third failure kills") {
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 1}});
    REQUIRE(t.c(m).death_saves.failures == 2);
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 9}});
    REQUIRE(t.c(m).death_saves.dead);
    REQUIRE_REFUSED(t.run({{"type", "Heal"}, {"target", m}, {"amount", 5}}), "campaign.err.dead");
  }
  SECTION("a natural 20 brings back 1 HP") {
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 5}});
    t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 20}});
    REQUIRE(t.c(m).hp == 1);
    REQUIRE(t.c(m).death_saves.failures == 0);
    REQUIRE_FALSE(has_condition(t.c(m), "unconscious"));
  }
  SECTION("a rolled death save records its roll") {
    const Transaction& tx = t.run({{"type", "DeathSave"}, {"target", m}});
    int roll = tx.events[0].data["roll"];
    REQUIRE(roll >= 1);
    REQUIRE(roll <= 20);
    REQUIRE(tx.events[0].data["rolled"] == true);
  }
  SECTION("Stabilize") {
    t.run({{"type", "Stabilize"}, {"target", m}});
    REQUIRE(t.c(m).death_saves.stable);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "DeathSave"}, {"target", m}, {"roll", 21}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", -1}}), "campaign.err.param_range");
  }
  SECTION("temp HP at 0 HP do not wake") {
    t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", 8}});
    REQUIRE(t.c(m).temp_hp == 8);
    REQUIRE(t.c(m).hp == 0);
    REQUIRE(has_condition(t.c(m), "unconscious"));
  }
}

TEST_CASE("SetCondition and RemoveCondition", "[campaign][commands][conditions]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "poisoned"}, {"source", "spider"},
         {"until", {{"kind", "minutes"}, {"minutes", 60}}}});
  REQUIRE(t.c(m).conditions.size() == 1);
  REQUIRE(t.c(m).conditions[0].until.minutes == 60);
  // "for an hour" in the log: the accusative after na / на
  CHECK(t.session.log(Lang::cs).back().lines[0].find("na 1 hodinu") != std::string::npos);
  CHECK(t.session.log(Lang::uk).back().lines[0].find("на 1 годину") != std::string::npos);
  CHECK(t.session.log(Lang::en).back().lines[0].find("for 1 hour") != std::string::npos);
  // the same id and source replaces, another source adds
  t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "poisoned"}, {"source", "spider"}, {"until", "long_rest"}});
  REQUIRE(t.c(m).conditions.size() == 1);
  REQUIRE(t.c(m).conditions[0].until.kind == "long_rest");
  t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "poisoned"}, {"source", "wine"}});
  REQUIRE(t.c(m).conditions.size() == 2);
  t.run({{"type", "RemoveCondition"}, {"target", m}, {"condition", "poisoned"}, {"source", "wine"}});
  REQUIRE(t.c(m).conditions.size() == 1);
  t.run({{"type", "RemoveCondition"}, {"target", m}, {"condition", "poisoned"}});
  REQUIRE(t.c(m).conditions.empty());

  REQUIRE_REFUSED(t.run({{"type", "RemoveCondition"}, {"target", m}, {"condition", "prone"}}), "campaign.err.no_condition");
  REQUIRE_REFUSED(t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "prone"}, {"until", "forever"}}), "state.err.not_one_of");
  REQUIRE_REFUSED(t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "prone"}, {"until", {{"kind", "rounds"}}}}),
                  "state.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "prone"},
                         {"until", {{"kind", "end_of_next_turn"}, {"turn_of", "c9"}}}}),
                  "campaign.err.no_creature");

  SECTION("minute durations expire when time advances") {
    t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "blinded"}, {"until", {{"kind", "minutes"}, {"minutes", 10}}}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 9}});
    REQUIRE(has_condition(t.c(m), "blinded"));
    const Transaction& tx = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
    REQUIRE_FALSE(has_condition(t.c(m), "blinded"));
    REQUIRE(find_event(tx, "condition_removed")->data["reason"] == "expired");
  }
}

TEST_CASE("SetExhaustion: levels, sources, death at 6", "[campaign][commands][exhaustion]") {
  BaseTable t;
  std::string b = t.pc("Bořek", 40);
  t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}, {"source", "rage"}});
  t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", 1}});
  REQUIRE(t.c(b).exhaustion == 2);
  REQUIRE(t.c(b).exhaustion_sources.at("rage") == 1);
  SECTION("a fall without a source takes untracked levels first") {
    t.run({{"type", "SetExhaustion"}, {"target", b}, {"level", 1}});
    REQUIRE(t.c(b).exhaustion == 1);
    REQUIRE(t.c(b).exhaustion_sources.at("rage") == 1);
  }
  SECTION("a fall with a source takes that source first") {
    t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", -1}, {"source", "rage"}});
    REQUIRE(t.c(b).exhaustion == 1);
    REQUIRE(t.c(b).exhaustion_sources.count("rage") == 0);
  }
  SECTION("level 6 kills") {
    const Transaction& tx = t.run({{"type", "SetExhaustion"}, {"target", b}, {"level", 6}});
    REQUIRE(t.c(b).death_saves.dead);
    REQUIRE(find_event(tx, "died")->data["cause"] == "exhaustion");
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "SetExhaustion"}, {"target", b}, {"level", 7}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "SetExhaustion"}, {"target", b}, {"change", -3}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "SetExhaustion"}, {"target", b}, {"level", 1}, {"change", 1}}), "campaign.err.level_or_change");
    REQUIRE_REFUSED(t.run({{"type", "SetExhaustion"}, {"target", b}}), "campaign.err.level_or_change");
  }
}

TEST_CASE("ShortRest, LongRest, AdvanceTime", "[campaign][commands][rest]") {
  BaseTable t;
  std::string m = t.pc("Mira", 20, {{"level", 4}, {"hit_die", 8}, {"abilities", {{"con", 14}}}});
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 15}});
  SECTION("short rest: hit dice with given rolls, +CON each, an hour passes") {
    const Transaction& tx = t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 2}, {"rolls", {3, 1}}}}}});
    REQUIRE(t.c(m).hp == 5 + (3 + 2) + (1 + 2));
    REQUIRE(t.c(m).hit_dice_used == 2);
    REQUIRE(t.state().minutes == 60);
    REQUIRE(find_event(tx, "rest_finished")->data["kind"] == "short");
    SECTION("long rest: full HP, half the hit dice back, exhaustion −1, eight hours") {
      t.run({{"type", "SetExhaustion"}, {"target", m}, {"level", 2}});
      t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", 4}});
      t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "cursed"}, {"until", "long_rest"}});
      t.run({{"type", "LongRest"}});
      REQUIRE(t.c(m).hp == 20);
      REQUIRE(t.c(m).temp_hp == 0);
      REQUIRE(t.c(m).hit_dice_used == 0);  // 2 back of 4
      REQUIRE(t.c(m).exhaustion == 1);
      REQUIRE(t.c(m).conditions.empty());
      REQUIRE(t.state().minutes == 60 + 480);
    }
  }
  SECTION("a long rest at 0 HP gives nothing") {
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
    const Transaction& tx = t.run({{"type", "LongRest"}});
    REQUIRE(t.c(m).hp == 0);
    REQUIRE(has_event(tx, "rest_skipped"));
  }
  SECTION("rolled hit dice are recorded") {
    const Transaction& tx = t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 3}}}}});
    const json& d = find_event(tx, "hit_dice_spent")->data;
    REQUIRE(d["rolls"].size() == 3);
    int healed = 0;
    for (int r : d["rolls"]) healed += std::max(0, r + 2);
    REQUIRE(d["healed"] == healed);
  }
  SECTION("refusals") {
    REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 5}}}}}), "campaign.err.not_enough_hit_dice");
    REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"spend", {{{"target", g}, {"dice", 1}}}}}), "campaign.err.no_hit_die");
    REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 2}, {"rolls", {3}}}}}}), "campaign.err.rolls_count");
    REQUIRE_REFUSED(t.run({{"type", "ShortRest"}, {"spend", {{{"target", m}, {"dice", 1}, {"rolls", {9}}}}}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "AdvanceTime"}, {"minutes", 0}}), "campaign.err.param_range");
    t.run({{"type", "StartEncounter"}});
    REQUIRE_REFUSED(t.run({{"type", "ShortRest"}}), "campaign.err.in_encounter");
    REQUIRE_REFUSED(t.run({{"type", "LongRest"}}), "campaign.err.in_encounter");
    REQUIRE_REFUSED(t.run({{"type", "AdvanceTime"}, {"minutes", 5}}), "campaign.err.in_encounter");
  }
  SECTION("AdvanceTime moves the clock") {
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440 * 3 + 61}});
    REQUIRE(t.state().minutes == 1440 * 3 + 61);
  }
}

TEST_CASE("inspiration, notes", "[campaign][commands]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "SetInspiration"}, {"target", m}, {"value", true}});
  REQUIRE(t.c(m).inspiration);
  REQUIRE_REFUSED(t.run({{"type", "SetInspiration"}, {"target", m}}), "campaign.err.param");
  // SetHeroPoints is the hero-points rule's command now: tests/unit/rules_hero_points.tests.cpp.

  t.run({{"type", "AddNote"}, {"text", "The mayor lies."}, {"secret", true}});
  REQUIRE(t.state().notes.size() == 1);
  REQUIRE(t.state().notes[0].secret);
  std::string note = t.state().notes[0].id;
  t.run({{"type", "RemoveNote"}, {"note", note}});
  REQUIRE(t.state().notes.empty());
  REQUIRE_REFUSED(t.run({{"type", "RemoveNote"}, {"note", note}}), "campaign.err.no_note");
  REQUIRE_REFUSED(t.run({{"type", "AddNote"}, {"text", ""}}), "campaign.err.param");

  // AddInjury / CureInjury are the lingering-injuries rule's commands now: tests/unit/rules_injuries.tests.cpp.

  // AddProject / UpdateProject / RemoveProject are the crafting rule's commands now: rules_crafting.tests.cpp.

  // ids never repeat: every new thing takes the next number
  std::set<std::string> ids = {m, note};  // (an injury's id too: rules_injuries.tests.cpp, a project's: rules_crafting)
  REQUIRE(ids.size() == 2);
}

TEST_CASE("RollTable records the roll and the row", "[campaign][commands][tables]") {
  BaseTable t;
  std::string m = t.pc("Mira", 17);
  const Transaction& tx = t.run({{"type", "RollTable"}, {"table", "shock"}, {"target", m}, {"roll", 6}});
  const json& d = tx.events[0].data;
  REQUIRE(tx.events[0].type == "table_rolled");
  REQUIRE(d["table"] == "shock");
  REQUIRE(d["roll"] == 6);
  REQUIRE(d["creature"] == m);
  REQUIRE(d["text"]["en"].get<std::string>().size() > 0);
  const Transaction& rolled = t.run({{"type", "RollTable"}, {"table", "shock"}});
  int r = rolled.events[0].data["roll"];
  REQUIRE(r >= 1);
  REQUIRE(r <= 20);
  REQUIRE_REFUSED(t.run({{"type", "RollTable"}, {"table", "no-such-table"}}), "tables.err.unknown");
  REQUIRE_REFUSED(t.run({{"type", "RollTable"}, {"table", "shock"}, {"roll", 21}}), "tables.err.out_of_range");
}

TEST_CASE("commands: malformed input is refused cleanly", "[campaign][commands]") {
  BaseTable t;
  REQUIRE_REFUSED(t.run(json::array()), "campaign.err.bad_command");
  REQUIRE_REFUSED(t.run({{"target", "c1"}}), "campaign.err.bad_command");
  REQUIRE_REFUSED(t.run({{"type", 5}}), "campaign.err.bad_command");
  REQUIRE_REFUSED(t.run({{"type", "Fireball"}}), "campaign.err.unknown_command");
  REQUIRE(t.state().last_tx == 0);
  REQUIRE(t.session.undo_depth() == 0);
}

TEST_CASE("commands: random commands either run or are refused cleanly, the state stays valid", "[campaign][commands][fuzz]") {
  BaseTable t(99);
  t.run({{"type", "CreateCampaign"}, {"name", "Fuzz"}});
  t.pc("Mira", 17, {{"hit_die", 6}, {"level", 3}});
  t.pc("Bořek", 30, {{"hit_die", 10}, {"level", 3}});
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 3}, {"legendary_actions", 1}});
  std::vector<std::string> types = base_engine().command_types();
  const json values[] = {"c1", "c2", "c3", "c4", "c9", "p6", "n7", "i8", "j9", 0, 1, 3, 9, 20, 100, -1, true, false, "",
                         "prone", "shock", "end_of_next_turn", "roll", json::array({"c1", "c3"}),
                         json::object({{"c1", 12}}), json::object({{"kind", "rounds"}, {"rounds", 2}}),
                         json::array({json::object({{"target", "c1"}, {"dice", 1}})}), json::object({{"name", "X"}})};
  const char* params[] = {"target", "amount", "condition", "until", "level", "change", "roll", "participants", "initiative",
                          "value", "text", "prompt", "note", "injury", "patch", "spend", "minutes", "table", "cost",
                          "hp", "name", "count", "source", "kind", "project", "choice", "critical", "damage_type"};
  Rng pick(5);
  int ran = 0, refused = 0;
  for (int i = 0; i < 4000; ++i) {
    json cmd = {{"type", types[pick.below(static_cast<std::uint32_t>(types.size()))]}};
    for (int k = 0, n = static_cast<int>(pick.below(4)); k < n; ++k)
      cmd[params[pick.below(28)]] = values[pick.below(28)];
    if (cmd["type"] == "CreateCampaign") continue;
    std::string key = error_key([&] { t.run(cmd); });
    INFO(cmd.dump() << " → " << key);
    REQUIRE(key != "campaign.err.internal");
    if (key.empty()) ++ran; else ++refused;
    REQUIRE(error_key([&] { validate_campaign(t.state()); }) == "");
  }
  REQUIRE(ran > 50);
  REQUIRE(refused > 1000);
  REQUIRE(to_j(t.session.refold()) == to_j(t.state()));
}
