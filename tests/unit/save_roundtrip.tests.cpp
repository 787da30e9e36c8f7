// Saves: round trips (state → JSON → state identical), unknown fields kept, the session's history kept.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
Table played(std::uint64_t seed) {
  BaseTable t(seed);
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}, {"dm_notes", "Starosta lže."}});
  std::string m = t.pc("Mira", 17, {{"hit_die", 6}, {"level", 3}, {"modules", {{"npc-loyalty", {{"legacy", 4}}}}}});
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 3}});
  t.run({{"type", "StartEncounter"}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 9}});
  t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "paralyzed"}, {"until", "end_of_next_turn"}});
  t.run({{"type", "NextTurn"}});
  t.run({{"type", "AddNote"}, {"text", "Ukradli mapu."}});
  t.session.undo(2);  // leaves something on the redo stack
  return t;
}
}  // namespace

TEST_CASE("save: state → JSON → state is identical, with history and redo", "[save]") {
  Table t = played(5);
  std::string text = io::save(t.session);
  Session back = io::load(text, base_engine());
  REQUIRE(to_j(back.state()) == to_j(t.state()));
  REQUIRE(to_j(back.snapshot()) == to_j(t.session.snapshot()));
  REQUIRE(back.tail().size() == t.session.tail().size());
  REQUIRE(back.redo_depth() == 2);
  REQUIRE(io::save(back) == text);  // byte-identical second save
  SECTION("undo and redo work after loading") {
    back.redo(2);
    t.session.redo(2);
    REQUIRE(to_j(back.state()) == to_j(t.state()));
    back.undo(4);
    t.session.undo(4);
    REQUIRE(to_j(back.state()) == to_j(t.state()));
  }
  SECTION("the log survives") { REQUIRE(back.log_lines(Lang::cs) == t.session.log_lines(Lang::cs)); }
}

TEST_CASE("save: the document carries the schema version and the app", "[save]") {
  Table t = played(1);
  json doc = io::save_json(t.session);
  REQUIRE(doc["schemaVersion"] == io::kSchemaVersion);
  REQUIRE(doc["app"] == "druzina");
  REQUIRE(doc["tail"].is_array());
  REQUIRE(doc["redo"].size() == 2);
  REQUIRE(doc["tailLimit"] == 200);
}

TEST_CASE("save: unknown fields survive load → save", "[save]") {
  Table t = played(2);
  json doc = io::save_json(t.session);
  doc["exportedBy"] = "a newer Družina";
  doc["snapshot"]["weather"] = "rain";
  doc["snapshot"]["settings"]["theme"] = "dark";
  doc["tail"][0]["signature"] = "abc";
  doc["tail"][0]["events"][0]["data"]["extra_note"] = 1;
  Session back = io::load(doc.dump(), base_engine());
  json again = io::save_json(back);
  REQUIRE(again["exportedBy"] == "a newer Družina");
  REQUIRE(again["snapshot"]["weather"] == "rain");
  REQUIRE(again["snapshot"]["settings"]["theme"] == "dark");
  REQUIRE(again["tail"][0]["signature"] == "abc");
  REQUIRE(again["tail"][0]["events"][0]["data"]["extra_note"] == 1);
}

TEST_CASE("save: unknown creature fields survive a round trip through commands", "[save]") {
  SessionOptions opts;
  opts.tail_limit = 1;
  BaseTable t(3, opts);
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});  // folds AddCreature into the snapshot
  json doc = io::save_json(t.session);
  REQUIRE(doc["snapshot"]["creatures"].size() == 1);
  doc["snapshot"]["creatures"][0]["familiar"] = {{"name", "Kocour"}};
  Session back = io::load(doc.dump(), base_engine());
  Rng rng(1);
  back.dispatch({{"type", "ApplyDamage"}, {"target", m}, {"amount", 3}}, rng);
  back.dispatch({{"type", "UpdateCreature"}, {"target", m}, {"patch", {{"ac", 14}}}}, rng);
  REQUIRE(back.state().creatures[0].extra["familiar"]["name"] == "Kocour");
  json again = io::save_json(back);
  REQUIRE(again["snapshot"]["creatures"][0]["familiar"]["name"] == "Kocour");
  Session third = io::load(again.dump(), base_engine());
  REQUIRE(third.state().creatures[0].extra["familiar"]["name"] == "Kocour");
  REQUIRE(third.state().creatures[0].ac == 14);
}

TEST_CASE("save: the text kept per chunk of creatures and notes is never stale", "[save]") {
  // Each save reuses the text of the chunks (64 elements) the previous save wrote when they are the same objects;
  // every change folded into the snapshot must still show, byte for byte as a save from scratch would write it.
  SessionOptions opts;
  opts.tail_limit = 2;  // every command folds an older one into the snapshot
  BaseTable t(8, opts);
  std::vector<std::string> ids;
  for (int i = 0; i < 150; ++i) ids.push_back(t.pc("PC " + std::to_string(i), 10 + i % 7));  // three chunks
  for (int i = 0; i < 70; ++i) t.run({{"type", "AddNote"}, {"text", "Note " + std::to_string(i)}});
  auto snapshot_text = [](const std::string& body) {
    return io::dump_json(json::parse(body)["snapshot"]);
  };
  std::vector<json> steps = {
      {{"type", "ApplyDamage"}, {"target", ids[3]}, {"amount", 4}},
      {{"type", "ApplyDamage"}, {"target", ids[140]}, {"amount", 2}},
      {{"type", "AddNote"}, {"text", "Ukradli mapu."}, {"secret", true}, {"creature", ids[70]}},
      {{"type", "UpdateCreature"}, {"target", ids[64]}, {"patch", {{"ac", 19}}}},
      {{"type", "AdvanceTime"}, {"minutes", 10}},
      {{"type", "AddNote"}, {"text", "Most je stržený."}},
      {{"type", "AdvanceTime"}, {"minutes", 1}},
      {{"type", "AdvanceTime"}, {"minutes", 1}},
  };
  io::save_body(t.session);  // the kept texts now stand for the snapshot as it is
  for (const json& step : steps) {
    t.run(step);
    std::string body = io::save_body(t.session);
    REQUIRE(snapshot_text(body) == io::dump_json(to_j(t.session.snapshot())));
  }
  const auto& snap = t.session.snapshot();
  REQUIRE(snap.creatures[snap.creatures.find(ids[64])].ac == 19);
  REQUIRE(snap.notes[snap.notes.size() - 2].secret);  // the secret note, folded in before the last one
  // A second session saved in between (the library's other campaign) does not disturb the first one's texts.
  BaseTable other(9, opts);
  other.pc("Olena", 12);
  io::save_body(other.session);
  t.run({{"type", "ApplyDamage"}, {"target", ids[5]}, {"amount", 1}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  REQUIRE(snapshot_text(io::save_body(t.session)) == io::dump_json(to_j(t.session.snapshot())));
  REQUIRE(io::save(io::load(io::save(t.session), base_engine())) == io::save(t.session));
}

namespace {
// The envelope save() writes around a body, with the body's checksum.
std::string envelope(const std::string& body) {
  return "{\"format\":\"druzina-save\",\"version\":1,\"checksum\":\"fnv1a64:" + io::hex64(io::fnv1a64(body)) +
         "\",\"body\":" + body + "}";
}
// The save's body with the snapshot's notes replaced by `notes` (JSON text).
std::string with_notes(const std::string& saved, const std::string& notes) {
  json doc = json::parse(saved)["body"];
  doc["snapshot"]["notes"] = json::array();
  std::string body = io::dump_json(doc);
  const std::string at = "\"notes\":[]";
  body.replace(body.find(at), at.size(), "\"notes\":" + notes);
  return envelope(body);
}
}  // namespace

TEST_CASE("save: notes read straight from the text load as from the document", "[save]") {
  // load_body reads the snapshot's notes from the text; whatever it does not take goes the usual way. Both ways
  // must give the same campaign, and the usual way's errors.
  SessionOptions opts;
  opts.tail_limit = 1;
  BaseTable t(4, opts);
  std::string m = t.pc("Mira", 12);
  t.run({{"type", "AddNote"}, {"text", "Řádek 1\n\"Citát\" \\ tab\t konec ✓ \u00e9"}, {"secret", true}, {"creature", m}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 90}});
  t.run({{"type", "AddNote"}, {"text", "Нотатка"}});
  t.run({{"type", "AdvanceTime"}, {"minutes", 1}});
  const std::string saved = io::save(t.session);
  Session back = io::load(saved, base_engine());
  REQUIRE(to_j(back.state()) == to_j(t.state()));
  REQUIRE(back.snapshot().notes.size() == 2);
  REQUIRE(back.snapshot().notes[0].text == t.session.snapshot().notes[0].text);
  REQUIRE(back.snapshot().notes[0].secret);
  REQUIRE(back.snapshot().notes[1].at == 90);

  auto note = [&](const std::string& notes) { return io::load(with_notes(saved, notes), base_engine()).snapshot().notes; };
  SECTION("members in any order, escapes, a repeated member's last value") {
    auto n = note(R"([{"text":"a\u0159\n\"b\"","at":-5,"id":"n1","secret":false,"creature":"","at":7,"secret":true}])");
    REQUIRE(n.size() == 1);
    CHECK(n[0].text == "a\xc5\x99\n\"b\"");
    CHECK(n[0].at == 7);
    CHECK(n[0].secret);
    CHECK(note(" [ ] ").empty());
    CHECK_FALSE(note(R"([{"id":"n1","text":"x","secret":true,"secret":false}])")[0].secret);
  }
  SECTION("the first save after a load takes the notes' text as it was read, and it reads back the same") {
    std::string spaced = R"([ {"text":"a\u0159", "id":"n1"} ,
      {"id":"n2","text":"b","secret":true,"text":"c"} ])";
    Session s = io::load(with_notes(saved, spaced), base_engine());
    std::string again = io::save(s);
    REQUIRE(again.find(R"({"text":"a\u0159", "id":"n1"} ,)") != std::string::npos);  // the loaded text, kept
    Session r = io::load(again, base_engine());
    REQUIRE(to_j(r.snapshot()) == to_j(s.snapshot()));
    REQUIRE(r.snapshot().notes[1].text == "c");
    Rng rng(2);
    s.dispatch({{"type", "AddNote"}, {"text", "d"}}, rng);
    s.dispatch({{"type", "AdvanceTime"}, {"minutes", 1}}, rng);  // folds the note into the snapshot
    REQUIRE(to_j(io::load(io::save(s), base_engine()).snapshot()) == to_j(s.snapshot()));
    REQUIRE(s.snapshot().notes.size() == 3);
  }
  SECTION("what the text reader does not take still loads the usual way") {
    auto n = note(R"([{"id":"n1","text":"x","at":5.0,"mood":{"dark":true}}])");
    REQUIRE(n.size() == 1);
    CHECK(n[0].at == 5);
    CHECK(n[0].extra["mood"]["dark"] == true);
  }
  SECTION("and is refused with the usual message") {
    CHECK(error_key([&] { note(R"([{"id":"n1","text":"x","at":"late"}])"); }) == "save.err.invalid");
    CHECK(error_key([&] { note(R"([{"id":"n1","text":"x"},{"id":"n1","text":"y"}])"); }) == "save.err.invalid");
    CHECK(error_key([&] { note(R"([{"id":"n1","text":"x","at":007}])"); }) == "save.err.not_json");
    CHECK(error_key([&] { note(R"([{"id":"n1","text":"x"},])"); }) == "save.err.not_json");
    CHECK(error_key([&] { note(R"([{"id":"n1","text":"x"})"); }) == "save.err.not_json");
    CHECK(error_key([&] { note(R"(["n1"])"); }) == "save.err.invalid");
  }
  SECTION("the guard's errors, though the text reader runs no guard of its own (invalid UTF-8, deep, 1e999)") {
    CHECK(error_key([&] { note("[{\"id\":\"n1\",\"text\":\"caf\xC3\"}]"); }) == "io.err.not_utf8");
    CHECK(error_key([&] { note("[{\"id\":\"n1\",\"text\":\"\xED\xA0\x80\"}]"); }) == "io.err.not_utf8");
    CHECK(error_key([&] { note("[{\"id\":\"n1\",\"text\":\"x\",\"at\":1e999}]"); }) == "io.err.number");
    CHECK(error_key([&] { note("[{\"id\":\"n1\",\"text\":\"x\",\"m\":" + std::string(70, '[') +
                                std::string(70, ']') + "}]"); }) == "io.err.too_deep");
    // and elsewhere in the body (the fast parser's share of it)
    std::string body = saved.substr(saved.find(",\"body\":") + 8);
    body.pop_back();
    const std::string name = "\"name\":\"Mira\"";
    std::string bad = body;
    bad.replace(bad.find(name), name.size(), "\"name\":\"Mi\xF4\x90\x80\x80ra\"");
    CHECK(error_key([&] { io::load(envelope(bad), base_engine()); }) == "io.err.not_utf8");
  }
}
