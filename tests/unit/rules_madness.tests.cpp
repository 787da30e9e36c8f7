// DM rule "madness": the three roll tables, a madness stored on the creature with its row, source and end, its
// conditions while it lasts, time and rests ending it, the cures, undo, the log in three languages, the rule off.
#include <set>

#include "core/tables/table.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::vector<rules::MadnessEntry> mad(const Table& t, const std::string& id) { return rules::madness_of(t.c(id)); }
const Event* last_event(const Transaction& tx, const std::string& type) {
  const Event* found = nullptr;
  for (const auto& e : tx.events)
    if (e.type == type) found = &e;
  return found;
}
}  // namespace

TEST_CASE("madness: the three tables are d100 roll tables that validate, with their rows' conditions", "[rules][madness][tables]") {
  for (const char* id : {"madness-short", "madness-long", "madness-indefinite"}) {
    CAPTURE(id);
    REQUIRE(tables::has_table(id));
    const auto& t = tables::table(id);
    CHECK(t.die == "d100");
    CHECK(t.source == "dm-rules");
    CHECK(tables::validate(t).empty());
  }
  CHECK(tables::table("madness-short").rows.size() == 10);
  CHECK(tables::table("madness-long").rows.size() == 12);
  CHECK(tables::table("madness-indefinite").rows.size() == 12);
  // boundaries of the SRD rows
  CHECK(tables::row_for(tables::table("madness-short"), 20).effects["condition"] == "paralyzed");
  CHECK(tables::row_for(tables::table("madness-short"), 21).effects["condition"] == "incapacitated");
  CHECK(tables::row_for(tables::table("madness-short"), 90).effects["condition"] == "stunned");
  CHECK(tables::row_for(tables::table("madness-short"), 91).effects["condition"] == "unconscious");
  CHECK(tables::row_for(tables::table("madness-short"), 75).effects.is_null());
  CHECK(tables::row_for(tables::table("madness-long"), 96).effects["condition"] == "unconscious");
  CHECK(tables::row_for(tables::table("madness-long"), 95).effects.is_null());
  CHECK(tables::row_for(tables::table("madness-indefinite"), 100).hi == 100);
}

TEST_CASE("madness: off by default, InflictMadness is refused until the DM switches it on", "[rules][madness]") {
  RulesTable t(11);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  CHECK_FALSE(Engine::standard().module(rules::kMadness)->default_on);
  REQUIRE_REFUSED(t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}}), "campaign.err.rule_off");
  // Rolling the table for her while the rule is off only logs the row.
  t.run({{"type", "RollTable"}, {"table", "madness-short"}, {"target", m}, {"roll", 5}});
  CHECK(mad(t, m).empty());
  CHECK(t.c(m).conditions.empty());
}

TEST_CASE("madness: short-term — the row, its condition, its end after 1d10 minutes, undo", "[rules][madness]") {
  RulesTable t(11);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  const auto& tx = t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 85}, {"duration_roll", 4},
                          {"source", "the mind flayer's blast"}});
  CHECK(has_event(tx, "table_rolled"));
  const Event* gained = find_event(tx, "madness_gained");
  REQUIRE(gained != nullptr);
  auto list = mad(t, m);
  REQUIRE(list.size() == 1);
  CHECK(list[0].kind == "short");
  CHECK(list[0].roll == 85);
  CHECK(list[0].duration_roll == 4);
  CHECK(list[0].at == 0);
  CHECK(*list[0].ends_at == 4);
  CHECK(list[0].source == "the mind flayer's blast");
  CHECK(list[0].text.en == "Stunned.");
  REQUIRE(condition_of(t.c(m), "stunned", "madness:" + list[0].id) != nullptr);
  // the log in three languages
  const Engine& e = Engine::standard();
  LogContext lc{Lang::en, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(e.render(*gained, lc) == "Mira goes mad for 4 min (short-term, the mind flayer's blast): Stunned.");
  lc.lang = Lang::cs;
  CHECK(e.render(*gained, lc).find("Mira propadá šílenství na 4 min") == 0);
  lc.lang = Lang::uk;
  CHECK(e.render(*gained, lc).find("Mira божеволіє на 4 хв") == 0);
  // 3 minutes: still mad; the 4th: over, the condition with it
  t.run({{"type", "AdvanceTime"}, {"minutes", 3}});
  CHECK(mad(t, m).size() == 1);
  const auto& over = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  REQUIRE(find_event(over, "madness_ended") != nullptr);
  CHECK(find_event(over, "madness_ended")->data["reason"] == "expired");
  CHECK(mad(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  CHECK_FALSE(t.c(m).modules.contains("madness"));  // absent = none
  t.session.undo();
  CHECK(mad(t, m).size() == 1);
  CHECK(condition_of(t.c(m), "stunned", "madness:" + mad(t, m)[0].id) != nullptr);
}

TEST_CASE("madness: long-term lasts 1d10 × 10 hours and outlives a long rest, indefinite has no end", "[rules][madness]") {
  RulesTable t(12);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "long"}, {"roll", 97}, {"duration_roll", 2}});
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "indefinite"}, {"roll", 1}});
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 45}, {"duration_roll", 10}});
  auto list = mad(t, m);
  REQUIRE(list.size() == 3);
  CHECK(*list[0].ends_at == 20 * 60);
  CHECK(condition_of(t.c(m), "unconscious", "madness:" + list[0].id) != nullptr);
  CHECK_FALSE(list[1].ends_at);
  CHECK(list[1].text.en.find("drink") != std::string::npos);
  // A long rest (8 hours) ends the short-term one, not the 20-hour one.
  t.run({{"type", "LongRest"}});
  list = mad(t, m);
  REQUIRE(list.size() == 2);
  CHECK(list[0].kind == "long");
  CHECK(list[1].kind == "indefinite");
  t.run({{"type", "AdvanceTime"}, {"minutes", 12 * 60}});
  list = mad(t, m);
  REQUIRE(list.size() == 1);
  CHECK(list[0].kind == "indefinite");
  CHECK(condition_of(t.c(m), "unconscious", "madness:" + mad(t, m)[0].id) == nullptr);
  t.run({{"type", "AdvanceTime"}, {"minutes", 365 * 1440}});
  CHECK(mad(t, m).size() == 1);  // until cured
}

TEST_CASE("madness: rolled by the engine when no dice are given, Rules → Tables applies it too", "[rules][madness]") {
  RulesTable t(13);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "long"}});
  auto list = mad(t, m);
  REQUIRE(list.size() == 1);
  CHECK(list[0].roll >= 1);
  CHECK(list[0].roll <= 100);
  CHECK(list[0].duration_roll >= 1);
  CHECK(list[0].duration_roll <= 10);
  CHECK(*list[0].ends_at == list[0].duration_roll * 600);
  t.run({{"type", "RollTable"}, {"table", "madness-indefinite"}, {"target", m}, {"roll", 60}});
  REQUIRE(mad(t, m).size() == 2);
  CHECK(mad(t, m)[1].kind == "indefinite");
  t.run({{"type", "RollTable"}, {"table", "madness-short"}, {"roll", 60}});  // for nobody: only the log
  CHECK(mad(t, m).size() == 2);
  REQUIRE_REFUSED(t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "forever"}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 101}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"duration_roll", 0}}), "campaign.err.param_range");
}

TEST_CASE("madness: cures — lesser restoration (not indefinite), greater restoration, calm emotions suppresses", "[rules][madness]") {
  RulesTable t(14);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "indefinite"}, {"roll", 90}});
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "lesser_restoration"}}), "rules.err.madness_needs_greater");
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 35}, {"duration_roll", 9}});
  const std::string indefinite = mad(t, m)[0].id, short_id = mad(t, m)[1].id;
  CHECK(condition_of(t.c(m), "frightened", "madness:" + short_id) != nullptr);
  // lesser restoration: the only one it can mean is the short-term one
  const auto& cured = t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "lesser_restoration"}});
  REQUIRE(find_event(cured, "madness_ended") != nullptr);
  CHECK(find_event(cured, "madness_ended")->data == json{{"creature", m}, {"id", short_id}, {"kind", "short"}, {"reason", "lesser_restoration"}});
  CHECK(condition_of(t.c(m), "frightened", "madness:" + short_id) == nullptr);
  REQUIRE(mad(t, m).size() == 1);
  const Engine& e = Engine::standard();
  LogContext lc{Lang::en, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(e.render(*find_event(cured, "madness_ended"), lc) == "Mira: the short-term madness ends (lesser restoration).");
  // calm emotions: suppressed for a minute, then back
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "long"}, {"roll", 12}, {"duration_roll", 1}});
  const std::string long_id = mad(t, m)[1].id;
  CHECK(condition_of(t.c(m), "disadvantage", "madness:" + long_id) != nullptr);
  t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "calm_emotions"}});
  CHECK(mad(t, m)[0].suppressed_until == 1LL);
  CHECK(mad(t, m)[1].suppressed_until == 1LL);
  CHECK(condition_of(t.c(m), "disadvantage", "madness:" + long_id) == nullptr);
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "calm_emotions"}}), "rules.err.no_madness");
  const auto& back = t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  CHECK(find_event(back, "madness_resumed") != nullptr);
  CHECK_FALSE(mad(t, m)[1].suppressed_until);
  CHECK(condition_of(t.c(m), "disadvantage", "madness:" + long_id) != nullptr);
  // two left: which one must be said
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "greater_restoration"}}), "rules.err.madness_which");
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "greater_restoration"}, {"madness", "m999"}}),
                  "rules.err.madness_unknown");
  t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "greater_restoration"}, {"madness", indefinite}});
  REQUIRE(mad(t, m).size() == 1);
  CHECK(mad(t, m)[0].id == long_id);
  t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "dm"}});
  CHECK(mad(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "dm"}}), "rules.err.no_madness");
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "prayer"}}), "campaign.err.param");
}

TEST_CASE("madness: the paralysis of rows 01–20 ends when the character takes damage", "[rules][madness]") {
  RulesTable t(15);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 20}, {"duration_roll", 10}});
  REQUIRE(condition_of(t.c(m), "paralyzed", "madness:" + mad(t, m)[0].id) != nullptr);
  const auto& hit = t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}});
  REQUIRE(last_event(hit, "madness_ended") != nullptr);
  CHECK(last_event(hit, "madness_ended")->data["reason"] == "damage");
  CHECK(mad(t, m).empty());
  CHECK(t.c(m).conditions.empty());
  // row 21 (incapacitated) is not broken by damage
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "short"}, {"roll", 21}, {"duration_roll", 10}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}});
  CHECK(mad(t, m).size() == 1);
}

TEST_CASE("madness: players see it, bad stored data is refused", "[rules][madness]") {
  RulesTable t(16);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "InflictMadness"}, {"target", m}, {"kind", "indefinite"}, {"roll", 50}});
  json bad = t.c(m).modules["madness"];
  bad["effects"][0]["kind"] = "forever";
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"madness", bad}}}}}}), "state.err.not_one_of");
  bad = t.c(m).modules["madness"];
  bad["effects"][0]["ends_at"] = 5;  // an indefinite madness has no end
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"modules", {{"madness", bad}}}}}}), "state.err.wrong_type");
  // Off again: the stored madness stays, the cures are refused.
  t.run({{"type", "SetSettings"}, {"rules", {{"madness", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "TreatMadness"}, {"target", m}, {"means", "dm"}}), "campaign.err.rule_off");
  auto v = rules::madness_view(t.state(), t.c(m));
  CHECK_FALSE(v.on);
  CHECK(v.entries.size() == 1);
}

TEST_CASE("madness: fear — a WIS save or frightened for 1 minute, repeated at the end of each turn", "[rules][madness][fear]") {
  RulesTable t(5);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20, {{"abilities", {{"wis", 14}}}});
  std::string g = t.monster("Ghost", 45, {{"condition_immunities", {"frightened"}}});
  REQUIRE_REFUSED(t.run({{"type", "Frighten"}, {"target", m}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "Frighten"}, {"target", m}, {"dc", 31}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "Frighten"}, {"target", g}, {"dc", 15}}), "rules.err.fear_immune");

  t.run({{"type", "Frighten"}, {"target", m}, {"dc", 15}});
  const Prompt* p = prompts_of(t.state(), "madness.fear").at(0);
  CHECK(p->data["dice"] == "1d20+2");
  CHECK(p->data["ability"] == "wis");
  CHECK(p->data["dc"] == 15);

  SECTION("a success: nothing happens") {
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 15}});
    CHECK(t.c(m).conditions.empty());
  }
  SECTION("a failure: frightened (fear) for 10 rounds; the save again at the end of her turns until one holds") {
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 14}});
    REQUIRE(t.c(m).conditions.size() == 1);
    const auto& c = t.c(m).conditions[0];
    CHECK(c.id == "frightened");
    CHECK(c.source == "fear");
    CHECK(c.until.kind == "rounds");
    CHECK(c.until.rounds == 10);
    CHECK(t.session.log(Lang::cs).back().lines.back().find("strach") != std::string::npos);

    std::string o = t.monster("Orc", 15);
    t.run({{"type", "StartEncounter"}, {"initiative", {{m, 18}, {o, 10}}}});
    t.run({{"type", "NextTurn"}});  // Mira's turn ends
    REQUIRE(prompt_count(t.state(), "madness.fear_again") == 1);
    const Prompt* again = prompts_of(t.state(), "madness.fear_again").at(0);
    CHECK(again->creature == m);
    CHECK(again->data["dc"] == 15);
    t.run({{"type", "NextTurn"}});  // the orc's turn ends: nothing for him
    CHECK(prompt_count(t.state(), "madness.fear_again") == 1);
    t.run({{"type", "NextTurn"}});  // Mira's turn ends again: the open question is not asked twice
    CHECK(prompt_count(t.state(), "madness.fear_again") == 1);
    t.run({{"type", "ResolvePrompt"}, {"prompt", again->id}, {"roll", 5}});  // still frightened
    CHECK(t.c(m).conditions.size() == 1);
    t.run({{"type", "NextTurn"}});
    t.run({{"type", "NextTurn"}});
    const std::string id = the_prompt(t.state(), "madness.fear_again");
    const Transaction& tx = t.run({{"type", "ResolvePrompt"}, {"prompt", id}, {"roll", 15}});  // it ends
    CHECK(has_event(tx, "condition_removed"));
    CHECK(t.c(m).conditions.empty());
    t.session.undo();
    CHECK(t.c(m).conditions.size() == 1);
  }
}

TEST_CASE("madness: horror — a CHA save or the madness the DM chose, or one at random", "[rules][madness][horror]") {
  RulesTable t(8);
  new_campaign(t, {{"rules", {{"madness", true}}}});
  std::string m = t.pc("Mira", 20, {{"abilities", {{"cha", 8}}}});
  REQUIRE_REFUSED(t.run({{"type", "Horrify"}, {"target", m}, {"dc", 12}, {"kind", "indefinite"}}), "campaign.err.param");

  SECTION("the DM's choice: long-term, its source 'horror' in the reader's language") {
    t.run({{"type", "Horrify"}, {"target", m}, {"dc", 12}, {"kind", "long"}});
    const Prompt* p = prompts_of(t.state(), "madness.horror").at(0);
    CHECK(p->data["dice"] == "1d20-1");
    CHECK(p->data["kind"] == "long");
    CHECK(p->data["madness"]["uk"] == "довготривале");
    t.run({{"type", "ResolvePrompt"}, {"prompt", p->id}, {"roll", 11}});  // 11 < 12
    REQUIRE(mad(t, m).size() == 1);
    CHECK(mad(t, m)[0].kind == "long");
    CHECK(mad(t, m)[0].source == "horror");
    const auto log = t.session.log(Lang::cs);
    const auto& lines = log.back().lines;
    CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("dlouhodobé, hrůza") != std::string::npos; }));
    t.session.undo();
    CHECK(mad(t, m).empty());
    CHECK(prompt_count(t.state(), "madness.horror") == 1);
  }
  SECTION("a success: no madness") {
    t.run({{"type", "Horrify"}, {"target", m}, {"dc", 12}});
    t.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(t.state(), "madness.horror")}, {"roll", 13}});
    CHECK(mad(t, m).empty());
  }
  SECTION("no kind given: short or long at random, both seen over seeds") {
    std::set<std::string> kinds;
    for (int seed = 1; seed <= 12; ++seed) {
      RulesTable u(static_cast<uint64_t>(seed));
      new_campaign(u, {{"rules", {{"madness", true}}}});
      std::string x = u.pc("Olena", 20);
      u.run({{"type", "Horrify"}, {"target", x}, {"dc", 30}});
      CHECK(prompts_of(u.state(), "madness.horror").at(0)->data["madness"]["en"] == "short- or long-term");
      u.run({{"type", "ResolvePrompt"}, {"prompt", the_prompt(u.state(), "madness.horror")}, {"roll", 1}});
      REQUIRE(rules::madness_of(u.c(x)).size() == 1);
      kinds.insert(rules::madness_of(u.c(x))[0].kind);
    }
    CHECK(kinds == std::set<std::string>{"short", "long"});
  }
}
