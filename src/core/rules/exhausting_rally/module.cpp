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

namespace {

constexpr const char* M = kExhaustingRally;

struct Plan {
  std::vector<std::string> members;
  std::vector<actions::HitDiceSpend> spend;
};

Plan plan(const Campaign& c, const json& cmd) {
  if (c.encounter) throw UserError("campaign.err.in_encounter", jobj{"command", "ExhaustingRally"});
  if (data_at(c, M, "used") == true) throw UserError("rules.err.rally_used");
  Plan p;
  p.members = param::find(cmd, "participants") ? id_list(cmd, "participants") : living_party(c);
  for (const auto& id : p.members) actions::require_living(c, id);
  p.spend = actions::read_hit_dice_spend(c, cmd);
  for (const auto& s : p.spend)
    if (std::find(p.members.begin(), p.members.end(), s.target) == p.members.end()) p.members.push_back(s.target);
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
