// The base commands: parameters, validation (refusals as UserError campaign.err.*) and execution (events).
// Each command's parameters and events are listed in docs/engine.md.
//
// [SECTION] helpers
// [SECTION] campaign and settings
// [SECTION] creatures
// [SECTION] HP, death saves, conditions, exhaustion
// [SECTION] rests and time
// [SECTION] encounter
// [SECTION] inspiration, hero points, notes, prompts, injuries, projects, tables
#include <algorithm>
#include <cmath>
#include <set>

#include "core/campaign/actions.hpp"
#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/tables/table.hpp"

namespace druzina::campaign {

namespace {

// =====================================================================================================
// [SECTION] helpers
// =====================================================================================================
using actions::require;
using actions::require_living;

constexpr long long kMaxMinutes = 10LL * 365 * 1440;  // one AdvanceTime: at most ten years

void reg(Engine& e, const char* type, std::vector<std::string> params,
         std::function<void(const Campaign&, const json&)> validate, std::function<void(Ctx&, const json&)> execute) {
  CommandDef def;
  def.params = std::move(params);
  def.validate = std::move(validate);
  def.execute = std::move(execute);
  e.register_command(type, std::move(def));
}

std::string target(const json& cmd) { return param::str(cmd, "target"); }

// DeathSave's "result": "" (absent: a roll), "success" or "failure"; refused together with a roll.
std::string death_save_result(const json& cmd) {
  if (!param::find(cmd, "result")) return {};
  std::string r = param::str(cmd, "result", "");
  if (r != "success" && r != "failure")
    throw UserError("campaign.err.param", {{"param", "result"}, {"expected", "success, failure"}});
  if (param::find(cmd, "roll")) throw UserError("campaign.err.roll_or_result");
  return r;
}

std::vector<std::string> id_list(const json& cmd, const char* name) {
  std::vector<std::string> out;
  const json* v = param::find(cmd, name);
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", {{"param", name}, {"expected", "list of ids"}});
  for (const auto& x : *v) {
    if (!x.is_string()) throw UserError("campaign.err.param", {{"param", name}, {"expected", "list of ids"}});
    out.push_back(x.get<std::string>());
  }
  return out;
}

// Reads a struct from a command parameter with the state.err.* errors, the path prefixed by the parameter.
template <class T>
T read_param(const json& v, std::string_view name) {
  jr::reset_path();
  jr::PathGuard g(name);
  T out{};
  jr::get(v, out);
  jr::reset_path();
  return out;
}

// The party: PCs and sidekicks that are alive (the default for rests).
std::vector<std::string> party(const Campaign& c) {
  std::vector<std::string> out;
  for (const auto& x : c.creatures)
    if ((x.kind == "pc" || x.kind == "sidekick") && !x.death_saves.dead) out.push_back(x.id);
  return out;
}

void no_encounter(const Campaign& c, const char* command) {
  if (c.encounter) throw UserError("campaign.err.in_encounter", {{"command", command}});
}

Text text_param(const json& cmd, const char* name) {
  const json* v = param::find(cmd, name);
  if (!v) throw UserError("campaign.err.param", {{"param", name}, {"expected", "text"}});
  Text t = read_param<Text>(*v, name);
  if (t.cs.empty() && t.uk.empty() && t.en.empty())
    throw UserError("campaign.err.param", {{"param", name}, {"expected", "text"}});
  return t;
}

// ---- AddCreature ------------------------------------------------------------------------------------
// The fields of the command that describe the creature (everything but the control parameters).
json creature_part(const json& cmd) {
  json j = json::object();
  for (auto it = cmd.begin(); it != cmd.end(); ++it) {
    const std::string& k = it.key();
    if (k == "type" || k == "count" || k == "hp_mode" || k == "hp" || k == "max_hp") continue;
    j[k] = it.value();
  }
  return j;
}

struct HpSpec {
  std::optional<std::string> expr;  // dice expression
  std::string mode = "roll";        // roll | average
  int max_hp = 0, hp = 0;           // when given as numbers
};

HpSpec hp_spec(const json& cmd) {
  HpSpec h;
  const json* hp = param::find(cmd, "hp");
  const json* max = param::find(cmd, "max_hp");
  h.mode = param::str(cmd, "hp_mode", "roll");
  if (h.mode != "roll" && h.mode != "average")
    throw UserError("campaign.err.param", {{"param", "hp_mode"}, {"expected", "roll | average"}});
  if (hp && hp->is_string()) {
    if (max) throw UserError("campaign.err.hp_twice");
    h.expr = hp->get<std::string>();
    dice::validate(*h.expr);
    return h;
  }
  if (max) h.max_hp = static_cast<int>(param::integer(cmd, "max_hp", 1, 1'000'000));
  if (hp) h.hp = static_cast<int>(param::integer(cmd, "hp", 0, 1'000'000));
  if (!max && !hp) throw UserError("campaign.err.param", {{"param", "hp"}, {"expected", "number or dice (2d6)"}});
  if (!max) h.max_hp = std::max(1, h.hp);
  if (!hp) h.hp = h.max_hp;
  if (h.hp > h.max_hp) throw UserError("state.err.hp_above_max", {{"path", "hp"}, {"value", h.hp}, {"max", h.max_hp}});
  return h;
}

Creature creature_template(const json& cmd) {
  json part = creature_part(cmd);
  if (part.contains("id")) throw UserError("campaign.err.unknown_param", {{"command", "AddCreature"}, {"param", "id"}});
  jr::reset_path();
  Creature c;
  from_json(part, c);
  jr::reset_path();
  c.id = "c1";
  return c;
}

std::vector<std::string> add_creature_params() {
  std::vector<std::string> p = {"count", "hp_mode"};
  for (const auto& f : creature_fields())
    if (f != "id") p.push_back(f);
  return p;
}

// The highest N among existing creatures named "<base> N".
int highest_number(const Campaign& c, const std::string& base) {
  int best = 0;
  std::string prefix = base + " ";
  for (const auto& x : c.creatures) {
    if (x.name.rfind(prefix, 0) != 0) continue;
    std::string rest = x.name.substr(prefix.size());
    if (rest.empty() || rest.size() > 6 || !std::all_of(rest.begin(), rest.end(), ::isdigit)) continue;
    best = std::max(best, std::stoi(rest));
  }
  return best;
}

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

}  // namespace

void register_base_commands(Engine& e) {
  // =====================================================================================================
  // [SECTION] campaign and settings
  // =====================================================================================================
  static const std::vector<std::string> kSettingKeys = {"language", "rules", "exhaustion_edition",
                                                        "potion_warning_threshold", "hp_visibility", "dm_notes",
                                                        "house_rule_notes", "price_overrides"};
  auto settings_patch = [](const json& cmd) {
    json patch = json::object();
    for (const auto& k : kSettingKeys)
      if (cmd.contains(k)) patch[k] = cmd.at(k);
    return patch;
  };
  auto checked_settings = [](const Settings& base, const json& patch) {
    json j = base;
    j.merge_patch(patch);
    Settings s = read_param<Settings>(j, "settings");
    jr::reset_path();
    validate_settings(s);
    return s;
  };

  std::vector<std::string> create_params = kSettingKeys;
  create_params.push_back("name");
  reg(
      e, "CreateCampaign", create_params,
      [=](const Campaign& c, const json& cmd) {
        if (!c.name.empty()) throw UserError("campaign.err.already_created", {{"campaign", c.name}});
        std::string name = param::str(cmd, "name");
        if (name.size() > 200) throw UserError("state.err.too_long", {{"path", "name"}, {"max", 200}});
        checked_settings(Settings{}, settings_patch(cmd));
      },
      [=](Ctx& ctx, const json& cmd) {
        Settings s = checked_settings(Settings{}, settings_patch(cmd));
        ctx.emit("campaign_created", {{"name", param::str(cmd, "name")}, {"settings", json(s)}});
      });

  reg(
      e, "SetSettings", create_params,
      [=](const Campaign& c, const json& cmd) {
        if (cmd.contains("name")) {
          std::string name = param::str(cmd, "name");
          if (name.size() > 200) throw UserError("state.err.too_long", {{"path", "name"}, {"max", 200}});
        }
        json patch = settings_patch(cmd);
        if (patch.empty() && !cmd.contains("name")) throw UserError("campaign.err.nothing_to_change");
        checked_settings(c.settings, patch);
      },
      [=](Ctx& ctx, const json& cmd) {
        json data = {{"patch", settings_patch(cmd)}};
        if (cmd.contains("name")) data["name"] = param::str(cmd, "name");
        ctx.emit("settings_changed", std::move(data));
      });

  // =====================================================================================================
  // [SECTION] creatures
  // =====================================================================================================
  reg(
      e, "AddCreature", add_creature_params(),
      [](const Campaign&, const json& cmd) {
        param::integer(cmd, "count", 1, 50, 1);
        param::str(cmd, "name");
        HpSpec h = hp_spec(cmd);
        Creature c = creature_template(cmd);
        c.max_hp = h.expr ? 1 : h.max_hp;
        c.hp = h.expr ? 1 : h.hp;
        jr::reset_path();
        validate_creature(c);
      },
      [](Ctx& ctx, const json& cmd) {
        int count = static_cast<int>(param::integer(cmd, "count", 1, 50, 1));
        HpSpec h = hp_spec(cmd);
        Creature base = creature_template(cmd);
        int first = count > 1 ? highest_number(ctx.state(), base.name) + 1 : 0;
        for (int k = 0; k < count; ++k) {
          Creature c = base;
          c.id = ctx.new_id("c");
          if (count > 1) c.name = base.name + " " + std::to_string(first + k);
          json data = json::object();
          if (h.expr) {
            int total = 0;
            if (h.mode == "roll") {
              dice::Roll r = dice::roll(*h.expr, ctx.rng());
              total = std::max(1, static_cast<int>(std::floor(r.total)));
              data["hp_roll"] = {{"expr", *h.expr}, {"total", total}, {"text", r.text}};
            } else {
              total = std::max(1, static_cast<int>(std::floor(dice::stats(*h.expr).mean)));
              data["hp_roll"] = {{"expr", *h.expr}, {"total", total}, {"average", true}};
            }
            c.max_hp = c.hp = std::min(total, 1'000'000);
          } else {
            c.max_hp = h.max_hp;
            c.hp = h.hp;
          }
          data["creature"] = compact_json(c);
          ctx.emit("creature_added", std::move(data));
        }
      });

  reg(
      e, "UpdateCreature", {"target", "patch"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require(c, target(cmd));
        const json& patch = param::object(cmd, "patch");
        if (patch.empty()) throw UserError("campaign.err.nothing_to_change");
        const auto& fields = creature_fields();
        for (auto it = patch.begin(); it != patch.end(); ++it)
          if (it.key() == "id" || std::find(fields.begin(), fields.end(), it.key()) == fields.end())
            throw UserError("campaign.err.unknown_field", {{"field", it.key()}});
        json j = x;
        j.merge_patch(patch);
        Creature y = read_param<Creature>(j, "patch");
        if (!patch.contains("hp") && y.hp > y.max_hp) y.hp = y.max_hp;
        if (!patch.contains("legendary_resistances_used") && y.legendary_resistances_used > y.legendary_resistances)
          y.legendary_resistances_used = y.legendary_resistances;
        jr::reset_path();
        validate_creature(y);
      },
      [](Ctx& ctx, const json& cmd) {
        const Creature& x = require(ctx.state(), target(cmd));
        json patch = param::object(cmd, "patch");
        if (patch.contains("max_hp") && !patch.contains("hp") && patch["max_hp"].is_number_integer() &&
            x.hp > patch["max_hp"].get<int>())
          patch["hp"] = patch["max_hp"];
        // Fewer legendary resistances than already used: all of them are used.
        if (patch.contains("legendary_resistances") && !patch.contains("legendary_resistances_used") &&
            patch["legendary_resistances"].is_number_integer() &&
            x.legendary_resistances_used > patch["legendary_resistances"].get<int>())
          patch["legendary_resistances_used"] = patch["legendary_resistances"];
        ctx.emit("creature_updated", {{"creature", x.id}, {"patch", std::move(patch)}});
      });

  reg(
      e, "RemoveCreature", {"target"}, [](const Campaign& c, const json& cmd) { require(c, target(cmd)); },
      [](Ctx& ctx, const json& cmd) {
        const Creature& x = require(ctx.state(), target(cmd));
        ctx.emit("creature_removed", {{"creature", x.id}, {"name", x.name}});
      });

  // =====================================================================================================
  // [SECTION] HP, death saves, conditions, exhaustion
  // =====================================================================================================
  reg(
      e, "ApplyDamage", {"target", "amount", "damage_type", "critical", "knock_out"},
      [](const Campaign& c, const json& cmd) {
        require_living(c, target(cmd));
        param::integer(cmd, "amount", 0, 1'000'000);
        param::str(cmd, "damage_type", "");
        param::boolean(cmd, "critical", false);
        param::boolean(cmd, "knock_out", false);
      },
      [](Ctx& ctx, const json& cmd) {
        actions::DamageOptions o;
        o.damage_type = param::str(cmd, "damage_type", "");
        o.critical = param::boolean(cmd, "critical", false);
        o.knock_out = param::boolean(cmd, "knock_out", false);
        actions::damage(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)), o);
      });

  reg(
      e, "Heal", {"target", "amount"},
      [](const Campaign& c, const json& cmd) {
        require_living(c, target(cmd));
        param::integer(cmd, "amount", 0, 1'000'000);
      },
      [](Ctx& ctx, const json& cmd) {
        actions::heal(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)));
      });

  reg(
      e, "SetTempHp", {"target", "amount"},
      [](const Campaign& c, const json& cmd) {
        require_living(c, target(cmd));
        param::integer(cmd, "amount", 0, 1'000'000);
      },
      [](Ctx& ctx, const json& cmd) {
        actions::set_temp_hp(ctx, target(cmd), static_cast<int>(param::integer(cmd, "amount", 0, 1'000'000)));
      });

  auto read_condition = [](const Campaign& c, const json& cmd) {
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
  };

  reg(
      e, "SetCondition", {"target", "condition", "source", "until"},
      [=](const Campaign& c, const json& cmd) {
        require(c, target(cmd));
        read_condition(c, cmd);
      },
      [=](Ctx& ctx, const json& cmd) { actions::add_condition(ctx, target(cmd), read_condition(ctx.state(), cmd)); });

  reg(
      e, "RemoveCondition", {"target", "condition", "source"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require(c, target(cmd));
        std::string id = param::str(cmd, "condition");
        const json* src = param::find(cmd, "source");
        bool found = std::any_of(x.conditions.begin(), x.conditions.end(), [&](const Condition& y) {
          return y.id == id && (!src || (src->is_string() && y.source == src->get<std::string>()));
        });
        if (!found) throw UserError("campaign.err.no_condition", {{"name", x.name}, {"condition", id}});
      },
      [](Ctx& ctx, const json& cmd) {
        std::optional<std::string> src;
        if (param::find(cmd, "source")) src = param::str(cmd, "source", "");
        actions::remove_condition(ctx, target(cmd), param::str(cmd, "condition"), src, "removed");
      });

  auto exhaustion_target = [](const Campaign& c, const json& cmd) {
    const Creature& x = require_living(c, target(cmd));
    bool has_level = param::find(cmd, "level"), has_change = param::find(cmd, "change");
    if (has_level == has_change) throw UserError("campaign.err.level_or_change");
    int level = has_level ? static_cast<int>(param::integer(cmd, "level", 0, 6))
                          : x.exhaustion + static_cast<int>(param::integer(cmd, "change", -6, 6));
    if (level < 0 || level > 6)
      throw UserError("campaign.err.param_range", {{"param", "level"}, {"value", level}, {"min", 0}, {"max", 6}});
    return level;
  };
  reg(
      e, "SetExhaustion", {"target", "level", "change", "source"},
      [=](const Campaign& c, const json& cmd) {
        exhaustion_target(c, cmd);
        param::str(cmd, "source", "");
      },
      [=](Ctx& ctx, const json& cmd) {
        actions::set_exhaustion(ctx, target(cmd), exhaustion_target(ctx.state(), cmd), param::str(cmd, "source", ""),
                                "set");
      });

  reg(
      e, "DeathSave", {"target", "roll", "result"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require_living(c, target(cmd));
        if (x.hp > 0 || x.death_saves.stable) throw UserError("campaign.err.not_dying", {{"name", x.name}});
        param::integer(cmd, "roll", 1, 20, 1);
        death_save_result(cmd);
      },
      [](Ctx& ctx, const json& cmd) {
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
        json data = {{"creature", id}, {"successes", succ}, {"failures", fail}, {"stable", stable}};
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
        if (fail >= 3) actions::kill(ctx, id, "death_saves");
      });

  reg(
      e, "Stabilize", {"target"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require_living(c, target(cmd));
        if (x.hp > 0 || x.death_saves.stable) throw UserError("campaign.err.not_dying", {{"name", x.name}});
      },
      [](Ctx& ctx, const json& cmd) {
        ctx.emit("death_saves_set",
                 {{"creature", target(cmd)}, {"successes", 0}, {"failures", 0}, {"stable", true}, {"cause", "stabilized"}});
      });

  // =====================================================================================================
  // [SECTION] rests and time
  // =====================================================================================================
  struct Spend {
    std::string target;
    int dice = 0;
    std::vector<int> rolls;
  };
  auto read_spend = [](const Campaign& c, const json& cmd) {
    std::vector<Spend> out;
    const json* v = param::find(cmd, "spend");
    if (!v) return out;
    if (!v->is_array()) throw UserError("campaign.err.param", {{"param", "spend"}, {"expected", "list"}});
    std::set<std::string> seen;
    for (const auto& item : *v) {
      if (!item.is_object()) throw UserError("campaign.err.param", {{"param", "spend"}, {"expected", "list"}});
      Spend s;
      s.target = param::str(item, "target");
      s.dice = static_cast<int>(param::integer(item, "dice", 1, 40));
      if (const json* r = param::find(item, "rolls")) {
        if (!r->is_array()) throw UserError("campaign.err.param", {{"param", "rolls"}, {"expected", "list"}});
        for (const auto& x : *r) {
          json one = {{"rolls", x}};
          s.rolls.push_back(static_cast<int>(param::integer(one, "rolls", 1, 20)));
        }
      }
      const Creature& x = require_living(c, s.target);
      if (!seen.insert(s.target).second) throw UserError("campaign.err.duplicate", {{"id", s.target}});
      if (x.hit_die <= 0) throw UserError("campaign.err.no_hit_die", {{"name", x.name}});
      if (s.dice > hit_dice_left(x))
        throw UserError("campaign.err.not_enough_hit_dice", {{"name", x.name}, {"left", hit_dice_left(x)}, {"wanted", s.dice}});
      if (!s.rolls.empty() && static_cast<int>(s.rolls.size()) != s.dice)
        throw UserError("campaign.err.rolls_count", {{"name", x.name}, {"dice", s.dice}, {"rolls", s.rolls.size()}});
      for (int r : s.rolls)
        if (r > x.hit_die)
          throw UserError("campaign.err.param_range", {{"param", "rolls"}, {"value", r}, {"min", 1}, {"max", x.hit_die}});
      out.push_back(std::move(s));
    }
    return out;
  };
  auto rest_targets = [](const Campaign& c, const json& cmd) {
    std::vector<std::string> ids = id_list(cmd, "targets");
    if (!param::find(cmd, "targets")) return party(c);
    std::set<std::string> seen;
    for (const auto& id : ids) {
      require(c, id);
      if (!seen.insert(id).second) throw UserError("campaign.err.duplicate", {{"id", id}});
    }
    return ids;
  };

  reg(
      e, "ShortRest", {"spend", "targets", "minutes"},
      [=](const Campaign& c, const json& cmd) {
        no_encounter(c, "ShortRest");
        read_spend(c, cmd);
        rest_targets(c, cmd);
        param::integer(cmd, "minutes", 0, 7 * 1440, 60);
      },
      [=](Ctx& ctx, const json& cmd) {
        std::vector<std::string> who = rest_targets(ctx.state(), cmd);
        actions::advance_time(ctx, param::integer(cmd, "minutes", 0, 7 * 1440, 60), "short_rest");
        for (const auto& s : read_spend(ctx.state(), cmd)) {
          actions::spend_hit_dice(ctx, s.target, s.dice, s.rolls);
          if (std::find(who.begin(), who.end(), s.target) == who.end()) who.push_back(s.target);
        }
        ctx.emit("rest_finished", {{"kind", "short"}, {"creatures", who}});
      });

  reg(
      e, "LongRest", {"targets", "minutes"},
      [=](const Campaign& c, const json& cmd) {
        no_encounter(c, "LongRest");
        rest_targets(c, cmd);
        param::integer(cmd, "minutes", 0, 7 * 1440, 480);
      },
      [=](Ctx& ctx, const json& cmd) {
        std::vector<std::string> who = rest_targets(ctx.state(), cmd);
        actions::advance_time(ctx, param::integer(cmd, "minutes", 0, 7 * 1440, 480), "long_rest");
        std::vector<std::string> rested;
        for (const auto& id : who) {
          const Creature* x = find_creature(ctx.state(), id);
          if (!x || x->death_saves.dead) continue;
          std::vector<std::string> ending;
          for (const auto& cond : x->conditions)
            if (cond.until.kind == "long_rest") ending.push_back(cond.id + '\n' + cond.source);
          for (const auto& key : ending) {
            auto nl = key.find('\n');
            actions::remove_condition(ctx, id, key.substr(0, nl), key.substr(nl + 1), "long_rest");
          }
          x = find_creature(ctx.state(), id);
          if (!x || x->death_saves.dead) continue;
          if (x->hp == 0) {
            ctx.emit("rest_skipped", {{"creature", id}, {"reason", "zero_hp"}});
            continue;
          }
          int total = hit_dice_total(*x);
          int recovered = std::min(x->hit_dice_used, std::max(1, total / 2));
          ctx.emit("long_rest_applied", {{"creature", id},
                                         {"hp", x->max_hp},
                                         {"temp_hp", 0},
                                         {"hit_dice_used", x->hit_dice_used - recovered},
                                         {"recovered", recovered},
                                         {"hp_before", x->hp}});
          x = find_creature(ctx.state(), id);
          if (x && x->exhaustion > 0 && !x->death_saves.dead)
            actions::set_exhaustion(ctx, id, x->exhaustion - 1, "", "long_rest");
          rested.push_back(id);
        }
        // Legendary resistances are "per day": a long rest gives them back to every living creature, the
        // monsters that did not rest with the party included (a day passed for them too).
        for (const auto& x : ctx.state().creatures)
          if (x.legendary_resistances_used > 0 && !x.death_saves.dead)
            ctx.emit("legendary_resistances_reset", {{"creature", x.id}, {"used", x.legendary_resistances_used},
                                                     {"n", x.legendary_resistances}});
        ctx.emit("rest_finished", {{"kind", "long"}, {"creatures", rested}});
      });

  reg(
      e, "AdvanceTime", {"minutes"},
      [](const Campaign& c, const json& cmd) {
        no_encounter(c, "AdvanceTime");
        param::integer(cmd, "minutes", 1, kMaxMinutes);
      },
      [](Ctx& ctx, const json& cmd) { actions::advance_time(ctx, param::integer(cmd, "minutes", 1, kMaxMinutes), "advance"); });

  // =====================================================================================================
  // [SECTION] encounter
  // =====================================================================================================
  struct Plan {
    std::vector<InitEntry> order;
    json rolls = json::array();
  };
  // Validates StartEncounter and, given an Rng, rolls the missing initiatives (validation passes none).
  auto plan_encounter = [](const Campaign& c, const json& cmd, Rng* rng) {
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
  };

  reg(
      e, "StartEncounter", {"participants", "initiative", "lair"},
      [=](const Campaign& c, const json& cmd) { plan_encounter(c, cmd, nullptr); },
      [=](Ctx& ctx, const json& cmd) {
        Plan plan = plan_encounter(ctx.state(), cmd, &ctx.rng());
        ctx.emit("encounter_started", {{"order", plan.order}, {"rolls", plan.rolls}});
        start_turn(ctx, 0, 1);
      });

  auto require_encounter = [](const Campaign& c) -> const Encounter& {
    if (!c.encounter) throw UserError("campaign.err.no_encounter");
    return *c.encounter;
  };

  reg(
      e, "NextTurn", {},
      [=](const Campaign& c, const json&) {
        const Encounter& enc = require_encounter(c);
        if (std::none_of(enc.order.begin(), enc.order.end(), [&](const InitEntry& x) { return takes_turn(c, x); }))
          throw UserError("campaign.err.nobody_left");
      },
      [=](Ctx& ctx, const json&) {
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
      });

  reg(
      e, "PrevTurn", {},
      [=](const Campaign& c, const json&) {
        const Encounter& enc = require_encounter(c);
        int idx = enc.turn, round = enc.round;
        const int n = static_cast<int>(enc.order.size());
        for (int step = 0; step < n; ++step) {
          if (--idx < 0) idx = n - 1, --round;
          if (round < 1) throw UserError("campaign.err.first_turn");
          if (takes_turn(c, enc.order[static_cast<size_t>(idx)])) return;
        }
        throw UserError("campaign.err.first_turn");
      },
      [=](Ctx& ctx, const json&) {
        const Encounter& enc = require_encounter(ctx.state());
        int idx = enc.turn, round = enc.round;
        const int n = static_cast<int>(enc.order.size());
        for (int step = 0; step < n; ++step) {
          if (--idx < 0) idx = n - 1, --round;
          if (takes_turn(ctx.state(), enc.order[static_cast<size_t>(idx)])) break;
        }
        ctx.emit("turn_moved", {{"creature", enc.order[static_cast<size_t>(idx)].creature}, {"round", round}, {"turn", idx}});
      });

  reg(
      e, "EndEncounter", {"minutes"},
      [=](const Campaign& c, const json& cmd) {
        require_encounter(c);
        param::integer(cmd, "minutes", 0, 1440, 0);
      },
      [=](Ctx& ctx, const json& cmd) {
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
      });

  reg(
      e, "UseLegendaryAction", {"target", "cost"},
      [=](const Campaign& c, const json& cmd) {
        const Encounter& enc = require_encounter(c);
        const Creature& x = require_living(c, target(cmd));
        int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
        if (x.legendary_actions <= 0) throw UserError("campaign.err.no_legendary", {{"name", x.name}});
        auto it = enc.legendary.find(x.id);
        int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
        if (left < cost) throw UserError("campaign.err.no_legendary_left", {{"name", x.name}, {"left", left}});
      },
      [=](Ctx& ctx, const json& cmd) {
        const Encounter& enc = require_encounter(ctx.state());
        const Creature& x = require_living(ctx.state(), target(cmd));
        int cost = static_cast<int>(param::integer(cmd, "cost", 1, 3, 1));
        auto it = enc.legendary.find(x.id);
        int left = it == enc.legendary.end() ? x.legendary_actions : it->second;
        ctx.emit("legendary_used", {{"creature", x.id}, {"cost", cost}, {"left", left - cost}});
      });

  reg(
      e, "UseLegendaryResistance", {"target"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require_living(c, target(cmd));
        if (x.legendary_resistances <= 0) throw UserError("campaign.err.no_legendary_resistance", {{"name", x.name}});
        if (x.legendary_resistances_used >= x.legendary_resistances)
          throw UserError("campaign.err.no_legendary_resistance_left", {{"name", x.name}, {"n", x.legendary_resistances}});
      },
      [](Ctx& ctx, const json& cmd) {
        const Creature& x = require_living(ctx.state(), target(cmd));
        const int used = x.legendary_resistances_used + 1;
        ctx.emit("legendary_resistance_used",
                 {{"creature", x.id}, {"used", used}, {"left", x.legendary_resistances - used}});
      });

  // =====================================================================================================
  // [SECTION] inspiration, hero points, notes, prompts, injuries, projects, tables
  // =====================================================================================================
  reg(
      e, "SetInspiration", {"target", "value"},
      [](const Campaign& c, const json& cmd) {
        require(c, target(cmd));
        if (!param::find(cmd, "value")) throw UserError("campaign.err.param", {{"param", "value"}, {"expected", "true/false"}});
        param::boolean(cmd, "value", false);
      },
      [](Ctx& ctx, const json& cmd) {
        ctx.emit("inspiration_set", {{"creature", target(cmd)}, {"value", param::boolean(cmd, "value", false)}});
      });

  auto hero_points_value = [](const Campaign& c, const json& cmd) {
    const Creature& x = require(c, target(cmd));
    bool has_value = param::find(cmd, "value"), has_change = param::find(cmd, "change");
    if (has_value == has_change) throw UserError("campaign.err.value_or_change");
    long long v = has_value ? param::integer(cmd, "value", 0, 1000) : x.hero_points + param::integer(cmd, "change", -1000, 1000);
    if (v < 0 || v > 1000)
      throw UserError("campaign.err.param_range", {{"param", "value"}, {"value", v}, {"min", 0}, {"max", 1000}});
    return static_cast<int>(v);
  };
  reg(
      e, "SetHeroPoints", {"target", "value", "change"},
      [=](const Campaign& c, const json& cmd) { hero_points_value(c, cmd); },
      [=](Ctx& ctx, const json& cmd) {
        const Creature& x = require(ctx.state(), target(cmd));
        ctx.emit("hero_points_set", {{"creature", x.id}, {"old", x.hero_points}, {"new", hero_points_value(ctx.state(), cmd)}});
      });

  reg(
      e, "AddNote", {"text", "secret", "creature"},
      [](const Campaign& c, const json& cmd) {
        std::string text = param::str(cmd, "text");
        if (text.size() > 100'000) throw UserError("state.err.too_long", {{"path", "text"}, {"max", 100000}});
        param::boolean(cmd, "secret", false);
        std::string who = param::str(cmd, "creature", "");
        if (!who.empty()) require(c, who);
      },
      [](Ctx& ctx, const json& cmd) {
        Note n;
        n.id = ctx.new_id("n");
        n.text = param::str(cmd, "text");
        n.secret = param::boolean(cmd, "secret", false);
        n.creature = param::str(cmd, "creature", "");
        n.at = ctx.state().minutes;
        json nj = n;
        ctx.emit("note_added", {{"note", std::move(nj)}});
      });

  reg(
      e, "RemoveNote", {"note"},
      [](const Campaign& c, const json& cmd) {
        std::string id = param::str(cmd, "note");
        if (std::none_of(c.notes.begin(), c.notes.end(), [&](const Note& n) { return n.id == id; }))
          throw UserError("campaign.err.no_note", {{"id", id}});
      },
      [](Ctx& ctx, const json& cmd) { ctx.emit("note_removed", {{"note", param::str(cmd, "note")}}); });

  auto require_prompt = [](const Campaign& c, const json& cmd) -> const Prompt& {
    std::string id = param::str(cmd, "prompt");
    const Prompt* p = find_prompt(c, id);
    if (!p) throw UserError("campaign.err.no_prompt", {{"id", id}});
    return *p;
  };
  reg(
      e, "ResolvePrompt", {"prompt", "roll", "natural", "choice"},
      [=](const Campaign& c, const json& cmd) {
        const Prompt& p = require_prompt(c, cmd);
        const json* choices = p.data.contains("choices") ? &p.data["choices"] : nullptr;
        const json* choice = param::find(cmd, "choice");
        if (choices) {
          if (!choice) throw UserError("campaign.err.choice_needed", {{"choices", choices->dump()}});
          if (std::find(choices->begin(), choices->end(), *choice) == choices->end())
            throw UserError("campaign.err.bad_choice", {{"choice", choice->dump()}, {"choices", choices->dump()}});
          if (param::find(cmd, "roll")) throw UserError("campaign.err.roll_not_expected");
        } else {
          if (choice) throw UserError("campaign.err.choice_not_expected");
          param::integer(cmd, "roll", -100, 1000, 0);
          param::integer(cmd, "natural", 1, 100, 1);
          if (p.data.contains("dice")) {
            if (!p.data["dice"].is_string()) throw UserError("campaign.err.param", {{"param", "dice"}, {"expected", "text"}});
            dice::validate(p.data["dice"].get<std::string>());
          }
        }
      },
      [=](Ctx& ctx, const json& cmd) {
        const Prompt p = require_prompt(ctx.state(), cmd);  // a copy: the event removes it
        json data = {{"prompt", p.id}, {"kind", p.kind}, {"creature", p.creature}, {"data", p.data}};
        if (const json* choice = param::find(cmd, "choice")) {
          data["choice"] = *choice;
        } else {
          int total = 0;
          if (param::find(cmd, "roll")) {
            total = static_cast<int>(param::integer(cmd, "roll", -100, 1000));
            data["rolled"] = false;
            if (param::find(cmd, "natural")) data["natural"] = param::integer(cmd, "natural", 1, 100);
          } else {
            std::string expr = p.data.value("dice", std::string("1d20"));
            dice::Roll r = dice::roll(expr, ctx.rng());
            total = static_cast<int>(std::floor(r.total));
            data["rolled"] = true;
            data["text"] = r.text;
            if (r.nat20) data["natural"] = 20;
            if (r.nat1) data["natural"] = 1;
          }
          data["total"] = total;
          if (p.data.contains("dc") && p.data["dc"].is_number_integer()) {
            data["dc"] = p.data["dc"];
            data["success"] = total >= p.data["dc"].get<int>();
          }
        }
        ctx.emit("prompt_resolved", data);
        ctx.run_prompt_handlers(p, data);
      });

  reg(
      e, "DismissPrompt", {"prompt"}, [=](const Campaign& c, const json& cmd) { require_prompt(c, cmd); },
      [=](Ctx& ctx, const json& cmd) {
        const Prompt& p = require_prompt(ctx.state(), cmd);
        ctx.emit("prompt_dismissed", {{"prompt", p.id}, {"kind", p.kind}, {"creature", p.creature}, {"data", p.data}});
      });

  reg(
      e, "AddInjury", {"target", "text", "table", "table_row", "effects"},
      [](const Campaign& c, const json& cmd) {
        require(c, target(cmd));
        text_param(cmd, "text");
        param::str(cmd, "table", "");
        param::integer(cmd, "table_row", 0, 100000, 0);
        if (const json* ef = param::find(cmd, "effects"); ef && !ef->is_object())
          throw UserError("campaign.err.param", {{"param", "effects"}, {"expected", "object"}});
      },
      [](Ctx& ctx, const json& cmd) {
        Injury inj;
        inj.id = ctx.new_id("i");
        inj.text = text_param(cmd, "text");
        inj.table = param::str(cmd, "table", "");
        inj.table_row = static_cast<int>(param::integer(cmd, "table_row", 0, 100000, 0));
        if (const json* ef = param::find(cmd, "effects")) inj.effects = *ef;
        inj.since_minutes = ctx.state().minutes;
        json ij = inj;
        ctx.emit("injury_added", {{"creature", target(cmd)}, {"injury", std::move(ij)}});
      });

  reg(
      e, "CureInjury", {"target", "injury", "scar"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = require(c, target(cmd));
        std::string id = param::str(cmd, "injury");
        auto it = std::find_if(x.injuries.begin(), x.injuries.end(), [&](const Injury& j) { return j.id == id; });
        if (it == x.injuries.end()) throw UserError("campaign.err.no_injury", {{"name", x.name}, {"id", id}});
        if (it->cured) throw UserError("campaign.err.already_cured", {{"name", x.name}, {"id", id}});
        if (param::find(cmd, "scar")) text_param(cmd, "scar");
      },
      [](Ctx& ctx, const json& cmd) {
        json data = {{"creature", target(cmd)}, {"injury", param::str(cmd, "injury")}};
        if (param::find(cmd, "scar")) {
          Scar sc;
          sc.text = text_param(cmd, "scar");
          sc.since_minutes = ctx.state().minutes;
          sc.from_injury = param::str(cmd, "injury");
          data["scar"] = sc;
        }
        ctx.emit("injury_cured", std::move(data));
      });

  auto project_from = [](const Campaign& c, const json& cmd) {
    Project p;
    p.kind = param::str(cmd, "kind");
    p.name = param::str(cmd, "name");
    p.owners = id_list(cmd, "owners");
    for (const auto& o : p.owners) require(c, o);
    for (const char* k : {"goal_gp", "materials_gp"}) {
      if (const json* v = param::find(cmd, k)) {
        if (!v->is_number() || v->get<double>() < 0)
          throw UserError("campaign.err.param", {{"param", k}, {"expected", "number ≥ 0"}});
        (std::string(k) == "goal_gp" ? p.goal_gp : p.materials_gp) = v->get<double>();
      }
    }
    if (const json* d = param::find(cmd, "data")) {
      if (!d->is_object()) throw UserError("campaign.err.param", {{"param", "data"}, {"expected", "object"}});
      p.data = *d;
    }
    return p;
  };
  auto find_project = [](const Campaign& c, const json& cmd) -> const Project& {
    std::string id = param::str(cmd, "project");
    for (const auto& p : c.projects)
      if (p.id == id) return p;
    throw UserError("campaign.err.no_project", {{"id", id}});
  };
  reg(
      e, "AddProject", {"kind", "name", "owners", "goal_gp", "materials_gp", "data"},
      [=](const Campaign& c, const json& cmd) { project_from(c, cmd); },
      [=](Ctx& ctx, const json& cmd) {
        Project p = project_from(ctx.state(), cmd);
        p.id = ctx.new_id("j");
        json pj = p;
        ctx.emit("project_added", {{"project", std::move(pj)}});
      });
  reg(
      e, "UpdateProject", {"project", "patch"},
      [=](const Campaign& c, const json& cmd) {
        const Project& p = find_project(c, cmd);
        const json& patch = param::object(cmd, "patch");
        if (patch.contains("id")) throw UserError("campaign.err.unknown_field", {{"field", "id"}});
        json j = p;
        j.merge_patch(patch);
        Project q = read_param<Project>(j, "patch");
        for (const auto& o : q.owners) require(c, o);
        for (double v : {q.goal_gp, q.progress_gp, q.materials_gp, q.hours})
          if (v < 0) throw UserError("state.err.negative", {{"path", "patch"}, {"value", v}});
      },
      [=](Ctx& ctx, const json& cmd) {
        const Project& p = find_project(ctx.state(), cmd);
        ctx.emit("project_updated", {{"project", p.id}, {"name", p.name}, {"patch", param::object(cmd, "patch")}});
      });
  reg(
      e, "RemoveProject", {"project"}, [=](const Campaign& c, const json& cmd) { find_project(c, cmd); },
      [=](Ctx& ctx, const json& cmd) {
        const Project& p = find_project(ctx.state(), cmd);
        ctx.emit("project_removed", {{"project", p.id}, {"name", p.name}});
      });

  reg(
      e, "RollTable", {"table", "target", "roll"},
      [](const Campaign& c, const json& cmd) {
        std::string id = param::str(cmd, "table");
        const tables::Table& t = tables::table(id);  // unknown id → tables.err.unknown
        std::string who = param::str(cmd, "target", "");
        if (!who.empty()) require(c, who);
        if (param::find(cmd, "roll")) tables::row_for(t, static_cast<int>(param::integer(cmd, "roll", -100000, 100000)));
      },
      [](Ctx& ctx, const json& cmd) {
        const tables::Table& t = tables::table(param::str(cmd, "table"));
        tables::TableRoll r = param::find(cmd, "roll")
                                  ? tables::roll_table_with(t, static_cast<int>(param::integer(cmd, "roll", -100000, 100000)), ctx.rng())
                                  : tables::roll_table(t, ctx.rng());
        json data = tables::to_json(r);
        data["rolled"] = !param::find(cmd, "roll");
        std::string who = param::str(cmd, "target", "");
        if (!who.empty()) data["creature"] = who;
        ctx.emit("table_rolled", std::move(data));
      });
}

}  // namespace druzina::campaign
