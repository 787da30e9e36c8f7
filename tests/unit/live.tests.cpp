// The live table's protocol (src/core/live/): the handshake codes, the message frame, the view updates and the
// players' requests. Every received text is hostile: each refusal is a UserError with a text in every language.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/guard.hpp"
#include "core/live/protocol.hpp"
#include "core/live/requests.hpp"
#include "core/live/signal.hpp"
#include "core/live/table.hpp"
#include "core/live/view.hpp"
#include "core/rules/class_resources/class_resources.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/share/link.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// An offer as Debian's Chromium makes it for a data channel with no ICE servers (mDNS host candidates).
const char* kOfferSdp =
    "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:1510613869 1 udp 2113937151 2bd1e3a0-5c1f-4b8e-9d7a-0123456789ab.local 54321 typ host generation 0 "
    "network-cost 999\r\n"
    "a=candidate:3952541218 1 udp 2113939711 7f00e1c2-aaaa-4bbb-8ccc-ddddeeeeffff.local 40001 typ host generation 0\r\n"
    "a=candidate:842163049 1 tcp 1518280447 192.168.1.7 9 typ host tcptype active generation 0\r\n"
    "a=candidate:1 1 udp 1686052607 85.12.1.1 3000 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n"
    "a=ice-ufrag:Xk3v\r\na=ice-pwd:q7Xw9tZr1b2c3d4e5f6g7h8i\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 "
    "4F:A1:0B:7C:22:91:DE:33:5A:61:0C:FF:19:8E:72:B4:C3:05:6D:AA:12:9B:E0:47:38:5C:D1:02:F6:7E:81:99\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

template <class F>
std::string refusal(F&& fn) {
  try {
    fn();
  } catch (const UserError& e) {
    for (Lang lang : kLangs) {
      std::string m = e.message(lang);
      INFO(m);
      REQUIRE(m.find("live.") == std::string::npos);  // a text, not its key
      REQUIRE(m.find("io.err") == std::string::npos);
    }
    return e.key();
  }
  return "";
}

// A fight of 6 PCs and 10 monsters, as in the share-link test.
struct Fight {
  Table t{5};
  std::vector<std::string> pcs, monsters;
  Fight() {
    t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}});
    for (const char* name : {"Mira", "Bořek", "Olena", "Tarn", "Jasna", "Kvido"})
      pcs.push_back(t.pc(name, 30 + static_cast<int>(pcs.size()) * 3, {{"level", 5}, {"ac", 15}}));
    t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 7}, {"ac", 15}});
    t.run({{"type", "AddCreature"}, {"name", "Hobgoblin"}, {"kind", "monster"}, {"hp", "2d8+2"}, {"count", 3}, {"ac", 18}});
    t.run({{"type", "StartEncounter"}});
    t.run({{"type", "ApplyDamage"}, {"target", pcs[0]}, {"amount", 9}});
    t.run({{"type", "SetCondition"}, {"target", pcs[1]}, {"condition", "prone"}, {"until", "end_of_next_turn"}});
    t.run({{"type", "SetCondition"}, {"target", pcs[2]}, {"condition", "poisoned"},
           {"until", {{"kind", "minutes"}, {"minutes", 60}}}});
    t.run({{"type", "NextTurn"}});
  }
};

}  // namespace

// ---- the handshake codes ----------------------------------------------------------------------------------

TEST_CASE("live signal: an offer's SDP keeps what the handshake needs, round trip through the code", "[live]") {
  live::Signal s = live::from_sdp(kOfferSdp, 'o');
  REQUIRE(s.ufrag == "Xk3v");
  REQUIRE(s.pwd == "q7Xw9tZr1b2c3d4e5f6g7h8i");
  REQUIRE(s.hash == "sha-256");
  REQUIRE(s.fingerprint.size() == 32);
  REQUIRE(s.fingerprint[0] == 0x4F);
  REQUIRE(s.fingerprint[31] == 0x99);
  REQUIRE(s.setup == "actpass");
  REQUIRE(s.candidates.size() == 2);  // the UDP host candidates; not the TCP one, not the server-reflexive one
  REQUIRE(s.candidates[0].address == "2bd1e3a0-5c1f-4b8e-9d7a-0123456789ab.local");
  REQUIRE(s.candidates[1].port == 40001);

  std::string code = live::encode_signal(s);
  WARN("offer code: " << code.size() << " characters");
  REQUIRE(code.rfind("#l1.", 0) == 0);
  REQUIRE(code.size() < 180);
  live::Signal back = live::decode_signal("https://druzina.example/" + code, 'o');
  REQUIRE(back.ufrag == s.ufrag);
  REQUIRE(back.pwd == s.pwd);
  REQUIRE(back.fingerprint == s.fingerprint);
  REQUIRE(back.setup == s.setup);
  REQUIRE(back.candidates.size() == 2);
  REQUIRE(back.candidates[0].address == s.candidates[0].address);
  REQUIRE(back.candidates[1].port == 40001);

  std::string sdp = live::to_sdp(back);
  for (const char* line : {"a=ice-ufrag:Xk3v\r\n", "a=ice-pwd:q7Xw9tZr1b2c3d4e5f6g7h8i\r\n", "a=setup:actpass\r\n",
                           "a=fingerprint:sha-256 4F:A1:0B:", "2bd1e3a0-5c1f-4b8e-9d7a-0123456789ab.local 54321 typ host",
                           "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=sctp-port:5000"})
    REQUIRE(sdp.find(line) != std::string::npos);
  // what the rebuilt SDP says reads back the same
  live::Signal again = live::from_sdp(sdp, 'o');
  REQUIRE(live::encode_signal(again) == code);
}

TEST_CASE("live signal: IPv4, IPv6 and other host names survive the code", "[live]") {
  live::Signal s = live::from_sdp(kOfferSdp, 'a');
  s.setup = "active";
  s.candidates = {{"192.168.43.1", 50000}, {"fe80::1c2:3ff:fe44:5", 1}, {"phone.lan", 65535}};
  live::Signal back = live::decode_signal(live::encode_signal(s), 'a');
  REQUIRE(back.setup == "active");
  REQUIRE(back.candidates.size() == 3);
  REQUIRE(back.candidates[0].address == "192.168.43.1");
  REQUIRE(back.candidates[1].address == "fe80:0:0:0:1c2:3ff:fe44:5");
  REQUIRE(back.candidates[2].address == "phone.lan");
  REQUIRE(back.candidates[2].port == 65535);
}

TEST_CASE("live signal: a changed, cut, foreign, future or wrong-role code is refused", "[live]") {
  std::string code = live::encode_signal(live::from_sdp(kOfferSdp, 'o'));
  REQUIRE(refusal([&] { live::decode_signal(code, 'a'); }) == "live.err.wrong_role");
  REQUIRE(refusal([&] { live::decode_signal("#d1.abc"); }) == "live.err.not_code");
  REQUIRE(refusal([&] { live::decode_signal("#l9." + code.substr(4)); }) == "live.err.too_new");
  REQUIRE(refusal([&] { live::decode_signal(code.substr(0, code.size() - 6)); }) == "live.err.damaged");
  REQUIRE(refusal([&] { live::decode_signal(std::string(5000, 'l')); }) == "live.err.not_code");
  // every single changed character is caught (the checksum, or the alphabet)
  for (size_t i = 4; i < code.size(); ++i) {
    std::string bad = code;
    bad[i] = bad[i] == 'A' ? 'B' : 'A';
    INFO(i);
    std::string key = refusal([&] { live::decode_signal(bad); });
    REQUIRE(key == "live.err.damaged");
  }
  // an SDP without what the handshake needs
  std::string no_fp = kOfferSdp;
  no_fp.replace(no_fp.find("a=fingerprint"), 2, "x=");
  REQUIRE(refusal([&] { live::from_sdp(no_fp, 'o'); }) == "live.err.sdp");
  std::string no_host = kOfferSdp;
  for (size_t p; (p = no_host.find("typ host")) != std::string::npos;) no_host.replace(p, 8, "typ relay");
  REQUIRE(refusal([&] { live::from_sdp(no_host, 'o'); }) == "live.err.sdp");
}

// ---- the message frame ------------------------------------------------------------------------------------

TEST_CASE("live message: framed, checksummed, parsed back", "[live]") {
  nlohmann::json m = {{"k", "req"}, {"id", 3}, {"r", "initiative"}, {"c", "c1"}, {"a", {{"value", 17}}}};
  std::string text = live::encode(m);
  REQUIRE(text.rfind("L1.", 0) == 0);
  REQUIRE(live::decode(text) == m);
  for (const char* k : {"bye", "resync"}) REQUIRE(live::decode(live::encode({{"k", k}}))["k"] == k);
}

TEST_CASE("live message: hostile texts are refused with a reason, never a crash", "[live]") {
  std::string ok = live::encode({{"k", "hello"}, {"who", "c1"}});
  // a changed byte
  std::string bad = ok;
  bad[bad.size() - 3] ^= 1;
  REQUIRE(refusal([&] { live::decode(bad); }) == "live.err.damaged");
  REQUIRE(refusal([&] { live::decode(ok.substr(0, ok.size() - 1)); }) == "live.err.damaged");
  REQUIRE(refusal([&] { live::decode("hello"); }) == "live.err.damaged");
  REQUIRE(refusal([&] { live::decode("L7.00000000.{}"); }) == "live.err.too_new");
  // too large: refused before the checksum or the parser sees it
  REQUIRE(refusal([&] { live::decode("L1.00000000." + std::string(live::kMaxMessage, ' ')); }) == "live.err.too_large");
  // nesting: bounded before parsing (a frame with a correct checksum around 10,000 brackets)
  auto framed = [](const std::string& body) {
    static const char* hex = "0123456789abcdef";
    uint32_t v = static_cast<uint32_t>(io::fnv1a64(body));
    std::string s(8, '0');
    for (int i = 7; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = hex[v & 15];
    return "L1." + s + "." + body;
  };
  REQUIRE(refusal([&] { live::decode(framed(std::string(10000, '[') + std::string(10000, ']'))); }) ==
          "io.err.too_deep");
  REQUIRE(refusal([&] { live::decode(framed("{\"k\":\"steal\"}")); }) == "live.err.unknown_kind");
  REQUIRE(refusal([&] { live::decode(framed("[1,2]")); }) == "live.err.field");
  REQUIRE(refusal([&] { live::decode(framed("{\"k\":\"req\",\"id\":1,\"r\":\"roll\",\"c\":5}")); }) == "live.err.field");
  REQUIRE(refusal([&] { live::decode(framed("{\"k\":\"view\",\"s\":1,\"t\":0,\"h\":\"0123456789abcdef\"}")); }) ==
          "live.err.field");  // neither a view nor a delta
  REQUIRE(refusal([&] { live::decode(framed("{\"k\":\"res\",\"id\":1,\"st\":\"done\"}")); }) == "live.err.field");
  REQUIRE(refusal([&] { live::decode(framed("{\"k\":\"hello\",\"who\":\"c1\"")); }) == "io.err.not_json");
  REQUIRE(refusal([&] { live::encode({{"k", "steal"}}); }) == "live.err.unknown_kind");
}

// ---- the view ---------------------------------------------------------------------------------------------

TEST_CASE("live view: a delta rebuilds the view exactly - creatures added, removed and reordered", "[live]") {
  Fight f;
  nlohmann::json a = live::players_view(f.t.state());
  REQUIRE(a == share::table_view(f.t.state()));  // the same function as a table link
  f.t.run({{"type", "ApplyDamage"}, {"target", f.pcs[3]}, {"amount", 4}});
  f.t.run({{"type", "NextTurn"}});
  std::string wolf = f.t.monster("Wolf", 11);
  f.t.run({{"type", "RemoveCreature"}, {"target", f.pcs[5]}});
  nlohmann::json b = live::players_view(f.t.state());
  nlohmann::json d = live::make_delta(a, b);
  REQUIRE(live::apply_delta(a, d) == b);
  REQUIRE(d["c"]["r"] == nlohmann::json::array({f.pcs[5]}));
  REQUIRE(d["c"]["u"].size() == 2);  // the damaged PC and the wolf
  // an order change alone
  nlohmann::json c = b;
  std::swap(c["c"][0], c["c"][1]);
  nlohmann::json d2 = live::make_delta(b, c);
  REQUIRE(d2["c"].contains("o"));
  REQUIRE(live::apply_delta(b, d2) == c);
  // nothing changed: an empty delta
  REQUIRE(live::make_delta(b, b).empty());
  // a delta that does not fit is refused
  REQUIRE(refusal([&] { live::apply_delta(b, {{"c", {{"o", {"nobody"}}}}}); }) == "live.err.field");
  REQUIRE(refusal([&] { live::apply_delta(b, {{"x", 1}}); }) == "live.err.field");
}

TEST_CASE("live view: 6 PCs and 10 monsters in a fight: the whole view and a hit each fit in 2 KB", "[live]") {
  Fight f;
  nlohmann::json a = live::players_view(f.t.state());
  std::string whole = live::encode(live::view_message(nullptr, 0, a, 1, 1764480000000, {"Mira", "Olena"}));
  f.t.run({{"type", "ApplyDamage"}, {"target", f.pcs[2]}, {"amount", 6}});
  nlohmann::json b = live::players_view(f.t.state());
  nlohmann::json m = live::view_message(&a, 1, b, 2, 1764480001000, {"Mira", "Olena"});
  std::string hit = live::encode(m);
  WARN("live view of 6 PCs and 10 monsters: whole " << whole.size() << " bytes, a hit " << hit.size() << " bytes");
  REQUIRE(whole.size() <= 2048);
  REQUIRE(m.contains("d"));  // the delta is the shorter one here
  REQUIRE(hit.size() < 300);
  // a player's copy follows
  live::Follower p;
  REQUIRE(p.apply(live::decode(whole)));
  REQUIRE(p.apply(live::decode(hit)));
  REQUIRE(*p.view == b);
  REQUIRE(p.players == std::vector<std::string>{"Mira", "Olena"});
  nlohmann::json camp = p.campaign();
  REQUIRE(camp["creatures"].size() == 16);
}

TEST_CASE("live view: a player's copy is kept when an update does not fit it (she asks for the whole view)", "[live]") {
  Fight f;
  nlohmann::json a = live::players_view(f.t.state());
  live::Follower p;
  nlohmann::json first = live::view_message(nullptr, 0, a, 1, 0, {});
  f.t.run({{"type", "ApplyDamage"}, {"target", f.pcs[2]}, {"amount", 6}});
  nlohmann::json b = live::players_view(f.t.state());
  nlohmann::json delta = live::view_message(&a, 1, b, 2, 0, {});
  REQUIRE_FALSE(p.apply(delta));  // no view yet to apply it to
  REQUIRE(p.apply(first));
  nlohmann::json wrong_base = delta;
  wrong_base["b"] = 7;
  REQUIRE_FALSE(p.apply(wrong_base));
  nlohmann::json wrong_hash = delta;
  wrong_hash["h"] = "0000000000000000";
  REQUIRE_FALSE(p.apply(wrong_hash));
  REQUIRE(*p.view == a);
  REQUIRE(p.seq == 1);
  // a whole view that is not a table is not kept either
  nlohmann::json junk = {{"k", "view"}, {"s", 3}, {"t", 0}, {"v", {{"n", 1}}}};
  junk["h"] = live::view_hash(junk["v"]);
  REQUIRE_FALSE(p.apply(junk));
  REQUIRE(p.apply(delta));
  REQUIRE(*p.view == b);
}

TEST_CASE("live view: the messages hold no DM secret", "[live]") {
  Table t(21);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}, {"dm_notes", "SECRET-DM-NOTES"}});
  std::string mira = t.pc("Mira", 17, {{"notes", "SECRET-PC-NOTES"}, {"level", 3}});
  std::string hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}, {"notes", "SECRET-NPC-NOTES"}});
  t.run({{"type", "SetLoyalty"}, {"target", hans}, {"value", 3}});
  std::string spy = t.add({{"name", "SECRET-SPY"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}});
  t.run({{"type", "AddNote"}, {"text", "SECRET-NOTE"}, {"secret", true}});
  t.run({{"type", "AddMagicItem"}, {"target", mira}, {"name", "Wand"}, {"command_word", "SECRET-WORD"},
         {"identified", false}});
  t.run({{"type", "SetClass"}, {"target", mira}, {"class", "cleric"}, {"subclass", "Life"}});
  nlohmann::json a = live::players_view(t.state());
  t.run({{"type", "StartEncounter"}, {"initiative", {{mira, 10}, {spy, 20}, {hans, 3}}}});
  t.run({{"type", "ApplyDamage"}, {"target", spy}, {"amount", 4}});
  t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 3}});
  t.run({{"type", "SpendSpellSlot"}, {"target", mira}, {"level", 2}});
  nlohmann::json b = live::players_view(t.state());
  std::string bytes = live::encode(live::view_message(nullptr, 0, a, 1, 0, {})) +
                      live::encode(live::view_message(&a, 1, b, 2, 0, {}));
  REQUIRE(bytes.find("Mira") != std::string::npos);  // the test reads real messages
  REQUIRE(bytes.find("\"ss\":[0,1]") != std::string::npos);  // with her spent slot (her sheet shows it)
  // (the spy's id quoted: the views' hashes are hex digits, and "c3" may be among them)
  const std::string spy_id = "\"" + spy + "\"";
  for (const char* secret : {"SECRET", "loyalty", "dm_notes", "hidden", "command_word", "\"9\"", spy_id.c_str()})
    REQUIRE(bytes.find(secret) == std::string::npos);
}

// ---- the players' requests --------------------------------------------------------------------------------

TEST_CASE("live requests: her own character only - each kind becomes an ordinary, undoable command", "[live]") {
  Fight f;
  const std::string& mira = f.pcs[0];
  auto req = [](const std::string& kind, const std::string& who, nlohmann::json args) {
    if (args.is_null()) args = nlohmann::json::object();  // {} is null in a braced list
    return nlohmann::json{{"k", "req"}, {"id", 1}, {"r", kind}, {"c", who}, {"a", std::move(args)}};
  };
  // another player's character, nobody's, a monster
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("heal", f.pcs[1], {{"amount", 3}})); }) ==
          "live.err.not_yours");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), "", req("heal", mira, {{"amount", 3}})); }) ==
          "live.err.not_yours");
  std::string goblin = f.t.state().creatures[6].id;
  REQUIRE(refusal([&] { live::to_command(f.t.state(), goblin, req("heal", goblin, {{"amount", 3}})); }) ==
          "live.err.not_party");
  REQUIRE(refusal([&] { live::check_claim(f.t.state(), goblin); }) == "live.err.not_party");
  // a bad kind or argument
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("levelup", mira, {})); }) == "live.err.unknown_request");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("heal", mira, {{"amount", -5}})); }) ==
          "live.err.argument");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("roll", mira, {{"expr", "1d20"}, {"total", 25}})); }) ==
          "live.err.argument");
  // what the rules refuse
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("inspiration", mira, {})); }) ==
          "rules.err.no_inspiration");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req("initiative", mira, {{"value", 15}})); }) ==
          "live.err.in_fight");

  // accepted: dispatched as the DM's phone does, in the log, undone by Undo
  nlohmann::json heal = live::to_command(f.t.state(), mira, req("heal", mira, {{"amount", 4}}));
  REQUIRE(heal == nlohmann::json{{"type", "Heal"}, {"target", mira}, {"amount", 4}});
  int before = f.t.c(mira).hp;
  f.t.run(heal);
  REQUIRE(f.t.c(mira).hp == before + 4);
  f.t.session.undo();
  REQUIRE(f.t.c(mira).hp == before);

  nlohmann::json roll = live::to_command(f.t.state(), mira, req("roll", mira, {{"expr", "1d20+5"}, {"total", 17}, {"dice", "12"}}));
  REQUIRE(roll["type"] == "AddNote");
  REQUIRE(roll["text"] == "1d20+5 = 17 (12)");
  REQUIRE(live::to_command(f.t.state(), mira, req("damage", mira, {{"amount", 5}, {"type", "fire"}})) ==
          nlohmann::json{{"type", "ApplyDamage"}, {"target", mira}, {"amount", 5}, {"damage_type", "fire"}});

  // initiative: a PC that is not in the running fight joins it
  std::string late = f.t.pc("Lada", 20);
  nlohmann::json join = live::to_command(f.t.state(), late, req("initiative", late, {{"value", 14}}));
  REQUIRE(join == nlohmann::json{{"type", "JoinEncounter"}, {"target", late}, {"initiative", 14}});
  f.t.run(join);
  bool in = false;
  for (const auto& e : f.t.state().encounter->order) in = in || (e.creature == late && e.initiative == 14);
  REQUIRE(in);
  REQUIRE_FALSE(f.t.session.log(Lang::cs).back().lines.empty());

  // death save: a PC at 0 HP
  f.t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", f.t.c(mira).hp}});  // to 0 HP, not dead
  nlohmann::json ds = live::to_command(f.t.state(), mira, req("death_save", mira, {{"roll", 12}}));
  REQUIRE(ds == nlohmann::json{{"type", "DeathSave"}, {"target", mira}, {"roll", 12}});
  f.t.run(ds);
  REQUIRE(f.t.c(mira).death_saves.successes == 1);

  // inspiration: spent (the luck rule rolls the second d20 when the first is given)
  f.t.run({{"type", "SetInspiration"}, {"target", f.pcs[1]}, {"value", true}});
  REQUIRE(live::to_command(f.t.state(), f.pcs[1], req("inspiration", f.pcs[1], {{"first_roll", 4}}))["type"] ==
          "UseInspiration");
  REQUIRE(live::to_command(f.t.state(), f.pcs[1], req("inspiration", f.pcs[1], {}))["type"] == "SetInspiration");
  // the queue's line
  REQUIRE(live::describe(f.t.state(), req("initiative", late, {{"value", 14}}), Lang::en) == "Lada: initiative 14");
}

TEST_CASE("live requests: a spell slot - her own, of a level she has and has left, by the spell-slots rule", "[live]") {
  Fight f;
  const std::string& mira = f.pcs[0];
  const std::string& borek = f.pcs[1];
  f.t.run({{"type", "SetSpellcasting"}, {"target", mira}, {"classes", "wizard:3"}});  // 4 of the 1st level, 2 of the 2nd
  f.t.run({{"type", "SetSpellcasting"}, {"target", borek}, {"classes", "warlock:2"}});  // 2 pact slots of the 1st
  auto req = [](const std::string& who, nlohmann::json args) {
    return nlohmann::json{{"k", "req"}, {"id", 7}, {"r", "spell_slot"}, {"c", who}, {"a", std::move(args)}};
  };
  // for another character: refused before the rules are asked
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(borek, {{"level", 1}})); }) == "live.err.not_yours");
  // a slot she does not have: a 3rd-level one, a pact slot (she is no warlock)
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", 3}})); }) ==
          "rules.err.spell_level_unavailable");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", 1}, {"pact", true}})); }) ==
          "rules.err.spell_level_unavailable");
  // a malformed level or pact
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", 0}})); }) == "live.err.argument");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", "2"}})); }) == "live.err.argument");
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", 1}, {"pact", 1}})); }) ==
          "live.err.argument");

  // accepted: SpendSpellSlot, in the log, undoable; the last one of a level spent, the next request is refused
  nlohmann::json spend = live::to_command(f.t.state(), mira, req(mira, {{"level", 2}}));
  REQUIRE(spend == nlohmann::json{{"type", "SpendSpellSlot"}, {"target", mira}, {"level", 2}});
  REQUIRE(rules::slots_view(f.t.state(), f.t.c(mira)).left[1] == 2);
  f.t.run(spend);
  REQUIRE(rules::slots_view(f.t.state(), f.t.c(mira)).left[1] == 1);
  f.t.session.undo();
  REQUIRE(rules::slots_view(f.t.state(), f.t.c(mira)).left[1] == 2);
  f.t.run(spend);
  f.t.run(live::to_command(f.t.state(), mira, req(mira, {{"level", 2}})));
  REQUIRE(rules::slots_view(f.t.state(), f.t.c(mira)).left[1] == 0);
  REQUIRE(refusal([&] { live::to_command(f.t.state(), mira, req(mira, {{"level", 2}})); }) ==
          "rules.err.spell_no_slot_left");
  // the warlock's pact slot
  REQUIRE(live::to_command(f.t.state(), borek, req(borek, {{"level", 1}, {"pact", true}})) ==
          nlohmann::json{{"type", "SpendSpellSlot"}, {"target", borek}, {"level", 1}, {"pact", true}});
  // the DM's queue, in every language
  REQUIRE(live::describe(f.t.state(), req(mira, {{"level", 2}}), Lang::en) == "Mira: spends a spell slot (level 2)");
  REQUIRE(live::describe(f.t.state(), req(borek, {{"level", 1}, {"pact", true}}), Lang::en) ==
          "Bořek: spends a pact slot (level 1)");
  REQUIRE(live::describe(f.t.state(), req(mira, {{"level", 2}}), Lang::cs) == "Mira: utratí pozici kouzla (2. úrovně)");
  REQUIRE(live::describe(f.t.state(), req(mira, {{"level", 2}}), Lang::uk) ==
          "Mira: витрачає комірку заклинання (2-го рівня)");

  // her phone shows her slots as the DM's phone counts them: the view carries them, a spend is a small delta
  const nlohmann::json before = live::players_view(f.t.state());
  live::Follower phone;
  REQUIRE(phone.apply(live::view_message(nullptr, 0, before, 1, 0, {})));
  f.t.run(live::to_command(f.t.state(), mira, req(mira, {{"level", 1}})));
  f.t.run(live::to_command(f.t.state(), borek, req(borek, {{"level", 1}, {"pact", true}})));
  const nlohmann::json after = live::players_view(f.t.state());
  const nlohmann::json update = live::view_message(&before, 1, after, 2, 0, {});
  REQUIRE(update.contains("d"));
  WARN("live update of two slots spent: " << live::encode(update).size() << " bytes");
  REQUIRE(live::encode(update).size() < 300);
  REQUIRE(phone.apply(update));
  const Campaign copy = phone.campaign().get<Campaign>();
  for (const std::string& who : {mira, borek}) {
    const rules::SlotsView dm = rules::slots_view(f.t.state(), f.t.c(who));
    const rules::SlotsView hers = rules::slots_view(copy, *campaign::find_creature(copy, who));
    CHECK(hers.left == dm.left);
    CHECK(hers.max == dm.max);
    CHECK(hers.pact_left == dm.pact_left);
  }
  CHECK(rules::slots_view(copy, *campaign::find_creature(copy, mira)).left[0] == 3);
  CHECK(rules::slots_view(copy, *campaign::find_creature(copy, borek)).pact_left == 1);
}

TEST_CASE("live requests: a class feature - her own, one she has and has left, by the class-resources rule", "[live]") {
  Fight f;
  const std::string& mira = f.pcs[0];
  const std::string& borek = f.pcs[1];
  f.t.run({{"type", "SetClass"}, {"target", mira}, {"class", "monk"}});       // 5 ki points
  f.t.run({{"type", "SetClass"}, {"target", borek}, {"class", "paladin"}});   // Lay on Hands: 25 points
  std::string goblin;
  for (const auto& x : f.t.state().creatures)
    if (x.kind == "monster" && goblin.empty()) goblin = x.id;
  auto req = [](const std::string& who, nlohmann::json args) {
    return nlohmann::json{{"k", "req"}, {"id", 8}, {"r", "class_resource"}, {"c", who}, {"a", std::move(args)}};
  };
  const auto& s = f.t.state();
  // for another character: refused before the rules are asked
  REQUIRE(refusal([&] { live::to_command(s, mira, req(borek, {{"resource", "lay_on_hands"}})); }) == "live.err.not_yours");
  // a feature she does not have, more ki than she has
  REQUIRE(refusal([&] { live::to_command(s, mira, req(mira, {{"resource", "rage"}})); }) == "rules.err.resource_unknown");
  REQUIRE(refusal([&] { live::to_command(s, mira, req(mira, {{"resource", "ki"}, {"amount", 6}})); }) ==
          "rules.err.resource_too_few");
  // malformed arguments
  REQUIRE(refusal([&] { live::to_command(s, mira, req(mira, {{"resource", 3}})); }) == "live.err.argument");
  REQUIRE(refusal([&] { live::to_command(s, mira, req(mira, {{"resource", "ki"}, {"amount", 0}})); }) == "live.err.argument");
  REQUIRE(refusal([&] { live::to_command(s, mira, req(mira, {{"resource", std::string(41, 'k')}})); }) == "live.err.argument");
  // Lay on Hands on a party member; not on a monster
  REQUIRE(live::to_command(s, borek, req(borek, {{"resource", "lay_on_hands"}, {"amount", 5}, {"on", mira}})) ==
          nlohmann::json{{"type", "SpendClassResource"}, {"target", borek}, {"resource", "lay_on_hands"}, {"amount", 5},
                         {"on", mira}});
  REQUIRE(refusal([&] { live::to_command(s, borek, req(borek, {{"resource", "lay_on_hands"}, {"on", goblin}})); }) ==
          "live.err.not_party");
  // accepted: an ordinary command, undoable
  const nlohmann::json spend = live::to_command(s, mira, req(mira, {{"resource", "ki"}, {"amount", 2}}));
  REQUIRE(spend == nlohmann::json{{"type", "SpendClassResource"}, {"target", mira}, {"resource", "ki"}, {"amount", 2}});
  auto ki_left = [&] { return rules::find_class_resource(rules::class_resources_of(f.t.c(mira)), "ki")->left; };
  REQUIRE(ki_left() == 5);
  f.t.run(spend);
  REQUIRE(ki_left() == 3);
  f.t.session.undo();
  REQUIRE(ki_left() == 5);
  // the DM's queue names the feature in her language
  REQUIRE(live::describe(s, req(mira, {{"resource", "ki"}, {"amount", 2}}), Lang::en) == "Mira: uses Ki points (2)");
  REQUIRE(live::describe(s, req(borek, {{"resource", "lay_on_hands"}, {"amount", 5}}), Lang::cs).find("Bořek: použije ") == 0);
  REQUIRE(live::describe(s, req(mira, {{"resource", "ki"}}), Lang::uk).find("Mira: використовує ") == 0);
  REQUIRE(live::describe(s, req(mira, {{"resource", "<b>"}}), Lang::en) == "Mira: uses <b> (1)");
}

TEST_CASE("live requests: a spell cast - her own, at creatures the players see, by the spells rule", "[live]") {
  Fight f;
  const std::string& mira = f.pcs[0];
  const std::string& borek = f.pcs[1];
  f.t.run({{"type", "SetSpellcasting"}, {"target", mira}, {"classes", "wizard:5"}});  // 4, 3 and 2 slots of the 1st–3rd
  std::vector<std::string> goblins;
  for (const auto& x : f.t.state().creatures)
    if (x.name.rfind("Goblin", 0) == 0 && goblins.size() < 3) goblins.push_back(x.id);
  REQUIRE(goblins.size() == 3);
  const std::string spy = f.t.monster("Spy", 9, {{"hidden", true}});
  const std::string mayor = f.t.add({{"name", "Mayor"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}});
  REQUIRE(f.t.c(spy).hidden);
  REQUIRE(f.t.c(mayor).hidden);
  auto req = [](const std::string& who, nlohmann::json args) {
    return nlohmann::json{{"k", "req"}, {"id", 9}, {"r", "cast"}, {"c", who}, {"a", std::move(args)}};
  };
  const auto& s = f.t.state();
  auto refused = [&](const std::string& who, const nlohmann::json& args) {
    return refusal([&] { live::to_command(s, mira, req(who, args)); });
  };
  auto reply = [&](const nlohmann::json& args) {  // the whole refusal as the player's phone would get it
    try {
      live::to_command(s, mira, req(mira, args));
    } catch (const UserError& e) {
      return nlohmann::json{{"key", e.key()}, {"args", e.args()}, {"en", e.message(Lang::en)}}.dump();
    }
    return std::string("accepted");
  };
  // for another character: refused before the rules are asked
  REQUIRE(refused(borek, {{"spell", "fireball"}, {"level", 3}}) == "live.err.not_yours");
  // a hidden monster, a hidden NPC and an id nobody has: the same refusal, word for word, naming none of them
  const std::string nobody = reply({{"spell", "fireball"}, {"level", 3}, {"targets", {goblins[0], "c999"}}});
  CHECK(nobody.find("live.err.no_target") != std::string::npos);
  CHECK(reply({{"spell", "fireball"}, {"level", 3}, {"targets", {goblins[0], spy}}}) == nobody);
  CHECK(reply({{"spell", "fireball"}, {"level", 3}, {"targets", {goblins[0], mayor}}}) == nobody);
  for (const std::string& secret : {spy, mayor, std::string("Spy"), std::string("Mayor"), std::string("c999")})
    CHECK(nobody.find(secret) == std::string::npos);
  // what the spells rule refuses, with its own reason: a level she has no slot of, below the spell's, unknown
  REQUIRE(refused(mira, {{"spell", "fireball"}, {"level", 4}}) == "rules.err.spell_level_unavailable");
  REQUIRE(refused(mira, {{"spell", "fireball"}, {"level", 2}}) == "rules.err.spell_level_too_low");
  REQUIRE(refused(mira, {{"spell", "wingardium"}}) == "rules.err.spell_unknown");
  REQUIRE(refused(mira, {{"spell", "fireball"}, {"ritual", true}}) == "rules.err.spell_not_ritual");
  // malformed arguments
  for (const nlohmann::json& bad :
       {nlohmann::json{{"level", 3}}, nlohmann::json{{"spell", 7}}, nlohmann::json{{"spell", std::string(101, 'x')}},
        nlohmann::json{{"spell", "fireball"}, {"level", 10}}, nlohmann::json{{"spell", "fireball"}, {"level", "3"}},
        nlohmann::json{{"spell", "fireball"}, {"targets", goblins[0]}},
        nlohmann::json{{"spell", "fireball"}, {"targets", nlohmann::json::array()}},
        nlohmann::json{{"spell", "fireball"}, {"targets", {goblins[0], 3}}},
        nlohmann::json{{"spell", "fireball"}, {"targets", std::vector<std::string>(51, goblins[0])}},
        nlohmann::json{{"spell", "fireball"}, {"total", -1}}, nlohmann::json{{"spell", "fireball"}, {"total", 10001}},
        nlohmann::json{{"spell", "fireball"}, {"total", 2.5}}, nlohmann::json{{"spell", "fireball"}, {"ritual", "yes"}},
        nlohmann::json{{"spell", "fire-bolt"}, {"advantage", 1}},
        nlohmann::json{{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {21}}},
        nlohmann::json{{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", "12"}},
        nlohmann::json{{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {20}}, {"totals", "9"}},
        nlohmann::json{{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {20}}, {"totals", {-1}}},
        nlohmann::json{{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {20}},
                       {"totals", nlohmann::json::array()}},
        nlohmann::json{{"spell", "contagion"}, {"level", 5}, {"disease", 5}}}) {
    INFO(bad.dump());
    CHECK(refused(mira, bad) == "live.err.argument");
  }
  // the spell attack's d20s as the rule takes them: one per attack
  REQUIRE(refused(mira, {{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {12, 3}}}) ==
          "rules.err.spell_attack_rolls");
  REQUIRE(live::to_command(s, mira, req(mira, {{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {12}}})) ==
          nlohmann::json{{"type", "CastSpell"}, {"caster", mira}, {"spell", "fire-bolt"}, {"targets", {goblins[0]}},
                         {"attack_rolls", {12}}});

  // each hit's damage as she rolled it: bounded by the rule (a critical Fire Bolt at level 5 makes 4–40)
  REQUIRE(refused(mira, {{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {20}}, {"totals", {50}}}) ==
          "rules.err.spell_total_range");
  REQUIRE(live::to_command(s, mira, req(mira, {{"spell", "fire-bolt"}, {"targets", {goblins[0]}}, {"attack_rolls", {20}},
                                               {"totals", {25}}})) ==
          nlohmann::json{{"type", "CastSpell"}, {"caster", mira}, {"spell", "fire-bolt"}, {"targets", {goblins[0]}},
                         {"attack_rolls", {20}}, {"totals", {25}}});
  CHECK(live::describe(s, req(mira, {{"spell", "scorching-ray"}, {"level", 2}, {"totals", {9, 14}}}), Lang::en) ==
        "Mira: casts Scorching Ray (2nd level), 9, 14 rolled at the table");

  // accepted: CastSpell, the rule's own command; one undo step takes back the slot and the damage
  const nlohmann::json typed = live::to_command(s, mira, req(mira, {{"spell", "magic-missile"}, {"level", 1},
                                                                    {"targets", {goblins[1]}}, {"total", 4}}));
  REQUIRE(typed == nlohmann::json{{"type", "CastSpell"}, {"caster", mira}, {"spell", "magic-missile"}, {"level", 1},
                                  {"targets", {goblins[1]}}, {"total", 4}});
  const int hp = f.t.c(goblins[1]).hp;
  const size_t log_before = f.t.session.log(Lang::en).size();
  f.t.run(typed);
  CHECK(f.t.last_types().front() == "spell_cast");
  CHECK(rules::slots_view(s, f.t.c(mira)).left[0] == 3);
  CHECK(f.t.c(goblins[1]).hp == std::max(0, hp - 4));
  REQUIRE(f.t.session.log(Lang::en).size() == log_before + 1);
  f.t.session.undo();
  CHECK(rules::slots_view(s, f.t.c(mira)).left[0] == 4);
  CHECK(f.t.c(goblins[1]).hp == hp);
  // Roll for me: no total; the DM's phone rolls when it runs the command (here the table's RNG)
  const nlohmann::json rolled = live::to_command(s, mira, req(mira, {{"spell", "fireball"}, {"level", 3}, {"targets", goblins}}));
  CHECK_FALSE(rolled.contains("total"));
  const Transaction& tx = f.t.run(rolled);
  CHECK(tx.events.front().data["dice"] == "8d6");
  CHECK(tx.events.front().data.contains("total"));
  CHECK_FALSE(tx.events.front().data.contains("rolled"));  // (the app's roll, not the table's)
  f.t.run(live::to_command(s, mira, req(mira, {{"spell", "fireball"}, {"level", 3}})));
  CHECK(rules::slots_view(s, f.t.c(mira)).left[2] == 0);
  // no slot of that level left: the rule's reason
  REQUIRE(refused(mira, {{"spell", "fireball"}, {"level", 3}}) == "rules.err.spell_no_slot_left");

  // the DM's queue: the spell by its name in the DM's language, the level, how many targets
  const auto fireball = req(mira, {{"spell", "fireball"}, {"level", 3}, {"targets", goblins}});
  CHECK(live::describe(s, fireball, Lang::en) == "Mira: casts Fireball (3rd level) at 3 targets");
  CHECK(live::describe(s, fireball, Lang::cs) == "Mira: sesílá kouzlo Ohnivá koule (3. úroveň) na 3 cíle");
  CHECK(live::describe(s, fireball, Lang::uk) == "Mira: створює заклинання Вогняна куля (3-й рівень) на 3 цілі");
  CHECK(live::describe(s, req(mira, {{"spell", "fire-bolt"}, {"targets", {goblins[0]}}}), Lang::en) ==
        "Mira: casts Fire Bolt (cantrip) at 1 target");
  CHECK(live::describe(s, req(mira, {{"spell", "magic-missile"}, {"level", 1}, {"total", 9}}), Lang::en) ==
        "Mira: casts Magic Missile (1st level), 9 rolled at the table");
  CHECK(live::describe(s, req(mira, {{"spell", "detect-magic"}, {"ritual", true}}), Lang::en) ==
        "Mira: casts Detect Magic as a ritual");
  CHECK(live::describe(s, req(mira, {{"spell", "<b>"}, {"level", "x"}}), Lang::en) == "Mira: casts <b> (cantrip)");
}

TEST_CASE("live requests: a hidden character cannot be claimed or acted for", "[live]") {
  Table t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string ghost = t.pc("Ghost", 10, {{"hidden", true}});
  REQUIRE(refusal([&] { live::check_claim(t.state(), ghost); }) == "live.err.not_party");
  nlohmann::json r = {{"k", "req"}, {"id", 1}, {"r", "heal"}, {"c", ghost}, {"a", {{"amount", 1}}}};
  REQUIRE(refusal([&] { live::to_command(t.state(), ghost, r); }) == "live.err.not_party");
}

// ---- the two ends together --------------------------------------------------------------------------------

TEST_CASE("live table: the DM's phone and two players' phones, message by message", "[live]") {
  Fight f;
  live::Host host;
  live::Guest mira, olena;
  host.add_peer(1);
  host.add_peer(2);
  long long now = 1000;
  // the texts each side sends are delivered to the other (peer 1 is Mira's phone, peer 2 Olena's)
  auto to_dm = [&](int peer, const std::string& text) {
    for (const auto& o : host.receive(peer, text, f.t.state(), now)) {
      live::Guest& g = o.peer == 1 ? mira : olena;
      if (auto back = g.receive(o.text, now)) host.receive(o.peer, *back, f.t.state(), now);
    }
  };
  auto broadcast = [&] {
    for (const auto& o : host.update(f.t.state(), now)) {
      live::Guest& g = o.peer == 1 ? mira : olena;
      if (auto back = g.receive(o.text, now)) to_dm(o.peer, *back);
    }
  };
  host.table_id = "5f3a_09-c";  // the campaign's share id: her phone keeps its copy of the table under it
  to_dm(1, mira.hello(f.pcs[0], "Mira"));
  to_dm(2, olena.hello(f.pcs[2], "Olena"));
  REQUIRE(mira.follower.view);
  REQUIRE(mira.follower.table_id == "5f3a_09-c");
  // an id that is not one (a path, a quote, too long, empty) is refused with the whole message
  for (const std::string& bad : std::vector<std::string>{"../x", "a\"b", std::string(65, 'a'), ""}) {
    nlohmann::json v = {{"k", "view"}, {"s", 1}, {"t", 0}, {"h", std::string(16, '0')}, {"v", nlohmann::json::object()},
                        {"id", bad}};
    REQUIRE(refusal([&] { live::decode(live::encode(v)); }) == "live.err.field");
  }
  REQUIRE(host.players()[0].name == "Mira");
  REQUIRE(olena.follower.players == std::vector<std::string>{"Mira", "Olena"});
  // a second claim of Mira is refused
  live::Guest thief;
  host.add_peer(3);
  auto replies = host.receive(3, thief.hello(f.pcs[0], "?"), f.t.state(), now);
  REQUIRE(replies.size() == 2);
  thief.receive(replies[0].text, now);
  REQUIRE(thief.answers.back().status == "refused");
  REQUIRE(thief.answers.back().why["key"] == "live.err.taken");
  host.remove_peer(3);

  // the DM deals damage: each player's copy shows it
  f.t.run({{"type", "ApplyDamage"}, {"target", f.pcs[0]}, {"amount", 5}});
  now = 2000;
  broadcast();
  nlohmann::json camp = mira.follower.campaign();
  REQUIRE(camp["creatures"][0]["hp"] == f.t.c(f.pcs[0]).hp);
  REQUIRE(olena.last_update == 2000);
  REQUIRE(host.update(f.t.state(), now).empty());  // nothing changed: nothing sent

  // Olena asks for a heal of Mira: refused, with the reason; nothing queued
  olena.who = f.pcs[0];  // a tampered phone claims another character in the request itself
  to_dm(2, olena.request("heal", {{"amount", 3}}));
  REQUIRE(olena.answers.back().status == "refused");
  REQUIRE(olena.answers.back().why["key"] == "live.err.not_yours");
  REQUIRE(host.queue().empty());
  olena.who = f.pcs[2];

  // Mira's death save is queued; the DM accepts: the command runs, the answer goes back
  f.t.run({{"type", "ApplyDamage"}, {"target", f.pcs[0]}, {"amount", f.t.c(f.pcs[0]).hp}});
  broadcast();
  to_dm(1, mira.request("death_save", {{"roll", 15}}));
  REQUIRE(mira.answers.back().status == "queued");
  REQUIRE(host.queue().size() == 1);
  f.t.run(host.queue()[0].command);
  mira.receive(host.resolve(0, true).text, now);
  REQUIRE(mira.answers.back().status == "accepted");
  REQUIRE(f.t.c(f.pcs[0]).death_saves.successes == 1);
  // auto-accepted kinds are marked for the screen to dispatch at once
  host.auto_accept.insert("roll");
  to_dm(2, olena.request("roll", {{"expr", "1d20"}, {"total", 11}}));
  REQUIRE(host.queue().back().automatic);
  mira.receive(host.resolve(0, false).text, now);  // declined

  // a lost update: the next delta does not fit Mira's copy, she asks for the whole view and is whole again
  f.t.run({{"type", "Heal"}, {"target", f.pcs[0]}, {"amount", 3}});
  auto lost = host.update(f.t.state(), now);
  REQUIRE(lost.size() == 2);
  olena.receive(lost[1].text, now);  // Olena gets hers; Mira's is lost
  f.t.run({{"type", "Heal"}, {"target", f.pcs[0]}, {"amount", 2}});
  broadcast();
  REQUIRE(*mira.follower.view == live::players_view(f.t.state()));
  REQUIRE(*olena.follower.view == live::players_view(f.t.state()));

  // hostile texts change nothing on either side
  long long seq = mira.follower.seq;
  mira.receive("L1.00000000.{}", now);
  mira.receive(live::encode({{"k", "hello"}, {"who", "c1"}}), now);
  REQUIRE(mira.bad() == 2);
  REQUIRE(mira.follower.seq == seq);
  REQUIRE(host.receive(1, std::string(300000, '{'), f.t.state(), now).empty());
  REQUIRE(host.refused() == 1);
  // the DM ends the table
  for (const auto& o : host.bye()) (o.peer == 1 ? mira : olena).receive(o.text, now);
  REQUIRE(mira.ended);
}
