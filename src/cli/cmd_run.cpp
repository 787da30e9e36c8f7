// druzina run SCRIPT.json — applies a list of campaign commands (engine.hpp) to a new or saved campaign and
// prints {"seed", "state", "events", "log", "save"?}. The script is a JSON array of commands or
// {"commands": [...]}; {"type": "Undo", "steps"?: n} and {"type": "Redo", "steps"?: n} undo and redo;
// {"type": "Wall", "ms": N} sets the wall clock (ms since 1970) of the next steps, 10 s apart (sessions of the log).
// A failing command stops the run: exit 2, "Command <index> (<type>) failed: …" in --lang (index from 0).
// --player prints what a player's phone shows instead: {"seed", "state": io::player_view, "log": the Log screen in
// player mode} (no events, no save: they hold the DM's secrets).
//
// druzina bench-save — the save/load benchmark hook (scripts/bench): builds a campaign of --pcs PCs,
// --monsters monsters and --events events from a fixed seed and times io::save and io::load natively.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <time.h>

#include "cli/cli.hpp"
#include "core/campaign/session.hpp"
#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/io/player_view.hpp"
#include "core/io/save.hpp"
#include "core/rng.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;
using campaign::Session;
using campaign::Transaction;

json nested(const UserError& e) {
  return {{"reason_cs", e.message(Lang::cs)}, {"reason_uk", e.message(Lang::uk)}, {"reason_en", e.message(Lang::en)}};
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("run.err.read", {{"path", path}});
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw UserError("run.err.write", {{"path", path}});
}

json event_list(const std::vector<Transaction>& txs) {
  json events = json::array();
  for (const auto& tx : txs)
    for (const auto& ev : tx.events) events.push_back({{"tx", tx.id}, {"type", ev.type}, {"data", ev.data}});
  return events;
}

// The Log screen in player mode, flattened: "#12 Mira …" per line, a folded session's summary as "(3) …".
std::vector<std::string> player_log(const Session& session, Lang lang) {
  std::vector<std::string> out;
  for (const auto& v : session.history_log(lang, campaign::LogAudience::player)) {
    if (!v.summary.empty()) out.push_back("(" + std::to_string(v.n) + ") " + v.summary);
    for (const auto& e : v.entries)
      for (const auto& line : e.lines) out.push_back("#" + std::to_string(e.tx) + " " + line);
  }
  return out;
}

Output run(const Args& args) {
  const std::string& path = args.arg(0, "SCRIPT.json");
  json script;
  std::string text = read_file(path);
  try {
    script = io::parse_json(text);  // guarded: size, UTF-8, nesting depth, number range, then the parser
  } catch (const UserError& e) {
    json a = nested(e);
    a["path"] = path;
    throw UserError("run.err.script_json", a);
  }
  const json* commands = &script;
  if (script.is_object() && script.contains("commands")) commands = &script["commands"];
  if (!commands->is_array()) throw UserError("run.err.not_script");

  campaign::SessionOptions options;
  options.tail_limit = static_cast<size_t>(std::max(1LL, args.integer("tail", 200)));
  Session session(campaign::Engine::standard(), options);
  if (auto file = args.get("campaign")) {
    try {
      session = io::load(read_file(*file));
      session.set_tail_limit(options.tail_limit);
    } catch (const UserError& e) {
      json a = nested(e);
      a["path"] = *file;
      throw UserError("run.err.campaign", a);
    }
  }

  std::uint64_t seed = args.seed().value_or(std::random_device{}());
  Rng rng(seed);
  std::vector<Transaction> ran;  // this run's transactions still in the history
  std::optional<long long> wall;  // {"type": "Wall", "ms": N}: the wall clock of the next steps (+10 s each)
  for (size_t i = 0; i < commands->size(); ++i) {
    const json& cmd = (*commands)[i];
    std::string type = cmd.is_object() && cmd.contains("type") && cmd["type"].is_string() ? cmd["type"].get<std::string>() : "?";
    try {
      if (type == "Undo" || type == "Redo") {
        for (auto it = cmd.begin(); it != cmd.end(); ++it)
          if (it.key() != "type" && it.key() != "steps")
            throw UserError("campaign.err.unknown_param", {{"command", type}, {"param", it.key()}});
        long long steps = campaign::param::integer(cmd, "steps", 1, 100000, 1);
        if (type == "Undo") {
          session.undo(static_cast<size_t>(steps));
          while (!ran.empty() && ran.back().id > session.state().last_tx) ran.pop_back();
        } else {
          session.redo(static_cast<size_t>(steps));
          const auto& tail = session.tail();
          for (size_t k = tail.size() - std::min<size_t>(tail.size(), static_cast<size_t>(steps)); k < tail.size(); ++k)
            ran.push_back(tail[k]);
        }
      } else if (type == "Wall") {
        for (auto it = cmd.begin(); it != cmd.end(); ++it)
          if (it.key() != "type" && it.key() != "ms")
            throw UserError("campaign.err.unknown_param", {{"command", type}, {"param", it.key()}});
        wall = campaign::param::integer(cmd, "ms", 0, 9'000'000'000'000'000LL);
      } else {
        ran.push_back(session.dispatch(cmd, rng, wall));
        if (wall) *wall += 10'000;
      }
    } catch (const UserError& e) {
      json a = nested(e);
      a["index"] = i;
      a["type"] = type;
      throw UserError("run.err.step", a);
    }
  }

  Output out;
  std::vector<std::string> log;
  if (args.has("player")) {
    // What a player's phone shows: the state a player may see (the table link's view) and the log in player
    // mode (the whole history, every session), never the events or the save.
    log = player_log(session, args.lang);
    out.json = {{"seed", seed}, {"state", io::player_view(session.state())}, {"log", log}};
  } else {
    log = session.log_lines(args.lang);
    out.json = {{"seed", seed}, {"state", session.state()}, {"events", event_list(ran)}, {"log", log}};
    if (args.has("save")) out.json["save"] = io::save_json(session);
  }
  if (auto file = args.get("out")) write_file(*file, io::save(session));
  for (const auto& line : log) out.text += (out.text.empty() ? "" : "\n") + line;
  return out;
}

// ---- bench-save ----------------------------------------------------------------------------------------
// A plausible campaign: PCs with inventories and ability scores, monsters, then fights (initiative, damage,
// healing, conditions, turns), rests and time until the wanted number of events exists.
Session build_bench_campaign(int pcs, int monsters, int events, size_t tail_limit, std::uint64_t seed) {
  campaign::SessionOptions options;
  options.tail_limit = tail_limit;
  Session s(campaign::Engine::standard(), options);
  Rng rng(seed), pick(seed ^ 0x9e3779b97f4a7c15ULL);
  size_t total = 0;
  auto run_cmd = [&](const json& cmd) {
    try {
      total += s.dispatch(cmd, rng).events.size();
    } catch (const UserError&) {
      // refused (e.g. a target already dead): the benchmark just moves on
    }
  };
  run_cmd({{"type", "CreateCampaign"}, {"name", "Benchmark"}, {"language", "cs"}});
  const char* names[] = {"Mira", "Bořek", "Olena", "Tarn", "Jasna", "Kvido", "Ivanka", "Radim"};
  for (int i = 0; i < pcs; ++i) {
    json inv = json::array();
    for (int k = 0; k < 12; ++k)
      inv.push_back({{"name", std::string("item ").append(std::to_string(k))}, {"weight", 1.5 * k}, {"qty", 1 + k % 3}, {"kind", k == 0 ? "armor_medium" : "gear"}, {"value_gp", 10 * k}});
    std::string name = names[i % 8];
    if (i >= 8) name.append(1, ' ').append(std::to_string(i));
    run_cmd({{"type", "AddCreature"},
             {"name", name},
             {"kind", "pc"},
             {"level", 5},
             {"hp", 38},
             {"ac", 15},
             {"hit_die", 8},
             {"race", "dwarf"},
             {"abilities", {{"str", 14}, {"dex", 12}, {"con", 14}, {"int", 10}, {"wis", 13}, {"cha", 8}}},
             {"inventory", inv},
             {"modules", {{"renown", {{"organizations", {{"Harfenici", 3}}}}}}},
             {"notes", "A character of the benchmark campaign with a few lines of notes."}});
  }
  run_cmd({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", std::max(1, monsters)}, {"ac", 15}});
  const char* conditions[] = {"prone", "poisoned", "frightened", "restrained", "blinded"};
  const char* untils[] = {"end_of_next_turn", "start_of_next_turn", "permanent"};
  while (total < static_cast<size_t>(events)) {
    const auto& cs = s.state().creatures;
    if (!s.state().encounter) {
      // Between fights: the fallen PCs are raised, the dead monsters replaced, and the party rests.
      std::vector<std::string> dead_pcs, dead_monsters;
      for (const auto& c : cs)
        if (c.death_saves.dead) (c.kind == "monster" ? dead_monsters : dead_pcs).push_back(c.id);
      for (const auto& id : dead_pcs)
        run_cmd({{"type", "UpdateCreature"}, {"target", id},
                 {"patch", {{"death_saves", {{"dead", false}, {"failures", 0}, {"successes", 0}}}, {"hp", 1}}}});
      for (const auto& id : dead_monsters) run_cmd({{"type", "RemoveCreature"}, {"target", id}});
      if (!dead_monsters.empty())
        run_cmd({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"},
                 {"count", static_cast<int>(dead_monsters.size())}, {"ac", 15}});
      run_cmd({{"type", pick.below(3) == 0 ? "LongRest" : "ShortRest"}});
      json participants = json::array();
      for (const auto& c : s.state().creatures)
        if (!c.death_saves.dead && (c.kind == "pc" || pick.below(3) == 0)) participants.push_back(c.id);
      run_cmd({{"type", "StartEncounter"}, {"participants", participants}});
      continue;
    }
    std::vector<std::string> living;
    int monsters_left = 0;
    for (const auto& entry : s.state().encounter->order) {
      const auto* c = campaign::find_creature(s.state(), entry.creature);
      if (c && !c->death_saves.dead && !entry.lair) {
        living.push_back(c->id);
        monsters_left += c->kind == "monster";
      }
    }
    if (monsters_left == 0 || living.size() < 2) {
      run_cmd({{"type", "EndEncounter"}});
      continue;
    }
    std::string target = living[pick.below(static_cast<std::uint32_t>(living.size()))];
    switch (pick.below(10)) {
      case 0: case 1: case 2:
        run_cmd({{"type", "ApplyDamage"}, {"target", target}, {"amount", 1 + static_cast<int>(pick.below(6))}, {"damage_type", "slashing"}});
        break;
      case 3:
        run_cmd({{"type", "Heal"}, {"target", target}, {"amount", 1 + static_cast<int>(pick.below(8))}});
        break;
      case 4:
        run_cmd({{"type", "SetCondition"}, {"target", target}, {"condition", conditions[pick.below(5)]}, {"until", untils[pick.below(3)]}});
        break;
      case 5:
        if (pick.below(2) == 0) run_cmd({{"type", "AddNote"}, {"text", "The goblins shout something about a bridge."}});
        else run_cmd({{"type", "DeathSave"}, {"target", target}});
        break;
      default:
        run_cmd({{"type", "NextTurn"}});
    }
  }
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// CPU time of this thread: unlike wall time it does not grow when other processes share the cores.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

json measure(const Session& s, int runs) {
  using clock = std::chrono::steady_clock;
  std::vector<double> save_ms, load_ms, save_cpu, load_cpu;
  std::string text;
  for (int i = 0; i < runs; ++i) {
    double c0 = cpu_ms();
    auto t0 = clock::now();
    text = io::save(s);
    auto t1 = clock::now();
    double c1 = cpu_ms();
    Session back = io::load(text);
    auto t2 = clock::now();
    double c2 = cpu_ms();
    save_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    load_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    save_cpu.push_back(c1 - c0);
    load_cpu.push_back(c2 - c1);
  }
  size_t events = 0;
  for (const auto& tx : s.tail()) events += tx.events.size();
  return {{"save_ms", median(save_ms)}, {"load_ms", median(load_ms)}, {"save_cpu_ms", median(save_cpu)},
          {"load_cpu_ms", median(load_cpu)}, {"bytes", text.size()}, {"transactions_in_save", s.tail().size()},
          {"events_in_save", events}};
}

Output bench_save(const Args& args) {
  int pcs = static_cast<int>(args.integer("pcs", 6));
  int monsters = static_cast<int>(args.integer("monsters", 30));
  int events = static_cast<int>(args.integer("events", 2000));
  int runs = static_cast<int>(std::max(1LL, args.integer("runs", 21)));
  std::uint64_t seed = args.seed().value_or(1);
  // Worst case: every event of the campaign still in the undo tail.
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  double c0 = cpu_ms();
  Session full = build_bench_campaign(pcs, monsters, events, 1'000'000, seed);
  double c1 = cpu_ms();
  auto t1 = clock::now();
  size_t dispatched = full.tail().size();
  if (auto file = args.get("out")) write_file(*file, io::save(full));
  json result = measure(full, runs);
  result["pcs"] = pcs;
  result["monsters"] = monsters;
  result["events_wanted"] = events;
  result["dispatch_us"] = std::chrono::duration<double, std::micro>(t1 - t0).count() / std::max<size_t>(1, dispatched);
  result["dispatch_cpu_us"] = (c1 - c0) * 1000 / std::max<size_t>(1, dispatched);
  {
    auto u0 = clock::now();
    Session copy = full;
    double k0 = cpu_ms();
    copy.undo(1);
    double k1 = cpu_ms();
    auto u1 = clock::now();
    result["undo_ms_full_tail"] = std::chrono::duration<double, std::milli>(u1 - u0).count();
    result["undo_cpu_ms_full_tail"] = k1 - k0;
  }
  // The same campaign as the app keeps it: the default tail, older transactions folded into the snapshot.
  Session bounded = full;
  bounded.set_tail_limit(campaign::SessionOptions{}.tail_limit);
  result["default_tail"] = measure(bounded, runs);
  {
    double k0 = cpu_ms();
    bounded.undo(1);
    result["default_tail"]["undo_cpu_ms"] = cpu_ms() - k0;
  }
  Output out;
  out.json = result;
  out.text = result.dump(2);
  return out;
}

const bool reg_run = register_command(
    {"run", "run SCRIPT.json [--seed N] [--campaign SAVE.json] [--tail N] [--save] [--out FILE] [--player]",
     "apply a JSON list of campaign commands; print the state, the events and the log (--save: the save too; "
     "--player: what a player's phone shows instead, the players' state and log)", run});
const bool reg_bench = register_command(
    {"bench-save", "bench-save [--pcs 6] [--monsters 30] [--events 2000] [--runs 21] [--seed N] [--out SAVE.json]",
     "(benchmark) time saving and loading a campaign of that size", bench_save, true});

}  // namespace
}  // namespace druzina::cli
