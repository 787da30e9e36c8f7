// Level-up and the house rule "Házení na životy": a 1 on the level-up hit die may be rolled again once; the
// second roll stands whatever it shows (calc::hp_roll / calc::hp_gain: gain = last roll + CON modifier, at
// least 1).
//
// Two modules: "level-up" owns the command, "hp-roll" is the house rule's switch the command consults (so a
// campaign without the house rule can still level up).
//   LevelUp {target, hit_die?: sides for this level (default: the creature's hit die; sets it when it had none),
//            rolls?: [first] or [1, reroll] as rolled at the table, average?: true (the fixed value die/2 + 1)}
//   → leveled_up {creature, level_old, level, die, rolls, rerolled, average?, con_mod, gain, max_hp_old,
//     max_hp, hp_old, hp, hit_die_set?}
// A first roll of 1 without a second one: the engine rolls the reroll when the house rule is on. Two rolls are
// refused unless the first is a 1 and the house rule is on. The intelligence module opens the creature's pick
// window after a level-up (its points follow from INT, nothing to store).
#include "core/rules/common.hpp"
#include "core/rules/level_up/level_up.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr int kMaxLevel = 30;  // the state's limit

struct Plan {
  std::string id;
  int die = 0;
  std::vector<int> rolls;
  bool average = false;
  bool set_die = false;
};

Plan plan(const Campaign& c, const json& cmd, bool reroll_rule) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  Plan p;
  p.id = x.id;
  if (x.level + 1 > kMaxLevel) throw UserError("rules.err.max_level", jobj{"name", x.name, "max", kMaxLevel});
  p.die = static_cast<int>(param::integer(cmd, "hit_die", 2, 20, x.hit_die));
  if (p.die <= 0) throw UserError("campaign.err.no_hit_die", jobj{"name", x.name});
  p.set_die = x.hit_die == 0;
  p.average = param::boolean(cmd, "average", false);
  p.rolls = int_list(cmd, "rolls", 1, 20);
  if (p.average && !p.rolls.empty()) throw UserError("rules.err.average_or_rolls");
  for (int r : p.rolls)
    if (r > p.die) throw UserError("campaign.err.param_range", jobj{"param", "rolls", "value", r, "min", 1, "max", p.die});
  if (p.rolls.size() > 2) throw UserError("campaign.err.rolls_count", jobj{"name", x.name, "dice", 2, "rolls", p.rolls.size()});
  if (p.rolls.size() == 2 && (p.rolls[0] != 1 || !reroll_rule)) throw UserError("rules.err.reroll_not_allowed", jobj{"roll", p.rolls[0]});
  return p;
}

}  // namespace

Module level_up() {
  return {kLevelUp,
          true,
          [](Engine& e) {
            event(
                e, "leveled_up",
                [](Campaign& c, const json& d) {
                  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
                  x.level = d.at("level").get<int>();
                  x.max_hp = d.at("max_hp").get<int>();
                  x.hp = d.at("hp").get<int>();
                  if (d.contains("hit_die_set")) x.hit_die = d.at("hit_die_set").get<int>();
                },
                [](const json& d, const LogContext& lc) {
                  std::string rolls;
                  for (const auto& r : d.value("rolls", json::array())) append(rolls, " → ", r.dump());
                  if (d.value("average", false)) rolls = tr(lc.lang, "rules.average");
                  return tr(lc.lang, "event.leveled_up",
                            jobj{"name", name_of(lc, d), "level", d.value("level", 0), "die", d.value("die", 0),
                             "rolls", rolls, "con", signed_text(d.value("con_mod", 0)), "gain", d.value("gain", 0),
                             "max_hp", d.value("max_hp", 0)});
                });
            command(
                e, "LevelUp", {"target", "hit_die", "rolls", "average"},
                [](const Campaign& c, const json& cmd) {
                  plan(c, cmd, campaign::rule_enabled(c, kHpRoll, true));
                },
                [](Ctx& ctx, const json& cmd) {
                  const bool reroll_rule = campaign::rule_enabled(ctx.state(), kHpRoll, true);
                  const Plan p = plan(ctx.state(), cmd, reroll_rule);
                  const Creature& x = actions::require_living(ctx.state(), p.id);
                  const int con = campaign::modifier(x, "con");
                  std::vector<int> rolls = p.rolls;
                  int gain = 0;
                  if (p.average) {
                    gain = calc::hp_gain(p.die / 2 + 1, con);
                  } else if (rolls.empty() && reroll_rule) {
                    calc::HpRoll r = calc::hp_roll(p.die, con, ctx.rng());
                    rolls = r.rolls;
                    gain = r.gain;
                  } else {
                    if (rolls.empty()) rolls.push_back(ctx.rng().die(p.die));
                    if (rolls.size() == 1 && rolls[0] == 1 && reroll_rule) rolls.push_back(ctx.rng().die(p.die));
                    gain = calc::hp_gain(rolls.back(), con);
                  }
                  json data = jobj{"creature", p.id, "level_old", x.level, "level", x.level + 1, "die", p.die,
                               "rolls", rolls, "rerolled", rolls.size() == 2, "con_mod", con, "gain", gain,
                               "max_hp_old", x.max_hp, "max_hp", std::min(1'000'000, x.max_hp + gain),
                               "hp_old", x.hp, "hp", std::min(1'000'000, x.hp + gain),
                               "rolled", p.rolls.empty() && !p.average};
                  if (p.average) data["average"] = true;
                  if (p.set_die) data["hit_die_set"] = p.die;
                  ctx.emit("leveled_up", std::move(data));
                });
            e.count_event("leveled_up", "level_ups");
          },
          {.seed = "Házení na životy", .reference = {"hr-hp-roll"}}};
}

Module hp_roll() {
  return {kHpRoll, true, [](Engine&) {},
          {.seed = "Házení na životy", .own_calculators = {hp_roll_calculator()}, .reference = {"hr-hp-roll"}}};
}

}  // namespace druzina::rules
