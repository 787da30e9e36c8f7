// Building blocks shared by the base commands and the rule modules (see actions.hpp).
#include "core/campaign/actions.hpp"

#include <algorithm>
#include <set>

#include "core/campaign/derived.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::actions {

const Creature& require(const Campaign& c, const std::string& id) {
  const Creature* x = find_creature(c, id);
  if (!x) throw UserError("campaign.err.no_creature", jobj{"id", id});
  return *x;
}

const Creature& require_living(const Campaign& c, const std::string& id) {
  const Creature& x = require(c, id);
  if (x.death_saves.dead) throw UserError("campaign.err.dead", jobj{"name", x.name});
  return x;
}

namespace {

bool has_zero_hp_unconscious(const Creature& c) {
  return std::any_of(c.conditions.begin(), c.conditions.end(),
                     [](const Condition& x) { return x.id == "unconscious" && x.source == "0hp"; });
}

// A creature has just reached 0 HP (not by instant death). A monster dies unless it was knocked out.
void fall_to_zero(Ctx& ctx, const std::string& target, bool stable, bool knocked_out = false) {
  const Creature* c = find_creature(ctx.state(), target);
  if (!c || c->death_saves.dead) return;
  if (gone_at_zero_hp(*c) && !knocked_out) {
    kill(ctx, target, c->kind == "object" ? "destroyed" : "zero_hp");
    return;
  }
  if (!has_zero_hp_unconscious(*c)) {
    Condition u;
    u.id = "unconscious";
    u.source = "0hp";
    add_condition(ctx, target, u);
  }
  if (stable) {
    ctx.emit("death_saves_set", jobj{"creature", target,
                                 "successes", 0,
                                 "failures", 0,
                                 "stable", true,
                                 "cause", knocked_out ? "knocked_out" : "stabilized"});
  }
}

// A creature has just left 0 HP.
void leave_zero(Ctx& ctx, const std::string& target) {
  const Creature* c = find_creature(ctx.state(), target);
  if (!c) return;
  const auto& ds = c->death_saves;
  if (ds.successes || ds.failures || ds.stable)
    ctx.emit("death_saves_set",
             jobj{"creature", target, "successes", 0, "failures", 0, "stable", false, "cause", "healed"});
  c = find_creature(ctx.state(), target);
  if (c && has_zero_hp_unconscious(*c)) remove_condition(ctx, target, "unconscious", std::string("0hp"), "healed");
}

}  // namespace

DamageAdjustment adjust_damage(const Creature& c, const std::string& damage_type, int amount) {
  auto has = [&](const std::vector<std::string>& list) {
    return !damage_type.empty() && std::find(list.begin(), list.end(), damage_type) != list.end();
  };
  if (has(c.immunities)) return {"immune", 0};
  if (has(c.resistances)) return {"resisted", amount / 2};
  if (has(c.vulnerabilities)) return {"vulnerable", amount * 2};
  return {"", amount};
}

void damage(Ctx& ctx, const std::string& target, int raw_amount, const DamageOptions& opts) {
  if (raw_amount < 0) throw UserError("campaign.err.param_range", jobj{"param", "amount", "value", raw_amount, "min", 0, "max", 1000000});
  const Creature& c = require_living(ctx.state(), target);
  const DamageAdjustment adj = adjust_damage(c, opts.damage_type, raw_amount);
  const int amount = opts.ignore_resistance ? raw_amount : adj.applied;
  const int old = c.hp, temp_old = c.temp_hp, max = c.max_hp;
  const bool monster = gone_at_zero_hp(c);
  const int to_temp = std::min(temp_old, amount);
  const int rest = amount - to_temp;
  const int now = std::max(0, old - rest);
  const int failures_before = c.death_saves.failures;

  // What this damage will do, decided now so that hooks of hp_changed can see it.
  std::string dies;
  int failures_after = failures_before;
  if (rest > 0 && old == 0) {
    if (rest >= max) {
      dies = "instant_death";
    } else {
      failures_after = std::min(3, failures_before + (opts.critical ? 2 : 1));
      if (failures_after >= 3) dies = "death_saves";
    }
  } else if (rest > 0 && now == 0) {
    if (rest - old >= max)
      dies = "instant_death";
    else if (monster && !opts.knock_out)
      dies = "zero_hp";
  }

  json data = jobj{"creature", target, "old", old, "new", now, "cause", opts.cause, "amount", amount};
  if (to_temp > 0) data["temp_old"] = temp_old, data["temp_new"] = temp_old - to_temp;
  if (!opts.damage_type.empty()) data["damage_type"] = opts.damage_type;
  if (!adj.kind.empty()) {
    data["raw"] = raw_amount;
    data["adjust"] = adj.kind;
    if (opts.ignore_resistance) data["override"] = true;
  }
  if (opts.critical) data["critical"] = true;
  if (!dies.empty()) data["dies"] = dies;
  const bool knocked_out = opts.knock_out && rest > 0 && now == 0 && old > 0 && dies.empty();
  if (knocked_out) data["knock_out"] = true;
  ctx.emit("hp_changed", std::move(data));

  const Creature* after = find_creature(ctx.state(), target);
  if (!after || after->death_saves.dead) return;  // a hook already settled it
  if (rest > 0 && old == 0) {
    if (dies == "instant_death") {
      kill(ctx, target, dies);
      return;
    }
    ctx.emit("death_saves_set", jobj{"creature", target,
                                 "successes", after->death_saves.successes,
                                 "failures", failures_after,
                                 "stable", false,
                                 "cause", opts.critical ? "critical_damage" : "damage"});
    if (failures_after >= 3) kill(ctx, target, "death_saves");
  } else if (rest > 0 && now == 0 && old > 0) {
    if (dies == "instant_death")
      kill(ctx, target, dies);
    else
      fall_to_zero(ctx, target, knocked_out, knocked_out);
  }
}

void heal(Ctx& ctx, const std::string& target, int amount, const std::string& cause) {
  if (amount < 0) throw UserError("campaign.err.param_range", jobj{"param", "amount", "value", amount, "min", 0, "max", 1000000});
  const Creature& c = require_living(ctx.state(), target);
  const int old = c.hp;
  const int now = std::min(c.max_hp, old + amount);
  ctx.emit("hp_changed", jobj{"creature", target, "old", old, "new", now, "cause", cause, "amount", amount});
  if (old == 0 && now > 0) leave_zero(ctx, target);
}

void set_hp(Ctx& ctx, const std::string& target, int value, const std::string& cause, bool stable_at_zero) {
  const Creature& c = require_living(ctx.state(), target);
  if (value < 0 || value > c.max_hp)
    throw UserError("campaign.err.param_range", jobj{"param", "hp", "value", value, "min", 0, "max", c.max_hp});
  const int old = c.hp;
  json data = jobj{"creature", target, "old", old, "new", value, "cause", cause};
  if (value == 0 && old > 0 && gone_at_zero_hp(c)) data["dies"] = "zero_hp";
  ctx.emit("hp_changed", std::move(data));
  if (value == 0 && old > 0)
    fall_to_zero(ctx, target, stable_at_zero);
  else if (value == 0 && stable_at_zero)
    fall_to_zero(ctx, target, true);
  else if (old == 0 && value > 0)
    leave_zero(ctx, target);
}

void set_temp_hp(Ctx& ctx, const std::string& target, int value) {
  if (value < 0) throw UserError("campaign.err.param_range", jobj{"param", "amount", "value", value, "min", 0, "max", 1000000});
  const Creature& c = require_living(ctx.state(), target);
  ctx.emit("hp_changed", jobj{"creature", target,
                          "old", c.hp,
                          "new", c.hp,
                          "temp_old", c.temp_hp,
                          "temp_new", value,
                          "cause", "temp_hp",
                          "amount", value});
}

void kill(Ctx& ctx, const std::string& target, const std::string& cause) {
  const Creature& c = require(ctx.state(), target);
  if (c.death_saves.dead) return;
  ctx.emit("died", jobj{"creature", target, "cause", cause});
}

void add_condition(Ctx& ctx, const std::string& target, Condition condition) {
  require(ctx.state(), target);
  const Campaign& s = ctx.state();
  condition.until.set_at = s.minutes;
  condition.until.set_round = 0;
  condition.until.set_turn_of.clear();
  if (s.encounter && !s.encounter->order.empty()) {
    const auto& e = *s.encounter;
    condition.until.set_round = e.round;
    const auto& entry = e.order[static_cast<size_t>(e.turn)];
    if (!entry.lair) condition.until.set_turn_of = entry.creature;
  }
  json cj = condition;
  ctx.emit("condition_added", jobj{"creature", target, "condition", std::move(cj)});
}

int remove_condition(Ctx& ctx, const std::string& target, const std::string& id,
                     const std::optional<std::string>& source, const std::string& reason) {
  const Creature& c = require(ctx.state(), target);
  std::vector<std::string> sources;
  for (const auto& x : c.conditions)
    if (x.id == id && (!source || x.source == *source)) sources.push_back(x.source);
  for (const auto& src : sources)
    ctx.emit("condition_removed", jobj{"creature", target, "condition", id, "source", src, "reason", reason});
  return static_cast<int>(sources.size());
}

void set_exhaustion(Ctx& ctx, const std::string& target, int level, const std::string& source,
                    const std::string& cause) {
  if (level < 0 || level > 6)
    throw UserError("campaign.err.param_range", jobj{"param", "level", "value", level, "min", 0, "max", 6});
  const Creature& c = require_living(ctx.state(), target);
  const int old = c.exhaustion;
  if (level == old) return;
  std::map<std::string, int> sources = c.exhaustion_sources;
  if (level > old) {
    if (!source.empty()) sources[source] += level - old;
  } else {
    int k = old - level;
    auto take = [&](const std::string& src) {
      auto it = sources.find(src);
      if (it == sources.end() || k == 0) return;
      int t = std::min(k, it->second);
      it->second -= t;
      k -= t;
    };
    if (!source.empty()) take(source);
    int tracked = 0;
    for (const auto& [s, n] : sources) tracked += n;
    int untracked = std::max(0, old - tracked);
    k -= std::min(k, untracked);
    std::vector<std::string> keys;
    for (const auto& [s, n] : sources) keys.push_back(s);
    for (const auto& s : keys) take(s);
  }
  for (auto it = sources.begin(); it != sources.end();) it = it->second <= 0 ? sources.erase(it) : std::next(it);
  json data = jobj{"creature", target, "old", old, "new", level, "sources", sources, "cause", cause};
  if (!source.empty()) data["source"] = source;
  ctx.emit("exhaustion_changed", std::move(data));
  if (level >= 6 && old < 6) kill(ctx, target, "exhaustion");
}

void spend_hit_dice(Ctx& ctx, const std::string& target, int dice, const std::vector<int>& rolls, int divisor) {
  const Creature& c = require_living(ctx.state(), target);
  if (c.hit_die <= 0) throw UserError("campaign.err.no_hit_die", jobj{"name", c.name});
  if (dice < 1 || dice > hit_dice_left(c))
    throw UserError("campaign.err.not_enough_hit_dice", jobj{"name", c.name, "left", hit_dice_left(c), "wanted", dice});
  if (!rolls.empty() && static_cast<int>(rolls.size()) != dice)
    throw UserError("campaign.err.rolls_count", jobj{"name", c.name, "dice", dice, "rolls", rolls.size()});
  if (divisor < 1) divisor = 1;
  std::vector<int> values = rolls;
  for (int r : values)
    if (r < 1 || r > c.hit_die)
      throw UserError("campaign.err.param_range", jobj{"param", "rolls", "value", r, "min", 1, "max", c.hit_die});
  const bool rolled = values.empty();
  if (rolled)
    for (int i = 0; i < dice; ++i) values.push_back(ctx.rng().die(c.hit_die));
  const int con = modifier(c, "con");
  int healed = 0;
  for (int r : values) healed += std::max(0, r + con);
  healed /= divisor;
  const int used = c.hit_dice_used + dice;
  json data = jobj{"creature", target, "dice", dice,     "die", c.hit_die, "rolls", values,
               "con_mod", con,     "healed", healed, "used", used,     "rolled", rolled};
  if (divisor > 1) data["divisor"] = divisor;
  ctx.emit("hit_dice_spent", std::move(data));
  if (healed > 0) heal(ctx, target, healed, "hit_dice");
}

namespace {
void expire_by_time(Ctx& ctx) {
  const Campaign& s = ctx.state();
  const long long now = s.minutes;
  const bool fighting = s.encounter.has_value();
  struct Gone {
    std::string creature, id, source;
  };
  std::vector<Gone> gone;
  for (const auto& c : s.creatures) {
    for (const auto& x : c.conditions) {
      const Until& u = x.until;
      bool expired = false;
      if (u.kind == "minutes")
        expired = now >= u.set_at + u.minutes;
      else if (u.kind == "rounds" && !fighting)
        expired = (now - u.set_at) * 10 >= u.rounds;
      else if ((u.kind == "end_of_next_turn" || u.kind == "start_of_next_turn") && !fighting)
        expired = now > u.set_at;
      if (expired) gone.push_back({c.id, x.id, x.source});
    }
  }
  for (const auto& g : gone)
    if (find_creature(ctx.state(), g.creature))
      remove_condition(ctx, g.creature, g.id, g.source, "expired");
}
}  // namespace

void advance_time(Ctx& ctx, long long minutes, const std::string& reason) {
  if (minutes < 0) throw UserError("campaign.err.param_range", jobj{"param", "minutes", "value", minutes, "min", 0, "max", 5256000});
  if (minutes == 0) return;
  const long long from = ctx.state().minutes;
  ctx.emit("time_advanced", jobj{"from", from, "to", from + minutes, "reason", reason});
  expire_by_time(ctx);
}

std::string create_prompt(Ctx& ctx, const std::string& kind, const std::string& creature, json data) {
  if (!creature.empty()) require(ctx.state(), creature);
  Prompt p;
  p.id = ctx.new_id("p");
  p.kind = kind;
  p.creature = creature;
  p.data = data.is_object() ? std::move(data) : json::object();
  p.created_by_tx = ctx.tx_id();
  json pj = p;
  ctx.emit("prompt_created", jobj{"prompt", std::move(pj)});
  return p.id;
}

void set_module_data(Ctx& ctx, const std::string& module, json patch) {
  ctx.emit("module_data_set", jobj{"module", module, "patch", std::move(patch)});
}

void expire_turn_conditions(Ctx& ctx, const std::string& actor, bool at_start) {
  const Campaign& s = ctx.state();
  const int round = s.encounter ? s.encounter->round : 0;
  struct Gone {
    std::string creature, id, source;
  };
  std::vector<Gone> gone;
  for (const auto& c : s.creatures) {
    for (const auto& x : c.conditions) {
      const Until& u = x.until;
      const std::string& whose = u.turn_of.empty() ? c.id : u.turn_of;
      const bool set_this_turn = u.set_round == round && u.set_turn_of == actor;
      bool expired = false;
      if (at_start) {
        if (u.kind == "start_of_next_turn") expired = whose == actor && !set_this_turn;
        if (u.kind == "rounds") {
          const std::string& setter = u.set_turn_of.empty() ? c.id : u.set_turn_of;
          expired = setter == actor && round >= u.set_round + u.rounds;
        }
      } else if (u.kind == "end_of_next_turn") {
        expired = whose == actor && !set_this_turn;
      }
      if (expired) gone.push_back({c.id, x.id, x.source});
    }
  }
  for (const auto& g : gone)
    if (find_creature(ctx.state(), g.creature)) remove_condition(ctx, g.creature, g.id, g.source, "expired");
}

std::vector<HitDiceSpend> read_hit_dice_spend(const Campaign& c, const json& cmd) {
  std::vector<HitDiceSpend> out;
  const json* v = param::find(cmd, "spend");
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", "spend", "expected", "list"});
  std::set<std::string> seen;
  for (const auto& item : *v) {
    if (!item.is_object()) throw UserError("campaign.err.param", jobj{"param", "spend", "expected", "list"});
    HitDiceSpend s;
    s.target = param::str(item, "target");
    s.dice = static_cast<int>(param::integer(item, "dice", 1, 40));
    if (const json* r = param::find(item, "rolls")) {
      if (!r->is_array()) throw UserError("campaign.err.param", jobj{"param", "rolls", "expected", "list"});
      for (const auto& x : *r) {
        json one = jobj{"rolls", x};
        s.rolls.push_back(static_cast<int>(param::integer(one, "rolls", 1, 20)));
      }
    }
    const Creature& x = require_living(c, s.target);
    if (!seen.insert(s.target).second) throw UserError("campaign.err.duplicate", jobj{"id", s.target});
    if (x.hit_die <= 0) throw UserError("campaign.err.no_hit_die", jobj{"name", x.name});
    if (s.dice > hit_dice_left(x))
      throw UserError("campaign.err.not_enough_hit_dice", jobj{"name", x.name, "left", hit_dice_left(x), "wanted", s.dice});
    if (!s.rolls.empty() && static_cast<int>(s.rolls.size()) != s.dice)
      throw UserError("campaign.err.rolls_count", jobj{"name", x.name, "dice", s.dice, "rolls", s.rolls.size()});
    for (int r : s.rolls)
      if (r > x.hit_die)
        throw UserError("campaign.err.param_range", jobj{"param", "rolls", "value", r, "min", 1, "max", x.hit_die});
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace druzina::campaign::actions
