// Time and rests: time_advanced, hit_dice_spent, long_rest_applied, rest_skipped, rest_finished.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_time_advanced(Campaign& c, const json& d) {
  long long to = ll(d, "to");
  if (to < c.minutes) throw std::invalid_argument("time runs backwards");
  c.minutes = to;
}

std::string render_time_advanced(const json& d, const LogContext& lc) {
  long long from = d.value("from", 0LL), to = d.value("to", 0LL);
  return tr(lc.lang, "event.time_advanced",
            jobj{"duration", duration_text(lc.lang, to - from), "clock", clock_text(lc.lang, to)});
}

void apply_hit_dice_spent(Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).hit_dice_used = i(d, "used"); }

std::string render_hit_dice_spent(const json& d, const LogContext& lc) {
  std::string rolls;
  for (const auto& r : d.value("rolls", json::array())) rolls += (rolls.empty() ? "" : ", ") + r.dump();
  int con = d.value("con_mod", 0);
  return tr(lc.lang, "event.hit_dice_spent",
            jobj{"name", name_of(lc, d),
             "n", d.value("dice", 0),
             "die", d.value("die", 0),
             "rolls", rolls,
             "con", con >= 0 ? std::string(1, '+').append(std::to_string(con)) : std::to_string(con),
             "healed", d.value("healed", 0)});
}

void apply_long_rest_applied(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  x.hp = i(d, "hp");
  x.temp_hp = i(d, "temp_hp");
  x.hit_dice_used = i(d, "hit_dice_used");
  x.death_saves.successes = x.death_saves.failures = 0;
  x.death_saves.stable = false;
}

std::string render_long_rest_applied(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.long_rest_applied",
            jobj{"name", name_of(lc, d), "hp", d.value("hp", 0), "n", d.value("recovered", 0)});
}

void apply_rest_skipped(Campaign&, const json&) {}

std::string render_rest_skipped(const json& d, const LogContext& lc) { return tr(lc.lang, "event.rest_skipped", jobj{"name", name_of(lc, d)}); }

void apply_rest_finished(Campaign&, const json&) {}

std::string render_rest_finished(const json& d, const LogContext& lc) {
  return tr(lc.lang, opt_s(d, "kind") == "long" ? "event.long_rest_finished" : "event.short_rest_finished");
}

}  // namespace

void register_rests_events(Engine& e) {
  reg(e, "time_advanced", apply_time_advanced, render_time_advanced);
  reg(e, "hit_dice_spent", apply_hit_dice_spent, render_hit_dice_spent);
  reg(e, "long_rest_applied", apply_long_rest_applied, render_long_rest_applied);
  reg(e, "rest_skipped", apply_rest_skipped, render_rest_skipped);
  reg(e, "rest_finished", apply_rest_finished, render_rest_finished);
}

}  // namespace druzina::campaign::base_ev
