// The npc-loyalty rule: the limits from the party's Charisma, help / harm / betrayal with rolled and entered dice,
// the clamps (0, the maximum, never above 20), who may have a score, the states, the calculator — and that the
// score, a DM secret, is in nothing a player gets: io::player_view, a table link, a character link (a sidekick).
#include "core/calc/calc.hpp"
#include "core/io/player_view.hpp"
#include "core/rules/npc_loyalty/npc_loyalty.hpp"
#include "core/share/link.hpp"
#include "rules_helpers.hpp"
#include "../support/link_bytes.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

int score(const RulesTable& t, const std::string& id) { return rules::loyalty_view(t.state(), t.c(id)).score; }

}  // namespace

TEST_CASE("loyalty: the maximum is the party's highest Charisma, the start half of it", "[rules][loyalty]") {
  CHECK(rules::loyalty_limits(0).max == 0);
  CHECK(rules::loyalty_limits(0).start == 0);
  CHECK(rules::loyalty_limits(15).max == 15);
  CHECK(rules::loyalty_limits(15).start == 7);  // rounded down
  CHECK(rules::loyalty_limits(16).start == 8);
  CHECK(rules::loyalty_limits(1).start == 0);
  CHECK(rules::loyalty_limits(20).max == 20);
  CHECK(rules::loyalty_limits(24).max == 20);  // the scale ends at 20
  CHECK(rules::loyalty_limits(24).start == 12);
  CHECK(rules::loyalty_state(20) == "risks_life");
  CHECK(rules::loyalty_state(10) == "risks_life");
  CHECK(rules::loyalty_state(9) == "wavering");
  CHECK(rules::loyalty_state(1) == "wavering");
  CHECK(rules::loyalty_state(0) == "leaves");

  Rng rng(1);
  CHECK(calc::run("loyalty", {{"highest-cha", 15}}, rng) == json{{"max", 15}, {"start", 7}});
  CHECK(calc::run("loyalty", {{"highest-cha", 30}}, rng) == json{{"max", 20}, {"start", 15}});
  CHECK(error_key([&] { calc::run("loyalty", {{"highest-cha", 0}}, rng); }) == "calc.err.too_small");
  CHECK(error_key([&] { calc::run("loyalty", json::object(), rng); }) == "calc.err.missing_param");
}

TEST_CASE("loyalty: help, harm and betrayal move the score, clamped to 0..max", "[rules][loyalty]") {
  RulesTable t(7);
  new_campaign(t);
  std::string mira = t.pc("Mira", 17, {{"abilities", {{"cha", 14}}}});
  t.pc("Bran", 20, {{"abilities", {{"cha", 16}}}});
  std::string hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}});
  auto v = rules::loyalty_view(t.state(), t.c(hans));
  CHECK(v.on);
  CHECK(v.eligible);
  CHECK_FALSE(v.tracked);
  CHECK(v.highest_cha == 16);
  CHECK(v.max == 16);
  CHECK(v.start == 8);
  CHECK(v.score == 8);
  CHECK(v.state == "wavering");

  // Not tracked yet: a change starts from the start value. Entered dice.
  const auto& help = t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "help"}, {"roll", 3}});
  REQUIRE(help.events.size() == 1);
  CHECK(help.events[0].data == json{{"creature", hans}, {"old", 8}, {"new", 11}, {"max", 16}, {"reason", "help"},
                                    {"dice", "1d4"}, {"roll", 3}, {"rolled", false}});
  CHECK(t.c(hans).modules["npc-loyalty"]["score"] == 11);
  CHECK(rules::loyalty_view(t.state(), t.c(hans)).state == "risks_life");
  // The log line says what happened and what it means.
  const auto log = t.session.log(Lang::en);
  CHECK(log.back().lines.at(0) == "Hans: loyalty 8 → 11 of 16 (help, 1d4 = 3): risks its life for the party.");

  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "harm"}, {"roll", 4}});
  CHECK(score(t, hans) == 7);
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "betrayal"}, {"roll", 8}});
  CHECK(score(t, hans) == 0);  // 7 − 8: never below 0
  CHECK(rules::loyalty_view(t.state(), t.c(hans)).state == "leaves");
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "harm"}, {"roll", 2}});
  CHECK(score(t, hans) == 0);

  // Never above the maximum.
  t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 15}});
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "help"}, {"roll", 4}});
  CHECK(score(t, hans) == 16);

  // Rolled by the engine: 1d4 and 2d4 in range, the dice recorded.
  for (int i = 0; i < 30; ++i) {
    t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 10}});
    const auto& tx = t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", i % 2 ? "betrayal" : "harm"}});
    const json& d = tx.events.at(0).data;
    CHECK(d["rolled"] == true);
    const int roll = d["roll"].get<int>();
    if (i % 2) {
      CHECK(d["dice"] == "2d4");
      CHECK((roll >= 2 && roll <= 8));
    } else {
      CHECK(d["dice"] == "1d4");
      CHECK((roll >= 1 && roll <= 4));
    }
    CHECK(score(t, hans) == 10 - roll);
  }

  // Refusals: dice out of range, a reason the rule does not know, a value above the maximum, a PC, a monster.
  REQUIRE_REFUSED(t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "help"}, {"roll", 5}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "betrayal"}, {"roll", 1}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "bribe"}}), "campaign.err.bad_choice");
  REQUIRE_REFUSED(t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 17}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "SetLoyalty"}, {"target", mira}, {"value", 5}}), "rules.err.loyalty_not_npc");
  std::string goblin = t.monster("Goblin", 7);
  REQUIRE_REFUSED(t.run({{"type", "ChangeLoyalty"}, {"target", goblin}, {"reason", "help"}}), "rules.err.loyalty_not_npc");
  // Bad stored data is refused like any declared field.
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", hans}, {"patch", {{"modules", {{"npc-loyalty", {{"score", 21}}}}}}}}),
                  "state.err.out_of_range");
  // Undo takes a change back.
  t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 12}});
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "harm"}, {"roll", 1}});
  CHECK(score(t, hans) == 11);
  t.session.undo();
  CHECK(score(t, hans) == 12);
}

TEST_CASE("loyalty: the cap at 20, the party's Charisma changing, no party, SetLoyalty to start", "[rules][loyalty]") {
  RulesTable t(8);
  new_campaign(t);
  std::string ayla = t.pc("Ayla", 17, {{"abilities", {{"cha", 24}}}});
  std::string sk = t.add({{"name", "Pip"}, {"kind", "sidekick"}, {"hp", 9}});
  const auto& start = t.run({{"type", "SetLoyalty"}, {"target", sk}});
  CHECK(start.events.at(0).data == json{{"creature", sk}, {"max", 20}, {"new", 12}, {"reason", "start"}});
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Pip: loyalty tracked from 12 of 20: risks its life for the party.");
  t.run({{"type", "SetLoyalty"}, {"target", sk}, {"value", 20}});
  REQUIRE_REFUSED(t.run({{"type", "SetLoyalty"}, {"target", sk}, {"value", 21}}), "campaign.err.param_range");
  t.run({{"type", "ChangeLoyalty"}, {"target", sk}, {"reason", "help"}, {"roll", 4}});
  CHECK(score(t, sk) == 20);  // CHA 24, but never above 20

  // The party's best Charisma falls (Ayla's CHA drops to 12): the score reads as clamped to the new maximum, and
  // the next change starts from there.
  t.run({{"type", "UpdateCreature"}, {"target", ayla}, {"patch", {{"abilities", {{"cha", 12}}}}}});
  auto v = rules::loyalty_view(t.state(), t.c(sk));
  CHECK(v.max == 12);
  CHECK(v.score == 12);
  t.run({{"type", "ChangeLoyalty"}, {"target", sk}, {"reason", "harm"}, {"roll", 2}});
  CHECK(score(t, sk) == 10);

  // No living PC: no maximum, the commands say why.
  t.run({{"type", "RemoveCreature"}, {"target", ayla}});
  CHECK(rules::loyalty_view(t.state(), t.c(sk)).max == 0);
  REQUIRE_REFUSED(t.run({{"type", "ChangeLoyalty"}, {"target", sk}, {"reason", "help"}}), "rules.err.loyalty_no_party");
  for (const Lang lang : kLangs) {
    try {
      t.run({{"type", "SetLoyalty"}, {"target", sk}});
      FAIL("not refused");
    } catch (const UserError& e) {
      const std::string m = e.message(lang);
      CHECK(m.find("Pip") != std::string::npos);
      CHECK(m.find("rules.err") == std::string::npos);
    }
  }
  // Off, the rule refuses its commands; the score stays stored.
  t.pc("Bran", 10, {{"abilities", {{"cha", 10}}}});
  t.run({{"type", "SetSettings"}, {"rules", {{"npc-loyalty", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "SetLoyalty"}, {"target", sk}, {"value", 3}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::loyalty_view(t.state(), t.c(sk)).on);
  CHECK(rules::stored_loyalty(t.c(sk)) == 10);
}

TEST_CASE("loyalty: a DM secret — not in the player view, a table link or a character link", "[rules][loyalty][share]") {
  RulesTable t(9);
  new_campaign(t);
  std::string mira = t.pc("Mira", 17, {{"abilities", {{"cha", 18}}}, {"level", 3}});
  std::string hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}});
  std::string pip = t.add({{"name", "Pip"}, {"kind", "sidekick"}, {"hp", 9}});
  // The state without any loyalty, to compare the links with.
  const Campaign before = t.state();
  t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 13}});
  t.run({{"type", "SetLoyalty"}, {"target", pip}, {"value", 17}});
  const Campaign& c = t.state();
  REQUIRE(rules::stored_loyalty(*find_creature(c, hans)) == 13);
  REQUIRE(rules::stored_loyalty(*find_creature(c, pip)) == 17);

  // The module declares the field a DM secret.
  const Module* m = Engine::standard().module(rules::kLoyalty);
  REQUIRE(m != nullptr);
  REQUIRE(m->creature_data.size() == 2);  // the score, and what a save before schema 8 kept as loyalty
  for (const auto& f : m->creature_data) CHECK(f.secret);

  // io::player_view
  const std::string view = io::player_view(c).dump();
  INFO(view);
  CHECK(view.find("loyalty") == std::string::npos);
  CHECK(view.find("\"score\"") == std::string::npos);
  CHECK(view == io::player_view(before).dump());

  // The players' table link: not the key, and the bytes are those of the same table without any loyalty.
  const std::string table = link_bytes(share::encode_table(c));
  CHECK(table.find("loyalty") == std::string::npos);
  CHECK(table.find("score") == std::string::npos);
  CHECK(table == link_bytes(share::encode_table(before)));
  share::Decoded d = share::decode(share::encode_table(c));
  for (const auto& x : d.payload["creatures"]) {
    CHECK_FALSE((x.contains("modules") && x["modules"].contains("npc-loyalty")));
    CHECK_FALSE(x.contains("loyalty"));
  }

  // A character link of the sidekick (a party member with a score) and of a PC.
  for (const std::string& who : {pip, mira}) {
    CAPTURE(who);
    const std::string link = share::encode_character(c, who, {"camp-1", 0});
    const std::string bytes = link_bytes(link);
    CHECK(bytes.find("loyalty") == std::string::npos);
    CHECK(bytes.find("score") == std::string::npos);
    CHECK(bytes == link_bytes(share::encode_character(before, who, {"camp-1", 0})));
    const Campaign back = share::decode(link).payload.get<Campaign>();
    REQUIRE(back.creatures.size() == 1);
    CHECK_FALSE(rules::stored_loyalty(back.creatures[0]).has_value());
  }
  // An NPC has no character link at all.
  CHECK(error_key([&] { share::encode_character(c, hans, {}); }) == "link.err.not_party");
}
