// The encounter: StartEncounter, NextTurn, PrevTurn, EndEncounter, UseLegendaryAction, UseLegendaryResistance.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"

namespace druzina::campaign::base_cmd {

namespace {

// ---- encounter --------------------------------------------------------------------------------------
bool takes_turn(const Campaign& c, const InitEntry& e) {
  const Creature* x = find_creature(c, e.creature);
  return x && !x->death_saves.dead;
}

void start_turn(Ctx& ctx, int turn, int round) {
  const auto& entry = ctx.state().encounter->order[static_cast<size_t>(turn)];
  std::string who = entry.creature;
  bool lair = entry.lair;
  json data = {{"creature", who}, {"round", round}, {"turn", turn}};
  if (lair) data["lair"] = true;
  ctx.emit("turn_started", std::move(data));
  if (!lair && ctx.state().encounter) actions::expire_turn_conditions(ctx, who, true);
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
    if (!seen.insert(id).second) throw UserError("campaign.err.duplicate", {{"id", id}});
  }
  json given = json::object();
  if (const json* v = param::find(cmd, "initiative")) {
    if (v->is_string()) {
      if (v->get<std::string>() != "roll")
        throw UserError("campaign.err.param", {{"param", "initiative"}, {"expected", "\"roll\" or {id: value}"}});
    } else if (v->is_object()) {
      given = *v;
      for (auto it = given.begin(); it != given.end(); ++it) {
        if (!seen.count(it.key())) throw UserError("campaign.err.not_participant", {{"id", it.key()}});
        json one = {{"initiative", it.value()}};
        param::integer(one, "initiative", -20, 100);
      }
    } else {
      throw UserError("campaign.err.param", {{"param", "initiative"}, {"expected", "\"roll\" or {id: value}"}});
    }
  }
  std::vector<std::string> lair = id_list(cmd, "lair");
  for (const auto& id : lair)
    if (!seen.count(id)) throw UserError("campaign.err.not_participant", {{"id", id}});
  Plan plan;
  if (!rng) return plan;
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
      plan.rolls.push_back({{"creature", x.id}, {"given", r.e.initiative}});
    } else {
      int d = rng->die(20);
      r.e.initiative = d + r.mod;
      plan.rolls.push_back({{"creature", x.id}, {"roll", d}, {"modifier", r.mod}, {"total", r.e.initiative}});
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
  ctx.emit("encounter_started", {{"order", plan.order}, {"rolls", plan.rolls}});
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
    json ended = {{"creature", cur.creature}, {"round", enc.round}, {"turn", enc.turn}};
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
  if (round > enc.round) ctx.emit("round_started", {{"round", round}});
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
  ctx.emit("turn_moved", {{"creature", enc.order[static_cast<size_t>(idx)].creature}, {"round", round}, {"turn", idx}});
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
  ctx.emit("encounter_ended", {{"rounds", rounds}});
  // The fight took time: 10 rounds = 1 minute, rounded up (or as given).
  long long minutes = param::integer(cmd, "minutes", 0, 1440, (rounds + 9) / 10);
  actions::advance_time(ctx, minutes, "encounter");
}

void validate_use_legendary_action(const Campaign& c, const json& cmd) {
  const Encounter& enc = require_encounter(c);
  const Creature& x = require_living(c, target(cmd));
  int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
  if (x.legendary_actions <= 0) throw UserError("campaign.err.no_legendary", {{"name", x.name}});
  auto it = enc.legendary.find(x.id);
  int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
  if (left < cost) throw UserError("campaign.err.no_legendary_left", {{"name", x.name}, {"left", left}});
}

void execute_use_legendary_action(Ctx& ctx, const json& cmd) {
  const Encounter& enc = require_encounter(ctx.state());
  const Creature& x = require_living(ctx.state(), target(cmd));
  int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
  auto it = enc.legendary.find(x.id);
  int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
  ctx.emit("legendary_used", {{"creature", x.id}, {"cost", cost}, {"left", left - cost}});
}

void validate_use_legendary_resistance(const Campaign& c, const json& cmd) {
  const Creature& x = require_living(c, target(cmd));
  if (x.legendary_resistances <= 0) throw UserError("campaign.err.no_legendary_resistance", {{"name", x.name}});
  if (x.legendary_resistances_used >= x.legendary_resistances)
    throw UserError("campaign.err.no_legendary_resistance_left", {{"name", x.name}, {"n", x.legendary_resistances}});
}

void execute_use_legendary_resistance(Ctx& ctx, const json& cmd) {
  const Creature& x = require_living(ctx.state(), target(cmd));
  const int used = x.legendary_resistances_used + 1;
  ctx.emit("legendary_resistance_used",
           {{"creature", x.id}, {"used", used}, {"left", x.legendary_resistances - used}});
}

}  // namespace

void register_encounter_commands(Engine& e) {
  reg(e, "StartEncounter", {"participants", "initiative", "lair"}, validate_start_encounter, execute_start_encounter);
  reg(e, "NextTurn", {}, validate_next_turn, execute_next_turn);
  reg(e, "PrevTurn", {}, validate_prev_turn, execute_prev_turn);
  reg(e, "EndEncounter", {"minutes"}, validate_end_encounter, execute_end_encounter);
  reg(e, "UseLegendaryAction", {"target", "cost"}, validate_use_legendary_action, execute_use_legendary_action);
  reg(e, "UseLegendaryResistance", {"target"}, validate_use_legendary_resistance, execute_use_legendary_resistance);
}

}  // namespace druzina::campaign::base_cmd
