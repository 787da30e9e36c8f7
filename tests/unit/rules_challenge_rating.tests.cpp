// DM rule "challenge-rating": the SRD table at every boundary, SetChallengeRating on the module's per-creature
// data (undo, log, refusals, DM secret), and the `cr` calculator through the CLI.
#include "../support/cli.hpp"
#include "core/io/player_view.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("challenge rating: the SRD table, every rating and every proficiency band", "[rules][challenge_rating]") {
  struct Case { const char* cr; int xp, pb; };
  const Case cases[] = {{"0", 10, 2},        {"1/8", 25, 2},      {"1/4", 50, 2},      {"1/2", 100, 2},
                        {"1", 200, 2},       {"2", 450, 2},       {"3", 700, 2},       {"4", 1100, 2},
                        {"5", 1800, 3},      {"6", 2300, 3},      {"7", 2900, 3},      {"8", 3900, 3},
                        {"9", 5000, 4},      {"10", 5900, 4},     {"11", 7200, 4},     {"12", 8400, 4},
                        {"13", 10000, 5},    {"14", 11500, 5},    {"15", 13000, 5},    {"16", 15000, 5},
                        {"17", 18000, 6},    {"18", 20000, 6},    {"19", 22000, 6},    {"20", 25000, 6},
                        {"21", 33000, 7},    {"22", 41000, 7},    {"23", 50000, 7},    {"24", 62000, 7},
                        {"25", 75000, 8},    {"26", 90000, 8},    {"27", 105000, 8},   {"28", 120000, 8},
                        {"29", 135000, 9},   {"30", 155000, 9}};
  REQUIRE(rules::cr_table().size() == std::size(cases));
  for (size_t i = 0; i < std::size(cases); ++i) {
    CAPTURE(cases[i].cr);
    const auto row = rules::cr_row(cases[i].cr);
    REQUIRE(row);
    CHECK(row->xp == cases[i].xp);
    CHECK(row->proficiency_bonus == cases[i].pb);
    CHECK(std::string(rules::cr_table()[i].cr) == cases[i].cr);  // lowest first
    if (i > 0) CHECK(rules::cr_table()[i].value > rules::cr_table()[i - 1].value);
  }
  CHECK(rules::kCrZeroXpNoAttacks == 0);
  for (const char* bad : {"", "31", "-1", "1/3", "0.5", "1/16", "one"}) CHECK_FALSE(rules::cr_row(bad));
}

TEST_CASE("challenge rating: SetChallengeRating stores it on the creature, undo and log", "[rules][challenge_rating]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string g = t.monster("Goblin", 7);
  CHECK_FALSE(rules::challenge_rating_of(t.c(g)));
  CHECK(rules::challenge_rating_view(t.state(), t.c(g)).on);  // on by default
  const auto& tx = t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", "1/4"}});
  REQUIRE(tx.events.size() == 1);
  CHECK(tx.events[0].type == "challenge_rating_set");
  CHECK(tx.events[0].data == json{{"creature", g}, {"old", nullptr}, {"new", "1/4"}});
  CHECK(t.c(g).modules["challenge-rating"]["cr"] == "1/4");
  auto v = rules::challenge_rating_view(t.state(), t.c(g));
  REQUIRE(v.row);
  CHECK(v.row->xp == 50);
  CHECK(v.row->proficiency_bonus == 2);
  const Engine& e = Engine::standard();
  LogContext lc{Lang::en, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(e.render(tx.events[0], lc) == "Goblin: challenge rating 1/4 (50 XP).");
  lc.lang = Lang::cs;
  CHECK(e.render(tx.events[0], lc) == "Goblin: nebezpečnost 1/4 (50 zk.).");
  lc.lang = Lang::uk;
  CHECK(e.render(tx.events[0], lc) == "Goblin: показник небезпеки 1/4 (50 досвіду).");
  // A number means the same rating; 30 is the top.
  t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", 30}});
  CHECK(rules::challenge_rating_view(t.state(), t.c(g)).row->xp == 155000);
  CHECK(rules::challenge_rating_view(t.state(), t.c(g)).row->proficiency_bonus == 9);
  t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", 0.125}});
  CHECK(*rules::challenge_rating_of(t.c(g)) == "1/8");
  // Cleared: no data left (absent = not set).
  t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", nullptr}});
  CHECK_FALSE(t.c(g).modules.contains("challenge-rating"));
  t.session.undo();
  CHECK(*rules::challenge_rating_of(t.c(g)) == "1/8");
  t.session.undo();
  CHECK(*rules::challenge_rating_of(t.c(g)) == "30");
}

TEST_CASE("challenge rating: refusals, the DM secret, the rule off", "[rules][challenge_rating]") {
  RulesTable t(3);
  new_campaign(t);
  const std::string g = t.monster("Ogre", 59);
  const std::string m = t.pc("Mira", 17);
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", "31"}}), "rules.err.cr_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", 0.3}}), "rules.err.cr_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", true}}), "rules.err.cr_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}}), "campaign.err.param");
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", m}, {"cr", "2"}}), "rules.err.cr_pc");
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", "c999"}, {"cr", "2"}}), "campaign.err.no_creature");
  t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", "2"}});
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", "2"}}), "rules.err.cr_same");
  // Saves stay strict: the module's data is validated.
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", g}, {"patch", {{"modules", {{"challenge-rating", {{"cr", "99"}}}}}}}}),
                  "state.err.not_one_of");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", g}, {"patch", {{"modules", {{"challenge-rating", {{"cr", 2}}}}}}}}),
                  "state.err.wrong_type");
  // Players do not see a monster's rating.
  json pv = io::player_view(t.state());
  for (const auto& x : pv["creatures"]) {
    CAPTURE(x.dump());
    CHECK_FALSE(x.value("rule_data", json::object()).contains("challenge-rating"));
  }
  // Off: refused, the view says so, the rating stays.
  t.run({{"type", "SetSettings"}, {"rules", {{"challenge-rating", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "SetChallengeRating"}, {"target", g}, {"cr", "3"}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::challenge_rating_view(t.state(), t.c(g)).on);
  CHECK(*rules::challenge_rating_of(t.c(g)) == "2");
}

TEST_CASE("cli rule cr: XP and proficiency bonus at the table's ends and bands, bad input exits 2", "[cli][calc][challenge_rating]") {
  CHECK(cli_json("rule cr --cr 0") == json{{"xp", 10}, {"proficiency_bonus", 2}, {"xp_no_attacks", 0}});
  CHECK(cli_json("rule cr --cr 1/8") == json{{"xp", 25}, {"proficiency_bonus", 2}});
  CHECK(cli_json("rule cr --cr 1/4") == json{{"xp", 50}, {"proficiency_bonus", 2}});
  CHECK(cli_json("rule cr --cr 1/2") == json{{"xp", 100}, {"proficiency_bonus", 2}});
  CHECK(cli_json("rule cr --cr 4") == json{{"xp", 1100}, {"proficiency_bonus", 2}});
  CHECK(cli_json("rule cr --cr 5") == json{{"xp", 1800}, {"proficiency_bonus", 3}});
  CHECK(cli_json("rule cr --cr 29") == json{{"xp", 135000}, {"proficiency_bonus", 9}});
  CHECK(cli_json("rule cr --cr 30") == json{{"xp", 155000}, {"proficiency_bonus", 9}});
  auto bad = cli("--lang uk rule cr --cr 31", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("1/8") != std::string::npos);  // the allowed ratings are listed
  CHECK(cli("rule cr").code == 2);
  CHECK(cli("rule cr --cr 0.25").code == 2);
}
