// House rules about characters: level-up HP roll, intelligence, variant encumbrance.
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("level-up: the HP roll may reroll a 1 once, the second roll stands", "[rules][level-up]") {
  RulesTable t(41);
  new_campaign(t);
  std::string m = t.pc("Mira", 10, {{"level", 1}, {"hit_die", 8}, {"abilities", {{"con", 12}}}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}});

  SECTION("entered 1 then 5: +6") {
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {1, 5}}});
    const json& d = find_event(tx, "leveled_up")->data;
    CHECK(d["rerolled"] == true);
    CHECK(d["gain"] == 6);
    CHECK(t.c(m).level == 2);
    CHECK(t.c(m).max_hp == 16);
    CHECK(t.c(m).hp == 13);
    CHECK(campaign::hit_dice_total(t.c(m)) == 2);
  }
  SECTION("entered 1 alone: the engine rolls the reroll") {
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {1}}});
    const json& d = find_event(tx, "leveled_up")->data;
    REQUIRE(d["rolls"].size() == 2);
    CHECK(d["gain"] == std::max(1, d["rolls"][1].get<int>() + 1));
  }
  SECTION("a 1 on the reroll stands") {
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {1, 1}}});
    CHECK(find_event(tx, "leveled_up")->data["gain"] == 2);
  }
  SECTION("a first roll that is not 1 cannot be rerolled") {
    REQUIRE_REFUSED(t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {3, 7}}}), "rules.err.reroll_not_allowed");
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {3}}});
    CHECK(find_event(tx, "leveled_up")->data["gain"] == 4);
  }
  SECTION("rolled by the engine: recorded") {
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}});
    const json& d = find_event(tx, "leveled_up")->data;
    CHECK(d["rolled"] == true);
    CHECK(d["rolls"][0].get<int>() >= 1);
    if (d["rolls"][0] == 1) CHECK(d["rolls"].size() == 2);
  }
  SECTION("average, a bigger hit die, refusals") {
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"average", true}, {"hit_die", 10}});
    CHECK(find_event(tx, "leveled_up")->data["gain"] == 7);
    REQUIRE_REFUSED(t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {9}}}), "campaign.err.param_range");
    REQUIRE_REFUSED(t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {3}}, {"average", true}}), "rules.err.average_or_rolls");
  }
  SECTION("without the house rule a 1 stays a 1 (at least 1 HP)") {
    t.run({{"type", "SetSettings"}, {"rules", {{"hp-roll", false}}}});
    REQUIRE_REFUSED(t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {1, 5}}}), "rules.err.reroll_not_allowed");
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {1}}});
    CHECK(find_event(tx, "leveled_up")->data["rolls"].size() == 1);
    CHECK(find_event(tx, "leveled_up")->data["gain"] == 2);
  }
  SECTION("a negative CON modifier still gains at least 1") {
    std::string w = t.pc("Slaboch", 4, {{"hit_die", 6}, {"abilities", {{"con", 6}}}});
    const Transaction& tx = t.run({{"type", "LevelUp"}, {"target", w}, {"rolls", {2}}});
    CHECK(find_event(tx, "leveled_up")->data["gain"] == 1);
  }
  SECTION("no hit die") {
    std::string g = t.monster("Goblin", 7);
    REQUIRE_REFUSED(t.run({{"type", "LevelUp"}, {"target", g}}), "campaign.err.no_hit_die");
    t.run({{"type", "LevelUp"}, {"target", g}, {"hit_die", 6}, {"rolls", {4}}});
    CHECK(t.c(g).hit_die == 6);
  }
}

TEST_CASE("intelligence: what INT allows, and learning in play", "[rules][intelligence]") {
  RulesTable t(42);
  new_campaign(t);
  struct Case {
    int score;
    bool read, count, speak, learn;
    int points;
  };
  const Case cases[] = {{3, false, false, false, false, 0}, {4, false, false, true, false, 0}, {6, false, false, true, false, 0},
                        {7, false, true, true, true, 0},    {9, false, true, true, true, 0},   {10, true, true, true, true, 0},
                        {12, true, true, true, true, 1},    {20, true, true, true, true, 5}};
  for (const auto& k : cases) {
    CAPTURE(k.score);
    std::string x = t.pc("X", 5, {{"abilities", {{"int", k.score}}}});
    auto v = rules::intelligence_view(t.state(), t.c(x));
    CHECK(v.can_read_write == k.read);
    CHECK(v.can_count == k.count);
    CHECK(v.can_speak == k.speak);
    CHECK(v.can_learn_reading == k.learn);
    CHECK(v.points == k.points);
  }
  std::string dim = t.pc("Dim", 5, {{"abilities", {{"int", 8}}}});
  t.run({{"type", "LearnLiteracy"}, {"target", dim}, {"skill", "reading"}});
  CHECK(rules::intelligence_view(t.state(), t.c(dim)).can_read_write);
  REQUIRE_REFUSED(t.run({{"type", "LearnLiteracy"}, {"target", dim}, {"skill", "reading"}}), "rules.err.already_can");
  std::string dimmer = t.pc("Dimmer", 5, {{"abilities", {{"int", 5}}}});
  REQUIRE_REFUSED(t.run({{"type", "LearnLiteracy"}, {"target", dimmer}, {"skill", "reading"}}), "rules.err.cannot_learn_reading");
  t.run({{"type", "LearnLiteracy"}, {"target", dimmer}, {"skill", "counting"}});
  CHECK(rules::intelligence_view(t.state(), t.c(dimmer)).can_count);
}

TEST_CASE("intelligence points: only at creation or level-up, the newest go inactive when INT drops", "[rules][intelligence]") {
  RulesTable t(43);
  new_campaign(t);
  std::string m = t.pc("Mira", 10, {{"level", 1}, {"hit_die", 6}, {"abilities", {{"int", 14}}}});
  t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "language"}, {"name", "Elvish"}});
  t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "skill"}, {"name", "Arcana"}});
  REQUIRE_REFUSED(t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "tool"}, {"name", "Lute"}}), "rules.err.no_int_points");
  REQUIRE_REFUSED(t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "spell"}, {"name", "x"}}), "campaign.err.param");
  t.run({{"type", "CloseIntelligencePicks"}, {"target", m}});
  // INT 16 after an ability score improvement: a third point, but the window is closed until the level-up.
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"abilities", {{"int", 16}}}}}});
  REQUIRE_REFUSED(t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "tool"}, {"name", "Lute"}}), "rules.err.int_window_closed");
  t.run({{"type", "LevelUp"}, {"target", m}, {"rolls", {4}}});
  CHECK(rules::intelligence_view(t.state(), t.c(m)).window_open);
  REQUIRE_REFUSED(t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "skill"}, {"name", "arcana"}}), "rules.err.int_pick_duplicate");
  t.run({{"type", "PickIntelligence"}, {"target", m}, {"kind", "tool"}, {"name", "Lute"}});
  auto picks = rules::active_int_picks(t.c(m));
  REQUIRE(picks.size() == 3);
  CHECK(picks[2].pick.name == "Lute");
  CHECK(picks[2].pick.taken_at_level == 2);

  // A curse drops INT to 12: one point, the two newest picks go inactive — nothing is deleted.
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"abilities", {{"int", 12}}}}}});
  picks = rules::active_int_picks(t.c(m));
  CHECK(picks[0].active);
  CHECK_FALSE(picks[1].active);
  CHECK_FALSE(picks[2].active);
  CHECK(rules::int_picks_of(t.c(m)).size() == 3);
  // And they come back when INT recovers.
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"abilities", {{"int", 16}}}}}});
  picks = rules::active_int_picks(t.c(m));
  CHECK(picks[1].active);
  CHECK(picks[2].active);
  json v = rules::to_json(rules::intelligence_view(t.state(), t.c(m)));
  CHECK(v["free"] == 0);
  CHECK(v["picks"][2]["active"] == true);

  t.run({{"type", "RemoveIntelligencePick"}, {"target", m}, {"kind", "tool"}, {"name", "lute"}});
  CHECK(rules::int_picks_of(t.c(m)).size() == 2);
  // The picks are the module's per-creature data, read strictly.
  CHECK(t.c(m).modules["intelligence"]["picks"].size() == 2);
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"intelligence", {{"picks", {{{"kind", "spell"}, {"name", "x"}}}}}}}}}}}),
                  "state.err.not_one_of");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"intelligence", {{"picks", {{{"kind", "tool"}, {"name", ""}}}}}}}}}}}),
                  "state.err.empty");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"intelligence", {{"picks", {{{"kind", "tool"}, {"name", "x"}, {"order", "1"}}}}}}}}}}}),
                  "state.err.wrong_type");
  t.run({{"type", "RemoveIntelligencePick"}, {"target", m}, {"kind", "language"}, {"name", "Elvish"}});
  t.run({{"type", "RemoveIntelligencePick"}, {"target", m}, {"kind", "skill"}, {"name", "Arcana"}});
  CHECK_FALSE(t.c(m).modules.contains("intelligence"));  // no picks: no data
}

TEST_CASE("variant encumbrance: thresholds by STR and size, halving for Small and dwarves", "[rules][encumbrance]") {
  RulesTable t(44);
  new_campaign(t);
  auto item = [](const char* name, double w, const char* kind, bool worn, int qty = 1) {
    return json{{"name", name}, {"weight", w}, {"kind", kind}, {"worn", worn}, {"qty", qty}};
  };
  SECTION("medium, STR 10: 50 / 100 / 150 lb") {
    std::string x = t.pc("X", 10, {{"inventory", {item("Rocks", 51, "gear", false)}}});
    auto e = rules::encumbrance(t.state(), t.c(x));
    CHECK(e.encumbered_over == 50);
    CHECK(e.heavily_over == 100);
    CHECK(e.max == 150);
    CHECK(e.level == "encumbered");
    CHECK(e.speed_penalty == 10);
    CHECK(e.disadvantage.empty());
  }
  SECTION("exactly at a threshold is not over it; heavily and over the maximum") {
    std::string x = t.pc("X", 10, {{"inventory", {item("Rocks", 50, "gear", false)}}});
    CHECK(rules::encumbrance(t.state(), t.c(x)).level == "none");
    std::string y = t.pc("Y", 10, {{"inventory", {item("Rocks", 101, "gear", false)}}});
    auto e = rules::encumbrance(t.state(), t.c(y));
    CHECK(e.level == "heavily");
    CHECK(e.speed_penalty == 20);
    CHECK(e.disadvantage.size() == 3);
    std::string z = t.pc("Z", 10, {{"inventory", {item("Rocks", 151, "gear", false)}}});
    CHECK(rules::encumbrance(t.state(), t.c(z)).level == "over_max");
  }
  SECTION("Small: 4 / 8 / 12 × STR, worn armour and clothing at half weight") {
    json inv = {item("Leather", 10, "armor_light", true), item("Clothes", 4, "clothing", true), item("Pack", 30, "gear", false),
                item("Spare leather", 10, "armor_light", false)};
    std::string h = t.pc("Pip", 10, {{"size", "small"}, {"abilities", {{"str", 10}}}, {"inventory", inv}});
    auto e = rules::encumbrance(t.state(), t.c(h));
    CHECK(e.encumbered_over == 40);
    CHECK(e.heavily_over == 80);
    CHECK(e.max == 120);
    CHECK(e.carried == 5 + 2 + 30 + 10);
    CHECK(e.raw == 54);
    CHECK(e.small_halving);
    CHECK(e.level == "encumbered");
  }
  SECTION("a dwarf proficient with heavy armour counts worn heavy armour at half weight") {
    json inv = {item("Plate", 65, "armor_heavy", true), item("Pack", 20, "gear", false)};
    std::string d = t.pc("Bořek", 30, {{"race", "Trpaslík (horský)"}, {"abilities", {{"str", 14}}}, {"inventory", inv}});
    auto e = rules::encumbrance(t.state(), t.c(d));
    CHECK(e.carried == 32.5 + 20);
    CHECK(e.dwarf_halving);
    CHECK(e.level == "none");
    t.run({{"type", "SetDwarfArmor"}, {"target", d}, {"value", false}});  // not proficient after all
    CHECK(rules::encumbrance(t.state(), t.c(d)).carried == 85);
    CHECK(rules::encumbrance(t.state(), t.c(d)).level == "encumbered");
    std::string u = t.pc("Гімлі", 30, {{"race", "Дварф"}, {"inventory", inv}});
    CHECK(rules::encumbrance(t.state(), t.c(u)).dwarf_halving);
    std::string h = t.pc("Human", 30, {{"race", "human"}, {"inventory", inv}});
    CHECK_FALSE(rules::encumbrance(t.state(), t.c(h)).dwarf_halving);
    t.run({{"type", "SetDwarfArmor"}, {"target", h}, {"value", true}});
    CHECK(rules::encumbrance(t.state(), t.c(h)).dwarf_halving);
  }
  SECTION("Large doubles, Tiny halves") {
    std::string l = t.pc("Ogre", 30, {{"size", "large"}, {"abilities", {{"str", 10}}}});
    CHECK(rules::encumbrance(t.state(), t.c(l)).max == 300);
    std::string g = t.pc("Gargantua", 30, {{"size", "gargantuan"}, {"abilities", {{"str", 10}}}});
    CHECK(rules::encumbrance(t.state(), t.c(g)).max == 1200);
    std::string s = t.pc("Sprite", 3, {{"size", "tiny"}, {"abilities", {{"str", 10}}}});
    CHECK(rules::encumbrance(t.state(), t.c(s)).max == 75);
  }
}

TEST_CASE("creature_view: every derived value in one object", "[rules]") {
  RulesTable t(45);
  new_campaign(t);
  std::string m = t.pc("Mira", 17, {{"abilities", {{"int", 14}, {"con", 14}}}});
  t.run({{"type", "SetSaveProficiencies"}, {"target", m}, {"abilities", {"con"}}});
  json v = rules::creature_view(t.state(), t.c(m));
  CHECK(v["saves"]["con"]["bonus"] == 4);
  CHECK(v["saves"]["con"]["proficient"] == true);
  CHECK(v["intelligence"]["points"] == 2);
  CHECK(v["encumbrance"]["level"] == "none");
  CHECK(v["injuries"]["speed"] == 30);
  CHECK(v["speed"]["final"] == 30);
  // A broken leg (15 ft), heavily encumbered (−20 ft → 0)… and with a lighter pack, exhaustion 2 halves it.
  t.run({{"type", "RollInjury"}, {"target", m}, {"roll", 12}});
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"inventory", {{{"name", "Rocks"}, {"weight", 120}}}}}}});
  v = rules::creature_view(t.state(), t.c(m));
  CHECK(v["speed"]["after_injuries"] == 15);
  CHECK(v["speed"]["encumbrance_penalty"] == 20);
  CHECK(v["speed"]["final"] == 0);
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"inventory", {{{"name", "Rocks"}, {"weight", 60}}}}}}});
  t.run({{"type", "SetExhaustion"}, {"target", m}, {"level", 2}});
  v = rules::creature_view(t.state(), t.c(m));
  CHECK(v["speed"]["final"] == (15 - 10) / 2);
  t.run({{"type", "SetSaveProficiencies"}, {"target", m}, {"abilities", json::array()}});
  CHECK_FALSE(rules::save_proficient(t.state(), t.c(m), "con"));
}
