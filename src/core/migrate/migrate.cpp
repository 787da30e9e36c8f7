// Save migrations, one function per schema version step on the raw JSON (migrate.hpp says what each moves).
//
// Index:
//   [SECTION] v2 → v3: house-rule data leaves the base state for the modules that own it
//   [SECTION] v3 → v4: lingering injuries and scars leave the base state for the lingering-injuries module
//   [SECTION] v4 → v5: crafting projects and DM prices leave the base state for the crafting and price-list modules
//   [SECTION] v5 → v6: the plain attunement list becomes magic items of the magic-items module
//   [SECTION] v6 → v7: renown leaves the base state for the renown module
//   [SECTION] v7 → v8: the base creature's free-text lists and its unread loyalty move into their rules' data
#include "core/migrate/migrate.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/json_obj.hpp"

namespace druzina::io {

using json = nlohmann::json;

namespace {

[[noreturn]] void cannot(int from, const std::string& path, const char* expected) {
  throw UserError("save.err.migrate", jobj{"from", from, "to", from + 1, "path", path, "expected", expected});
}

// v1 ids were integers; v2 ids are "c<n>". A string id is left alone (hand-edited files).
json v1_id(const json& id, const std::string& path, long long& max_id) {
  if (id.is_string()) return id;
  if (!id.is_number_integer() || id.get<long long>() < 0) cannot(1, path, "integer id");
  long long n = id.get<long long>();
  max_id = std::max(max_id, n);
  std::string out(1, 'c');
  out += std::to_string(n);
  return out;
}

}  // namespace

json migrate_v1_to_v2(json doc) {
  auto cit = doc.find("campaign");
  if (cit == doc.end() || !cit->is_object()) cannot(1, "campaign", "object");
  json c = std::move(*cit);
  long long max_id = 0;

  if (c.contains("settings")) {
    json& s = c["settings"];
    if (!s.is_object()) cannot(1, "campaign.settings", "object");
    if (s.contains("exhaustionEdition")) {
      s["exhaustion_edition"] = s["exhaustionEdition"];
      s.erase("exhaustionEdition");
    }
  }
  if (c.contains("clock")) {
    c["minutes"] = c["clock"];
    c.erase("clock");
  }
  long long next_id = 1;
  if (c.contains("nextId")) {
    if (!c["nextId"].is_number_integer()) cannot(1, "campaign.nextId", "integer");
    next_id = c["nextId"].get<long long>();
    c.erase("nextId");
  }

  if (c.contains("creatures")) {
    json& list = c["creatures"];
    if (!list.is_array()) cannot(1, "campaign.creatures", "array");
    for (size_t i = 0; i < list.size(); ++i) {
      json& cr = list[i];
      std::string path = "campaign.creatures[" + std::to_string(i) + "]";
      if (!cr.is_object()) cannot(1, path, "object");
      if (cr.contains("id")) cr["id"] = v1_id(cr["id"], path + ".id", max_id);
      if (cr.contains("hp") && cr["hp"].is_object()) {
        json hp = cr["hp"];
        cr.erase("hp");
        if (hp.contains("max")) cr["max_hp"] = hp["max"];
        if (hp.contains("current")) cr["hp"] = hp["current"];
        if (hp.contains("temp")) cr["temp_hp"] = hp["temp"];
      }
      if (cr.contains("conditions")) {
        json& conds = cr["conditions"];
        if (!conds.is_array()) cannot(1, path + ".conditions", "array");
        for (auto& x : conds) {
          if (x.is_string()) x = jobj{"id", x, "source", "", "until", jobj{"kind", "permanent"}};
        }
      }
    }
  }

  if (c.contains("encounter") && c["encounter"].is_object()) {
    json& e = c["encounter"];
    if (e.contains("order")) {
      if (!e["order"].is_array()) cannot(1, "campaign.encounter.order", "array");
      for (size_t i = 0; i < e["order"].size(); ++i) {
        json& entry = e["order"][i];
        if (entry.is_object() && entry.contains("creature"))
          entry["creature"] = v1_id(entry["creature"], "campaign.encounter.order[" + std::to_string(i) + "].creature", max_id);
      }
    }
    e.erase("active");
  }

  c["next_id"] = std::max(next_id, max_id + 1);
  if (doc.contains("log")) c["legacy_log"] = doc["log"];

  json out = json::object();
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "campaign" && it.key() != "log") out[it.key()] = it.value();
  out["schemaVersion"] = 2;
  out["snapshot"] = std::move(c);
  out["tail"] = json::array();
  out["redo"] = json::array();
  return out;
}

// [SECTION] v2 → v3: house-rule data leaves the base state for the modules that own it --------------------------------
namespace {

constexpr int kOldPotionDefault = 3;

// The per-creature house-rule fields of the v2 base state and where v3 keeps them: field → modules[module][key].
// A value equal to the old default (0, an empty list) is left out (absent = the default).
struct CreatureMove {
  const char* field;
  const char* module;
  const char* key;
  const char* expected;  // "integer" | "array"
};
constexpr CreatureMove kCreatureMoves[] = {
    {"potions_drunk_since_long_rest", "potions", "drunk_since_long_rest", "integer"},
    {"hero_points", "hero-points", "points", "integer"},
    {"int_picks", "intelligence", "picks", "array"},
    {"resurrection_attempts", "resurrection-ritual", "attempts", "integer"},
};

bool v3_is_default(const json& v) {
  return v.is_null() || (v.is_number_integer() && v.get<long long>() == 0) || (v.is_array() && v.empty());
}

// expected: "integer", "array", or "number or object" (null allowed: nothing to move).
void move_check(const json& v, const CreatureMove& m, const std::string& path, int from) {
  const std::string expected = m.expected;
  const bool ok = expected == "integer" ? v.is_number_integer()
                  : expected == "array" ? v.is_array()
                                        : v.is_null() || v.is_number() || v.is_object();
  if (!ok) cannot(from, path, m.expected);
}

// A creature object (a snapshot creature, creature_added's creature): the listed base fields move to
// modules.<module>.<key> (used by v2 → v3 and v3 → v4, each with its table of moves).
template <size_t N>
void move_creature_fields(json& x, const std::string& path, const CreatureMove (&moves)[N], int from) {
  if (!x.is_object()) cannot(from, path, "object");
  for (const auto& m : moves) {
    auto it = x.find(m.field);
    if (it == x.end()) continue;
    move_check(*it, m, path + "." + m.field, from);
    json v = std::move(*it);
    x.erase(m.field);
    if (v3_is_default(v)) continue;
    if (x.contains("modules") && !x["modules"].is_object()) cannot(from, path + ".modules", "object");
    x["modules"][m.module][m.key] = std::move(v);
  }
}

// creature_updated's patch: the same fields move into a merge patch of modules (a default value erases: null).
template <size_t N>
void move_creature_patch(json& patch, const std::string& path, const CreatureMove (&moves)[N], int from) {
  if (!patch.is_object()) return;
  for (const auto& m : moves) {
    auto it = patch.find(m.field);
    if (it == patch.end()) continue;
    move_check(*it, m, path + "." + m.field, from);
    json v = std::move(*it);
    patch.erase(m.field);
    if (patch.contains("modules") && !patch["modules"].is_object()) cannot(from, path + ".modules", "object");
    patch["modules"][m.module][m.key] = v3_is_default(v) ? json(nullptr) : std::move(v);
  }
}

// One transaction's events: creature_added's creature and creature_updated's patch move the fields (the other
// events keep their type and data).
template <size_t N>
void move_creature_events(json& tx, const std::string& path, const CreatureMove (&moves)[N], int from) {
  if (!tx.is_object()) cannot(from, path, "object");
  auto evs = tx.find("events");
  if (evs == tx.end()) return;
  if (!evs->is_array()) cannot(from, path + ".events", "array");
  for (size_t k = 0; k < evs->size(); ++k) {
    json& ev = (*evs)[k];
    const std::string at = path + ".events[" + std::to_string(k) + "]";
    if (!ev.is_object() || !ev.contains("type") || !ev["type"].is_string()) cannot(from, at, "event");
    json& d = ev["data"];
    if (!d.is_object()) cannot(from, at + ".data", "object");
    const std::string& type = ev["type"].get_ref<const std::string&>();
    if (type == "creature_added" && d.contains("creature"))
      move_creature_fields(d["creature"], at + ".data.creature", moves, from);
    else if (type == "creature_updated" && d.contains("patch"))
      move_creature_patch(d["patch"], at + ".data.patch", moves, from);
  }
}

void v3_creature(json& x, const std::string& path) { move_creature_fields(x, path, kCreatureMoves, 2); }
void v3_creature_patch(json& patch, const std::string& path) { move_creature_patch(patch, path, kCreatureMoves, 2); }

// A settings object: takes potion_warning_threshold out; returns it (nullopt when absent).
std::optional<long long> v3_take_threshold(json& settings, const std::string& path) {
  if (!settings.is_object()) cannot(2, path, "object");
  auto it = settings.find("potion_warning_threshold");
  if (it == settings.end()) return std::nullopt;
  if (!it->is_number_integer()) cannot(2, path + ".potion_warning_threshold", "integer");
  long long n = it->get<long long>();
  settings.erase(it);
  return n;
}

json v3_threshold_event(long long old, long long now) {
  return jobj{"type", "potion_warning_set", "data", jobj{"old", old, "new", now}};
}

// Rewrites one transaction's events; `threshold` is the campaign's potion threshold before it (updated).
void v3_transaction(json& tx, const std::string& path, long long& threshold) {
  if (!tx.is_object()) cannot(2, path, "object");
  auto evs = tx.find("events");
  if (evs == tx.end()) return;
  if (!evs->is_array()) cannot(2, path + ".events", "array");
  json out = json::array();
  for (size_t k = 0; k < evs->size(); ++k) {
    json ev = std::move((*evs)[k]);
    const std::string at = path + ".events[" + std::to_string(k) + "]";
    if (!ev.is_object() || !ev.contains("type") || !ev["type"].is_string()) cannot(2, at, "event");
    const std::string type = ev["type"].get<std::string>();
    json& d = ev["data"];
    if (!d.is_object()) cannot(2, at + ".data", "object");
    std::optional<json> after;
    bool keep = true;
    if (type == "creature_added" && d.contains("creature")) {
      v3_creature(d["creature"], at + ".data.creature");
    } else if (type == "creature_updated" && d.contains("patch")) {
      v3_creature_patch(d["patch"], at + ".data.patch");
    } else if (type == "campaign_created" && d.contains("settings")) {
      auto n = v3_take_threshold(d["settings"], at + ".data.settings");
      threshold = kOldPotionDefault;  // a new campaign starts from the default
      if (n && *n != threshold) after = v3_threshold_event(threshold, *n), threshold = *n;
    } else if (type == "settings_changed" && d.contains("patch")) {
      auto n = v3_take_threshold(d["patch"], at + ".data.patch");
      if (n && *n != threshold) after = v3_threshold_event(threshold, *n), threshold = *n;
      if (n && d["patch"].empty() && !d.contains("name")) keep = false;  // it only changed the threshold
    } else if (type == "long_rest_applied") {
      // The base long rest reset the potion count; the potions module now does it with its own event.
      if (!d.contains("creature")) cannot(2, at + ".data.creature", "creature id");
      after = jobj{"type", "potions_reset", "data", jobj{"creature", d["creature"]}};
    }
    if (keep) out.push_back(std::move(ev));
    if (after) out.push_back(std::move(*after));
  }
  *evs = std::move(out);
}

}  // namespace

json migrate_v2_to_v3(json doc) {
  if (!doc.is_object()) cannot(2, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(2, "snapshot", "object");
  json& c = *snap;
  long long threshold = kOldPotionDefault;
  if (c.contains("settings")) {
    auto n = v3_take_threshold(c["settings"], "snapshot.settings");
    if (n) threshold = *n;
  }
  if (threshold != kOldPotionDefault) {
    if (c.contains("modules") && !c["modules"].is_object()) cannot(2, "snapshot.modules", "object");
    c["modules"]["potions"]["warning_threshold"] = threshold;
  }
  if (c.contains("creatures")) {
    if (!c["creatures"].is_array()) cannot(2, "snapshot.creatures", "array");
    for (size_t k = 0; k < c["creatures"].size(); ++k)
      v3_creature(c["creatures"][k], "snapshot.creatures[" + std::to_string(k) + "]");
  }
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it == doc.end()) continue;
    if (!it->is_array()) cannot(2, list, "array");
  }
  long long now = threshold;
  if (doc.contains("tail"))
    for (size_t k = 0; k < doc["tail"].size(); ++k) v3_transaction(doc["tail"][k], "tail[" + std::to_string(k) + "]", now);
  // The redo stack: back() is redone first, so the history runs from the back.
  if (doc.contains("redo"))
    for (size_t k = doc["redo"].size(); k-- > 0;) v3_transaction(doc["redo"][k], "redo[" + std::to_string(k) + "]", now);
  doc["schemaVersion"] = 3;
  return doc;
}

// [SECTION] v3 → v4: lingering injuries and scars leave the base state for the lingering-injuries module --------------
namespace {

constexpr CreatureMove kV4CreatureMoves[] = {
    {"injuries", "lingering-injuries", "injuries", "array"},
    {"scars", "lingering-injuries", "scars", "array"},
};

// One transaction's events (injury_added and injury_cured keep their type and data: the module registers them now).
void v4_transaction(json& tx, const std::string& path) { move_creature_events(tx, path, kV4CreatureMoves, 3); }

}  // namespace

json migrate_v3_to_v4(json doc) {
  if (!doc.is_object()) cannot(3, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(3, "snapshot", "object");
  json& c = *snap;
  if (c.contains("creatures")) {
    if (!c["creatures"].is_array()) cannot(3, "snapshot.creatures", "array");
    for (size_t k = 0; k < c["creatures"].size(); ++k)
      move_creature_fields(c["creatures"][k], "snapshot.creatures[" + std::to_string(k) + "]", kV4CreatureMoves, 3);
  }
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it == doc.end()) continue;
    if (!it->is_array()) cannot(3, list, "array");
    for (size_t k = 0; k < it->size(); ++k) v4_transaction((*it)[k], std::string(list) + "[" + std::to_string(k) + "]");
  }
  doc["schemaVersion"] = 4;
  return doc;
}

// [SECTION] v4 → v5: crafting projects and DM prices leave the base state for the crafting and price-list modules -----
namespace {

// A settings object: takes price_overrides out; returns it (nullopt when absent; null = "clear them all").
std::optional<json> v5_take_overrides(json& settings, const std::string& path) {
  if (!settings.is_object()) cannot(4, path, "object");
  auto it = settings.find("price_overrides");
  if (it == settings.end()) return std::nullopt;
  if (!it->is_object() && !it->is_null()) cannot(4, path + ".price_overrides", "object");
  json v = std::move(*it);
  settings.erase(it);
  return v;
}

// The event that replaces a change of Settings::price_overrides (a merge patch; null cleared them all), and the
// overrides after it (`now`). nullopt when it changes nothing.
std::optional<json> v5_overrides_event(const json& change, json& now) {
  json patch = json::object();
  if (change.is_null()) {
    for (auto it = now.begin(); it != now.end(); ++it) patch[it.key()] = nullptr;
  } else {
    patch = change;
  }
  if (patch.empty()) return std::nullopt;
  now.merge_patch(patch);
  return jobj{"type", "price_overrides_set", "data", jobj{"patch", std::move(patch)}};
}

void v5_transaction(json& tx, const std::string& path, json& overrides) {
  if (!tx.is_object()) cannot(4, path, "object");
  auto evs = tx.find("events");
  if (evs == tx.end()) return;
  if (!evs->is_array()) cannot(4, path + ".events", "array");
  json out = json::array();
  for (size_t k = 0; k < evs->size(); ++k) {
    json ev = std::move((*evs)[k]);
    const std::string at = path + ".events[" + std::to_string(k) + "]";
    if (!ev.is_object() || !ev.contains("type") || !ev["type"].is_string()) cannot(4, at, "event");
    const std::string type = ev["type"].get<std::string>();
    json& d = ev["data"];
    if (!d.is_object()) cannot(4, at + ".data", "object");
    std::optional<json> after;
    bool keep = true;
    if (type == "campaign_created" && d.contains("settings")) {
      auto o = v5_take_overrides(d["settings"], at + ".data.settings");
      overrides = json::object();  // a new campaign starts without them
      if (o && !o->is_null()) after = v5_overrides_event(*o, overrides);
    } else if (type == "settings_changed" && d.contains("patch")) {
      auto o = v5_take_overrides(d["patch"], at + ".data.patch");
      if (o) after = v5_overrides_event(*o, overrides);
      if (o && d["patch"].empty() && !d.contains("name")) keep = false;  // it only changed prices
    }
    if (keep) out.push_back(std::move(ev));
    if (after) out.push_back(std::move(*after));
  }
  *evs = std::move(out);
}

}  // namespace

json migrate_v4_to_v5(json doc) {
  if (!doc.is_object()) cannot(4, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(4, "snapshot", "object");
  json& c = *snap;
  if (c.contains("modules") && !c["modules"].is_object()) cannot(4, "snapshot.modules", "object");
  if (auto it = c.find("projects"); it != c.end()) {
    if (!it->is_array()) cannot(4, "snapshot.projects", "array");
    json list = std::move(*it);
    c.erase(it);
    if (!list.empty()) c["modules"]["crafting"]["projects"] = std::move(list);
  }
  json overrides = json::object();
  if (c.contains("settings")) {
    auto o = v5_take_overrides(c["settings"], "snapshot.settings");
    if (o && o->is_object()) overrides = std::move(*o);
  }
  if (!overrides.empty()) c["modules"]["price-list"]["overrides"] = overrides;
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it != doc.end() && !it->is_array()) cannot(4, list, "array");
  }
  if (doc.contains("tail"))
    for (size_t k = 0; k < doc["tail"].size(); ++k) v5_transaction(doc["tail"][k], "tail[" + std::to_string(k) + "]", overrides);
  // The redo stack: back() is redone first, so the history runs from the back.
  if (doc.contains("redo"))
    for (size_t k = doc["redo"].size(); k-- > 0;) v5_transaction(doc["redo"][k], "redo[" + std::to_string(k) + "]", overrides);
  doc["schemaVersion"] = 5;
  return doc;
}

// [SECTION] v5 → v6: the plain attunement list becomes magic items of the magic-items module --------------------------
namespace {

// A creature's attunement list (item names) as magic items attuned to it: ids "<creature>-a1", "-a2" … (unique in
// the campaign: creature ids are), identified (the owner knew what it attuned to), requiring attunement.
json v6_items(const json& names, const std::string& creature, const std::string& path) {
  if (!names.is_array()) cannot(5, path, "array");
  json items = json::array();
  for (size_t k = 0; k < names.size(); ++k) {
    if (!names[k].is_string()) cannot(5, path + "[" + std::to_string(k) + "]", "string");
    if (names[k].get<std::string>().empty()) continue;
    items.push_back(jobj{"id", creature + "-a" + std::to_string(k + 1),
                     "name", names[k],
                     "kind", "wondrous",
                     "attunement", true,
                     "attuned_by", creature,
                     "identified", true});
  }
  return items;
}

std::string v6_creature_id(const json& x, const std::string& path) {
  auto it = x.find("id");
  if (it == x.end() || !it->is_string()) cannot(5, path + ".id", "creature id");
  return it->get<std::string>();
}

// A creature object (the snapshot's, creature_added's): attunement → modules["magic-items"].items.
void v6_creature(json& x, const std::string& path) {
  if (!x.is_object()) cannot(5, path, "object");
  auto it = x.find("attunement");
  if (it == x.end()) return;
  json items = v6_items(*it, v6_creature_id(x, path), path + ".attunement");
  x.erase("attunement");
  if (items.empty()) return;
  if (x.contains("modules") && !x["modules"].is_object()) cannot(5, path + ".modules", "object");
  x["modules"]["magic-items"]["items"] = std::move(items);
}

void v6_transaction(json& tx, const std::string& path) {
  if (!tx.is_object()) cannot(5, path, "object");
  auto evs = tx.find("events");
  if (evs == tx.end()) return;
  if (!evs->is_array()) cannot(5, path + ".events", "array");
  for (size_t k = 0; k < evs->size(); ++k) {
    json& ev = (*evs)[k];
    const std::string at = path + ".events[" + std::to_string(k) + "]";
    if (!ev.is_object() || !ev.contains("type") || !ev["type"].is_string()) cannot(5, at, "event");
    json& d = ev["data"];
    if (!d.is_object()) cannot(5, at + ".data", "object");
    const std::string& type = ev["type"].get_ref<const std::string&>();
    if (type == "creature_added" && d.contains("creature")) {
      v6_creature(d["creature"], at + ".data.creature");
    } else if (type == "creature_updated" && d.contains("patch") && d["patch"].is_object() && d["patch"].contains("attunement")) {
      // The whole list was replaced: so is the list of items (at that time it held only the attuned ones).
      if (!d.contains("creature") || !d["creature"].is_string()) cannot(5, at + ".data.creature", "creature id");
      json& patch = d["patch"];
      json items = v6_items(patch["attunement"], d["creature"].get<std::string>(), at + ".data.patch.attunement");
      patch.erase("attunement");
      if (patch.contains("modules") && !patch["modules"].is_object()) cannot(5, at + ".data.patch.modules", "object");
      patch["modules"]["magic-items"]["items"] = items.empty() ? json(nullptr) : std::move(items);
    }
  }
}

}  // namespace

json migrate_v5_to_v6(json doc) {
  if (!doc.is_object()) cannot(5, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(5, "snapshot", "object");
  json& c = *snap;
  if (c.contains("creatures")) {
    if (!c["creatures"].is_array()) cannot(5, "snapshot.creatures", "array");
    for (size_t k = 0; k < c["creatures"].size(); ++k) v6_creature(c["creatures"][k], "snapshot.creatures[" + std::to_string(k) + "]");
  }
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it == doc.end()) continue;
    if (!it->is_array()) cannot(5, list, "array");
    for (size_t k = 0; k < it->size(); ++k) v6_transaction((*it)[k], std::string(list) + "[" + std::to_string(k) + "]");
  }
  doc["schemaVersion"] = 6;
  return doc;
}

// [SECTION] v6 → v7: renown leaves the base state for the renown module -----------------------------------------------
namespace {

// Creature::renown {faction → n} → modules.renown.organizations (absent when empty; values clamped to the module's
// 0..1000 — the old sheet's − button could go below 0). In a creature_updated patch it becomes a merge patch of the
// same object (a null still removes a faction).
json v7_organizations(const json& renown, const std::string& path, bool patch) {
  if (!renown.is_object()) cannot(6, path, "object");
  json out = json::object();
  for (const auto& [k, v] : renown.items()) {
    if (v.is_null() && patch) {
      out[k] = nullptr;
      continue;
    }
    if (!v.is_number_integer()) cannot(6, path + "." + k, "integer");
    out[k] = std::clamp<long long>(v.get<long long>(), 0, 1000);
  }
  return out;
}

void v7_creature(json& x, const std::string& path, bool patch) {
  if (!x.is_object()) cannot(6, path, "object");
  auto it = x.find("renown");
  if (it == x.end()) return;
  json orgs = v7_organizations(*it, path + ".renown", patch);
  x.erase(it);
  if (orgs.empty()) return;
  if (x.contains("modules") && !x["modules"].is_object()) cannot(6, path + ".modules", "object");
  x["modules"]["renown"]["organizations"] = std::move(orgs);
}

void v7_transaction(json& tx, const std::string& path) {
  if (!tx.is_object()) cannot(6, path, "object");
  auto evs = tx.find("events");
  if (evs == tx.end()) return;
  if (!evs->is_array()) cannot(6, path + ".events", "array");
  for (size_t k = 0; k < evs->size(); ++k) {
    json& ev = (*evs)[k];
    const std::string at = path + ".events[" + std::to_string(k) + "]";
    if (!ev.is_object() || !ev.contains("type") || !ev["type"].is_string()) cannot(6, at, "event");
    json& d = ev["data"];
    if (!d.is_object()) cannot(6, at + ".data", "object");
    const std::string& type = ev["type"].get_ref<const std::string&>();
    if (type == "creature_added" && d.contains("creature")) v7_creature(d["creature"], at + ".data.creature", false);
    else if (type == "creature_updated" && d.contains("patch") && d["patch"].is_object()) v7_creature(d["patch"], at + ".data.patch", true);
  }
}

}  // namespace

json migrate_v6_to_v7(json doc) {
  if (!doc.is_object()) cannot(6, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(6, "snapshot", "object");
  json& c = *snap;
  if (c.contains("creatures")) {
    if (!c["creatures"].is_array()) cannot(6, "snapshot.creatures", "array");
    for (size_t k = 0; k < c["creatures"].size(); ++k) v7_creature(c["creatures"][k], "snapshot.creatures[" + std::to_string(k) + "]", false);
  }
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it == doc.end()) continue;
    if (!it->is_array()) cannot(6, list, "array");
    for (size_t k = 0; k < it->size(); ++k) v7_transaction((*it)[k], std::string(list) + "[" + std::to_string(k) + "]");
  }
  doc["schemaVersion"] = 7;
  return doc;
}

// [SECTION] v7 → v8: the base creature's free-text lists and its unread loyalty move into their rules' data -----------
namespace {

constexpr CreatureMove kV8Moves[] = {
    {"diseases", "diseases", "notes", "array"},
    {"poisons", "poisons", "notes", "array"},
    {"madness", "madness", "notes", "array"},
    {"loyalty", "npc-loyalty", "legacy", "number or object"},
};

void v8_transaction(json& tx, const std::string& path) { move_creature_events(tx, path, kV8Moves, 7); }

}  // namespace

json migrate_v7_to_v8(json doc) {
  if (!doc.is_object()) cannot(7, "", "object");
  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) cannot(7, "snapshot", "object");
  json& c = *snap;
  if (c.contains("creatures")) {
    if (!c["creatures"].is_array()) cannot(7, "snapshot.creatures", "array");
    for (size_t k = 0; k < c["creatures"].size(); ++k)
      move_creature_fields(c["creatures"][k], "snapshot.creatures[" + std::to_string(k) + "]", kV8Moves, 7);
  }
  for (const char* list : {"tail", "redo"}) {
    auto it = doc.find(list);
    if (it == doc.end()) continue;
    if (!it->is_array()) cannot(7, list, "array");
    for (size_t k = 0; k < it->size(); ++k) v8_transaction((*it)[k], std::string(list) + "[" + std::to_string(k) + "]");
  }
  doc["schemaVersion"] = 8;
  return doc;
}

json migrate(json doc, int from) {
  using Step = json (*)(json);
  static const Step steps[] = {nullptr,          migrate_v1_to_v2, migrate_v2_to_v3, migrate_v3_to_v4,
                               migrate_v4_to_v5, migrate_v5_to_v6, migrate_v6_to_v7, migrate_v7_to_v8};
  // steps[v]: v → v+1
  static_assert(sizeof(steps) / sizeof(steps[0]) == kSchemaVersion, "one migration per schema version step");
  for (int v = from; v < kSchemaVersion; ++v) {
    if (v < 1 || !steps[v]) throw UserError("save.err.no_version");
    doc = steps[v](std::move(doc));
  }
  doc["schemaVersion"] = kSchemaVersion;
  return doc;
}

}  // namespace druzina::io
