// House rule "flanking" and the attack helper (src/core/rules/attack_roll/).
#include "core/rules/attack_roll/attack_roll.hpp"
#include "core/rules/inspiration_luck/inspiration_luck.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("attack roll: flanking adds +2 directly, +1 from the side, never advantage", "[rules][flanking]") {
  RulesTable t(51);
  new_campaign(t);
  std::string a = t.pc("Bořek", 30);
  std::string g = t.monster("Goblin", 7, {{"ac", 15}});
  struct Case {
    const char* flanking;
    int total;
    bool hit;
  };
  const Case cases[] = {{"none", 17, true}, {"side", 18, true}, {"direct", 19, true}};
  for (const auto& k : cases) {
    CAPTURE(k.flanking);
    const Transaction& tx = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"bonus", 5}, {"flanking", k.flanking}, {"rolls", {12}}});
    const json& d = find_event(tx, "attack_rolled")->data;
    CHECK(d["total"] == k.total);
    CHECK(d["hit"] == k.hit);
    CHECK(d["mode"] == "normal");
    CHECK(d["rolls"].size() == 1);
  }
  // 8 + 5 + 2 = 15 hits AC 15 only with direct flanking.
  const Transaction& near = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"bonus", 5}, {"flanking", "side"}, {"rolls", {8}}});
  CHECK(find_event(near, "attack_rolled")->data["hit"] == false);
  const Transaction& hit = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"bonus", 5}, {"flanking", "direct"}, {"rolls", {8}}});
  CHECK(find_event(hit, "attack_rolled")->data["hit"] == true);
  REQUIRE_REFUSED(t.run({{"type", "AttackRoll"}, {"attacker", a}, {"flanking", "behind"}}), "campaign.err.param");
}

TEST_CASE("attack roll: advantage, natural 20 and 1, inspiration offered", "[rules][flanking]") {
  RulesTable t(52);
  new_campaign(t);
  std::string a = t.pc("Bořek", 30);
  std::string g = t.monster("Goblin", 7, {{"ac", 30}});
  const Transaction& adv = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"advantage", true}, {"rolls", {3, 20}}});
  const json& d = find_event(adv, "attack_rolled")->data;
  CHECK(d["kept"] == 20);
  CHECK(d["natural20"] == true);
  CHECK(d["hit"] == true);
  CHECK(d["critical"] == true);
  const Transaction& dis = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"bonus", 40}, {"disadvantage", true}, {"rolls", {1, 20}}});
  CHECK(find_event(dis, "attack_rolled")->data["hit"] == false);  // natural 1 misses
  REQUIRE_REFUSED(t.run({{"type", "AttackRoll"}, {"attacker", a}, {"advantage", true}, {"rolls", {3}}}), "rules.err.attack_rolls");
  const Transaction& both = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"advantage", true}, {"disadvantage", true}});
  CHECK(find_event(both, "attack_rolled")->data["rolls"].size() == 1);
  CHECK(find_event(both, "attack_rolled")->data["inspiration"] == false);

  t.run({{"type", "SetInspiration"}, {"target", a}, {"value", true}});
  const Transaction& insp = t.run({{"type", "AttackRoll"}, {"attacker", a}, {"target", g}, {"bonus", 5}, {"rolls", {4}}});
  const json& i = find_event(insp, "attack_rolled")->data;
  CHECK(i["inspiration"] == true);
  // The typed result the attack helper draws from reads the same.
  const auto typed = rules::attack_result(insp.events);
  REQUIRE(typed);
  CHECK(typed->attacker == a);
  CHECK(typed->target == g);
  CHECK(typed->rolls == std::vector<int>{4});
  CHECK(typed->kept == 4);
  CHECK(typed->total == i["total"].get<int>());
  CHECK(typed->ac == i["ac"].get<int>());
  CHECK(typed->hit == i["hit"].get<bool>());
  CHECK(typed->inspiration);
  // The helper's follow-up: inspiration as luck on the attack.
  const Transaction& luck = t.run({{"type", "UseInspiration"}, {"target", a}, {"first_roll", typed->kept}, {"roll", 19},
                                   {"modifier", typed->bonus + typed->flank_bonus}, {"dc", typed->ac}});
  CHECK(find_event(luck, "inspiration_used")->data["total"] == 24);
  CHECK(find_event(luck, "inspiration_used")->data["success"] == false);
  const auto reroll = rules::luck_reroll(luck.events);
  REQUIRE(reroll);
  CHECK(reroll->first == 4);
  CHECK(reroll->second == 19);
  CHECK(reroll->kept == 19);
  CHECK(reroll->total == 24);
  CHECK(reroll->dc == typed->ac);
  CHECK_FALSE(reroll->success);
  CHECK_FALSE(rules::attack_result(luck.events));  // no attack in that transaction
}

TEST_CASE("attack roll: with flanking switched off, a flanking position is refused", "[rules][flanking]") {
  RulesTable t(53);
  new_campaign(t, {{"rules", {{"flanking", false}}}});
  std::string a = t.pc("Bořek", 30);
  REQUIRE_REFUSED(t.run({{"type", "AttackRoll"}, {"attacker", a}, {"flanking", "direct"}}), "rules.err.flanking_off");
  t.run({{"type", "AttackRoll"}, {"attacker", a}, {"flanking", "none"}, {"rolls", {10}}});
  std::vector<std::string> log = t.session.log_lines(Lang::en);
  const std::string want = "Bořek attacks: d20 10 +0 = 10.";
  REQUIRE(log.back().size() >= want.size());
  CHECK(log.back().substr(log.back().size() - want.size()) == want);
}

TEST_CASE("attack roll: rules::attack_roll works a roll out as AttackRoll does and stores nothing", "[rules][flanking]") {
  // The combat screen's roll while the attack-roll rule is off: the same maths, from the core, nothing stored.
  RulesTable t(54);
  new_campaign(t, {{"rules", {{"attack-roll", false}}}});
  std::string a = t.pc("Bořek", 30);
  std::string g = t.monster("Goblin", 7, {{"ac", 15}});
  const campaign::Campaign& state = t.session.state();
  const long long before = state.last_tx;
  Rng rng(7);
  // 8 + 5 + 2 (direct flanking) = 15 hits AC 15
  json d = rules::attack_roll(state, {{"attacker", a}, {"target", g}, {"bonus", 5}, {"flanking", "direct"}, {"rolls", {8}}}, rng);
  CHECK(d["total"] == 15);
  CHECK(d["flank_bonus"] == 2);
  CHECK(d["hit"] == true);
  CHECK(d["critical"] == false);
  CHECK(d["ac"] == 15);
  CHECK(d["rolled"] == false);
  // disadvantage rolls two d20s and keeps the lower
  json dis = rules::attack_roll(state, {{"attacker", a}, {"target", g}, {"disadvantage", true}}, rng);
  REQUIRE(dis["rolls"].size() == 2);
  CHECK(dis["kept"] == std::min(dis["rolls"][0].get<int>(), dis["rolls"][1].get<int>()));
  CHECK(dis["mode"] == "disadvantage");
  CHECK(dis["rolled"] == true);
  // a natural 20 is a critical hit whatever the AC
  json crit = rules::attack_roll(state, {{"attacker", a}, {"target", g}, {"bonus", -5}, {"rolls", {20}}}, rng);
  CHECK(crit["hit"] == true);
  CHECK(crit["critical"] == true);
  CHECK(state.last_tx == before);  // nothing was stored
  CHECK_THROWS_AS(rules::attack_roll(state, {{"attacker", a}, {"flanking", "behind"}}, rng), UserError);
}
