// House rule "Vysilující shromáždění" (exhausting rally): the party spends a minute to pull itself together and
// gets the benefits of a short rest — hit dice may be spent, but every HP they heal is halved (rounded down, the
// sum per creature: actions::spend_hit_dice with divisor 2) — and each member gains 1 exhaustion (source
// "rally"). Once between long rests: a second rally is refused until a long rest finishes.
//
// Command: ExhaustingRally {participants?: [ids] (default: the living PCs and sidekicks),
//                           spend?: [{target, dice, rolls?: [hit die results]}]}
// Events: rally_finished {creatures} (short-rest hooks that grant "benefits of a short rest" listen to it too,
// e.g. rage-exhaustion removes one rage level), then exhaustion_changed per member.
// Module data: {"used": true} from the rally until a long rest finishes.
#include <algorithm>
#include <set>

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;
namespace actions = campaign::actions;
namespace param = campaign::param;

namespace {

constexpr const char* M = kExhaustingRally;

struct Spend {
  std::string target;
  int dice = 0;
  std::vector<int> rolls;
};

struct Plan {
  std::vector<std::string> members;
  std::vector<Spend> spend;
};

Plan plan(const Campaign& c, const json& cmd) {
  if (c.encounter) throw UserError("campaign.err.in_encounter", jobj{"command", "ExhaustingRally"});
  if (data_at(c, M, "used") == true) throw UserError("rules.err.rally_used");
  Plan p;
  p.members = param::find(cmd, "participants") ? id_list(cmd, "participants") : party(c);
  for (const auto& id : p.members) actions::require_living(c, id);
  if (const json* v = param::find(cmd, "spend")) {
    if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", "spend", "expected", "list"});
    std::set<std::string> seen;
    for (const auto& item : *v) {
      if (!item.is_object()) throw UserError("campaign.err.param", jobj{"param", "spend", "expected", "list"});
      Spend s;
      s.target = param::str(item, "target");
      s.dice = static_cast<int>(param::integer(item, "dice", 1, 40));
      s.rolls = int_list(item, "rolls", 1, 20);
      const Creature& x = actions::require_living(c, s.target);
      if (!seen.insert(s.target).second) throw UserError("campaign.err.duplicate", jobj{"id", s.target});
      if (x.hit_die <= 0) throw UserError("campaign.err.no_hit_die", jobj{"name", x.name});
      if (s.dice > campaign::hit_dice_left(x))
        throw UserError("campaign.err.not_enough_hit_dice", jobj{"name", x.name, "left", campaign::hit_dice_left(x), "wanted", s.dice});
      if (!s.rolls.empty() && static_cast<int>(s.rolls.size()) != s.dice)
        throw UserError("campaign.err.rolls_count", jobj{"name", x.name, "dice", s.dice, "rolls", s.rolls.size()});
      for (int r : s.rolls)
        if (r > x.hit_die)
          throw UserError("campaign.err.param_range", jobj{"param", "rolls", "value", r, "min", 1, "max", x.hit_die});
      if (std::find(p.members.begin(), p.members.end(), s.target) == p.members.end()) p.members.push_back(s.target);
      p.spend.push_back(std::move(s));
    }
  }
  if (p.members.empty()) throw UserError("campaign.err.no_participants");
  return p;
}

}  // namespace

bool rally_used(const Campaign& c) { return data_at(c, kExhaustingRally, "used") == true; }

Module exhausting_rally() {
  return {M,
          true,
          [](Engine& e) {
            event(
                e, "rally_finished", [](Campaign&, const json&) {},
                [](const json& d, const LogContext& lc) {
                  std::string names;
                  for (const auto& id : d.value("creatures", json::array()))
                    append(names, ", ", lc.name ? lc.name(id.get<std::string>()) : id.get<std::string>());
                  return tr(lc.lang, "event.rally_finished", jobj{"names", names});
                });
            command(
                e, "ExhaustingRally", {"participants", "spend"}, [](const Campaign& c, const json& cmd) { plan(c, cmd); },
                [](Ctx& ctx, const json& cmd) {
                  const Plan p = plan(ctx.state(), cmd);
                  actions::advance_time(ctx, 1, "rally");
                  for (const auto& s : p.spend) {
                    const Creature* x = campaign::find_creature(ctx.state(), s.target);
                    if (x && !x->death_saves.dead) actions::spend_hit_dice(ctx, s.target, s.dice, s.rolls, 2);
                  }
                  std::vector<std::string> members;
                  for (const auto& id : p.members) {
                    const Creature* x = campaign::find_creature(ctx.state(), id);
                    if (x && !x->death_saves.dead) members.push_back(id);
                  }
                  ctx.emit("rally_finished", jobj{"creatures", members});
                  for (const auto& id : members) add_exhaustion(ctx, id, 1, "rally", "rally");
                  actions::set_module_data(ctx, M, jobj{"used", true});
                });
            e.on_event("rest_finished", [](Ctx& ctx, const Event& ev) {
              if (ev.data.value("kind", "") == "long" && data_at(ctx.state(), M, "used") == true)
                actions::set_module_data(ctx, M, jobj{"used", nullptr});
            });
          },
          {.seed = "Vysilující shromáždění", .reference = {"hr-exhausting-rally"}}};
}

}  // namespace druzina::rules
