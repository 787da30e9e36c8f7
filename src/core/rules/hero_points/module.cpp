// Optional rule "hero-points" (off by default): the DM hands out hero points; spending one adds 1d6 to a roll.
//
//   SetHeroPoints {target, value: 0..1000 | change: −1000..1000} → hero_points_set {creature, old, new}
//   UseHeroPoint {target, roll?: the d6 if rolled at the table, total?: the roll it is added to, dc?}
//   → hero_point_used {creature, d6, rolled, total_before?, total?, dc?, success?}, hero_points_set −1.
//   Refused without hero points.
// Data: Creature::modules["hero-points"].points (absent = 0), shown to players (not a secret).
#include "core/rules/hero_points/hero_points.hpp"

#include "core/rules/common.hpp"

namespace druzina::rules {

using namespace detail;
namespace actions = campaign::actions;
namespace param = campaign::param;

namespace {

constexpr const char* kPoints = "points";

campaign::DataField points_field() {
  return {kPoints, "int 1..1000: the creature's hero points (absent = 0)", false,
          [](const json& v) { int_in(v, 1, 1000); }, /*player_owned*/ true};
}

std::string outcome(const LogContext& lc, const json& d) {
  if (!d.contains("dc")) return std::string();
  return tr(lc.lang, d.value("success", false) ? "rules.vs_dc_success" : "rules.vs_dc_failure", {{"dc", d.value("dc", 0)}});
}

// ---- events ------------------------------------------------------------------------------------------------
void apply_hero_points_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const int n = d.at("new").get<int>();
  set_creature_data(x, kHeroPoints, kPoints, n == 0 ? json(nullptr) : json(n));
}

std::string render_hero_points_set(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.hero_points_set",
            {{"name", name_of(lc, d)}, {"old", d.value("old", 0)}, {"new", d.value("new", 0)}});
}

std::string render_hero_point_used(const json& d, const LogContext& lc) {
  json args = {{"name", name_of(lc, d)}, {"d6", d.value("d6", 0)}, {"outcome", outcome(lc, d)}};
  if (d.contains("total")) {
    args["before"] = d.value("total_before", 0);
    args["total"] = d.value("total", 0);
    return tr(lc.lang, "event.hero_point_used_total", args);
  }
  return tr(lc.lang, "event.hero_point_used", args);
}

// ---- commands ----------------------------------------------------------------------------------------------
int new_points(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  bool has_value = param::find(cmd, "value"), has_change = param::find(cmd, "change");
  if (has_value == has_change) throw UserError("campaign.err.value_or_change");
  long long v = has_value ? param::integer(cmd, "value", 0, 1000)
                          : hero_points_of(x) + param::integer(cmd, "change", -1000, 1000);
  if (v < 0 || v > 1000)
    throw UserError("campaign.err.param_range", {{"param", "value"}, {"value", v}, {"min", 0}, {"max", 1000}});
  return static_cast<int>(v);
}

void validate_set_hero_points(const Campaign& c, const json& cmd) { new_points(c, cmd); }

void execute_set_hero_points(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  ctx.emit("hero_points_set", {{"creature", x.id}, {"old", hero_points_of(x)}, {"new", new_points(ctx.state(), cmd)}});
}

void validate_use_hero_point(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  opt_int(cmd, "roll", 1, 6);
  opt_int(cmd, "total", -100, 1000);
  opt_int(cmd, "dc", -50, 100);
  if (hero_points_of(x) <= 0) throw UserError("rules.err.no_hero_points", {{"name", x.name}});
}

void execute_use_hero_point(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  const std::string id = x.id;
  const int points = hero_points_of(x);
  auto entered = opt_int(cmd, "roll", 1, 6);
  const int d6 = entered ? *entered : ctx.rng().die(6);
  json data = {{"creature", id}, {"d6", d6}, {"rolled", !entered}};
  if (auto total = opt_int(cmd, "total", -100, 1000)) {
    data["total_before"] = *total;
    data["total"] = *total + d6;
    if (auto dc = opt_int(cmd, "dc", -50, 100)) {
      data["dc"] = *dc;
      data["success"] = *total + d6 >= *dc;
    }
  }
  ctx.emit("hero_point_used", std::move(data));
  ctx.emit("hero_points_set", {{"creature", id}, {"old", points}, {"new", points - 1}});
}

void install(Engine& e) {
  event(e, "hero_points_set", apply_hero_points_set, render_hero_points_set);
  event(e, "hero_point_used", [](Campaign&, const json&) {}, render_hero_point_used);
  command(e, "SetHeroPoints", {"target", "value", "change"}, validate_set_hero_points, execute_set_hero_points);
  command(e, "UseHeroPoint", {"target", "roll", "total", "dc"}, validate_use_hero_point, execute_use_hero_point);
}

}  // namespace

int hero_points_of(const Creature& x) {
  const json& n = creature_data(x, kHeroPoints, kPoints);
  return n.is_number_integer() ? n.get<int>() : 0;
}

HeroPointsView hero_points_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kHeroPoints, false), hero_points_of(x)};
}

Module hero_points() {
  return {kHeroPoints, false, install,
          {.seed = "Inspirace", .reference = {"hr-inspiration-luck"}, .creature_data = {points_field()}}};
}

}  // namespace druzina::rules
