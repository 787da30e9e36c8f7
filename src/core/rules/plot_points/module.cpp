// DM rule "plot-points".
//
//   A PC added while the rule is on starts with 1 point (creature_added → plot_points_set {reason: "start"}).
//   SpendPlotPoint {target, note?: what the player adds, 1–300 characters} — a PC with a point, below the session's
//     cap → plot_point_spent {creature, old, new, spent_session, variant, note?}; when every living PC has spent one
//     since the last round → plot_points_round {creatures}: each gets 1 point and a new round begins.
//     Refused: rules.err.plot_not_pc, plot_no_points, plot_cap.
//   NewPlotSession {} — a new session: the counts spent this session go back to 0 → plot_session_started.
//   SetPlotPoints {target, points: 0..100} — the DM's correction → plot_points_set {reason: "set"}.
//   SetPlotRules {variant?: twist | thickens | rotating_dm, cap?: 1..10} → plot_rules_set (campaign data).
// Data: Creature::modules["plot-points"].points, .spent_session, .spent_round (absent = 0 / false); Campaign::
// modules["plot-points"].variant (absent = twist), .cap (absent = 1). Shown to players.
#include <set>
#include <utility>

#include "core/rules/common.hpp"
#include "core/rules/plot_points/plot_points.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kPoints = "points";
constexpr const char* kSpentSession = "spent_session";
constexpr const char* kSpentRound = "spent_round";
constexpr const char* kVariant = "variant";
constexpr const char* kCap = "cap";
constexpr int kMaxCap = 10;
constexpr const char* kVariantPrefix = "rules.plot_points.variant.";  // + twist | thickens | rotating_dm

int int_of(const Creature& x, const char* key) {
  const json& v = creature_data(x, kPlotPoints, key);
  return v.is_number_integer() ? v.get<int>() : 0;
}
bool round_spent(const Creature& x) { return creature_data(x, kPlotPoints, kSpentRound) == true; }
void put_int(Creature& x, const char* key, int n) { set_creature_data(x, kPlotPoints, key, n == 0 ? json(nullptr) : json(n)); }

int cap_of(const Campaign& c) {
  const json& v = data_at(c, kPlotPoints, kCap);
  return v.is_number_integer() ? v.get<int>() : 1;
}
std::string variant_of(const Campaign& c) {
  const json& v = data_at(c, kPlotPoints, kVariant);
  return v.is_string() ? v.get<std::string>() : std::string("twist");
}

std::vector<std::string> players(const Campaign& c) {
  std::vector<std::string> out;
  for (const auto& x : c.creatures)
    if (x.kind == "pc" && !x.death_saves.dead) out.push_back(x.id);
  return out;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  put_int(x, kPoints, d.at("new").get<int>());
}

void apply_spent(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  put_int(x, kPoints, d.at("new").get<int>());
  put_int(x, kSpentSession, d.at("spent_session").get<int>());
  set_creature_data(x, kPlotPoints, kSpentRound, true);
}

std::string render_spent(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "new", d.value("new", 0),
               "variant", tr(lc.lang, kVariantPrefix + d.value("variant", std::string("twist"))), "note", d.value("note", "")};
  return tr(lc.lang, d.contains("note") ? "event.plot_point_spent_note" : "event.plot_point_spent", args);
}

void apply_round(Campaign& c, const json& d) {
  for (const auto& id : d.at("creatures")) {
    Creature& x = campaign::creature_ref(c, id.get<std::string>());
    put_int(x, kPoints, std::min(kPlotPointsMax, int_of(x, kPoints) + 1));
    set_creature_data(x, kPlotPoints, kSpentRound, nullptr);
  }
}

void apply_session(Campaign& c, const json&) {
  for (size_t k = 0; k < c.creatures.size(); ++k) {  // const read first: only the creatures written are copied
    const Creature& x = std::as_const(c.creatures)[k];
    if (x.modules.is_object() && x.modules.contains(kPlotPoints)) put_int(c.creatures.mut(k), kSpentSession, 0);
  }
}

void apply_rules(Campaign& c, const json& d) {
  json& m = data_ref(c, kPlotPoints);
  if (d.contains("variant")) {
    if (d["variant"] == "twist") m.erase(kVariant);
    else m[kVariant] = d["variant"];
  }
  if (d.contains("cap")) {
    if (d["cap"] == 1) m.erase(kCap);
    else m[kCap] = d["cap"];
  }
  if (m.empty()) c.modules.erase(kPlotPoints);
}

std::string render_rules(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.plot_rules_set",
            jobj{"variant", tr(lc.lang, kVariantPrefix + d.value("variant_now", std::string("twist"))), "cap", d.value("cap_now", 1)});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const Creature& pc(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  if (x.kind != "pc") throw UserError("rules.err.plot_not_pc", jobj{"name", x.name});
  return x;
}

void validate_spend(const Campaign& c, const json& cmd) {
  const Creature& x = pc(c, cmd);
  if (param::find(cmd, "note")) {
    const std::string note = param::str(cmd, "note");
    if (note.size() > 300) throw UserError("campaign.err.param", jobj{"param", "note", "expected", "1–300 characters"});
  }
  if (int_of(x, kPoints) <= 0) throw UserError("rules.err.plot_no_points", jobj{"name", x.name});
  if (int_of(x, kSpentSession) >= cap_of(c)) throw UserError("rules.err.plot_cap", jobj{"name", x.name, "cap", cap_of(c)});
}

void execute_spend(Ctx& ctx, const json& cmd) {
  const Creature& x = pc(ctx.state(), cmd);
  const int old = int_of(x, kPoints);
  json d = jobj{"creature", x.id, "old", old, "new", old - 1, "spent_session", int_of(x, kSpentSession) + 1,
            "variant", variant_of(ctx.state())};
  if (param::find(cmd, "note")) d["note"] = param::str(cmd, "note");
  ctx.emit("plot_point_spent", std::move(d));
  const auto all = players(ctx.state());
  for (const auto& id : all)
    if (!round_spent(*campaign::find_creature(ctx.state(), id))) return;
  ctx.emit("plot_points_round", jobj{"creatures", all});
}

void validate_set(const Campaign& c, const json& cmd) {
  pc(c, cmd);
  param::integer(cmd, "points", 0, kPlotPointsMax);
}

void execute_set(Ctx& ctx, const json& cmd) {
  const Creature& x = pc(ctx.state(), cmd);
  ctx.emit("plot_points_set", jobj{"creature", x.id, "old", int_of(x, kPoints),
                               "new", param::integer(cmd, "points", 0, kPlotPointsMax), "reason", "set"});
}

void validate_rules(const Campaign&, const json& cmd) {
  if (param::find(cmd, "variant") && !plot_variant_known(param::str(cmd, "variant")))
    throw UserError("campaign.err.bad_choice", jobj{"choice", param::str(cmd, "variant"), "choices", "twist, thickens, rotating_dm"});
  if (param::find(cmd, "cap")) param::integer(cmd, "cap", 1, kMaxCap);
  if (!param::find(cmd, "variant") && !param::find(cmd, "cap"))
    throw UserError("campaign.err.param", jobj{"param", "variant", "expected", "variant or cap"});
}

void execute_rules(Ctx& ctx, const json& cmd) {
  json d = json::object();
  if (param::find(cmd, "variant")) d["variant"] = param::str(cmd, "variant");
  if (param::find(cmd, "cap")) d["cap"] = param::integer(cmd, "cap", 1, kMaxCap);
  d["variant_now"] = d.contains("variant") ? d["variant"].get<std::string>() : variant_of(ctx.state());
  d["cap_now"] = d.contains("cap") ? d["cap"].get<int>() : cap_of(ctx.state());
  ctx.emit("plot_rules_set", std::move(d));
}

void give_start_point(Ctx& ctx, const Event& ev) {
  const std::string id = ev.data.contains("creature") && ev.data["creature"].is_object()
                             ? ev.data["creature"].value("id", std::string())
                             : std::string();
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->kind != "pc" || int_of(*x, kPoints) > 0) return;
  ctx.emit("plot_points_set", jobj{"creature", id, "old", 0, "new", 1, "reason", "start"});
}

void install(Engine& e) {
  event(e, "plot_points_set", apply_set);
  event(e, "plot_point_spent", apply_spent, render_spent);
  event(e, "plot_points_round", apply_round);
  event(e, "plot_session_started", apply_session);
  event(e, "plot_rules_set", apply_rules, render_rules);
  command(e, "SpendPlotPoint", {"target", "note"}, validate_spend, execute_spend);
  command(e, "NewPlotSession", {}, {}, [](Ctx& ctx, const json&) { ctx.emit("plot_session_started", json::object()); });
  command(e, "SetPlotPoints", {"target", "points"}, validate_set, execute_set);
  command(e, "SetPlotRules", {"variant", "cap"}, validate_rules, execute_rules);
  e.on_event("creature_added", give_start_point);
}

}  // namespace

bool plot_variant_known(const std::string& v) { return v == "twist" || v == "thickens" || v == "rotating_dm"; }

PlotPointsView plot_points_view(const Campaign& c, const Creature& x) {
  PlotPointsView v;
  v.on = campaign::rule_enabled(c, kPlotPoints, false);
  v.points = int_of(x, kPoints);
  v.spent_session = int_of(x, kSpentSession);
  v.spent_round = round_spent(x);
  v.cap = cap_of(c);
  v.variant = variant_of(c);
  return v;
}

Module plot_points() {
  return {kPlotPoints, false, install,
          {.seed = "Очки сюжету",
           .reference = {"dm-plot-points"},
           .creature_data = {{kPoints, "int 0..100: plot points (absent = 0)", false, [](const json& v) { int_in(v, 0, kPlotPointsMax); }},
                             {kSpentSession, "int 0..10: spent this session", false, [](const json& v) { int_in(v, 0, kMaxCap); }},
                             {kSpentRound, "true: spent one since everyone last got a point", false,
                              [](const json& v) {
                                if (v != true) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "true"});
                              }}},
           .campaign_data = {{kVariant, "text: twist | thickens | rotating_dm (absent = twist)", false,
                              [](const json& v) {
                                if (!v.is_string() || !plot_variant_known(v.get<std::string>()))
                                  throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "twist, thickens, rotating_dm"});
                              }},
                             {kCap, "int 1..10: plot points a player may spend per session (absent = 1)", false,
                              [](const json& v) { int_in(v, 1, kMaxCap); }}}}};
}

}  // namespace druzina::rules
