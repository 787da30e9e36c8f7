// House rule "lingering injuries" (src/core/rules/lingering_injuries/).
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// Rolls an injury with entered dice and returns the kind of the injury it added ("" when none).
std::string roll_injury(Table& t, const std::string& who, int d100, int then = 0) {
  json cmd = {{"type", "RollInjury"}, {"target", who}, {"roll", d100}};
  if (then) cmd["then_roll"] = then;
  const Transaction& tx = t.run(cmd);
  const Event* e = find_event(tx, "injury_added");
  return e ? e->data["injury"]["effects"].value("injury", std::string()) : std::string();
}

std::string last_injury_id(const Table& t, const std::string& who) { return rules::injuries_of(t.c(who)).back().id; }

}  // namespace

TEST_CASE("injuries: dropping to 0 HP asks for the d100, the answer stores the injury", "[rules][injuries]") {
  RulesTable t(11);
  new_campaign(t);
  std::string m = t.pc("Mira", 10);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 4}});
  CHECK(prompt_count(t.state(), "injuries.roll") == 0);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 6}});
  const Prompt* p = prompts_of(t.state(), "injuries.roll").at(0);
  CHECK(p->data["dice"] == "1d100");
  CHECK(p->creature == m);
  const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 43}});
  CHECK(find_event(tx, "injury_added")->data["rolls"] == json{{"table", "lingering-injury"}, {"roll", 43}, {"rolled", false}});
  CHECK_FALSE(has_event(tx, "table_rolled"));
  const auto inj = rules::injuries_of(t.c(m)).at(0);
  CHECK(inj.effects["injury"] == "festering_wound");
  CHECK(inj.table == "lingering-injury");
  CHECK(inj.table_row == 43);
  CHECK(inj.text.en.rfind("Festering wound.", 0) == 0);

  SECTION("the engine rolls when no roll is given, and records it") {
    t.run({{"type", "Heal"}, {"target", m}, {"amount", 5}});
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
    const Transaction& r = t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "injuries.roll")}});
    const json& d = find_event(r, "injury_added")->data["rolls"];
    CHECK(d["rolled"] == true);
    CHECK(d["roll"].get<int>() >= 1);
    CHECK(d["roll"].get<int>() <= 100);
  }
}

TEST_CASE("injuries: every band edge of the d100", "[rules][injuries]") {
  struct Case {
    int roll;
    const char* kind;
  };
  const Case cases[] = {{2, "blurred_vision"},   {5, "blurred_vision"},   {6, "broken_arm"},      {10, "broken_arm"},
                        {11, "broken_leg"},      {15, "broken_leg"},      {16, "ringing_ears"},   {20, "ringing_ears"},
                        {21, "limp"},            {25, "limp"},            {26, "broken_finger"},  {30, "broken_finger"},
                        {36, "knocked_out_tooth"}, {40, "knocked_out_tooth"}, {41, "festering_wound"}, {45, "festering_wound"},
                        {46, "open_wound"},      {50, "open_wound"},      {51, "cracked_skull"},  {55, "cracked_skull"},
                        {56, "pierced_lung"},    {60, "pierced_lung"},    {61, "internal_injury"}, {65, "internal_injury"},
                        {66, "broken_ribs"},     {70, "broken_ribs"},     {71, "horrible_scar"},  {75, "horrible_scar"},
                        {76, "painful_scar"},    {80, "painful_scar"},    {81, "minor_scar"},     {100, "minor_scar"}};
  RulesTable t(12);
  new_campaign(t);
  for (const auto& k : cases) {
    CAPTURE(k.roll);
    std::string m = t.pc("Mira", 20);
    CHECK(roll_injury(t, m, k.roll) == k.kind);
  }
  std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "RollInjury"}, {"target", m}, {"roll", 0}}), "tables.err.out_of_range");
  REQUIRE_REFUSED(t.run({{"type", "RollInjury"}, {"target", m}, {"roll", 101}}), "tables.err.out_of_range");
}

TEST_CASE("injuries: 1 is a serious injury (d6), 31–35 a broken item (d10)", "[rules][injuries]") {
  RulesTable t(13);
  new_campaign(t);
  const char* serious[] = {"lost_eye", "lost_hand", "lost_leg", "lost_ear", "lost_nose", "lost_finger"};
  for (int d6 = 1; d6 <= 6; ++d6) {
    CAPTURE(d6);
    std::string m = t.pc("Mira", 20);
    CHECK(roll_injury(t, m, 1, d6) == serious[d6 - 1]);
    CHECK(t.session.tail().back().events.front().data["rolls"]["then"] == json{{"table", "serious-injury"}, {"roll", d6}});
    CHECK(prompt_count(t.state(), "injuries.hand") == (d6 == 6 ? 1u : 0u));
    if (d6 == 6) t.run({{"type", "DismissPrompt"}, {"prompt", the_prompt(t.state(), "injuries.hand")}});
    CHECK(rules::injuries_of(t.c(m)).back().table == "serious-injury");
    CHECK(rules::injuries_of(t.c(m)).back().table_row == d6);
  }
  SECTION("a rolled d6 when none is entered") {
    std::string m = t.pc("Mira", 20);
    std::string kind = roll_injury(t, m, 1);
    CHECK(kind.rfind("lost_", 0) == 0);
  }
  SECTION("the lost finger asks which hand") {
    std::string m = t.pc("Mira", 20);
    roll_injury(t, m, 1, 6);
    const Prompt* p = prompts_of(t.state(), "injuries.hand").at(0);
    CHECK(p->data["choices"] == json{"left", "right"});
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "left"}});
    CHECK(rules::injuries_of(t.c(m)).back().extra["hand"] == "left");
  }
  SECTION("broken items: the DM picks among the nonmagical ones of the category") {
    json inv = json::array({{{"name", "Longsword"}, {"kind", "weapon"}, {"weight", 3}},
                            {{"name", "Flame tongue"}, {"kind", "weapon"}, {"weight", 3}, {"magic", true}},
                            {{"name", "Chain mail"}, {"kind", "armor_heavy"}, {"weight", 55}, {"worn", true}},
                            {{"name", "Rope"}, {"kind", "gear"}, {"weight", 10}, {"qty", 2}}});
    std::string m = t.pc("Bořek", 20, {{"inventory", inv}});
    CHECK(roll_injury(t, m, 31, 1).empty());
    CHECK(find_event(t.session.tail().back(), "table_rolled")->data["nested"][0]["roll"] == 1);
    const Prompt* p = prompts_of(t.state(), "injuries.broken_item").at(0);
    CHECK(p->data["choices"] == json{"Longsword", "none"});
    CHECK(p->data["suggested"] == "Longsword");
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "Longsword"}});
    CHECK(t.c(m).inventory.size() == 3);

    roll_injury(t, m, 33, 2);  // weapon or armour: only the chain mail is left
    p = prompts_of(t.state(), "injuries.broken_item").at(0);
    CHECK(p->data["choices"] == json{"Chain mail", "none"});
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "none"}});
    CHECK(t.c(m).inventory.size() == 3);

    roll_injury(t, m, 35, 10);  // anything else: the rope (one of two)
    p = prompts_of(t.state(), "injuries.broken_item").at(0);
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "Rope"}});
    CHECK(t.c(m).inventory.back().qty == 1);

    std::string bare = t.pc("Nahý", 20);
    const Transaction& tx = t.run({{"type", "RollInjury"}, {"target", bare}, {"roll", 32}, {"then_roll", 5}});
    CHECK(has_event(tx, "no_item_to_break"));
    CHECK(prompt_count(t.state(), "injuries.broken_item") == 0);
  }
}

TEST_CASE("injuries: NPCs roll too, a dead monster and a DM correction do not", "[rules][injuries]") {
  RulesTable t(14);
  new_campaign(t);
  std::string npc = t.add({{"name", "Strážný"}, {"kind", "npc"}, {"hp", 6}});
  t.run({{"type", "ApplyDamage"}, {"target", npc}, {"amount", 2}});
  t.run({{"type", "ApplyDamage"}, {"target", npc}, {"amount", 4}});
  CHECK(prompts_of(t.state(), "injuries.roll").at(0)->creature == npc);
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 3}});
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 4}});
  CHECK(t.c(g).death_saves.dead);
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
  // A DM correction of the HP field is not "dropping to 0": no roll.
  std::string m = t.pc("Mira", 10);
  t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"hp", 0}}}});
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
}

TEST_CASE("injuries: a monster knocked out at 0 HP lives, is stable and rolls its injury", "[rules][injuries]") {
  RulesTable t(16);
  new_campaign(t);
  std::string g = t.monster("Goblin", 7);
  const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}, {"knock_out", true}});
  CHECK_FALSE(t.c(g).death_saves.dead);
  CHECK(t.c(g).hp == 0);
  CHECK(t.c(g).death_saves.stable);
  CHECK(condition_of(t.c(g), "unconscious", "0hp") != nullptr);
  CHECK(count_events(tx, "died") == 0);
  CHECK(the_prompt(t.state(), "injuries.roll").size() > 0);
  const auto log = t.session.log(Lang::en);
  const auto& lines = log.back().lines;
  CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("knocked out") != std::string::npos; }));
  // Knocking out does not stop instant death: damage beyond 0 HP that reaches the maximum still kills.
  std::string o = t.monster("Ogre", 10);
  t.run({{"type", "ApplyDamage"}, {"target", o}, {"amount", 20}, {"knock_out", true}});
  CHECK(t.c(o).death_saves.dead);
  // Without knock_out a monster dies at 0 (the base rules), as before.
  std::string k = t.monster("Kobold", 5);
  t.run({{"type", "ApplyDamage"}, {"target", k}, {"amount", 5}});
  CHECK(t.c(k).death_saves.dead);
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
}

TEST_CASE("injuries: a festering wound takes 1 max HP per full 24 hours, and kills at 0", "[rules][injuries]") {
  RulesTable t(15);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  CHECK(roll_injury(t, m, 43) == "festering_wound");
  t.run({{"type", "AdvanceTime"}, {"minutes", 1439}});
  CHECK(t.c(m).max_hp == 17);
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  CHECK(t.c(m).max_hp == 16);
  CHECK(t.c(m).hp == 16);
  t.run({{"type", "AdvanceTime"}, {"minutes", 3 * 1440 + 600}});
  CHECK(t.c(m).max_hp == 13);
  CHECK(rules::injuries_of(t.c(m))[0].extra["max_hp_lost"] == 4);
  // Curing it stops it; the DM decides whether the lost maximum comes back.
  t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", last_injury_id(t, m)}, {"method", "remove_poison"}});
  const Prompt* p = prompts_of(t.state(), "injuries.restore_max_hp").at(0);
  CHECK(p->data["amount"] == 4);
  t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "restore"}});
  CHECK(t.c(m).max_hp == 17);
  t.run({{"type", "AdvanceTime"}, {"minutes", 5 * 1440}});
  CHECK(t.c(m).max_hp == 17);

  SECTION("maximum 0: death") {
    std::string w = t.pc("Slaboch", 2);
    roll_injury(t, w, 41);
    t.run({{"type", "AdvanceTime"}, {"minutes", 2 * 1440}});
    CHECK(t.c(w).death_saves.dead);
    CHECK(t.c(w).max_hp == 1);
  }
}

TEST_CASE("injuries: an open wound bleeds 1 HP per full hour", "[rules][injuries]") {
  RulesTable t(16);
  new_campaign(t);
  std::string m = t.pc("Mira", 10);
  CHECK(roll_injury(t, m, 48) == "open_wound");
  t.run({{"type", "AdvanceTime"}, {"minutes", 59}});
  CHECK(t.c(m).hp == 10);
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  CHECK(t.c(m).hp == 9);
  t.run({{"type", "AdvanceTime"}, {"minutes", 9 * 60}});  // down to 0: unconscious, an injury roll
  CHECK(t.c(m).hp == 0);
  CHECK(has_condition(t.c(m), "unconscious"));
  CHECK(prompt_count(t.state(), "injuries.roll") == 1);
  t.run({{"type", "AdvanceTime"}, {"minutes", 60}});  // at 0 HP every hour is a failed death save
  CHECK(t.c(m).death_saves.failures == 1);
  t.run({{"type", "AdvanceTime"}, {"minutes", 120}});
  CHECK(t.c(m).death_saves.dead);
}

TEST_CASE("injuries: both lungs pierced → exhaustion 5 while it lasts", "[rules][injuries]") {
  RulesTable t(17);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  roll_injury(t, m, 58);
  CHECK(t.c(m).exhaustion == 0);
  CHECK(rules::injury_effects(t.c(m)).action_or_bonus);
  roll_injury(t, m, 56);
  CHECK(t.c(m).exhaustion == 5);
  CHECK(t.c(m).exhaustion_sources.at("injury") == 5);
  REQUIRE_REFUSED(t.run({{"type", "SetExhaustion"}, {"target", m}, {"level", 4}}), "rules.err.exhaustion_floor");
  t.run({{"type", "LongRest"}});
  CHECK(t.c(m).exhaustion == 5);
  t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", last_injury_id(t, m)}, {"method", "magic"}, {"spell_level", 2}});
  CHECK(rules::injury_effects(t.c(m)).exhaustion_floor == 0);
  t.run({{"type", "SetExhaustion"}, {"target", m}, {"level", 4}});
  CHECK(t.c(m).exhaustion == 4);
}

TEST_CASE("injuries: the last eye lost → blinded, until one is regrown", "[rules][injuries]") {
  RulesTable t(18);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  roll_injury(t, m, 1, 1);
  CHECK_FALSE(has_condition(t.c(m), "blinded"));
  roll_injury(t, m, 1, 1);
  REQUIRE(condition_of(t.c(m), "blinded", "injury") != nullptr);
  std::string eye = last_injury_id(t, m);
  REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", eye}, {"method", "magic"}, {"spell_level", 9}}),
                  "rules.err.needs_regrowth");
  t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", eye}, {"method", "regrowth"}});
  CHECK(condition_of(t.c(m), "blinded", "injury") == nullptr);
  CHECK(rules::scars_of(t.c(m)).empty());  // regenerate is 7th level: no scar
}

TEST_CASE("injuries: five lost fingers of one hand count as a lost hand", "[rules][injuries]") {
  RulesTable t(19);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  auto lose = [&](const char* hand) {
    roll_injury(t, m, 1, 6);
    t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "injuries.hand")}, {"choice", hand}});
  };
  for (int i = 0; i < 4; ++i) lose("left");
  lose("right");
  CHECK(rules::injury_effects(t.c(m)).as_injuries.empty());
  CHECK_FALSE(rules::injury_effects(t.c(m)).one_hand);
  lose("left");
  auto fx = rules::injury_effects(t.c(m));
  CHECK(fx.as_injuries == std::vector<std::string>{"lost_hand"});
  CHECK(fx.one_hand);
  CHECK(fx.disadvantage.count("fine_tools_injured_hand") == 1);
}

TEST_CASE("injuries: speed and reminders from the table data", "[rules][injuries]") {
  RulesTable t(20);
  new_campaign(t);
  std::string m = t.pc("Mira", 20, {{"speed", 30}});
  roll_injury(t, m, 12);  // broken leg: half
  CHECK(rules::injury_effects(t.c(m)).speed == 15);
  roll_injury(t, m, 22);  // limp: −5 ft
  auto fx = rules::injury_effects(t.c(m));
  CHECK(fx.speed == 10);
  CHECK(fx.needs_crutch);
  CHECK(fx.dash_prone);
  CHECK(fx.dash_save_dc == 10);
  CHECK(fx.disadvantage.count("dex_balance") == 1);
  json j = rules::to_json(fx);
  CHECK(j["speed"] == 10);
  CHECK(j["kinds"] == json{"broken_leg", "limp"});
}

TEST_CASE("injuries: cures validate the method, scars unless magic of 6th level", "[rules][injuries]") {
  RulesTable t(21);
  new_campaign(t);
  std::string m = t.pc("Mira", 20, {{"abilities", {{"wis", 14}}}});

  SECTION("magic level 5 leaves a minor scar, level 6 none") {
    roll_injury(t, m, 7);
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", last_injury_id(t, m)}, {"method", "magic"}, {"spell_level", 5}});
    REQUIRE(rules::scars_of(t.c(m)).size() == 1);
    CHECK(rules::scars_of(t.c(m))[0].text.cs == "Drobná jizva (po úrazu: Zlomená ruka)");
    CHECK(rules::scars_of(t.c(m))[0].from_injury == rules::injuries_of(t.c(m))[0].id);
    CHECK(rules::injuries_of(t.c(m))[0].cured);
    roll_injury(t, m, 8);
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", last_injury_id(t, m)}, {"method", "magic"}, {"spell_level", 6}});
    CHECK(rules::scars_of(t.c(m)).size() == 1);
  }
  SECTION("scars need magic of 6th level; a cured scar leaves none") {
    roll_injury(t, m, 72);
    std::string id = last_injury_id(t, m);
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "magic"}, {"spell_level", 5}}),
                    "rules.err.magic_level_too_low");
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "magic"}, {"spell_level", 6}});
    CHECK(rules::scars_of(t.c(m)).empty());
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "magic"}, {"spell_level", 6}}),
                    "campaign.err.already_cured");
  }
  SECTION("a splint (Medicine DC 15), then 30 days of rest") {
    roll_injury(t, m, 13);
    std::string id = last_injury_id(t, m);
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "rest_days"}}), "rules.err.needs_splint");
    const Transaction& fail = t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 14}});
    CHECK(has_event(fail, "treatment_failed"));
    const Transaction& ok = t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 15}});
    CHECK(has_event(ok, "splint_set"));
    CHECK_FALSE(rules::injuries_of(t.c(m))[0].cured);
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 20}}),
                    "rules.err.splint_already_set");
    t.run({{"type", "AdvanceTime"}, {"minutes", 29 * 1440}});
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "rest_days"}}), "rules.err.not_enough_days");
    t.run({{"type", "AdvanceTime"}, {"minutes", 1440}});
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "rest_days"}});
    CHECK(rules::injuries_of(t.c(m))[0].cured);
    CHECK(rules::scars_of(t.c(m)).size() == 1);
  }
  SECTION("Medicine with a healer's kit: a failure waits 24 hours; the engine rolls d20 + WIS when no check is given") {
    roll_injury(t, m, 43);
    std::string id = last_injury_id(t, m);
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 3}});
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 20}}),
                    "rules.err.retry_later");
    t.run({{"type", "AdvanceTime"}, {"minutes", 23 * 60}});
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"check", 20}}),
                    "rules.err.retry_later");
    t.run({{"type", "AdvanceTime"}, {"minutes", 60}});
    const Transaction& tx = t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "medicine"}, {"healer", m}});
    const Event* e = find_event(tx, "treatment_failed");
    if (!e) e = find_event(tx, "injury_treated");
    REQUIRE(e != nullptr);
    if (e->type == "treatment_failed") {
      CHECK(e->data["roll"]["modifier"] == 2);
      CHECK(e->data["check"].get<int>() < 15);
    } else {
      CHECK(rules::injuries_of(t.c(m))[0].cured);
    }
  }
  SECTION("methods the injury's data does not list are refused") {
    roll_injury(t, m, 7);
    std::string id = last_injury_id(t, m);
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "remove_poison"}}),
                    "rules.err.method_not_allowed");
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "rest_only_days"}}),
                    "rules.err.method_not_allowed");
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "prayer"}}), "campaign.err.param");
    REQUIRE_REFUSED(t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "magic"}}), "campaign.err.param");
  }
  SECTION("rest only: cracked skull after 30 days") {
    roll_injury(t, m, 53);
    std::string id = last_injury_id(t, m);
    t.run({{"type", "AdvanceTime"}, {"minutes", 30 * 1440}});
    t.run({{"type", "TreatInjury"}, {"target", m}, {"injury", id}, {"method", "rest_only_days"}});
    CHECK(rules::injuries_of(t.c(m))[0].cured);
  }
  SECTION("RemoveInjury: a DM correction, no scar") {
    roll_injury(t, m, 1, 1);
    roll_injury(t, m, 1, 1);
    CHECK(has_condition(t.c(m), "blinded"));
    t.run({{"type", "RemoveInjury"}, {"target", m}, {"injury", last_injury_id(t, m)}});
    CHECK(rules::injuries_of(t.c(m)).size() == 1);
    CHECK_FALSE(has_condition(t.c(m), "blinded"));
    CHECK(rules::scars_of(t.c(m)).empty());
  }
}

TEST_CASE("injuries: the CON save when trying to act, at the start of the creature's turn", "[rules][injuries]") {
  RulesTable t(22);
  new_campaign(t);
  std::string m = t.pc("Mira", 20, {{"abilities", {{"con", 12}}}});
  std::string g = t.monster("Goblin", 7);
  roll_injury(t, m, 53);  // cracked skull: DC 20
  t.run({{"type", "StartEncounter"}, {"initiative", {{m, 15}, {g, 10}}}});
  const Prompt* p = prompts_of(t.state(), "injuries.combat_action_save").at(0);
  CHECK(p->creature == m);
  CHECK(p->data["dc"] == 20);
  CHECK(p->data["dice"] == "1d20+1");
  CHECK(p->data["kind"] == "cracked_skull");
  const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 12}});
  CHECK(has_event(tx, "action_lost"));
  const Condition* c = condition_of(t.c(m), "no_reactions", "injury_save");
  REQUIRE(c != nullptr);
  CHECK(c->until.kind == "start_of_next_turn");
  t.run({{"type", "NextTurn"}});  // the goblin
  CHECK(condition_of(t.c(m), "no_reactions", "injury_save") != nullptr);
  t.run({{"type", "NextTurn"}});  // her turn again: the reactions come back, a new save is asked
  CHECK(condition_of(t.c(m), "no_reactions", "injury_save") == nullptr);
  p = prompts_of(t.state(), "injuries.combat_action_save").at(0);
  const Transaction& ok = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 20}});
  CHECK_FALSE(has_event(ok, "action_lost"));
}

TEST_CASE("injuries: a painful scar asks the DM about the weather", "[rules][injuries]") {
  RulesTable t(23);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  std::string g = t.monster("Goblin", 7);
  roll_injury(t, m, 78);
  t.run({{"type", "StartEncounter"}, {"initiative", {{m, 15}, {g, 10}}}});
  CHECK(prompt_count(t.state(), "injuries.combat_action_save") == 0);
  const Prompt* w = prompts_of(t.state(), "injuries.bad_weather").at(0);
  CHECK(w->data["dm_only"] == true);
  t.run({{"type", "ResolvePrompt"}, {"prompt", w->id}, {"choice", "yes"}});
  CHECK(prompts_of(t.state(), "injuries.combat_action_save").at(0)->data["dc"] == 10);
  t.run({{"type", "DismissPrompt"}, {"prompt", the_prompt(t.state(), "injuries.combat_action_save")}});
  t.run({{"type", "SetBadWeather"}, {"value", false}});
  t.run({{"type", "NextTurn"}});
  t.run({{"type", "NextTurn"}});
  CHECK(t.state().prompts.empty());
  t.run({{"type", "EndEncounter"}});
  CHECK(t.state().modules["lingering-injuries"].value("bad_weather", json()).is_null());
}

TEST_CASE("injuries: switched off — no roll at 0 HP, commands refused", "[rules][injuries]") {
  RulesTable t(24);
  new_campaign(t, {{"rules", {{"lingering-injuries", false}}}});
  std::string m = t.pc("Mira", 5);
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
  CHECK(prompt_count(t.state(), "injuries.roll") == 0);
  REQUIRE_REFUSED(t.run({{"type", "RollInjury"}, {"target", m}, {"roll", 43}}), "campaign.err.rule_off");
}

// AddInjury / CureInjury (base commands until schema 4): an injury entered by hand, marked cured by hand.
TEST_CASE("injuries: AddInjury and CureInjury, by hand", "[rules][injuries]") {
  RulesTable t;
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "AddInjury"}, {"target", m}, {"text", {{"cs", "Zlomená ruka"}, {"uk", "Зламана рука"}, {"en", "Broken arm"}}},
         {"table", "lingering-injury"}, {"table_row", 7}});
  REQUIRE(rules::injuries_of(t.c(m)).size() == 1);
  std::string inj = rules::injuries_of(t.c(m))[0].id;
  t.run({{"type", "CureInjury"}, {"target", m}, {"injury", inj}, {"scar", "A pale line on the forearm"}});
  REQUIRE(rules::injuries_of(t.c(m))[0].cured);
  REQUIRE(rules::scars_of(t.c(m)).size() == 1);
  REQUIRE_REFUSED(t.run({{"type", "CureInjury"}, {"target", m}, {"injury", inj}}), "campaign.err.already_cured");
  REQUIRE_REFUSED(t.run({{"type", "CureInjury"}, {"target", m}, {"injury", "i99"}}), "campaign.err.no_injury");
  // ids never repeat: the injury takes the campaign's next number like every new thing
  t.run({{"type", "AddNote"}, {"text", "The mayor lies."}});
  std::set<std::string> ids = {m, inj, t.state().notes.at(0).id};
  REQUIRE(ids.size() == 3);
  SECTION("the rule off refuses them; the stored injury stays") {
    t.run({{"type", "SetSettings"}, {"rules", {{"lingering-injuries", false}}}});
    REQUIRE_REFUSED(t.run({{"type", "AddInjury"}, {"target", m}, {"text", "Limp"}}), "campaign.err.rule_off");
    REQUIRE_REFUSED(t.run({{"type", "CureInjury"}, {"target", m}, {"injury", inj}}), "campaign.err.rule_off");
    REQUIRE(rules::injuries_of(t.c(m)).size() == 1);
    REQUIRE(rules::injuries_view(t.state(), t.c(m)).on == false);
    REQUIRE(rules::injuries_view(t.state(), t.c(m)).scars.size() == 1);
  }
  SECTION("the data is the rule's, declared and checked: a duplicate id is refused with the path") {
    Campaign c = t.state();
    json& list = c.creatures[0].modules["lingering-injuries"]["injuries"];
    list.push_back(list[0]);
    try {
      Engine::standard().validate(c);
      FAIL("accepted");
    } catch (const UserError& e) {
      CHECK(e.key() == "state.err.duplicate_id");
    }
  }
}
