// The journeys of shared/notes/journeys.md with the house rules on: the combat (the wizard with 17 maximum HP
// takes 9 → CON save fails → shock 6 → paralyzed until the end of her next turn; next round she drops to 0 →
// d100 43, festering wound), after the fight (exhausting rally, long rest: rage exhaustion and inspiration gone,
// the festering wound takes its HP), downtime (the dwarf smith and the bard) and the resurrection ritual — then
// the whole evening replays: refold, save/load, undo everything and redo it.
#include "../unit/rules_helpers.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string turn_of(const Campaign& c) { return c.encounter->order[static_cast<size_t>(c.encounter->turn)].creature; }

void dismiss_all(Table& t, const std::string& kind) {
  std::vector<std::string> ids;
  for (const auto* p : prompts_of(t.state(), kind)) ids.push_back(p->id);
  for (const auto& id : ids) t.run({{"type", "DismissPrompt"}, {"prompt", id}});
}

bool log_has(const Session& s, Lang lang, const std::string& text) {
  for (const auto& line : s.log_lines(lang))
    if (line.find(text) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("scenario: the house rules through an evening, replayed", "[scenario][house-rules]") {
  RulesTable t(2025, SessionOptions{100000});
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}});
  std::string wizard = t.pc("Mira", 17, {{"level", 3}, {"hit_die", 6}, {"abilities", {{"dex", 14}, {"int", 16}}}});
  std::string smith = t.pc("Bořek", 60, {{"level", 7}, {"hit_die", 10}, {"race", "trpaslík"}, {"abilities", {{"con", 14}, {"str", 16}}}});
  std::string barbarian = t.pc("Thorga", 40, {{"level", 5}, {"hit_die", 12}, {"abilities", {{"con", 16}}}});
  std::string bard = t.pc("Olena", 30, {{"level", 7}, {"hit_die", 8}, {"abilities", {{"wis", 12}}}});
  const Transaction& add = t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"},
                                  {"count", 3}, {"ac", 15}, {"abilities", {{"dex", 14}}}});
  std::vector<std::string> goblins;
  for (const auto& e : add.events) goblins.push_back(e.data["creature"]["id"]);
  t.run({{"type", "SetInspiration"}, {"target", barbarian}, {"value", true}});

  // ---- the table, in combat -----------------------------------------------------------------------------
  t.run({{"type", "StartEncounter"}});
  t.run({{"type", "SetExhaustion"}, {"target", barbarian}, {"change", 1}, {"source", "rage"}});
  while (t.c(turn_of(t.state())).kind != "monster") t.run({{"type", "NextTurn"}});
  // A goblin hits the wizard for 9: 9 ≥ 8.5 → CON save DC 15; it fails; shock 6 → paralyzed.
  t.run({{"type", "ApplyDamage"}, {"target", wizard}, {"amount", 9}, {"damage_type", "slashing"}});
  const Prompt* save = prompts_of(t.state(), "massive-damage.save").at(0);
  REQUIRE(save->data["dc"] == 15);
  t.run({{"type", "ResolvePrompt"}, {"prompt", save->id}, {"roll", 7}, {"then_roll", 6}});
  const Condition* para = condition_of(t.c(wizard), "paralyzed", "shock");
  REQUIRE(para != nullptr);
  CHECK(para->until.kind == "end_of_next_turn");
  // It lasts through her next turn and ends with it.
  while (turn_of(t.state()) != wizard) t.run({{"type", "NextTurn"}});
  CHECK(condition_of(t.c(wizard), "paralyzed", "shock") != nullptr);
  t.run({{"type", "NextTurn"}});
  CHECK(condition_of(t.c(wizard), "paralyzed", "shock") == nullptr);

  // The fighter attacks a goblin from the flank: +2, no advantage.
  const Transaction& atk = t.run({{"type", "AttackRoll"}, {"attacker", smith}, {"target", goblins[0]}, {"bonus", 5}, {"flanking", "direct"}, {"rolls", {9}}});
  CHECK(find_event(atk, "attack_rolled")->data["total"] == 16);
  CHECK(find_event(atk, "attack_rolled")->data["hit"] == true);

  // Next round she drops to 0: the injury roll — d100 = 43, festering wound.
  int round = t.state().encounter->round;
  while (t.state().encounter->round == round) t.run({{"type", "NextTurn"}});
  t.run({{"type", "ApplyDamage"}, {"target", wizard}, {"amount", 8}});
  REQUIRE(t.c(wizard).hp == 0);
  CHECK(prompt_count(t.state(), "massive-damage.save") == 0);  // 2·8 < 17
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "injuries.roll")}, {"roll", 43}});
  REQUIRE(injury_kinds(t.c(wizard)) == std::vector<std::string>{"festering_wound"});
  // A misclick on the wrong goblin: one tap of undo.
  json before = to_j(t.state());
  t.run({{"type", "ApplyDamage"}, {"target", goblins[1]}, {"amount", 2}});
  t.session.undo();
  CHECK(to_j(t.state()) == before);
  // The bard pours a potion down her throat (an action); the goblins fall; the fight ends.
  t.run({{"type", "DrinkPotion"}, {"target", wizard}, {"by", bard}, {"name", "Lektvar léčení"}, {"heal", 7}});
  CHECK(t.c(wizard).hp == 7);
  for (const auto& g : goblins)
    if (!t.c(g).death_saves.dead) t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 12}});
  dismiss_all(t, "massive-damage.save");  // a goblin that survived a big hit (none should)
  t.run({{"type", "EndEncounter"}});
  REQUIRE(t.state().prompts.empty());

  // ---- after the fight ----------------------------------------------------------------------------------
  t.run({{"type", "ExhaustingRally"}, {"spend", {{{"target", wizard}, {"dice", 1}, {"rolls", {5}}}}}});
  CHECK(t.c(wizard).hp == 7 + 2);  // (5 + 0) / 2
  CHECK(t.c(barbarian).exhaustion == 1);  // −1 rage (short-rest benefit), +1 rally
  CHECK(t.c(barbarian).exhaustion_sources.at("rally") == 1);
  REQUIRE_REFUSED(t.run({{"type", "ExhaustingRally"}}), "rules.err.rally_used");
  t.run({{"type", "SetExhaustion"}, {"target", barbarian}, {"change", 1}, {"source", "rage"}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 16 * 60}});
  t.run({{"type", "LongRest"}});  // crosses the 24th hour since the wound
  CHECK(t.c(wizard).max_hp == 16);
  CHECK(t.c(wizard).hp == 16);
  CHECK(t.c(barbarian).exhaustion == 0);  // rage gone, and one more level
  CHECK_FALSE(t.c(barbarian).inspiration);
  CHECK(rules::potions_drunk(t.c(wizard)) == 0);

  // ---- downtime ---------------------------------------------------------------------------------------------
  const Transaction& forge = t.run({{"type", "StartProject"}, {"kind", "mundane"}, {"crafter", smith}, {"name", "Sekera"}, {"value_gp", 50}});
  std::string axe = find_event(forge, "project_added")->data["project"]["id"];
  const Transaction& d1 = t.run({{"type", "WorkOnProject"}, {"project", axe}, {"hours", 10}});
  const json& ot = find_event(d1, "overtime_saves")->data["results"];
  CHECK(ot[0]["dc"] == 11);
  CHECK(ot[1]["dc"] == 12);
  t.run({{"type", "LongRest"}});
  t.run({{"type", "WorkOnProject"}, {"project", axe}, {"hours", 10}});
  t.run({{"type", "LongRest"}});
  t.run({{"type", "WorkOnProject"}, {"project", axe}, {"hours", 10}});
  CHECK(rules::projects_of(t.state())[0].done);
  CHECK(rules::projects_of(t.state())[0].hours == 25);
  const Transaction& paint = t.run({{"type", "StartProject"}, {"kind", "art"}, {"crafter", bard}, {"name", "Krajina"}, {"materials_gp", 50}});
  std::string art = find_event(paint, "project_added")->data["project"]["id"];
  t.run({{"type", "WorkOnProject"}, {"project", art}, {"hours", 8}, {"days", 4}});
  t.run({{"type", "FinishArt"}, {"project", art}, {"roll", 13}, {"modifier", 4}});
  CHECK(rules::projects_of(t.state())[1].data["art_value_gp"] == 120);

  // ---- when someone dies ------------------------------------------------------------------------------------
  t.run({{"type", "ApplyDamage"}, {"target", wizard}, {"amount", 32}});  // 32 − 16 ≥ 16: instant death
  REQUIRE(t.c(wizard).death_saves.dead);
  const Transaction& rit = t.run({{"type", "StartResurrection"}, {"target", wizard}, {"caster", bard}, {"casting", "longer"}});
  std::string r = find_event(rit, "ritual_started")->data["ritual"]["id"];
  t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", smith}, {"dc", 12}, {"roll", 14}});
  CHECK(rules::ritual_view(t.state(), r)["dc"]["dc"] == 7);
  t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 6}, {"ability_mod", 1}});
  t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "resurrection.soul")}, {"choice", "accepts"}});
  CHECK_FALSE(t.c(wizard).death_saves.dead);
  CHECK(rules::resurrection_attempts_of(t.c(wizard)) == 1);

  // ---- the log tells it in Czech, Ukrainian and English ----------------------------------------------------------
  CHECK(log_has(t.session, Lang::cs, "Mira: ochromení (do konce svého příštího tahu)"));
  CHECK(log_has(t.session, Lang::cs, "Hnisající rána"));
  CHECK(log_has(t.session, Lang::uk, "Виснажливе згуртування"));
  CHECK(log_has(t.session, Lang::en, "Mira: festering wound (1 day), max HP 17 → 16."));
  for (Lang lang : kLangs)
    for (const auto& line : t.session.log_lines(lang)) {
      CAPTURE(line);
      CHECK(line.find("event.") == std::string::npos);
      CHECK(line.find("prompt.") == std::string::npos);
      CHECK(line.find("rules.") == std::string::npos);
    }

  // ---- replay -----------------------------------------------------------------------------------------------
  const json final_state = to_j(t.state());
  CHECK(to_j(t.session.refold()) == final_state);
  Session loaded = io::load(io::save(t.session));
  CHECK(to_j(loaded.state()) == final_state);
  const size_t n = t.session.undo_depth();
  t.session.undo(n);
  t.session.redo(n);
  CHECK(to_j(t.state()) == final_state);
}
