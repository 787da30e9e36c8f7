// House rules on crafting (src/core/rules/crafting/module.cpp): mundane, art, magic and scroll projects.
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;
using druzina::rules::Project;

namespace {

std::string start(Table& t, json cmd) {
  cmd["type"] = "StartProject";
  const Transaction& tx = t.run(cmd);
  return find_event(tx, "project_added")->data["project"]["id"];
}

Project project(const Table& t, const std::string& id) {
  for (const auto& p : rules::projects_of(t.state()))
    if (p.id == id) return p;
  FAIL("no project " << id);
  throw 0;
}

}  // namespace

TEST_CASE("crafting: the dwarf smith's 50 gp item — 2 gp/h, 25 hours, overtime saves DC 11 and 12", "[rules][crafting]") {
  RulesTable t(71);
  new_campaign(t);
  std::string smith = t.pc("Bořek", 50, {{"level", 7}, {"abilities", {{"con", 14}}}});
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Sekera"}, {"value_gp", 50}});
  CHECK(project(t, j).goal_gp == 50);
  CHECK(project(t, j).materials_gp == 25);
  CHECK(project(t, j).owners == std::vector<std::string>{smith});

  const Transaction& day1 = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 10}});
  CHECK(project(t, j).progress_gp == 20);
  CHECK(project(t, j).hours == 10);
  const json& saves = find_event(day1, "overtime_saves")->data["results"];
  REQUIRE(saves.size() == 2);
  CHECK(saves[0]["hour"] == 9);
  CHECK(saves[0]["dc"] == 11);
  CHECK(saves[1]["dc"] == 12);
  CHECK(saves[0]["modifier"] == 2);
  int failures = 0;
  for (const auto& s : saves) failures += s["success"].get<bool>() ? 0 : 1;
  CHECK(t.c(smith).exhaustion == failures);
  if (failures) CHECK(t.c(smith).exhaustion_sources.at("overtime") == failures);

  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"days", 2}});  // 16 h: 52 ≥ 50 after 15 h
  CHECK(project(t, j).done);
  CHECK(project(t, j).progress_gp == 50);
  CHECK(project(t, j).hours == 25);
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 1}}), "rules.err.project_done");
}

TEST_CASE("crafting: overtime hours 8 / 9 / 12, asked as prompts", "[rules][crafting]") {
  struct Case {
    int hours;
    std::vector<int> dcs;
  };
  const Case cases[] = {{8, {}}, {9, {11}}, {12, {11, 12, 13, 14}}};
  for (const auto& k : cases) {
    CAPTURE(k.hours);
    RulesTable t(72);
    new_campaign(t);
    std::string a = t.pc("A", 20, {{"level", 1}});
    std::string b = t.pc("B", 20, {{"level", 5}});
    std::string j = start(t, {{"kind", "mundane"}, {"crafter", a}, {"collaborators", {b}}, {"name", "Loď"}, {"value_gp", 1000}});
    t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", k.hours}, {"saves", "ask"}});
    CHECK(project(t, j).progress_gp == 3 * k.hours);  // 1 + 2 gp per hour
    auto prompts = prompts_of(t.state(), "crafting.overtime_save");
    REQUIRE(prompts.size() == 2 * k.dcs.size());  // every hour past 8, for both crafters
    for (size_t i = 0; i < prompts.size(); ++i) CHECK(prompts[i]->data["dc"] == k.dcs[i / 2]);
    if (!prompts.empty()) {
      std::string who = prompts[0]->creature;
      t.run({{"type", "ResolvePrompt"}, {"prompt", prompts[0]->id}, {"roll", 5}});
      CHECK(t.c(who).exhaustion == 1);
      const Prompt* next = prompts_of(t.state(), "crafting.overtime_save").at(0);
      std::string other = next->creature;
      CHECK(other != who);
      t.run({{"type", "ResolvePrompt"}, {"prompt", next->id}, {"roll", 11}});  // 11 meets DC 11
      CHECK(t.c(other).exhaustion == 0);
      CHECK(t.c(who).exhaustion == 1);
    }
  }
  RulesTable t(73);
  new_campaign(t);
  std::string a = t.pc("A", 20);
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", a}, {"name", "Loď"}, {"value_gp", 1000}});
  // asked one by one, overtime goes a day at a time (the saves before the night); rolled, several days are fine
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 9}, {"days", 2}, {"saves", "ask"}}),
                  "rules.err.overtime_one_day");
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 25}}), "campaign.err.param_range");
}

TEST_CASE("crafting: art — the materials are the goal, a tool check sets the value (seed examples)", "[rules][crafting]") {
  struct Case {
    int check;
    double value;
    bool worthless;
  };
  const Case cases[] = {{5, 0, true}, {8, 30, false}, {10, 50, false}, {17, 120, false}, {24, 250, false}, {28, 450, false}, {33, 850, false}};
  for (const auto& k : cases) {
    CAPTURE(k.check);
    RulesTable t(74);
    new_campaign(t);
    std::string bard = t.pc("Olena", 30, {{"level", 7}});
    std::string j = start(t, {{"kind", "art"}, {"crafter", bard}, {"name", "Krajina"}, {"materials_gp", 50}});
    CHECK(project(t, j).goal_gp == 50);
    CHECK(project(t, j).materials_gp == 50);
    REQUIRE_REFUSED(t.run({{"type", "FinishArt"}, {"project", j}, {"check", k.check}}), "rules.err.project_not_done");
    t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"days", 4}});
    CHECK(project(t, j).hours == 25);
    const Transaction& tx = t.run({{"type", "FinishArt"}, {"project", j}, {"check", k.check}});
    CHECK(find_event(tx, "art_finished")->data["value_gp"] == k.value);
    CHECK(project(t, j).data["worthless"] == k.worthless);
    REQUIRE_REFUSED(t.run({{"type", "FinishArt"}, {"project", j}, {"check", 20}}), "rules.err.art_valued");
  }
}

TEST_CASE("crafting: magic items — half the value, rates by level, rarity refused above the limit", "[rules][crafting]") {
  RulesTable t(75);
  new_campaign(t);
  std::string w = t.pc("Mira", 17, {{"level", 6}});
  std::string a = t.pc("Učeň", 10, {{"level", 3}});
  REQUIRE_REFUSED(start(t, {{"kind", "magic"}, {"crafter", w}, {"name", "Hůl"}, {"value_gp", 6000}, {"rarity", "very-rare"}}),
                  "calc.err.rarity_too_high");
  REQUIRE_REFUSED(start(t, {{"kind", "magic"}, {"crafter", w}, {"name", "Hůl"}, {"value_gp", 6000}, {"rarity", "epic"}}),
                  "calc.err.not_allowed");
  REQUIRE_REFUSED(start(t, {{"kind", "mundane"}, {"crafter", w}, {"name", "Hůl"}, {"value_gp", 60}, {"rarity", "rare"}}),
                  "rules.err.project_param");
  std::string j = start(t, {{"kind", "magic"}, {"crafter", w}, {"collaborators", {a}}, {"name", "Hůl ohně"}, {"value_gp", 2000},
                            {"rarity", "rare"}, {"spell", "Ohnivá koule"}, {"components_gp", 5}});
  CHECK(project(t, j).goal_gp == 1000);
  CHECK(project(t, j).materials_gp == 1000);
  const Prompt* p = prompts_of(t.state(), "crafting.confirm_spell").at(0);
  CHECK(p->creature == w);
  CHECK(p->data["spell"] == "Ohnivá koule");
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"spell_prepared", true}}), "rules.err.spell_unconfirmed");
  t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"choice", "yes"}});
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}}), "rules.err.spell_not_prepared");
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"days", 2}, {"spell_prepared", true}});
  CHECK(project(t, j).progress_gp == 2 * 8 * 35);  // 25 + 10 gp per hour
  CHECK(project(t, j).materials_gp == 1000 + 2 * 5);  // the spell's components, every day
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"days", 2}, {"spell_prepared", true}});
  CHECK(project(t, j).done);
  CHECK(project(t, j).data["days_worked"] == 4);
}

TEST_CASE("crafting: scrolls — price from the scroll table, components once", "[rules][crafting]") {
  RulesTable t(76);
  new_campaign(t);
  std::string w = t.pc("Mira", 17, {{"level", 5}});
  REQUIRE_REFUSED(start(t, {{"kind", "scroll"}, {"crafter", w}, {"name", "Kámen v kůži"}, {"spell_level", 4}}), "calc.err.rarity_too_high");
  std::string j = start(t, {{"kind", "scroll"}, {"crafter", w}, {"name", "Ohnivá koule"}, {"spell_level", 3}, {"components_gp", 0},
                            {"spell_confirmed", true}});
  const Project& p = project(t, j);
  CHECK(p.goal_gp == 250);
  CHECK(p.data["rarity"] == "uncommon");
  CHECK(p.data["save_dc"] == 15);
  CHECK(p.data["value_gp"] == 500);
  CHECK(prompt_count(t.state(), "crafting.confirm_spell") == 0);
  std::string k = start(t, {{"kind", "scroll"}, {"crafter", w}, {"name", "Oživení"}, {"spell_level", 2}, {"components_gp", 300},
                            {"spell_confirmed", true}});
  CHECK(project(t, k).goal_gp == 125);
  CHECK(project(t, k).materials_gp == 425);
  CHECK(project(t, k).data["value_gp"] == 550);
  t.run({{"type", "WorkOnProject"}, {"project", k}, {"hours", 8}, {"days", 2}, {"spell_prepared", true}});
  CHECK(project(t, k).materials_gp == 425);  // components spent once
  CHECK(project(t, k).done);
}

TEST_CASE("crafting: switched off", "[rules][crafting]") {
  RulesTable t(77);
  new_campaign(t, {{"rules", {{"crafting", false}}}});
  std::string a = t.pc("A", 20);
  REQUIRE_REFUSED(start(t, {{"kind", "mundane"}, {"crafter", a}, {"name", "x"}, {"value_gp", 10}}), "campaign.err.rule_off");
}

TEST_CASE("crafting: any project with AddProject, UpdateProject, RemoveProject (the module's data)", "[rules][crafting]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 17);
  std::string o = t.pc("Olena", 20);
  t.run({{"type", "AddProject"}, {"kind", "training"}, {"name", "Elvish"}, {"owners", {m, o}}, {"goal_gp", 250}, {"materials_gp", 0}});
  REQUIRE(rules::projects_of(t.state()).size() == 1);
  const std::string p = rules::projects_of(t.state())[0].id;
  CHECK(t.state().modules["crafting"]["projects"][0]["kind"] == "training");
  t.run({{"type", "UpdateProject"}, {"project", p}, {"patch", {{"progress_gp", 6}, {"hours", 3}}}});
  CHECK(rules::projects_of(t.state())[0].progress_gp == Approx(6));
  REQUIRE_REFUSED(t.run({{"type", "UpdateProject"}, {"project", p}, {"patch", {{"hours", -1}}}}), "state.err.negative");
  REQUIRE_REFUSED(t.run({{"type", "UpdateProject"}, {"project", p}, {"patch", {{"id", "j1"}}}}), "campaign.err.unknown_field");
  REQUIRE_REFUSED(t.run({{"type", "AddProject"}, {"kind", "art"}, {"name", "x"}, {"owners", {"c77"}}}), "campaign.err.no_creature");
  REQUIRE_REFUSED(t.run({{"type", "AddProject"}, {"kind", "art"}, {"name", "x"}, {"goal_gp", -1}}), "campaign.err.param");

  SECTION("a creature removed stays named on its projects; readers skip it, undo brings it back") {
    t.run({{"type", "RemoveCreature"}, {"target", o}});
    CHECK(rules::projects_of(t.state())[0].owners == std::vector<std::string>{m, o});
    t.session.undo(1);
    CHECK(find_creature(t.state(), o) != nullptr);
  }
  SECTION("removed, the data is gone (absent, not an empty list); ids never repeat") {
    t.run({{"type", "RemoveProject"}, {"project", p}});
    CHECK(rules::projects_of(t.state()).empty());
    CHECK_FALSE(t.state().modules.contains("crafting"));
    REQUIRE_REFUSED(t.run({{"type", "RemoveProject"}, {"project", p}}), "campaign.err.no_project");
    t.run({{"type", "AddProject"}, {"kind", "research"}, {"name", "Runes"}});
    CHECK(rules::projects_of(t.state())[0].id != p);
  }
  SECTION("a save holding a broken project is refused with its path") {
    json bad = to_j(t.state());
    bad["modules"]["crafting"]["projects"][0]["progress_gp"] = -5;
    Campaign c = bad.get<Campaign>();
    try {
      Engine::standard().validate(c);
      FAIL("a negative progress passed");
    } catch (const UserError& e) {
      CHECK(e.key() == "state.err.negative");
      CHECK(e.args()["path"].get<std::string>().find("projects[0].progress_gp") != std::string::npos);
    }
    bad["modules"]["crafting"]["projects"].push_back(bad["modules"]["crafting"]["projects"][0]);
    bad["modules"]["crafting"]["projects"][0]["progress_gp"] = 0;
    c = bad.get<Campaign>();
    REQUIRE_THROWS_AS(Engine::standard().validate(c), UserError);
  }
}

// ---- crafting moves the clock -----------------------------------

namespace {

std::vector<std::string> lines_of_last(const Table& t, Lang lang) { return t.session.log(lang).back().lines; }

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("crafting moves the clock: three 8-hour days from day 1 08:00 end on day 3 16:00 - the nights are long rests",
          "[rules][crafting][clock]") {
  RulesTable t(81);
  new_campaign(t);
  std::string smith = t.pc("Bořek", 50, {{"level", 7}, {"hit_die", 10}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 480}});  // day 1, 08:00
  t.run({{"type", "ApplyDamage"}, {"target", smith}, {"amount", 20}});
  t.run({{"type", "ShortRest"}, {"spend", {{{"target", smith}, {"dice", 2}, {"rolls", {1, 1}}}}}, {"minutes", 0}});
  REQUIRE(t.c(smith).hp == 32);
  REQUIRE(t.c(smith).hit_dice_used == 2);
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Kovadlina"}, {"value_gp", 100}});  // 50 h at 2 gp/h

  const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"days", 3}});
  CHECK(t.state().minutes == 2 * 1440 + 16 * 60);  // day 3, 16:00
  CHECK(project(t, j).progress_gp == 48);
  CHECK(project(t, j).data["days_worked"] == 3);
  CHECK(count_events(tx, "project_worked") == 3);
  CHECK(count_events(tx, "crafting_night") == 2);
  CHECK(count_events(tx, "long_rest_applied") == 2);
  CHECK(t.c(smith).hp == 50);               // the first night healed her
  CHECK(t.c(smith).hit_dice_used == 0);     // 7 hit dice: up to 3 back a night, 2 were spent
  std::vector<long long> worked, nights;
  for (const auto& e : tx.events)
    if (e.type == "time_advanced") {
      const long long span = e.data["to"].get<long long>() - e.data["from"].get<long long>();
      (e.data["reason"] == "crafting" ? worked : nights).push_back(span);
    }
  CHECK(worked == std::vector<long long>{480, 480, 480});
  CHECK(nights == std::vector<long long>{960, 960});  // 16:00 → 08:00 the next day, a long rest each
  const json& days = find_event(tx, "crafting_days")->data;
  CHECK(days["days"] == 3);
  CHECK(days["nights"] == 2);
  CHECK(days["from"] == 480);
  CHECK(days["to"] == 2 * 1440 + 960);
  REQUIRE(rules::workday_of(t.c(smith)));
  CHECK(rules::workday_of(t.c(smith))->start == 2 * 1440 + 480);
  CHECK(rules::workday_of(t.c(smith))->hours == 8);

  // the summary says so, in the reader's language
  auto en = lines_of_last(t, Lang::en);
  CHECK(has_line(en, "The night after the working day: a long rest for Bořek."));
  CHECK(has_line(en, "“Kovadlina”: 3 working days, day 1, 08:00 → day 3, 16:00. Each night was a long rest for Bořek."));
  CHECK(has_line(lines_of_last(t, Lang::cs), "„Kovadlina“: 3 pracovní dny, den 1, 08:00 → den 3, 16:00. Každá noc byla důkladným odpočinkem – odpočívají: Bořek."));
  CHECK(has_line(lines_of_last(t, Lang::uk), "«Kovadlina»: 3 робочі дні, день 1, 08:00 → день 3, 16:00. Кожна ніч була тривалим відпочинком для Bořek."));

  // the next call starts with the night, then a fourth day
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}});
  CHECK(t.state().minutes == 3 * 1440 + 16 * 60);
  CHECK(project(t, j).progress_gp == 64);

  // one undo takes back the day, its night and the clock
  t.session.undo(1);
  CHECK(t.state().minutes == 2 * 1440 + 16 * 60);
  CHECK(project(t, j).progress_gp == 48);
}

TEST_CASE("crafting: a failed overtime save's exhaustion goes away overnight unless the DM says the night is no rest",
          "[rules][crafting][clock]") {
  RulesTable t(82);
  new_campaign(t);
  std::string smith = t.pc("Bořek", 50, {{"level", 7}});
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Brnění"}, {"value_gp", 1000}});
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 10}, {"saves", "ask"}});
  CHECK(t.state().minutes == 600);
  auto asked = prompts_of(t.state(), "crafting.overtime_save");
  REQUIRE(asked.size() == 2);
  // the next day cannot begin while the day's saves are open
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}}), "rules.err.overtime_pending");
  for (int k = 0; k < 2; ++k)
    t.run({{"type", "ResolvePrompt"}, {"prompt", prompts_of(t.state(), "crafting.overtime_save").at(0)->id}, {"roll", 1}});
  REQUIRE(t.c(smith).exhaustion == 2);

  SECTION("the night is a long rest: one level goes") {
    const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}});
    CHECK(t.c(smith).exhaustion == 1);
    CHECK(count_events(tx, "long_rest_applied") == 1);
    CHECK(t.state().minutes == 1440 + 480);  // the night to 00:00 + a day, then 8 hours
    CHECK_FALSE(has_event(tx, "overtime_saves"));  // a fresh day: 8 hours are no overtime
  }
  SECTION("the DM says no rest: the night passes, the exhaustion stays") {
    const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}, {"rest", false}});
    CHECK(t.c(smith).exhaustion == 2);
    CHECK_FALSE(has_event(tx, "long_rest_applied"));
    CHECK(t.state().minutes == 1440 + 480);
    CHECK(has_line(lines_of_last(t, Lang::en), "The night after the working day: no long rest for Bořek (the DM's call)."));
    CHECK(rules::workday_of(t.c(smith))->start == 1440);
  }
  SECTION("a long rest of the party ends the working day: the next one needs no night") {
    t.run({{"type", "LongRest"}});
    CHECK_FALSE(rules::workday_of(t.c(smith)));
    const long long now = t.state().minutes;
    const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}});
    CHECK_FALSE(has_event(tx, "crafting_night"));
    CHECK(t.state().minutes == now + 480);
  }
}

TEST_CASE("crafting: several days of overtime with the saves rolled - each night takes one level back", "[rules][crafting][clock]") {
  for (std::uint64_t seed : {83u, 84u, 85u}) {
    CAPTURE(seed);
    RulesTable t(seed);
    new_campaign(t);
    std::string smith = t.pc("Bořek", 50, {{"level", 7}, {"abilities", {{"con", 16}}}});
    std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Brnění"}, {"value_gp", 1000}});
    REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 10}, {"days", 3}, {"saves", "ask"}}),
                    "rules.err.overtime_one_day");
    const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 10}, {"days", 3}});
    // fold the story: every failed save adds a level, every night's long rest takes one
    int expected = 0, saves = 0;
    for (const auto& e : tx.events) {
      if (e.type == "overtime_saves")
        for (const auto& r : e.data["results"]) {
          ++saves;
          CHECK(r["dc"] == 10 + (r["hour"].get<int>() - 8));
          CHECK(r["modifier"] == 3);
          if (!r["success"].get<bool>()) expected = std::min(6, expected + 1);
        }
      if (e.type == "long_rest_applied") expected = std::max(0, expected - 1);
    }
    CHECK(saves == 6);  // hours 9 and 10 of each of the three days
    CHECK(count_events(tx, "long_rest_applied") == 2);
    CHECK(t.c(smith).exhaustion == expected);
    CHECK(t.state().minutes == 2 * 1440 + 600);
    CHECK(project(t, j).progress_gp == 60);
  }
}

TEST_CASE("crafting: the same working day goes on (same_day) and its overtime counts the hours already worked",
          "[rules][crafting][clock]") {
  RulesTable t(86);
  new_campaign(t);
  std::string a = t.pc("A", 20, {{"level", 1}});
  std::string b = t.pc("B", 20, {{"level", 5}});
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", a}, {"name", "Loď"}, {"value_gp", 1000}});
  std::string k = start(t, {{"kind", "mundane"}, {"crafter", b}, {"collaborators", {a}}, {"name", "Vůz"}, {"value_gp", 1000}});
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 4}});
  CHECK(t.state().minutes == 240);
  CHECK(rules::workday_of(t.c(a))->hours == 4);
  CHECK_FALSE(rules::workday_of(t.c(b)));
  // the afternoon on the cart with B: A's 5th and 6th hour … A's 9th and 10th are overtime, B's are not
  const Transaction& tx = t.run({{"type", "WorkOnProject"}, {"project", k}, {"hours", 6}, {"same_day", true}, {"saves", "ask"}});
  CHECK_FALSE(has_event(tx, "crafting_night"));
  CHECK(t.state().minutes == 600);
  auto asked = prompts_of(t.state(), "crafting.overtime_save");
  REQUIRE(asked.size() == 2);
  CHECK(asked[0]->creature == a);
  CHECK(asked[0]->data["hour"] == 9);
  CHECK(asked[0]->data["dc"] == 11);
  CHECK(asked[1]->data["hour"] == 10);
  CHECK(asked[1]->data["dc"] == 12);
  CHECK(rules::workday_of(t.c(a))->hours == 10);
  CHECK(rules::workday_of(t.c(a))->start == 0);
  CHECK(rules::workday_of(t.c(b))->hours == 6);
  CHECK(rules::workday_of(t.c(b))->start == 240);
  for (const auto* p : asked) t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 20}});
  // without same_day the next call begins with the night (to day 2, 04:00: B's day began at 04:00, the later one)
  t.run({{"type", "WorkOnProject"}, {"project", k}, {"hours", 2}});
  CHECK(t.state().minutes == 1440 + 240 + 120);
  // a clock already past the next morning: the night takes no time, still a rest
  t.run({{"type", "AdvanceTime"}, {"minutes", 3 * 1440}});
  const long long now = t.state().minutes;
  const Transaction& late = t.run({{"type", "WorkOnProject"}, {"project", k}, {"hours", 2}});
  CHECK(count_events(late, "long_rest_applied") == 2);
  CHECK(t.state().minutes == now + 120);
}

TEST_CASE("crafting: a finished item goes into the crafter's inventory (an art object with its value)", "[rules][crafting]") {
  RulesTable t(87);
  new_campaign(t);
  std::string smith = t.pc("Bořek", 50, {{"level", 7}});
  std::string bard = t.pc("Olena", 30, {{"level", 7}});
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Meč"}, {"value_gp", 15}, {"added_value_gp", 50}});
  const Transaction& done = t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 8}});  // 15 gp: 8 h at 2 gp/h
  CHECK(project(t, j).done);
  REQUIRE(t.c(smith).inventory.size() == 1);
  CHECK(t.c(smith).inventory[0].name == "Meč");
  CHECK(t.c(smith).inventory[0].value_gp == 65);  // market value + the gem in the hilt
  CHECK(t.c(smith).inventory[0].kind == "gear");
  CHECK(find_event(done, "crafted_item_stored")->data["creature"] == smith);
  CHECK(has_line(lines_of_last(t, Lang::en), "“Meč” goes into Bořek's inventory (65 gp)."));
  CHECK(has_line(lines_of_last(t, Lang::cs), "„Meč“ přibývá do výbavy – Bořek (65 zl)."));
  CHECK(t.state().minutes == 480);  // the last day is as long as the work needed: 8 hours

  std::string art = start(t, {{"kind", "art"}, {"crafter", bard}, {"name", "Krajina"}, {"materials_gp", 50}});
  t.run({{"type", "WorkOnProject"}, {"project", art}, {"hours", 8}, {"days", 4}});
  CHECK(t.c(bard).inventory.empty());  // the value comes with the check
  t.run({{"type", "FinishArt"}, {"project", art}, {"check", 17}});
  REQUIRE(t.c(bard).inventory.size() == 1);
  CHECK(t.c(bard).inventory[0].name == "Krajina");
  CHECK(t.c(bard).inventory[0].kind == "art");
  CHECK(t.c(bard).inventory[0].value_gp == 120);
  CHECK(has_line(lines_of_last(t, Lang::uk), "«Krajina» додано до спорядження — Olena (120 зм)."));
  t.session.undo(1);
  CHECK(t.c(bard).inventory.empty());

  std::string bad = start(t, {{"kind", "art"}, {"crafter", bard}, {"name", "Čmáranice"}, {"materials_gp", 5}});
  t.run({{"type", "WorkOnProject"}, {"project", bad}, {"hours", 8}, {"same_day", true}});
  t.run({{"type", "FinishArt"}, {"project", bad}, {"check", 5}});
  REQUIRE(t.c(bard).inventory.size() == 1);
  CHECK(t.c(bard).inventory[0].value_gp == 0);  // worthless, still hers
}

TEST_CASE("crafting: no work during a fight - a save with a broken workday is refused", "[rules][crafting][clock]") {
  RulesTable t(88);
  new_campaign(t);
  std::string smith = t.pc("Bořek", 50, {{"level", 7}});
  std::string j = start(t, {{"kind", "mundane"}, {"crafter", smith}, {"name", "Meč"}, {"value_gp", 15}});
  t.run({{"type", "StartEncounter"}});
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 2}}), "campaign.err.in_encounter");
  t.run({{"type", "EndEncounter"}});
  t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 2}});
  json bad = to_j(t.state());
  bad["creatures"][0]["modules"]["crafting"]["workday"]["hours"] = 30;
  Campaign c = bad.get<Campaign>();
  REQUIRE_THROWS_AS(Engine::standard().validate(c), UserError);
  bad["creatures"][0]["modules"]["crafting"]["workday"] = "monday";
  c = bad.get<Campaign>();
  REQUIRE_THROWS_AS(Engine::standard().validate(c), UserError);
}
