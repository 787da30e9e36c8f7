// DM rule "planes": the plane the campaign (or a creature) is on and the effects that plane switches on.
//
//   SetPlane {plane?: a plane id of planes.json, target?}
//     without target: the campaign's plane (absent / null / "material": back to the Material Plane);
//     with target: that creature's own plane (the party split); absent / null: it follows the campaign again.
//     → plane_set {creature?, old, new, own?}. Refused for an unknown plane (rules.err.plane_unknown) and when
//     nothing changes (rules.err.plane_same).
//   DespairSave {target} (the Shadowfell, when the DM sees fit) → prompt planes.despair (WIS DC 10); a failure rolls
//     the table shadowfell-despair for the creature (RollTable, nested).
//   EndPlanarAffliction {target, means: calm_emotions (despair only) | remove_curse | dispel_evil | dm}
//     → planar_affliction_ended {creature, table, reason}.
//   A roll of shadowfell-despair or abyssal-corruption for a creature (table_rolled with a creature, while the rule
//   is on) → planar_affliction {creature, table, roll, old?}: a new one replaces the old.
//   End of a long rest (rest_finished, every creature that rested, by the plane it is on):
//     planes.dissonance (an outer plane with some good or evil, a guest of the opposed side: CON DC 10, failure
//     1 level of exhaustion, source plane:<id>); the plane's own saves (planes.json "long_rest"): planes.bytopia,
//     planes.elysium, planes.abyss, planes.hades, planes.nine_hells, planes.mechanus; and for an afflicted creature,
//     wherever it is, planes.shake_off_despair (WIS DC 15) / planes.shake_off_corruption (CHA DC 15).
//   Mechanus: roll_damage() gives the mean of every damage roll the engine makes there (srd-monsters' attacks,
//   poisons, cackle fever).
// Data: Campaign::modules.planes.plane; Creature::modules.planes.plane, .affliction {table, roll}. Not secrets.
//
// Index:
//   [SECTION] events
//   [SECTION] commands
//   [SECTION] hooks
#include <algorithm>
#include <cmath>
#include <set>

#include "core/assets.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "core/rules/common.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kPlaneField = "plane";
constexpr const char* kAfflictionField = "affliction";
constexpr const char* kDespair = "shadowfell-despair";
constexpr const char* kCorruption = "abyssal-corruption";
// Key prefixes of computed texts (every variant is in the catalogs: event.planar_effect_<effect>,
// rules.planes.means.<means>).
constexpr const char* kEffectPrefix = "event.planar_effect_";
constexpr const char* kMeansPrefix = "rules.planes.means.";

void plane_id_valid(const json& v) {
  if (!v.is_string()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "text"});
  if (!find_plane(v.get<std::string>())) throw UserError("rules.err.plane_unknown", jobj{"plane", v.get<std::string>()});
}

campaign::DataField campaign_plane_field() {
  return {kPlaneField, "text: a plane id of planes.json (absent = the Material Plane)", false, plane_id_valid};
}
campaign::DataField creature_plane_field() {
  return {kPlaneField, "text: the creature's own plane (absent = the campaign's)", false, plane_id_valid};
}
campaign::DataField affliction_field() {
  return {kAfflictionField, "object {table: shadowfell-despair | abyssal-corruption, roll}", false, [](const json& v) {
            if (!v.is_object() || !v.contains("table") || !v["table"].is_string() || !v.contains("roll"))
              throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "{table, roll}"});
            const std::string t = v["table"].get<std::string>();
            if (t != kDespair && t != kCorruption) throw UserError("state.err.wrong_type", jobj{"path", "table", "expected", "a planar table"});
            int_in(v["roll"], 1, 10);
          }};
}

std::string plane_name(Lang lang, const std::string& id) {
  const Plane* p = find_plane(id);
  return p ? p->name.in(lang) : id;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_plane_set(Campaign& c, const json& d) {
  const json now = d.contains("new") ? d.at("new") : json(nullptr);
  if (d.contains("creature")) {
    Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
    set_creature_data(x, kPlanes, kPlaneField, now);
    return;
  }
  json& m = data_ref(c, kPlanes);
  if (now.is_null() || now == kMaterialPlane) m.erase(kPlaneField);
  else m[kPlaneField] = now;
  if (m.empty()) c.modules.erase(kPlanes);
}

std::string render_plane_set(const json& d, const LogContext& lc) {
  const std::string now = d.value("new", std::string()), old = d.value("old", std::string());
  json args = jobj{"plane", plane_name(lc.lang, now), "old", plane_name(lc.lang, old)};
  if (!d.contains("creature")) return tr(lc.lang, "event.plane_set", args);
  args["name"] = name_of(lc, d);
  if (!d.value("own", false)) return tr(lc.lang, "event.plane_set_follows", args);
  return tr(lc.lang, "event.plane_set_own", args);
}

std::string row_text(Lang lang, const std::string& table, int roll) {
  if (!tables::has_table(table)) return table;
  const tables::Table& t = tables::table(table);
  try {
    return tables::row_for(t, roll).text.in(lang);
  } catch (const UserError&) {
    return table;
  }
}

void apply_affliction(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kPlanes, kAfflictionField, jobj{"table", d.at("table"), "roll", d.at("roll")});
}

std::string render_affliction(const json& d, const LogContext& lc) {
  const std::string table = d.value("table", "");
  return tr(lc.lang, table == kDespair ? "event.planar_affliction_despair" : "event.planar_affliction_corruption",
            jobj{"name", name_of(lc, d), "text", row_text(lc.lang, table, d.value("roll", 1))});
}

void apply_affliction_ended(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kPlanes, kAfflictionField, nullptr);
}

std::string render_affliction_ended(const json& d, const LogContext& lc) {
  const std::string table = d.value("table", "");
  return tr(lc.lang, table == kDespair ? "event.planar_affliction_ended_despair" : "event.planar_affliction_ended_corruption",
            jobj{"name", name_of(lc, d), "how", tr(lc.lang, kMeansPrefix + d.value("reason", std::string("dm")))});
}

std::string render_planar_effect(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "plane", plane_name(lc.lang, d.value("plane", ""))};
  if (d.contains("to")) {
    const AlignmentInfo* a = find_alignment(d.value("to", ""));
    args["to"] = a ? tr(lc.lang, a->name_key) : d.value("to", "");
  }
  return tr(lc.lang, kEffectPrefix + d.value("effect", std::string("elysium")), args);
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
std::optional<std::string> wanted_plane(const json& cmd) {
  const json* v = param::find(cmd, "plane");
  if (!v) return std::nullopt;
  if (!v->is_string()) throw UserError("campaign.err.param", jobj{"param", "plane", "expected", "a plane id"});
  const std::string id = v->get<std::string>();
  if (!find_plane(id)) throw UserError("rules.err.plane_unknown", jobj{"plane", id});
  return id;
}

void validate_set_plane(const Campaign& c, const json& cmd) {
  const auto now = wanted_plane(cmd);
  if (param::find(cmd, "target")) {
    const Creature& x = actions::require(c, param::str(cmd, "target"));
    if (now == own_plane(x)) throw UserError("rules.err.plane_same", jobj{"plane", now.value_or(campaign_plane(c))});
    return;
  }
  if (now.value_or(kMaterialPlane) == campaign_plane(c)) throw UserError("rules.err.plane_same", jobj{"plane", campaign_plane(c)});
}

void execute_set_plane(Ctx& ctx, const json& cmd) {
  const auto now = wanted_plane(cmd);
  const Campaign& c = ctx.state();
  if (param::find(cmd, "target")) {
    const Creature& x = actions::require(c, param::str(cmd, "target"));
    json d = jobj{"creature", x.id, "old", plane_of(c, x), "new", now.value_or(campaign_plane(c))};
    if (now) d["own"] = true;
    if (!now) d["new"] = campaign_plane(c), d["follows"] = true;
    ctx.emit("plane_set", std::move(d));
    return;
  }
  ctx.emit("plane_set", jobj{"old", campaign_plane(c), "new", now.value_or(kMaterialPlane)});
}

// plane_set of a creature stores "new" only when it has its own plane: the apply function reads "own".
void apply_plane_set_checked(Campaign& c, const json& d) {
  if (d.contains("creature") && !d.value("own", false)) {
    Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
    set_creature_data(x, kPlanes, kPlaneField, nullptr);
    return;
  }
  apply_plane_set(c, d);
}

json save_data(const Campaign& c, const Creature& x, const std::string& ability, int dc, const std::string& plane) {
  const int mod = save_bonus(c, x, ability);
  return jobj{"plane", plane, "dice", d20_plus(mod), "dc", dc, "ability", ability, "modifier", mod};
}

void validate_despair(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  if (plane_of(c, x) != "shadowfell") throw UserError("rules.err.despair_not_shadowfell", jobj{"name", x.name});
}

void execute_despair(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "target"));
  actions::create_prompt(ctx, "planes.despair", x.id, save_data(ctx.state(), x, "wis", 10, "shadowfell"));
}

std::string means_of(const json& cmd, const std::string& table) {
  const std::string means = param::str(cmd, "means");
  static const std::set<std::string> all = {"calm_emotions", "remove_curse", "dispel_evil", "dm"};
  if (!all.count(means))
    throw UserError("campaign.err.bad_choice", jobj{"choice", means, "choices", "calm_emotions, remove_curse, dispel_evil, dm"});
  if (means == "calm_emotions" && table != kDespair) throw UserError("rules.err.affliction_means", jobj{"means", means});
  return means;
}

void validate_end_affliction(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const auto a = affliction_of(x);
  if (!a) throw UserError("rules.err.no_affliction", jobj{"name", x.name});
  means_of(cmd, a->table);
}

void execute_end_affliction(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const auto a = affliction_of(x);
  ctx.emit("planar_affliction_ended", jobj{"creature", x.id, "table", a->table, "reason", means_of(cmd, a->table)});
}

// [SECTION] hooks -----------------------------------------------------------------------------------------------------
bool known_alignment(const std::optional<std::string>& a) { return a && *a != "unaligned" && find_alignment(*a); }

bool asks(const PlaneRestSave& s, const std::optional<std::string>& a) {
  if (s.who == "all") return true;
  if (!known_alignment(a)) return false;  // the alignment rules need one of the nine
  if (s.who == "not_evil") return find_alignment(*a)->good >= 0;
  if (s.who == "not_ln") return *a != "ln";
  if (s.who == "not_lg_ng") return *a != "lg" && *a != "ng";
  return false;
}

void after_long_rest(Ctx& ctx, const std::string& who) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->death_saves.dead) return;
  const Plane* p = find_plane(plane_of(ctx.state(), *x));
  const auto al = alignment_of(*x);
  if (p) {
    if (dissonant(*p, al))
      actions::create_prompt(ctx, "planes.dissonance", who, save_data(ctx.state(), *x, "con", 10, p->id));
    for (const auto& s : p->long_rest) {
      x = campaign::find_creature(ctx.state(), who);
      if (asks(s, alignment_of(*x))) actions::create_prompt(ctx, s.prompt, who, save_data(ctx.state(), *x, s.save, s.dc, p->id));
    }
  }
  x = campaign::find_creature(ctx.state(), who);
  if (auto a = affliction_of(*x)) {
    const bool despair = a->table == kDespair;
    actions::create_prompt(ctx, despair ? "planes.shake_off_despair" : "planes.shake_off_corruption", who,
                           save_data(ctx.state(), *x, despair ? "wis" : "cha", 15, plane_of(ctx.state(), *x)));
  }
}

void on_rest_finished(Ctx& ctx, const Event& ev) {
  if (ev.data.value("kind", "") != "long") return;
  std::vector<std::string> ids;
  for (const auto& id : ev.data.value("creatures", json::array()))
    if (id.is_string()) ids.push_back(id.get<std::string>());
  for (const auto& id : ids) after_long_rest(ctx, id);
}

void on_table_rolled(Ctx& ctx, const Event& ev) {
  const std::string table = ev.data.value("table", ""), who = ev.data.value("creature", "");
  if ((table != kDespair && table != kCorruption) || who.empty()) return;
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->death_saves.dead) return;
  json d = jobj{"creature", who, "table", table, "roll", ev.data.value("roll", 1)};
  if (auto old = affliction_of(*x)) d["old"] = jobj{"table", old->table, "roll", old->roll};
  ctx.emit("planar_affliction", std::move(d));
}

bool living(const Ctx& ctx, const std::string& who) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  return x && !x->death_saves.dead;
}

const PlaneRestSave* rest_save(const std::string& plane, const std::string& prompt) {
  const Plane* p = find_plane(plane);
  if (!p) return nullptr;
  for (const auto& s : p->long_rest)
    if (s.prompt == prompt) return &s;
  return nullptr;
}

// A failed save of a plane's own long-rest list: what planes.json says the failure does.
void on_plane_save(Ctx& ctx, const Prompt& p, const json& answer) {
  if (answer.value("success", true) || !living(ctx, p.creature)) return;
  const std::string plane = p.data.value("plane", "");
  const PlaneRestSave* s = rest_save(plane, p.kind);
  if (!s) return;
  const json& f = s->failure;
  const std::string who = p.creature;
  if (f.contains("exhaustion")) {
    add_exhaustion(ctx, who, f["exhaustion"].get<int>(), "plane:" + plane, "plane");
  } else if (f.contains("alignment") || f.contains("alignment_closest")) {
    const auto from = alignment_of(*campaign::find_creature(ctx.state(), who));
    const std::string to = f.contains("alignment") ? f["alignment"].get<std::string>()
                                                    : closest_alignment(from.value_or("n"), f["alignment_closest"].get<std::vector<std::string>>());
    if (!ctx.module_enabled(kAlignment)) {
      ctx.emit("planar_effect", jobj{"creature", who, "plane", plane, "effect", "alignment_off", "to", to});
      return;
    }
    ctx.emit("planar_effect", jobj{"creature", who, "plane", plane, "effect", "alignment", "to", to});
    if (from != to) ctx.run(jobj{"type", "SetAlignment", "target", who, "alignment", to});
  } else if (f.contains("table")) {
    ctx.run(jobj{"type", "RollTable", "table", f["table"], "target", who});
  } else if (f.contains("note")) {
    ctx.emit("planar_effect", jobj{"creature", who, "plane", plane, "effect", f["note"]});
  }
}

void on_dissonance(Ctx& ctx, const Prompt& p, const json& answer) {
  if (answer.value("success", true) || !living(ctx, p.creature)) return;
  add_exhaustion(ctx, p.creature, 1, "plane:" + p.data.value("plane", std::string("outer")), "planar_dissonance");
}

void on_despair(Ctx& ctx, const Prompt& p, const json& answer) {
  if (answer.value("success", true) || !living(ctx, p.creature)) return;
  ctx.run(jobj{"type", "RollTable", "table", kDespair, "target", p.creature});
}

void on_shake_off(Ctx& ctx, const Prompt& p, const json& answer) {
  if (!answer.value("success", false)) return;
  const Creature* x = campaign::find_creature(ctx.state(), p.creature);
  if (!x) return;
  const auto a = affliction_of(*x);
  const std::string table = p.kind == "planes.shake_off_despair" ? kDespair : kCorruption;
  if (!a || a->table != table) return;  // ended meanwhile
  ctx.emit("planar_affliction_ended", jobj{"creature", x->id, "table", table, "reason", "save"});
}

void install(Engine& e) {
  event(e, "plane_set", apply_plane_set_checked, render_plane_set);
  event(e, "planar_affliction", apply_affliction, render_affliction);
  event(e, "planar_affliction_ended", apply_affliction_ended, render_affliction_ended);
  event(e, "planar_effect", [](Campaign& c, const json& d) { campaign::creature_ref(c, d.at("creature").get<std::string>()); },
        render_planar_effect);
  command(e, "SetPlane", {"plane", "target"}, validate_set_plane, execute_set_plane);
  command(e, "DespairSave", {"target"}, validate_despair, execute_despair);
  command(e, "EndPlanarAffliction", {"target", "means"}, validate_end_affliction, execute_end_affliction);
  e.on_event("rest_finished", on_rest_finished);
  e.on_event("table_rolled", on_table_rolled);
  e.on_prompt("planes.dissonance", on_dissonance);
  e.on_prompt("planes.despair", on_despair);
  e.on_prompt("planes.shake_off_despair", on_shake_off);
  e.on_prompt("planes.shake_off_corruption", on_shake_off);
  std::set<std::string> kinds;
  for (const auto& p : plane_list())
    for (const auto& s : p.long_rest) kinds.insert(s.prompt);
  for (const auto& k : kinds) e.on_prompt(k, on_plane_save);
}

}  // namespace

const std::vector<Plane>& plane_list() {
  static const std::vector<Plane> list = [] {
    const json data = assets::json("data/rules/planes.json");
    static const std::set<std::string> kinds = {"material", "echo", "transitive", "inner", "outer"};
    static const std::set<std::string> whos = {"all", "not_evil", "not_ln", "not_lg_ng"};
    return read_catalogue<Plane>(data.at("planes"), "planes.json", [&](const nlohmann::json& j) {
      Plane p;
      p.id = j.at("id").get<std::string>();
      p.kind = j.at("kind").get<std::string>();
      p.name = catalogue_text(j.at("name"));
      p.alignments = j.value("alignments", std::vector<std::string>{});
      p.reference = j.value("reference", std::string());
      p.effect = catalogue_text(j.value("effect", json()));
      for (const auto& s : j.value("long_rest", json::array())) {
        PlaneRestSave r;
        r.prompt = s.at("prompt").get<std::string>();
        r.save = s.at("save").get<std::string>();
        r.dc = s.at("dc").get<int>();
        r.who = s.at("who").get<std::string>();
        r.failure = s.at("failure");
        if (!whos.count(r.who)) throw std::runtime_error("planes.json: unknown who " + r.who);
        p.long_rest.push_back(std::move(r));
      }
      for (const auto& a : p.alignments) {
        const AlignmentInfo* info = find_alignment(a);
        if (!info) throw std::runtime_error("planes.json: unknown alignment " + a);
        if (info->good > 0) p.side = 1;
        if (info->good < 0) p.side = -1;
      }
      if (!kinds.count(p.kind)) throw std::runtime_error("planes.json: unknown kind " + p.kind);
      if (!p.name.complete()) throw std::runtime_error("planes.json: name missing for " + p.id);
      return p;
    });
  }();
  return list;
}

const Plane* find_plane(std::string_view id) { return find_by_id(plane_list(), id); }

std::string campaign_plane(const Campaign& c) {
  const json& v = data_at(c, kPlanes, kPlaneField);
  return v.is_string() ? v.get<std::string>() : std::string(kMaterialPlane);
}

std::optional<std::string> own_plane(const Creature& x) {
  const json& v = creature_data(x, kPlanes, kPlaneField);
  if (!v.is_string()) return std::nullopt;
  return v.get<std::string>();
}

std::string plane_of(const Campaign& c, const Creature& x) { return own_plane(x).value_or(campaign_plane(c)); }

bool dissonant(const Plane& p, const std::optional<std::string>& alignment) {
  if (p.kind != "outer" || p.side == 0 || !alignment) return false;
  const AlignmentInfo* a = find_alignment(*alignment);
  if (!a || std::string_view(a->id) == "unaligned") return false;
  return a->good != 0 && a->good == -p.side;
}

std::string closest_alignment(const std::string& from, const std::vector<std::string>& targets) {
  const AlignmentInfo* f = find_alignment(from);
  std::string best;
  int best_d = 1000;
  for (const auto& t : targets) {
    const AlignmentInfo* a = find_alignment(t);
    if (!a) continue;
    const int d = f ? std::abs(a->law - f->law) + std::abs(a->good - f->good) : 0;
    if (d < best_d) best_d = d, best = t;
  }
  return best;
}

long long mean_damage(std::string_view expr) {
  // The mean is computed in floating point (4d6kh3 = 12.2446…); a whole mean such as 2d6's 7 may come out as
  // 6.9999999…, so a millionth is added before rounding down.
  return static_cast<long long>(std::floor(dice::stats(expr).mean + 1e-6));
}

bool averages_damage(const Ctx& ctx, const std::string& creature) {
  const Creature* x = campaign::find_creature(ctx.state(), creature);
  return x && ctx.module_enabled(kPlanes) && plane_of(ctx.state(), *x) == "mechanus";
}

DamageRoll roll_damage(Ctx& ctx, std::string_view expr, const std::string& creature) {
  DamageRoll out;
  if (averages_damage(ctx, creature)) {
    out.total = static_cast<int>(mean_damage(expr));
    out.text = std::string(expr) + " = " + std::to_string(out.total) + " (Mechanus)";
    out.average = true;
    return out;
  }
  const dice::Roll r = dice::roll(expr, ctx.rng());
  out.total = static_cast<int>(r.total);
  out.text = r.text;
  return out;
}

std::optional<PlanarAffliction> affliction_of(const Creature& x) {
  const json& v = creature_data(x, kPlanes, kAfflictionField);
  if (!v.is_object()) return std::nullopt;
  return PlanarAffliction{v.value("table", ""), v.value("roll", 1)};
}

std::string affliction_text(Lang lang, const PlanarAffliction& a) { return row_text(lang, a.table, a.roll); }

PlanesView planes_view(const Campaign& c, const Creature* x) {
  PlanesView v;
  v.on = campaign::rule_enabled(c, kPlanes, true);
  v.plane = find_plane(x ? plane_of(c, *x) : campaign_plane(c));
  if (x) {
    v.own = own_plane(*x).has_value();
    v.dissonance = v.plane && dissonant(*v.plane, alignment_of(*x));
    v.affliction = affliction_of(*x);
  }
  return v;
}

Module planes() {
  std::vector<std::string> refs = {"dm-planar-effects", "dm-planar-psychic-dissonance", "dm-planar-feywild-time-warp"};
  for (const auto& p : plane_list())
    if (!p.reference.empty() && std::find(refs.begin(), refs.end(), p.reference) == refs.end()) refs.push_back(p.reference);
  return {kPlanes, true, install,
          {.seed = "Ефекти планів",
           .prompts = {"planes.dissonance", "planes.despair", "planes.shake_off_despair", "planes.shake_off_corruption"},
           .own_calculators = {limbo_calculator()},
           .tables = {"feywild-time-warp", kDespair, kCorruption},
           .reference = refs,
           .creature_data = {creature_plane_field(), affliction_field()},
           .campaign_data = {campaign_plane_field()}}};
}

}  // namespace druzina::rules
