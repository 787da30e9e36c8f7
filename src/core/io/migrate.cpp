#include "core/io/migrate.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/io/save.hpp"

namespace druzina::io {

using json = nlohmann::json;

namespace {

[[noreturn]] void cannot(int from, const std::string& path, const char* expected) {
  throw UserError("save.err.migrate", {{"from", from}, {"to", from + 1}, {"path", path}, {"expected", expected}});
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
          if (x.is_string()) x = json{{"id", x}, {"source", ""}, {"until", {{"kind", "permanent"}}}};
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

json migrate(json doc, int from) {
  using Step = json (*)(json);
  static const Step steps[] = {nullptr, migrate_v1_to_v2};  // steps[v]: v → v+1
  static_assert(sizeof(steps) / sizeof(steps[0]) == kSchemaVersion, "one migration per schema version step");
  for (int v = from; v < kSchemaVersion; ++v) {
    if (v < 1 || !steps[v]) throw UserError("save.err.no_version");
    doc = steps[v](std::move(doc));
  }
  doc["schemaVersion"] = kSchemaVersion;
  return doc;
}

}  // namespace druzina::io
