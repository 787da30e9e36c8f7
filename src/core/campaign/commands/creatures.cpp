// Creatures: AddCreature (numbered copies, HP as a number or dice), UpdateCreature (the DM's raw edit), RemoveCreature,
// SetHidden (the DM hides creatures from the players or reveals them: an ambush).
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

// [SECTION] AddCreature -----------------------------------------------------------------------------------------------
bool is_creature_field(const std::string& k) {
  const auto& f = creature_fields();
  return std::find(f.begin(), f.end(), k) != f.end();
}

// The fields of the command that describe the creature (everything but the control parameters).
json creature_part(const json& cmd) {
  json j = json::object();
  for (auto it = cmd.begin(); it != cmd.end(); ++it) {
    const std::string& k = it.key();
    if (k == "type" || k == "count" || k == "hp_mode" || k == "hp" || k == "max_hp") continue;
    // a parameter a rule module adds (Engine::allow_params: a character's class) is its own
    if (k != "id" && !is_creature_field(k)) continue;
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
    throw UserError("campaign.err.param", jobj{"param", "hp_mode", "expected", "roll | average"});
  if (hp && hp->is_string()) {
    if (max) throw UserError("campaign.err.hp_twice");
    h.expr = hp->get<std::string>();
    dice::validate(*h.expr);
    return h;
  }
  if (max) h.max_hp = static_cast<int>(param::integer(cmd, "max_hp", 1, 1'000'000));
  if (hp) h.hp = static_cast<int>(param::integer(cmd, "hp", 0, 1'000'000));
  if (!max && !hp) throw UserError("campaign.err.param", jobj{"param", "hp", "expected", "number or dice (2d6)"});
  if (!max) h.max_hp = std::max(1, h.hp);
  if (!hp) h.hp = h.max_hp;
  if (h.hp > h.max_hp) throw UserError("state.err.hp_above_max", jobj{"path", "hp", "value", h.hp, "max", h.max_hp});
  return h;
}

Creature creature_template(const json& cmd) {
  json part = creature_part(cmd);
  if (part.contains("id")) throw UserError("campaign.err.unknown_param", jobj{"command", "AddCreature", "param", "id"});
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

void validate_add_creature(const Campaign&, const json& cmd) {
  param::integer(cmd, "count", 1, 50, 1);
  param::str(cmd, "name");
  HpSpec h = hp_spec(cmd);
  Creature c = creature_template(cmd);
  c.max_hp = h.expr ? 1 : h.max_hp;
  c.hp = h.expr ? 1 : h.hp;
  jr::reset_path();
  validate_creature(c);
}

void execute_add_creature(Ctx& ctx, const json& cmd) {
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
        data["hp_roll"] = jobj{"expr", *h.expr, "total", total, "text", r.text};
      } else {
        total = std::max(1, static_cast<int>(std::floor(dice::stats(*h.expr).mean)));
        data["hp_roll"] = jobj{"expr", *h.expr, "total", total, "average", true};
      }
      c.max_hp = c.hp = std::min(total, 1'000'000);
    } else {
      c.max_hp = h.max_hp;
      c.hp = h.hp;
    }
    data["creature"] = compact_json(c);
    ctx.emit("creature_added", std::move(data));
  }
}

void validate_update_creature(const Campaign& c, const json& cmd) {
  const Creature& x = require(c, target(cmd));
  const json& patch = param::object(cmd, "patch");
  if (patch.empty()) throw UserError("campaign.err.nothing_to_change");
  const auto& fields = creature_fields();
  for (auto it = patch.begin(); it != patch.end(); ++it)
    if (it.key() == "id" || std::find(fields.begin(), fields.end(), it.key()) == fields.end())
      throw UserError("campaign.err.unknown_field", jobj{"field", it.key()});
  json j = x;
  j.merge_patch(patch);
  Creature y = read_param<Creature>(j, "patch");
  if (!patch.contains("hp") && y.hp > y.max_hp) y.hp = y.max_hp;
  if (!patch.contains("legendary_resistances_used") && y.legendary_resistances_used > y.legendary_resistances)
    y.legendary_resistances_used = y.legendary_resistances;
  jr::reset_path();
  validate_creature(y);
}

void execute_update_creature(Ctx& ctx, const json& cmd) {
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
  ctx.emit("creature_updated", jobj{"creature", x.id, "patch", std::move(patch)});
}

void validate_remove_creature(const Campaign& c, const json& cmd) { require(c, target(cmd)); }

void execute_remove_creature(Ctx& ctx, const json& cmd) {
  const Creature& x = require(ctx.state(), target(cmd));
  ctx.emit("creature_removed", jobj{"creature", x.id, "name", x.name});
}

// ---- SetHidden --------------------------------------------------------------------------------------
// The creatures it changes: those of `targets` whose hidden differs from the wanted one (at least one).
std::vector<std::string> to_hide_or_reveal(const Campaign& c, const json& cmd) {
  const bool hidden = param::boolean(cmd, "hidden", true);
  const std::vector<std::string> ids = id_list(cmd, "targets");
  if (ids.empty() || ids.size() > 200) throw UserError("campaign.err.param", jobj{"param", "targets", "expected", "1–200 ids"});
  std::vector<std::string> out;
  for (const auto& id : ids)
    if (require(c, id).hidden != hidden && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  if (out.empty()) throw UserError("campaign.err.nothing_to_change");
  return out;
}

void validate_set_hidden(const Campaign& c, const json& cmd) { to_hide_or_reveal(c, cmd); }

void execute_set_hidden(Ctx& ctx, const json& cmd) {
  const bool hidden = param::boolean(cmd, "hidden", true);
  for (const auto& id : to_hide_or_reveal(ctx.state(), cmd))
    ctx.emit("creature_updated", jobj{"creature", id, "patch", jobj{"hidden", hidden}});
}

}  // namespace

void register_creatures_commands(Engine& e) {
  reg(e, "AddCreature", add_creature_params(), validate_add_creature, execute_add_creature);
  reg(e, "UpdateCreature", {"target", "patch"}, validate_update_creature, execute_update_creature);
  reg(e, "RemoveCreature", {"target"}, validate_remove_creature, execute_remove_creature);
  reg(e, "SetHidden", {"targets", "hidden"}, validate_set_hidden, execute_set_hidden);
}

}  // namespace druzina::campaign::base_cmd
