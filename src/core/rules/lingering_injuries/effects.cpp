// House rule "Úrazy": the module's data (a creature's injuries and scars, read strictly), what the uncured
// injuries do now (counts included) and the view the sheet reads. The commands and events are in module.cpp.
#include <algorithm>
#include <map>

#include "core/rules/lingering_injuries/lingering_injuries.hpp"

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

std::string kind_of(const Injury& j) { return j.effects.is_object() ? j.effects.value("injury", std::string()) : std::string(); }

template <class T>
std::vector<T> list_of(const Creature& x, const char* key) {
  const json& v = creature_data(x, kLingeringInjuries, key);
  if (!v.is_array()) return {};
  return v.get<std::vector<T>>();
}

}  // namespace

void to_json(json& j, const Injury& v) {
  j = v.extra.is_object() ? v.extra : json::object();
  j["id"] = v.id, j["table"] = v.table, j["table_row"] = v.table_row, j["effects"] = v.effects;
  j["since_minutes"] = v.since_minutes, j["text"] = v.text, j["cured"] = v.cured;
}
void from_json(const json& j, Injury& v) {
  using campaign::jr::field;
  field(j, "id", v.id), field(j, "table", v.table), field(j, "table_row", v.table_row);
  field(j, "effects", v.effects), field(j, "since_minutes", v.since_minutes), field(j, "text", v.text);
  field(j, "cured", v.cured);
  v.extra = campaign::jr::unknown_fields(j, {"id", "table", "table_row", "effects", "since_minutes", "text", "cured"});
}

void to_json(json& j, const Scar& v) {
  j = v.extra.is_object() ? v.extra : json::object();
  j["text"] = v.text, j["since_minutes"] = v.since_minutes, j["from_injury"] = v.from_injury;
}
void from_json(const json& j, Scar& v) {
  using campaign::jr::field;
  field(j, "text", v.text), field(j, "since_minutes", v.since_minutes), field(j, "from_injury", v.from_injury);
  v.extra = campaign::jr::unknown_fields(j, {"text", "since_minutes", "from_injury"});
}

std::vector<Injury> injuries_of(const Creature& x) { return list_of<Injury>(x, "injuries"); }
std::vector<Scar> scars_of(const Creature& x) { return list_of<Scar>(x, "scars"); }

int uncured_injuries(const Creature& x) {
  const json& v = creature_data(x, kLingeringInjuries, "injuries");
  if (!v.is_array()) return 0;
  return static_cast<int>(std::count_if(v.begin(), v.end(), [](const json& i) { return !i.value("cured", false); }));
}

InjuriesView injuries_view(const Campaign& c, const Creature& x) {
  InjuriesView v;
  v.on = campaign::rule_enabled(c, kLingeringInjuries, true);
  v.injuries = injuries_of(x);
  v.scars = scars_of(x);
  v.uncured = static_cast<int>(std::count_if(v.injuries.begin(), v.injuries.end(), [](const Injury& i) { return !i.cured; }));
  v.effects = injury_effects(x);
  return v;
}

const json& injury_kind_effects(std::string_view kind) {
  static const std::map<std::string, json, std::less<>> index = [] {
    std::map<std::string, json, std::less<>> out;
    for (const char* id : {"lingering-injury", "serious-injury"})
      for (const auto& row : tables::table(id).rows)
        if (row.effects.is_object() && row.effects.contains("injury"))
          out.emplace(row.effects["injury"].get<std::string>(), row.effects);
    return out;
  }();
  static const json null;
  auto it = index.find(kind);
  return it == index.end() ? null : it->second;
}

InjuryEffects injury_effects(const Creature& x) {
  InjuryEffects out;
  auto push_unique = [](std::vector<std::string>& v, const std::string& s) {
    if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
  };
  auto lasting = [&](const json& fx, const std::string& injury_id, const std::string& kind) {
    if (!fx.is_object()) return;
    const bool gated = fx.contains("when");
    if (fx.contains("combat_action_save_dc"))
      out.combat_saves.push_back({injury_id, kind, fx["combat_action_save_dc"].get<int>(), gated});
    if (gated) return;  // the other lasting keys of a weather-gated effect are reminders for the DM only
    for (const char* k : {"disadvantage", "advantage"})
      if (fx.contains(k) && fx[k].is_array())
        for (const auto& r : fx[k]) (std::string(k) == "disadvantage" ? out.disadvantage : out.advantage).insert(r.get<std::string>());
    out.no_reactions |= fx.value("no_reactions", false);
    out.one_hand |= fx.value("one_hand", false);
    out.needs_crutch |= fx.value("needs_crutch", false);
    out.dash_prone |= fx.value("dash_prone", false);
    out.action_or_bonus |= fx.value("action_or_bonus", false);
    out.dash_save_dc = std::max(out.dash_save_dc, fx.value("dash_save_dc", 0));
    out.verbal_spell_fail_d20 = std::max(out.verbal_spell_fail_d20, fx.value("verbal_spell_fail_d20", 0));
    if (fx.contains("speed")) {
      if (fx["speed"].is_string() && fx["speed"] == "half") out.speed_half = true;
      if (fx["speed"].is_number_integer()) out.speed_change += fx["speed"].get<int>();
    }
    out.exhaustion_floor = std::max(out.exhaustion_floor, fx.value("exhaustion", 0));
    if (fx.contains("condition") && fx["condition"].is_string()) push_unique(out.conditions, fx["condition"].get<std::string>());
    out.max_hp_per_day += fx.value("max_hp_per_day", 0);
    out.hp_per_hour += fx.value("hp_per_hour", 0);
  };
  const std::vector<Injury> injuries = injuries_of(x);
  std::map<std::string, std::vector<const Injury*>> by_kind;
  for (const auto& j : injuries) {
    if (j.cured) continue;
    std::string kind = kind_of(j);
    lasting(j.effects, j.id, kind);
    if (!kind.empty()) {
      push_unique(out.kinds, kind);
      by_kind[kind].push_back(&j);
    }
  }
  for (const auto& [kind, list] : by_kind) {
    const json& fx = list.front()->effects;
    if (!fx.contains("at_count") || !fx["at_count"].is_object()) continue;
    const json& ac = fx["at_count"];
    const int n = ac.value("n", 0);
    bool holds = false;
    if (ac.value("per", "") == "hand") {
      std::map<std::string, int> hands;
      for (const Injury* j : list)
        if (j->extra.is_object() && j->extra.contains("hand") && j->extra["hand"].is_string())
          holds |= ++hands[j->extra["hand"].get<std::string>()] >= n;
    } else {
      holds = static_cast<int>(list.size()) >= n;
    }
    if (!holds || n <= 0) continue;
    const json& nested = ac.value("effects", json::object());
    lasting(nested, list.back()->id, kind);
    if (nested.contains("as_injury") && nested["as_injury"].is_string()) {
      std::string as = nested["as_injury"].get<std::string>();
      push_unique(out.as_injuries, as);
      push_unique(out.kinds, as);
      lasting(injury_kind_effects(as), list.back()->id, as);
    }
  }
  int speed = x.speed;
  if (out.speed_half) speed /= 2;
  out.speed = std::max(0, speed + out.speed_change);
  return out;
}

json to_json(const InjuryEffects& e) {
  json saves = json::array();
  for (const auto& s : e.combat_saves)
    saves.push_back(jobj{"injury", s.injury, "kind", s.kind, "dc", s.dc, "bad_weather", s.bad_weather});
  return jobj{"kinds", e.kinds,
          "as_injuries", e.as_injuries,
          "disadvantage", e.disadvantage,
          "advantage", e.advantage,
          "no_reactions", e.no_reactions,
          "one_hand", e.one_hand,
          "needs_crutch", e.needs_crutch,
          "dash_prone", e.dash_prone,
          "dash_save_dc", e.dash_save_dc,
          "action_or_bonus", e.action_or_bonus,
          "verbal_spell_fail_d20", e.verbal_spell_fail_d20,
          "speed_half", e.speed_half,
          "speed_change", e.speed_change,
          "speed", e.speed,
          "exhaustion_floor", e.exhaustion_floor,
          "conditions", e.conditions,
          "combat_saves", saves,
          "max_hp_per_day", e.max_hp_per_day,
          "hp_per_hour", e.hp_per_hour};
}

}  // namespace druzina::rules
