// Optional rule "hero-points" (off by default; the DM rules' variant, docs/dm-rules.md section 4): a PC starts with
// 5 hero points at level 1; on each level-up the unspent points are lost and the total becomes 5 + level / 2
// (rounded down); spending one after a d20 roll adds 1d6 (at most one per roll), or turns a failed death save into
// a success.
//
//   SetHeroPoints {target, value: 0..1000 | change: −1000..1000} → hero_points_set {creature, old, new}
//   UseHeroPoint {target, roll?: the d6 if rolled at the table, total?: the roll it is added to, dc?,
//                 roll_id?: the app's id of that roll} → hero_point_used {creature, d6, rolled, total_before?,
//   total?, dc?, success?, roll_id?}, hero_points_set −1. Refused without hero points, and a second time for the
//   same roll_id (rules.err.hero_point_once; the dice screen gives each roll an id).
//   AddCreature of a PC (the rule on, no points given) → hero_points_set {reason: "start", new: 5 + level / 2}.
//   leveled_up of a PC → hero_points_set {reason: "level_up", old: the unspent points (lost), new: 5 + level / 2}.
//   DeathSave {…, hero_point: true} (a parameter this module adds: "spend a hero point if this save fails") → on a
//   failure (or a natural 1) hero_point_armed (silent: the save's counts before), then the failure is turned into a
//   success: hero_point_used {death_save: true}, death_saves_set {cause "hero_point", outcome "success" |
//   "stable"}, hero_points_set −1; a third failure so turned does not kill. Refused without hero points.
// Data: Creature::modules["hero-points"].points (absent = 0) and .spent_on (the roll_id of the last point spent),
// shown to players (not a secret).
#include "core/rules/hero_points/hero_points.hpp"

#include <algorithm>
#include <optional>

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kPoints = "points";
constexpr const char* kSpentOn = "spent_on";
constexpr const char* kDeathSaveParam = "hero_point";

campaign::DataField points_field() {
  return {kPoints, "int 1..1000: the creature's hero points (absent = 0)", false,
          [](const json& v) { int_in(v, 1, 1000); }, /*player_owned*/ true};
}

void roll_id_in(const json& v) {
  if (!v.is_string()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "text"});
  const auto n = v.get<std::string>().size();
  if (n == 0 || n > 64) throw UserError("state.err.too_long", jobj{"path", "", "max", 64});
}

campaign::DataField spent_on_field() {
  return {kSpentOn, "text 1..64 chars: the id of the roll the last hero point was spent on (absent = none)", false,
          roll_id_in, /*player_owned*/ true};
}

std::optional<std::string> roll_id(const json& cmd) {
  const json* v = param::find(cmd, "roll_id");
  if (!v) return std::nullopt;
  if (!v->is_string() || v->get<std::string>().empty() || v->get<std::string>().size() > 64)
    throw UserError("campaign.err.param", jobj{"param", "roll_id", "expected", "text (1–64 characters)"});
  return v->get<std::string>();
}

std::string outcome(const LogContext& lc, const json& d) {
  if (!d.contains("dc")) return std::string();
  return tr(lc.lang, d.value("success", false) ? "rules.vs_dc_success" : "rules.vs_dc_failure", jobj{"dc", d.value("dc", 0)});
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_hero_points_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const int n = d.at("new").get<int>();
  set_creature_data(x, kHeroPoints, kPoints, n == 0 ? json(nullptr) : json(n));
}

std::string render_hero_points_set(const json& d, const LogContext& lc) {
  const std::string reason = d.value("reason", "");
  const char* key = reason == "start"      ? "event.hero_points_start"
                    : reason == "level_up" ? "event.hero_points_level_up"
                                           : "event.hero_points_set";
  return tr(lc.lang, key,
            jobj{"name", name_of(lc, d), "old", d.value("old", 0), "new", d.value("new", 0), "level", d.value("level", 0)});
}

std::string render_hero_point_used(const json& d, const LogContext& lc) {
  if (d.value("death_save", false)) return tr(lc.lang, "event.hero_point_death_save", jobj{"name", name_of(lc, d)});
  json args = jobj{"name", name_of(lc, d), "d6", d.value("d6", 0), "outcome", outcome(lc, d)};
  if (d.contains("total")) {
    args["before"] = d.value("total_before", 0);
    args["total"] = d.value("total", 0);
    return tr(lc.lang, "event.hero_point_used_total", args);
  }
  return tr(lc.lang, "event.hero_point_used", args);
}

void apply_hero_point_used(Campaign& c, const json& d) {
  if (!d.contains("roll_id")) return;
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kHeroPoints, kSpentOn, d.at("roll_id").get<std::string>());
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
int new_points(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  bool has_value = param::find(cmd, "value"), has_change = param::find(cmd, "change");
  if (has_value == has_change) throw UserError("campaign.err.value_or_change");
  long long v = has_value ? param::integer(cmd, "value", 0, 1000)
                          : hero_points_of(x) + param::integer(cmd, "change", -1000, 1000);
  if (v < 0 || v > 1000)
    throw UserError("campaign.err.param_range", jobj{"param", "value", "value", v, "min", 0, "max", 1000});
  return static_cast<int>(v);
}

void validate_set_hero_points(const Campaign& c, const json& cmd) { new_points(c, cmd); }

void execute_set_hero_points(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  ctx.emit("hero_points_set", jobj{"creature", x.id, "old", hero_points_of(x), "new", new_points(ctx.state(), cmd)});
}

void validate_use_hero_point(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  opt_int(cmd, "roll", 1, 6);
  opt_int(cmd, "total", -100, 1000);
  opt_int(cmd, "dc", -50, 100);
  if (hero_points_of(x) <= 0) throw UserError("rules.err.no_hero_points", jobj{"name", x.name});
  if (auto id = roll_id(cmd)) {
    const json& spent = creature_data(x, kHeroPoints, kSpentOn);
    if (spent.is_string() && spent.get<std::string>() == *id) throw UserError("rules.err.hero_point_once", jobj{"name", x.name});
  }
}

void execute_use_hero_point(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  const std::string id = x.id;
  const int points = hero_points_of(x);
  auto entered = opt_int(cmd, "roll", 1, 6);
  const int d6 = entered ? *entered : ctx.rng().die(6);
  json data = jobj{"creature", id, "d6", d6, "rolled", !entered};
  if (auto rid = roll_id(cmd)) data["roll_id"] = *rid;
  if (auto total = opt_int(cmd, "total", -100, 1000)) {
    data["total_before"] = *total;
    data["total"] = *total + d6;
    if (auto dc = opt_int(cmd, "dc", -50, 100)) {
      data["dc"] = *dc;
      data["success"] = *total + d6 >= *dc;
    }
  }
  ctx.emit("hero_point_used", std::move(data));
  ctx.emit("hero_points_set", jobj{"creature", id, "old", points, "new", points - 1});
}

// [SECTION] hooks: the start, the level-up, the death save ------------------------------------------------------------
void give_start_points(Ctx& ctx, const campaign::Event& ev) {
  const std::string id = ev.data.contains("creature") && ev.data["creature"].is_object()
                             ? ev.data["creature"].value("id", std::string())
                             : std::string();
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->kind != "pc" || hero_points_of(*x) > 0) return;  // points given with the creature stay
  ctx.emit("hero_points_set", jobj{"creature", id, "old", 0, "new", hero_points_for_level(x->level), "reason", "start"});
}

void reset_on_level_up(Ctx& ctx, const campaign::Event& ev) {
  const std::string id = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->kind != "pc") return;
  ctx.emit("hero_points_set", jobj{"creature", id, "old", hero_points_of(*x), "new", hero_points_for_level(x->level),
                               "reason", "level_up", "level", x->level});
}

bool death_save_armed(const Ctx& ctx, const std::string& id) {
  const json& cmd = ctx.command();
  return cmd.is_object() && cmd.value("type", "") == "DeathSave" && cmd.value("target", "") == id &&
         param::boolean(cmd, kDeathSaveParam, false);
}

void check_death_save_param(Ctx& ctx, const json& cmd) {
  if (!param::boolean(cmd, kDeathSaveParam, false)) return;
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  if (hero_points_of(x) <= 0) throw UserError("rules.err.no_hero_points", jobj{"name", x.name});
  // The counts before the save: what a failure turned into a success leaves standing.
  ctx.emit("hero_point_armed", jobj{"creature", x.id, "successes", x.death_saves.successes,
                                "failures", x.death_saves.failures});
}

void turn_failed_death_save(Ctx& ctx, const campaign::Event& ev) {
  const std::string id = ev.data.value("creature", "");
  const std::string cause = ev.data.value("cause", ""), outcome = ev.data.value("outcome", "");
  if (cause != "roll" && cause != "result") return;
  if (outcome != "failure" && outcome != "two_failures") return;
  if (!death_save_armed(ctx, id)) return;
  const campaign::Event* armed = nullptr;
  for (const auto& e : ctx.events())
    if (e.type == "hero_point_armed" && e.data.value("creature", "") == id) armed = &e;
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!armed || !x || hero_points_of(*x) <= 0) return;
  const int points = hero_points_of(*x);
  int successes = armed->data.value("successes", 0) + 1, failures = armed->data.value("failures", 0);
  const bool stable = successes >= 3;
  if (stable) successes = failures = 0;
  json used = jobj{"creature", id, "death_save", true};
  if (ev.data.contains("roll")) used["roll"] = ev.data["roll"];
  ctx.emit("hero_point_used", std::move(used));
  ctx.emit("death_saves_set", jobj{"creature", id, "successes", successes, "failures", failures, "stable", stable,
                               "cause", "hero_point", "outcome", stable ? "stable" : "success"});
  ctx.emit("hero_points_set", jobj{"creature", id, "old", points, "new", points - 1});
}

void install(Engine& e) {
  event(e, "hero_points_set", apply_hero_points_set, render_hero_points_set);
  event(e, "hero_point_used", apply_hero_point_used, render_hero_point_used);
  event(e, "hero_point_armed", [](Campaign&, const json&) {}, {}, true);
  command(e, "SetHeroPoints", {"target", "value", "change"}, validate_set_hero_points, execute_set_hero_points);
  command(e, "UseHeroPoint", {"target", "roll", "total", "dc", "roll_id"}, validate_use_hero_point,
          execute_use_hero_point);
  e.on_event("creature_added", give_start_points);
  e.on_event("leveled_up", reset_on_level_up);
  e.allow_params("DeathSave", {kDeathSaveParam});
  e.before("DeathSave", check_death_save_param);
  e.on_event("death_saves_set", turn_failed_death_save);
}

}  // namespace

int hero_points_for_level(int level) { return 5 + std::max(1, level) / 2; }

int hero_points_of(const Creature& x) {
  const json& n = creature_data(x, kHeroPoints, kPoints);
  return n.is_number_integer() ? n.get<int>() : 0;
}

HeroPointsView hero_points_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kHeroPoints, false), hero_points_of(x)};
}

Module hero_points() {
  return {kHeroPoints, false, install,
          {.seed = "Inspirace",
           .own_calculators = {hero_points_calculator()},
           .reference = {"hr-inspiration-luck", "dm-hero-points"},
           .creature_data = {points_field(), spent_on_field()}}};
}

std::optional<HeroPointSpent> hero_point_spent(const std::vector<campaign::Event>& events) {
  const json* d = last_event(events, "hero_point_used");
  if (!d) return std::nullopt;
  HeroPointSpent r;
  r.creature = d->value("creature", "");
  r.d6 = d->value("d6", 0);
  if (d->contains("total") && (*d)["total"].is_number_integer()) r.total = (*d)["total"].get<int>();
  if (d->contains("total_before") && (*d)["total_before"].is_number_integer())
    r.total_before = (*d)["total_before"].get<int>();
  return r;
}

}  // namespace druzina::rules
