// Rule "monster-saves" (src/core/rules/monster_saves/): the engine rolls a monster's saves the moment a rule asks.
#include "core/rules/monster_saves/monster_saves.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("monster saves: off by default, a monster's save waits like anyone's", "[rules][monster-saves]") {
  RulesTable t(3);
  new_campaign(t);
  std::string ogre = t.monster("Ogre", 59);
  t.run({{"type", "ApplyDamage"}, {"target", ogre}, {"amount", 30}});
  CHECK(prompt_count(t.state(), "massive-damage.save") == 1);
}

TEST_CASE("monster saves: on, the engine rolls a monster's saves at once, PCs still answer theirs", "[rules][monster-saves]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"monster-saves", true}}}});
  std::string ogre = t.monster("Ogre", 59, {{"abilities", {{"con", 16}}}});
  std::string mira = t.pc("Mira", 17);
  const json before = to_j(t.state());

  const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", ogre}, {"amount", 30}});
  CHECK(t.state().prompts.empty());  // nothing waits for the table
  const Event* asked = find_event(tx, "prompt_created");
  const Event* rolled = find_event(tx, "prompt_resolved");
  REQUIRE(asked);
  REQUIRE(rolled);
  CHECK(rolled->data["kind"] == "massive-damage.save");
  CHECK(rolled->data["rolled"] == true);
  CHECK(rolled->data["dc"] == 15);
  CHECK(asked->data["prompt"]["data"]["dice"] == "1d20+3");  // d20 + its CON modifier
  // The rule that asked acted on the answer in the same step: a failure rolled the shock table.
  const bool failed = rolled->data["success"] == false;
  CHECK((find_event(tx, "table_rolled") != nullptr) == failed);
  // The log tells it.
  const auto log = t.session.log(Lang::en);
  const auto& lines = log.back().lines;
  CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("Ogre") != std::string::npos && l.find("DC 15") != std::string::npos;
  }));

  SECTION("one undo takes the hit, the roll and what followed back") {
    t.session.undo(1);
    CHECK(to_j(t.state()) == before);
  }
  SECTION("a PC's save still asks the table") {
    t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 9}});
    CHECK(prompt_count(t.state(), "massive-damage.save") == 1);
    CHECK(prompts_of(t.state(), "massive-damage.save").at(0)->creature == mira);
  }
  SECTION("a concentrating monster's CON save too") {
    t.run({{"type", "StartConcentration"}, {"target", ogre}, {"spell", "Hold Person"}});
    const Transaction& hit = t.run({{"type", "ApplyDamage"}, {"target", ogre}, {"amount", 4}});
    CHECK(t.state().prompts.empty());
    const Event* r = find_event(hit, "prompt_resolved");
    REQUIRE(r);
    CHECK(r->data["kind"] == "concentration.save");
    CHECK((find_event(hit, "concentration_ended") != nullptr) == (r->data["success"] == false));
  }
}
