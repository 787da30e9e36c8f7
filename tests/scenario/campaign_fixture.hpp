// Shared helpers for the campaign, save and scenario tests: a session with a fixed-seed Rng, shortcuts for
// commands, and a check that a call is refused with a given UserError key.
// Table runs on the app's engine (Engine::standard(): base + rule modules); BaseTable on the base engine only.
#pragma once
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/derived.hpp"
#include "core/campaign/session.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"

namespace druzina::test {

using nlohmann::json;
using namespace druzina::campaign;

// The key of the UserError fn throws ("" when it throws none).
template <class F>
std::string error_key(F&& fn) {
  try {
    fn();
  } catch (const UserError& e) {
    return e.key();
  }
  return "";
}

#define REQUIRE_REFUSED(expr, key) REQUIRE(::druzina::test::error_key([&] { (void)(expr); }) == std::string(key))

inline json to_j(const Campaign& c) { return json(c); }

// The base engine alone: the base commands and events, no rule modules (the standard engine adds the house
// rules of src/core/rules/modules.cpp, which change what e.g. ApplyDamage emits).
inline const Engine& base_engine() {
  static const Engine* engine = [] {
    auto* e = new Engine;
    register_base_events(*e);
    register_base_commands(*e);
    return e;
  }();
  return *engine;
}

struct Table {
  explicit Table(std::uint64_t seed = 42, SessionOptions opts = {}) : session(Engine::standard(), opts), rng(seed) {}
  Table(const Engine& engine, std::uint64_t seed, SessionOptions opts = {}) : session(engine, opts), rng(seed) {}

  Session session;
  Rng rng;

  const Transaction& run(const json& cmd) { return session.dispatch(cmd, rng); }
  const Campaign& state() const { return session.state(); }
  const Creature& c(const std::string& id) const {
    const Creature* x = find_creature(session.state(), id);
    REQUIRE(x != nullptr);
    return *x;
  }
  // Adds a creature and returns its id.
  std::string add(json fields) {
    fields["type"] = "AddCreature";
    const Transaction& tx = run(fields);
    // the last copy's creature_added (a rule's hook may emit more after it, e.g. a PC's first hero points)
    for (auto e = tx.events.rbegin(); e != tx.events.rend(); ++e)
      if (e->type == "creature_added") return e->data["creature"]["id"].get<std::string>();
    FAIL("AddCreature added no creature");
    return {};
  }
  std::string pc(const std::string& name, int hp, json more = json::object()) {
    more["name"] = name;
    more["kind"] = "pc";
    more["hp"] = hp;
    return add(more);
  }
  std::string monster(const std::string& name, int hp, json more = json::object()) {
    more["name"] = name;
    more["kind"] = "monster";
    more["hp"] = hp;
    return add(more);
  }
  // Types of the events of the last transaction.
  std::vector<std::string> last_types() const {
    std::vector<std::string> out;
    for (const auto& e : session.tail().back().events) out.push_back(e.type);
    return out;
  }
};

// A Table on the base engine alone (the engine's own tests: no rule module may change what they see).
struct BaseTable : Table {
  explicit BaseTable(std::uint64_t seed = 42, SessionOptions opts = {}) : Table(base_engine(), seed, opts) {}
};

inline bool has_event(const Transaction& tx, const std::string& type) {
  for (const auto& e : tx.events)
    if (e.type == type) return true;
  return false;
}

inline const Event* find_event(const Transaction& tx, const std::string& type) {
  for (const auto& e : tx.events)
    if (e.type == type) return &e;
  return nullptr;
}

}  // namespace druzina::test
