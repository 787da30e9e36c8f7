// No DM secret reaches a player: one campaign holding every kind of DM secret (tests/fixtures/scripts/secrets.json:
// NPC loyalty, a hidden creature with its HP and notes, the DM's notes, a secret note, a note about the hidden
// creature, a condition whose source is DM text and whose end is the hidden creature's turn, an unidentified cursed
// item's command word, spells, DC and notes — used and cast in the fight — and a monster's HP the players see only
// as a status) through every player-facing output: the table link and each character link (inflated by hand, not
// through share::decode), the player's view, the log in player mode in cs/uk/en, and `druzina run --player`. Each
// secret is a distinctive marker; the DM's own outputs hold every one of them (so the markers are really there).
// The live table over the same campaign: every text the DM's phone sends a player's (each view, each update, the
// answers to her requests, the end) and her copy as her phone stores it.
// The player-mode screens: tests/ui/screens.ui.cpp ("[secrets]").
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/io/player_view.hpp"
#include "core/io/save.hpp"
#include "core/live/protocol.hpp"
#include "core/live/table.hpp"
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
    "HIDDENINJURY_Jf2s",
    "4321",            // the hidden creature's HP
    "3917",            // the ogre's HP (the players see a status)
};

std::string script_path() { return std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/scripts/secrets.json"; }

json secrets_script() {
  std::ifstream in(script_path());
  REQUIRE(in);
  return json::parse(in);
}

// The script's campaign; `after` is called after each of its commands.
campaign::Session secrets_campaign(const std::function<void(const campaign::Session&)>& after = {}) {
  campaign::Session s;
  Rng rng(7);
  long long wall = 1'800'000'000'000;
  const json script = secrets_script();
  for (const auto& cmd : script["commands"]) {
    INFO(cmd.dump());
    REQUIRE_NOTHROW(s.dispatch(cmd, rng, wall += 10'000));
    if (after) after(s);
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

TEST_CASE("secrets: no DM secret in any live message to a player or in the copy her phone keeps", "[live][secrets]") {
  // Borek's phone joins as soon as he is in the campaign and follows it command by command; every byte the DM's
  // phone sends it is kept.
  live::Host host;
  host.table_id = "secrets-1";
  host.add_peer(1);
  live::Guest borek;
  std::string sent;
  const campaign::Session* now = nullptr;
  std::function<void(const std::vector<live::Outgoing>&)> deliver = [&](const std::vector<live::Outgoing>& out) {
    for (const auto& o : out) {
      REQUIRE(o.peer == 1);
      sent += o.text + "\n";
      if (auto back = borek.receive(o.text, 0)) deliver(host.receive(1, *back, now->state(), 0));
    }
  };
  campaign::Session s = secrets_campaign([&](const campaign::Session& at) {
    now = &at;
    if (borek.who.empty() && !at.state().creatures.empty())
      deliver(host.receive(1, borek.hello("c1", "Borek"), at.state(), 0));
    deliver(host.update(at.state(), 0));
  });
  now = &s;
  REQUIRE(borek.follower.view);

  // His requests: each kind for himself (accepted, so the answers and the updates after them are sent too), then
  // one for the hidden creature, one for the NPC and one for a creature that does not exist (refused with a reason),
  // and a spell cast at the hidden creature and at one that does not exist (the same refusal).
  Rng rng(9);
  long long wall = 1'900'000'000'000;
  const std::vector<std::pair<std::string, json>> own = {
      {"damage", {{"amount", 3}}},     {"heal", {{"amount", 2}}},
      {"roll", {{"expr", "1d20+2"}, {"total", 14}}}, {"inspiration", json::object()},
      {"hero_point", json::object()}, {"death_save", {{"roll", 12}}}};
  for (const auto& [kind, args] : own) {
    deliver(host.receive(1, borek.request(kind, args), s.state(), 0));
    while (!host.queue().empty()) {
      bool ok = true;
      try {
        s.dispatch(host.queue().front().command, rng, wall += 10'000);
      } catch (const UserError&) {
        ok = false;
      }
      deliver({host.resolve(0, ok)});
      deliver(host.update(s.state(), 0));
    }
  }
  for (const char* other : {"c5", "c7", "c99"}) {
    const json req = {{"k", "req"}, {"id", 50}, {"r", "heal"}, {"c", other}, {"a", {{"amount", 1}}}};
    deliver(host.receive(1, live::encode(req), s.state(), 0));
  }
  // A spell at the hidden creature: refused exactly as one at a creature that does not exist, and the reply holds
  // no secret (nor does it say that something is there).
  std::vector<std::string> cast_replies;
  for (const char* target : {"c5", "c99"}) {
    const size_t from = sent.size();
    deliver(host.receive(1, borek.request("cast", {{"spell", "magic-missile"}, {"level", 1}, {"targets", {"c6", target}}}),
                         s.state(), 0));
    cast_replies.push_back(sent.substr(from));
    REQUIRE(borek.answers.back().kind == "cast");
    CHECK(borek.answers.back().status == "refused");
    CHECK(borek.answers.back().why.value("key", "") == "live.err.no_target");
  }
  REQUIRE(borek.answers.size() >= 2);
  CHECK(borek.answers[borek.answers.size() - 2].why == borek.answers.back().why);
  CHECK(host.queue().empty());
  for (const auto& r : cast_replies) {
    REQUIRE(r.find('\n') + 1 == r.size());  // one reply, the refusal
    const std::string body = live::decode(r.substr(0, r.size() - 1)).dump();
    CHECK(body.find("\"refused\"") != std::string::npos);
    CHECK(secrets_in(body).empty());
    CHECK(body.find("HIDDENNAME") == std::string::npos);
    CHECK(body.find("c5") == std::string::npos);
  }
  deliver(host.bye());

  REQUIRE(sent.find("Borek") != std::string::npos);  // the test reads real messages
  REQUIRE(sent.find("\"res\"") != std::string::npos);
  CHECK(secrets_in(sent).empty());
  CHECK(sent.find("HIDDENNAME") == std::string::npos);

  // his copy as the Live screen stores it (a session of the view's campaign, saved)
  const json copy = borek.follower.campaign();
  REQUIRE(copy.is_object());
  CHECK(secrets_in(copy.dump()).empty());
  const campaign::Campaign c = copy.get<campaign::Campaign>();
  const campaign::Session kept(campaign::Engine::standard(), c, {}, {}, c, campaign::SessionOptions{});
  const std::string stored = io::save(kept);
  CHECK(stored.find("Borek") != std::string::npos);
  CHECK(secrets_in(stored).empty());
}
