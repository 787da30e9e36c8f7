// House rule "Inspirace": inspiration works like the Lucky feat — after seeing a d20 roll, a creature with
// inspiration may roll another d20 and keep the better one; it is spent, and whatever is left is lost at the end
// of a long rest.
//   UseInspiration {target, first_roll: the d20 as rolled (1–20), roll?: the second d20 if rolled at the table,
//                   modifier?: added to the kept die, dc?: the DC or AC to beat}
//   → inspiration_used {creature, first, second, kept, rolled, modifier, total, dc?, success?}, inspiration_set
//   false. Refused without inspiration.
// Hook: long_rest_applied → inspiration_set false (reason "long_rest").
#include "core/rules/inspiration_luck/inspiration_luck.hpp"

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

std::string outcome(const LogContext& lc, const json& d) {
  if (!d.contains("dc")) return std::string();
  return tr(lc.lang, d.value("success", false) ? "rules.vs_dc_success" : "rules.vs_dc_failure", jobj{"dc", d.value("dc", 0)});
}

}  // namespace

Module inspiration_luck() {
  return {kInspirationLuck,
          true,
          [](Engine& e) {
            event(e, "inspiration_used", [](Campaign&, const json&) {},
                  [](const json& d, const LogContext& lc) {
                    return tr(lc.lang, "event.inspiration_used",
                              jobj{"name", name_of(lc, d), "first", d.value("first", 0), "second", d.value("second", 0),
                               "kept", d.value("kept", 0), "total", d.value("total", 0), "outcome", outcome(lc, d)});
                  });
            command(
                e, "UseInspiration", {"target", "first_roll", "roll", "modifier", "dc"},
                [](const Campaign& c, const json& cmd) {
                  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
                  param::integer(cmd, "first_roll", 1, 20);
                  opt_int(cmd, "roll", 1, 20);
                  opt_int(cmd, "modifier", -50, 50);
                  opt_int(cmd, "dc", -50, 100);
                  if (!x.inspiration) throw UserError("rules.err.no_inspiration", jobj{"name", x.name});
                },
                [](Ctx& ctx, const json& cmd) {
                  const std::string id = param::str(cmd, "target");
                  const int first = static_cast<int>(param::integer(cmd, "first_roll", 1, 20));
                  auto entered = opt_int(cmd, "roll", 1, 20);
                  const int second = entered ? *entered : ctx.rng().die(20);
                  const int kept = std::max(first, second);
                  const int mod = opt_int(cmd, "modifier", -50, 50).value_or(0);
                  json data = jobj{"creature", id, "first", first, "second", second, "kept", kept,
                               "rolled", !entered, "modifier", mod, "total", kept + mod};
                  if (auto dc = opt_int(cmd, "dc", -50, 100)) {
                    data["dc"] = *dc;
                    data["success"] = kept + mod >= *dc;
                  }
                  ctx.emit("inspiration_used", std::move(data));
                  ctx.emit("inspiration_set", jobj{"creature", id, "value", false, "reason", "used"});
                });
            e.on_event("long_rest_applied", [](Ctx& ctx, const Event& ev) {
              const std::string id = ev.data.value("creature", "");
              const Creature* x = campaign::find_creature(ctx.state(), id);
              if (x && x->inspiration) ctx.emit("inspiration_set", jobj{"creature", id, "value", false, "reason", "long_rest"});
            });
          },
          {.seed = "Inspirace", .reference = {"hr-inspiration-luck"}}};
}

std::optional<LuckReroll> luck_reroll(const std::vector<campaign::Event>& events) {
  const json* found = last_event(events, "inspiration_used");
  if (!found) return std::nullopt;
  const json& d = *found;
  LuckReroll r;
  r.creature = d.value("creature", "");
  r.first = d.value("first", 0);
  r.second = d.value("second", 0);
  r.kept = d.value("kept", 0);
  r.modifier = d.value("modifier", 0);
  r.total = d.value("total", 0);
  r.rolled = d.value("rolled", false);
  if (d.contains("dc") && d["dc"].is_number_integer()) r.dc = d["dc"].get<int>();
  r.success = d.value("success", false);
  return r;
}

}  // namespace druzina::rules
