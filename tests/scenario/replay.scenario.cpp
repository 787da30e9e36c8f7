// Determinism: a scripted campaign with a fixed seed, then its recorded events folded over the snapshot give
// the identical state — the property undo, redo, saves and share links rely on. Also: the same seed gives the
// same campaign, and a different seed a different one.
#include "campaign_fixture.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
// A long, varied evening: every kind of base command, rolled HP and initiative, rolled death saves and hit
// dice, prompts, tables, undo in the middle.
Table evening(std::uint64_t seed, const Engine& engine = base_engine()) {
  Table t(engine, seed, SessionOptions{100000});
  t.run({{"type", "CreateCampaign"}, {"name", "Replay"}, {"language", "uk"}});
  std::vector<std::string> party;
  for (const char* name : {"Mira", "Bořek", "Olena", "Tarn"})
    party.push_back(t.pc(name, 24, {{"level", 4}, {"hit_die", 8}, {"abilities", {{"con", 14}}}}));
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 6}});
  t.run({{"type", "AddCreature"}, {"name", "Ogre"}, {"kind", "monster"}, {"hp", "7d10+21"}, {"legendary_actions", 2}});
  Rng pick(seed + 1);
  for (int fight = 0; fight < 3; ++fight) {
    t.run({{"type", "StartEncounter"}});
    for (int step = 0; step < 60; ++step) {
      const auto& cs = t.state().creatures;
      std::vector<std::string> alive;
      for (const auto& c : cs)
        if (!c.death_saves.dead) alive.push_back(c.id);
      std::string who = alive[pick.below(static_cast<std::uint32_t>(alive.size()))];
      int dice = static_cast<int>(pick.below(6));
      try {
        switch (dice) {
          case 0: t.run({{"type", "ApplyDamage"}, {"target", who}, {"amount", 1 + pick.below(12)}}); break;
          case 1: t.run({{"type", "SetCondition"}, {"target", who}, {"condition", "prone"}, {"until", "end_of_next_turn"}}); break;
          case 2: t.run({{"type", "DeathSave"}, {"target", who}}); break;
          case 3: t.run({{"type", "RollTable"}, {"table", "shock"}, {"target", who}}); break;
          case 4: t.run({{"type", "Heal"}, {"target", who}, {"amount", 1 + pick.below(6)}}); break;
          default: t.run({{"type", "NextTurn"}});
        }
      } catch (const UserError&) {
        // refusals (not dying, dead …) are part of the evening; they leave no trace
      }
      if (step == 30) t.session.undo(3);
    }
    t.run({{"type", "EndEncounter"}});
    std::vector<json> spend;
    for (const auto& id : party)
      if (!t.c(id).death_saves.dead && hit_dice_left(t.c(id)) > 0) spend.push_back({{"target", id}, {"dice", 1}});
    t.run({{"type", "ShortRest"}, {"spend", spend}});
    t.run({{"type", "AdvanceTime"}, {"minutes", 90}});
  }
  t.run({{"type", "LongRest"}});
  return t;
}
}  // namespace

TEST_CASE("replay: folding the recorded events reproduces the state exactly", "[scenario][replay]") {
  // the base engine, and the app's engine with every rule module of modules.cpp
  for (const Engine* engine : {&base_engine(), &Engine::standard()}) {
    Table t = evening(77, *engine);
    INFO("modules: " << engine->modules().size());
    REQUIRE(t.session.tail().size() > 100);
    size_t events = 0;
    for (const auto& tx : t.session.tail()) events += tx.events.size();
    REQUIRE(events > 200);
    // replay from the snapshot (the empty campaign): no hooks, no Rng
    Campaign replayed = t.session.snapshot();
    for (const auto& tx : t.session.tail()) engine->apply(replayed, tx);
    REQUIRE(to_j(replayed) == to_j(t.state()));
    // … also after a save: the events in the file alone give the state
    json doc = io::save_json(t.session);
    Campaign from_file = doc["snapshot"].get<Campaign>();
    for (const auto& txj : doc["tail"]) engine->apply(from_file, txj.get<Transaction>());
    REQUIRE(to_j(from_file) == to_j(t.state()));
    Session loaded = io::load(doc.dump(), *engine);
    REQUIRE(to_j(loaded.state()) == to_j(t.state()));
  }
}

TEST_CASE("replay: the same seed gives the same campaign, another seed another", "[scenario][replay]") {
  json a = to_j(evening(5).state());
  json b = to_j(evening(5).state());
  json c = to_j(evening(6).state());
  REQUIRE(a == b);
  REQUIRE(a != c);
}
