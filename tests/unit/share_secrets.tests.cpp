// No DM secret reaches a player: one campaign holding every kind of DM secret (tests/fixtures/scripts/secrets.json:
// NPC loyalty, a hidden creature with its HP and notes, the DM's notes, a secret note, a note about the hidden
// creature, a condition whose source is DM text and whose end is the hidden creature's turn, an unidentified cursed
// item's command word, spells, DC and notes — used and cast in the fight — and a monster's HP the players see only
// as a status) through every player-facing output: the table link and each character link (inflated by hand, not
// through share::decode), the player's view, the log in player mode in cs/uk/en, and `druzina run --player`. Each
// secret is a distinctive marker; the DM's own outputs hold every one of them (so the markers are really there).
// The player-mode screens: tests/ui/screens.ui.cpp ("[secrets]").
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/io/player_view.hpp"
#include "core/rng.hpp"
#include "core/share/link.hpp"

#include "../support/cli.hpp"
#include "../support/link_bytes.hpp"

using nlohmann::json;
using namespace druzina;
using namespace druzina::test;

namespace {

const std::vector<std::string> kMarkers = {
    "DMNOTE_Zk2q",     "WORD_Qm4v",       "SPELL_Hn6j", "ITEMNOTE_Bx9k",          "HIDDENNAME_Xq7w",
    "SOURCE_Yv3n",     "SECRETNOTE_Wp5r", "ABOUTHIDDEN_Rt8m", "HIDDENCREATURENOTE_Lp3d", "NPCNOTE_Gt5c",
    "4321",            // the hidden creature's HP
    "3917",            // the ogre's HP (the players see a status)
};

std::string script_path() { return std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/scripts/secrets.json"; }

campaign::Session secrets_campaign() {
  std::ifstream in(script_path());
  REQUIRE(in);
  const json script = json::parse(in);
  campaign::Session s;
  Rng rng(7);
  long long wall = 1'800'000'000'000;
  for (const auto& cmd : script["commands"]) {
    INFO(cmd.dump());
    REQUIRE_NOTHROW(s.dispatch(cmd, rng, wall += 10'000));
  }
  return s;
}

// The markers found in the text, and the loyalty rule's data on a creature (the NPC's loyalty is a number: its data
// `"npc-loyalty":{"score":…}`, or its log line — see the log section — gives it away; the rule's switch
// `"npc-loyalty":true` is no secret).
std::vector<std::string> secrets_in(const std::string& text) {
  std::vector<std::string> found;
  for (const auto& m : kMarkers)
    if (text.find(m) != std::string::npos) found.push_back(m);
  const std::string key = "\"npc-loyalty\":";  // followed by an object (the rule's data), compact or indented
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    const size_t value = text.find_first_not_of(" \n\t", at + key.size());
    if (value != std::string::npos && text[value] == '{') {
      found.push_back("loyalty");
      break;
    }
  }
  return found;
}

constexpr long long kSetLoyaltyTx = 9;  // the script's SetLoyalty

std::string player_log(const campaign::Session& s, Lang lang, campaign::LogAudience audience) {
  std::string out;
  for (const auto& v : s.history_log(lang, audience)) {
    out += v.summary + "\n";
    for (const auto& e : v.entries)
      for (const auto& line : e.lines) out += line + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("secrets: the DM's outputs hold every marker (the campaign really keeps each secret)", "[share][secrets]") {
  const campaign::Session s = secrets_campaign();
  const std::string dm = json(s.state()).dump() + player_log(s, Lang::en, campaign::LogAudience::dm);
  std::vector<std::string> want = kMarkers;
  want.push_back("loyalty");
  CHECK(secrets_in(dm) == want);
}

TEST_CASE("secrets: no DM secret in the table link, any character link, the player's view or the player's log", "[share][secrets]") {
  const campaign::Session s = secrets_campaign();
  const campaign::Campaign& c = s.state();

  SECTION("the table link, inflated") {
    const std::string bytes = link_bytes(share::encode_table(c, {"camp-1", 1}));
    CHECK(secrets_in(bytes).empty());
    CHECK(bytes.find("Ogre") != std::string::npos);  // (it holds the table)
    // Mira's class and spent slots travel (what her sheet shows), beside no secret
    CHECK(bytes.find("\"k\":\"wizard\"") != std::string::npos);
    CHECK(bytes.find("\"ss\":[0,1]") != std::string::npos);
  }
  SECTION("each character link, inflated") {
    int party = 0;
    for (const auto& x : c.creatures) {
      if (x.kind != "pc" && x.kind != "sidekick") continue;
      ++party;
      INFO(x.name);
      const std::string bytes = link_bytes(share::encode_character(c, x.id, {"camp-1", 1}));
      CHECK(secrets_in(bytes).empty());
      CHECK(bytes.find(x.name) != std::string::npos);
      // the unidentified item is there, without what identifying it tells
      if (x.name == "Borek") CHECK(bytes.find("Plain ring") != std::string::npos);
    }
    CHECK(party == 3);
  }
  SECTION("the player's view (what the table view sends)") {
    const std::string view = io::player_view(c).dump();
    CHECK(secrets_in(view).empty());
    CHECK(view.find("Borek") != std::string::npos);
  }
  SECTION("the log in player mode, in every language") {
    for (Lang lang : kLangs) {
      INFO(std::string(lang_code(lang)));
      const std::string log = player_log(s, lang, campaign::LogAudience::player);
      CHECK(secrets_in(log).empty());
      CHECK(log.find("Borek") != std::string::npos);
      std::string tail;
      for (const auto& e : s.log(lang, campaign::LogAudience::player))
        for (const auto& line : e.lines) tail += line + "\n";
      CHECK(secrets_in(tail).empty());
    }
    // The loyalty's line: in the DM's log, not in the player's.
    auto has_tx = [&](campaign::LogAudience who) {
      for (const auto& v : s.history_log(Lang::en, who))
        for (const auto& e : v.entries)
          if (e.tx == kSetLoyaltyTx && !e.lines.empty()) return true;
      return false;
    };
    CHECK(has_tx(campaign::LogAudience::dm));
    CHECK_FALSE(has_tx(campaign::LogAudience::player));
    // What the player does read: the condition and its end at "someone's" turn, the ogre arriving (no HP).
    const std::string en = player_log(s, Lang::en, campaign::LogAudience::player);
    CHECK(en.find("Borek: poisoned (until the end of the next turn of someone).") != std::string::npos);
    CHECK(en.find("Ogre joins (monster).") != std::string::npos);
    CHECK(en.find("Borek joins (player character), HP 27.") != std::string::npos);  // the party's HP: exact
  }
}

TEST_CASE("secrets: druzina run --player prints no DM secret, in cs, uk and en - without --player it does", "[cli][secrets]") {
  for (const char* lang : {"cs", "uk", "en"}) {
    INFO(lang);
    const auto player = cli(std::string("--json --lang ") + lang + " run '" + script_path() + "' --seed 7 --player");
    REQUIRE(player.code == 0);
    CHECK(secrets_in(player.out).empty());
    const json j = json::parse(player.out);
    CHECK(j["log"].size() > 10);
    CHECK_FALSE(j.contains("events"));
    CHECK(j["state"]["creatures"].size() == 5);  // the hidden creature left out

    const auto text = cli(std::string("--lang ") + lang + " run '" + script_path() + "' --seed 7 --player");
    REQUIRE(text.code == 0);
    CHECK(secrets_in(text.out).empty());

    const auto dm = cli(std::string("--json --lang ") + lang + " run '" + script_path() + "' --seed 7");
    REQUIRE(dm.code == 0);
    CHECK(secrets_in(dm.out).size() == kMarkers.size() + 1);  // (+ the loyalty rule's data)
  }
}
