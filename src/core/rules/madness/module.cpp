// DM rule "madness" (off by default: the SRD itself says a typical campaign has no madness; a horror campaign turns
// it on).
//
//   InflictMadness {target, kind: short|long|indefinite, roll?: the d100, duration_roll?: the d10, source?: text}
//     = RollTable {table: madness-<kind>, target, roll} (the row in the log) and then, like any roll of a madness
//     table for a creature while the rule is on (Rules → Tables → apply), the hook on table_rolled:
//   → madness_gained {creature, madness: {id, kind, table, roll, at, ends_at?, duration_roll?, source?}} and the
//     row's conditions (effects "until": "while_it_lasts") with source "madness:<id>".
//     Duration: short 1d10 minutes, long 1d10 × 10 hours, indefinite until cured.
//   TreatMadness {target, means, madness?: id (needed when more than one could be meant)}
//     calm_emotions → madness_suppressed {creature, ids, until: now + 1 minute} (their conditions end meanwhile;
//       madness_resumed {creature, ids} when the minute has passed, conditions back, unless it ended meanwhile)
//     lesser_restoration (short / long only, else rules.err.madness_needs_greater), greater_restoration,
//     remove_curse, dispel_evil, dm → madness_ended {creature, id, kind, reason: the means}, conditions removed.
//   Time (time_advanced: AdvanceTime, short and long rests, the end of a fight) → madness_ended reason "expired"
//   once the clock reaches ends_at (a long rest's 8 hours end every short-term madness). A short-term madness of rows
//   01–20 (paralyzed) ends when the creature takes damage (reason "damage").
//   Frighten {target, dc} (fear: a threat the adventurers have no hope to overcome) → prompt "madness.fear", a WIS
//     save; a failure → the condition frightened (source "fear", 1 minute = 10 rounds, the DC kept on it). At the
//     end of each of its turns a frightened creature repeats the save ("madness.fear_again"); a success ends it.
//   Horrify {target, dc, kind?: short|long} (horror) → prompt "madness.horror", a CHA save; a failure →
//     the madness of the DM's kind, or short / long at random (1d2) when none is given, its table rolled, source
//     "horror".
// Data: Creature::modules["madness"].effects (absent = none), shown to players (their characters' state).
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] what the hooks and commands do
//   [SECTION] fear and horror
#include <algorithm>
#include <set>

#include "core/campaign/json_read.hpp"
#include "core/campaign/wire_rows.hpp"
#include "core/rules/common.hpp"
#include "core/rules/madness/madness.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kEffects = "effects";
constexpr long long kCalmMinutes = 1;  // calm emotions: concentration, up to 1 minute
constexpr const char* kFearPrompt = "madness.fear";
constexpr const char* kFearAgainPrompt = "madness.fear_again";
constexpr const char* kHorrorPrompt = "madness.horror";
constexpr const char* kFearSource = "fear";
constexpr const char* kHorrorSource = "horror";
constexpr int kFearRounds = 10;  // 1 minute

std::string table_of(const std::string& kind) { return "madness-" + kind; }
std::string kind_of_table(const std::string& table) {
  for (const auto& k : kMadnessKinds)
    if (table == table_of(k)) return k;
  return {};
}
std::string source_of(const std::string& id) { return "madness:" + id; }

// [SECTION] data ------------------------------------------------------------------------------------------------------
void validate_entry(const json& e) {
  if (!e.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"id", "kind", "table", "roll", "at", "ends_at", "duration_roll",
                                             "source", "suppressed_until"};
  for (const auto& [k, v] : e.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k)) jr::fail_value("not_one_of", jobj{"value", k, "allowed", "id, kind, table, roll, at, ends_at, duration_roll, source, suppressed_until"});
    if (k == "id" || k == "kind" || k == "table" || k == "source") {
      if (!v.is_string()) jr::fail_type("string");
    } else if (k == "roll") {
      int_in(v, 1, 100);
    } else if (k == "duration_roll") {
      int_in(v, 1, 10);
    } else {
      int_in(v, 0, 1'000'000'000'000LL);
    }
  }
  require_keys(e, {"id", "kind", "table", "roll", "at"});
  const std::string kind = e["kind"].get<std::string>();
  if (std::find(kMadnessKinds.begin(), kMadnessKinds.end(), kind) == kMadnessKinds.end()) {
    jr::PathGuard g("kind");
    jr::fail_value("not_one_of", jobj{"value", kind, "allowed", "short, long, indefinite"});
  }
  if (e["table"] != table_of(kind)) {
    jr::PathGuard g("table");
    jr::fail_value("not_one_of", jobj{"value", e["table"].get<std::string>(), "allowed", table_of(kind)});
  }
  if (kind == "indefinite" ? e.contains("ends_at") : !e.contains("ends_at")) {
    jr::PathGuard g("ends_at");
    jr::fail_type(kind == "indefinite" ? "nothing (indefinite madness lasts until cured)" : "the minute it ends");
  }
}

// In the table link (and so the live table): each madness as its table and row ("mx": [id, kind, table, roll, at,
// ends_at, duration_roll, source, suppressed_until]), without words — the reader's phone writes the row's text in
// her language (madness_of), as it does from a character link, which carries the entry as it is.
campaign::DataField effects_field() {
  campaign::DataField f{kEffects, "list of madness effects {id, kind, table, roll, at, ends_at?, duration_roll?, source?, suppressed_until?}",
          false, [](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            if (v.size() > 100) jr::fail_value("too_many", jobj{"value", v.size(), "max", 100});
            size_t i = 0;
            for (const auto& e : v) {
              jr::PathGuard g(i++);
              validate_entry(e);
            }
          }};
  f.wire = campaign::wire_rows(
      "mx", {"id", "kind", "table", "roll", "at", "ends_at", "duration_roll", "source", "suppressed_until"}, "id");
  return f;
}

const json& effects_of(const Creature& x) { return creature_data(x, kMadness, kEffects); }

const json* find_entry(const Creature& x, const std::string& id) { return find_in_list(effects_of(x), "id", id); }

Text row_text(const std::string& table, int roll) {
  if (!tables::has_table(table)) return {};
  const auto& t = tables::table(table);
  for (const auto& r : t.rows)
    if (roll >= r.lo && roll <= r.hi) return r.text;
  return {};
}

json row_effects(const std::string& table, int roll) {
  if (!tables::has_table(table)) return nullptr;
  for (const auto& r : tables::table(table).rows)
    if (roll >= r.lo && roll <= r.hi) return r.effects;
  return nullptr;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_gained(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& m = d.at("madness");
  validate_entry(m);
  campaign::claim_id(c, m.at("id").get<std::string>());
  set_creature_data(x, kMadness, kEffects, list_with(effects_of(x), m));
}

void apply_ended(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string id = d.at("id").get<std::string>();
  json list = effects_of(x);
  if (!list.is_array()) throw std::out_of_range("no madness " + id);
  auto it = std::find_if(list.begin(), list.end(), [&](const json& e) { return e.value("id", "") == id; });
  if (it == list.end()) throw std::out_of_range("no madness " + id);
  list.erase(it);
  set_creature_data(x, kMadness, kEffects, list.empty() ? json(nullptr) : std::move(list));
}

void set_suppressed(Campaign& c, const json& d, bool on) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = effects_of(x);
  for (const auto& id : d.at("ids")) {
    auto it = std::find_if(list.begin(), list.end(), [&](const json& e) { return e.value("id", "") == id; });
    if (it == list.end()) throw std::out_of_range("no madness " + id.get<std::string>());
    if (on)
      (*it)["suppressed_until"] = d.at("until");
    else
      it->erase("suppressed_until");
  }
  set_creature_data(x, kMadness, kEffects, std::move(list));
}

std::string kind_label(Lang lang, const std::string& kind) { return tr(lang, madness_kind_key(kind)); }

const char* reason_key(const std::string& reason) {
  if (reason == "expired") return "rules.madness.reason.expired";
  if (reason == "damage") return "rules.madness.reason.damage";
  if (reason == "lesser_restoration") return "rules.madness.reason.lesser_restoration";
  if (reason == "greater_restoration") return "rules.madness.reason.greater_restoration";
  if (reason == "remove_curse") return "rules.madness.reason.remove_curse";
  if (reason == "dispel_evil") return "rules.madness.reason.dispel_evil";
  if (reason == "calm_emotions") return "rules.madness.reason.calm_emotions";
  return "rules.madness.reason.dm";
}

const char* gained_key(const std::string& kind, bool with_source) {
  if (kind == "long") return with_source ? "event.madness_gained_long_from" : "event.madness_gained_long";
  if (kind == "indefinite") return with_source ? "event.madness_gained_indefinite_from" : "event.madness_gained_indefinite";
  return with_source ? "event.madness_gained_short_from" : "event.madness_gained_short";
}

std::string render_gained(const json& d, const LogContext& lc) {
  const json& m = d.value("madness", json::object());
  const std::string kind = m.value("kind", "short");
  json args = jobj{"name", name_of(lc, d), "kind", kind_label(lc.lang, kind),
               "text", row_text(m.value("table", ""), m.value("roll", 0)).in(lc.lang), "d10", m.value("duration_roll", 0)};
  if (kind == "short") args["n"] = m.value("duration_roll", 0);
  if (kind == "long") args["n"] = 10 * m.value("duration_roll", 0);
  if (m.contains("source")) args["source"] = madness_source_text(lc.lang, m.value("source", ""));
  return tr(lc.lang, gained_key(kind, m.contains("source")), args);
}

std::string render_ended(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.madness_ended",
            jobj{"name", name_of(lc, d), "kind", kind_label(lc.lang, d.value("kind", "short")),
             "how", tr(lc.lang, reason_key(d.value("reason", "dm")))});
}

std::string render_suppressed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.madness_suppressed", jobj{"name", name_of(lc, d), "n", d.value("ids", json::array()).size()});
}

std::string render_resumed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.madness_resumed", jobj{"name", name_of(lc, d), "n", d.value("ids", json::array()).size()});
}

// [SECTION] what the hooks and commands do ----------------------------------------------------------------------------
void add_conditions(Ctx& ctx, const std::string& who, const json& m) {
  add_lasting_conditions(ctx, who, row_effects(m.value("table", ""), m.value("roll", 0)), source_of(m.value("id", "")),
                         campaign::Until{});
}

void remove_conditions(Ctx& ctx, const std::string& who, const std::string& id, const std::string& reason) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x) return;
  std::vector<std::string> ids;
  for (const auto& c : x->conditions)
    if (c.source == source_of(id)) ids.push_back(c.id);
  for (const auto& cond : ids) actions::remove_condition(ctx, who, cond, source_of(id), reason);
}

void end_madness(Ctx& ctx, const std::string& who, const json& m, const std::string& reason) {
  const std::string id = m.value("id", ""), kind = m.value("kind", "");
  const bool suppressed = m.contains("suppressed_until");
  ctx.emit("madness_ended", jobj{"creature", who, "id", id, "kind", kind, "reason", reason});
  if (!suppressed) remove_conditions(ctx, who, id, "expired");
}

// The madness begins: its entry (the d10 of its duration rolled unless given) and its row's conditions.
void begin_madness(Ctx& ctx, const std::string& who, const std::string& kind, int roll, std::optional<int> duration_roll,
                   const std::string& source) {
  const long long now = ctx.state().minutes;
  json m = jobj{"id", ctx.new_id("m"), "kind", kind, "table", table_of(kind), "roll", roll, "at", now};
  if (kind != "indefinite") {
    const int d10 = duration_roll ? *duration_roll : ctx.rng().die(10);
    m["duration_roll"] = d10;
    m["ends_at"] = now + (kind == "short" ? d10 : d10 * 10 * 60);
  }
  if (!source.empty()) m["source"] = source;
  ctx.emit("madness_gained", jobj{"creature", who, "madness", m});
  add_conditions(ctx, who, m);
}

// A madness table rolled for a creature (RollTable, InflictMadness): the madness begins.
void on_table_rolled(Ctx& ctx, const Event& ev) {
  const std::string kind = kind_of_table(ev.data.value("table", ""));
  const std::string who = ev.data.value("creature", "");
  if (kind.empty() || who.empty()) return;
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->death_saves.dead) return;
  const json& top = ctx.command();
  const bool ours = top.value("type", "") == "InflictMadness";
  const json* given = ours ? param::find(top, "duration_roll") : nullptr;
  begin_madness(ctx, who, kind, ev.data.value("roll", 1), given ? std::optional<int>(given->get<int>()) : std::nullopt,
                ours ? param::str(top, "source", "") : std::string());
}

void on_time(Ctx& ctx, const Event& ev) {
  const long long to = ev.data.value("to", 0LL);
  for (const auto& x : ctx.state().creatures) {
    const json list = effects_of(x);  // a copy: the events below change it
    if (!list.is_array()) continue;
    std::vector<std::string> resumed;
    for (const auto& m : list) {
      if (m.contains("ends_at") && m["ends_at"].get<long long>() <= to) {
        end_madness(ctx, x.id, m, "expired");
      } else if (m.contains("suppressed_until") && m["suppressed_until"].get<long long>() <= to) {
        resumed.push_back(m.value("id", ""));
      }
    }
    if (resumed.empty()) continue;
    const std::string who = x.id;
    ctx.emit("madness_resumed", jobj{"creature", who, "ids", resumed});
    const Creature* now = campaign::find_creature(ctx.state(), who);
    for (const auto& id : resumed)
      if (const json* m = now ? find_entry(*now, id) : nullptr) add_conditions(ctx, who, *m);
  }
}

// Short-term rows 01–20: "the effect ends if the character takes any damage".
void on_hp_changed(Ctx& ctx, const Event& ev) {
  const bool hurt = ev.data.value("new", 0) < ev.data.value("old", 0) ||
                    ev.data.value("temp_new", 0) < ev.data.value("temp_old", 0);
  if (!hurt) return;
  const std::string who = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || !effects_of(*x).is_array()) return;
  const json list = effects_of(*x);
  for (const auto& m : list)
    if (m.value("kind", "") == "short" && m.value("roll", 0) <= 20) end_madness(ctx, who, m, "damage");
}

void validate_inflict(const Campaign& c, const json& cmd) {
  actions::require_living(c, param::str(cmd, "target"));
  const std::string kind = param::str(cmd, "kind");
  if (std::find(kMadnessKinds.begin(), kMadnessKinds.end(), kind) == kMadnessKinds.end())
    throw UserError("campaign.err.param", jobj{"param", "kind", "expected", "short, long, indefinite"});
  opt_int(cmd, "roll", 1, 100);
  opt_int(cmd, "duration_roll", 1, 10);
  if (param::str(cmd, "source", "").size() > 200) throw UserError("state.err.too_long", jobj{"path", "source", "max", 200});
}

void execute_inflict(Ctx& ctx, const json& cmd) {
  json roll = jobj{"type", "RollTable", "table", table_of(param::str(cmd, "kind")), "target", param::str(cmd, "target")};
  if (auto r = opt_int(cmd, "roll", 1, 100)) roll["roll"] = *r;
  ctx.run(roll);
}

// The madness a TreatMadness means: the one named, or the only one it can mean.
const json& chosen(const Creature& x, const json& cmd, const std::string& means) {
  const json& list = effects_of(x);
  if (!list.is_array() || list.empty()) throw UserError("rules.err.no_madness", jobj{"name", x.name});
  if (const json* id = param::find(cmd, "madness")) {
    const json* m = id->is_string() ? find_entry(x, id->get<std::string>()) : nullptr;
    if (!m) throw UserError("rules.err.madness_unknown", jobj{"name", x.name, "id", id->dump()});
    if (means == "lesser_restoration" && m->value("kind", "") == "indefinite")
      throw UserError("rules.err.madness_needs_greater", jobj{"name", x.name});
    return *m;
  }
  const json* only = nullptr;
  int n = 0;
  for (const auto& m : list)
    if (means != "lesser_restoration" || m.value("kind", "") != "indefinite") only = &m, ++n;
  if (n == 0) throw UserError("rules.err.madness_needs_greater", jobj{"name", x.name});
  if (n > 1) throw UserError("rules.err.madness_which", jobj{"name", x.name});
  return *only;
}

void validate_treat(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const std::string means = param::str(cmd, "means");
  if (std::find(kMadnessMeans.begin(), kMadnessMeans.end(), means) == kMadnessMeans.end())
    throw UserError("campaign.err.param", jobj{"param", "means", "expected", "calm_emotions, lesser_restoration, "
                                                                            "greater_restoration, remove_curse, dispel_evil, dm"});
  if (means == "calm_emotions") {
    const json& list = effects_of(x);
    bool any = false;
    if (list.is_array())
      for (const auto& m : list) any = any || !m.contains("suppressed_until");
    if (!any) throw UserError("rules.err.no_madness", jobj{"name", x.name});
    return;
  }
  chosen(x, cmd, means);
}

void execute_treat(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const std::string who = x.id, means = param::str(cmd, "means");
  if (means == "calm_emotions") {
    std::vector<std::string> ids;
    for (const auto& m : effects_of(x))
      if (!m.contains("suppressed_until")) ids.push_back(m.value("id", ""));
    ctx.emit("madness_suppressed", jobj{"creature", who, "ids", ids, "until", ctx.state().minutes + kCalmMinutes});
    for (const auto& id : ids) remove_conditions(ctx, who, id, "expired");
    return;
  }
  const json m = chosen(x, cmd, means);
  end_madness(ctx, who, m, means);
}

// [SECTION] fear and horror -------------------------------------------------------------------------------------------
const campaign::Condition* fear_of(const Creature& x) {
  for (const auto& c : x.conditions)
    if (c.id == "frightened" && c.source == kFearSource) return &c;
  return nullptr;
}

bool prompt_pending(const Campaign& c, const std::string& kind, const std::string& who) {
  return std::any_of(c.prompts.begin(), c.prompts.end(), [&](const campaign::Prompt& p) { return p.kind == kind && p.creature == who; });
}

void ask_save(Ctx& ctx, const char* kind, const std::string& who, const char* ability, int dc, json extra = json::object()) {
  const Creature& x = actions::require(ctx.state(), who);
  const int mod = save_bonus(ctx.state(), x, ability);
  json data = jobj{"dice", d20_plus(mod), "dc", dc, "ability", ability, "modifier", mod};
  data.update(extra);
  actions::create_prompt(ctx, kind, who, std::move(data));
}

void validate_frighten(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  if (!opt_int(cmd, "dc", 1, 30)) throw UserError("campaign.err.param", jobj{"param", "dc", "expected", "1..30"});
  if (std::find(x.condition_immunities.begin(), x.condition_immunities.end(), "frightened") != x.condition_immunities.end())
    throw UserError("rules.err.fear_immune", jobj{"name", x.name});
}

void execute_frighten(Ctx& ctx, const json& cmd) {
  ask_save(ctx, kFearPrompt, param::str(cmd, "target"), "wis", *opt_int(cmd, "dc", 1, 30));
}

void on_fear(Ctx& ctx, const Prompt& p, const json& answer) {
  const Creature* x = campaign::find_creature(ctx.state(), p.creature);
  if (!x || x->death_saves.dead) return;
  const bool success = answer.value("success", true);
  if (p.kind == kFearAgainPrompt) {
    if (success && fear_of(*x)) actions::remove_condition(ctx, p.creature, "frightened", std::string(kFearSource), "expired");
    return;
  }
  if (success) return;
  campaign::Condition cond;
  cond.id = "frightened";
  cond.source = kFearSource;
  cond.until.kind = "rounds";
  cond.until.rounds = kFearRounds;
  cond.extra["dc"] = p.data.value("dc", 10);
  actions::add_condition(ctx, p.creature, std::move(cond));
}

// "The character can repeat the saving throw at the end of each of its turns."
void on_turn_ended(Ctx& ctx, const Event& ev) {
  if (ev.data.value("lair", false)) return;
  const std::string who = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(ctx.state(), who);
  const campaign::Condition* fear = x ? fear_of(*x) : nullptr;
  if (!fear || x->death_saves.dead || prompt_pending(ctx.state(), kFearAgainPrompt, who)) return;
  ask_save(ctx, kFearAgainPrompt, who, "wis", fear->extra.value("dc", 10));
}

void validate_horrify(const Campaign& c, const json& cmd) {
  actions::require_living(c, param::str(cmd, "target"));
  if (!opt_int(cmd, "dc", 1, 30)) throw UserError("campaign.err.param", jobj{"param", "dc", "expected", "1..30"});
  const std::string kind = param::str(cmd, "kind", "");
  if (!kind.empty() && kind != "short" && kind != "long")
    throw UserError("campaign.err.param", jobj{"param", "kind", "expected", "short, long"});
}

void execute_horrify(Ctx& ctx, const json& cmd) {
  const std::string kind = param::str(cmd, "kind", "");
  json extra = jobj{"madness", json::object()};  // what a failure brings, in each language (the prompt's text)
  for (Lang l : kLangs)
    extra["madness"][std::string(lang_code(l))] = tr(l, kind.empty() ? "rules.madness.kind.short_or_long" : madness_kind_key(kind));
  if (!kind.empty()) extra["kind"] = kind;
  ask_save(ctx, kHorrorPrompt, param::str(cmd, "target"), "cha", *opt_int(cmd, "dc", 1, 30), std::move(extra));
}

void on_horror(Ctx& ctx, const Prompt& p, const json& answer) {
  if (answer.value("success", true)) return;
  const Creature* x = campaign::find_creature(ctx.state(), p.creature);
  if (!x || x->death_saves.dead) return;
  std::string kind = p.data.value("kind", "");
  if (kind.empty()) kind = ctx.rng().die(2) == 1 ? "short" : "long";  // "which you choose or determine randomly"
  // The table rolled in the log (not for the creature: the madness begins here, with its source), then the madness.
  ctx.run(jobj{"type", "RollTable", "table", table_of(kind)});
  int roll = 1;
  for (auto it = ctx.events().rbegin(); it != ctx.events().rend(); ++it)
    if (it->type == "table_rolled") {
      roll = it->data.value("roll", 1);
      break;
    }
  begin_madness(ctx, p.creature, kind, roll, std::nullopt, kHorrorSource);
}

void install(Engine& e) {
  event(e, "madness_gained", apply_gained, render_gained);
  event(e, "madness_ended", apply_ended, render_ended);
  event(e, "madness_suppressed", [](Campaign& c, const json& d) { set_suppressed(c, d, true); }, render_suppressed);
  event(e, "madness_resumed", [](Campaign& c, const json& d) { set_suppressed(c, d, false); }, render_resumed);
  command(e, "InflictMadness", {"target", "kind", "roll", "duration_roll", "source"}, validate_inflict, execute_inflict);
  command(e, "TreatMadness", {"target", "means", "madness"}, validate_treat, execute_treat);
  e.on_event("table_rolled", on_table_rolled);
  e.on_event("time_advanced", on_time);
  e.on_event("hp_changed", on_hp_changed);
  command(e, "Frighten", {"target", "dc"}, validate_frighten, execute_frighten);
  command(e, "Horrify", {"target", "dc", "kind"}, validate_horrify, execute_horrify);
  e.on_prompt(kFearPrompt, on_fear);
  e.on_prompt(kFearAgainPrompt, on_fear);
  e.on_prompt(kHorrorPrompt, on_horror);
  e.on_event("turn_ended", on_turn_ended);
}

}  // namespace

std::string madness_source_text(Lang lang, const std::string& source) {
  if (source == kHorrorSource) return tr(lang, "rules.madness.source.horror");
  return source;
}

const char* madness_kind_key(const std::string& kind) {
  if (kind == "long") return "rules.madness.kind.long";
  if (kind == "indefinite") return "rules.madness.kind.indefinite";
  return "rules.madness.kind.short";
}

std::vector<MadnessEntry> madness_of(const Creature& x) {
  return read_list<MadnessEntry>(effects_of(x), [](const json& m) {
    MadnessEntry e;
    e.id = m.value("id", "");
    e.kind = m.value("kind", "");
    e.table = m.value("table", "");
    e.roll = m.value("roll", 0);
    e.text = row_text(e.table, e.roll);
    e.at = m.value("at", 0LL);
    if (m.contains("ends_at")) e.ends_at = m["ends_at"].get<long long>();
    e.duration_roll = m.value("duration_roll", 0);
    e.source = m.value("source", "");
    if (m.contains("suppressed_until")) e.suppressed_until = m["suppressed_until"].get<long long>();
    return e;
  });
}

MadnessView madness_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kMadness, false), c.minutes, madness_of(x)};
}

Module madness() {
  return {kMadness, false, install,
          {.seed = "Божевілля",
           .tables = {"madness-short", "madness-long", "madness-indefinite"},
           .reference = {"dm-madness", "dm-madness-short", "dm-madness-long", "dm-madness-indefinite", "dm-madness-cure"},
           .creature_data = {effects_field(), notes_field()}}};
}

}  // namespace druzina::rules
