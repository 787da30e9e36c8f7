#include "core/io/player_view.hpp"

#include <set>

#include "core/campaign/derived.hpp"
#include "core/json_obj.hpp"

namespace druzina::io {

using json = nlohmann::json;
using namespace druzina::campaign;

namespace {

// out[module][field] = value, unless the value is null (nothing to show).
void out_set(json& out, const std::string& module, const std::string& field, json value) {
  if (!value.is_null()) out[module][field] = std::move(value);
}

void add_hp(json& out, const Creature& c, const std::string& visibility) {
  if (visibility == "exact") {
    out["max_hp"] = c.max_hp;
    out["hp"] = c.hp;
    out["temp_hp"] = c.temp_hp;
  } else if (visibility == "status") {
    out["health"] = health_status(c);
  }
}

// A condition's end as the table can follow it: whose turn ends it and when it was set (a hidden creature's
// id is left out; the source — who or what caused it — is not shown).
json conditions_of(const Creature& c, const std::set<std::string>& visible) {
  json list = json::array();
  for (const auto& x : c.conditions) {
    json until = jobj{"kind", x.until.kind};
    if (x.until.kind == "rounds") until["rounds"] = x.until.rounds;
    if (x.until.kind == "minutes") until["minutes"] = x.until.minutes, until["set_at"] = x.until.set_at;
    if (x.until.kind == "rounds" || x.until.kind == "end_of_next_turn" || x.until.kind == "start_of_next_turn") {
      if (!x.until.turn_of.empty() && visible.count(x.until.turn_of)) until["turn_of"] = x.until.turn_of;
      if (x.until.set_round) until["set_round"] = x.until.set_round;
      if (!x.until.set_turn_of.empty() && visible.count(x.until.set_turn_of)) until["set_turn_of"] = x.until.set_turn_of;
      if (x.until.kind == "rounds") until["set_at"] = x.until.set_at;
    }
    list.push_back(jobj{"id", x.id, "until", until});
  }
  return list;
}

json creature_view(const Creature& c, const Settings& s, const Engine& engine, const std::set<std::string>& visible) {
  json out = jobj{"id", c.id, "kind", c.kind, "name", c.name, "size", c.size, "conditions", conditions_of(c, visible),
              "dead", c.death_saves.dead};
  if (in_party(c)) {
    add_hp(out, c, s.hp_visibility.party);
    out["level"] = c.level;
    out["race"] = c.race;
    out["abilities"] = jobj{"str", c.abilities.str, "dex", c.abilities.dex, "con", c.abilities.con,
                        "int", c.abilities.int_, "wis", c.abilities.wis, "cha", c.abilities.cha};
    out["ac"] = c.ac;
    out["speed"] = c.speed;
    out["exhaustion"] = c.exhaustion;
    out["death_saves"] = jobj{"successes", c.death_saves.successes, "failures", c.death_saves.failures,
                          "stable", c.death_saves.stable, "dead", c.death_saves.dead};
    out["inspiration"] = c.inspiration;
    if (c.legendary_resistances > 0)
      out["legendary_resistances"] = jobj{"max", c.legendary_resistances, "used", c.legendary_resistances_used};
    json items = json::array();
    for (const auto& it : c.inventory)
      items.push_back(jobj{"name", it.name, "weight", it.weight, "qty", it.qty, "worn", it.worn, "kind", it.kind});
    out["inventory"] = items;
    out["notes"] = c.notes;
    // The rules' own per-creature data a player may see (never the key "modules": the campaign's module data
    // stays with the DM).
    json rule_data = visible_module_data(c, engine);
    if (!rule_data.empty()) out["rule_data"] = std::move(rule_data);
  } else {
    add_hp(out, c, s.hp_visibility.others);
    // The rules' data the table can see on anyone (DataField::for_others).
    json rule_data = json::object();
    for (const auto& m : engine.modules()) {
      auto data = c.modules.find(m.id);
      if (data == c.modules.end() || !data->is_object()) continue;
      for (const auto& f : m.creature_data) {
        if (f.secret || (!f.for_others && !f.for_others_of)) continue;
        auto v = data->find(f.name);
        if (v == data->end()) continue;
        if (!f.for_others_of) {
          out_set(rule_data, m.id, f.name, f.for_others(*v));
        } else if (json shown = f.for_others_of(*v, c); !shown.is_null()) {
          out_set(rule_data, m.id, f.name, std::move(shown));
        }
      }
    }
    if (!rule_data.empty()) out["rule_data"] = std::move(rule_data);
  }
  return out;
}

}  // namespace

// The creature's module data a player may see: declared fields that are not DM secrets, as each field shows
// itself to players.
json visible_module_data(const Creature& c, const Engine& engine) {
  json out = json::object();
  for (const auto& m : engine.modules()) {
    auto data = c.modules.find(m.id);
    if (data == c.modules.end() || !data->is_object()) continue;
    for (const auto& f : m.creature_data) {
      if (f.secret) continue;
      auto v = data->find(f.name);
      if (v != data->end()) out[m.id][f.name] = f.for_players ? f.for_players(*v) : *v;
    }
  }
  return out;
}

json player_view(const Campaign& c, const Engine& engine) {
  std::set<std::string> visible;
  for (const auto& x : c.creatures)
    if (!x.hidden) visible.insert(x.id);

  json out = json::object();
  out["name"] = c.name;
  out["minutes"] = c.minutes;
  out["settings"] = jobj{"language", c.settings.language,
                     "rules", c.settings.rules,
                     "exhaustion_edition", c.settings.exhaustion_edition,
                     "house_rule_notes", c.settings.house_rule_notes,
                     "hp_visibility", jobj{"party", c.settings.hp_visibility.party, "others", c.settings.hp_visibility.others}};

  json creatures = json::array();
  for (const auto& x : c.creatures)
    if (visible.count(x.id)) creatures.push_back(creature_view(x, c.settings, engine, visible));
  out["creatures"] = creatures;

  if (c.encounter) {
    const auto& e = *c.encounter;
    json order = json::array();
    json turn = nullptr;
    for (size_t i = 0; i < e.order.size(); ++i) {
      const auto& entry = e.order[i];
      if (!visible.count(entry.creature)) continue;
      if (static_cast<int>(i) == e.turn) turn = order.size();
      order.push_back(jobj{"creature", entry.creature, "initiative", entry.initiative, "lair", entry.lair});
    }
    out["encounter"] = jobj{"order", order, "round", e.round, "turn", turn};
  } else {
    out["encounter"] = nullptr;
  }

  json prompts = json::array();
  for (const auto& p : c.prompts) {
    if (p.data.is_object() && p.data.value("dm_only", false)) continue;
    if (!p.creature.empty() && !visible.count(p.creature)) continue;
    prompts.push_back(jobj{"id", p.id, "kind", p.kind, "creature", p.creature});
  }
  out["prompts"] = prompts;

  json notes = json::array();
  for (const auto& n : c.notes) {
    if (n.secret) continue;
    if (!n.creature.empty() && !visible.count(n.creature)) continue;
    notes.push_back(jobj{"id", n.id, "text", n.text, "creature", n.creature, "at", n.at});
  }
  out["notes"] = notes;

  // The rules' campaign data the table sees (DataField::for_table), as "rule_data": {module: {field: value}}.
  const Sees sees = [&visible](const std::string& id) { return visible.count(id) > 0; };
  json rule_data = json::object();
  for (const auto& m : engine.modules()) {
    auto data = c.modules.find(m.id);
    if (data == c.modules.end() || !data->is_object()) continue;
    for (const auto& f : m.campaign_data) {
      if (f.secret || !f.for_table) continue;
      auto v = data->find(f.name);
      if (v != data->end()) out_set(rule_data, m.id, f.name, f.for_table(*v, sees));
    }
  }
  if (!rule_data.empty()) out["rule_data"] = std::move(rule_data);
  return out;
}

}  // namespace druzina::io
