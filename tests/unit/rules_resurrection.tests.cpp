// House rule "resurrection ritual" (src/core/rules/resurrection_ritual/).
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

struct Party {
  std::string dead, cleric, helper1, helper2, helper3;
};

Party setup(Table& t) {
  new_campaign(t);
  Party p;
  p.dead = t.pc("Mira", 17);
  p.cleric = t.pc("Kněz", 30, {{"level", 9}});
  p.helper1 = t.pc("Bořek", 30);
  p.helper2 = t.pc("Olena", 25);
  p.helper3 = t.pc("Tarn", 25);
  t.run({{"type", "ApplyDamage"}, {"target", p.dead}, {"amount", 34}});  // instant death
  REQUIRE(t.c(p.dead).death_saves.dead);
  return p;
}

std::string start(Table& t, const Party& p, const char* casting, json more = json::object()) {
  more["type"] = "StartResurrection";
  more["target"] = p.dead;
  more["caster"] = p.cleric;
  more["casting"] = casting;
  const Transaction& tx = t.run(more);
  return find_event(tx, "ritual_started")->data["ritual"]["id"];
}

}  // namespace

TEST_CASE("resurrection: the DC with every term, helpers −3 / +1, every attempt counts for good", "[rules][resurrection]") {
  RulesTable t(61);
  Party p = setup(t);
  REQUIRE_REFUSED(t.run({{"type", "StartResurrection"}, {"target", p.cleric}, {"caster", p.helper1}, {"casting", "longer"}}),
                  "rules.err.not_dead");
  std::string r = start(t, p, "longer", {{"soul_refuses", false}});
  t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.cleric}, {"dc", 12}, {"roll", 15}});
  t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper1}, {"dc", 14}, {"roll", 10}, {"modifier", 3}});
  REQUIRE_REFUSED(t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper1}, {"dc", 10}}), "rules.err.already_helped");
  t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper2}, {"dc", 10}, {"roll", 2}});
  REQUIRE_REFUSED(t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper3}, {"dc", 10}}), "rules.err.too_many_helpers");
  json view = rules::ritual_view(t.state(), r);
  CHECK(view["dc"]["base"] == 10);
  CHECK(view["dc"]["previous"] == 0);
  CHECK(view["dc"]["successes"] == 1);
  CHECK(view["dc"]["failures"] == 2);
  CHECK(view["dc"]["dc"] == 10 - 3 + 2);
  CHECK(view["helpers"].size() == 3);
  // The caster rolls 5 + 3 = 8 against DC 9: failure; the creature's DC rises for good.
  const Transaction& tx = t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 5}, {"ability_mod", 3}});
  const json& a = find_event(tx, "resurrection_attempt")->data;
  CHECK(a["dc"] == 9);
  CHECK(a["total"] == 8);
  CHECK(a["success"] == false);
  CHECK(a["terms"] == json{{"base", 10}, {"previous", 0}, {"successes", 1}, {"failures", 2}});
  CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 1);
  CHECK(t.c(p.dead).death_saves.dead);
  REQUIRE_REFUSED(t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 20}}), "rules.err.ritual_closed");

  // A second ritual without helpers: DC 11; 8 + 3 = 11 succeeds.
  std::string r2 = start(t, p, "longer", {{"soul_refuses", false}});
  CHECK(rules::ritual_view(t.state(), r2)["dc"]["dc"] == 11);
  t.run({{"type", "ResurrectionCast"}, {"ritual", r2}, {"roll", 8}, {"ability_mod", 3}});
  CHECK_FALSE(t.c(p.dead).death_saves.dead);
  CHECK(t.c(p.dead).hp == 1);
  CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 2);
  CHECK(rules::ritual_view(t.state(), r2)["status"] == "raised");
}

TEST_CASE("resurrection: a 1-action spell allows no helpers and, after a failure, only longer spells", "[rules][resurrection]") {
  RulesTable t(62);
  Party p = setup(t);
  std::string r = start(t, p, "action", {{"soul_refuses", false}});
  REQUIRE_REFUSED(t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper1}, {"dc", 10}}), "rules.err.helpers_only_longer");
  t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 2}, {"ability_mod", 4}});  // 6 < 10
  CHECK(t.c(p.dead).death_saves.dead);
  REQUIRE_REFUSED(start(t, p, "action"), "rules.err.action_after_failure");
  std::string r2 = start(t, p, "longer", {{"soul_refuses", false}});
  // A natural 20 always succeeds, even against DC 11 with a −5 modifier.
  const Transaction& tx = t.run({{"type", "ResurrectionCast"}, {"ritual", r2}, {"roll", 20}, {"ability_mod", -5}});
  CHECK(find_event(tx, "resurrection_attempt")->data["natural20"] == true);
  CHECK_FALSE(t.c(p.dead).death_saves.dead);
  CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 2);
}

TEST_CASE("resurrection: true resurrection and wish need no check and raise no DC", "[rules][resurrection]") {
  RulesTable t(63);
  Party p = setup(t);
  REQUIRE_REFUSED(start(t, p, "wish", {{"soul_refuses", true}}), "rules.err.soul_cannot_refuse");
  std::string r = start(t, p, "true-resurrection");
  REQUIRE_REFUSED(t.run({{"type", "ResurrectionHelper"}, {"ritual", r}, {"helper", p.helper1}, {"dc", 10}}), "rules.err.helpers_only_longer");
  CHECK(rules::ritual_view(t.state(), r)["dc"]["check_needed"] == false);
  const Transaction& tx = t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"hp", 17}});
  CHECK(find_event(tx, "resurrection_attempt")->data["check_needed"] == false);
  CHECK_FALSE(t.c(p.dead).death_saves.dead);
  CHECK(t.c(p.dead).hp == 17);
  CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 0);
  CHECK(t.state().prompts.empty());
}

TEST_CASE("resurrection: the soul may refuse — set ahead, or asked after the check", "[rules][resurrection]") {
  RulesTable t(64);
  Party p = setup(t);
  SECTION("the DM set it ahead") {
    std::string r = start(t, p, "longer", {{"soul_refuses", true}});
    const Transaction& tx = t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 20}});
    CHECK(has_event(tx, "resurrection_soul"));
    CHECK(t.c(p.dead).death_saves.dead);
    CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 1);
    CHECK(rules::ritual_view(t.state(), r)["status"] == "refused");
  }
  SECTION("asked: accepts") {
    std::string r = start(t, p, "longer");
    t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 15}});
    const Prompt* q = prompts_of(t.state(), "resurrection.soul").at(0);
    CHECK(q->data["dm_only"] == true);
    CHECK(rules::ritual_view(t.state(), r)["status"] == "awaiting_soul");
    REQUIRE_REFUSED(start(t, p, "longer"), "rules.err.ritual_open");
    t.run({{"type", "ResolvePrompt"}, {"prompt", q->id}, {"choice", "accepts"}});
    CHECK_FALSE(t.c(p.dead).death_saves.dead);
  }
  SECTION("asked: refuses") {
    std::string r = start(t, p, "longer");
    t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 15}});
    t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "resurrection.soul")}, {"choice", "refuses"}});
    CHECK(t.c(p.dead).death_saves.dead);
    CHECK(rules::ritual_view(t.state(), r)["status"] == "refused");
  }
  SECTION("cancelled") {
    std::string r = start(t, p, "longer");
    t.run({{"type", "CancelResurrection"}, {"ritual", r}});
    REQUIRE_REFUSED(t.run({{"type", "ResurrectionCast"}, {"ritual", r}}), "rules.err.ritual_closed");
    CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 0);
  }
}

TEST_CASE("resurrection: undo restores the attempts and the ritual", "[rules][resurrection]") {
  RulesTable t(65);
  Party p = setup(t);
  std::string r = start(t, p, "longer", {{"soul_refuses", false}});
  json before = to_j(t.state());
  t.run({{"type", "ResurrectionCast"}, {"ritual", r}, {"roll", 3}});
  CHECK(rules::resurrection_attempts_of(t.c(p.dead)) == 1);
  t.session.undo();
  CHECK(to_j(t.state()) == before);
  CHECK(to_j(t.session.refold()) == to_j(t.state()));
}
