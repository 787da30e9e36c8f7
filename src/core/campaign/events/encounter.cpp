// The encounter: encounter_started, round_started, turn_started / _ended / _moved, encounter_ended, legendary_used,
// legendary_resistance_used, legendary_resistances_reset.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_encounter_started(Campaign& c, const json& d) {
  Encounter enc;
  jr::get(d.at("order"), enc.order);
  if (enc.order.empty()) throw std::invalid_argument("empty initiative order");
  for (const auto& entry : enc.order) creature_ref(c, entry.creature);
  enc.round = 1;
  enc.turn = 0;
  c.encounter = std::move(enc);
}

std::string render_encounter_started(const json& d, const LogContext& lc) {
  std::string order;
  for (const auto& entry : d.at("order")) {
    std::string who = lc.name ? lc.name(entry.value("creature", "")) : entry.value("creature", "");
    if (entry.value("lair", false)) who = tr(lc.lang, "campaign.lair", {{"name", who}});
    order += (order.empty() ? "" : ", ") + who + " " + std::to_string(entry.value("initiative", 0));
  }
  return tr(lc.lang, "event.encounter_started", {{"order", order}});
}

void apply_round_started(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  c.encounter->round = i(d, "round");
}

std::string render_round_started(const json& d, const LogContext& lc) { return tr(lc.lang, "event.round_started", {{"round", d.value("round", 0)}}); }

void apply_turn_started(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  auto& enc = *c.encounter;
  int turn = i(d, "turn");
  if (turn < 0 || turn >= static_cast<int>(enc.order.size())) throw std::out_of_range("turn");
  enc.turn = turn;
  enc.round = i(d, "round");
  if (!d.value("lair", false)) {
    const Creature& x = creature_ref(c, s(d, "creature"));
    if (x.legendary_actions > 0) enc.legendary[x.id] = x.legendary_actions;
  }
}

std::string render_turn_started(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("lair", false) ? "event.lair_turn" : "event.turn_started", {{"name", name_of(lc, d)}});
}

void apply_turn_ended(Campaign& c, const json&) {
  if (!c.encounter) throw std::logic_error("no encounter");
}

void apply_turn_moved(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  int turn = i(d, "turn");
  if (turn < 0 || turn >= static_cast<int>(c.encounter->order.size())) throw std::out_of_range("turn");
  c.encounter->turn = turn;
  c.encounter->round = i(d, "round");
}

std::string render_turn_moved(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.turn_moved", {{"name", name_of(lc, d)}, {"round", d.value("round", 0)}});
}

void apply_encounter_ended(Campaign& c, const json&) { c.encounter.reset(); }

std::string render_encounter_ended(const json& d, const LogContext& lc) { return tr(lc.lang, "event.encounter_ended", {{"n", d.value("rounds", 0)}}); }

void apply_legendary_used(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  c.encounter->legendary[s(d, "creature")] = i(d, "left");
}

std::string render_legendary_used(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_used", {{"name", name_of(lc, d)}, {"n", d.value("left", 0)}});
}

void apply_legendary_resistance_used(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  const int used = i(d, "used");
  if (used < 0 || used > x.legendary_resistances) throw std::out_of_range("legendary_resistances_used");
  x.legendary_resistances_used = used;
}

std::string render_legendary_resistance_used(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_resistance_used", {{"name", name_of(lc, d)}, {"n", d.value("left", 0)}});
}

void apply_legendary_resistances_reset(Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).legendary_resistances_used = 0; }

std::string render_legendary_resistances_reset(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_resistances_reset", {{"name", name_of(lc, d)}, {"n", d.value("n", 0)}});
}

}  // namespace

void register_encounter_events(Engine& e) {
  reg(e, "encounter_started", apply_encounter_started, render_encounter_started);
  reg(e, "round_started", apply_round_started, render_round_started);
  reg(e, "turn_started", apply_turn_started, render_turn_started);
  reg(e, "turn_ended", apply_turn_ended, {}, true);
  reg(e, "turn_moved", apply_turn_moved, render_turn_moved);
  reg(e, "encounter_ended", apply_encounter_ended, render_encounter_ended);
  reg(e, "legendary_used", apply_legendary_used, render_legendary_used);
  reg(e, "legendary_resistance_used", apply_legendary_resistance_used, render_legendary_resistance_used);
  reg(e, "legendary_resistances_reset", apply_legendary_resistances_reset, render_legendary_resistances_reset);
}

}  // namespace druzina::campaign::base_ev
