// HP, death, conditions, exhaustion: hp_changed, died, death_saves_set, condition_added / _removed, exhaustion_changed.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

namespace {

// + the died event's cause ("instant_death", "zero_hp", …). Saves written before the base named its instant death
// "instant_death" recorded it under the house rule's name: campaign.json keeps that key's text for their log.
constexpr const char* kDiedPrefix = "event.died.";
constexpr const char* kDeathSavePrefix = "event.death_save.";
constexpr const char* kDeathSavesPrefix = "event.death_saves.";

void apply_hp_changed(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  x.hp = i(d, "new");
  if (d.contains("temp_new")) x.temp_hp = i(d, "temp_new");  // absent: temp HP untouched
}

std::string render_hp_changed(const json& d, const LogContext& lc) {
  std::string cause = opt_s(d, "cause");
  json args = d;
  args["name"] = name_of(lc, d);
  args["gained"] = d.value("new", 0) - d.value("old", 0);
  std::string type = opt_s(d, "damage_type");
  std::string what = type.empty() ? std::string() : translated_or(lc.lang, "campaign.damage." + type, type);
  // The creature's resistance, vulnerability or immunity (or the table's override of it) and the amount before.
  if (std::string adjust = opt_s(d, "adjust"); !adjust.empty()) {
    const char* prefix = d.value("override", false) ? "campaign.damage.override." : "campaign.damage.adjust.";
    what += "; " + tr(lc.lang, prefix + adjust, jobj{"raw", d.value("raw", 0)});
  }
  args["damage_type"] = what.empty() ? std::string() : parenthesized(what);
  if (cause == "damage" || (d.contains("damage_type") && cause != "temp_hp")) {
    bool temp = d.value("temp_old", 0) != d.value("temp_new", 0);
    return tr(lc.lang, temp ? "event.damage_temp" : "event.damage", args);
  }
  if (cause == "temp_hp") return tr(lc.lang, "event.temp_hp", args);
  if (cause == "heal" || cause == "hit_dice") return tr(lc.lang, "event.heal", args);
  if (cause == "death_save_20") return std::string();  // the death-save line says it
  return tr(lc.lang, "event.hp_set", args);
}

void apply_died(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  x.death_saves.dead = true;
  x.death_saves.stable = false;
}

std::string render_died(const json& d, const LogContext& lc) {
  std::string specific = prefixed(kDiedPrefix, opt_s(d, "cause"));
  return tr(lc.lang, has_key(lc.lang, specific) ? specific : "event.died", jobj{"name", name_of(lc, d)});
}

void apply_death_saves_set(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  x.death_saves.successes = i(d, "successes");
  x.death_saves.failures = i(d, "failures");
  x.death_saves.stable = d.at("stable").get<bool>();
}

std::string render_death_saves_set(const json& d, const LogContext& lc) {
  std::string cause = opt_s(d, "cause");
  json args = d;
  args["name"] = name_of(lc, d);
  if (cause == "roll") return tr(lc.lang, prefixed(kDeathSavePrefix, opt_s(d, "outcome")), args);
  // A success / failure the table told without a die: event.death_save.result_success …
  if (cause == "result") return tr(lc.lang, prefixed(kDeathSavePrefix, "result_" + opt_s(d, "outcome")), args);
  if (cause == "healed") return std::string();
  std::string specific = prefixed(kDeathSavesPrefix, cause);
  return has_key(lc.lang, specific) ? tr(lc.lang, specific, args) : std::string();
}

void apply_condition_added(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  Condition cond;
  jr::get(d.at("condition"), cond);
  auto it = std::find_if(x.conditions.begin(), x.conditions.end(),
                         [&](const Condition& y) { return y.id == cond.id && y.source == cond.source; });
  if (it != x.conditions.end())
    *it = std::move(cond);
  else
    x.conditions.push_back(std::move(cond));
}

std::string render_condition_added(const json& d, const LogContext& lc) {
  const json& cond = d.at("condition");
  std::string until = until_text(lc, cond.value("until", json::object()), opt_s(d, "creature"));
  return tr(lc.lang, "event.condition_added",
            jobj{"name", name_of(lc, d),
             "condition", condition_name(lc.lang, cond.value("id", "")),
             "until", until.empty() ? std::string() : parenthesized(until)});
}

void apply_condition_removed(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  const std::string& id = s(d, "condition");
  std::string source = opt_s(d, "source");
  auto it = std::find_if(x.conditions.begin(), x.conditions.end(),
                         [&](const Condition& y) { return y.id == id && y.source == source; });
  if (it == x.conditions.end()) throw std::out_of_range("no condition " + id);
  x.conditions.erase(it);
}

std::string render_condition_removed(const json& d, const LogContext& lc) {
  std::string reason = opt_s(d, "reason");
  if (reason == "healed") return std::string();
  json args = jobj{"name", name_of(lc, d), "condition", condition_name(lc.lang, opt_s(d, "condition"))};
  return tr(lc.lang, reason == "removed" ? "event.condition_removed" : "event.condition_ended", args);
}

void apply_exhaustion_changed(Campaign& c, const json& d) {
  Creature& x = creature_ref(c, s(d, "creature"));
  x.exhaustion = i(d, "new");
  std::map<std::string, int> sources;
  jr::get(d.at("sources"), sources);
  x.exhaustion_sources = std::move(sources);
}

std::string render_exhaustion_changed(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "old", d.value("old", 0), "new", d.value("new", 0)};
  std::string src = opt_s(d, "source");
  args["source"] = src.empty() ? std::string() : parenthesized(translated_or(lc.lang, "campaign.source." + src, src));
  return tr(lc.lang, "event.exhaustion_changed", args);
}

}  // namespace

void register_health_events(Engine& e) {
  reg(e, "hp_changed", apply_hp_changed, render_hp_changed);
  reg(e, "died", apply_died, render_died);
  reg(e, "death_saves_set", apply_death_saves_set, render_death_saves_set);
  reg(e, "condition_added", apply_condition_added, render_condition_added);
  reg(e, "condition_removed", apply_condition_removed, render_condition_removed);
  reg(e, "exhaustion_changed", apply_exhaustion_changed, render_exhaustion_changed);
}

}  // namespace druzina::campaign::base_ev
