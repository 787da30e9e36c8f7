// DM rule "explosives" (off by default: guns only if the DM allows them): the DMG's firearms and explosives as data
// (assets/data/rules/explosives.json, read once and checked), the calculators `dynamite` and `firearm` (calc.cpp),
// the reference (dm-explosives, dm-firearms), ammunition per weapon and area damage.
//
//   FireFirearm {target, weapon, burst?, targets?, saves?} — one shot (the attack roll is the table's), or with
//     burst: true (a weapon with burst fire) ten rounds sprayed into a 10-ft cube: the weapon's damage rolled once,
//     each creature in `targets` makes a DEX save DC 15 (d20 + its DEX save bonus, or the total in saves[id]) and
//     takes the damage on a failure, nothing on a success.
//     → firearm_fired {creature, weapon, shots, left, burst?}; burst: burst_fire {creature, weapon, dice, rolled,
//       dc} and per target blast_save {creature, total, dc, success, rolled, roll?, modifier, amount, source}, then
//       the damage through the core (resistance, immunity, vulnerability apply).
//     Refused when the weapon is empty (rules.err.firearm_empty), for a burst with fewer than ten rounds
//     (rules.err.firearm_burst_ammo) or without the property (rules.err.firearm_no_burst), targets without a burst
//     (rules.err.firearm_targets_burst).
//   ReloadFirearm {target, weapon} → firearm_reloaded {creature, weapon, old, new}: all its shots again (an action
//     or a bonus action at the table); refused when it is full (rules.err.firearm_full).
//   Detonate {explosive, sticks?, targets?, saves?} — a bomb, gunpowder (horn, keg), dynamite (sticks 1–100 in a
//     bundle: dynamite_blast) or a fragmentation grenade goes off: explosion {explosive, sticks?, dice, rolled,
//     radius_ft, dc, damage_type} and the targets' DEX saves as for a burst (half on a success where the explosive
//     says so: not the bomb). The smoke grenade and the grenade launcher deal no damage (rules.err.explosive_no_damage).
//   LightFuse {sticks 1–100, rounds 1–6, targets?} — during a fight: a bundle of dynamite with a lit fuse joins the
//     initiative order as a combatant of its own (a nested AddCreature "Dynamite (stick) ×N" and JoinEncounter: d20 + 0) →
//     fuse_lit {creature, sticks, rounds, targets}. At the start of each of its turns the fuse burns a round
//     (fuse_burned {creature, left}); when none is left it goes off: a nested Detonate {dynamite, sticks, the targets
//     still alive} and the bundle is gone (1 damage: an object at 0 HP, its turns skipped). Refused outside a fight
//     (campaign.err.no_encounter). When the fight ends first, a burning fuse is put out: fuse_doused {creature, sticks}.
// Data: Campaign::modules["explosives"].fuses {creature id: {sticks, left, targets}} (absent = none; a fuse that went
// off is erased). Creature::modules["explosives"].rounds {weapon id: rounds left} — absent = loaded (all its shots); a full
// reload erases the entry.
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] commands
#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/explosives/explosives.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kRounds = "rounds";

std::optional<int> price_of(const nlohmann::json& j) {
  if (!j.contains("price_gp") || j["price_gp"].is_null()) return std::nullopt;
  return j["price_gp"].get<int>();
}

// [SECTION] data ------------------------------------------------------------------------------------------------------
campaign::DataField rounds_field() {
  return {kRounds, "object {firearm id: rounds left 0..shots} (absent = loaded)", false, [](const json& v) {
            if (!v.is_object()) jr::fail_type("object");
            for (const auto& [k, n] : v.items()) {
              jr::PathGuard g(k);
              const Firearm* f = find_firearm(k);
              if (!f) jr::fail_value("not_one_of", jobj{"value", k, "allowed", "a firearm of explosives.json"});
              int_in(n, 0, f->shots);
            }
          }};
}

const json& rounds_json(const Creature& x) { return creature_data(x, kExplosives, kRounds); }

void set_rounds(Creature& x, const Firearm& f, int left) {
  json r = rounds_json(x).is_object() ? rounds_json(x) : json::object();
  if (left >= f.shots)
    r.erase(f.id);
  else
    r[f.id] = left;
  set_creature_data(x, kExplosives, kRounds, r.empty() ? json(nullptr) : std::move(r));
}

const Firearm& firearm_in(const json& d, const char* key = "weapon") {
  const Firearm* f = find_firearm(d.at(key).get<std::string>());
  if (!f) throw std::out_of_range("no firearm " + d.at(key).get<std::string>());
  return *f;
}

constexpr const char* kFuses = "fuses";

campaign::DataField fuses_field() {
  return {kFuses, "object {creature id: {sticks 1..100, left 0..6, targets: [creature ids]}} (lit dynamite)", false,
          [](const json& v) {
            if (!v.is_object()) jr::fail_type("object");
            for (const auto& [k, f] : v.items()) {
              jr::PathGuard g(k);
              if (!f.is_object()) jr::fail_type("object");
              for (const auto& [fk, fv] : f.items()) {
                jr::PathGuard h(fk);
                if (fk == "sticks") int_in(fv, 1, 100);
                else if (fk == "left") int_in(fv, 0, 6);
                else if (fk == "targets") {
                  if (!fv.is_array()) jr::fail_type("array");
                  for (const auto& t : fv)
                    if (!t.is_string()) jr::fail_type("string");
                } else jr::fail_value("not_one_of", jobj{"value", fk, "allowed", "sticks, left, targets"});
              }
            }
          }};
}

const json& fuses_json(const Campaign& c) { return data_at(c, kExplosives, kFuses); }

void store_fuses(Campaign& c, json fuses) {
  json& m = data_ref(c, kExplosives);
  if (fuses.empty())
    m.erase(kFuses);
  else
    m[kFuses] = std::move(fuses);
  if (m.empty()) c.modules.erase(kExplosives);
}

void apply_fuse_lit(Campaign& c, const json& d) {
  const std::string who = d.at("creature").get<std::string>();
  campaign::creature_ref(c, who);
  json fuses = fuses_json(c).is_object() ? fuses_json(c) : json::object();
  fuses[who] = jobj{"sticks", d.at("sticks").get<int>(), "left", d.at("rounds").get<int>(), "targets", d.value("targets", json::array())};
  store_fuses(c, std::move(fuses));
}

void apply_fuse_burned(Campaign& c, const json& d) {
  const std::string who = d.at("creature").get<std::string>();
  json fuses = fuses_json(c);
  if (!fuses.is_object() || !fuses.contains(who)) throw std::out_of_range("no fuse " + who);
  const int left = d.at("left").get<int>();
  if (left <= 0)
    fuses.erase(who);
  else
    fuses[who]["left"] = left;
  store_fuses(c, std::move(fuses));
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_fired(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const Firearm& f = firearm_in(d);
  const int left = d.at("left").get<int>();
  if (left < 0 || left > f.shots) throw std::out_of_range("rounds left");
  set_rounds(x, f, left);
}

void apply_reloaded(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const Firearm& f = firearm_in(d);
  set_rounds(x, f, f.shots);
}

std::string firearm_name(Lang lang, const json& d) {
  const Firearm* f = find_firearm(d.value("weapon", ""));
  return f ? f->name.in(lang) : d.value("weapon", "");
}

std::string explosive_name(Lang lang, const std::string& id) {
  const Explosive* x = find_explosive(id);
  return x ? x->name.in(lang) : id;
}

std::string damage_type(Lang lang, const std::string& t) { return label(lang, "campaign.damage." + t, t); }

std::string render_fired(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("burst", false) ? "event.firearm_fired_burst" : "event.firearm_fired",
            jobj{"name", name_of(lc, d), "weapon", firearm_name(lc.lang, d), "shots", d.value("shots", 1), "left", d.value("left", 0)});
}

std::string render_reloaded(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.firearm_reloaded", jobj{"name", name_of(lc, d), "weapon", firearm_name(lc.lang, d), "n", d.value("new", 0)});
}

std::string render_burst(const json& d, const LogContext& lc) {
  const Firearm* f = find_firearm(d.value("weapon", ""));
  return tr(lc.lang, "event.burst_fire",
            jobj{"name", name_of(lc, d), "weapon", firearm_name(lc.lang, d), "dice", d.value("dice", ""), "rolled", d.value("rolled", 0),
             "type", damage_type(lc.lang, f ? f->damage_type : ""), "dc", d.value("dc", 0)});
}

// The blast's radius as the language says it: feet, in Czech sáhy (1 sáh = 5 ft).
std::string area(Lang lang, int ft) {
  if (ft == 5) return tr(lang, "rules.explosives.area_one");
  return tr(lang, "rules.explosives.area", jobj{"n", lang == Lang::cs ? ft / 5 : ft});
}

std::string render_explosion(const json& d, const LogContext& lc) {
  const std::string id = d.value("explosive", "");
  std::string what = explosive_name(lc.lang, id);
  if (d.contains("sticks")) what = tr(lc.lang, "rules.explosives.sticks", jobj{"what", what, "n", d["sticks"]});
  return tr(lc.lang, "event.explosion",
            jobj{"what", what, "dice", d.value("dice", ""), "rolled", d.value("rolled", 0),
             "type", damage_type(lc.lang, d.value("damage_type", "")), "area", area(lc.lang, d.value("radius_ft", 0)), "dc", d.value("dc", 0)});
}

std::string render_blast_save(const json& d, const LogContext& lc) {
  std::string key = "event.blast_save_failure";
  if (d.value("success", false)) key = d.value("amount", 0) > 0 ? "event.blast_save_half" : "event.blast_save_success";
  return tr(lc.lang, key, jobj{"name", name_of(lc, d), "total", d.value("total", 0), "dc", d.value("dc", 0), "amount", d.value("amount", 0)});
}

std::string render_fuse_lit(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.fuse_lit", jobj{"name", name_of(lc, d), "n", d.value("rounds", 1)});
}

std::string render_fuse_burned(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("left", 0) > 0 ? "event.fuse_burned" : "event.fuse_out", jobj{"name", name_of(lc, d), "n", d.value("left", 0)});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const Firearm& require_firearm(const json& cmd) {
  const std::string id = param::str(cmd, "weapon");
  const Firearm* f = find_firearm(id);
  if (!f) {
    std::string all;
    for (const auto& x : firearm_ids()) append(all, ", ", x);
    throw UserError("rules.err.firearm_unknown", jobj{"id", id, "allowed", all});
  }
  return *f;
}

// The creatures caught in an area and the totals entered for their saves ({id: total}).
void validate_area(const Campaign& c, const json& cmd) {
  const auto targets = id_list(cmd, "targets");
  for (const auto& id : targets) actions::require_living(c, id);
  if (const json* s = param::find(cmd, "saves")) {
    if (!s->is_object()) throw UserError("campaign.err.param", jobj{"param", "saves", "expected", "{creature id: the save's total}"});
    for (const auto& [id, v] : s->items()) {
      if (std::find(targets.begin(), targets.end(), id) == targets.end())
        throw UserError("rules.err.blast_save_not_target", jobj{"id", id});
      param::integer(jobj{"saves", v}, "saves", -100, 1000);
    }
  }
}

// Each target's DEX save against dc: full damage on a failure, half (rounded down) or none on a success.
void area_saves(Ctx& ctx, const json& cmd, int rolled, int dc, bool half, const std::string& type, const std::string& cause) {
  const json* saves = param::find(cmd, "saves");
  for (const auto& id : id_list(cmd, "targets")) {
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead) continue;
    const int mod = save_bonus(ctx.state(), *x, "dex");
    json data = jobj{"creature", id, "dc", dc, "modifier", mod, "source", cause};
    const int total =
        d20_total(ctx, saves && saves->contains(id) ? std::optional<int>((*saves)[id].get<int>()) : std::nullopt, mod, data);
    const bool success = total >= dc;
    const int amount = success ? (half ? rolled / 2 : 0) : rolled;
    data["total"] = total;
    data["success"] = success;
    data["amount"] = amount;
    ctx.emit("blast_save", data);
    if (amount <= 0) continue;
    actions::DamageOptions o;
    o.damage_type = type;
    o.cause = cause;
    actions::damage(ctx, id, amount, o);
  }
}

void validate_fire(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const Firearm& f = require_firearm(cmd);
  const bool burst = param::boolean(cmd, "burst", false);
  const int left = rounds_left(x, f);
  if (left <= 0) throw UserError("rules.err.firearm_empty", jobj{"name", x.name, "weapon", f.name.en});
  if (!burst && (param::find(cmd, "targets") || param::find(cmd, "saves"))) throw UserError("rules.err.firearm_targets_burst");
  if (burst) {
    if (!f.burst_fire()) throw UserError("rules.err.firearm_no_burst", jobj{"weapon", f.name.en});
    if (left < kBurstRounds) throw UserError("rules.err.firearm_burst_ammo", jobj{"weapon", f.name.en, "left", left, "need", kBurstRounds});
    validate_area(c, cmd);
  }
}

void execute_fire(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const Firearm& f = require_firearm(cmd);
  const std::string who = x.id;
  const bool burst = param::boolean(cmd, "burst", false);
  const int shots = burst ? kBurstRounds : 1;
  json data = jobj{"creature", who, "weapon", f.id, "shots", shots, "left", rounds_left(x, f) - shots};
  if (burst) data["burst"] = true;
  ctx.emit("firearm_fired", std::move(data));
  if (!burst) return;
  const int rolled = static_cast<int>(dice::roll(f.damage, ctx.rng()).total);
  ctx.emit("burst_fire", jobj{"creature", who, "weapon", f.id, "dice", f.damage, "rolled", rolled, "dc", kBurstDc});
  area_saves(ctx, cmd, rolled, kBurstDc, false, f.damage_type, "burst:" + f.id);
}

void validate_reload(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const Firearm& f = require_firearm(cmd);
  if (rounds_left(x, f) >= f.shots) throw UserError("rules.err.firearm_full", jobj{"name", x.name, "weapon", f.name.en, "n", f.shots});
}

void execute_reload(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const Firearm& f = require_firearm(cmd);
  ctx.emit("firearm_reloaded", jobj{"creature", x.id, "weapon", f.id, "old", rounds_left(x, f), "new", f.shots});
}

const Explosive& require_explosive(const json& cmd) {
  const std::string id = param::str(cmd, "explosive");
  const Explosive* e = find_explosive(id);
  if (!e) {
    std::string all;
    for (const auto& x : explosive_ids()) append(all, ", ", x);
    throw UserError("rules.err.explosive_unknown", jobj{"id", id, "allowed", all});
  }
  return *e;
}

void validate_detonate(const Campaign& c, const json& cmd) {
  const Explosive& e = require_explosive(cmd);
  if (e.damage.empty()) throw UserError("rules.err.explosive_no_damage", jobj{"explosive", e.name.en});
  if (param::find(cmd, "sticks")) {
    if (e.id != "dynamite") throw UserError("rules.err.explosive_sticks_dynamite");
    param::integer(cmd, "sticks", 1, 100);
  }
  validate_area(c, cmd);
}

void execute_detonate(Ctx& ctx, const json& cmd) {
  const Explosive& e = require_explosive(cmd);
  std::string dice_expr = e.damage;
  int radius = e.radius_ft;
  json data = jobj{"explosive", e.id};
  if (e.id == "dynamite") {
    const int sticks = static_cast<int>(param::integer(cmd, "sticks", 1, 100, 1));
    const auto b = dynamite_blast(sticks);
    dice_expr = std::to_string(b->dice) + "d6";
    radius = b->radius_ft;
    data["sticks"] = sticks;
  }
  const int rolled = static_cast<int>(dice::roll(dice_expr, ctx.rng()).total);
  data["dice"] = dice_expr;
  data["rolled"] = rolled;
  data["radius_ft"] = radius;
  data["dc"] = e.save_dc;
  data["damage_type"] = e.damage_type;
  ctx.emit("explosion", std::move(data));
  area_saves(ctx, cmd, rolled, e.save_dc, e.half_on_success, e.damage_type, "explosive:" + e.id);
}

void validate_fuse(const Campaign& c, const json& cmd) {
  if (!c.encounter) throw UserError("campaign.err.no_encounter");
  param::integer(cmd, "sticks", 1, 100);
  param::integer(cmd, "rounds", 1, 6);
  validate_area(c, cmd);
  if (param::find(cmd, "saves")) throw UserError("campaign.err.unknown_param", jobj{"param", "saves"});
}

void execute_fuse(Ctx& ctx, const json& cmd) {
  const int sticks = static_cast<int>(param::integer(cmd, "sticks", 1, 100));
  const Lang lang = parse_lang(ctx.state().settings.language).value_or(Lang::en);
  const std::string name = tr(lang, "rules.explosives.sticks", jobj{"what", find_explosive("dynamite")->name.in(lang), "n", sticks});
  ctx.run(jobj{"type", "AddCreature", "name", name, "kind", "object", "size", "tiny", "ac", 10, "hp", 1, "initiative_bonus", 0});
  const std::string who = ctx.state().creatures.back().id;
  ctx.emit("fuse_lit", jobj{"creature", who, "sticks", sticks, "rounds", param::integer(cmd, "rounds", 1, 6),
                        "targets", id_list(cmd, "targets")});
  ctx.run(jobj{"type", "JoinEncounter", "target", who});
}

// At the start of a lit bundle's turn its fuse burns a round; the last one sets it off.
void burn_fuse(Ctx& ctx, const campaign::Event& ev) {
  if (ev.data.value("lair", false)) return;
  const std::string who = ev.data.value("creature", "");
  const json& fuses = fuses_json(ctx.state());
  if (!fuses.is_object() || !fuses.contains(who)) return;
  const json fuse = fuses[who];
  const int left = fuse.at("left").get<int>() - 1;
  ctx.emit("fuse_burned", jobj{"creature", who, "left", std::max(0, left)});
  if (left > 0) return;
  json targets = json::array();
  for (const auto& t : fuse.value("targets", json::array())) {
    const Creature* x = campaign::find_creature(ctx.state(), t.get<std::string>());
    if (x && !x->death_saves.dead) targets.push_back(t);
  }
  json det = jobj{"type", "Detonate", "explosive", "dynamite", "sticks", fuse.at("sticks")};
  if (!targets.empty()) det["targets"] = targets;
  ctx.run(det);
  if (campaign::find_creature(ctx.state(), who)) ctx.run(jobj{"type", "ApplyDamage", "target", who, "amount", 1});
}

// The fight is over: a fuse still burning is put out (its turns are gone; the DM detonates by hand if it should
// go off) — fuse_doused {creature, sticks}, the fuse erased.
void douse_fuses(Ctx& ctx, const campaign::Event&) {
  const json& fuses = fuses_json(ctx.state());
  if (!fuses.is_object()) return;
  std::vector<std::pair<std::string, int>> lit;
  for (const auto& [who, f] : fuses.items()) lit.emplace_back(who, f.value("sticks", 1));
  for (const auto& [who, sticks] : lit) ctx.emit("fuse_doused", jobj{"creature", who, "sticks", sticks});
}

void apply_fuse_doused(Campaign& c, const json& d) {
  json fuses = fuses_json(c);
  if (!fuses.is_object() || !fuses.contains(d.at("creature").get<std::string>())) throw std::out_of_range("no fuse");
  fuses.erase(d.at("creature").get<std::string>());
  store_fuses(c, std::move(fuses));
}

std::string render_fuse_doused(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.fuse_doused", jobj{"name", name_of(lc, d)});
}

void install(Engine& e) {
  event(e, "fuse_lit", apply_fuse_lit, render_fuse_lit);
  event(e, "fuse_burned", apply_fuse_burned, render_fuse_burned);
  event(e, "fuse_doused", apply_fuse_doused, render_fuse_doused);
  e.on_event("encounter_ended", douse_fuses);
  command(e, "LightFuse", {"sticks", "rounds", "targets"}, validate_fuse, execute_fuse);
  e.on_event("turn_started", burn_fuse);
  event(e, "firearm_fired", apply_fired, render_fired);
  event(e, "firearm_reloaded", apply_reloaded, render_reloaded);
  event(e, "burst_fire", [](Campaign&, const json&) {}, render_burst);
  event(e, "explosion", [](Campaign&, const json&) {}, render_explosion);
  event(e, "blast_save", [](Campaign&, const json&) {}, render_blast_save);
  command(e, "FireFirearm", {"target", "weapon", "burst", "targets", "saves"}, validate_fire, execute_fire);
  command(e, "ReloadFirearm", {"target", "weapon"}, validate_reload, execute_reload);
  command(e, "Detonate", {"explosive", "sticks", "targets", "saves"}, validate_detonate, execute_detonate);
}

const nlohmann::json& data() {
  static const nlohmann::json d = assets::json("data/rules/explosives.json");
  return d;
}

}  // namespace

bool Firearm::burst_fire() const { return std::find(properties.begin(), properties.end(), "burst-fire") != properties.end(); }

const std::vector<Firearm>& firearm_list() {
  static const std::vector<Firearm> list = [] {
    static const std::set<std::string> props = {"ammunition", "loading", "reload", "burst-fire", "two-handed"};
    return read_catalogue<Firearm>(data().at("firearms"), "explosives.json", [&](const nlohmann::json& j) {
      Firearm f;
      f.id = j.at("id").get<std::string>();
      f.era = j.at("era").get<std::string>();
      f.name = catalogue_text(j.at("name"));
      f.price_gp = price_of(j);
      f.damage = j.at("damage").get<std::string>();
      f.damage_type = j.at("damage_type").get<std::string>();
      f.weight_lb = j.at("weight_lb").get<double>();
      f.range = {j.at("range").at(0).get<int>(), j.at("range").at(1).get<int>()};
      f.properties = j.at("properties").get<std::vector<std::string>>();
      f.shots = j.at("shots").get<int>();
      f.ammunition = j.at("ammunition").get<std::string>();
      for (const auto& p : f.properties)
        if (!props.count(p)) throw std::runtime_error("explosives.json: unknown property " + p);
      if (std::find(kFirearmEras.begin(), kFirearmEras.end(), f.era) == kFirearmEras.end())
        throw std::runtime_error("explosives.json: unknown era " + f.era);
      if (f.shots < 1 || (f.burst_fire() && f.shots < kBurstRounds)) throw std::runtime_error("explosives.json: shots of " + f.id);
      return f;
    });
  }();
  return list;
}

const Firearm* find_firearm(std::string_view id) { return find_by_id(firearm_list(), id); }

std::vector<std::string> firearm_ids() { return ids_of(firearm_list()); }

const std::vector<Explosive>& explosive_list() {
  static const std::vector<Explosive> list = [] {
    return read_catalogue<Explosive>(data().at("explosives"), "explosives.json", [&](const nlohmann::json& j) {
      Explosive e;
      e.id = j.at("id").get<std::string>();
      e.era = j.at("era").get<std::string>();
      e.name = catalogue_text(j.at("name"));
      e.price_gp = price_of(j);
      e.weight_lb = j.at("weight_lb").get<double>();
      e.throw_ft = j.value("throw_ft", 0);
      e.damage = j.value("damage", std::string());
      e.damage_type = j.value("damage_type", std::string());
      e.radius_ft = j.value("radius_ft", 0);
      e.save_dc = j.value("save_dc", 0);
      e.half_on_success = j.value("half_on_success", false);
      if (!e.damage.empty() && (e.save_dc < 1 || e.radius_ft < 5)) throw std::runtime_error("explosives.json: area of " + e.id);
      return e;
    });
  }();
  return list;
}

const Explosive* find_explosive(std::string_view id) { return find_by_id(explosive_list(), id); }

std::vector<std::string> explosive_ids() { return ids_of(explosive_list()); }

int rounds_left(const Creature& x, const Firearm& f) {
  const json& r = rounds_json(x);
  if (r.is_object() && r.contains(f.id)) return r[f.id].get<int>();
  return f.shots;
}

ExplosivesView explosives_view(const Campaign& c, const Creature& x) {
  ExplosivesView v;
  v.on = campaign::rule_enabled(c, kExplosives, false);
  for (const auto& f : firearm_list())
    if (rounds_left(x, f) < f.shots) v.fired.push_back({&f, rounds_left(x, f)});
  return v;
}

std::vector<LitFuse> lit_fuses(const Campaign& c) {
  std::vector<LitFuse> out;
  const json& f = fuses_json(c);
  if (!f.is_object()) return out;
  for (const auto& [k, v] : f.items())
    out.push_back({k, v.value("sticks", 1), v.value("left", 0), v.value("targets", std::vector<std::string>{})});
  return out;
}

Module explosives() {
  return {kExplosives, false, install,
          {.seed = "Вибухівка й вогнепальна зброя",
           .own_calculators = {dynamite_calculator(), firearm_calculator()},
           .reference = {"dm-explosives", "dm-firearms"},
           .creature_data = {rounds_field()},
           .campaign_data = {fuses_field()}}};
}

}  // namespace druzina::rules
