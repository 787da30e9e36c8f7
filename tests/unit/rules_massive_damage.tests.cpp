// House rule "massive damage + shock" (src/core/rules/massive_damage/) through the standard engine.
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("massive damage: 2·damage ≥ max HP asks for a CON save DC 15", "[rules][massive-damage]") {
  struct Case {
    int max_hp, damage;
    bool asks;
  };
  const Case cases[] = {{17, 8, false}, {17, 9, true}, {16, 7, false}, {16, 8, true}, {1, 1, true}, {40, 0, false}, {3, 2, true}};
  for (const auto& k : cases) {
    CAPTURE(k.max_hp, k.damage);
    RulesTable t(1);
    new_campaign(t);
    std::string m = t.pc("Mira", k.max_hp);
    t.run({{"type", "SetTempHp"}, {"target", m}, {"amount", 50}});  // keep her above 0 whatever the damage
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", k.damage}});
    CHECK(prompt_count(t.state(), "massive-damage.save") == (k.asks ? 1u : 0u));
  }
}

TEST_CASE("massive damage: the prompt carries the save and its modifier", "[rules][massive-damage]") {
  RulesTable t(2);
  new_campaign(t);
  std::string m = t.pc("Mira", 17, {{"abilities", {{"con", 14}}}, {"level", 5}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  const Prompt* p = prompts_of(t.state(), "massive-damage.save").at(0);
  CHECK(p->creature == m);
  CHECK(p->data["dc"] == 15);
  CHECK(p->data["dice"] == "1d20+2");
  CHECK(p->data["modifier"] == 2);
  CHECK(p->data["damage"] == 9);
  CHECK(p->data["max_hp"] == 17);

  SECTION("save proficiency adds the proficiency bonus") {
    t.run({{"type", "DismissPrompt"}, {"prompt", p->id}});
    t.run({{"type", "SetSaveProficiencies"}, {"target", m}, {"abilities", {"con", "wis"}}});
    t.run({{"type", "Heal"}, {"target", m}, {"amount", 20}});
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
    CHECK(prompts_of(t.state(), "massive-damage.save").at(0)->data["dice"] == "1d20+5");
    CHECK(rules::save_bonus(t.state(), t.c(m), "wis") == 3);
    CHECK(rules::save_bonus(t.state(), t.c(m), "dex") == 0);
  }
  SECTION("an entered 15 succeeds, nothing else happens") {
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 15}});
    CHECK(find_event(tx, "prompt_resolved")->data["success"] == true);
    CHECK_FALSE(has_event(tx, "table_rolled"));
    CHECK(t.c(m).conditions.empty());
  }
  SECTION("an entered 14 fails: the engine rolls the shock table and records it") {
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 14}});
    const Event* roll = find_event(tx, "table_rolled");
    REQUIRE(roll != nullptr);
    CHECK(roll->data["table"] == "shock");
    CHECK(roll->data["rolled"] == true);
    CHECK(roll->data["creature"] == m);
    int d = roll->data["roll"];
    CHECK(d >= 1);
    CHECK(d <= 20);
  }
  SECTION("no roll: the engine rolls the save itself") {
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}});
    const json& d = find_event(tx, "prompt_resolved")->data;
    CHECK(d["rolled"] == true);
    CHECK(d["text"].get<std::string>().rfind("1d20", 0) == 0);
    CHECK(d["text"].get<std::string>().find("2") != std::string::npos);
    CHECK(has_event(tx, "table_rolled") == !d["success"].get<bool>());
  }
}

TEST_CASE("massive damage: shock band edges with an entered d20", "[rules][massive-damage]") {
  struct Case {
    int roll;
    int hp;
    bool stable, paralyzed, no_reactions, disadvantage;
  };
  const Case cases[] = {
      {1, 0, false, false, false, false},  {2, 0, true, false, false, false},   {3, 0, true, false, false, false},
      {4, 8, false, true, false, false},   {8, 8, false, true, false, false},   {9, 8, false, false, true, true},
      {14, 8, false, false, true, true},   {15, 8, false, false, true, false},  {20, 8, false, false, true, false},
  };
  for (const auto& k : cases) {
    CAPTURE(k.roll);
    RulesTable t(3);
    new_campaign(t);
    std::string m = t.pc("Mira", 17);
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
    std::string p = the_prompt(t.state(), "massive-damage.save");
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 3}, {"then_roll", k.roll}});
    CHECK(find_event(tx, "table_rolled")->data["rolled"] == false);
    const Creature& x = t.c(m);
    CHECK(x.hp == k.hp);
    CHECK(x.death_saves.stable == k.stable);
    CHECK((condition_of(x, "paralyzed", "shock") != nullptr) == k.paralyzed);
    CHECK((condition_of(x, "no_reactions", "shock") != nullptr) == k.no_reactions);
    const Condition* dis = condition_of(x, "disadvantage", "shock");
    CHECK((dis != nullptr) == k.disadvantage);
    if (dis) CHECK(dis->extra["rolls"] == json{"attacks", "ability_checks"});
    for (const auto& c : x.conditions)
      if (c.source == "shock") CHECK(c.until.kind == "end_of_next_turn");
    if (k.hp == 0) {
      CHECK(has_condition(x, "unconscious"));
      CHECK(prompt_count(t.state(), "injuries.roll") == 1);  // dropping to 0 through the shock rolls an injury
    }
  }
}

TEST_CASE("massive damage: a shock table roll outside the d20 refuses the answer", "[rules][massive-damage]") {
  RulesTable t(4);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  std::string p = the_prompt(t.state(), "massive-damage.save");
  REQUIRE_REFUSED(t.run({{"type", "ResolvePrompt"}, {"prompt", p}, {"roll", 3}, {"then_roll", 21}}), "tables.err.out_of_range");
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);  // nothing happened
}

TEST_CASE("massive damage: paralysis lasts until the end of her next turn", "[rules][massive-damage]") {
  RulesTable t(5);
  new_campaign(t);
  std::string g = t.monster("Goblin", 7);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "StartEncounter"}, {"initiative", {{g, 20}, {m, 10}}}});
  // The goblin's turn: it hits her for 9, the save fails, shock 6.
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "massive-damage.save")}, {"roll", 2}, {"then_roll", 6}});
  REQUIRE(condition_of(t.c(m), "paralyzed", "shock") != nullptr);
  t.run({{"type", "NextTurn"}});  // her turn starts: still paralyzed
  CHECK(condition_of(t.c(m), "paralyzed", "shock") != nullptr);
  t.run({{"type", "NextTurn"}});  // her turn ends
  CHECK(condition_of(t.c(m), "paralyzed", "shock") == nullptr);

  SECTION("set during her own turn: it lasts through the next one") {
    t.run({{"type", "NextTurn"}});  // her turn (round 2)
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
    t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "massive-damage.save")}, {"roll", 2}, {"then_roll", 15}});
    REQUIRE(condition_of(t.c(m), "no_reactions", "shock") != nullptr);
    t.run({{"type", "NextTurn"}});  // end of the turn it was set in: stays
    CHECK(condition_of(t.c(m), "no_reactions", "shock") != nullptr);
    t.run({{"type", "NextTurn"}});  // her next turn starts
    CHECK(condition_of(t.c(m), "no_reactions", "shock") != nullptr);
    t.run({{"type", "NextTurn"}});  // and ends
    CHECK(condition_of(t.c(m), "no_reactions", "shock") == nullptr);
  }
}

TEST_CASE("massive damage: damage to exactly 0 — injury and shock, no double injury", "[rules][massive-damage][injuries]") {
  RulesTable t(6);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 8}});  // 2·8 < 17: no save
  CHECK(t.state().prompts.empty());
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});  // 9 → 0 HP, and 2·9 ≥ 17
  CHECK(t.c(m).hp == 0);
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);
  // The save fails and the shock says "drop to 0": she is at 0 already, so no second injury roll.
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "massive-damage.save")}, {"roll", 1}, {"then_roll", 1}});
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
  CHECK(t.c(m).hp == 0);
  CHECK_FALSE(t.c(m).death_saves.dead);
  // Already at 0 HP: another big hit is a death-save failure, not another save.
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  CHECK(t.c(m).death_saves.failures == 1);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 0);
}

TEST_CASE("massive damage: monsters too, but not when the damage kills them", "[rules][massive-damage]") {
  RulesTable t(7);
  new_campaign(t);
  std::string g = t.monster("Ogre", 20);
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 10}});
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);
  // Shock 1: the ogre drops to 0 — a monster at 0 HP dies (base rules), and a dead monster rolls no injury.
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "massive-damage.save")}, {"roll", 4}, {"then_roll", 1}});
  CHECK(t.c(g).death_saves.dead);
  CHECK(prompt_count(t.state(), "injuries.roll") == 0);

  std::string k = t.monster("Kobold", 5);
  t.run({{"type", "ApplyDamage"}, {"target", k}, {"amount", 6}});
  CHECK(t.c(k).death_saves.dead);
  CHECK(t.state().prompts.empty());
}

TEST_CASE("massive damage: switched off per campaign", "[rules][massive-damage]") {
  RulesTable t(8);
  new_campaign(t, {{"rules", {{"massive-damage", false}}}});
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  CHECK(t.state().prompts.empty());
}

TEST_CASE("massive damage: the log says it in every language", "[rules][massive-damage][i18n]") {
  RulesTable t(9);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "massive-damage.save")}, {"roll", 3}, {"then_roll", 6}});
  auto has = [&](Lang lang, const std::string& text) {
    for (const auto& line : t.session.log_lines(lang))
      if (line.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has(Lang::cs, "Mira: záchranný hod na Odolnost SO 15 proti masivnímu zranění (9 z max. 17)"));
  CHECK(has(Lang::uk, "рятівний кидок Статури СК 15"));
  CHECK(has(Lang::en, "Mira: CON save DC 15 against massive damage (9 of max 17): 3 against DC 15, failure."));
  CHECK(has(Lang::en, "paralyzed (until the end of its next turn)"));
}
