// Rests and time: ShortRest, LongRest, AdvanceTime.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

constexpr long long kMaxMinutes = 10LL * 365 * 1440;  // one AdvanceTime: at most ten years

auto rest_targets(const Campaign& c, const json& cmd) {
  std::vector<std::string> ids = id_list(cmd, "targets");
  if (!param::find(cmd, "targets")) return living_party(c);
  std::set<std::string> seen;
  for (const auto& id : ids) {
    require(c, id);
    if (!seen.insert(id).second) throw UserError("campaign.err.duplicate", jobj{"id", id});
  }
  return ids;
}

void validate_short_rest(const Campaign& c, const json& cmd) {
  no_encounter(c, "ShortRest");
  actions::read_hit_dice_spend(c, cmd);
  rest_targets(c, cmd);
  param::integer(cmd, "minutes", 0, 7 * 1440, 60);
}

void execute_short_rest(Ctx& ctx, const json& cmd) {
  std::vector<std::string> who = rest_targets(ctx.state(), cmd);
  actions::advance_time(ctx, param::integer(cmd, "minutes", 0, 7 * 1440, 60), "short_rest");
  for (const auto& s : actions::read_hit_dice_spend(ctx.state(), cmd)) {
    actions::spend_hit_dice(ctx, s.target, s.dice, s.rolls);
    if (std::find(who.begin(), who.end(), s.target) == who.end()) who.push_back(s.target);
  }
  ctx.emit("rest_finished", jobj{"kind", "short", "creatures", who});
}

void validate_long_rest(const Campaign& c, const json& cmd) {
  no_encounter(c, "LongRest");
  rest_targets(c, cmd);
  param::integer(cmd, "minutes", 0, 7 * 1440, 480);
}

void execute_long_rest(Ctx& ctx, const json& cmd) {
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
      ctx.emit("rest_skipped", jobj{"creature", id, "reason", "zero_hp"});
      continue;
    }
    int total = hit_dice_total(*x);
    int recovered = std::min(x->hit_dice_used, std::max(1, total / 2));
    ctx.emit("long_rest_applied", jobj{"creature", id,
                                   "hp", x->max_hp,
                                   "temp_hp", 0,
                                   "hit_dice_used", x->hit_dice_used - recovered,
                                   "recovered", recovered,
                                   "hp_before", x->hp});
    x = find_creature(ctx.state(), id);
    if (x && x->exhaustion > 0 && !x->death_saves.dead)
      actions::set_exhaustion(ctx, id, x->exhaustion - 1, "", "long_rest");
    rested.push_back(id);
  }
  // Legendary resistances are "per day": a long rest gives them back to every living creature, the
  // monsters that did not rest with the party included (a day passed for them too).
  for (const auto& x : ctx.state().creatures)
    if (x.legendary_resistances_used > 0 && !x.death_saves.dead)
      ctx.emit("legendary_resistances_reset", jobj{"creature", x.id, "used", x.legendary_resistances_used,
                                               "n", x.legendary_resistances});
  ctx.emit("rest_finished", jobj{"kind", "long", "creatures", rested});
}

void validate_advance_time(const Campaign& c, const json& cmd) {
  no_encounter(c, "AdvanceTime");
  param::integer(cmd, "minutes", 1, kMaxMinutes);
}

void execute_advance_time(Ctx& ctx, const json& cmd) { actions::advance_time(ctx, param::integer(cmd, "minutes", 1, kMaxMinutes), "advance"); }

}  // namespace

void register_rests_commands(Engine& e) {
  reg(e, "ShortRest", {"spend", "targets", "minutes"}, validate_short_rest, execute_short_rest);
  reg(e, "LongRest", {"targets", "minutes"}, validate_long_rest, execute_long_rest);
  reg(e, "AdvanceTime", {"minutes"}, validate_advance_time, execute_advance_time);
}

}  // namespace druzina::campaign::base_cmd
