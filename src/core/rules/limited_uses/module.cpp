// Limited uses (limited_uses.hpp): Creature::modules["limited-uses"].uses.
//
//   UseLimited {target, use: 0-based index} → limited_use_spent {creature, use, name?, spell?} (refused when none
//     is left: rules.err.use_none_left; a recharge ability not ready: rules.err.use_not_ready)
//   SetLimitedUses {target, uses: [{name | spell, kind, max?, min?, dc?, used?}] (0..30; [] clears)} →
//     limited_uses_set {creature, uses} (the DM's own monsters, or a correction; what was used stays used)
//   RollRecharge {target, use, roll?: 1..6 (the d6 as rolled at the table)} → recharge_rolled {creature, use, name?,
//     roll, min, ready}
// Hooks: turn_started (a creature's own turn, not the lair's) → recharge_rolled for each of its recharge
// abilities that is spent, the d6 rolled with ctx.rng(): ready again on min or more. rest_finished: a long rest
// gives back every use of every living creature (a day passed for the monsters too), a short rest the "rest" ones:
// limited_uses_restored {creature, kind: long | short}. AddMonsters: an SRD monster gets its uses
// (limited_uses_set), Legendary Resistance left to the base engine.
#include <algorithm>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/limited_uses/limited_uses.hpp"
#include "core/rules/spells/spells.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kUses = "uses";
constexpr size_t kMaxUses = 30;

const json& srd_uses() {
  static const json data = assets::json("data/monster-uses.json");
  return data;
}

// An SRD ability's name in lang ("Fire Breath" → "Ohnivý dech"), else the name as it is.
std::string ability_name(const std::string& en, Lang lang) {
  if (lang == Lang::en) return en;
  const char* code = lang == Lang::cs ? "cs" : "uk";
  for (const auto& m : srd_uses())
    for (const auto& u : m.value(kUses, json::array()))
      if (u.contains("name") && u["name"].value("en", "") == en) return u["name"].value(code, en);
  return en;
}

// One use as stored: checked strictly (a save, a link or a command may carry anything).
void check_use(const json& u) {
  if (!u.is_object()) jr::fail_type("object");
  const bool named = u.contains("name"), spell = u.contains("spell");
  if (named == spell) jr::fail_value("missing", jobj{"field", "name"});
  for (auto it = u.begin(); it != u.end(); ++it) {
    const std::string& k = it.key();
    const json& v = it.value();
    if (k == "name" || k == "spell") {
      if (!v.is_string() || v.get<std::string>().empty()) jr::fail_type("string");
      if (v.get<std::string>().size() > 60) jr::fail_value("too_long", jobj{"max", 60});
    } else if (k == "kind") {
      if (!v.is_string() || (v != "day" && v != "recharge" && v != "rest")) jr::fail_value("bad_value", jobj{"value", v.dump()});
    } else if (k == "max") int_in(v, 1, 20);
    else if (k == "min") int_in(v, 2, 6);
    else if (k == "dc") int_in(v, 1, 40);
    else if (k == "used") int_in(v, 0, 20);
    else jr::fail_value("unknown_field", jobj{"field", k});
  }
  if (!u.contains("kind")) jr::fail_value("missing", jobj{"field", "kind"});
  if (u.value("used", 0) > u.value("max", 1)) jr::fail_value("out_of_range", jobj{"min", 0, "max", u.value("max", 1)});
}

void check_uses(const json& v) {
  if (!v.is_array()) jr::fail_type("array");
  if (v.size() > kMaxUses) jr::fail_value("out_of_range", jobj{"min", 0, "max", kMaxUses});
  for (const auto& u : v) check_use(u);
}

campaign::DataField uses_field() {
  return {kUses, "[{name | spell, kind day|recharge|rest, max?, min?, dc?, used?}], 0..30: limited abilities", false,
          check_uses, /*player_owned*/ true};
}

const json& uses_of(const Creature& x) { return creature_data(x, kLimitedUses, kUses); }

const json& use_at(const Creature& x, const json& cmd) {
  const json& uses = uses_of(x);
  const int n = uses.is_array() ? static_cast<int>(uses.size()) : 0;
  if (n == 0) throw UserError("rules.err.use_none", jobj{"name", x.name});
  const auto i = param::integer(cmd, "use", 0, n - 1);
  return uses[static_cast<size_t>(i)];
}

std::string use_label(const json& u, Lang lang) {
  if (u.contains("spell")) {
    const Spell* s = find_spell(u.value("spell", ""));
    return s ? s->name_in(lang) : u.value("spell", "");
  }
  return ability_name(u.value("name", ""), lang);
}

// ---- events -----------------------------------------------------------------------------------------------
json& uses_ref(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json& uses = x.modules[kLimitedUses][kUses];
  if (!uses.is_array()) throw std::out_of_range("no limited uses");
  return uses;
}

void set_used(json& u, int used) {
  if (used > 0) u["used"] = used;
  else u.erase("used");
}

void apply_spent(Campaign& c, const json& d) {
  json& u = uses_ref(c, d).at(d.at("use").get<size_t>());
  set_used(u, u.value("used", 0) + 1);
}

void apply_recharge(Campaign& c, const json& d) {
  if (!d.value("ready", false)) return;
  set_used(uses_ref(c, d).at(d.at("use").get<size_t>()), 0);
}

void apply_restored(Campaign& c, const json& d) {
  const bool long_rest = d.value("kind", "") == "long";
  for (auto& u : uses_ref(c, d))
    if (long_rest || u.value("kind", "") == "rest") set_used(u, 0);
}

void apply_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kLimitedUses, kUses, d.at(kUses).empty() ? json() : d.at(kUses));
}

std::string render_spent(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.limited_use_spent",
            jobj{"name", name_of(lc, d), "use", use_label(d, lc.lang), "left", d.value("left", 0)});
}

std::string render_recharge(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("ready", false) ? "event.recharge_rolled.ready" : "event.recharge_rolled.not_ready",
            jobj{"name", name_of(lc, d), "use", use_label(d, lc.lang), "roll", d.value("roll", 0), "min", d.value("min", 6)});
}

std::string render_restored(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("kind", "") == "long" ? "event.limited_uses_restored" : "event.limited_uses_restored.short",
            jobj{"name", name_of(lc, d)});
}

std::string render_set(const json& d, const LogContext& lc) {
  std::string list;
  for (const auto& u : d.value(kUses, json::array())) append(list, ", ", use_label(u, lc.lang));
  if (list.empty()) return tr(lc.lang, "event.limited_uses_set.cleared", jobj{"name", name_of(lc, d)});
  return tr(lc.lang, "event.limited_uses_set", jobj{"name", name_of(lc, d), "uses", list});
}

// ---- commands ---------------------------------------------------------------------------------------------
json name_fields(const json& u, json d) {
  if (u.contains("spell")) d["spell"] = u["spell"];
  else d["name"] = u.value("name", "");
  return d;
}

void validate_use(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& u = use_at(x, cmd);
  if (u.value("used", 0) >= u.value("max", 1))
    throw UserError(u.value("kind", "") == "recharge" ? "rules.err.use_not_ready" : "rules.err.use_none_left",
                    jobj{"name", x.name, "use", use_label(u, Lang::en)});
}

void execute_use(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  const json& u = use_at(x, cmd);
  const int i = static_cast<int>(param::integer(cmd, "use", 0, 100));
  ctx.emit("limited_use_spent", name_fields(u, jobj{"creature", x.id, "use", i, "left", u.value("max", 1) - u.value("used", 0) - 1}));
}

json uses_param(const json& cmd) {
  const json* v = param::find(cmd, kUses);
  if (!v || !v->is_array() || v->size() > kMaxUses) throw UserError("campaign.err.param", jobj{"param", kUses, "expected", "list"});
  json out = json::array();
  for (const auto& u : *v) {
    try {
      check_use(u);
    } catch (const UserError&) {
      throw UserError("campaign.err.param", jobj{"param", kUses, "expected", "{name | spell, kind, max?, min?}"});
    }
    json one = u;  // "used" kept: a list set again (one ability added or taken off) keeps what was spent
    if (one.value("kind", "") == "recharge") {
      one.erase("max");
      if (!one.contains("min")) one["min"] = 6;
    }
    if (one.value("used", 0) == 0) one.erase("used");
    if (one.contains("spell") && !find_spell(one.value("spell", ""))) throw UserError("rules.err.spell_unknown", jobj{"value", one.value("spell", "")});
    out.push_back(std::move(one));
  }
  return out;
}

void validate_roll(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& u = use_at(x, cmd);
  if (u.value("kind", "") != "recharge") throw UserError("rules.err.use_not_recharge", jobj{"name", x.name});
  if (param::find(cmd, "roll")) param::integer(cmd, "roll", 1, 6);
}

void roll_recharge(Ctx& ctx, const std::string& id, int i, const json& u, int roll) {
  const int min = u.value("min", 6);
  ctx.emit("recharge_rolled", name_fields(u, jobj{"creature", id, "use", i, "roll", roll, "min", min, "ready", roll >= min}));
}

void execute_roll(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  const json u = use_at(x, cmd);
  const int i = static_cast<int>(param::integer(cmd, "use", 0, 100));
  const int roll = param::find(cmd, "roll") ? static_cast<int>(param::integer(cmd, "roll", 1, 6))
                                            : static_cast<int>(dice::roll("1d6", ctx.rng()).total);
  roll_recharge(ctx, x.id, i, u, roll);
}

// ---- hooks ------------------------------------------------------------------------------------------------
void on_turn_started(Ctx& ctx, const Event& ev) {
  if (ev.data.value("lair", false)) return;
  const std::string id = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  const json uses = uses_of(*x);
  if (!uses.is_array()) return;
  for (size_t i = 0; i < uses.size(); ++i)
    if (uses[i].value("kind", "") == "recharge" && uses[i].value("used", 0) > 0)
      roll_recharge(ctx, id, static_cast<int>(i), uses[i], static_cast<int>(dice::roll("1d6", ctx.rng()).total));
}

void on_rest_finished(Ctx& ctx, const Event& ev) {
  const bool long_rest = ev.data.value("kind", "") == "long";
  std::vector<std::string> ids;
  for (const auto& x : ctx.state().creatures) {
    if (x.death_saves.dead) continue;
    const json& uses = uses_of(x);
    if (!uses.is_array()) continue;
    if (std::any_of(uses.begin(), uses.end(), [&](const json& u) {
          return u.value("used", 0) > 0 && (long_rest || u.value("kind", "") == "rest");
        }))
      ids.push_back(x.id);
  }
  for (const auto& id : ids) ctx.emit("limited_uses_restored", jobj{"creature", id, "kind", long_rest ? "long" : "short"});
}

void after_add_monsters(Ctx& ctx, const json&) {
  for (const auto& [id, monster] : srd_monsters_added(ctx))
    for (const auto& m : srd_uses())
      if (m.value("id", "") == monster && m.contains(kUses)) {
        json uses = json::array();
        for (const auto& u : m[kUses]) {
          json one = u;
          if (one.contains("name")) one["name"] = u["name"].value("en", "");
          uses.push_back(std::move(one));
        }
        ctx.emit("limited_uses_set", jobj{"creature", id, kUses, uses});
      }
}

void install(Engine& e) {
  event(e, "limited_use_spent", apply_spent, render_spent);
  event(e, "recharge_rolled", apply_recharge, render_recharge);
  event(e, "limited_uses_restored", apply_restored, render_restored);
  event(e, "limited_uses_set", apply_set, render_set);
  command(e, "UseLimited", {"target", "use"}, validate_use, execute_use);
  command(e, "SetLimitedUses", {"target", kUses},
          [](const Campaign& c, const json& cmd) {
            actions::require(c, param::str(cmd, "target"));
            uses_param(cmd);
          },
          [](Ctx& ctx, const json& cmd) {
            ctx.emit("limited_uses_set", jobj{"creature", param::str(cmd, "target"), kUses, uses_param(cmd)});
          });
  command(e, "RollRecharge", {"target", "use", "roll"}, validate_roll, execute_roll);
  e.on_event("turn_started", on_turn_started);
  e.on_event("rest_finished", on_rest_finished);
  e.after("AddMonsters", after_add_monsters);
}

}  // namespace

std::vector<LimitedUse> limited_uses_of(const Creature& x, Lang lang) {
  std::vector<LimitedUse> out;
  const json& uses = uses_of(x);
  if (!uses.is_array()) return out;
  for (size_t i = 0; i < uses.size(); ++i) {
    const json& u = uses[i];
    LimitedUse l;
    l.index = static_cast<int>(i);
    l.name = use_label(u, lang);
    l.spell = u.value("spell", "");
    l.kind = u.value("kind", "day");
    l.max = u.value("max", 1);
    l.left = std::max(0, l.max - u.value("used", 0));
    l.min = u.value("min", 0);
    l.dc = u.value("dc", 0);
    out.push_back(std::move(l));
  }
  return out;
}

json limited_uses_list(const Creature& x) {
  const json& uses = uses_of(x);
  return uses.is_array() ? uses : json::array();
}

Module limited_uses() { return {kLimitedUses, /*default_on*/ true, install, {.creature_data = {uses_field()}}}; }

}  // namespace druzina::rules
