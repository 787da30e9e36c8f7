// The live table screen without a browser: the app's UI on one side, the other side's phone played by the test
// through the native loopback (platform/native/live.cpp) and the core's Host / Guest (core/live/table.hpp). The
// codes go through the screen's own QR text (the tracked URL) and the scanner's input (headless.hpp: scan_code).
#include <catch2/catch.hpp>

#include <string>

#include "core/campaign/session.hpp"
#include "core/live/protocol.hpp"
#include "core/live/requests.hpp"
#include "core/live/signal.hpp"
#include "core/live/table.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "headless.hpp"
#include "platform/live.hpp"
#include "platform/native/headless.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"

using druzina::uitest::Headless;
using nlohmann::json;
namespace live = druzina::live;
namespace net = druzina::platform::live;
namespace native = druzina::platform::native;

namespace {

std::string label(const Headless& app, const std::string& id) {
  const auto w = app.find(id);
  return w ? w->label : "(" + id + " not drawn)";
}

std::string id_of(const Headless& app, const std::string& name) {
  const json campaign = app.campaign();  // (a temporary's element would not outlive the loop's first step)
  for (const auto& c : campaign["creatures"])
    if (c["name"] == name) return c["id"].get<std::string>();
  throw std::runtime_error("no creature " + name);
}

// The player's phone: answers the DM's offer (read from the screen's QR code) and shows its answer to the DM's
// scanner; then a Guest on the connection.
struct Phone {
  int peer = 0;
  live::Guest guest;
  void answer(Headless& app) {
    std::string offer = label(app, "live.offer_qr");
    REQUIRE(offer.find("#l1.") != std::string::npos);
    peer = net::accept_offer(live::to_sdp(live::decode_signal(offer, 'o')));
    REQUIRE(peer);
    std::string code = live::encode_signal(live::from_sdp(net::local_sdp(peer), 'a'));
    if (app.find("live.scan")) {  // the scanner stays open for the next player once opened
      REQUIRE(app.scroll_to("live.scan"));
      app.tap("live.scan");
    }
    native::scan_code("http://localhost/" + code);
    app.frame(3);
  }
  void send(Headless& app, const std::string& text) {
    REQUIRE(net::send(peer, text));
    app.frame(3);
    pump();
  }
  void pump() {
    while (auto text = net::receive(peer))
      if (auto back = guest.receive(*text, 0)) net::send(peer, *back);
  }
};

// The DM's phone played by the test (its campaign, its Host) with the app as a player's phone: join() opens the DM's
// offer, takes her answer, claims her character and opens her sheet from her copy (the Party screen in player mode).
struct DmPhone {
  Headless& app;
  druzina::campaign::Session& dm;
  druzina::Rng& rng;
  live::Host host;
  int offer = 0;
  void join(const std::string& who) {
    offer = net::create_offer();
    native::open_fragment(live::encode_signal(live::from_sdp(net::local_sdp(offer), 'o')));
    app.frame(3);
    REQUIRE(net::accept_answer(offer, live::to_sdp(live::decode_signal(label(app, "live.answer_qr"), 'a'))));
    host.add_peer(offer);
    pump();
    app.tap("live.me." + who);
    pump();
    REQUIRE(host.players()[0].who == who);
    app.tap("live.back");
    app.tap("tab.party");
    REQUIRE(druzina::ui::ui_player_mode());
    app.tap("party.card." + who);
  }
  // her phone's texts to the DM's phone, and the DM's replies
  void pump() {
    app.frame(3);
    while (auto text = net::receive(offer))
      for (const auto& o : host.receive(offer, *text, dm.state(), 0)) net::send(o.peer, o.text);
    app.frame(3);
  }
  // the DM accepts (her request's command dispatched on the DM's phone, with its RNG) or declines the one request
  void accept(bool yes) {
    REQUIRE(host.queue().size() == 1);
    if (yes) dm.dispatch(host.queue()[0].command, rng);
    net::send(offer, host.resolve(0, yes).text);
    for (const auto& o : host.update(dm.state(), 0)) net::send(o.peer, o.text);
    app.frame(3);
  }
};

}  // namespace

TEST_CASE("live table, DM: a player joins by the codes, follows the damage, her initiative is accepted", "[ui][live]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}, {"dm_notes", "SECRET-DM"}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Olena"}, {"kind", "pc"}, {"hp", 18}, {"hit_die", 8}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Spy"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}}));
  const std::string mira = id_of(app, "Mira"), olena = id_of(app, "Olena"), goblin = id_of(app, "Goblin");
  app.tap("tab.party");
  app.tap("party.live");
  REQUIRE(label(app, "screen.live") == "Live table");
  app.frame(2);
  Phone phone;
  phone.answer(app);
  CHECK(label(app, "live.players") == "1");
  phone.send(app, phone.guest.hello(mira, "Mira"));
  REQUIRE(phone.guest.follower.view);
  CHECK(label(app, "live.player.0") == "Mira");

  // the DM deals damage: the player's copy shows it
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 6}}));
  app.frame(2);
  phone.pump();
  json copy = phone.guest.follower.campaign();
  CHECK(copy["creatures"][0]["hp"] == 14);

  // her initiative for a running fight: queued, then accepted by the DM's tap
  REQUIRE(app.dispatch({{"type", "StartEncounter"}, {"participants", {olena, goblin}}}));
  app.frame(2);
  phone.pump();
  phone.send(app, phone.guest.request("initiative", {{"value", 17}}));
  CHECK(phone.guest.answers.back().status == "queued");
  CHECK(label(app, "live.request.0") == "Mira: initiative 17");
  REQUIRE(app.scroll_to("live.accept.0", true));  // (the open scanner is in sight below)
  app.tap("live.accept.0");
  app.frame(2);
  phone.pump();
  CHECK(phone.guest.answers.back().status == "accepted");
  bool joined = false;
  const json after = app.campaign();
  for (const auto& e : after["encounter"]["order"]) joined = joined || (e["creature"] == mira && e["initiative"] == 17);
  CHECK(joined);

  // a spell slot: one she has (a 1st-level wizard's) is queued, shown and spent on accept; one she has not is refused
  REQUIRE(app.dispatch({{"type", "SetSpellcasting"}, {"target", mira}, {"classes", "wizard:1"}}));
  app.frame(2);
  phone.pump();
  phone.send(app, phone.guest.request("spell_slot", {{"level", 3}}));
  CHECK(phone.guest.answers.back().status == "refused");
  CHECK(phone.guest.answers.back().why["key"] == "rules.err.spell_level_unavailable");
  CHECK_FALSE(app.find("live.request.0"));
  phone.send(app, phone.guest.request("spell_slot", {{"level", 1}}));
  CHECK(phone.guest.answers.back().status == "queued");
  CHECK(label(app, "live.request.0") == "Mira: spends a spell slot (level 1)");
  REQUIRE(app.scroll_to("live.accept.0", true));  // (the open scanner is in sight below)
  app.tap("live.accept.0");
  app.frame(2);
  phone.pump();
  CHECK(phone.guest.answers.back().status == "accepted");
  const json slots = app.campaign();
  for (const auto& c : slots["creatures"])
    if (c["id"] == mira) CHECK(c["modules"]["spell-slots"]["spent"][0] == 1);

  // a request for another character is refused, and nothing is queued
  phone.guest.who = olena;
  phone.send(app, phone.guest.request("heal", {{"amount", 2}}));
  CHECK(phone.guest.answers.back().status == "refused");
  CHECK(phone.guest.answers.back().why["key"] == "live.err.not_yours");
  CHECK_FALSE(app.find("live.request.0"));

  // no DM secret in anything sent
  for (const auto& text : native::live_sent())
    for (const char* secret : {"SECRET", "Spy", "dm_notes", "hidden"}) CHECK(text.find(secret) == std::string::npos);

  // her phone locks a moment: she stays on the DM's list, marked; back by itself, she is listed as before
  native::interrupt_live(phone.peer, true);
  app.frame(2);
  CHECK(label(app, "live.players") == "1");
  CHECK(label(app, "live.player.0") == "Mira · reconnecting…");
  native::interrupt_live(phone.peer, false);
  app.frame(2);
  CHECK(label(app, "live.player.0") == "Mira");
  // gone for longer than a lock (45 s): off the list, as after a drop
  native::interrupt_live(phone.peer, true);
  app.frame(44000 / 16);
  CHECK(label(app, "live.players") == "1");
  app.frame(2000 / 16);
  CHECK(label(app, "live.players") == "0");
  native::interrupt_live(phone.peer, false);

  // the connection drops: the DM's list empties; the next code is already shown for a rejoin
  Phone second;
  second.answer(app);
  second.send(app, second.guest.hello(mira, "Mira"));
  REQUIRE(label(app, "live.players") == "1");
  native::drop_live(second.peer);
  app.frame(2);
  CHECK(label(app, "live.players") == "0");
  Phone again;
  again.answer(app);
  again.send(app, again.guest.hello(mira, "Mira"));
  CHECK(label(app, "live.player.0") == "Mira");
}

TEST_CASE("live table, player: an offer link shows her answer, then the table - a drop keeps her copy", "[ui][live]") {
  Headless app;
  REQUIRE(druzina::ui::set_dm_pin("2468"));  // her phone's way to DM mode is locked
  CHECK_FALSE(druzina::ui::ui_player_mode());
  // The DM's phone, played by the test: a Host with its own campaign state.
  druzina::campaign::Session dm;
  druzina::Rng rng(3);
  dm.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}, rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}}, rng);
  live::Host host;
  const int offer = net::create_offer();
  native::open_fragment(live::encode_signal(live::from_sdp(net::local_sdp(offer), 'o')));
  app.frame(3);
  REQUIRE(label(app, "screen.live") == "Live table");
  const std::string answer = label(app, "live.answer_qr");
  REQUIRE(answer.find("#l1.") != std::string::npos);
  REQUIRE(net::accept_answer(offer, live::to_sdp(live::decode_signal(answer, 'a'))));
  host.add_peer(offer);
  auto pump = [&] {
    app.frame(3);
    while (auto text = net::receive(offer))
      for (const auto& o : host.receive(offer, *text, dm.state(), 0)) net::send(o.peer, o.text);
    app.frame(3);
  };
  pump();  // her hello, the whole view
  CHECK(label(app, "live.creature.c1").rfind("Mira · 20/20", 0) == 0);
  app.tap("live.me.c1");
  pump();
  REQUIRE(host.players()[0].who == "c1");
  CHECK(app.find("live.send.initiative"));
  // her spell slot, sent from her phone: the DM's phone (its rules) refuses it, the reason shows on hers
  REQUIRE(app.scroll_to("live.send.spell_slot"));
  app.tap("live.send.spell_slot");
  REQUIRE(native::live_sent().back().find("\"r\":\"spell_slot\"") != std::string::npos);
  pump();
  REQUIRE(app.scroll_to("live.answer.1"));
  CHECK(label(app, "live.answer.1").rfind("Spell slot: refused", 0) == 0);
  // a hit on the DM's phone shows on hers
  dm.dispatch({{"type", "ApplyDamage"}, {"target", "c1"}, {"amount", 5}}, rng);
  for (const auto& o : host.update(dm.state(), 0)) net::send(o.peer, o.text);
  app.frame(3);
  CHECK(label(app, "live.creature.c1").rfind("Mira · 15/20", 0) == 0);
  CHECK(label(app, "live.status").rfind("Live", 0) == 0);
  // her phone locks a moment: "reconnecting", her copy stays; an update the DM sent meanwhile arrives when it is
  // back by itself, with no new scan
  native::interrupt_live(offer, true);
  app.frame(3);
  CHECK(label(app, "live.status").rfind("Connection lost at", 0) == 0);
  CHECK_FALSE(app.find("live.send.initiative"));
  CHECK(label(app, "live.creature.c1").rfind("Mira · 15/20", 0) == 0);
  dm.dispatch({{"type", "ApplyDamage"}, {"target", "c1"}, {"amount", 1}}, rng);
  for (const auto& o : host.update(dm.state(), 0)) net::send(o.peer, o.text);
  app.frame(3);
  CHECK(label(app, "live.creature.c1").rfind("Mira · 15/20", 0) == 0);
  native::interrupt_live(offer, false);
  pump();
  CHECK(label(app, "live.status").rfind("Live", 0) == 0);
  CHECK(label(app, "live.creature.c1").rfind("Mira · 14/20", 0) == 0);
  CHECK(app.find("live.send.initiative"));
  // her copy of the table is the campaign open on her phone, kept in the library, in player mode
  const json mine = app.campaign();
  CHECK(mine["name"] == "Les");
  REQUIRE(mine["creatures"].size() == 1);
  CHECK(mine["creatures"][0]["hp"] == 14);
  CHECK(druzina::ui::ui_player_mode());
  CHECK_FALSE(druzina::ui::set_player_mode(false));  // the PIN keeps her copy in player mode
  // gone for longer than a lock (45 s): "not live since …" (when it went away), her copy stays, scan again
  native::interrupt_live(offer, true);
  app.frame(3);
  const std::string away = label(app, "live.status");
  app.frame(46000 / 16);
  CHECK(label(app, "live.status").rfind("Not live since", 0) == 0);
  CHECK(label(app, "live.status").substr(15) == away.substr(19, away.find(' ', 19) - 19));  // the same time
  CHECK(label(app, "live.creature.c1").rfind("Mira · 14/20", 0) == 0);
  CHECK(app.find("live.scan"));  // to rejoin
  // the Party screen says it too
  app.tap("live.back");
  app.tap("tab.party");
  CHECK(label(app, "live.status").rfind("Not live since", 0) == 0);
  CHECK(app.campaign()["creatures"][0]["hp"] == 14);
}

TEST_CASE("live table: no connection 15 s after the answer is read says so and offers the table link", "[ui][live]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}}));
  native::set_live_unreachable(true);
  app.tap("tab.party");
  app.tap("party.live");
  app.frame(2);
  Phone phone;
  phone.answer(app);
  app.frame(60);
  CHECK_FALSE(app.find("live.timeout"));  // a second is not yet a failure
  app.frame(15000 / 16);
  REQUIRE(app.find("live.timeout"));
  CHECK(label(app, "live.timeout") == "No connection within 15 seconds.");
  REQUIRE(app.scroll_to("live.snapshot"));
  app.tap("live.snapshot");
  CHECK(app.find("screen.share"));
}

TEST_CASE("live table: the camera's preview lies on its own place, cut to the screen, never over Close", "[ui][live]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}}));
  app.tap("tab.party");
  app.tap("party.live");
  app.frame(2);
  REQUIRE(app.scroll_to("live.scan"));
  app.tap("live.scan");
  app.frame(3);
  auto box = native::scanner_box();
  const auto preview = app.find("live.preview");
  const auto stop = app.find("live.scan_stop");
  REQUIRE(preview);
  REQUIRE(stop);
  INFO("box " << box[0] << "," << box[1] << " " << box[2] << "x" << box[3] << "; close at y " << stop->y);
  CHECK(box[2] > 100);
  CHECK(box[3] > 75);
  CHECK(box[3] <= 915 * 0.34f + 1);  // a third of the screen at most
  // on its place in the layout, and Close (in sight) below it, not under it
  CHECK(box[1] == Approx(preview->y).margin(1));
  CHECK(stop->visible);
  CHECK(box[1] + box[3] <= stop->y);
  CHECK(stop->y + stop->h <= 915);
  // the screen scrolls: the box follows its place, cut to the screen area, or hides out of sight
  REQUIRE(app.scroll_to("live.end"));
  app.frame(2);
  box = native::scanner_box();
  const auto moved = app.find("live.preview");
  if (moved && moved->visible && moved->h >= 24) {
    CHECK(box[1] == Approx(moved->y).margin(1));
    CHECK(box[3] == Approx(moved->h).margin(1));
  } else {
    CHECK(box[2] == 0);
  }
  const auto end = app.find("live.end");
  REQUIRE(end);
  CHECK((box[3] == 0 || box[1] + box[3] <= end->y || box[1] >= end->y + end->h));
  app.tap("live.scan_stop");
  CHECK(native::scanner_box()[2] == 0);
}

TEST_CASE("live table, DM: opening another campaign ends the table - no player receives a campaign she was not invited to",
          "[ui][live]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}}));
  const std::string mira = id_of(app, "Mira");
  app.tap("tab.party");
  app.tap("party.live");
  app.frame(2);
  Phone phone;
  phone.answer(app);
  phone.send(app, phone.guest.hello(mira, "Mira"));
  REQUIRE(phone.guest.follower.view);
  CHECK((*phone.guest.follower.view)["n"] == "Les");
  const std::string table_id = phone.guest.follower.table_id;
  CHECK_FALSE(table_id.empty());
  // the DM opens another campaign on her phone (the live screen closed, the table still live)
  app.tap("live.back");
  const size_t sent_before = native::live_sent().size();
  REQUIRE(druzina::ui::model().new_campaign());
  REQUIRE(app.dispatch({{"type", "CreateCampaign"}, {"name", "TAJNÁ-KAMPAŇ"}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Zloděj"}, {"kind", "pc"}, {"hp", 9}, {"hit_die", 8}}));
  app.frame(3);
  phone.pump();
  // the player was told the table ended; nothing of the other campaign was sent, under any id
  CHECK(phone.guest.ended);
  const auto& sent = native::live_sent();
  REQUIRE(sent.size() > sent_before);  // (the "bye")
  for (size_t k = sent_before; k < sent.size(); ++k) {
    INFO(sent[k]);
    CHECK(sent[k].find("TAJN") == std::string::npos);
    CHECK(sent[k].find("Zlod") == std::string::npos);
    CHECK(sent[k].find("\"k\":\"view\"") == std::string::npos);
  }
  CHECK((*phone.guest.follower.view)["n"] == "Les");  // her copy stays the table she was invited to
  CHECK(druzina::ui::model().notice().text.rfind("The live table ended: another campaign was opened", 0) == 0);
  // the live table of this campaign starts afresh: a new offer, no players
  app.tap("tab.party");
  REQUIRE(app.scroll_to("party.live"));
  app.tap("party.live");
  app.frame(2);
  CHECK(label(app, "live.players") == "0");
  CHECK(label(app, "live.offer_qr").find("#l1.") != std::string::npos);
}

TEST_CASE("live table, player: a slot tapped on her sheet is a request the DM's phone takes, shown until answered",
          "[ui][live][spell-slots]") {
  Headless app;
  druzina::campaign::Session dm;
  druzina::Rng rng(5);
  dm.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}, rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 6}, {"level", 3},
               {"class", "wizard"}},
              rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Olena"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}, {"level", 3},
               {"class", "cleric"}},
              rng);
  DmPhone table{app, dm, rng};
  auto requests = [] {  // her requests among the texts on the connection (both ends)
    size_t n = 0;
    for (const auto& t : native::live_sent()) n += t.find("\"k\":\"req\"") != std::string::npos;
    return n;
  };
  // her sheet, from her copy: her slots as the DM's phone counts them
  table.join("c1");
  REQUIRE(app.scroll_to("sheet.slots.1.0"));  // (a pip: the row's label is a line of text)
  CHECK(label(app, "sheet.slots.1") == "4/4");
  CHECK(label(app, "sheet.slots.2") == "2/2");
  CHECK(app.find("sheet.slots.live"));
  // a tap on a lit pip: a request (her copy unchanged until the DM's phone takes it)
  const size_t sent = requests();
  app.tap("sheet.slots.1.0");
  app.frame(2);
  REQUIRE(requests() == sent + 1);
  CHECK(native::live_sent().back().find("\"r\":\"spell_slot\"") != std::string::npos);
  CHECK(native::live_sent().back().find("\"level\":1") != std::string::npos);
  CHECK(label(app, "sheet.slots.1") == "4/4");
  REQUIRE(app.find("sheet.slots.request.1"));
  CHECK(label(app, "sheet.slots.request.1") == "Spell slot (level 1): sent");
  table.pump();
  CHECK(label(app, "sheet.slots.request.1") == "Spell slot (level 1): waiting for the DM");
  table.accept(true);
  REQUIRE(app.scroll_to("sheet.slots.1.0"));  // (a pip: the row's label is a line of text)
  CHECK(label(app, "sheet.slots.1") == "3/4");
  CHECK(label(app, "sheet.slots.request.1") == "Spell slot (level 1): accepted");
  // a spent pip asks nothing (only the DM gives a slot back)
  app.tap("sheet.slots.1.3");
  app.frame(2);
  CHECK(requests() == sent + 1);
  // a 2nd-level slot the DM declines: her copy keeps it
  REQUIRE(app.scroll_to("sheet.slots.2.0"));
  app.tap("sheet.slots.2.0");
  table.pump();
  table.accept(false);
  REQUIRE(app.find("sheet.slots.request.2"));
  CHECK(label(app, "sheet.slots.request.2") == "Spell slot (level 2): declined by the DM");
  CHECK(label(app, "sheet.slots.2") == "2/2");
  CHECK(label(app, "sheet.slots.request.1") == "Spell slot (level 1): accepted");  // (the older one below)
  // another character's slots on her copy are shown only: no request, no change
  app.tap("sheet.back");
  app.tap("party.card.c2");
  REQUIRE(app.scroll_to("sheet.slots.1.0"));  // (a pip: the row's label is a line of text)
  CHECK_FALSE(app.find("sheet.slots.live"));
  app.tap("sheet.slots.1.0");
  app.frame(2);
  CHECK(requests() == sent + 2);
  CHECK(label(app, "sheet.slots.1") == "4/4");
  // what the DM's phone sent her holds her slots, and the DM's campaign agrees
  const json mine = app.campaign();
  CHECK(mine["creatures"][0]["modules"]["spell-slots"]["spent"][0] == 1);
  CHECK(json(dm.state())["creatures"][0]["modules"]["spell-slots"]["spent"][0] == 1);
}

TEST_CASE("live table, player: a class feature used on her sheet is a request, her copy follows the DM's phone",
          "[ui][live][class-resources]") {
  Headless app;
  druzina::campaign::Session dm;
  druzina::Rng rng(5);
  dm.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}, rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Lin"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 8}, {"level", 3},
               {"class", "monk"}},
              rng);  // 3 ki points
  DmPhone table{app, dm, rng};
  table.join("c1");
  REQUIRE(app.scroll_to("sheet.cres.ki.minus"));  // (ki is a pool: − spends a point, + gives one back)
  CHECK(label(app, "sheet.cres.ki") == "3/3");
  // − : a request for her own character; her copy unchanged until the DM's phone takes it
  app.tap("sheet.cres.ki.minus");
  app.frame(2);
  REQUIRE_FALSE(native::live_sent().empty());
  CHECK(native::live_sent().back().find("\"r\":\"class_resource\"") != std::string::npos);
  CHECK(native::live_sent().back().find("\"resource\":\"ki\"") != std::string::npos);
  CHECK(label(app, "sheet.cres.ki") == "3/3");
  table.pump();
  REQUIRE(table.host.queue().size() == 1);
  CHECK(live::describe(dm.state(), table.host.queue()[0].request, druzina::Lang::en) == "Lin: uses Ki points (1)");
  table.accept(true);
  REQUIRE(app.scroll_to("sheet.cres.ki.minus"));
  CHECK(label(app, "sheet.cres.ki") == "2/3");  // what the DM's phone sent ("cu" in the view)
  // + gives nothing back on her phone (only the DM does)
  const size_t sent = native::live_sent().size();
  app.tap("sheet.cres.ki.plus");
  app.frame(2);
  CHECK(native::live_sent().size() == sent);
  CHECK(label(app, "sheet.cres.ki") == "2/3");
}

TEST_CASE("live table, player: a spell cast from her sheet is a request - the DM accepts, her copy shows the spent slot",
          "[ui][live][spells]") {
  Headless app;
  druzina::campaign::Session dm;
  druzina::Rng rng(5);
  dm.dispatch({{"type", "CreateCampaign"}, {"name", "Les"}}, rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 20}, {"hit_die", 6}, {"level", 3},
               {"class", "wizard"}},
              rng);  // 4 slots of the 1st level, 2 of the 2nd
  dm.dispatch({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", 40}}, rng);
  dm.dispatch({{"type", "AddCreature"}, {"name", "Lurker"}, {"kind", "monster"}, {"hp", 30}, {"hidden", true}}, rng);
  DmPhone table{app, dm, rng};
  table.join("c1");
  auto tap_seen = [&](const std::string& id) {
    REQUIRE(app.scroll_to(id));
    app.tap(id);
  };
  auto answer = [&](const std::string& id) {  // her request's line, under the panel's live hint (a line of text)
    REQUIRE(app.scroll_to("sheet.spells.live"));
    return label(app, id);
  };
  auto goblin_hp = [&] { return druzina::campaign::find_creature(dm.state(), "c2")->hp; };
  REQUIRE(app.scroll_to("sheet.spells.live"));
  // Magic Missile at the goblin, 1st level, Roll for me: a request (the DM's phone rolls), her copy unchanged
  tap_seen("sheet.spells.search");
  app.type("magic missile");
  tap_seen("sheet.spells.pick.magic-missile");
  tap_seen("sheet.spells.level.1");
  CHECK_FALSE(app.find("sheet.spells.target.c3"));  // the hidden one is not on her copy
  tap_seen("sheet.spells.target.c2");
  tap_seen("sheet.spells.cast");
  REQUIRE(app.find("pad.spell_roll"));
  app.tap("pad.spell_roll");
  app.frame(2);
  REQUIRE_FALSE(native::live_sent().empty());
  const std::string sent = native::live_sent().back();
  CHECK(sent.find("\"r\":\"cast\"") != std::string::npos);
  CHECK(sent.find("\"spell\":\"magic-missile\"") != std::string::npos);
  CHECK(sent.find("\"targets\":[\"c2\"]") != std::string::npos);
  CHECK(sent.find("\"total\"") == std::string::npos);
  CHECK(answer("sheet.spells.request.1") == "Magic Missile (1st level): sent");
  REQUIRE(app.scroll_to("sheet.slots.1.0"));
  CHECK(label(app, "sheet.slots.1") == "4/4");
  table.pump();
  CHECK(answer("sheet.spells.request.1") == "Magic Missile (1st level): waiting for the DM");
  REQUIRE(table.host.queue().size() == 1);
  CHECK(live::describe(dm.state(), table.host.queue()[0].request, druzina::Lang::en) ==
        "Mira: casts Magic Missile (1st level) at 1 target");
  CHECK(live::describe(dm.state(), table.host.queue()[0].request, druzina::Lang::cs) ==
        "Mira: sesílá kouzlo Magická střela (1. úroveň) na 1 cíl");
  // the DM accepts: the cast on the DM's phone (its roll: 3d4+3), her copy shows the spent slot
  table.accept(true);
  CHECK(goblin_hp() <= 40 - 6);
  CHECK(goblin_hp() >= 40 - 15);
  CHECK(answer("sheet.spells.request.1") == "Magic Missile (1st level): accepted");
  REQUIRE(app.scroll_to("sheet.slots.1.0"));
  CHECK(label(app, "sheet.slots.1") == "3/4");
  // the total she rolled at the table, the DM declines: her copy keeps the slot
  tap_seen("sheet.spells.search");
  app.type("magic missile");
  tap_seen("sheet.spells.pick.magic-missile");
  tap_seen("sheet.spells.target.c2");
  tap_seen("sheet.spells.cast");
  app.tap("pad.1");
  app.tap("pad.2");
  app.tap("pad.ok");
  app.frame(2);
  CHECK(native::live_sent().back().find("\"total\":12") != std::string::npos);
  table.pump();
  table.accept(false);
  CHECK(answer("sheet.spells.request.2") == "Magic Missile (1st level): declined by the DM");
  REQUIRE(app.scroll_to("sheet.slots.1.0"));
  CHECK(label(app, "sheet.slots.1") == "3/4");
  // one undo step on the DM's phone takes the whole cast back
  dm.undo();
  CHECK(goblin_hp() == 40);
  CHECK(druzina::rules::slots_view(dm.state(), *druzina::campaign::find_creature(dm.state(), "c1")).left[0] == 4);
}
