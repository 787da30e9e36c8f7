// Long campaigns: the state's lists share their elements between copies (CowList), and after a
// command the engine validates only what changed (Engine::validate_change) — with the same guarantees.
#include <utility>

#include "../scenario/campaign_fixture.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

Creature goblin(int n) {
  Creature x;
  x.id = "c" + std::to_string(n);
  x.kind = "monster";
  x.name = "Goblin " + std::to_string(n);
  x.max_hp = x.hp = 10;
  return x;
}

// A valid campaign of n goblins (c1 … cn) and a note about the first.
Campaign crowd(int n) {
  Campaign c;
  for (int k = 1; k <= n; ++k) c.creatures.push_back(goblin(k));
  Note note;
  note.id = "n" + std::to_string(n + 1);
  note.text = "about the first";
  note.creature = "c1";
  c.notes.push_back(note);
  c.next_id = n + 2;
  return c;
}

// The base engine plus test-only events and commands that break the state in one place (as a faulty rule
// module could): the engine's check after the command has to catch them.
const Engine& breaking_engine() {
  static const Engine* engine = [] {
    auto* e = new Engine;
    register_base_events(*e);
    register_base_commands(*e);
    e->register_event("test_hp_set", {[](Campaign& c, const json& d) {
                        creature_ref(c, d.at("creature").get<std::string>()).hp = d.at("hp").get<int>();
                      }});
    e->register_event("test_note_points_to", {[](Campaign& c, const json& d) {
                        auto k = c.notes.find(d.at("note").get<std::string>());
                        c.notes.mut(static_cast<size_t>(k)).creature = d.at("creature").get<std::string>();
                      }});
    e->register_event("test_id_set", {[](Campaign& c, const json& d) {
                        creature_ref(c, d.at("creature").get<std::string>()).id = d.at("id").get<std::string>();
                      }});
    e->register_command("TestEmit", {{"event", "data"}, {}, [](Ctx& ctx, const json& cmd) {
                                       ctx.emit(cmd.at("event").get<std::string>(), cmd.at("data"));
                                     }});
    return e;
  }();
  return *engine;
}

}  // namespace

TEST_CASE("sharing: a copy of a list shares its elements until one is written", "[campaign][sharing]") {
  CowList<Creature> a;
  for (int k = 1; k <= 200; ++k) a.push_back(goblin(k));
  CowList<Creature> b = a;
  const auto& ca = std::as_const(a);
  const auto& cb = std::as_const(b);
  for (size_t k = 0; k < a.size(); ++k) REQUIRE(&ca[k] == &cb[k]);
  b[150].hp = 3;  // written through the copy: only that element is copied
  REQUIRE(ca[150].hp == 10);
  REQUIRE(cb[150].hp == 3);
  REQUIRE(&ca[150] != &cb[150]);
  REQUIRE(&ca[149] == &cb[149]);
  REQUIRE(&ca[151] == &cb[151]);
  REQUIRE(b.same_chunk(0, a));
  REQUIRE_FALSE(b.same_chunk(150, a));
  b.push_back(goblin(201));
  REQUIRE(a.size() == 200);
  REQUIRE(b.size() == 201);
  b.erase_at(0);
  REQUIRE(a.size() == 200);
  REQUIRE(ca[0].id == "c1");
  REQUIRE(cb[0].id == "c2");
  REQUIRE(&ca[1] == &cb[0]);  // removing moves pointers, not creatures
  // Mutable iteration writes only this list.
  for (auto& x : b) x.ac = 18;
  REQUIRE(ca[5].ac == 10);
  REQUIRE(cb[5].ac == 18);
  // JSON round trip.
  CowList<Creature> c = json(b).get<CowList<Creature>>();
  REQUIRE(json(c) == json(b));
}

TEST_CASE("sharing: find is a binary search on increasing ids and a scan otherwise", "[campaign][sharing]") {
  CowList<Creature> a;
  for (int k = 1; k <= 300; ++k) a.push_back(goblin(2 * k));
  REQUIRE(a.sorted());
  REQUIRE(a.find("c2") == 0);
  REQUIRE(a.find("c600") == 299);
  REQUIRE(a.find("c301") == -1);
  REQUIRE(a.find("n2") == -1);  // same number, another letter
  REQUIRE(a.find("") == -1);
  a.erase_at(10);
  REQUIRE(a.sorted());
  REQUIRE(a.find("c22") == -1);
  REQUIRE(a.find("c24") == 10);
  a.push_back(goblin(5));  // an id below the last one (an imported creature): lookups scan from now on
  REQUIRE_FALSE(a.sorted());
  REQUIRE(a.find("c5") == 299);
  REQUIRE(a.find("c600") == 298);
  Creature odd = goblin(7);
  odd.id = "goblin";
  a.push_back(odd);
  REQUIRE(a.find("goblin") == 300);
}

TEST_CASE("sharing: a command shares the creatures it does not touch with the state before", "[campaign][sharing]") {
  Campaign before = crowd(500);
  base_engine().validate(before);
  Rng rng(1);
  Engine::Result r = base_engine().run(before, {{"type", "ApplyDamage"}, {"target", "c300"}, {"amount", 4}}, rng);
  const auto& old_list = std::as_const(before.creatures);
  const auto& new_list = std::as_const(r.state.creatures);
  REQUIRE(new_list[299].hp == 6);
  REQUIRE(old_list[299].hp == 10);
  size_t shared = 0;
  for (size_t k = 0; k < new_list.size(); ++k) shared += &new_list[k] == &old_list[k];
  REQUIRE(shared == 499);
  REQUIRE(&std::as_const(r.state.notes)[0] == &std::as_const(before.notes)[0]);
  base_engine().validate(r.state);  // the change check agreed with the full one
}

TEST_CASE("sharing: a bad value in one creature among many is caught and nothing changes", "[campaign][sharing]") {
  Campaign start = crowd(300);
  Session s(breaking_engine(), start, {}, {}, start, {});
  Rng rng(7);
  s.dispatch({{"type", "ApplyDamage"}, {"target", "c10"}, {"amount", 1}}, rng);
  const json state_before = json(s.state());
  const Rng rng_before = rng;
  const size_t tail_before = s.undo_depth();
  try {
    s.dispatch({{"type", "TestEmit"}, {"event", "test_hp_set"}, {"data", {{"creature", "c250"}, {"hp", -5}}}}, rng);
    FAIL("the bad hp was not caught");
  } catch (const UserError& e) {
    REQUIRE(e.key() == "state.err.out_of_range");
    REQUIRE(e.args()["path"] == "creatures[249].hp");
  }
  REQUIRE(json(s.state()) == state_before);
  REQUIRE(s.undo_depth() == tail_before);
  REQUIRE(rng.next() == Rng(rng_before).next());
  REQUIRE(find_creature(s.state(), "c250")->hp == 10);
  // hp above max in a creature written by a good command and a bad one together
  REQUIRE_REFUSED(s.dispatch({{"type", "TestEmit"}, {"event", "test_hp_set"}, {"data", {{"creature", "c10"}, {"hp", 11}}}}, rng),
                  "state.err.hp_above_max");
  REQUIRE(json(s.state()) == state_before);
  s.undo();
  REQUIRE(find_creature(s.state(), "c10")->hp == 10);
}

TEST_CASE("sharing: a dangling reference or a changed id is caught after a command", "[campaign][sharing]") {
  Campaign start = crowd(100);
  Session s(breaking_engine(), start, {}, {}, start, {});
  Rng rng(3);
  const json state_before = json(s.state());
  try {
    s.dispatch({{"type", "TestEmit"}, {"event", "test_note_points_to"}, {"data", {{"note", "n101"}, {"creature", "c999"}}}}, rng);
    FAIL("the dangling reference was not caught");
  } catch (const UserError& e) {
    REQUIRE(e.key() == "state.err.unknown_creature");
    REQUIRE(e.args()["path"] == "notes[0].creature");
  }
  REQUIRE_REFUSED(s.dispatch({{"type", "TestEmit"}, {"event", "test_id_set"}, {"data", {{"creature", "c40"}, {"id", "c41"}}}}, rng),
                  "state.err.bad_id");
  REQUIRE(json(s.state()) == state_before);
  // A note about a creature that goes away: removing falls back to the full check, the reference is cleared.
  s.dispatch({{"type", "RemoveCreature"}, {"target", "c1"}}, rng);
  REQUIRE(s.state().notes[0].creature.empty());
  REQUIRE(s.state().creatures.size() == 99);
  s.dispatch({{"type", "AddNote"}, {"text", "about the second"}, {"creature", "c2"}}, rng);
  REQUIRE(s.state().notes.size() == 2);
  s.undo(2);
  REQUIRE(json(s.state()) == state_before);
  REQUIRE(json(s.refold()) == json(s.state()));
}

TEST_CASE("sharing: an added creature with a taken id or one not below next_id is refused", "[campaign][sharing]") {
  Campaign start = crowd(20);
  Session s(breaking_engine(), start, {}, {}, start, {});
  Rng rng(5);
  json dup = compact_json(goblin(21));
  dup["id"] = "n21";  // the note's id
  REQUIRE_REFUSED(s.dispatch({{"type", "TestEmit"}, {"event", "creature_added"}, {"data", {{"creature", dup}}}}, rng),
                  "state.err.duplicate_id");
  REQUIRE(s.state().creatures.size() == 20);
  s.dispatch({{"type", "AddCreature"}, {"name", "Orc"}, {"kind", "monster"}, {"hp", 15}}, rng);
  REQUIRE(s.state().creatures.back().id == "c22");
  REQUIRE(find_creature(s.state(), "c22") == &s.state().creatures.back());
}
