// HP, death saves, conditions, exhaustion: ApplyDamage, Heal, SetTempHp, SetCondition, RemoveCondition,
// SetExhaustion, DeathSave, Stabilize.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

constexpr const char* kConditionPrefix = "campaign.condition.";  // + a condition id: its name

// DeathSave's "result": "" (absent: a roll), "success" or "failure"; refused together with a roll.
std::string death_save_result(const json& cmd) {
  if (!param::find(cmd, "result")) return {};
  std::string r = param::str(cmd, "result", "");
  if (r != "success" && r != "failure")
    throw UserError("campaign.err.param", jobj{"param", "result", "expected", "success, failure"});
  if (param::find(cmd, "roll")) throw UserError("campaign.err.roll_or_result");
  return r;
}

void validate_apply_damage(const Campaign& c, const json& cmd) {
  require_living(c, target(cmd));
  param::integer(cmd, "amount", 0, 1'000'000);
  param::str(cmd, "damage_type", "");
  param::boolean(cmd, "critical", false);
  param::boolean(cmd, "knock_out", false);
  param::boolean(cmd, "ignore_resistance", false);
  const std::string type = param::str(cmd, "damage_type", "");
  if (!type.empty() && std::find(damage_types().begin(), damage_types().end(), type) == damage_types().end()) {
    std::string all;
    for (const auto& t : damage_types()) all += (all.empty() ? "" : ", ") + t;
    throw UserError("campaign.err.param", jobj{"param", "damage_type", "expected", all});
  }
}

void execute_apply_damage(Ctx& ctx, const json& cmd) {
  actions::DamageOptions o;
  o.damage_type = param::str(cmd, "damage_type", "");
  o.critical = param::boolean(cmd, "critical", false);
  o.knock_out = param::boolean(cmd, "knock_out", false);
  o.ignore_resistance = param::boolean(cmd, "ignore_resistance", false);
  actions::damage(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)), o);
}

void validate_heal(const Campaign& c, const json& cmd) {
  require_living(c, target(cmd));
  param::integer(cmd, "amount", 0, 1'000'000);
}

void execute_heal(Ctx& ctx, const json& cmd) {
  actions::heal(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)));
}

void validate_set_temp_hp(const Campaign& c, const json& cmd) {
  require_living(c, target(cmd));
  param::integer(cmd, "amount", 0, 1'000'000);
}

void execute_set_temp_hp(Ctx& ctx, const json& cmd) {
  actions::set_temp_hp(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)));
}

auto read_condition(const Campaign& c, const json& cmd) {
  Condition cond;
  cond.id = param::str(cmd, "condition");
  cond.source = param::str(cmd, "source", "");
  if (const json* u = param::find(cmd, "until")) {
    if (u->is_string()) {
      cond.until.kind = u->get<std::string>();
    } else {
      cond.until = read_param<Until>(*u, "until");
    }
  }
  Creature probe;
  probe.id = "c1";
  probe.name = "x";
  probe.conditions.push_back(cond);
  jr::reset_path();
  validate_creature(probe);
  if (!cond.until.turn_of.empty()) require(c, cond.until.turn_of);
  return cond;
}

void validate_set_condition(const Campaign& c, const json& cmd) {
  const Creature& x = require(c, target(cmd));
  const Condition cond = read_condition(c, cmd);
  // A creature immune to the condition does not get it, unless the table overrides (ignore_immunity).
  if (!param::boolean(cmd, "ignore_immunity", false) &&
      std::find(x.condition_immunities.begin(), x.condition_immunities.end(), cond.id) != x.condition_immunities.end()) {
    json names = json::object();
    for (Lang l : kLangs) {
      const std::string key = std::string(kConditionPrefix) + cond.id;
      names[std::string(lang_code(l))] = has_key(l, key) ? tr(l, key) : cond.id;
    }
    throw UserError("campaign.err.condition_immune", jobj{"name", x.name, "condition", names});
  }
}

void execute_set_condition(Ctx& ctx, const json& cmd) { actions::add_condition(ctx, target(cmd), read_condition(ctx.state(), cmd)); }

void validate_remove_condition(const Campaign& c, const json& cmd) {
  const Creature& x = require(c, target(cmd));
  std::string id = param::str(cmd, "condition");
  const json* src = param::find(cmd, "source");
  bool found = std::any_of(x.conditions.begin(), x.conditions.end(), [&](const Condition& y) {
    return y.id == id && (!src || (src->is_string() && y.source == src->get<std::string>()));
  });
  if (!found) throw UserError("campaign.err.no_condition", jobj{"name", x.name, "condition", id});
}

void execute_remove_condition(Ctx& ctx, const json& cmd) {
  std::optional<std::string> src;
  if (param::find(cmd, "source")) src = param::str(cmd, "source", "");
  actions::remove_condition(ctx, target(cmd), param::str(cmd, "condition"), src, "removed");
}

auto exhaustion_target(const Campaign& c, const json& cmd) {
  const Creature& x = require_living(c, target(cmd));
  bool has_level = param::find(cmd, "level"), has_change = param::find(cmd, "change");
  if (has_level == has_change) throw UserError("campaign.err.level_or_change");
  int level = has_level ? static_cast<int>(param::integer(cmd, "level", 0, 6))
                        : x.exhaustion + static_cast<int>(param::integer(cmd, "change", -6, 6));
  if (level < 0 || level > 6)
    throw UserError("campaign.err.param_range", jobj{"param", "level", "value", level, "min", 0, "max", 6});
  return level;
}

void validate_set_exhaustion(const Campaign& c, const json& cmd) {
  exhaustion_target(c, cmd);
  param::str(cmd, "source", "");
}

void execute_set_exhaustion(Ctx& ctx, const json& cmd) {
  actions::set_exhaustion(ctx, target(cmd), exhaustion_target(ctx.state(), cmd), param::str(cmd, "source", ""),
                          "set");
}

void validate_death_save(const Campaign& c, const json& cmd) {
  const Creature& x = require_living(c, target(cmd));
  if (x.hp > 0 || x.death_saves.stable) throw UserError("campaign.err.not_dying", jobj{"name", x.name});
  param::integer(cmd, "roll", 1, 20, 1);
  death_save_result(cmd);
}

void execute_death_save(Ctx& ctx, const json& cmd) {
  const Creature& x = require_living(ctx.state(), target(cmd));
  const std::string id = x.id;
  // A result told by the table ("success" / "failure", no die to record) or a natural d20.
  const std::string result = death_save_result(cmd);
  bool rolled = result.empty() && !param::find(cmd, "roll");
  int roll = !result.empty() ? 0 : rolled ? ctx.rng().die(20) : static_cast<int>(param::integer(cmd, "roll", 1, 20));
  int succ = x.death_saves.successes, fail = x.death_saves.failures;
  std::string outcome;
  bool stable = false;
  if (result.empty() && roll == 20) {
    outcome = "revived";
    succ = fail = 0;
  } else if (result.empty() && roll == 1) {
    fail = std::min(3, fail + 2);
    outcome = "two_failures";
  } else if (result == "success" || (result.empty() && roll >= 10)) {
    ++succ;
    outcome = "success";
    if (succ >= 3) {
      outcome = "stable";
      stable = true;
      succ = fail = 0;
    }
  } else {
    fail = std::min(3, fail + 1);
    outcome = "failure";
  }
  json data = jobj{"creature", id, "successes", succ, "failures", fail, "stable", stable};
  if (!result.empty()) {
    data["cause"] = "result";
    data["outcome"] = outcome;
  } else {
    data["cause"] = "roll";
    data["roll"] = roll;
    data["rolled"] = rolled;
    data["outcome"] = outcome;
  }
  ctx.emit("death_saves_set", std::move(data));
  if (outcome == "revived") actions::set_hp(ctx, id, 1, "death_save_20");
  // The third failure kills, unless a hook of death_saves_set changed it (a hero point turns a failure into a
  // success): read the state, not the local count.
  const Creature* after = find_creature(ctx.state(), id);
  if (after && after->death_saves.failures >= 3) actions::kill(ctx, id, "death_saves");
}

void validate_stabilize(const Campaign& c, const json& cmd) {
  const Creature& x = require_living(c, target(cmd));
  if (x.hp > 0 || x.death_saves.stable) throw UserError("campaign.err.not_dying", jobj{"name", x.name});
}

void execute_stabilize(Ctx& ctx, const json& cmd) {
  ctx.emit("death_saves_set",
           jobj{"creature", target(cmd), "successes", 0, "failures", 0, "stable", true, "cause", "stabilized"});
}

}  // namespace

void register_health_commands(Engine& e) {
  reg(e, "ApplyDamage", {"target", "amount", "damage_type", "critical", "knock_out", "ignore_resistance"}, validate_apply_damage, execute_apply_damage);
  reg(e, "Heal", {"target", "amount"}, validate_heal, execute_heal);
  reg(e, "SetTempHp", {"target", "amount"}, validate_set_temp_hp, execute_set_temp_hp);
  reg(e, "SetCondition", {"target", "condition", "source", "until", "ignore_immunity"}, validate_set_condition, execute_set_condition);
  reg(e, "RemoveCondition", {"target", "condition", "source"}, validate_remove_condition, execute_remove_condition);
  reg(e, "SetExhaustion", {"target", "level", "change", "source"}, validate_set_exhaustion, execute_set_exhaustion);
  reg(e, "DeathSave", {"target", "roll", "result"}, validate_death_save, execute_death_save);
  reg(e, "Stabilize", {"target"}, validate_stabilize, execute_stabilize);
}

}  // namespace druzina::campaign::base_cmd
