// Table rule "encounter-difficulty": the DMG's thresholds per level, the multiplier for the number of monsters and
// the party-size shift, the 2024 budget, the calculator through the CLI, and AwardXp (the split, the log, undo).
#include "../support/cli.hpp"
#include "core/rules/encounter_difficulty/encounter_difficulty.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;
using rules::EncounterRules;

TEST_CASE("encounter difficulty: thresholds for levels 1, 5, 10 and 20", "[rules][encounter_difficulty]") {
  CHECK(calc::level_thresholds(1, EncounterRules::dmg2014) == std::vector<int>{25, 50, 75, 100});
  CHECK(calc::level_thresholds(5, EncounterRules::dmg2014) == std::vector<int>{250, 500, 750, 1100});
  CHECK(calc::level_thresholds(10, EncounterRules::dmg2014) == std::vector<int>{600, 1200, 1900, 2800});
  CHECK(calc::level_thresholds(20, EncounterRules::dmg2014) == std::vector<int>{2800, 5700, 8500, 12700});
  CHECK(calc::level_thresholds(1, EncounterRules::budget2024) == std::vector<int>{50, 75, 100});
  CHECK(calc::level_thresholds(5, EncounterRules::budget2024) == std::vector<int>{500, 750, 1100});
  CHECK(calc::level_thresholds(10, EncounterRules::budget2024) == std::vector<int>{1600, 2300, 3100});
  CHECK(calc::level_thresholds(20, EncounterRules::budget2024) == std::vector<int>{6400, 13200, 22000});
  // A party's thresholds are its characters' added up: four level-5 characters.
  const auto d = calc::encounter_difficulty({5, 5, 5, 5}, {1800}, EncounterRules::dmg2014);
  REQUIRE(d.thresholds.size() == 4);
  CHECK(d.thresholds[0] == std::pair<std::string, int>{"easy", 1000});
  CHECK(d.thresholds[3] == std::pair<std::string, int>{"deadly", 4400});
  CHECK(d.difficulty == "easy");  // 1,800 ≥ 1,000, < 2,000
  // A mixed party: levels 1 and 20 add up (deadly 100 + 12,700) and two PCs shift the multiplier up.
  const auto m = calc::encounter_difficulty({1, 20}, {10000}, EncounterRules::dmg2014);
  CHECK(m.thresholds[3].second == 12800);
  CHECK(m.adjusted_xp == 15000);  // one monster, two PCs: ×1.5
  CHECK(m.difficulty == "deadly");
}

TEST_CASE("encounter difficulty: the multiplier by number of monsters and the party-size shift", "[rules][encounter_difficulty]") {
  struct Case { int monsters, x2_small, x2_normal, x2_large; };  // × 2: fewer than 3 PCs, 3–5 PCs, 6 or more
  const Case cases[] = {{1, 3, 2, 1},   {2, 4, 3, 2},   {3, 5, 4, 3},   {6, 5, 4, 3},   {7, 6, 5, 4},
                        {10, 6, 5, 4},  {11, 8, 6, 5},  {14, 8, 6, 5},  {15, 10, 8, 6}, {40, 10, 8, 6}};
  for (const auto& k : cases) {
    CAPTURE(k.monsters);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 2) == k.x2_small);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 1) == k.x2_small);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 3) == k.x2_normal);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 5) == k.x2_normal);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 6) == k.x2_large);
    CHECK(calc::encounter_multiplier_x2(k.monsters, 8) == k.x2_large);
  }
  // The adjusted XP rounds down: one 25-XP monster against six PCs is ×0.5 → 12.
  const auto d = calc::encounter_difficulty({1, 1, 1, 1, 1, 1}, {25}, EncounterRules::dmg2014);
  CHECK(d.adjusted_xp == 12);
  CHECK(d.difficulty == "trivial");
  // The 2024 budget has no multiplier.
  const auto b = calc::encounter_difficulty({3, 3, 3, 3}, {50, 50, 50, 50, 200}, EncounterRules::budget2024);
  CHECK(b.adjusted_xp == 400);
  CHECK(b.difficulty == "trivial");  // low is 600
  CHECK(calc::encounter_difficulty({3, 3, 3, 3}, {400, 200}, EncounterRules::budget2024).difficulty == "low");
  CHECK(calc::encounter_difficulty({3, 3, 3, 3}, {1600}, EncounterRules::budget2024).difficulty == "high");
}

TEST_CASE("encounter difficulty: the calculator through the CLI", "[rules][encounter_difficulty][cli]") {
  const json out = cli_json("rule encounter --party-levels 3,3,3,3 --monster-xp 100,100,50");
  CHECK(out == json::parse(R"({"xp": 250, "adjusted_xp": 500, "difficulty": "easy",
                               "thresholds": {"easy": 300, "medium": 600, "hard": 900, "deadly": 1600}})"));
  const json b = cli_json("rule encounter --party-levels 3,3,3,3 --monster-xp 100,100,50 --rules 2024");
  CHECK(b == json::parse(R"({"xp": 250, "adjusted_xp": 250, "difficulty": "trivial",
                             "thresholds": {"low": 600, "moderate": 900, "high": 1600}})"));
  CHECK(cli("--json rule encounter --party-levels 0 --monster-xp 50").code == 2);
  CHECK(cli("--json rule encounter --party-levels 3 --monster-xp 50 --rules 5e").code == 2);
}

TEST_CASE("encounter difficulty: AwardXp splits the defeated monsters' XP among the PCs who fought", "[rules][encounter_difficulty]") {
  RulesTable t(5);
  new_campaign(t);
  std::vector<std::string> pcs;
  for (const char* n : {"Mira", "Toran", "Ivo"}) pcs.push_back(t.pc(n, 20, json{{"level", 3}}));
  const std::string bench = t.pc("Bench", 20, json{{"level", 3}});  // not in the fight
  t.run({{"type", "AddMonsters"}, {"monster", "goblin"}, {"count", 4}});
  t.run({{"type", "AddMonsters"}, {"monster", "bugbear"}});
  std::vector<std::string> monsters;
  for (const auto& x : t.state().creatures)
    if (x.kind == "monster") monsters.push_back(x.id);
  REQUIRE(monsters.size() == 5);
  // The party of four level-3 characters against four goblins and a bugbear: 400 XP × 2 = 800, medium.
  const auto d = rules::difficulty_for(t.state(), {50, 50, 50, 50, 200});
  CHECK(d.xp == 400);
  CHECK(d.adjusted_xp == 800);
  CHECK(d.difficulty == "medium");
  json parts = pcs;
  for (const auto& m : monsters) parts.push_back(m);
  t.run({{"type", "StartEncounter"}, {"participants", parts}});
  // Nothing defeated yet: nothing to award.
  REQUIRE_REFUSED(t.run({{"type", "AwardXp"}}), "rules.err.xp_nothing");
  for (size_t k = 0; k < 3; ++k) t.run({{"type", "ApplyDamage"}, {"target", monsters[k]}, {"amount", 50}});
  t.run({{"type", "ApplyDamage"}, {"target", monsters[4]}, {"amount", 100}});  // the bugbear
  const auto preview = rules::xp_award_preview(t.state());
  CHECK(preview.creatures == pcs);
  CHECK(preview.total == 350);
  CHECK(preview.each == 116);
  const auto& tx = t.run({{"type", "EndEncounter"}, {"award_xp", true}});
  const Event* ev = find_event(tx, "xp_awarded");
  REQUIRE(ev);
  CHECK(ev->data["each"] == 116);
  CHECK(ev->data["left"] == 2);
  CHECK(ev->data["total"] == 350);
  CHECK(tx.events.back().type != "xp_awarded");  // awarded before the fight ended
  for (const auto& id : pcs) CHECK(rules::creature_xp(t.c(id)) == 116);
  CHECK(rules::creature_xp(t.c(bench)) == 0);
  const Engine& e = Engine::standard();
  LogContext lc{Lang::en, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(e.render(*ev, lc) == "Mira, Toran, Ivo gain 116 XP each (350 XP for 4 defeated monsters).");
  lc.lang = Lang::cs;
  CHECK(e.render(*ev, lc) == "Mira, Toran, Ivo získávají každý 116 zk. (350 zk. za poražené nestvůry: 4).");
  // Undo takes the XP back; the DM may give a total of her own to whom she chooses.
  t.session.undo(1);
  CHECK(rules::creature_xp(t.c(pcs[0])) == 0);
  t.run({{"type", "EndEncounter"}});
  t.run({{"type", "AwardXp"}, {"targets", {pcs[0], bench}}, {"xp", 101}});
  CHECK(rules::creature_xp(t.c(pcs[0])) == 50);
  CHECK(rules::creature_xp(t.c(bench)) == 50);
  REQUIRE_REFUSED(t.run({{"type", "AwardXp"}, {"xp", 10}}), "rules.err.xp_nobody");  // no fight: say whom
  REQUIRE_REFUSED(t.run({{"type", "AwardXp"}, {"targets", {monsters[3]}}, {"xp", 10}}), "rules.err.xp_monster");
}

TEST_CASE("encounter difficulty: the 2024 budget is a per-campaign choice", "[rules][encounter_difficulty]") {
  RulesTable t;
  new_campaign(t);
  for (int k = 0; k < 4; ++k) t.pc("PC " + std::to_string(k), 20, json{{"level", 3}});
  CHECK(rules::encounter_rules(t.state()) == EncounterRules::dmg2014);
  const auto& tx = t.run({{"type", "SetSettings"}, {"encounter_rules", "2024"}});
  CHECK(tx.events.back().type == "encounter_rules_set");
  CHECK(rules::encounter_rules(t.state()) == EncounterRules::budget2024);
  CHECK(rules::difficulty_for(t.state(), {50, 50, 50, 50, 200}).difficulty == "trivial");
  CHECK(rules::difficulty_for(t.state(), {900}).difficulty == "moderate");
  REQUIRE_REFUSED(t.run({{"type", "SetSettings"}, {"encounter_rules", "5e"}}), "campaign.err.param");
  t.run({{"type", "SetSettings"}, {"encounter_rules", "2014"}});
  CHECK(t.state().modules.count("encounter-difficulty") == 0);  // the default is stored as nothing
}
