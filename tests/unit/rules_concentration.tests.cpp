// Rule "concentration" (src/core/rules/concentration/) on the app's engine.
#include "core/rules/concentration/concentration.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string spell_of(Table& t, const std::string& id) { return rules::concentrating_on(t.c(id)); }
const Event* ended(const Transaction& tx) { return find_event(tx, "concentration_ended"); }
}  // namespace

TEST_CASE("concentration: start, replace, end", "[rules][concentration]") {
  RulesTable t(1);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", " Bless "}});
  CHECK(spell_of(t, m) == "Bless");
  const Transaction& tx = t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "Shield of Faith"}});
  CHECK(find_event(tx, "concentration_started")->data["previous"] == "Bless");
  CHECK(spell_of(t, m) == "Shield of Faith");
  auto log = t.session.log(Lang::en);
  CHECK(log.back().lines.at(0) == "Mira concentrates on Shield of Faith; concentration on Bless ends.");
  t.run({{"type", "EndConcentration"}, {"target", m}});
  CHECK(spell_of(t, m).empty());
  CHECK(t.c(m).modules.empty());  // absent = not concentrating
  REQUIRE_REFUSED(t.run({{"type", "EndConcentration"}, {"target", m}}), "rules.err.not_concentrating");
  REQUIRE_REFUSED(t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "  "}}), "rules.err.concentration_no_spell");
}

TEST_CASE("concentration: damage asks a CON save, DC 10 or half the damage", "[rules][concentration]") {
  CHECK(rules::concentration_dc(1) == 10);
  CHECK(rules::concentration_dc(21) == 10);
  CHECK(rules::concentration_dc(22) == 11);
  CHECK(rules::concentration_dc(40) == 20);
  RulesTable t(2);
  new_campaign(t);
  std::string m = t.pc("Mira", 60, {{"abilities", {{"con", 14}}}, {"resistances", {"fire"}}});
  t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "Bless"}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
  const Prompt* p = prompts_of(t.state(), "concentration.save").at(0);
  CHECK(p->creature == m);
  CHECK(p->data["dc"] == 10);
  CHECK(p->data["dice"] == "1d20+2");
  CHECK(p->data["spell"] == "Bless");
  CHECK(p->data["damage"] == 5);

  SECTION("a success keeps it") {
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 10}});
    CHECK(spell_of(t, m) == "Bless");
  }
  SECTION("a failure ends it, and the log says why") {
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 9}});
    REQUIRE(ended(tx));
    CHECK(ended(tx)->data["reason"] == "failed_save");
    CHECK(spell_of(t, m).empty());
    auto log = t.session.log(Lang::cs);
    const auto& lines = log.back().lines;
    CHECK(std::find(lines.begin(), lines.end(),
                    "Mira: soustředění na Bless se přerušilo (neúspěšný záchranný hod na Odolnost).") != lines.end());
  }
  SECTION("the DC is half the damage taken: 44 fire resisted is 22, DC 11") {
    t.run({{"type", "DismissPrompt"}, {"prompt", p->id}});
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 44}, {"damage_type", "fire"}});
    auto saves = prompts_of(t.state(), "concentration.save");
    REQUIRE(saves.size() == 1);
    CHECK(saves[0]->data["dc"] == 11);
    CHECK(saves[0]->data["damage"] == 22);
  }
  SECTION("immune damage (0) asks nothing") {
    t.run({{"type", "DismissPrompt"}, {"prompt", p->id}});
    t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"immunities", {"poison"}}}}});
    t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 10}, {"damage_type", "poison"}});
    CHECK(prompt_count(t.state(), "concentration.save") == 0);
  }
  SECTION("a failure after it was replaced ends nothing") {
    const std::string id = p->id;  // p points into the state the next command replaces
    t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "Hold Person"}});
    t.run({{"type", "ResolvePrompt"}, {"prompt", id}, {"roll", 2}});
    CHECK(spell_of(t, m) == "Hold Person");
  }
}

TEST_CASE("concentration: 0 HP, death and incapacitation end it", "[rules][concentration]") {
  RulesTable t(3);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  std::string g = t.monster("Goblin", 7);
  t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "Bless"}});
  t.run({{"type", "StartConcentration"}, {"target", g}, {"spell", "Hex"}});
  SECTION("dropping to 0") {
    const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 20}});
    REQUIRE(ended(tx));
    CHECK(ended(tx)->data["reason"] == "zero_hp");
    CHECK(prompt_count(t.state(), "concentration.save") == 0);
    CHECK(spell_of(t, m).empty());
  }
  SECTION("dying") {
    const Transaction& tx = t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}});
    REQUIRE(ended(tx));
    CHECK(ended(tx)->data["reason"] == "died");
  }
  SECTION("stunned") {
    const Transaction& tx = t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "stunned"}});
    REQUIRE(ended(tx));
    CHECK(ended(tx)->data["reason"] == "incapacitated");
    CHECK(ended(tx)->data["condition"] == "stunned");
    CHECK(t.session.log(Lang::en).back().lines.back() == "Mira loses concentration on Bless (stunned).");
  }
  SECTION("prone does not") {
    const Transaction& tx = t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "prone"}});
    CHECK_FALSE(ended(tx));
    CHECK(spell_of(t, m) == "Bless");
  }
}

TEST_CASE("concentration: a spell cast from a magic item marked concentration starts it", "[rules][concentration][magic-items]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  const auto& added = t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "Wand of webs"}, {"kind", "wand"}, {"max_charges", 7},
                             {"spells", {{{"name", "Web"}, {"level", 2}, {"cost", 1}, {"concentration", true}},
                                         {{"name", "Light"}, {"level", 0}, {"cost", 0}}}}, {"spell_dc", 15}});
  const std::string wand = find_event(added, "magic_item_added")->data["item"]["id"];
  t.run({{"type", "StartConcentration"}, {"target", m}, {"spell", "Bless"}});
  // A spell without the mark leaves the concentration as it is.
  const Transaction& light = t.run({{"type", "CastFromItem"}, {"target", m}, {"item", wand}, {"spell", "Light"}});
  CHECK(find_event(light, "concentration_started") == nullptr);
  CHECK(spell_of(t, m) == "Bless");
  // Web needs concentration: it replaces Bless, in the same step (one undo).
  const Transaction& web = t.run({{"type", "CastFromItem"}, {"target", m}, {"item", wand}, {"spell", 0}});
  const Event* started = find_event(web, "concentration_started");
  REQUIRE(started != nullptr);
  CHECK(started->data["previous"] == "Bless");
  CHECK(spell_of(t, m) == "Web");
  const auto lines = t.session.log(Lang::en).back().lines;
  CHECK(std::find(lines.begin(), lines.end(), "Mira concentrates on Web; concentration on Bless ends.") != lines.end());
  t.session.undo(1);
  CHECK(spell_of(t, m) == "Bless");
  // the mark must be true or false
  REQUIRE_REFUSED(t.run({{"type", "AddMagicItem"}, {"target", m}, {"name", "Rod"},
                         {"spells", {{{"name", "Hold"}, {"level", 2}, {"cost", 1}, {"concentration", "yes"}}}}}),
                  "campaign.err.param");
}
