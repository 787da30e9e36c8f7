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
  REQUIRE_REFUSED(t.run({{"type", "WorkOnProject"}, {"project", j}, {"hours", 9}, {"days", 2}}), "rules.err.overtime_one_day");
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
