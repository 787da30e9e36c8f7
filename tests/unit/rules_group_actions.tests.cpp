// Rule "group-actions" (src/core/rules/group_actions/): damage with a save each, healing and conditions for a crowd
// in one command — one transaction, one undo step, each target through the base command.
#include <map>

#include "core/rules/group_actions/group_actions.hpp"
#include "../support/cli.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// The group.save_for_damage prompt of one creature.
const Prompt* save_of(const Campaign& c, const std::string& creature) {
  for (const Prompt* p : prompts_of(c, "group.save_for_damage"))
    if (p->creature == creature) return p;
  return nullptr;
}

void answer(Table& t, const std::string& creature, int total) {
  const Prompt* p = save_of(t.state(), creature);
  REQUIRE(p != nullptr);
  t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", total}});
}

json ids(std::initializer_list<std::string> list) { return json(std::vector<std::string>(list)); }

std::vector<std::string> lines(const Table& t, Lang lang) { return t.session.log(lang).back().lines; }

bool has_line(const std::vector<std::string>& all, const std::string& line) {
  return std::find(all.begin(), all.end(), line) != all.end();
}

}  // namespace

TEST_CASE("group damage without a save: each living target takes the amount through ApplyDamage", "[rules][group-actions]") {
  RulesTable t(11);
  new_campaign(t);
  const std::string g1 = t.monster("Goblin 1", 30), g2 = t.monster("Goblin 2", 30, {{"resistances", {"fire"}}});
  const std::string mira = t.pc("Mira", 40);
  const json before = to_j(t.state());

  const Transaction& tx = t.run({{"type", "GroupDamage"}, {"targets", ids({g1, g2, mira})}, {"amount", 11}, {"damage_type", "fire"}});
  CHECK(tx.events.front().type == "group_damage");
  CHECK(tx.events.front().data == json({{"targets", ids({g1, g2, mira})}, {"amount", 11}, {"damage_type", "fire"}}));
  CHECK(count_events(tx, "hp_changed") == 3);
  CHECK(t.c(g1).hp == 19);
  CHECK(t.c(g2).hp == 25);  // resistant: 11 → 5, as a single ApplyDamage would do
  CHECK(t.c(mira).hp == 29);
  CHECK(t.state().prompts.empty());  // 11 of 40: no massive-damage save
  const auto en = lines(t, Lang::en);
  CHECK(en.front() == "Group damage: 11 damage (fire) to 3 creatures.");
  CHECK(has_line(en, "Goblin 2 takes 5 damage (fire; resisted: 11 halved): HP 30 → 25."));

  SECTION("one undo restores every target") {
    t.session.undo(1);
    CHECK(to_j(t.state()) == before);
  }
  SECTION("critical passes through: a dying PC gets two death-save failures") {
    t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 29}});
    for (const Prompt* p : prompts_of(t.state(), "injuries.roll")) t.run({{"type", "DismissPrompt"}, {"prompt", p->id}});
    REQUIRE(t.c(mira).hp == 0);
    t.run({{"type", "GroupDamage"}, {"targets", ids({g1, mira})}, {"amount", 3}, {"critical", true}});
    CHECK(t.c(mira).death_saves.failures == 2);
    CHECK(t.c(g1).hp == 16);
    CHECK(lines(t, Lang::en).front() == "Group damage: 3 damage (critical hit) to 2 creatures.");
  }
}

TEST_CASE("group damage with a DEX save DC 15: a prompt each, full on a failure, half on a success", "[rules][group-actions]") {
  RulesTable t(12);
  new_campaign(t);
  const std::string g1 = t.monster("Goblin 1", 30, {{"abilities", {{"dex", 14}}}});
  const std::string g2 = t.monster("Goblin 2", 30, {{"abilities", {{"dex", 14}}}});
  const std::string g3 = t.monster("Goblin 3", 30, {{"abilities", {{"dex", 14}}}});
  const std::string mira = t.pc("Mira", 40, {{"abilities", {{"dex", 16}}}, {"level", 5}});
  t.run({{"type", "SetSaveProficiencies"}, {"target", mira}, {"abilities", {"dex", "int"}}});
  const json before = to_j(t.state());

  const Transaction& tx = t.run({{"type", "GroupDamage"}, {"targets", ids({g1, g2, g3, mira})}, {"amount", 28},
                                 {"damage_type", "fire"}, {"save", "dex"}, {"dc", 15}});
  CHECK(tx.events.front().data ==
        json({{"targets", ids({g1, g2, g3, mira})}, {"amount", 28}, {"damage_type", "fire"}, {"save", "dex"}, {"dc", 15}, {"on_save", "half"}}));
  CHECK(count_events(tx, "hp_changed") == 0);  // nobody is hurt before the saves
  CHECK(prompt_count(t.state(), "group.save_for_damage") == 4);
  const Prompt* p = save_of(t.state(), g1);
  REQUIRE(p != nullptr);
  CHECK(p->data["dice"] == "1d20+2");
  CHECK(p->data["dc"] == 15);
  CHECK(p->data["ability"] == "dex");
  CHECK(p->data["modifier"] == 2);
  CHECK(p->data["amount"] == 28);
  CHECK(p->data["damage_type"] == "fire");
  CHECK(p->data["on_save"] == "half");
  CHECK(save_of(t.state(), mira)->data["dice"] == "1d20+6");  // DEX +3, proficient: +3 at level 5

  answer(t, g1, 12);  // rolled 10, +2: fails against 15 — the full 28
  CHECK(t.c(g1).hp == 2);
  answer(t, g2, 15);  // exactly the DC: success, half — 14
  CHECK(t.c(g2).hp == 16);
  answer(t, mira, 21);
  CHECK(t.c(mira).hp == 26);
  CHECK(prompt_count(t.state(), "group.save_for_damage") == 1);  // Goblin 3 still to answer
  const auto en = lines(t, Lang::en);
  CHECK(has_line(en, "Mira: DEX save DC 15 against 28 damage (fire), half (14) on a success: 21 against DC 15, success."));
  CHECK(has_line(en, "Mira takes 14 damage (fire): HP 40 → 26."));

  SECTION("the engine rolls when no total is entered") {
    const Transaction& roll = t.run({{"type", "ResolvePrompt"}, {"prompt", save_of(t.state(), g3)->id}});
    const json& d = find_event(roll, "prompt_resolved")->data;
    CHECK(d["rolled"] == true);
    CHECK(t.c(g3).hp == (d["success"] == true ? 16 : 2));
  }
  SECTION("a target killed before its answer takes nothing from it") {
    t.run({{"type", "ApplyDamage"}, {"target", g3}, {"amount", 60}});
    REQUIRE(t.c(g3).death_saves.dead);
    const Transaction& late = t.run({{"type", "ResolvePrompt"}, {"prompt", save_of(t.state(), g3)->id}, {"roll", 3}});
    CHECK_FALSE(has_event(late, "hp_changed"));
  }
  SECTION("undoing the three answers and the command restores everything") {
    t.session.undo(4);
    CHECK(to_j(t.state()) == before);
  }
}

TEST_CASE("group damage: on_save none, odd amounts, nothing for a success that leaves 0", "[rules][group-actions]") {
  RulesTable t(13);
  new_campaign(t);
  const std::string a = t.monster("Imp 1", 10), b = t.monster("Imp 2", 10);
  t.run({{"type", "GroupDamage"}, {"targets", ids({a, b})}, {"amount", 7}, {"save", "con"}, {"dc", 12}, {"on_save", "none"}});
  CHECK(lines(t, Lang::en).front() == "Group damage: 7 damage to 2 creatures (CON save DC 12, none on a success).");
  CHECK(save_of(t.state(), a)->data["on_save"] == "none");
  answer(t, a, 12);
  CHECK(t.c(a).hp == 10);
  CHECK_FALSE(has_event(t.session.tail().back(), "hp_changed"));
  answer(t, b, 11);
  CHECK(t.c(b).hp == 3);

  SECTION("half of 7 is 3; half of 1 is nothing at all") {
    t.run({{"type", "GroupDamage"}, {"targets", ids({a})}, {"amount", 7}, {"save", "wis"}, {"dc", 10}});
    answer(t, a, 10);
    CHECK(t.c(a).hp == 7);
    t.run({{"type", "GroupDamage"}, {"targets", ids({a})}, {"amount", 1}, {"save", "wis"}, {"dc", 10}});
    answer(t, a, 19);
    CHECK(t.c(a).hp == 7);
    CHECK_FALSE(has_event(t.session.tail().back(), "hp_changed"));
  }
}

TEST_CASE("group damage: the dead are left out with a line of their own, not refused", "[rules][group-actions]") {
  RulesTable t(14);
  new_campaign(t);
  const std::string g1 = t.monster("Goblin 1", 7), g2 = t.monster("Goblin 2", 7), g3 = t.monster("Goblin 3", 7);
  t.run({{"type", "ApplyDamage"}, {"target", g2}, {"amount", 7}});
  REQUIRE(t.c(g2).death_saves.dead);

  const Transaction& tx = t.run({{"type", "GroupDamage"}, {"targets", ids({g1, g2, g3})}, {"amount", 20}, {"save", "dex"}, {"dc", 13}});
  CHECK(tx.events.front().data["targets"] == ids({g1, g3}));
  const Event* skipped = find_event(tx, "group_skipped");
  REQUIRE(skipped != nullptr);
  CHECK(skipped->data == json({{"creature", g2}, {"reason", "dead"}}));
  CHECK(prompt_count(t.state(), "group.save_for_damage") == 2);
  CHECK(save_of(t.state(), g2) == nullptr);
  const auto en = lines(t, Lang::en);
  CHECK(en.at(0) == "Group damage: 20 damage to 2 creatures (DEX save DC 13, half on a success).");
  CHECK(en.at(1) == "Left out: Goblin 2, no longer alive.");
  CHECK(lines(t, Lang::cs).at(1) == "Vynecháno: Goblin 2 – už nežije.");
  CHECK(lines(t, Lang::uk).at(1) == "Пропущено: Goblin 2 — більше не живе.");

  SECTION("a group of the dead only is refused") {
    t.run({{"type", "ApplyDamage"}, {"target", g1}, {"amount", 30}});
    t.run({{"type", "ApplyDamage"}, {"target", g3}, {"amount", 30}});
    REQUIRE_REFUSED(t.run({{"type", "GroupDamage"}, {"targets", ids({g1, g2, g3})}, {"amount", 5}}), "rules.err.group_all_dead");
    REQUIRE_REFUSED(t.run({{"type", "GroupHeal"}, {"targets", ids({g2})}, {"amount", 5}}), "rules.err.group_all_dead");
  }
  SECTION("a hidden creature's line stays out of a player's log") {
    t.run({{"type", "UpdateCreature"}, {"target", g2}, {"patch", {{"hidden", true}}}});
    t.run({{"type", "GroupDamage"}, {"targets", ids({g1, g2})}, {"amount", 1}});
    const auto log = t.session.log(Lang::en, LogAudience::player);
    std::string player;
    for (const auto& l : log.back().lines) player += l + "\n";
    CHECK(player.find("Left out") == std::string::npos);
    CHECK(player.find("Group damage: 1 damage to 1 creature.") != std::string::npos);
  }
}

TEST_CASE("group commands refuse bad input with a message, never a crash", "[rules][group-actions]") {
  RulesTable t(15);
  new_campaign(t);
  const std::string g1 = t.monster("Goblin 1", 7), g2 = t.monster("Goblin 2", 7);
  auto dmg = [&](json targets, json more = json::object()) {
    json cmd = {{"type", "GroupDamage"}, {"targets", std::move(targets)}, {"amount", 5}};
    cmd.update(more);
    return t.run(cmd);
  };
  const json two = ids({g1, g2});
  REQUIRE_REFUSED(dmg(json::array()), "rules.err.group_no_targets");
  REQUIRE_REFUSED(dmg(ids({g1, g2, g1})), "campaign.err.duplicate");
  REQUIRE_REFUSED(dmg(ids({g1, "c999"})), "campaign.err.no_creature");
  json many = json::array();
  for (int k = 0; k < 201; ++k) many.push_back("c" + std::to_string(k + 1));
  REQUIRE_REFUSED(dmg(many), "rules.err.group_too_many");
  json huge = json::array();
  for (int k = 0; k < 100'000; ++k) huge.push_back(g1);  // refused by its size, before the items are read
  REQUIRE_REFUSED(dmg(huge), "rules.err.group_too_many");
  for (const json& bad : {json(g1), json(nullptr), json::object(), json::array({1}), json::array({""}), json::array({json(nullptr)}),
                          json::array({json::array({g1})})}) {
    CAPTURE(bad);
    REQUIRE_REFUSED(dmg(bad), "campaign.err.param");
  }
  REQUIRE_REFUSED(t.run({{"type", "GroupDamage"}, {"targets", two}}), "campaign.err.param");  // no amount
  REQUIRE_REFUSED(dmg(two, {{"amount", -1}}), "campaign.err.param_range");
  REQUIRE_REFUSED(dmg(two, {{"amount", 1'000'001}}), "campaign.err.param_range");
  REQUIRE_REFUSED(dmg(two, {{"amount", "5"}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"amount", 2.5}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"damage_type", "cheese"}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"critical", "yes"}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"save", "dex"}}), "rules.err.group_save_dc");
  REQUIRE_REFUSED(dmg(two, {{"dc", 15}}), "rules.err.group_save_dc");
  REQUIRE_REFUSED(dmg(two, {{"on_save", "none"}}), "rules.err.group_on_save");
  REQUIRE_REFUSED(dmg(two, {{"save", "luck"}, {"dc", 15}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"save", "DEX"}, {"dc", 15}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"save", 3}, {"dc", 15}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"save", "dex"}, {"dc", 0}}), "campaign.err.param_range");
  REQUIRE_REFUSED(dmg(two, {{"save", "dex"}, {"dc", 41}}), "campaign.err.param_range");
  REQUIRE_REFUSED(dmg(two, {{"save", "dex"}, {"dc", 15}, {"on_save", "quarter"}}), "campaign.err.param");
  REQUIRE_REFUSED(dmg(two, {{"target", g1}}), "campaign.err.unknown_param");
  REQUIRE_REFUSED(t.run({{"type", "GroupHeal"}, {"targets", two}, {"amount", -3}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "GroupHeal"}, {"targets", json::array()}, {"amount", 3}}), "rules.err.group_no_targets");
  REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", two}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", two}, {"condition", ""}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", two}, {"condition", std::string(65, 'x')}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", two}, {"condition", "prone"}, {"remove", 1}}), "campaign.err.param");
  CHECK(t.session.undo_depth() == 3);  // the campaign and the two goblins: nothing refused left a trace
  // null means absent, as for every command
  t.run({{"type", "GroupDamage"}, {"targets", two}, {"amount", 1}, {"save", nullptr}, {"dc", nullptr}, {"damage_type", nullptr}});
  CHECK(t.c(g1).hp == 6);

  SECTION("the refusals have texts in cs, uk and en") {
    for (const char* key : {"rules.err.group_no_targets", "rules.err.group_too_many", "rules.err.group_save_dc",
                            "rules.err.group_on_save", "rules.err.group_all_dead", "rules.err.group_condition_nobody",
                            "rules.err.group_condition_none_has"})
      for (Lang lang : kLangs) CHECK(has_key(lang, key));
  }
}

TEST_CASE("group damage with 200 targets in one step", "[rules][group-actions]") {
  RulesTable t(16);
  new_campaign(t);
  json all = json::array();
  for (int k = 0; k < 4; ++k) {
    const Transaction& tx = t.run({{"type", "AddCreature"}, {"name", "Rat"}, {"kind", "monster"}, {"hp", 3}, {"count", 50}});
    for (const auto& e : tx.events)
      if (e.type == "creature_added") all.push_back(e.data["creature"]["id"]);
  }
  REQUIRE(all.size() == rules::kMaxGroupTargets);
  const Transaction& tx = t.run({{"type", "GroupDamage"}, {"targets", all}, {"amount", 3}});
  CHECK(count_events(tx, "died") == 200);
  CHECK(lines(t, Lang::en).front() == "Group damage: 3 damage to 200 creatures.");
}

TEST_CASE("group damage and monster-saves: the monsters' saves are rolled at once, the PCs' wait", "[rules][group-actions][monster-saves]") {
  RulesTable t(17);
  new_campaign(t, {{"rules", {{"monster-saves", true}}}});
  std::vector<std::string> goblins;
  // 60 HP: 28 is under half of it, so no massive-damage save (and its shock) muddles the goblins' HP.
  for (int k = 1; k <= 6; ++k) goblins.push_back(t.monster("Goblin " + std::to_string(k), 60, {{"abilities", {{"dex", 14}}}}));
  const std::string mira = t.pc("Mira", 30), rook = t.pc("Rook", 30);
  json targets = goblins;
  targets.push_back(mira);
  targets.push_back(rook);
  const json before = to_j(t.state());

  const Transaction& tx = t.run({{"type", "GroupDamage"}, {"targets", targets}, {"amount", 28}, {"damage_type", "fire"}, {"save", "dex"}, {"dc", 15}});
  int rolled = 0;
  for (const auto& e : tx.events) {
    if (e.type != "prompt_resolved" || e.data["kind"] != "group.save_for_damage") continue;
    ++rolled;
    CHECK(e.data["rolled"] == true);
    const int hp = t.c(e.data["creature"].get<std::string>()).hp;
    CHECK(hp == (e.data["success"] == true ? 60 - 14 : 60 - 28));
  }
  CHECK(rolled == 6);
  // Only the PCs' cards wait.
  CHECK(prompt_count(t.state(), "group.save_for_damage") == 2);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 0);
  CHECK(t.state().prompts.size() == 2);
  answer(t, rook, 4);
  CHECK(t.c(rook).hp == 2);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);  // 28 of 30: the PC's save waits for the table

  SECTION("one undo per step: the group with every rolled save") {
    t.session.undo(2);
    CHECK(to_j(t.state()) == before);
  }
}

TEST_CASE("group damage: massive damage still asks a PC hit for half its maximum", "[rules][group-actions][massive-damage]") {
  RulesTable t(18);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 28), rook = t.pc("Rook", 30);
  t.run({{"type", "GroupDamage"}, {"targets", ids({mira, rook})}, {"amount", 28}, {"save", "dex"}, {"dc", 15}});
  answer(t, mira, 18);  // half: 14 of max 28 — 2 × 14 ≥ 28
  CHECK(t.c(mira).hp == 14);
  REQUIRE(prompt_count(t.state(), "massive-damage.save") == 1);
  const Prompt* md = prompts_of(t.state(), "massive-damage.save").at(0);
  CHECK(md->creature == mira);
  CHECK(md->data["damage"] == 14);
  answer(t, rook, 18);  // 14 of max 30: no save
  CHECK(t.c(rook).hp == 16);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);

  SECTION("without a save too") {
    t.run({{"type", "GroupDamage"}, {"targets", ids({rook})}, {"amount", 15}});
    CHECK(prompt_count(t.state(), "massive-damage.save") == 2);
  }
  SECTION("and concentration asks its CON save") {
    t.run({{"type", "StartConcentration"}, {"target", rook}, {"spell", "Bless"}});
    t.run({{"type", "GroupDamage"}, {"targets", ids({rook})}, {"amount", 4}});
    CHECK(prompt_count(t.state(), "concentration.save") == 1);
  }
}

TEST_CASE("group heal: Heal for each living target, one undo", "[rules][group-actions]") {
  RulesTable t(19);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 20), rook = t.pc("Rook", 20), g = t.monster("Goblin", 5);
  t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 8}});
  t.run({{"type", "ApplyDamage"}, {"target", rook}, {"amount", 3}});
  t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 5}});
  const json before = to_j(t.state());
  const Transaction& tx = t.run({{"type", "GroupHeal"}, {"targets", ids({mira, rook, g})}, {"amount", 5}});
  CHECK(tx.events.front().data == json({{"amount", 5}, {"targets", ids({mira, rook})}}));
  CHECK(t.c(mira).hp == 17);
  CHECK(t.c(rook).hp == 20);  // up to the maximum
  CHECK(t.c(g).death_saves.dead);
  const auto en = lines(t, Lang::en);
  CHECK(en.at(0) == "Group healing: +5 HP to 2 creatures.");
  CHECK(en.at(1) == "Left out: Goblin, no longer alive.");
  CHECK(lines(t, Lang::cs).at(0) == "Hromadné léčení +5 pro 2 tvory.");
  CHECK(lines(t, Lang::uk).at(0) == "Групове лікування +5 для 2 істот.");
  t.session.undo(1);
  CHECK(to_j(t.state()) == before);
}

TEST_CASE("group condition: each target through SetCondition, the immune left out rather than refused", "[rules][group-actions]") {
  RulesTable t(20);
  new_campaign(t);
  const std::string g1 = t.monster("Goblin 1", 7), g2 = t.monster("Goblin 2", 7);
  const std::string zombie = t.monster("Zombie", 22, {{"condition_immunities", {"poisoned"}}});
  const std::string mira = t.pc("Mira", 20);
  const json before = to_j(t.state());

  const Transaction& tx = t.run({{"type", "GroupCondition"}, {"targets", ids({g1, zombie, g2, mira})}, {"condition", "poisoned"}});
  CHECK(tx.events.at(0).data == json({{"condition", "poisoned"}, {"targets", ids({g1, g2, mira})}}));
  CHECK(tx.events.at(1).data == json({{"creature", zombie}, {"reason", "immune"}, {"condition", "poisoned"}}));
  CHECK(count_events(tx, "condition_added") == 3);
  CHECK(condition_of(t.c(g1), "poisoned", "") != nullptr);
  CHECK(condition_of(t.c(mira), "poisoned", "") != nullptr);
  CHECK(t.c(zombie).conditions.empty());
  const auto en = lines(t, Lang::en);
  CHECK(en.at(0) == "Group condition: poisoned for 3 creatures.");
  CHECK(en.at(1) == "Left out: Zombie, immune to “poisoned”.");
  CHECK(lines(t, Lang::cs).at(1) == "Vynecháno: Zombie – vůči stavu „otrava“ je imunní.");
  CHECK(lines(t, Lang::uk).at(1) == "Пропущено: Zombie — має імунітет до стану «отруєння».");
  // A single SetCondition still refuses the immune one.
  REQUIRE_REFUSED(t.run({{"type", "SetCondition"}, {"target", zombie}, {"condition", "poisoned"}}), "campaign.err.condition_immune");

  SECTION("a group of the immune only is refused") {
    REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", ids({zombie})}, {"condition", "poisoned"}}),
                    "rules.err.group_condition_nobody");
  }
  SECTION("remove: those who have it lose it, the others are left out; nobody has it: refused") {
    const Transaction& rm = t.run({{"type", "GroupCondition"}, {"targets", ids({g1, zombie, mira})}, {"condition", "poisoned"}, {"remove", true}});
    CHECK(rm.events.at(0).data == json({{"condition", "poisoned"}, {"remove", true}, {"targets", ids({g1, mira})}}));
    CHECK(count_events(rm, "condition_removed") == 2);
    CHECK(t.c(g1).conditions.empty());
    CHECK(condition_of(t.c(g2), "poisoned", "") != nullptr);
    CHECK(lines(t, Lang::en).at(0) == "Group condition ended: poisoned removed from 2 creatures.");
    CHECK(lines(t, Lang::en).at(1) == "Left out: Zombie, who does not have “poisoned”.");
    REQUIRE_REFUSED(t.run({{"type", "GroupCondition"}, {"targets", ids({g1, mira})}, {"condition", "poisoned"}, {"remove", true}}),
                    "rules.err.group_condition_none_has");
  }
  SECTION("the dead get no new condition, but lose one") {
    t.run({{"type", "ApplyDamage"}, {"target", g2}, {"amount", 20}});
    const Transaction& add = t.run({{"type", "GroupCondition"}, {"targets", ids({g1, g2})}, {"condition", "prone"}});
    CHECK(add.events.at(1).data == json({{"creature", g2}, {"reason", "dead"}, {"condition", "prone"}}));
    CHECK(condition_of(t.c(g2), "prone", "") == nullptr);
    t.run({{"type", "GroupCondition"}, {"targets", ids({g2})}, {"condition", "poisoned"}, {"remove", true}});
    CHECK(condition_of(t.c(g2), "poisoned", "") == nullptr);
  }
  SECTION("one undo") {
    t.session.undo(1);
    CHECK(to_j(t.state()) == before);
  }
}

TEST_CASE("group actions: the prompt and the lines in cs and uk name the save as the house style does", "[rules][group-actions][i18n]") {
  const char* abilities[] = {"str", "dex", "con", "int", "wis", "cha"};
  const char* cs[] = {"Sílu", "Obratnost", "Odolnost", "Inteligenci", "Moudrost", "Charisma"};
  const char* uk[] = {"Сили", "Спритності", "Статури", "Інтелекту", "Мудрості", "Харизми"};
  for (int k = 0; k < 6; ++k) {
    CAPTURE(abilities[k]);
    RulesTable t(21);
    new_campaign(t);
    const std::string g = t.monster("Ogre", 59);
    t.run({{"type", "GroupDamage"}, {"targets", ids({g})}, {"amount", 9}, {"damage_type", "cold"}, {"save", abilities[k]}, {"dc", 13}});
    const std::string save_cs = std::string("záchranný hod na ") + cs[k], save_uk = std::string("рятівний кидок ") + uk[k];
    CHECK(lines(t, Lang::cs).at(0) == "Hromadné zranění: 9 zranění (chlad) pro 1 tvora (" + save_cs + " SO 13, při úspěchu polovina).");
    CHECK(lines(t, Lang::uk).at(0) == "Групова шкода: 9 шкоди (холод) для 1 істоти (" + save_uk + " СК 13, при успіху половина).");
    CHECK(lines(t, Lang::cs).at(1) == "Čeká se na: Ogre: " + save_cs + " SO 13 proti 9 zranění (chlad), při úspěchu polovina (4)");
    CHECK(lines(t, Lang::uk).at(1) == "Очікується: Ogre: " + save_uk + " СК 13 проти 9 шкоди (холод), при успіху половина (4)");
  }
  RulesTable t(22);
  new_campaign(t);
  const std::string g = t.monster("Ogre", 59);
  t.run({{"type", "GroupDamage"}, {"targets", ids({g})}, {"amount", 9}, {"critical", true}, {"save", "dex"}, {"dc", 13}, {"on_save", "none"}});
  CHECK(lines(t, Lang::cs).at(1) == "Čeká se na: Ogre: záchranný hod na Obratnost SO 13 proti 9 zranění (kritický zásah), při úspěchu žádné");
  CHECK(lines(t, Lang::en).at(1) == "Waiting for: Ogre: DEX save DC 13 against 9 damage (critical hit), none on a success");
  CHECK(lines(t, Lang::en).at(0) == "Group damage: 9 damage (critical hit) to 1 creature (DEX save DC 13, none on a success).");
}

TEST_CASE("druzina run: the fireball script (group damage with a save, monster-saves, heal, condition) in cs, uk and en",
          "[cli][group-actions]") {
  const std::string script = std::string(" run '") + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/table-group-fireball.json' --seed 7";
  CliRun en = cli("--lang en" + script);
  REQUIRE(en.code == 0);
  for (const char* line : {"#6 Group damage: 28 damage (fire) to 5 creatures (DEX save DC 15, half on a success).",
                           "#6 Left out: Bugbear 4, no longer alive.",
                           "#7 Mira: DEX save DC 15 against 28 damage (fire), half (14) on a success: 17 against DC 15, success.",
                           "#7 Mira takes 14 damage (fire): HP 28 → 14.", "#8 Mira: CON save DC 15 against massive damage (14 of max 28): 16 against DC 15, success.",
                           "#9 Rook takes 28 damage (fire): HP 24 → 0.", "#10 Group healing: +10 HP to 2 creatures.",
                           "#11 Group condition: frightened for 2 creatures."}) {
    CAPTURE(line);
    CHECK(en.out.find(line) != std::string::npos);
  }
  CliRun cs = cli("--lang cs" + script);
  REQUIRE(cs.code == 0);
  CHECK(cs.out.find("#6 Hromadné zranění: 28 zranění (oheň) pro 5 tvorů (záchranný hod na Obratnost SO 15, při úspěchu polovina).") !=
        std::string::npos);
  CHECK(cs.out.find("#6 Vynecháno: Bugbear 4 – už nežije.") != std::string::npos);
  CliRun uk = cli("--lang uk" + script);
  REQUIRE(uk.code == 0);
  CHECK(uk.out.find("#6 Групова шкода: 28 шкоди (вогонь) для 5 істот (рятівний кидок Спритності СК 15, при успіху половина).") !=
        std::string::npos);
  for (const CliRun* r : {&en, &cs, &uk}) {
    CHECK(r->out.find("event.") == std::string::npos);
    CHECK(r->out.find("prompt.") == std::string::npos);
    CHECK(r->out.find("rules.") == std::string::npos);
  }
  // The end state: Mira 24 and Rook 10 after the heal, the two bugbears left standing frightened.
  const json j = cli_json("--seed 7 run '" + std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/scripts/table-group-fireball.json'");
  std::map<std::string, json> by_id;
  for (const auto& c : j["state"]["creatures"]) by_id[c["id"].get<std::string>()] = c;
  CHECK(by_id["c1"]["hp"] == 24);
  CHECK(by_id["c2"]["hp"] == 10);
  int frightened = 0;
  for (const auto& [id, c] : by_id)
    for (const auto& k : c["conditions"]) frightened += k["id"] == "frightened";
  CHECK(frightened == 2);
}
