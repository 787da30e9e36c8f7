// House rule "Barbar": exhaustion gained from rage is tracked under the source "rage" (SetExhaustion {target,
// change: 1, source: "rage"}); a long rest removes all of it (on top of the usual level a long rest removes),
// a short rest — or an exhausting rally, which gives the benefits of one — removes one level of it.
// No commands; hooks only: long_rest_applied (before the base long rest takes its level), rest_finished
// {kind: "short"}, rally_finished.
#include "core/rules/common.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

int rage_levels(const Creature& x) {
  auto it = x.exhaustion_sources.find("rage");
  return it == x.exhaustion_sources.end() ? 0 : it->second;
}

void remove_rage(Ctx& ctx, const std::string& id, int max_levels, const char* cause) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  const int n = std::min(max_levels, rage_levels(*x));
  if (n > 0) actions::set_exhaustion(ctx, id, x->exhaustion - n, "rage", cause);
}

void short_rest_for(Ctx& ctx, const Event& ev) {
  std::vector<std::string> ids;
  for (const auto& id : ev.data.value("creatures", json::array()))
    if (id.is_string()) ids.push_back(id.get<std::string>());
  for (const auto& id : ids) remove_rage(ctx, id, 1, "short_rest");
}

}  // namespace

Module rage_exhaustion() {
  return {kRageExhaustion,
          true,
          [](Engine& e) {
            e.on_event("long_rest_applied", [](Ctx& ctx, const Event& ev) {
              remove_rage(ctx, ev.data.value("creature", ""), 6, "long_rest");
            });
            e.on_event("rest_finished", [](Ctx& ctx, const Event& ev) {
              if (ev.data.value("kind", "") == "short") short_rest_for(ctx, ev);
            });
            e.on_event("rally_finished", [](Ctx& ctx, const Event& ev) { short_rest_for(ctx, ev); });
          },
          {.seed = "Barbar", .reference = {"hr-barbarian-rage-exhaustion"}}};
}

}  // namespace druzina::rules
