// DM rule "diseases" (off by default: a plague is a story the DM chooses to tell).
//
//   ExposeToDisease {target, disease, roll?: the save's total, dc?: the DC (the contagion spell: the caster's spell
//     save DC, required), incubation_roll?, source?}
//     sample diseases → the infection save: disease_save {creature, disease, total, dc, success, rolled, roll?,
//       modifier} (CON; the engine rolls d20 + the creature's CON save bonus unless the total is given); a failure
//       infects (below). The contagion spell has no save at the touch: the spell hit — the creature is infected,
//       poisoned (source disease:<id>) and makes the spell's saves (RecordDiseaseSave).
//   InfectDisease {target, disease, dc?, incubation_roll?, source?, symptoms?: true = they begin now}: the DM sets it.
//   → disease_infected {creature, infection: {disease, stage: incubating, at, symptoms_at?, dc, source?,
//     incubation_roll?}}. Incubation: cackle fever 1d4 hours, sewer plague 1d4 days, sight rot 1 day.
//   Time (time_advanced) → disease_symptoms {creature, disease, patch} at symptoms_at: the conditions and
//     disadvantage of the disease (source disease:<id>), its exhaustion (held: the long rest does not take the
//     disease's levels — they come back at the end of the rest, cause disease_holds), sight rot's −1.
//   Long rest (rest_finished, for every creature that rested whose symptoms began before it):
//     cackle fever → prompt diseases.cackle_fever_save {disease, dice, dc (the DC now), ability, modifier}:
//       success → the DC falls by 1d6 (the prompt's then_roll, else rolled) — disease_updated what dc_drops; at DC 0
//       disease_cured reason saves. Failure → a fit of laughter (1d10 psychic damage, incapacitated 1 minute,
//       source disease:cackle-fever), failures + 1; the third failure → InflictMadness {kind: indefinite} when the
//       madness rule is on, else disease_updated what madness_off (the log says the madness rule is off).
//     sewer plague → prompt diseases.sewer_plague_save: failure +1 exhaustion, success −1; below 1 → cured
//       (reason recovered). While sick it regains no HP from a long rest and half from Hit Dice.
//     sight rot → no save: the penalty grows by 1 (what worsens) unless an eyebright dose was applied since the last
//       rest (what held); at −5 the creature is blinded.
//   RecordDiseaseSave {target, disease, success? | roll?: the total}: one of the contagion spell's saves at the end of
//     the creature's turns (what turn_save): three successes → cured (reason saves); three failures → poisoned ends,
//     the disease takes hold for 7 days (disease_symptoms with ends_at), time passing ends it (reason expired).
//   CureDisease {target, disease? (needed with more than one), means: lesser_restoration | heal | lay_on_hands |
//     eyebright | dm} → disease_cured {creature, disease, reason}, its conditions removed (the exhaustion it gave
//     stays and goes as usual). eyebright (sight rot only): one dose (what ointment); the third dose cures.
// Data: Creature::modules["diseases"].infections (absent = none), shown to players.
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] what the hooks and commands do
//   [SECTION] commands
#include <algorithm>
#include <set>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/campaign/wire_rows.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kInfections = "infections";
// Key prefixes of the log lines (every variant's key is in the catalogs: event.disease_<what>, the cure reasons).
constexpr const char* kUpdatedPrefix = "event.disease_";
constexpr const char* kReasonPrefix = "rules.diseases.reason.";
constexpr long long kDay = 1440;

std::string source_of(const std::string& disease) { return "disease:" + disease; }

// [SECTION] data ------------------------------------------------------------------------------------------------------
void validate_infection(const json& e) {
  if (!e.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"disease", "stage",     "at",    "symptoms_at", "ends_at",  "dc",
                                             "failures", "successes", "penalty", "doses",      "ointment", "exhaustion",
                                             "source",   "incubation_roll"};
  for (const auto& [k, v] : e.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k))
      jr::fail_value("not_one_of", jobj{"value", k,
                                    "allowed", "disease, stage, at, symptoms_at, ends_at, dc, failures, successes, penalty, "
                                                "doses, ointment, exhaustion, source, incubation_roll"});
    if (k == "disease" || k == "stage" || k == "source") {
      if (!v.is_string()) jr::fail_type("string");
    } else if (k == "ointment") {
      if (!v.is_boolean()) jr::fail_type("true/false");
    } else if (k == "dc") {
      int_in(v, 0, 40);
    } else if (k == "failures" || k == "successes" || k == "doses") {
      int_in(v, 0, 3);
    } else if (k == "penalty") {
      int_in(v, 0, 5);
    } else if (k == "exhaustion") {
      int_in(v, 0, 6);
    } else if (k == "incubation_roll") {
      int_in(v, 1, 4);
    } else {
      int_in(v, 0, 1'000'000'000'000LL);
    }
  }
  require_keys(e, {"disease", "stage", "at", "dc"});
  if (!find_disease(e["disease"].get<std::string>())) {
    jr::PathGuard g("disease");
    jr::fail_value("not_one_of", jobj{"value", e["disease"].get<std::string>(), "allowed", "a disease of diseases.json"});
  }
  const std::string stage = e["stage"].get<std::string>();
  if (stage != "incubating" && stage != "sick") {
    jr::PathGuard g("stage");
    jr::fail_value("not_one_of", jobj{"value", stage, "allowed", "incubating, sick"});
  }
}

// In the table link (and so the live table): each infection by its disease's id ("ds": [disease, stage, at, dc,
// symptoms_at, ends_at, failures, successes, penalty, doses, ointment, exhaustion, source, incubation_roll]) — the
// reader's phone writes the disease's name and symptoms in her language from its own diseases.json, as it does
// from a character link, which carries the entry as it is.
campaign::DataField infections_field() {
  campaign::DataField f{kInfections,
          "list of infections {disease, stage: incubating|sick, at, symptoms_at?, ends_at?, dc, failures?, successes?, "
          "penalty?, doses?, ointment?, exhaustion?, source?, incubation_roll?} (one per disease)",
          false, [](const json& v) { unique_list(v, 20, "disease", validate_infection); }};
  f.wire = campaign::wire_rows("ds", {"disease", "stage", "at", "dc", "symptoms_at", "ends_at", "failures", "successes",
                                      "penalty", "doses", "ointment", "exhaustion", "source", "incubation_roll"});
  return f;
}

const json& infections_json(const Creature& x) { return creature_data(x, kDiseases, kInfections); }

const json* find_infection(const Creature& x, const std::string& disease) {
  return find_in_list(infections_json(x), "disease", disease);
}

const Disease& disease_of(const std::string& id) {
  const Disease* d = find_disease(id);
  if (!d) throw std::out_of_range("no disease " + id);
  return *d;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_infected(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& inf = d.at("infection");
  validate_infection(inf);
  set_creature_data(x, kDiseases, kInfections, list_with(infections_json(x), inf, "disease", "infected twice"));
}

// The entry of `disease` in a creature's infection list (an event that names none is a broken history).
json::iterator entry_of(json& list, const std::string& disease) {
  return entry_in(list, "disease", disease, "no infection " + disease);
}

// Merges d.patch into the infection d.disease (a null value erases the key).
void patch_infection(Campaign& c, const json& d, const json& extra = json::object()) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string disease = d.at("disease").get<std::string>();
  json list = infections_json(x);
  auto it = entry_of(list, disease);
  json patch = d.value("patch", json::object());
  patch.merge_patch(extra);
  it->merge_patch(patch);
  validate_infection(*it);
  set_creature_data(x, kDiseases, kInfections, std::move(list));
}

void apply_cured(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string disease = d.at("disease").get<std::string>();
  json list = infections_json(x);
  auto it = entry_of(list, disease);
  list.erase(it);
  set_creature_data(x, kDiseases, kInfections, list.empty() ? json(nullptr) : std::move(list));
}

std::string disease_name(Lang lang, const json& d) {
  const Disease* x = find_disease(d.value("disease", ""));
  return x ? x->name.in(lang) : d.value("disease", "");
}

std::string incubation_text(Lang lang, const Disease& dz, const json& inf) {
  if (dz.incubation_unit == "saves") return tr(lang, "rules.diseases.incubation.saves");
  const long long minutes = inf.value("symptoms_at", 0LL) - inf.value("at", 0LL);
  if (dz.incubation_unit == "hours") return tr(lang, "rules.diseases.incubation.hours", jobj{"n", minutes / 60});
  return tr(lang, "rules.diseases.incubation.days", jobj{"n", minutes / kDay});
}

std::string render_save(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("success", false) ? "event.disease_save_success" : "event.disease_save_failure",
            jobj{"name", name_of(lc, d), "disease", disease_name(lc.lang, d), "total", d.value("total", 0), "dc", d.value("dc", 0)});
}

std::string render_infected(const json& d, const LogContext& lc) {
  const json& inf = d.value("infection", json::object());
  const Disease* dz = find_disease(inf.value("disease", ""));
  json args = jobj{"name", name_of(lc, d), "disease", disease_name(lc.lang, inf),
               "incubation", dz ? incubation_text(lc.lang, *dz, inf) : std::string()};
  if (inf.contains("source")) {
    args["source"] = inf["source"];
    return tr(lc.lang, "event.disease_infected_from", args);
  }
  return tr(lc.lang, "event.disease_infected", args);
}

std::string render_symptoms(const json& d, const LogContext& lc) {
  const Disease* dz = find_disease(d.value("disease", ""));
  json args = jobj{"name", name_of(lc, d), "disease", disease_name(lc.lang, d), "symptoms", dz ? dz->symptoms.in(lc.lang) : ""};
  if (dz && dz->kind == "contagion") return tr(lc.lang, "event.disease_symptoms_contagion", args);
  return tr(lc.lang, "event.disease_symptoms", args);
}

std::string render_updated(const json& d, const LogContext& lc) {
  json args = d.value("patch", json::object());
  if (!args.is_object()) args = json::object();
  for (const auto& [k, v] : d.items())
    if (k != "patch" && k != "what") args[k] = v;
  args["name"] = name_of(lc, d);
  args["disease"] = disease_name(lc.lang, d);
  std::string what = d.value("what", std::string("updated"));
  if (what == "turn_save") what += d.value("success", false) ? "_success" : "_failure";
  const std::string key = kUpdatedPrefix + what;
  return tr(lc.lang, key, args);
}

std::string render_cured(const json& d, const LogContext& lc) {
  const std::string how = kReasonPrefix + d.value("reason", std::string("dm"));
  return tr(lc.lang, "event.disease_cured",
            jobj{"name", name_of(lc, d), "disease", disease_name(lc.lang, d), "how", tr(lc.lang, how)});
}

// [SECTION] what the hooks and commands do ----------------------------------------------------------------------------
void update(Ctx& ctx, const std::string& who, const std::string& disease, const std::string& what, json patch,
            json more = json::object()) {
  json data = jobj{"creature", who, "disease", disease, "what", what, "patch", std::move(patch)};
  for (const auto& [k, v] : more.items()) data[k] = v;
  ctx.emit("disease_updated", std::move(data));
}

void add_cond(Ctx& ctx, const std::string& who, const std::string& id, const std::string& disease, json extra = nullptr,
              campaign::Until until = {}) {
  Condition c;
  c.id = id;
  c.source = source_of(disease);
  c.until = until;
  if (!extra.is_null()) c.extra = std::move(extra);
  actions::add_condition(ctx, who, std::move(c));
}

void remove_conditions(Ctx& ctx, const std::string& who, const std::string& disease, const std::string& only = {}) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x) return;
  std::vector<std::string> ids;
  for (const auto& c : x->conditions)
    if (c.source == source_of(disease) && (only.empty() || c.id == only)) ids.push_back(c.id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (const auto& id : ids) actions::remove_condition(ctx, who, id, source_of(disease), "cured");
}

void cure(Ctx& ctx, const std::string& who, const std::string& disease, const std::string& reason) {
  ctx.emit("disease_cured", jobj{"creature", who, "disease", disease, "reason", reason});
  remove_conditions(ctx, who, disease);
}

bool living(const Ctx& ctx, const std::string& who) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  return x && !x->death_saves.dead;
}

void start_symptoms(Ctx& ctx, const std::string& who, const Disease& dz) {
  json patch = jobj{"stage", "sick"};
  if (dz.id == "sight-rot") patch["penalty"] = 1;
  if (dz.exhaustion > 0) patch["exhaustion"] = dz.exhaustion;
  json data = jobj{"creature", who, "disease", dz.id, "patch", patch};
  if (dz.duration_minutes > 0) {
    data["patch"]["ends_at"] = ctx.state().minutes + dz.duration_minutes;
    data["patch"]["successes"] = nullptr;
    data["patch"]["failures"] = nullptr;
  }
  ctx.emit("disease_symptoms", std::move(data));
  for (const auto& c : dz.conditions)
    if (living(ctx, who)) add_cond(ctx, who, c, dz.id);
  if (!dz.disadvantage.empty() && living(ctx, who)) add_cond(ctx, who, "disadvantage", dz.id, jobj{"rolls", dz.disadvantage});
  if (dz.exhaustion > 0) add_exhaustion(ctx, who, dz.exhaustion, source_of(dz.id), "disease");
}

int roll_incubation(Ctx& ctx, const Disease& dz, std::optional<int> given) {
  if (dz.incubation_dice.empty()) return 0;
  if (dz.incubation_dice.find('d') == std::string::npos) return std::stoi(dz.incubation_dice);
  if (given) return *given;
  return static_cast<int>(dice::roll(dz.incubation_dice, ctx.rng()).total);
}

void infect(Ctx& ctx, const std::string& who, const Disease& dz, const json& cmd, std::optional<int> dc) {
  const long long now = ctx.state().minutes;
  json inf = jobj{"disease", dz.id, "stage", "incubating", "at", now, "dc", dc.value_or(dz.save_dc.value_or(10))};
  const bool now_sick = param::boolean(cmd, "symptoms", false);
  if (dz.incubation_unit != "saves" && now_sick) {
    inf["symptoms_at"] = now;
  } else if (dz.incubation_unit != "saves") {
    const bool fixed = dz.incubation_dice.find('d') == std::string::npos;
    const int n = roll_incubation(ctx, dz, opt_int(cmd, "incubation_roll", 1, 4));
    if (!fixed) inf["incubation_roll"] = n;
    inf["symptoms_at"] = now + (dz.incubation_unit == "hours" ? n * 60LL : n * kDay);
  }
  const std::string source = param::str(cmd, "source", "");
  if (!source.empty()) inf["source"] = source;
  ctx.emit("disease_infected", jobj{"creature", who, "infection", inf});
  if (now_sick) {
    start_symptoms(ctx, who, dz);
  } else if (dz.incubation_unit == "saves") {
    add_cond(ctx, who, "poisoned", dz.id);  // the contagion spell: poisoned while it makes its saves
  }
}

void on_time(Ctx& ctx, const Event& ev) {
  const long long to = ev.data.value("to", 0LL);
  std::vector<std::pair<std::string, json>> due;
  for (const auto& x : ctx.state().creatures) {
    if (x.death_saves.dead || !infections_json(x).is_array()) continue;
    for (const auto& inf : infections_json(x)) due.emplace_back(x.id, inf);
  }
  for (const auto& [who, inf] : due) {
    if (!living(ctx, who)) continue;
    const Disease* dz = find_disease(inf.value("disease", ""));
    if (!dz) continue;
    if (inf.value("stage", "") == "incubating" && inf.contains("symptoms_at") && inf["symptoms_at"].get<long long>() <= to)
      start_symptoms(ctx, who, *dz);
    else if (inf.contains("ends_at") && inf["ends_at"].get<long long>() <= to)
      cure(ctx, who, dz->id, "expired");
  }
}

// When the long rest began (its time_advanced in this transaction), else now.
long long rest_start(const Ctx& ctx) {
  for (auto it = ctx.events().rbegin(); it != ctx.events().rend(); ++it)
    if (it->type == "time_advanced" && it->data.value("reason", "") == "long_rest") return it->data.value("from", 0LL);
  return ctx.state().minutes;
}

void after_long_rest(Ctx& ctx, const std::string& who, long long start) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->death_saves.dead || !infections_json(*x).is_array()) return;
  const json list = infections_json(*x);
  for (const auto& inf : list) {
    const Disease* dz = find_disease(inf.value("disease", ""));
    if (!dz || inf.value("stage", "") != "sick") continue;
    if (!living(ctx, who)) return;
    x = campaign::find_creature(ctx.state(), who);
    // The exhaustion the disease holds comes back if the rest took it.
    const int held = inf.value("exhaustion", 0);
    auto src = x->exhaustion_sources.find(source_of(dz->id));
    const int tracked = src == x->exhaustion_sources.end() ? 0 : src->second;
    if (held > tracked) add_exhaustion(ctx, who, held - tracked, source_of(dz->id), "disease_holds");
    if (inf.contains("symptoms_at") && inf["symptoms_at"].get<long long>() > start) continue;  // began during the rest
    if (!living(ctx, who)) return;
    x = campaign::find_creature(ctx.state(), who);
    if (dz->long_rest == "save_dc_drops" || dz->long_rest == "save_exhaustion") {
      const int mod = save_bonus(ctx.state(), *x, dz->save);
      const int dc = inf.value("dc", 10);
      actions::create_prompt(ctx, dz->long_rest == "save_dc_drops" ? "diseases.cackle_fever_save" : "diseases.sewer_plague_save", who,
                             jobj{"disease", dz->id, "dice", d20_plus(mod), "dc", dc, "ability", dz->save, "modifier", mod});
    } else if (dz->long_rest == "worsens") {
      if (inf.value("ointment", false)) {
        update(ctx, who, dz->id, "held", jobj{"ointment", nullptr});
        continue;
      }
      const int penalty = std::min(dz->blind_at, inf.value("penalty", 1) + 1);
      if (penalty == inf.value("penalty", 1)) continue;
      update(ctx, who, dz->id, "worsens", jobj{"penalty", penalty});
      if (penalty >= dz->blind_at && living(ctx, who)) add_cond(ctx, who, "blinded", dz->id);
    }
  }
}

void on_rest_finished(Ctx& ctx, const Event& ev) {
  if (ev.data.value("kind", "") != "long") return;
  const long long start = rest_start(ctx);
  std::vector<std::string> ids;
  for (const auto& id : ev.data.value("creatures", json::array()))
    if (id.is_string()) ids.push_back(id.get<std::string>());
  for (const auto& id : ids) after_long_rest(ctx, id, start);
}

const json* sick_with(const Ctx& ctx, const std::string& who, const std::string& disease) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || x->death_saves.dead) return nullptr;
  const json* inf = find_infection(*x, disease);
  return inf && inf->value("stage", "") == "sick" ? inf : nullptr;
}

// Sewer plague: no HP from the long rest (back to what it had), half from Hit Dice.
void on_long_rest_applied(Ctx& ctx, const Event& ev) {
  const std::string who = ev.data.value("creature", "");
  for (const auto& dz : disease_list()) {
    if (!dz.no_long_rest_hp || !sick_with(ctx, who, dz.id)) continue;
    const int before = ev.data.value("hp_before", 0);
    const Creature* x = campaign::find_creature(ctx.state(), who);
    if (x && x->hp > before && before > 0) actions::set_hp(ctx, who, before, source_of(dz.id));
    return;
  }
}

void on_hp_changed(Ctx& ctx, const Event& ev) {
  const std::string who = ev.data.value("creature", "");
  const std::string cause = ev.data.value("cause", "");
  if (cause.rfind("disease:", 0) == 0) return;
  const int old_hp = ev.data.value("old", 0), new_hp = ev.data.value("new", 0);
  if (cause == "hit_dice" && new_hp > old_hp) {
    for (const auto& dz : disease_list())
      if (dz.half_hit_dice && sick_with(ctx, who, dz.id)) {
        actions::set_hp(ctx, who, old_hp + (new_hp - old_hp) / 2, source_of(dz.id));
        return;
      }
    return;
  }
  const bool hurt = new_hp < old_hp || ev.data.value("temp_new", 0) < ev.data.value("temp_old", 0);
  if (!hurt) return;
  for (const auto& dz : disease_list())
    if (dz.stunned_on_damage && sick_with(ctx, who, dz.id)) {
      campaign::Until u;
      u.kind = "end_of_next_turn";
      add_cond(ctx, who, "stunned", dz.id, nullptr, u);
    }
}

void on_cackle_fever_save(Ctx& ctx, const Prompt& p, const json& answer) {
  const std::string who = p.creature, id = "cackle-fever";
  const json* found = sick_with(ctx, who, id);
  if (!found) return;
  const json inf = *found;  // a copy: the events below change the state
  const Disease& dz = disease_of(id);
  if (answer.value("success", false)) {
    const std::optional<int> entered = then_roll(ctx, p);
    const int d6 = entered && *entered >= 1 && *entered <= 6 ? *entered : ctx.rng().die(6);
    const int old = inf.value("dc", 13), dc = std::max(0, old - d6);
    update(ctx, who, id, "dc_drops", jobj{"dc", dc}, jobj{"d6", d6, "old", old});
    if (dc == 0) cure(ctx, who, id, "saves");
    return;
  }
  const int before = inf.value("failures", 0), failures = std::min(3, before + 1);
  update(ctx, who, id, "laughter", jobj{"failures", failures}, jobj{"of", dz.madness_after_failures});
  campaign::Until minute;
  minute.kind = "minutes";
  minute.minutes = 1;
  if (living(ctx, who)) add_cond(ctx, who, "incapacitated", id, nullptr, minute);
  if (living(ctx, who)) {
    actions::DamageOptions o;
    o.damage_type = "psychic";
    o.cause = source_of(id);
    // 1d10 psychic; on Mechanus (planes rule) the mean, rounded down: 5
    actions::damage(ctx, who, averages_damage(ctx, who) ? static_cast<int>(mean_damage("1d10")) : ctx.rng().die(10), o);
  }
  if (failures != dz.madness_after_failures || before >= failures || !living(ctx, who)) return;
  if (ctx.module_enabled(kMadness)) {
    const Lang lang = parse_lang(ctx.state().settings.language).value_or(Lang::en);
    ctx.run(jobj{"type", "InflictMadness", "target", who, "kind", "indefinite", "source", dz.name.in(lang)});
  } else {
    update(ctx, who, id, "madness_off", json::object());
  }
}

void on_sewer_plague_save(Ctx& ctx, const Prompt& p, const json& answer) {
  const std::string who = p.creature, id = "sewer-plague";
  const json* found = sick_with(ctx, who, id);
  if (!found) return;
  const int held = found->value("exhaustion", 0);
  if (!answer.value("success", false)) {
    update(ctx, who, id, "worse", jobj{"exhaustion", std::min(6, held + 1)});
    add_exhaustion(ctx, who, 1, source_of(id), "disease");
    return;
  }
  update(ctx, who, id, "better", jobj{"exhaustion", std::max(0, held - 1)});
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (x && x->exhaustion > 0) actions::set_exhaustion(ctx, who, x->exhaustion - 1, source_of(id), "disease");
  x = campaign::find_creature(ctx.state(), who);
  if (x && !x->death_saves.dead && x->exhaustion < 1) cure(ctx, who, id, "recovered");
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const Disease& require_disease(const json& cmd) {
  const std::string id = param::str(cmd, "disease");
  const Disease* d = find_disease(id);
  if (!d) throw UserError("rules.err.disease_unknown", jobj{"id", id, "allowed", joined(disease_ids(), ", ")});
  return *d;
}

void validate_new(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const Disease& dz = require_disease(cmd);
  if (find_infection(x, dz.id)) throw UserError("rules.err.disease_already", jobj{"name", x.name, "disease", dz.name.en});
  opt_int(cmd, "dc", 1, 40);
  opt_int(cmd, "incubation_roll", 1, 4);
  param::boolean(cmd, "symptoms", false);
  if (!dz.save_dc && !param::find(cmd, "dc")) throw UserError("rules.err.disease_dc_needed", jobj{"disease", dz.name.en});
  if (param::str(cmd, "source", "").size() > 200) throw UserError("state.err.too_long", jobj{"path", "source", "max", 200});
}

void validate_expose(const Campaign& c, const json& cmd) {
  validate_new(c, cmd);
  param::integer(cmd, "roll", -100, 1000, 0);
}

void execute_expose(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const Disease& dz = require_disease(cmd);
  const std::string who = x.id;
  const std::optional<int> dc = opt_int(cmd, "dc", 1, 40);
  if (dz.kind == "contagion") {  // the spell's touch: no save now, the saves follow turn by turn
    infect(ctx, who, dz, cmd, dc);
    return;
  }
  const int target_dc = dc.value_or(*dz.save_dc);
  const int mod = save_bonus(ctx.state(), x, dz.save);
  json data = jobj{"creature", who, "disease", dz.id, "dc", target_dc, "modifier", mod};
  const int total = d20_total(ctx, cmd, mod, data);
  data["total"] = total;
  data["success"] = total >= target_dc;
  ctx.emit("disease_save", data);
  if (total < target_dc) infect(ctx, who, dz, cmd, dc);
}

void execute_infect(Ctx& ctx, const json& cmd) {
  const Disease& dz = require_disease(cmd);
  infect(ctx, param::str(cmd, "target"), dz, cmd, opt_int(cmd, "dc", 1, 40));
}

const json& chosen(const Creature& x, const json& cmd) {
  return chosen_entry(x, infections_json(x), cmd, "disease", "disease",
                      {"rules.err.no_disease", "rules.err.disease_not_infected", "rules.err.disease_which"});
}

void validate_cure(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const std::string means = param::str(cmd, "means");
  if (std::find(kDiseaseMeans.begin(), kDiseaseMeans.end(), means) == kDiseaseMeans.end())
    throw UserError("campaign.err.param", jobj{"param", "means", "expected", "lesser_restoration, heal, lay_on_hands, eyebright, dm"});
  const json& inf = chosen(x, cmd);
  if (means == "eyebright") {
    if (inf.value("disease", "") != "sight-rot") throw UserError("rules.err.eyebright_sight_rot", jobj{"name", x.name});
    if (inf.value("ointment", false)) throw UserError("rules.err.eyebright_applied", jobj{"name", x.name});
  }
}

void execute_cure(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const std::string who = x.id, means = param::str(cmd, "means");
  const json inf = chosen(x, cmd);
  const std::string disease = inf.value("disease", "");
  if (means == "eyebright") {
    const Disease& dz = disease_of(disease);
    const int doses = inf.value("doses", 0) + 1;
    update(ctx, who, disease, "ointment", jobj{"doses", doses, "ointment", true}, jobj{"of", dz.doses_to_cure});
    if (doses >= dz.doses_to_cure) cure(ctx, who, disease, "eyebright");
    return;
  }
  cure(ctx, who, disease, means);
}

void validate_record(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const Disease& dz = require_disease(cmd);
  const json* inf = find_infection(x, dz.id);
  if (!inf) throw UserError("rules.err.disease_not_infected", jobj{"name", x.name, "id", dz.id});
  if (dz.kind != "contagion" || inf->value("stage", "") != "incubating")
    throw UserError("rules.err.disease_no_turn_saves", jobj{"name", x.name, "disease", dz.name.en});
  const bool has_success = param::find(cmd, "success") != nullptr, has_roll = param::find(cmd, "roll") != nullptr;
  if (has_success == has_roll) throw UserError("rules.err.disease_success_or_roll");
  param::boolean(cmd, "success", false);
  param::integer(cmd, "roll", -100, 1000, 0);
}

void execute_record(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const Disease& dz = require_disease(cmd);
  const std::string who = x.id;
  const json inf = *find_infection(x, dz.id);
  const int dc = inf.value("dc", 10);
  bool success = false;
  json more = jobj{"dc", dc};
  if (param::find(cmd, "roll")) {
    const int total = static_cast<int>(param::integer(cmd, "roll", -100, 1000));
    success = total >= dc;
    more["total"] = total;
  } else {
    success = param::boolean(cmd, "success", false);
  }
  const int successes = inf.value("successes", 0) + (success ? 1 : 0);
  const int failures = inf.value("failures", 0) + (success ? 0 : 1);
  more["success"] = success;
  update(ctx, who, dz.id, "turn_save", jobj{"successes", successes, "failures", failures}, more);
  if (successes >= 3) {
    cure(ctx, who, dz.id, "saves");
  } else if (failures >= 3) {
    remove_conditions(ctx, who, dz.id, "poisoned");
    start_symptoms(ctx, who, dz);
  }
}

void install(Engine& e) {
  event(e, "disease_save", [](Campaign&, const json&) {}, render_save);
  event(e, "disease_infected", apply_infected, render_infected);
  event(e, "disease_symptoms", [](Campaign& c, const json& d) { patch_infection(c, d); }, render_symptoms);
  event(e, "disease_updated", [](Campaign& c, const json& d) { patch_infection(c, d); }, render_updated);
  event(e, "disease_cured", apply_cured, render_cured);
  e.allow_params("ResolvePrompt", {"then_roll"});  // the d6 the table rolled for a successful save's DC drop
  command(e, "ExposeToDisease", {"target", "disease", "roll", "dc", "incubation_roll", "source"}, validate_expose, execute_expose);
  command(e, "InfectDisease", {"target", "disease", "dc", "incubation_roll", "source", "symptoms"}, validate_new, execute_infect);
  command(e, "RecordDiseaseSave", {"target", "disease", "success", "roll"}, validate_record, execute_record);
  command(e, "CureDisease", {"target", "disease", "means"}, validate_cure, execute_cure);
  e.on_event("time_advanced", on_time);
  e.on_event("rest_finished", on_rest_finished);
  e.on_event("long_rest_applied", on_long_rest_applied);
  e.on_event("hp_changed", on_hp_changed);
  e.on_prompt("diseases.cackle_fever_save", on_cackle_fever_save);
  e.on_prompt("diseases.sewer_plague_save", on_sewer_plague_save);
}

}  // namespace

const std::vector<Disease>& disease_list() {
  static const std::vector<Disease> list = [] {
    const nlohmann::json data = assets::json("data/rules/diseases.json");
    return read_catalogue<Disease>(data.at("diseases"), "diseases.json", [&](const nlohmann::json& j) {
      Disease d;
      d.id = j.at("id").get<std::string>();
      d.kind = j.at("kind").get<std::string>();
      d.name = catalogue_text(j.at("name"));
      d.save = j.value("save", std::string("con"));
      if (j.contains("save_dc") && j["save_dc"].is_number_integer()) d.save_dc = j["save_dc"].get<int>();
      const auto& inc = j.at("incubation");
      d.incubation_dice = inc.value("dice", std::string());
      d.incubation_unit = inc.at("unit").get<std::string>();
      d.exhaustion = j.value("exhaustion", 0);
      d.long_rest = j.at("long_rest").get<std::string>();
      d.madness_after_failures = j.value("madness_after_failures", 0);
      d.half_hit_dice = j.value("half_hit_dice", false);
      d.no_long_rest_hp = j.value("no_long_rest_hp", false);
      d.blind_at = j.value("blind_at", 0);
      d.doses_to_cure = j.value("doses_to_cure", 0);
      d.duration_minutes = j.value("duration_minutes", 0LL);
      d.conditions = j.value("conditions", std::vector<std::string>{});
      d.disadvantage = j.value("disadvantage", std::vector<std::string>{});
      d.vulnerable_to_all = j.value("vulnerable_to_all", false);
      d.stunned_on_damage = j.value("stunned_on_damage", false);
      d.symptoms = catalogue_text(j.at("symptoms"));
      d.long_rest_text = catalogue_text(j.value("long_rest_text", nlohmann::json()));
      static const std::set<std::string> units = {"hours", "days", "saves"}, rests = {"save_dc_drops", "save_exhaustion", "worsens", "none"};
      if (d.kind != "sample" && d.kind != "contagion") throw std::runtime_error("diseases.json: unknown kind " + d.kind);
      if (!units.count(d.incubation_unit)) throw std::runtime_error("diseases.json: unknown unit " + d.incubation_unit);
      if (!rests.count(d.long_rest)) throw std::runtime_error("diseases.json: unknown long_rest " + d.long_rest);
      if (!d.name.complete() || !d.symptoms.complete()) throw std::runtime_error("diseases.json: texts missing for " + d.id);
      if ((d.kind == "contagion") != !d.save_dc) throw std::runtime_error("diseases.json: save_dc of " + d.id);
      return d;
    });
  }();
  return list;
}

const Disease* find_disease(std::string_view id) { return find_by_id(disease_list(), id); }

std::vector<std::string> disease_ids() { return ids_of(disease_list()); }

std::vector<Infection> infections_of(const Creature& x) {
  return read_list<Infection>(infections_json(x), [](const json& j) {
    Infection i;
    i.disease = j.value("disease", "");
    i.info = find_disease(i.disease);
    i.stage = j.value("stage", "");
    i.at = j.value("at", 0LL);
    if (j.contains("symptoms_at")) i.symptoms_at = j["symptoms_at"].get<long long>();
    if (j.contains("ends_at")) i.ends_at = j["ends_at"].get<long long>();
    i.dc = j.value("dc", 0);
    i.failures = j.value("failures", 0);
    i.successes = j.value("successes", 0);
    i.penalty = j.value("penalty", 0);
    i.doses = j.value("doses", 0);
    i.ointment = j.value("ointment", false);
    i.exhaustion = j.value("exhaustion", 0);
    i.source = j.value("source", "");
    return i;
  });
}

DiseasesView diseases_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kDiseases, false), c.minutes, infections_of(x)};
}

Module diseases() {
  return {kDiseases, false, install,
          {.seed = "Хвороби",
           .own_calculators = {disease_calculator()},
           .reference = {"dm-diseases", "dm-disease-cackle-fever", "dm-disease-sewer-plague", "dm-disease-sight-rot",
                         "dm-contagion-diseases"},
           .creature_data = {infections_field(), notes_field()}}};
}

}  // namespace druzina::rules
