// Table rule "custom-conditions": the campaign's list (define, note, forget, refusals), a custom condition on a
// creature with a duration (it ends as any condition), one undo step, the log.
#include "core/rules/custom_conditions/custom_conditions.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("custom conditions: the campaign's list", "[rules][custom_conditions]") {
  RulesTable t;
  new_campaign(t);
  const auto& tx = t.run({{"type", "DefineCondition"}, {"name", " Marked "}, {"note", "Disadvantage on attacks against others than the marker."}});
  CHECK(tx.events[0].data["name"] == "Marked");
  auto list = rules::custom_conditions(t.state());
  REQUIRE(list.size() == 1);
  CHECK(list[0].note == "Disadvantage on attacks against others than the marker.");
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", "Marked"}, {"note", "Disadvantage on attacks against others than the marker."}}),
                  "rules.err.cond_same");
  t.run({{"type", "DefineCondition"}, {"name", "Marked"}, {"note", "Hunter's mark."}});
  CHECK(rules::custom_conditions(t.state()).size() == 1);
  CHECK(rules::custom_conditions(t.state())[0].note == "Hunter's mark.");
  // The rules' own conditions, by id or by name in any language, are not custom ones.
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", "prone"}}), "rules.err.cond_srd");
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", "Prone"}}), "rules.err.cond_srd");
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", std::string(49, 'x')}}), "rules.err.cond_too_long");
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", "Long"}, {"note", std::string(301, 'x')}}), "rules.err.cond_too_long");
  for (int k = 1; k < 100; ++k) t.run({{"type", "DefineCondition"}, {"name", "C" + std::to_string(k)}});
  REQUIRE_REFUSED(t.run({{"type", "DefineCondition"}, {"name", "One too many"}}), "rules.err.cond_too_many");
  t.run({{"type", "ForgetCondition"}, {"name", "C5"}});
  CHECK(rules::custom_conditions(t.state()).size() == 99);
  REQUIRE_REFUSED(t.run({{"type", "ForgetCondition"}, {"name", "C5"}}), "rules.err.cond_unknown");
  // Damaged module data is refused when a save is checked.
  Campaign bad = t.state();
  bad.modules["custom-conditions"]["list"][0]["name"] = 5;
  CHECK_THROWS_AS(Engine::standard().validate(bad), UserError);
}

TEST_CASE("custom conditions: on a creature with a duration, one undo step", "[rules][custom_conditions]") {
  RulesTable t;
  new_campaign(t);
  const std::string mira = t.pc("Mira", 20), gob = t.monster("Goblin", 7);
  t.run({{"type", "StartEncounter"}, {"initiative", {{mira, 15}, {gob, 10}}}});
  const auto& tx = t.run({{"type", "SetCustomCondition"}, {"target", gob}, {"name", "Marked"}, {"note", "Hunter's mark."},
                          {"until", {{"kind", "end_of_next_turn"}, {"turn_of", mira}}}, {"source", mira}});
  CHECK(count_events(tx, "custom_condition_defined") == 1);
  CHECK(count_events(tx, "condition_added") == 1);
  REQUIRE(condition_of(t.c(gob), "Marked", mira));
  // Reusing it from the list defines nothing new.
  const auto& again = t.run({{"type", "SetCustomCondition"}, {"target", mira}, {"name", "Marked"}});
  CHECK(count_events(again, "custom_condition_defined") == 0);
  CHECK(rules::custom_conditions(t.state())[0].note == "Hunter's mark.");
  // It ends as any condition: at the end of Mira's next turn (not this one, during which it was set).
  t.run({{"type", "NextTurn"}});  // Mira's turn ends: set during it, it stays
  CHECK(condition_of(t.c(gob), "Marked", mira));
  t.run({{"type", "NextTurn"}});
  t.run({{"type", "NextTurn"}});  // Mira's next turn ends
  CHECK_FALSE(condition_of(t.c(gob), "Marked", mira));
  // Undo of the first SetCustomCondition takes both the list entry and the condition.
  t.session.undo(5);
  CHECK(rules::custom_conditions(t.state()).empty());
  CHECK(t.c(gob).conditions.empty());
  // The log names it.
  t.session.redo(1);
  const Engine& e = Engine::standard();
  LogContext lc{Lang::cs, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(e.render(t.session.tail().back().events[0], lc) == "Stav v seznamu kampaně: Marked (Hunter's mark.).");
  REQUIRE_REFUSED(t.run({{"type", "SetCustomCondition"}, {"target", "c999"}, {"name", "Hexed"}}), "campaign.err.no_creature");
}
