// The encounter: StartEncounter, JoinEncounter, MoveInitiative, DelayTurn, NextTurn, PrevTurn, EndEncounter,
// UseLegendaryAction, UseLegendaryResistance.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
//
// Index:
//   [SECTION] encounter
#include <map>

#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

// [SECTION] encounter -------------------------------------------------------------------------------------------------
bool takes_turn(const Campaign& c, const InitEntry& e) {
  const Creature* x = find_creature(c, e.creature);
  return x && !x->death_saves.dead;
}

void start_turn(Ctx& ctx, int turn, int round) {
  const auto& entry = ctx.state().encounter->order[static_cast<size_t>(turn)];
  std::string who = entry.creature;
  bool lair = entry.lair;
  json data = jobj{"creature", who, "round", round, "turn", turn};
  if (lair) data["lair"] = true;
  ctx.emit("turn_started", std::move(data));
  if (!lair && ctx.state().encounter) actions::expire_turn_conditions(ctx, who, true);
}

// Identical monsters share one initiative roll (StartEncounter {group_initiative: true}): monsters whose names
// differ only in a trailing number ("Goblin 1", "Goblin 2": AddCreature / AddMonsters copies) and whose
// initiative modifiers are equal. The key is "" for anyone else (PCs, sidekicks, NPCs roll alone).
std::string initiative_group(const Creature& x) {
  if (x.kind != "monster") return {};
  std::string base = x.name;
  size_t end = base.find_last_not_of("0123456789");
  if (end != std::string::npos && end + 1 < base.size() && base[end] == ' ') base.resize(end);
  return base + '\n' + std::to_string(initiative_modifier(x));
}

struct Plan {
  std::vector<InitEntry> order;
  json rolls = json::array();
};

// Validates StartEncounter and, given an Rng, rolls the missing initiatives (validation passes none).
auto plan_encounter(const Campaign& c, const json& cmd, Rng* rng) {
  if (c.encounter) throw UserError("campaign.err.encounter_active");
  std::vector<std::string> ids;
  if (param::find(cmd, "participants")) {
    ids = id_list(cmd, "participants");
  } else {
    for (const auto& x : c.creatures)
      if (!x.death_saves.dead) ids.push_back(x.id);
  }
  if (ids.empty()) throw UserError("campaign.err.no_participants");
  std::set<std::string> seen;
  for (const auto& id : ids) {
    require_living(c, id);
    if (!seen.insert(id).second) throw UserError("campaign.err.duplicate", jobj{"id", id});
  }
  json given = json::object();
  if (const json* v = param::find(cmd, "initiative")) {
    if (v->is_string()) {
      if (v->get<std::string>() != "roll")
        throw UserError("campaign.err.param", jobj{"param", "initiative", "expected", "\"roll\" or {id: value}"});
    } else if (v->is_object()) {
      given = *v;
      for (auto it = given.begin(); it != given.end(); ++it) {
        if (!seen.count(it.key())) throw UserError("campaign.err.not_participant", jobj{"id", it.key()});
        json one = jobj{"initiative", it.value()};
        param::integer(one, "initiative", -20, 100);
      }
    } else {
      throw UserError("campaign.err.param", jobj{"param", "initiative", "expected", "\"roll\" or {id: value}"});
    }
  }
  std::vector<std::string> lair = id_list(cmd, "lair");
  for (const auto& id : lair)
    if (!seen.count(id)) throw UserError("campaign.err.not_participant", jobj{"id", id});
  const bool grouped = param::boolean(cmd, "group_initiative", false);
  Plan plan;
  if (!rng) return plan;
  std::map<std::string, int> group_roll;  // a group of identical monsters: one d20 for all
  std::map<std::string, int> group_size;  // a "group" of one rolls as anyone does
  if (grouped)
    for (const auto& id : ids)
      if (!given.contains(id)) ++group_size[initiative_group(*find_creature(c, id))];
  struct Row {
    InitEntry e;
    int mod = 0, dex = 0;
    size_t index = 0;
  };
  std::vector<Row> rows;
  for (size_t k = 0; k < ids.size(); ++k) {
    const Creature& x = *find_creature(c, ids[k]);
    Row r;
    r.e.creature = x.id;
    r.mod = initiative_modifier(x);
    r.dex = x.abilities.dex;
    r.index = k;
    if (given.contains(x.id)) {
      r.e.initiative = given[x.id].get<int>();
      plan.rolls.push_back(jobj{"creature", x.id, "given", r.e.initiative});
    } else if (const std::string key = grouped ? initiative_group(x) : std::string(); !key.empty() && group_size[key] > 1) {
      auto [it, fresh] = group_roll.try_emplace(key, 0);
      if (fresh) it->second = rng->die(20);
      r.e.initiative = it->second + r.mod;
      plan.rolls.push_back(jobj{"creature", x.id, "roll", it->second, "modifier", r.mod, "total", r.e.initiative,
                            "group", key});
    } else {
      int d = rng->die(20);
      r.e.initiative = d + r.mod;
      plan.rolls.push_back(jobj{"creature", x.id, "roll", d, "modifier", r.mod, "total", r.e.initiative});
    }
    rows.push_back(r);
  }
  for (const auto& id : lair) {
    Row r;
    r.e.creature = id;
    r.e.initiative = 20;
    r.e.lair = true;
    r.mod = -1000;  // loses ties
    r.index = ids.size();
    rows.push_back(r);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    if (a.e.initiative != b.e.initiative) return a.e.initiative > b.e.initiative;
    if (a.mod != b.mod) return a.mod > b.mod;
    if (a.dex != b.dex) return a.dex > b.dex;
    return a.index < b.index;
  });
  for (auto& r : rows) plan.order.push_back(r.e);
  return plan;
}

void validate_start_encounter(const Campaign& c, const json& cmd) { plan_encounter(c, cmd, nullptr); }

void execute_start_encounter(Ctx& ctx, const json& cmd) {
  Plan plan = plan_encounter(ctx.state(), cmd, &ctx.rng());
  ctx.emit("encounter_started", jobj{"order", plan.order, "rolls", plan.rolls});
  start_turn(ctx, 0, 1);
}

auto require_encounter(const Campaign& c) -> const Encounter& {
  if (!c.encounter) throw UserError("campaign.err.no_encounter");
  return *c.encounter;
}

void validate_next_turn(const Campaign& c, const json&) {
  const Encounter& enc = require_encounter(c);
  if (std::none_of(enc.order.begin(), enc.order.end(), [&](const InitEntry& x) { return takes_turn(c, x); }))
    throw UserError("campaign.err.nobody_left");
}

void execute_next_turn(Ctx& ctx, const json&) {
  {
    const Encounter& enc = require_encounter(ctx.state());
    const InitEntry cur = enc.order[static_cast<size_t>(enc.turn)];
    json ended = jobj{"creature", cur.creature, "round", enc.round, "turn", enc.turn};
    if (cur.lair) ended["lair"] = true;
    ctx.emit("turn_ended", std::move(ended));
    if (!cur.lair) actions::expire_turn_conditions(ctx, cur.creature, false);
  }
  const Encounter& enc = require_encounter(ctx.state());
  const int n = static_cast<int>(enc.order.size());
  int idx = enc.turn, round = enc.round;
  for (int step = 0; step < n; ++step) {
    if (++idx == n) idx = 0, ++round;
    if (takes_turn(ctx.state(), enc.order[static_cast<size_t>(idx)])) break;
  }
  if (round > enc.round) ctx.emit("round_started", jobj{"round", round});
  start_turn(ctx, idx, round);
}

void validate_prev_turn(const Campaign& c, const json&) {
  const Encounter& enc = require_encounter(c);
  int idx = enc.turn, round = enc.round;
  const int n = static_cast<int>(enc.order.size());
  for (int step = 0; step < n; ++step) {
    if (--idx < 0) idx = n - 1, --round;
    if (round < 1) throw UserError("campaign.err.first_turn");
    if (takes_turn(c, enc.order[static_cast<size_t>(idx)])) return;
  }
  throw UserError("campaign.err.first_turn");
}

void execute_prev_turn(Ctx& ctx, const json&) {
  const Encounter& enc = require_encounter(ctx.state());
  int idx = enc.turn, round = enc.round;
  const int n = static_cast<int>(enc.order.size());
  for (int step = 0; step < n; ++step) {
    if (--idx < 0) idx = n - 1, --round;
    if (takes_turn(ctx.state(), enc.order[static_cast<size_t>(idx)])) break;
  }
  ctx.emit("turn_moved", jobj{"creature", enc.order[static_cast<size_t>(idx)].creature, "round", round, "turn", idx});
}

// The index of a creature's own entry (not its lair action) or campaign.err.not_participant.
int entry_of(const Encounter& enc, const std::string& id) {
  for (size_t k = 0; k < enc.order.size(); ++k)
    if (enc.order[k].creature == id && !enc.order[k].lair) return static_cast<int>(k);
  throw UserError("campaign.err.not_participant", jobj{"id", id});
}

// MoveInitiative {target, position (0-based, in the order as it is), …}: the DM reorders; whose turn it is stays.
struct Move {
  int from = 0, to = 0, turn = 0;
};
Move plan_move(const Campaign& c, const json& cmd) {
  const Encounter& enc = require_encounter(c);
  Move m;
  m.from = entry_of(enc, target(cmd));
  m.to = static_cast<int>(param::integer(cmd, "position", 0, static_cast<long long>(enc.order.size()) - 1));
  if (m.to == m.from) throw UserError("campaign.err.same_position");
  // the current creature keeps its turn: find where its entry ends up
  std::vector<int> idx(enc.order.size());
  for (size_t k = 0; k < idx.size(); ++k) idx[k] = static_cast<int>(k);
  const int moved = idx[static_cast<size_t>(m.from)];
  idx.erase(idx.begin() + m.from);
  idx.insert(idx.begin() + m.to, moved);
  m.turn = static_cast<int>(std::find(idx.begin(), idx.end(), enc.turn) - idx.begin());
  return m;
}

// JoinEncounter {target, initiative?}: a creature joins the running fight (reinforcements, a monster added from
// the Combat screen): its initiative entered or rolled (d20 + its initiative modifier), its entry after everyone
// with the same initiative (before a lair action at 20, which loses ties). Joining above whose turn it is, it
// waits for the next round: the current turn stays with the same creature.
struct Join {
  int initiative = 0, position = 0, turn = 0;
  json roll;  // {"roll", "modifier"} when rolled
};
Join plan_join(const Campaign& c, const json& cmd, Rng* rng) {
  const Encounter& enc = require_encounter(c);
  const Creature& x = require_living(c, target(cmd));
  for (const auto& e : enc.order)
    if (!e.lair && e.creature == x.id) throw UserError("campaign.err.already_fighting", jobj{"name", x.name});
  Join j;
  if (param::find(cmd, "initiative")) {
    j.initiative = static_cast<int>(param::integer(cmd, "initiative", -20, 100));
  } else if (rng) {
    const int d = rng->die(20), mod = initiative_modifier(x);
    j.initiative = d + mod;
    j.roll = jobj{"roll", d, "modifier", mod};
  }
  const int n = static_cast<int>(enc.order.size());
  j.position = n;
  for (int k = 0; k < n; ++k) {
    const InitEntry& e = enc.order[static_cast<size_t>(k)];
    if (e.initiative < j.initiative || (e.lair && e.initiative <= j.initiative)) {
      j.position = k;
      break;
    }
  }
  j.turn = j.position <= enc.turn ? enc.turn + 1 : enc.turn;
  return j;
}

void validate_join_encounter(const Campaign& c, const json& cmd) { plan_join(c, cmd, nullptr); }

void execute_join_encounter(Ctx& ctx, const json& cmd) {
  const Join j = plan_join(ctx.state(), cmd, &ctx.rng());
  json data = jobj{"creature", target(cmd), "initiative", j.initiative, "position", j.position, "turn", j.turn};
  if (!j.roll.is_null()) data.update(j.roll);
  ctx.emit("encounter_joined", std::move(data));
}

void validate_move_initiative(const Campaign& c, const json& cmd) { plan_move(c, cmd); }

void execute_move_initiative(Ctx& ctx, const json& cmd) {
  const Move m = plan_move(ctx.state(), cmd);
  const auto& order = ctx.state().encounter->order;
  json data = jobj{"creature", target(cmd), "from", m.from, "to", m.to, "turn", m.turn};
  // the log names whom it follows now (the order without it, the one before its new place)
  std::vector<InitEntry> rest = order;
  rest.erase(rest.begin() + m.from);
  if (m.to > 0) data["after"] = rest[static_cast<size_t>(m.to - 1)].creature;
  ctx.emit("initiative_moved", std::move(data));
}

// DelayTurn {after?}: the creature whose turn it is waits: its entry moves to right after `after` (default: the
// next creature that takes a turn), later in this round, and the turn passes on. Its turn comes at its new place.
struct Delay {
  std::string who, after;
  int from = 0, to = 0, next = 0;
};
Delay plan_delay(const Campaign& c, const json& cmd) {
  const Encounter& enc = require_encounter(c);
  const InitEntry& cur = enc.order[static_cast<size_t>(enc.turn)];
  if (cur.lair) throw UserError("campaign.err.lair_cannot_delay");
  Delay d;
  d.who = cur.creature;
  d.from = enc.turn;
  const int n = static_cast<int>(enc.order.size());
  int after = -1;
  if (param::find(cmd, "after")) {
    d.after = param::str(cmd, "after");
    for (int k = enc.turn + 1; k < n; ++k)
      if (enc.order[static_cast<size_t>(k)].creature == d.after && !enc.order[static_cast<size_t>(k)].lair) after = k;
    if (after < 0) throw UserError("campaign.err.delay_after", jobj{"id", d.after});
  } else {
    for (int k = enc.turn + 1; k < n && after < 0; ++k)
      if (takes_turn(c, enc.order[static_cast<size_t>(k)])) after = k;
    if (after < 0) throw UserError("campaign.err.delay_last");
    d.after = enc.order[static_cast<size_t>(after)].creature;
  }
  d.to = after;  // after removing its own entry, `after` shifts down by one: inserting at its old index follows it
  // the turn goes to whoever now sits at the delayer's old index (the next in the order), skipping the dead
  d.next = d.from;
  std::vector<InitEntry> order = enc.order;
  InitEntry e = order[static_cast<size_t>(d.from)];
  order.erase(order.begin() + d.from);
  order.insert(order.begin() + d.to, e);
  while (d.next < n && !takes_turn(c, order[static_cast<size_t>(d.next)])) ++d.next;
  if (d.next >= n) throw UserError("campaign.err.delay_last");
  return d;
}

void validate_delay_turn(const Campaign& c, const json& cmd) { plan_delay(c, cmd); }

void execute_delay_turn(Ctx& ctx, const json& cmd) {
  const Delay d = plan_delay(ctx.state(), cmd);
  const int round = ctx.state().encounter->round;
  ctx.emit("initiative_moved", jobj{"creature", d.who, "from", d.from, "to", d.to, "turn", d.next,
                                "after", d.after, "reason", "delay"});
  start_turn(ctx, d.next, round);
}

void validate_end_encounter(const Campaign& c, const json& cmd) {
  require_encounter(c);
  param::integer(cmd, "minutes", 0, 1440, 0);
}

void execute_end_encounter(Ctx& ctx, const json& cmd) {
  const int rounds = require_encounter(ctx.state()).round;
  // Turn-based durations end with the fight.
  struct Gone {
    std::string creature, id, source;
  };
  std::vector<Gone> gone;
  for (const auto& x : ctx.state().creatures)
    for (const auto& cond : x.conditions)
      if (cond.until.kind == "end_of_next_turn" || cond.until.kind == "start_of_next_turn")
        gone.push_back({x.id, cond.id, cond.source});
  for (const auto& g : gone) actions::remove_condition(ctx, g.creature, g.id, g.source, "encounter_ended");
  ctx.emit("encounter_ended", jobj{"rounds", rounds});
  // The fight took time: 10 rounds = 1 minute, rounded up (or as given).
  long long minutes = param::integer(cmd, "minutes", 0, 1440, (rounds + 9) / 10);
  actions::advance_time(ctx, minutes, "encounter");
}

void validate_use_legendary_action(const Campaign& c, const json& cmd) {
  const Encounter& enc = require_encounter(c);
  const Creature& x = require_living(c, target(cmd));
  int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
  if (x.legendary_actions <= 0) throw UserError("campaign.err.no_legendary", jobj{"name", x.name});
  auto it = enc.legendary.find(x.id);
  int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
  if (left < cost) throw UserError("campaign.err.no_legendary_left", jobj{"name", x.name, "left", left});
}

void execute_use_legendary_action(Ctx& ctx, const json& cmd) {
  const Encounter& enc = require_encounter(ctx.state());
  const Creature& x = require_living(ctx.state(), target(cmd));
  int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
  auto it = enc.legendary.find(x.id);
  int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
  ctx.emit("legendary_used", jobj{"creature", x.id, "cost", cost, "left", left - cost});
}

void validate_use_legendary_resistance(const Campaign& c, const json& cmd) {
  const Creature& x = require_living(c, target(cmd));
  if (x.legendary_resistances <= 0) throw UserError("campaign.err.no_legendary_resistance", jobj{"name", x.name});
  if (x.legendary_resistances_used >= x.legendary_resistances)
    throw UserError("campaign.err.no_legendary_resistance_left", jobj{"name", x.name, "n", x.legendary_resistances});
}

void execute_use_legendary_resistance(Ctx& ctx, const json& cmd) {
  const Creature& x = require_living(ctx.state(), target(cmd));
  const int used = x.legendary_resistances_used + 1;
  ctx.emit("legendary_resistance_used",
           jobj{"creature", x.id, "used", used, "left", x.legendary_resistances - used});
}

}  // namespace

void register_encounter_commands(Engine& e) {
  reg(e, "StartEncounter", {"participants", "initiative", "lair", "group_initiative"}, validate_start_encounter,
      execute_start_encounter);
  reg(e, "JoinEncounter", {"target", "initiative"}, validate_join_encounter, execute_join_encounter);
  reg(e, "MoveInitiative", {"target", "position"}, validate_move_initiative, execute_move_initiative);
  reg(e, "DelayTurn", {"after"}, validate_delay_turn, execute_delay_turn);
  reg(e, "NextTurn", {}, validate_next_turn, execute_next_turn);
  reg(e, "PrevTurn", {}, validate_prev_turn, execute_prev_turn);
  reg(e, "EndEncounter", {"minutes"}, validate_end_encounter, execute_end_encounter);
  reg(e, "UseLegendaryAction", {"target", "cost"}, validate_use_legendary_action, execute_use_legendary_action);
  reg(e, "UseLegendaryResistance", {"target"}, validate_use_legendary_resistance, execute_use_legendary_resistance);
}

}  // namespace druzina::campaign::base_cmd
