// The campaign's history: compact entries that render the same log line
// as the full event in cs, uk and en; a few tens of bytes per event; sessions; undo across a reload; folding
// (the DM's FoldSession, undoable, and the automatic one past a size); migration of a save without a history; a
// damaged history that does not lose the campaign; a player's log without the DM's secrets.
#include <fstream>
#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

#include "../scenario/campaign_fixture.hpp"
#include "../support/link_bytes.hpp"
#include "../support/paths.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"
#include "core/share/link.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

constexpr long long kDay0 = 1'767'200'000'000LL;  // 31 Dec 2025
constexpr long long kHour = 3'600'000LL;

json read_json(const std::string& rel) {
  std::ifstream f(std::string(DRUZINA_SOURCE_DIR) + "/" + rel);
  std::stringstream ss;
  ss << f.rdbuf();
  return json::parse(ss.str());
}

// Runs a fixture script (Undo / Redo as `druzina run` does) on a session.
void run_script(Session& s, Rng& rng, const json& script, long long wall0) {
  const json& cmds = script.is_object() ? script["commands"] : script;
  long long wall = wall0;
  for (const auto& c : cmds) {
    std::string type = c.value("type", "");
    if (type == "Undo") s.undo(static_cast<size_t>(c.value("steps", 1)));
    else if (type == "Redo") s.redo(static_cast<size_t>(c.value("steps", 1)));
    else {
      try {
        s.dispatch(c, rng, wall);
      } catch (const UserError&) {  // a script may show a refusal: it changes nothing
      }
    }
    wall += 10'000;
  }
}

// tx id → the lines of the log: from the full events (Session::log) and from the history (history_log).
std::map<long long, std::vector<std::string>> full_lines(const Session& s, Lang lang, LogAudience a = LogAudience::dm) {
  std::map<long long, std::vector<std::string>> out;
  for (const auto& e : s.log(lang, a))
    if (!e.lines.empty()) out[e.tx] = e.lines;
  return out;
}
std::map<long long, std::vector<std::string>> history_lines(const Session& s, Lang lang,
                                                            LogAudience a = LogAudience::dm) {
  std::map<long long, std::vector<std::string>> out;
  for (const auto& v : s.history_log(lang, a))
    for (const auto& e : v.entries)
      if (!e.lines.empty()) out[e.tx] = e.lines;
  return out;
}

std::string all_text(const std::vector<HistView>& views) {
  std::string out;
  for (const auto& v : views) {
    out += v.summary + "\n";
    for (const auto& e : v.entries)
      for (const auto& l : e.lines) out += l + "\n";
  }
  return out;
}

// Two sessions a week apart: a fight in each, a rest after the first.
struct TwoNights {
  Session s{Engine::standard(), SessionOptions{}};
  Rng rng{3};
  long long wall = kDay0;
  std::string mira, goblin, orc;
  const Transaction& run(const json& cmd) {
    wall += 60'000;
    return s.dispatch(cmd, rng, wall);
  }
  std::string add(json c) {
    c["type"] = "AddCreature";
    const Transaction& tx = run(c);
    for (const auto& e : tx.events)
      if (e.type == "creature_added") return e.data["creature"]["id"].get<std::string>();
    return {};
  }
  TwoNights() {
    run({{"type", "CreateCampaign"}, {"name", "Sklep"}, {"language", "cs"}});
    mira = add({{"name", "Mira"}, {"kind", "pc"}, {"hp", 17}});
    goblin = add({{"name", "Goblin"}, {"kind", "monster"}, {"hp", 7}});
    run({{"type", "ApplyDamage"}, {"target", goblin}, {"amount", 4}, {"damage_type", "slashing"}});
    run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 5}});
    run({{"type", "ApplyDamage"}, {"target", goblin}, {"amount", 9}});  // down (and dead: a monster)
    run({{"type", "ShortRest"}});
    wall += 7 * 24 * kHour;  // a week later
    orc = add({{"name", "Ork"}, {"kind", "monster"}, {"hp", 15}});
    run({{"type", "ApplyDamage"}, {"target", orc}, {"amount", 3}});
  }
};

}  // namespace

TEST_CASE("history: every fixture script's log lines are the same from the compact history in cs, uk and en",
          "[campaign][history]") {
  for (const char* name : {"combat", "house-rules-combat", "house-rules-after-fight", "house-rules-downtime",
                           "house-rules-resurrection", "house-rules-rally-twice", "dm-rules-diseases",
                           "dm-rules-hazards", "dm-rules-world", "share-table", "table-group-fireball",
                           "table-prepared-encounter"}) {
    INFO(name);
    json script = read_json(std::string("tests/fixtures/scripts/") + name + ".json");
    // Everything in the tail (log from the full events) and everything in the saved history (tail of 1).
    Session full(Engine::standard(), SessionOptions{100000, 0});
    Session compact(Engine::standard(), SessionOptions{3, 0});  // (combat.json undoes 3 steps)
    Rng r1(7), r2(7);
    run_script(full, r1, script, kDay0);
    run_script(compact, r2, script, kDay0);
    if (compact.state().last_tx > 4) REQUIRE(compact.history().events() > 0);
    for (Lang lang : kLangs) {
      auto want = full_lines(full, lang);
      auto seen = history_lines(full, lang);
      for (const auto& [tx, lines] : want) {
        INFO("tx " << tx << " in " << lang_code(lang) << ": " << lines.front());
        REQUIRE(seen.count(tx));
        REQUIRE(seen.at(tx) == lines);
      }
      REQUIRE(seen == want);     // the tail as the log shows it (compacted on the fly)
      auto got = history_lines(compact, lang);        // the saved history, the newest step from the tail
      REQUIRE(got == want);
      // after a save and a load too
      Session back = io::load(io::save(compact));
      REQUIRE(history_lines(back, lang) == want);
    }
  }
}

TEST_CASE("history: a long campaign costs a few tens of bytes per event", "[campaign][history]") {
  json script = read_json("tests/fixtures/scripts/combat.json");
  // The generated long campaign's pattern (bench/gen_long_campaign.py), 3,000 commands, tail 200, no folding.
  Session s(Engine::standard(), SessionOptions{200, 0});
  Rng rng(1);
  long long wall = kDay0;
  auto run = [&](const json& c) {
    wall += 10'000;
    return s.dispatch(c, rng, wall);
  };
  run({{"type", "CreateCampaign"}, {"name", "Long"}, {"language", "cs"}});
  std::vector<std::string> pcs;
  for (const char* n : {"Mira", "Bořek", "Olena"})
    pcs.push_back(run({{"type", "AddCreature"}, {"name", n}, {"kind", "pc"}, {"hp", 40}, {"level", 5}})
                      .events[0].data["creature"]["id"].get<std::string>());
  std::string m = run({{"type", "AddCreature"}, {"name", "Goblin 1"}, {"kind", "monster"}, {"hp", 900}})
                      .events[0].data["creature"]["id"].get<std::string>();
  run({{"type", "StartEncounter"}});
  size_t full_bytes = 0, full_events = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string& pc = pcs[static_cast<size_t>(i / 6) % pcs.size()];
    json c;
    switch (i % 6) {
      case 0: c = {{"type", "ApplyDamage"}, {"target", m}, {"amount", 1 + i % 3}, {"damage_type", "slashing"}}; break;
      case 1: c = {{"type", "NextTurn"}}; break;
      case 2: c = {{"type", "ApplyDamage"}, {"target", pc}, {"amount", 1}}; break;
      case 3: c = {{"type", "Heal"}, {"target", pc}, {"amount", 1}}; break;
      case 4: c = {{"type", "SetCondition"}, {"target", m}, {"condition", "prone"}}; break;
      default: c = {{"type", "RemoveCondition"}, {"target", m}, {"condition", "prone"}}; break;
    }
    const Transaction& tx = run(c);
    for (const auto& e : tx.events) full_bytes += json(e).dump().size(), ++full_events;
  }
  const History& h = s.history();
  const size_t events = h.events();
  std::string text;
  h.append_json(text);
  REQUIRE(events > 2500);
  const double per_event = static_cast<double>(text.size()) / static_cast<double>(events);
  const double full_per_event = static_cast<double>(full_bytes) / static_cast<double>(full_events);
  INFO("history " << text.size() << " B for " << events << " events: " << per_event << " B/event; full events ≈ "
                  << full_per_event << " B");
  REQUIRE(per_event < 40);                      // a few tens of bytes
  REQUIRE(per_event * 2.5 < full_per_event);    // not the full event
  REQUIRE(h.bytes() >= text.size() * 9 / 10);   // the running estimate follows the text
  REQUIRE(h.bytes() <= text.size() * 12 / 10 + 4096);
  // every single compact event is small: its values as saved (the field names are in the shape)
  for (const auto& tx : s.tail())
    for (const auto& e : tx.events)
      if (auto d = History::compact(s.engine(), e)) {
        json values = json::array();
        for (const auto& [k, v] : d->items()) values.push_back(v);
        INFO(e.type << " " << d->dump());
        REQUIRE(values.dump().size() <= 64);
      }
}

TEST_CASE("history: undo reaches 200 steps back across a reload, and what is undone is not in the history",
          "[campaign][history]") {
  Table t(5);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string g = t.monster("Goblin", 5000);
  for (int i = 0; i < 260; ++i) t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 1}});
  // 262 steps: 200 in the tail, 62 in the history
  Session back = io::load(io::save(t.session));
  REQUIRE(back.undo_depth() == 200);
  REQUIRE(back.history().sessions().back().t1 == 62);
  auto lines = history_lines(back, Lang::en);
  REQUIRE(lines.size() == 262);
  REQUIRE(lines.at(262) == std::vector<std::string>{"Goblin takes 1 damage: HP 4741 → 4740."});
  back.undo(200);
  REQUIRE_REFUSED(back.undo(1), "campaign.err.nothing_to_undo");
  REQUIRE(history_lines(back, Lang::en).size() == 62);  // the undone steps left the log
  Rng rng(9);
  back.dispatch({{"type", "ApplyDamage"}, {"target", g}, {"amount", 7}}, rng);
  Session again = io::load(io::save(back));
  auto after = history_lines(again, Lang::en);
  REQUIRE(after.size() == 63);
  REQUIRE(after.rbegin()->second == std::vector<std::string>{"Goblin takes 7 damage: HP 4940 → 4933."});
}

TEST_CASE("history: sessions by the wall clock, and the DM folds a past one into a line, undoably", "[campaign][history]") {
  TwoNights n;
  auto views = n.s.history_log(Lang::en);
  REQUIRE(views.size() == 2);
  REQUIRE(views[0].n == 1);
  REQUIRE(views[0].foldable);
  REQUIRE_FALSE(views[1].foldable);  // the newest session
  REQUIRE(views[0].entries.size() == 7);
  REQUIRE_REFUSED(n.run({{"type", "FoldSession"}, {"session", 2}}), "history.err.newest");
  REQUIRE_REFUSED(n.run({{"type", "FoldSession"}, {"session", 7}}), "history.err.newest");
  REQUIRE_REFUSED(n.run({{"type", "FoldSession"}, {"session", 0}}), "campaign.err.param_range");

  const long long before = n.s.state().last_tx;
  n.run({{"type", "FoldSession"}, {"session", 1}});
  views = n.s.history_log(Lang::en);
  REQUIRE(views[0].entries.empty());
  REQUIRE(views[0].summary ==
          "7 steps · 13 damage dealt · 5 damage taken by the party · 1 foe defeated · 1 short rest");
  REQUIRE(n.s.history_log(Lang::cs)[0].summary ==
          "7 kroků · způsobeno 13 zranění · družina utržila 5 zranění · 1 poražený nepřítel · 1 krátký odpočinek");
  REQUIRE(n.s.history_log(Lang::uk)[0].summary ==
          "7 кроків · завдано 13 шкоди · загін отримав 5 шкоди · переможених ворогів: 1 · 1 короткий відпочинок");
  REQUIRE(views[1].entries.back().lines ==
          std::vector<std::string>{"Session 1 of the log folded into its summary."});
  REQUIRE_REFUSED(n.run({{"type", "FoldSession"}, {"session", 1}}), "history.err.folded");

  n.s.undo();  // the fold is a step like any other
  REQUIRE(n.s.state().last_tx == before);
  views = n.s.history_log(Lang::en);
  REQUIRE(views[0].entries.size() == 7);
  REQUIRE(views[0].summary.empty());
  n.s.redo();
  const std::string folded = n.s.history_log(Lang::en)[0].summary;
  REQUIRE(n.s.history_log(Lang::en)[0].entries.empty());

  // When the fold leaves the undo tail it is made in the saved history: the entries are gone from the save.
  std::string with_entries = io::save(n.s);
  REQUIRE(with_entries.find("\"history\"") == std::string::npos);  // all still in the tail
  n.run({{"type", "ApplyDamage"}, {"target", n.orc}, {"amount", 1}});
  n.s.set_tail_limit(1);
  const HistSession& first = n.s.history().sessions().front();
  REQUIRE(first.txs.empty());
  REQUIRE(first.sum.at("dealt") == 13);
  REQUIRE(first.sum.at("taken") == 5);
  REQUIRE(first.names.contains(n.goblin));  // the goblin's name outlives its creature_added entry
  Session back = io::load(io::save(n.s));
  auto v2 = back.history_log(Lang::en);
  REQUIRE(v2[0].summary == folded);
  REQUIRE(v2[1].entries.front().lines.front().find("Ork") != std::string::npos);
}

TEST_CASE("history: names alone past the size do not fold the session under way", "[campaign][history]") {
  // A campaign that had 2,000 creatures before its history began (an old save, or the scale benchmark): their
  // names outweigh the limit and folding cannot shrink them, so the session's steps stay (before: every step
  // folded the session again, 2 ms a step at 10,000 creatures).
  Campaign c;
  c.name = "Dav";
  for (int i = 0; i < 2000; ++i) {
    Creature x;
    x.id = "c" + std::to_string(i + 1);
    x.kind = "monster";
    x.name = "Goblin " + std::to_string(i + 1);
    x.max_hp = x.hp = 700;
    c.creatures.push_back(std::move(x));
  }
  c.next_id = 2001;
  Session s(Engine::standard(), c, {}, {}, c, SessionOptions{20, 16000});
  Rng rng(8);
  long long wall = kDay0;
  for (int k = 0; k < 60; ++k) s.dispatch({{"type", "ApplyDamage"}, {"target", "c1"}, {"amount", 1}}, rng, wall += 60'000);
  INFO(s.history().bytes() << " B, of which entries " << s.history().entry_bytes());
  REQUIRE(s.history().bytes() > 16000);
  REQUIRE(s.history().entry_bytes() <= 16000);
  auto views = s.history_log(Lang::en);
  REQUIRE(views.size() == 1);
  REQUIRE_FALSE(views[0].automatic);
  REQUIRE(views[0].entries.size() == 60);
}

TEST_CASE("history: past a size the oldest sessions fold by themselves, none is dropped", "[campaign][history]") {
  Table t(8, SessionOptions{20, 12000});
  long long wall = kDay0;
  Session& s = t.session;
  auto run = [&](const json& c) { return s.dispatch(c, t.rng, wall += 60'000); };
  run({{"type", "CreateCampaign"}, {"name", "Roky"}});
  std::string mira = run({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 30}})
                         .events[0].data["creature"]["id"].get<std::string>();
  long long dealt = 0;
  for (int night = 0; night < 30; ++night) {
    wall += 7 * 24 * kHour;
    std::string g = run({{"type", "AddCreature"}, {"name", "Goblin " + std::to_string(night)}, {"kind", "monster"}, {"hp", 500}})
                        .events[0].data["creature"]["id"].get<std::string>();
    for (int k = 0; k < 12; ++k) {
      run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 2}});
      dealt += 2;
    }
    run({{"type", "LongRest"}});
  }
  REQUIRE(s.history().bytes() <= 12000);
  auto views = s.history_log(Lang::en);
  REQUIRE(views.size() == 31);
  for (size_t i = 0; i < views.size(); ++i) REQUIRE(views[i].n == static_cast<int>(i) + 1);  // none missing
  REQUIRE(views.front().automatic);
  REQUIRE(views.back().summary.empty());
  long long counted = 0, shown = 0;
  for (const auto& v : s.history().sessions()) counted += v.sum.count("dealt") ? v.sum.at("dealt") : 0;
  for (const auto& v : views)
    for (const auto& e : v.entries)
      for (const auto& l : e.lines)
        if (l.find("Goblin") == 0 && l.find("takes 2 damage") != std::string::npos) shown += 2;
  REQUIRE(counted + shown == dealt);  // every damage is in a summary or on a line
  REQUIRE(views[1].automatic);
  REQUIRE(views[1].summary.find("damage dealt") != std::string::npos);
  REQUIRE(views[1].summary.find("long rest") != std::string::npos);
  // The summary of an automatically folded session says so in every language (ui) and reads in each.
  for (Lang lang : kLangs) REQUIRE_FALSE(s.history_log(lang).front().summary.empty());
  // Every count's text exists in the three languages (a built key: the i18n check cannot see it).
  HistCounts all;
  for (const char* k : {"steps", "dealt", "taken", "healed", "downs", "deaths", "defeated", "short_rests",
                        "long_rests", "level_ups", "resurrections"})
    all[k] = 2;
  for (Lang lang : kLangs) {
    std::string text = History::summary_text(lang, all);
    INFO(text);
    REQUIRE(text.find("history.sum") == std::string::npos);
    REQUIRE(std::count(text.begin(), text.end(), '2') == 11);
  }
}

TEST_CASE("history: a save without a history (an old app's) loads, and the history starts from its tail", "[campaign][history]") {
  std::ifstream f(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/save-v5.json");
  std::stringstream ss;
  ss << f.rdbuf();
  Session s = io::load_tolerant(ss.str()).session;
  REQUIRE(s.history().empty());
  const auto tail_log = full_lines(s, Lang::cs);
  REQUIRE_FALSE(tail_log.empty());
  REQUIRE(history_lines(s, Lang::cs) == tail_log);  // the log shows the tail it had
  // The old tail leaves into the history: its lines stay, with the names of creatures from before the history.
  Rng rng(1);
  s.set_tail_limit(1);
  std::string ostap;
  for (const auto& c : std::as_const(s.state().creatures))
    if (c.name == "Ostap") ostap = c.id;
  REQUIRE_FALSE(ostap.empty());
  s.dispatch({{"type", "ApplyDamage"}, {"target", ostap}, {"amount", 1}}, rng);
  s.dispatch({{"type", "ApplyDamage"}, {"target", ostap}, {"amount", 1}}, rng);
  auto now = history_lines(io::load(io::save(s)), Lang::cs);
  for (const auto& [tx, lines] : tail_log) REQUIRE(now.at(tx) == lines);
  REQUIRE(now.rbegin()->second.front().rfind("Ostap", 0) == 0);
}

TEST_CASE("history: a damaged history never loses the campaign", "[campaign][history]") {
  TwoNights n;
  n.s.set_tail_limit(2);
  json body = io::save_json(n.s);
  REQUIRE(body.contains("history"));
  const json state = n.s.state();
  for (auto damage : std::vector<std::function<void(json&)>>{
           [](json& h) { h["sessions"][0]["tx"][0].back()[0] = 999; },        // a shape that is not there
           [](json& h) { h["sessions"][0]["n"] = "one"; },
           [](json& h) { h["shapes"] = 5; },
           [](json& h) { h["sessions"][0]["tx"][1] = json::array({0, 0}); },  // a step again, no event
           [](json& h) { h = json::array({1, 2, 3}); },
           [](json& h) { h["sessions"][0]["t1"] = 999; }}) {  // steps after the snapshot's
    json doc = body;
    damage(doc["history"]);
    Session s = io::load_json(doc);
    REQUIRE(s.history_damaged);
    REQUIRE(json(s.state()) == state);
    REQUIRE(s.undo_depth() == 2);
    REQUIRE(s.extra.contains("historyDamaged"));  // kept aside as it was
    REQUIRE(s.history().empty());
    s.history_log(Lang::cs);  // the log still opens (the tail)
    REQUIRE(io::save_json(s).contains("historyDamaged"));
    // Read from a save's text, the history's values are taken, not copied: the damaged one is still kept whole.
    Session t = io::load(io::save(io::load_json(body)));
    json text_doc = io::save_json(t);
    damage(text_doc["history"]);
    Session u = io::load_tolerant(io::dump_json(text_doc)).session;
    REQUIRE(u.history_damaged);
    REQUIRE(u.extra["historyDamaged"] == text_doc["history"]);
  }
}

TEST_CASE("history: a player reads no DM secret in it, nor in a table link of a campaign with a long history",
          "[campaign][history][share]") {
  Table t(21, SessionOptions{2, 0});
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}, {"language", "cs"}, {"dm_notes", "SECRET-DM-NOTES"}});
  std::string mira = t.pc("Mira", 17);
  std::string hans = t.add({{"name", "Hans"}, {"kind", "npc"}, {"hp", 12}});
  std::string spy = t.add({{"name", "SECRET-SPY"}, {"kind", "npc"}, {"hp", 9}, {"hidden", true}});
  t.run({{"type", "AddNote"}, {"text", "SECRET-NOTE"}, {"secret", true}});
  t.run({{"type", "ApplyDamage"}, {"target", spy}, {"amount", 3}});
  t.run({{"type", "ChangeLoyalty"}, {"target", hans}, {"reason", "help"}, {"roll", 3}});
  t.run({{"type", "ApplyDamage"}, {"target", mira}, {"amount", 2}});
  for (int i = 0; i < 4; ++i) t.run({{"type", "AddNote"}, {"text", "Cesta na sever " + std::to_string(i)}});
  REQUIRE(t.session.history().events() > 6);
  for (Lang lang : kLangs) {
    std::string dm = all_text(t.session.history_log(lang));
    REQUIRE(dm.find("SECRET-NOTE") != std::string::npos);
    REQUIRE(dm.find("SECRET-SPY") != std::string::npos);
    std::string player = all_text(t.session.history_log(lang, LogAudience::player));
    INFO(player);
    for (const char* secret : {"SECRET", "loyalty", "loajalita", "відданість"})
      REQUIRE(player.find(secret) == std::string::npos);
    REQUIRE(player.find("Mira") != std::string::npos);
  }
  // The table link is built from the state a player may see: no history, nothing from it.
  std::string bytes = link_bytes(share::encode_table(t.state()));
  for (const char* secret : {"SECRET", "history", "sessions", "shapes", "Cesta na sever"})
    REQUIRE(bytes.find(secret) == std::string::npos);
  // The whole-campaign link (to another DM device) carries the history.
  std::string all = link_bytes(share::encode_campaign(t.session));
  REQUIRE(all.find("\"history\"") != std::string::npos);
}
