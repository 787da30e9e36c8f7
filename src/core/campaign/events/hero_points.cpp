// Hero points: hero_points_set.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_hero_points_set(Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).hero_points = i(d, "new"); }

std::string render_hero_points_set(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.hero_points_set",
            {{"name", name_of(lc, d)}, {"old", d.value("old", 0)}, {"new", d.value("new", 0)}});
}

}  // namespace

void register_hero_points_events(Engine& e) {
  reg(e, "hero_points_set", apply_hero_points_set, render_hero_points_set);
}

}  // namespace druzina::campaign::base_ev
