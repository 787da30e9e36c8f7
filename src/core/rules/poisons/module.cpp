// DM rule "poisons" (on by default): the SRD's fourteen poisons as data (assets/data/rules/poisons.json, read once and
// checked: ids unique, types known, DC and price positive), the calculator `poison` (calc.cpp), the reference
// (dm-poisons, dm-poison-list) and a poison as an effect on a creature.
//
//   PoisonCreature {target, poison, roll?: the CON save's total, source?}
//     → poison_save {creature, poison, total, dc, success, rolled, roll?, modifier} (d20 + the creature's CON save
//       bonus, proficiency included, unless the total is given; a success at the DC).
//     Failure → the poison's damage rolled (poison damage through actions::damage: resistance, immunity and
//       vulnerability apply), and when it has conditions or an end: poison_applied {creature, effect: {id, poison,
//       at, ends_at?, source?, save, dc, damage}} and its conditions with source poison:<id>, each until the end
//       (minutes; torpor's 4d6 hours rolled), pale tincture's until cured. Drow poison failed by 5 or more: also
//       unconscious. Drow poison, essence of ether and oil of taggit: the unconsciousness ends when the creature
//       takes damage (the poison itself goes on).
//     Success → half the damage where the poison says so, nothing else.
//     poison_damage {creature, poison, dice, rolled, half} says the roll before the damage's hp_changed.
//   Immunity: a creature immune to poison damage and to the poisoned condition is refused (rules.err.poison_immune:
//     the DM sees why, nothing is rolled). Immune to one of the two: the save is made; the damage goes through the
//     immunity (0), the conditions it is immune to are not set and poison_applied lists them (immune_to), the log
//     says so.
//   A second dose of a poison already acting is refused (rules.err.poison_already): cure it first.
//   CurePoison {target, poison? (needed with more than one), means: lesser_restoration | protection_from_poison |
//     dm} → poison_ended {creature, effect, poison, reason: <means>} and its conditions removed.
//   Time (time_advanced): an effect whose ends_at has come → poison_ended reason expired, its conditions removed.
//   RecordPoisonSave {target, poison?, success? | roll?: the total}: one of the saves a poison repeats (crawler mucus
//     at the end of each turn: one success ends it; burnt othur fumes at the start of each turn: 3d6 on a failure,
//     three successes end it — it is stored as an effect for that; pale tincture every 24 hours: 1d6 on a failure,
//     seven successes) → poison_repeat_save {creature, poison, success, successes, of, dc, total?}; the last success
//     → poison_ended reason saves. The table says when (the app does not ask at each turn or day).
// Data: Creature::modules["poisons"].effects (absent = none), shown to players.
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] what the hooks and commands do
#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/campaign/wire_rows.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/rules/poisons/poisons.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kEffects = "effects";
constexpr const char* kReasonPrefix = "rules.poisons.reason.";

std::string source_of(const std::string& poison) { return "poison:" + poison; }

// [SECTION] data ------------------------------------------------------------------------------------------------------
void validate_effect(const json& e) {
  if (!e.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"id", "poison", "at", "ends_at", "source", "save", "dc", "damage", "successes"};
  for (const auto& [k, v] : e.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k))
      jr::fail_value("not_one_of", jobj{"value", k, "allowed", "id, poison, at, ends_at, source, save, dc, damage, successes"});
    if (k == "id" || k == "poison" || k == "source") {
      if (!v.is_string()) jr::fail_type("string");
    } else if (k == "save") {
      int_in(v, -100, 1000);
    } else if (k == "dc") {
      int_in(v, 1, 40);
    } else if (k == "damage") {
      int_in(v, 0, 10000);
    } else if (k == "successes") {
      int_in(v, 0, 7);
    } else {
      int_in(v, 0, 1'000'000'000'000LL);
    }
  }
  require_keys(e, {"id", "poison", "at", "dc"});
  if (!find_poison(e["poison"].get<std::string>())) {
    jr::PathGuard g("poison");
    jr::fail_value("not_one_of", jobj{"value", e["poison"].get<std::string>(), "allowed", "a poison of poisons.json"});
  }
}

// In the table link (and so the live table): each poison acting by its poison's id ("po": [id, poison, at, dc,
// ends_at, save, damage, successes, source]) — the reader's phone writes its name in her language from its own
// poisons.json, as it does from a character link, which carries the entry as it is.
campaign::DataField effects_field() {
  campaign::DataField f{kEffects, "list of poisons acting {id, poison, at, ends_at?, source?, save, dc, damage, successes?} (one per poison)", false,
          [](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            if (v.size() > 14) jr::fail_value("too_many", jobj{"value", v.size(), "max", 14});
            std::set<std::string> ids, poisons;
            size_t i = 0;
            for (const auto& e : v) {
              jr::PathGuard g(i++);
              validate_effect(e);
              if (!ids.insert(e["id"].get<std::string>()).second) {
                jr::PathGuard d("id");
                jr::fail_value("duplicate_id", jobj{"id", e["id"].get<std::string>()});
              }
              if (!poisons.insert(e["poison"].get<std::string>()).second) {
                jr::PathGuard d("poison");
                jr::fail_value("duplicate_id", jobj{"id", e["poison"].get<std::string>()});
              }
            }
          }};
  // (the ids are the list's own, p1 …, not the campaign's counter)
  f.wire = campaign::wire_rows("po", {"id", "poison", "at", "dc", "ends_at", "save", "damage", "successes", "source"});
  return f;
}

const json& effects_json(const Creature& x) { return creature_data(x, kPoisons, kEffects); }

const json* find_effect(const Creature& x, const std::string& poison) { return find_in_list(effects_json(x), "poison", poison); }

std::string next_id(const Creature& x) { return next_list_id(effects_json(x), 'p'); }

bool has(const std::vector<std::string>& list, const std::string& x) { return std::find(list.begin(), list.end(), x) != list.end(); }

bool condition_of_source(const Creature& x, const std::string& id, const std::string& source) {
  return std::any_of(x.conditions.begin(), x.conditions.end(), [&](const Condition& c) { return c.id == id && c.source == source; });
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_applied(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& eff = d.at("effect");
  validate_effect(eff);
  set_creature_data(x, kPoisons, kEffects, list_with(effects_json(x), eff, "poison", "poisoned twice"));
}

// The stored effect of `poison` in a creature's list; a history that names one it does not have is corrupt.
json::iterator effect_in(json& list, const std::string& poison) { return entry_in(list, "poison", poison, "no poison " + poison); }

void apply_ended(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string poison = d.at("poison").get<std::string>();
  json list = effects_json(x);
  list.erase(effect_in(list, poison));
  set_creature_data(x, kPoisons, kEffects, list.empty() ? json(nullptr) : std::move(list));
}

// poison_repeat_save: the successes so far.
void apply_repeat(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string poison = d.at("poison").get<std::string>();
  json list = effects_json(x);
  auto it = effect_in(list, poison);
  (*it)["successes"] = d.at("successes").get<int>();
  validate_effect(*it);
  set_creature_data(x, kPoisons, kEffects, std::move(list));
}

std::string poison_name(Lang lang, const json& d) {
  const Poison* x = find_poison(d.value("poison", ""));
  return x ? x->name.in(lang) : d.value("poison", "");
}

std::string render_save(const json& d, const LogContext& lc) {
  const Poison* p = find_poison(d.value("poison", ""));
  std::string key = "event.poison_save_failure";
  if (d.value("success", false)) key = p && p->half_on_success ? "event.poison_save_half" : "event.poison_save_success";
  return tr(lc.lang, key,
            jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, d), "total", d.value("total", 0), "dc", d.value("dc", 0)});
}

std::string render_damage(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("half", false) ? "event.poison_damage_half" : "event.poison_damage",
            jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, d), "dice", d.value("dice", ""),
             "rolled", d.value("rolled", 0), "amount", d.value("amount", 0)});
}

std::string render_applied(const json& d, const LogContext& lc) {
  const json& eff = d.value("effect", json::object());
  json args = jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, eff)};
  std::string conds;
  if (const Poison* p = find_poison(eff.value("poison", "")))
    for (const auto& c : p->conditions)
      if (!has(d.value("immune_to", std::vector<std::string>{}), c)) append(conds, ", ", label(lc.lang, "campaign.condition." + c, c));
  if (d.value("unconscious", false)) append(conds, ", ", label(lc.lang, "campaign.condition.unconscious", "unconscious"));
  args["conditions"] = conds.empty() ? tr(lc.lang, "rules.poisons.no_conditions") : conds;
  if (eff.contains("ends_at")) {
    const long long m = eff["ends_at"].get<long long>() - eff.value("at", 0LL);
    args["end"] = m % 60 == 0 ? tr(lc.lang, "rules.poisons.for_hours", jobj{"n", m / 60}) : tr(lc.lang, "rules.poisons.for_minutes", jobj{"n", m});
  } else {
    args["end"] = tr(lc.lang, "rules.poisons.until_cured");
  }
  std::string line = tr(lc.lang, "event.poison_applied", args);
  if (eff.contains("source")) line += " " + tr(lc.lang, "rules.poisons.source", jobj{"source", eff["source"]});
  std::string immune;
  for (const auto& c : d.value("immune_to", std::vector<std::string>{})) append(immune, ", ", label(lc.lang, "campaign.condition." + c, c));
  if (!immune.empty()) line += " " + tr(lc.lang, "rules.poisons.immune_to", jobj{"conditions", immune});
  return line;
}

std::string render_ended(const json& d, const LogContext& lc) {
  const std::string how = kReasonPrefix + d.value("reason", std::string("dm"));
  return tr(lc.lang, "event.poison_ended", jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, d), "how", tr(lc.lang, how)});
}

std::string render_repeat(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, d), "successes", d.value("successes", 0),
               "of", d.value("of", 0)};
  args["roll"] = d.contains("total") ? " " + tr(lc.lang, "rules.poisons.total", jobj{"total", d["total"], "dc", d.value("dc", 0)}) : "";
  return tr(lc.lang, d.value("success", false) ? "event.poison_repeat_success" : "event.poison_repeat_failure", args);
}

std::string render_woke(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.poison_woke", jobj{"name", name_of(lc, d), "poison", poison_name(lc.lang, d)});
}

// [SECTION] what the hooks and commands do ----------------------------------------------------------------------------
bool living(const Ctx& ctx, const std::string& who) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  return x && !x->death_saves.dead;
}

void remove_conditions(Ctx& ctx, const std::string& who, const std::string& poison, const std::string& reason,
                       const std::string& only = {}) {
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x) return;
  std::vector<std::string> ids;
  for (const auto& c : x->conditions)
    if (c.source == source_of(poison) && (only.empty() || c.id == only)) ids.push_back(c.id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (const auto& id : ids) actions::remove_condition(ctx, who, id, source_of(poison), reason);
}

void end_poison(Ctx& ctx, const std::string& who, const json& eff, const std::string& reason) {
  const std::string poison = eff.value("poison", "");
  ctx.emit("poison_ended", jobj{"creature", who, "effect", eff.value("id", ""), "poison", poison, "reason", reason});
  remove_conditions(ctx, who, poison, reason == "expired" ? "expired" : "cured");
}

void deal_damage(Ctx& ctx, const std::string& who, const Poison& p, bool half) {
  if (p.damage.empty() || !living(ctx, who)) return;
  const DamageRoll r = roll_damage(ctx, p.damage, who);  // Mechanus (planes rule): the mean, rounded down
  const int rolled = r.total;
  const int amount = half ? rolled / 2 : rolled;
  json d = jobj{"creature", who, "poison", p.id, "dice", p.damage, "rolled", rolled, "amount", amount, "half", half};
  if (r.average) d["average"] = true;
  ctx.emit("poison_damage", std::move(d));
  actions::DamageOptions o;
  o.damage_type = "poison";
  o.cause = source_of(p.id);
  actions::damage(ctx, who, amount, o);
}

const Poison& require_poison(const json& cmd) {
  const std::string id = param::str(cmd, "poison");
  const Poison* p = find_poison(id);
  if (!p) throw UserError("rules.err.poison_unknown", jobj{"id", id, "allowed", joined(poison_ids(), ", ")});
  return *p;
}

void validate_poison(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const Poison& p = require_poison(cmd);
  if (has(x.immunities, "poison") && has(x.condition_immunities, "poisoned"))
    throw UserError("rules.err.poison_immune", jobj{"name", x.name, "poison", p.name.en});
  if (find_effect(x, p.id)) throw UserError("rules.err.poison_already", jobj{"name", x.name, "poison", p.name.en});
  param::integer(cmd, "roll", -100, 1000, 0);
  if (param::str(cmd, "source", "").size() > 200) throw UserError("state.err.too_long", jobj{"path", "source", "max", 200});
}

void execute_poison(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const Poison& p = require_poison(cmd);
  const std::string who = x.id;
  const int mod = save_bonus(ctx.state(), x, "con");
  const std::vector<std::string> cond_immune = x.condition_immunities;
  json data = jobj{"creature", who, "poison", p.id, "dc", p.save_dc, "modifier", mod};
  const int total = d20_total(ctx, cmd, mod, data);
  const bool success = total >= p.save_dc;
  data["total"] = total;
  data["success"] = success;
  ctx.emit("poison_save", data);
  if (success) {
    if (p.half_on_success) deal_damage(ctx, who, p, true);
    return;
  }
  deal_damage(ctx, who, p, false);
  const Creature* now = campaign::find_creature(ctx.state(), who);
  int dealt = 0;  // the damage as applied (after resistance / immunity): the amount of its hp_changed
  for (auto it = ctx.events().rbegin(); it != ctx.events().rend(); ++it)
    if (it->type == "hp_changed" && it->data.value("cause", "") == source_of(p.id)) {
      dealt = it->data.value("amount", 0);
      break;
    }
  if ((p.conditions.empty() && p.repeat_when.empty()) || !living(ctx, who)) return;  // just damage (serpent venom …)
  const long long at = ctx.state().minutes;
  long long minutes = p.duration_minutes;
  json eff = jobj{"id", next_id(*now), "poison", p.id, "at", at, "save", total, "dc", p.save_dc, "damage", dealt};
  json more = json::object();
  if (!p.duration_dice_hours.empty()) {
    const int hours = static_cast<int>(dice::roll(p.duration_dice_hours, ctx.rng()).total);
    minutes = hours * 60LL;
    more["hours_roll"] = hours;
  }
  if (minutes > 0) eff["ends_at"] = at + minutes;
  const std::string source = param::str(cmd, "source", "");
  if (!source.empty()) eff["source"] = source;
  std::vector<std::string> conds, immune;
  for (const auto& c : p.conditions) (has(cond_immune, c) ? immune : conds).push_back(c);
  const bool knocked_out = p.unconscious_if_fails_by > 0 && p.save_dc - total >= p.unconscious_if_fails_by &&
                           !has(cond_immune, "unconscious");
  if (knocked_out) conds.push_back("unconscious");
  if (p.repeat_successes > 0) eff["successes"] = 0;
  json ev = jobj{"creature", who, "effect", eff};
  if (!immune.empty()) ev["immune_to"] = immune;
  if (knocked_out) ev["unconscious"] = true;
  for (const auto& [k, v] : more.items()) ev[k] = v;
  ctx.emit("poison_applied", std::move(ev));
  for (const auto& id : conds) {
    if (!living(ctx, who)) break;
    Condition c;
    c.id = id;
    c.source = source_of(p.id);
    if (minutes > 0) {
      c.until.kind = "minutes";
      c.until.minutes = minutes;
    }
    actions::add_condition(ctx, who, std::move(c));
  }
}

const json& chosen(const Creature& x, const json& cmd) {
  return chosen_entry(x, effects_json(x), cmd, "poison", "poison",
                      {"rules.err.no_poison", "rules.err.poison_not_acting", "rules.err.poison_which"});
}

void validate_cure(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const std::string means = param::str(cmd, "means");
  if (!has(kPoisonMeans, means))
    throw UserError("campaign.err.param", jobj{"param", "means", "expected", "lesser_restoration, protection_from_poison, dm"});
  chosen(x, cmd);
}

void execute_cure(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const std::string who = x.id;
  const json eff = chosen(x, cmd);
  end_poison(ctx, who, eff, param::str(cmd, "means"));
}

void validate_record(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& e = chosen(x, cmd);
  const Poison* p = find_poison(e.value("poison", ""));
  if (!p || p->repeat_when.empty()) throw UserError("rules.err.poison_no_repeat", jobj{"name", x.name, "poison", p ? p->name.en : ""});
  const bool has_success = param::find(cmd, "success") != nullptr, has_roll = param::find(cmd, "roll") != nullptr;
  if (has_success == has_roll) throw UserError("rules.err.poison_success_or_roll");
  param::boolean(cmd, "success", false);
  param::integer(cmd, "roll", -100, 1000, 0);
}

// One of the saves the poison repeats: a failure deals its damage again, enough successes end it.
void execute_record(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const std::string who = x.id;
  const json eff = chosen(x, cmd);
  const Poison& p = *find_poison(eff.value("poison", ""));
  json data = jobj{"creature", who, "poison", p.id, "dc", p.save_dc, "of", p.repeat_successes};
  bool success = false;
  if (param::find(cmd, "roll")) {
    const int total = static_cast<int>(param::integer(cmd, "roll", -100, 1000));
    success = total >= p.save_dc;
    data["total"] = total;
  } else {
    success = param::boolean(cmd, "success", false);
  }
  const int successes = std::min(p.repeat_successes, eff.value("successes", 0) + (success ? 1 : 0));
  data["success"] = success;
  data["successes"] = successes;
  ctx.emit("poison_repeat_save", data);
  if (success && successes >= p.repeat_successes) {
    end_poison(ctx, who, eff, "saves");
    return;
  }
  if (!success && !p.repeat_damage.empty() && living(ctx, who)) {
    Poison again = p;
    again.damage = p.repeat_damage;
    deal_damage(ctx, who, again, false);
  }
}

void on_time(Ctx& ctx, const Event& ev) {
  const long long to = ev.data.value("to", 0LL);
  std::vector<std::pair<std::string, json>> due;
  for (const auto& x : ctx.state().creatures) {
    if (!effects_json(x).is_array()) continue;
    for (const auto& e : effects_json(x))
      if (e.contains("ends_at") && e["ends_at"].get<long long>() <= to) due.emplace_back(x.id, e);
  }
  for (const auto& [who, e] : due) end_poison(ctx, who, e, "expired");
}

// Drow poison, essence of ether, oil of taggit: damage wakes the creature (its poisoned goes on).
void on_hp_changed(Ctx& ctx, const Event& ev) {
  const std::string who = ev.data.value("creature", "");
  const bool hurt = ev.data.value("new", 0) < ev.data.value("old", 0) || ev.data.value("temp_new", 0) < ev.data.value("temp_old", 0);
  if (!hurt || !living(ctx, who)) return;
  const Creature* x = campaign::find_creature(ctx.state(), who);
  if (!x || !effects_json(*x).is_array()) return;
  std::vector<std::string> woke;
  for (const auto& e : effects_json(*x)) {
    const Poison* p = find_poison(e.value("poison", ""));
    if (p && p->wakes_on_damage && condition_of_source(*x, "unconscious", source_of(p->id))) woke.push_back(p->id);
  }
  for (const auto& id : woke) {
    ctx.emit("poison_woke", jobj{"creature", who, "poison", id});
    remove_conditions(ctx, who, id, "woke", "unconscious");
  }
}

void install(Engine& e) {
  event(e, "poison_save", [](Campaign&, const json&) {}, render_save);
  event(e, "poison_damage", [](Campaign&, const json&) {}, render_damage);
  event(e, "poison_applied", apply_applied, render_applied);
  event(e, "poison_ended", apply_ended, render_ended);
  event(e, "poison_woke", [](Campaign&, const json&) {}, render_woke);
  event(e, "poison_repeat_save", apply_repeat, render_repeat);
  command(e, "PoisonCreature", {"target", "poison", "roll", "source"}, validate_poison, execute_poison);
  command(e, "CurePoison", {"target", "poison", "means"}, validate_cure, execute_cure);
  command(e, "RecordPoisonSave", {"target", "poison", "success", "roll"}, validate_record, execute_record);
  e.on_event("time_advanced", on_time);
  e.on_event("hp_changed", on_hp_changed);
}

}  // namespace

const std::vector<Poison>& poison_list() {
  static const std::vector<Poison> list = [] {
    const nlohmann::json data = assets::json("data/rules/poisons.json");
    return read_catalogue<Poison>(data.at("poisons"), "poisons.json", [&](const nlohmann::json& j) {
      Poison p;
      p.id = j.at("id").get<std::string>();
      const auto& n = j.at("name");
      p.name = n.get<Text>();  // a language not loaded (the web build's packs, assets.hpp) is empty
      p.type = j.at("type").get<std::string>();
      p.save_dc = j.at("save_dc").get<int>();
      p.price_gp = j.at("price_gp").get<int>();
      p.damage = j.value("damage", std::string());
      p.half_on_success = j.value("half_on_success", false);
      p.conditions = j.value("conditions", std::vector<std::string>{});
      p.duration_minutes = j.value("duration_minutes", 0);
      p.duration_dice_hours = j.value("duration_dice_hours", std::string());
      p.unconscious_if_fails_by = j.value("unconscious_if_fails_by", 0);
      p.wakes_on_damage = j.value("wakes_on_damage", false);
      if (j.contains("repeat_save")) {
        const auto& r = j["repeat_save"];
        p.repeat_when = r.at("when").get<std::string>();
        p.repeat_damage = r.value("damage", std::string());
        p.repeat_successes = r.at("successes").get<int>();
        static const std::set<std::string> whens = {"start_of_turn", "end_of_turn", "every_24_hours"};
        if (!whens.count(p.repeat_when) || p.repeat_successes < 1 || p.repeat_successes > 7)
          throw std::runtime_error("poisons.json: repeat_save of " + p.id);
      }
      if (std::find(kPoisonTypes.begin(), kPoisonTypes.end(), p.type) == kPoisonTypes.end())
        throw std::runtime_error("poisons.json: unknown type " + p.type);
      return p;
    });
  }();
  return list;
}

const Poison* find_poison(std::string_view id) { return find_by_id(poison_list(), id); }

std::vector<std::string> poison_ids() { return ids_of(poison_list()); }

std::vector<PoisonEffect> poison_effects_of(const Creature& x) {
  return read_list<PoisonEffect>(effects_json(x), [](const json& j) {
    PoisonEffect e;
    e.id = j.value("id", "");
    e.poison = j.value("poison", "");
    e.info = find_poison(e.poison);
    e.at = j.value("at", 0LL);
    if (j.contains("ends_at")) e.ends_at = j["ends_at"].get<long long>();
    e.source = j.value("source", "");
    e.save = j.value("save", 0);
    e.dc = j.value("dc", 0);
    e.damage = j.value("damage", 0);
    e.successes = j.value("successes", 0);
    return e;
  });
}

PoisonsView poisons_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kPoisons, true), c.minutes, poison_effects_of(x)};
}

Module poisons() {
  return {kPoisons, true, install,
          {.seed = "Отрути",
           .own_calculators = {poison_calculator()},
           .reference = {"dm-poisons", "dm-poison-list"},
           .creature_data = {effects_field(), notes_field()}}};
}

}  // namespace druzina::rules
