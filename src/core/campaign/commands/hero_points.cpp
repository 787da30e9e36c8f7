// Hero points: SetHeroPoints.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"

namespace druzina::campaign::base_cmd {

namespace {

auto hero_points_value(const Campaign& c, const json& cmd) {
  const Creature& x = require(c, target(cmd));
  bool has_value = param::find(cmd, "value"), has_change = param::find(cmd, "change");
  if (has_value == has_change) throw UserError("campaign.err.value_or_change");
  long long v = has_value ? param::integer(cmd, "value", 0, 1000) : x.hero_points + param::integer(cmd, "change", -1000, 1000);
  if (v < 0 || v > 1000)
    throw UserError("campaign.err.param_range", {{"param", "value"}, {"value", v}, {"min", 0}, {"max", 1000}});
  return static_cast<int>(v);
}

void validate_set_hero_points(const Campaign& c, const json& cmd) { hero_points_value(c, cmd); }

void execute_set_hero_points(Ctx& ctx, const json& cmd) {
  const Creature& x = require(ctx.state(), target(cmd));
  ctx.emit("hero_points_set", {{"creature", x.id}, {"old", x.hero_points}, {"new", hero_points_value(ctx.state(), cmd)}});
}

}  // namespace

void register_hero_points_commands(Engine& e) {
  reg(e, "SetHeroPoints", {"target", "value", "change"}, validate_set_hero_points, execute_set_hero_points);
}

}  // namespace druzina::campaign::base_cmd
