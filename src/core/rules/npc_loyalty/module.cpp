// DM rule "npc-loyalty" (off the player's sight): an NPC companion's loyalty score.
//
//   SetLoyalty {target, value?: 0..max} — the DM sets the score; without a value the score starts being tracked
//   at its start value (half the party's highest Charisma). → loyalty_changed {creature, old?, new, max,
//   reason: "set" | "start"}
//   ChangeLoyalty {target, reason: "help" | "harm" | "betrayal", roll?: the dice as rolled at the table (help and
//   harm 1d4: 1..4, betrayal 2d4: 2..8)} → loyalty_changed {creature, old, new, max, reason, dice, roll, rolled}
//   (an NPC not tracked yet starts from its start value). The new score is clamped to 0..max.
// Refused for PCs and monsters (rules.err.loyalty_not_npc) and while the party has no PC (rules.err.loyalty_no_party:
// the maximum is the highest Charisma among the PCs).
// Data: Creature::modules["npc-loyalty"].score (int 0..20, absent = not tracked), a DM SECRET (DataField::secret):
// io::player_view and the share links never carry it. When the party's highest Charisma falls, the score reads as
// clamped to the new maximum (loyalty_view); the next change starts from the clamped value.
#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/rules/npc_loyalty/npc_loyalty.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kScore = "score";

campaign::DataField score_field() {
  return {kScore, "int 0..20: the NPC's loyalty score (absent = not tracked); DM secret", /*secret*/ true,
          [](const json& v) { int_in(v, 0, kLoyaltyCap); }};
}

// What a save before schema 8 kept as the creature's own loyalty (a number or an object the DM typed in, which
// nothing read): kept for the DM as it was, never read. DM secret.
campaign::DataField legacy_field() {
  return {"legacy", "number or object: the creature's loyalty as a save before schema 8 kept it; DM secret", true,
          [](const json& v) {
            if (!v.is_number() && !v.is_object()) campaign::jr::fail_type("number or object");
          }};
}

struct Change {
  int delta_sign = 0;  // +1 help, −1 harm or betrayal
  int dice = 0;        // number of d4
};

Change change_of(const std::string& reason) {
  if (reason == "help") return {+1, 1};
  if (reason == "harm") return {-1, 1};
  if (reason == "betrayal") return {-1, 2};
  throw UserError("campaign.err.bad_choice", jobj{"choice", reason, "choices", "help, harm, betrayal"});
}

const Creature& eligible(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  if (!can_have_loyalty(x)) throw UserError("rules.err.loyalty_not_npc", jobj{"name", x.name});
  if (party_highest_cha(c) <= 0) throw UserError("rules.err.loyalty_no_party", jobj{"name", x.name});
  return x;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_loyalty_changed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const int n = d.at("new").get<int>();
  if (n < 0 || n > kLoyaltyCap) throw std::out_of_range("loyalty out of range");
  set_creature_data(x, kLoyalty, kScore, n);
}

std::string render_loyalty_changed(const json& d, const LogContext& lc) {
  const std::string reason = d.value("reason", "set");
  const int now = d.value("new", 0);
  json args = jobj{"name", name_of(lc, d), "old", d.value("old", 0), "new", now, "max", d.value("max", 0),
               "state", tr(lc.lang, loyalty_state_key(loyalty_state(now)))};
  if (reason == "start") return tr(lc.lang, "event.loyalty_started", args);
  if (reason == "set") return tr(lc.lang, "event.loyalty_changed", args);
  const char* reason_key = reason == "help"   ? "rules.loyalty.reason.help"
                           : reason == "harm" ? "rules.loyalty.reason.harm"
                                              : "rules.loyalty.reason.betrayal";
  args["reason"] = tr(lc.lang, reason_key);
  args["dice"] = d.value("dice", "");
  args["roll"] = d.value("roll", 0);
  return tr(lc.lang, "event.loyalty_changed_roll", args);
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
void validate_set_loyalty(const Campaign& c, const json& cmd) {
  const Creature& x = eligible(c, cmd);
  const LoyaltyView v = loyalty_view(c, x);
  if (param::find(cmd, "value")) param::integer(cmd, "value", 0, v.max);
}

void execute_set_loyalty(Ctx& ctx, const json& cmd) {
  const Creature& x = eligible(ctx.state(), cmd);
  const LoyaltyView v = loyalty_view(ctx.state(), x);
  json data = jobj{"creature", x.id, "max", v.max};
  if (v.tracked) data["old"] = v.score;
  if (param::find(cmd, "value")) {
    data["new"] = param::integer(cmd, "value", 0, v.max);
    data["reason"] = "set";
  } else {
    data["new"] = v.start;
    data["reason"] = "start";
  }
  ctx.emit("loyalty_changed", std::move(data));
}

void validate_change_loyalty(const Campaign& c, const json& cmd) {
  eligible(c, cmd);
  const Change ch = change_of(param::str(cmd, "reason"));
  opt_int(cmd, "roll", ch.dice, 4 * ch.dice);
}

void execute_change_loyalty(Ctx& ctx, const json& cmd) {
  const Creature& x = eligible(ctx.state(), cmd);
  const LoyaltyView v = loyalty_view(ctx.state(), x);
  const std::string reason = param::str(cmd, "reason");
  const Change ch = change_of(reason);
  auto entered = opt_int(cmd, "roll", ch.dice, 4 * ch.dice);
  int roll = 0;
  if (entered) {
    roll = *entered;
  } else {
    for (int i = 0; i < ch.dice; ++i) roll += ctx.rng().die(4);
  }
  const int now = std::clamp(v.score + ch.delta_sign * roll, 0, v.max);
  ctx.emit("loyalty_changed", jobj{"creature", x.id, "old", v.score, "new", now, "max", v.max, "reason", reason,
                               "dice", std::to_string(ch.dice) + "d4", "roll", roll, "rolled", !entered});
}

void install(Engine& e) {
  event(e, "loyalty_changed", apply_loyalty_changed, render_loyalty_changed);
  e.secret_event("loyalty_changed");  // the score is the DM's: never in a player's log
  command(e, "SetLoyalty", {"target", "value"}, validate_set_loyalty, execute_set_loyalty);
  command(e, "ChangeLoyalty", {"target", "reason", "roll"}, validate_change_loyalty, execute_change_loyalty);
}

}  // namespace

LoyaltyLimits loyalty_limits(int highest_cha) {
  LoyaltyLimits l;
  if (highest_cha <= 0) return l;
  l.max = std::min(highest_cha, kLoyaltyCap);
  l.start = std::min(highest_cha / 2, l.max);
  return l;
}

int party_highest_cha(const Campaign& c) {
  int best = 0;
  for (const auto& x : c.creatures)
    if (x.kind == "pc" && !x.death_saves.dead) best = std::max(best, x.abilities.cha);
  return best;
}

std::string loyalty_state(int score) {
  if (score >= 10) return "risks_life";
  if (score >= 1) return "wavering";
  return "leaves";
}

const char* loyalty_state_key(const std::string& state) {
  if (state == "risks_life") return "rules.loyalty.state.risks_life";
  if (state == "wavering") return "rules.loyalty.state.wavering";
  return "rules.loyalty.state.leaves";
}

bool can_have_loyalty(const Creature& x) { return x.kind == "npc" || x.kind == "sidekick"; }

std::optional<int> stored_loyalty(const Creature& x) {
  const json& n = creature_data(x, kLoyalty, kScore);
  if (!n.is_number_integer()) return std::nullopt;
  return n.get<int>();
}

LoyaltyView loyalty_view(const Campaign& c, const Creature& x) {
  LoyaltyView v;
  v.on = campaign::rule_enabled(c, kLoyalty, true);
  v.eligible = can_have_loyalty(x);
  v.highest_cha = party_highest_cha(c);
  const LoyaltyLimits l = loyalty_limits(v.highest_cha);
  v.max = l.max;
  v.start = l.start;
  const auto stored = stored_loyalty(x);
  v.tracked = stored.has_value();
  v.score = std::clamp(stored.value_or(l.start), 0, l.max);
  v.state = loyalty_state(v.score);
  return v;
}

Module npc_loyalty() {
  return {kLoyalty, true, install,
          {.seed = "Відданість",
           .own_calculators = {loyalty_calculator()},
           .reference = {"dm-loyalty"},
           .creature_data = {score_field(), legacy_field()}}};
}

}  // namespace druzina::rules
