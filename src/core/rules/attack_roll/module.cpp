// House rule "Obklíčení" (flanking) and the combat attack helper it is offered in.
//   Flanking never gives advantage; it adds +2 to the attack roll when flanking directly, +1 from the side
//   (calc::flanking_bonus). The "flanking" module is the switch; with it off, AttackRoll refuses a flanking
//   position other than "none".
//   AttackRoll {attacker, target?, bonus?: the attack bonus, flanking?: direct | side | none,
//               advantage?, disadvantage?: true (both cancel), rolls?: the d20(s) as rolled at the table
//               (two with advantage or disadvantage)}
//   → attack_rolled {attacker, target?, rolls, kept, mode, bonus, flanking, flank_bonus, total, natural20,
//     natural1, rolled, ac?, hit?, critical?, inspiration}: "inspiration" is true when the attacker has
//     inspiration and the inspiration-luck rule is on — the UI then offers UseInspiration {target: attacker,
//     first_roll: kept, modifier: bonus + flank_bonus, dc: ac}.
// With a target, hit = natural 20, or total ≥ AC unless natural 1; a natural 20 is a critical hit.
#include <algorithm>

#include "core/rules/common.hpp"
#include "core/rules/attack_roll/attack_roll.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

struct Plan {
  std::string attacker, target;
  int bonus = 0;
  calc::Flank flank = calc::Flank::none;
  std::string flank_name = "none";
  std::string mode = "normal";
  std::vector<int> rolls;
};

Plan plan(const Campaign& c, const json& cmd) {
  Plan p;
  p.attacker = actions::require_living(c, param::str(cmd, "attacker")).id;
  p.target = param::str(cmd, "target", "");
  if (!p.target.empty()) actions::require(c, p.target);
  p.bonus = static_cast<int>(param::integer(cmd, "bonus", -50, 50, 0));
  p.flank_name = param::str(cmd, "flanking", "none");
  auto f = calc::parse_flank(p.flank_name);
  if (!f) throw UserError("campaign.err.param", jobj{"param", "flanking", "expected", "direct | side | none"});
  p.flank = *f;
  if (p.flank != calc::Flank::none && !campaign::rule_enabled(c, kFlanking, true))
    throw UserError("rules.err.flanking_off");
  const bool adv = param::boolean(cmd, "advantage", false), dis = param::boolean(cmd, "disadvantage", false);
  if (adv != dis) p.mode = adv ? "advantage" : "disadvantage";
  p.rolls = int_list(cmd, "rolls", 1, 20);
  const size_t want = p.mode == "normal" ? 1 : 2;
  if (!p.rolls.empty() && p.rolls.size() != want)
    throw UserError("rules.err.attack_rolls", jobj{"n", static_cast<int>(want)});
  return p;
}

// The attack_rolled data of a planned attack (the d20s from the plan, else rolled).
json outcome(const Campaign& c, Plan p, Rng& rng) {
  const bool rolled = p.rolls.empty();
  if (rolled)
    for (int i = 0; i < (p.mode == "normal" ? 1 : 2); ++i) p.rolls.push_back(rng.die(20));
  const int kept = p.mode == "disadvantage" ? *std::min_element(p.rolls.begin(), p.rolls.end())
                                            : *std::max_element(p.rolls.begin(), p.rolls.end());
  const int fb = calc::flanking_bonus(p.flank);
  const int total = kept + p.bonus + fb;
  const Creature& attacker = actions::require(c, p.attacker);
  json data = jobj{"attacker", p.attacker, "rolls", p.rolls,       "kept", kept,
               "mode", p.mode,         "bonus", p.bonus,       "flanking", p.flank_name,
               "flank_bonus", fb,      "total", total,         "natural20", kept == 20,
               "natural1", kept == 1,  "rolled", rolled,
               "inspiration", attacker.inspiration && campaign::rule_enabled(c, kInspirationLuck, true)};
  if (!p.target.empty()) {
    const Creature& t = actions::require(c, p.target);
    data["target"] = p.target;
    data["ac"] = t.ac;
    data["hit"] = kept == 20 || (kept != 1 && total >= t.ac);
    data["critical"] = kept == 20;
  }
  return data;
}

}  // namespace

json attack_roll(const Campaign& c, const json& cmd, Rng& rng) { return outcome(c, plan(c, cmd), rng); }

AttackResult attack_result(const json& d) {
  AttackResult r;
  r.attacker = d.value("attacker", "");
  r.target = d.value("target", "");
  for (const auto& x : d.value("rolls", json::array()))
    if (x.is_number_integer()) r.rolls.push_back(x.get<int>());
  r.kept = d.value("kept", 0);
  r.bonus = d.value("bonus", 0);
  r.flank_bonus = d.value("flank_bonus", 0);
  r.total = d.value("total", 0);
  r.ac = d.value("ac", 0);
  r.hit = d.value("hit", false);
  r.critical = d.value("critical", false);
  r.inspiration = d.value("inspiration", false);
  return r;
}

std::optional<AttackResult> attack_result(const std::vector<campaign::Event>& events) {
  if (const json* d = last_event(events, "attack_rolled")) return attack_result(*d);
  return std::nullopt;
}

Module attack_roll() {
  return {kAttackRoll,
          true,
          [](Engine& e) {
            event(e, "attack_rolled", [](Campaign&, const json&) {},
                  [](const json& d, const LogContext& lc) {
                    std::string dice;
                    for (const auto& r : d.value("rolls", json::array())) append(dice, "/", r.dump());
                    json args = jobj{"name", name_of(lc, d, "attacker"), "dice", dice, "bonus", signed_text(d.value("bonus", 0)),
                                 "total", d.value("total", 0)};
                    int fb = d.value("flank_bonus", 0);
                    args["flank"] = fb ? tr(lc.lang, "rules.flank_bonus", jobj{"bonus", signed_text(fb)}) : std::string();
                    std::string mode = d.value("mode", "normal");
                    args["mode"] = mode == "normal" ? std::string() : " " + label(lc.lang, "rules.mode." + mode, mode);
                    std::string result;
                    if (d.contains("hit")) {
                      result = tr(lc.lang, d.value("critical", false) ? "rules.attack.critical"
                                           : d.value("hit", false)   ? "rules.attack.hit"
                                                                     : "rules.attack.miss",
                                  jobj{"ac", d.value("ac", 0)});
                      args["target"] = name_of(lc, d, "target");
                      args["result"] = result;
                      return tr(lc.lang, "event.attack_rolled_vs", args);
                    }
                    return tr(lc.lang, "event.attack_rolled", args);
                  });
            command(
                e, "AttackRoll", {"attacker", "target", "bonus", "flanking", "advantage", "disadvantage", "rolls"},
                [](const Campaign& c, const json& cmd) { plan(c, cmd); },
                [](Ctx& ctx, const json& cmd) {
                  ctx.emit("attack_rolled", outcome(ctx.state(), plan(ctx.state(), cmd), ctx.rng()));
                });
          },
          {.seed = "Obklíčení", .reference = {"hr-flanking"}}};
}

Module flanking() {
  return {kFlanking, true, [](Engine&) {},
          {.seed = "Obklíčení", .own_calculators = {flanking_calculator()}, .reference = {"hr-flanking"}}};
}

}  // namespace druzina::rules
