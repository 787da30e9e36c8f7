// Rule "limited-uses" (src/core/rules/limited_uses/): an SRD monster's X/day, recharge and per-rest abilities and
// innate spells, the DM's own, spending one, the recharge rolled at the start of its turn across rounds, rests.
#include "core/rules/limited_uses/limited_uses.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
const rules::LimitedUse& use_named(const std::vector<rules::LimitedUse>& uses, const std::string& name) {
  for (const auto& u : uses)
    if (u.name == name) return u;
  FAIL("no use " << name);
  return uses.front();
}
}  // namespace

TEST_CASE("limited-uses: an SRD dragon brings its breath - it recharges on a 5 or 6 at the start of its turn", "[rules][limited-uses]") {
  RulesTable t(21);
  new_campaign(t);
  const std::string pc = t.pc("Bors", 40);
  t.run({{"type", "AddMonsters"}, {"monster", "adult-red-dragon"}});
  const std::string d = t.state().creatures.back().id;
  auto uses = rules::limited_uses_of(t.c(d), Lang::cs);
  REQUIRE(uses.size() == 1);  // Legendary Resistance stays the base engine's
  CHECK(uses[0].name == "Ohnivý dech");
  CHECK(uses[0].kind == "recharge");
  CHECK(uses[0].min == 5);
  CHECK(uses[0].ready());
  t.run({{"type", "StartEncounter"}, {"initiative", {{pc, 20}, {d, 10}}}});
  t.run({{"type", "UseLimited"}, {"target", d}, {"use", 0}});
  CHECK_FALSE(rules::limited_uses_of(t.c(d), Lang::en)[0].ready());
  REQUIRE_REFUSED(t.run({{"type", "UseLimited"}, {"target", d}, {"use", 0}}), "rules.err.use_not_ready");
  // round after round: at the start of the dragon's turn a d6, ready on 5 or 6; never rolled while ready
  int rolls = 0, readied = 0;
  for (int round = 0; round < 40; ++round) {
    const bool was_ready = rules::limited_uses_of(t.c(d), Lang::en)[0].ready();
    t.run({{"type", "NextTurn"}});  // Bors → dragon
    const Transaction& tx = t.session.tail().back();
    const int n = count_events(tx, "recharge_rolled");
    CHECK(n == (was_ready ? 0 : 1));
    for (const auto& e : tx.events)
      if (e.type == "recharge_rolled") {
        ++rolls;
        const int r = e.data["roll"].get<int>();
        CHECK(r >= 1);
        CHECK(r <= 6);
        CHECK(e.data["ready"] == (r >= 5));
        CHECK(rules::limited_uses_of(t.c(d), Lang::en)[0].ready() == (r >= 5));
        if (r >= 5) ++readied;
      }
    if (rules::limited_uses_of(t.c(d), Lang::en)[0].ready()) t.run({{"type", "UseLimited"}, {"target", d}, {"use", 0}});
    t.run({{"type", "NextTurn"}});  // dragon → Bors (a new round)
  }
  CHECK(rolls == 40);  // spent again each time it came back
  CHECK(readied > 3);
  CHECK(readied < 30);
  // the physical die: RollRecharge {roll}
  t.run({{"type", "RollRecharge"}, {"target", d}, {"use", 0}, {"roll", 4}});
  t.run({{"type", "RollRecharge"}, {"target", d}, {"use", 0}, {"roll", 6}});
  CHECK(rules::limited_uses_of(t.c(d), Lang::en)[0].ready());
  t.session.undo();
  CHECK_FALSE(rules::limited_uses_of(t.c(d), Lang::en)[0].ready());
  const auto uk = t.session.log_lines(Lang::uk);
  CHECK(std::any_of(uk.begin(), uk.end(), [](const std::string& l) { return l.find("Вогняний подих — досі не готове (к6: 4") != std::string::npos; }));
}

TEST_CASE("limited-uses: X/day and innate spells - a long rest gives them back, a short rest the per-rest ones", "[rules][limited-uses]") {
  RulesTable t(2);
  new_campaign(t);
  t.run({{"type", "AddMonsters"}, {"monster", "drow"}});
  const std::string drow = t.state().creatures.back().id;
  const auto uses = rules::limited_uses_of(t.c(drow), Lang::en);
  const auto& dark = use_named(uses, "Darkness");
  CHECK(dark.kind == "day");
  CHECK(dark.max == 1);
  CHECK(dark.spell == "darkness");
  CHECK(dark.dc == 11);
  CHECK(use_named(rules::limited_uses_of(t.c(drow), Lang::cs), "Tma").spell == "darkness");
  t.run({{"type", "UseLimited"}, {"target", drow}, {"use", dark.index}});
  REQUIRE_REFUSED(t.run({{"type", "UseLimited"}, {"target", drow}, {"use", dark.index}}), "rules.err.use_none_left");
  REQUIRE_REFUSED(t.run({{"type", "UseLimited"}, {"target", drow}, {"use", 9}}), "campaign.err.param_range");
  // the DM's own monster: 3/day, per rest, a Recharge 6
  const std::string m = t.monster("Šaman", 30);
  REQUIRE_REFUSED(t.run({{"type", "UseLimited"}, {"target", m}, {"use", 0}}), "rules.err.use_none");
  t.run({{"type", "SetLimitedUses"}, {"target", m},
         {"uses", {{{"name", "Kletba"}, {"kind", "day"}, {"max", 3}},
                   {{"name", "Vytí"}, {"kind", "rest"}},
                   {{"name", "Jedovatý plivanec"}, {"kind", "recharge"}}}}});
  auto own = rules::limited_uses_of(t.c(m), Lang::uk);
  REQUIRE(own.size() == 3);
  CHECK(own[0].name == "Kletba");
  CHECK(own[0].left == 3);
  CHECK(own[2].min == 6);
  // set again with what was used (the sheet's editor adds or takes off one): the spent ones stay spent
  t.run({{"type", "UseLimited"}, {"target", m}, {"use", 0}});
  t.run({{"type", "SetLimitedUses"}, {"target", m}, {"uses", rules::limited_uses_list(t.c(m))}});
  CHECK(rules::limited_uses_of(t.c(m), Lang::en)[0].left == 2);
  json fewer = rules::limited_uses_list(t.c(m));
  fewer.erase(1);
  t.run({{"type", "SetLimitedUses"}, {"target", m}, {"uses", fewer}});
  own = rules::limited_uses_of(t.c(m), Lang::en);
  REQUIRE(own.size() == 2);
  CHECK(own[0].left == 2);
  CHECK(own[1].name == "Jedovatý plivanec");
  REQUIRE_REFUSED(t.run({{"type", "SetLimitedUses"}, {"target", m}, {"uses", {{{"name", "X"}, {"kind", "day"}, {"used", 2}}}}}), "campaign.err.param");
  t.session.undo();
  t.session.undo();
  t.session.undo();
  REQUIRE(rules::limited_uses_of(t.c(m), Lang::en).size() == 3);
  CHECK(rules::limited_uses_of(t.c(m), Lang::en)[0].left == 3);
  REQUIRE_REFUSED(t.run({{"type", "SetLimitedUses"}, {"target", m}, {"uses", {{{"name", "X"}, {"kind", "weekly"}}}}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "SetLimitedUses"}, {"target", m}, {"uses", {{{"spell", "no-such"}, {"kind", "day"}}}}}), "rules.err.spell_unknown");
  for (int i : {0, 0, 1, 2}) t.run({{"type", "UseLimited"}, {"target", m}, {"use", i}});
  const Transaction& sr = t.run({{"type", "ShortRest"}});
  CHECK(count_events(sr, "limited_uses_restored") == 1);  // the shaman's howl; the drow's Darkness waits for the day
  own = rules::limited_uses_of(t.c(m), Lang::en);
  CHECK(own[0].left == 1);
  CHECK(own[1].left == 1);
  CHECK_FALSE(own[2].ready());
  t.run({{"type", "LongRest"}});
  own = rules::limited_uses_of(t.c(m), Lang::en);
  CHECK(own[0].left == 3);
  CHECK(own[2].ready());
  CHECK(use_named(rules::limited_uses_of(t.c(drow), Lang::en), "Darkness").left == 1);
  t.session.undo();
  CHECK(use_named(rules::limited_uses_of(t.c(drow), Lang::en), "Darkness").left == 0);
  // bad stored data is refused like any field
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", m},
                         {"patch", {{"modules", {{"limited-uses", {{"uses", {{{"name", "X"}, {"kind", "day"}, {"used", 5}}}}}}}}}}}),
                  "state.err.out_of_range");
}
