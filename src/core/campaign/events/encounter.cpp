// The encounter: encounter_started, encounter_joined, round_started, turn_started / _ended / _moved, encounter_ended, legendary_used,
// legendary_resistance_used, legendary_resistances_reset.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_encounter_started(Campaign& c, const json& d) {
  Encounter enc;
  jr::get(d.at("order"), enc.order);
  if (enc.order.empty()) throw std::invalid_argument("empty initiative order");
  for (const auto& entry : enc.order)
    if (!find_creature(std::as_const(c), entry.creature)) throw std::out_of_range("no creature " + entry.creature);
  enc.round = 1;
  enc.turn = 0;
  c.encounter = std::move(enc);
}

std::string render_encounter_started(const json& d, const LogContext& lc) {
  std::string order;
  for (const auto& entry : d.at("order")) {
    std::string who = lc.name ? lc.name(entry.value("creature", "")) : entry.value("creature", "");
    if (entry.value("lair", false)) who = tr(lc.lang, "campaign.lair", jobj{"name", who});
    order += (order.empty() ? "" : ", ") + who + " " + std::to_string(entry.value("initiative", 0));
  }
  return tr(lc.lang, "event.encounter_started", jobj{"order", order});
}

void apply_round_started(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  c.encounter->round = i(d, "round");
}

std::string render_round_started(const json& d, const LogContext& lc) { return tr(lc.lang, "event.round_started", jobj{"round", d.value("round", 0)}); }

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
  return tr(lc.lang, d.value("lair", false) ? "event.lair_turn" : "event.turn_started", jobj{"name", name_of(lc, d)});
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
  return tr(lc.lang, "event.turn_moved", jobj{"name", name_of(lc, d), "round", d.value("round", 0)});
}

// A creature's place in the order changes (MoveInitiative, DelayTurn): its entry goes from index `from` to `to`;
// `turn` is the index of whose turn it is afterwards (the same creature as before a move).
void apply_initiative_moved(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  auto& order = c.encounter->order;
  const int from = i(d, "from"), to = i(d, "to"), turn = i(d, "turn"), n = static_cast<int>(order.size());
  if (from < 0 || from >= n || to < 0 || to >= n || turn < 0 || turn >= n) throw std::out_of_range("initiative_moved");
  if (order[static_cast<size_t>(from)].creature != s(d, "creature") || order[static_cast<size_t>(from)].lair)
    throw std::invalid_argument("initiative_moved: not that creature's entry");
  InitEntry e = order[static_cast<size_t>(from)];
  order.erase(order.begin() + from);
  order.insert(order.begin() + to, std::move(e));
  c.encounter->turn = turn;
}

std::string render_initiative_moved(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "position", d.value("to", 0) + 1};
  if (d.contains("after")) args["after"] = name_of(lc, d, "after");
  if (d.value("reason", "") == "delay") return tr(lc.lang, "event.turn_delayed", args);
  return tr(lc.lang, d.contains("after") ? "event.initiative_moved_after" : "event.initiative_moved_first", args);
}

// A creature joins the running fight (JoinEncounter): its entry inserted at `position`; `turn` is the index of
// whose turn it is afterwards (the same creature as before).
void apply_encounter_joined(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  auto& order = c.encounter->order;
  const int position = i(d, "position"), turn = i(d, "turn"), n = static_cast<int>(order.size());
  if (position < 0 || position > n || turn < 0 || turn > n) throw std::out_of_range("encounter_joined");
  InitEntry e;
  e.creature = creature_ref(c, s(d, "creature")).id;
  e.initiative = i(d, "initiative");
  order.insert(order.begin() + position, std::move(e));
  c.encounter->turn = turn;
}

std::string render_encounter_joined(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.encounter_joined", jobj{"name", name_of(lc, d), "initiative", d.value("initiative", 0)});
}

void apply_encounter_ended(Campaign& c, const json&) { c.encounter.reset(); }

std::string render_encounter_ended(const json& d, const LogContext& lc) { return tr(lc.lang, "event.encounter_ended", jobj{"n", d.value("rounds", 0)}); }

void apply_legendary_used(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  c.encounter->legendary[s(d, "creature")] = i(d, "left");
}

std::string render_legendary_used(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_used", jobj{"name", name_of(lc, d), "n", d.value("left", 0)});
}

void apply_legendary_resistance_used(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  const int used = i(d, "used");
  if (used < 0 || used > x.legendary_resistances) throw std::out_of_range("legendary_resistances_used");
  x.legendary_resistances_used = used;
}

std::string render_legendary_resistance_used(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_resistance_used", jobj{"name", name_of(lc, d), "n", d.value("left", 0)});
}

void apply_legendary_resistances_reset(Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).legendary_resistances_used = 0; }

std::string render_legendary_resistances_reset(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.legendary_resistances_reset", jobj{"name", name_of(lc, d), "n", d.value("n", 0)});
}

}  // namespace

void register_encounter_events(Engine& e) {
  reg(e, "encounter_started", apply_encounter_started, render_encounter_started);
  reg(e, "encounter_joined", apply_encounter_joined, render_encounter_joined);
  reg(e, "round_started", apply_round_started, render_round_started);
  reg(e, "turn_started", apply_turn_started, render_turn_started);
  reg(e, "turn_ended", apply_turn_ended, {}, true);
  reg(e, "turn_moved", apply_turn_moved, render_turn_moved);
  reg(e, "initiative_moved", apply_initiative_moved, render_initiative_moved);
  reg(e, "encounter_ended", apply_encounter_ended, render_encounter_ended);
  reg(e, "legendary_used", apply_legendary_used, render_legendary_used);
  reg(e, "legendary_resistance_used", apply_legendary_resistance_used, render_legendary_resistance_used);
  reg(e, "legendary_resistances_reset", apply_legendary_resistances_reset, render_legendary_resistances_reset);
}

}  // namespace druzina::campaign::base_ev
