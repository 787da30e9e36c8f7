// The alignment rule: the nine alignments (and unaligned) with their texts, SetAlignment setting, changing and
// clearing a creature's alignment, the refusals, what players see.
#include "core/io/player_view.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("alignment: the nine and unaligned, each with a name, an abbreviation and a description", "[rules][alignment]") {
  const auto& all = rules::alignments();
  REQUIRE(all.size() == 10);
  std::set<std::pair<int, int>> axes;
  for (const auto& a : all) {
    CAPTURE(a.id);
    CHECK(rules::find_alignment(a.id) == &a);
    if (std::string(a.id) != "unaligned") CHECK(axes.insert({a.law, a.good}).second);  // the 3 × 3 grid, once each
    for (const Lang lang : kLangs) {
      CHECK(has_key(lang, a.name_key));
      CHECK(has_key(lang, a.abbr_key));
      CHECK(has_key(lang, a.desc_key));
    }
  }
  CHECK(axes.size() == 9);
  CHECK(tr(Lang::en, rules::find_alignment("lg")->name_key) == "Lawful good");
  CHECK(tr(Lang::cs, rules::find_alignment("ce")->abbr_key) == "CZ");
  CHECK(tr(Lang::uk, rules::find_alignment("ln")->abbr_key) == "ЗН");
  CHECK(rules::find_alignment("good") == nullptr);
}

TEST_CASE("alignment: SetAlignment sets, changes and clears it, undoably", "[rules][alignment]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 12);
  const std::string shark = t.monster("Shark", 22);
  CHECK_FALSE(rules::alignment_of(t.c(mira)).has_value());
  CHECK(rules::alignment_view(t.state(), t.c(mira)).info == nullptr);

  const auto& tx = t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "ng"}});
  CHECK(tx.events.at(0).data == json{{"creature", mira}, {"new", "ng"}});
  CHECK(t.c(mira).modules["alignment"]["alignment"] == "ng");
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Mira: alignment not set → Neutral good.");
  t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "cg"}});
  CHECK(t.session.log(Lang::cs).back().lines.at(0) == "Mira: přesvědčení Neutrálně dobrý → Chaoticky dobrý.");
  const auto v = rules::alignment_view(t.state(), t.c(mira));
  CHECK(v.on);
  REQUIRE(v.info != nullptr);
  CHECK(std::string(v.info->id) == "cg");
  t.run({{"type", "SetAlignment"}, {"target", shark}, {"alignment", "unaligned"}});
  CHECK(rules::alignment_of(t.c(shark)) == "unaligned");

  // Clearing leaves no data (absent = not set); undo brings it back.
  t.run({{"type", "SetAlignment"}, {"target", mira}});
  CHECK_FALSE(t.c(mira).modules.contains("alignment"));
  t.session.undo();
  CHECK(rules::alignment_of(t.c(mira)) == "cg");

  REQUIRE_REFUSED(t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "cg"}}), "rules.err.alignment_same");
  REQUIRE_REFUSED(t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "good"}}), "rules.err.alignment_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", 3}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", {{"modules", {{"alignment", {{"alignment", "xx"}}}}}}}}),
                  "rules.err.alignment_unknown");
  for (const Lang lang : kLangs) {
    try {
      t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "good"}});
      FAIL("not refused");
    } catch (const UserError& e) {
      CHECK(e.message(lang).find("good") != std::string::npos);
      CHECK(e.message(lang).find("rules.err") == std::string::npos);
    }
  }

  // Players see their party's alignment, not a monster's.
  const json pv = io::player_view(t.state());
  for (const auto& x : pv["creatures"]) {
    if (x["name"] == "Mira") CHECK(x["rule_data"]["alignment"]["alignment"] == "cg");
    if (x["name"] == "Shark") CHECK_FALSE(x.contains("rule_data"));
  }
  // Off: refused, the value stays.
  t.run({{"type", "SetSettings"}, {"rules", {{"alignment", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "SetAlignment"}, {"target", mira}, {"alignment", "ln"}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::alignment_view(t.state(), t.c(mira)).on);
  CHECK(rules::alignment_of(t.c(mira)) == "cg");
}
