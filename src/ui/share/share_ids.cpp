#include "ui/share/share_ids.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

#include "platform/env.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::share_ids {

namespace {
constexpr const char* kKey = "share.campaigns";
using nlohmann::json;

bool listed(const std::string& lib_id) { return model().library().find(lib_id) != nullptr; }

struct MineCache {
  bool valid = false;
  std::string lib_id, creature;
};
MineCache& mine_cache() {
  static MineCache c;
  return c;
}

json read() {
  auto text = platform::storage().load(kKey);
  if (!text) return json::object();
  auto j = json::parse(*text, nullptr, false);
  return j.is_object() ? j : json::object();
}

void write(json j) {
  mine_cache().valid = false;
  for (auto it = j.begin(); it != j.end();) it = listed(it.key()) ? std::next(it) : j.erase(it);
  platform::storage().save(kKey, j.dump());
}

std::string str(const json& o, const char* k) {
  return o.is_object() && o.contains(k) && o[k].is_string() ? o[k].get<std::string>() : std::string();
}

std::optional<Copy> copy_in(const json& entry) {
  if (!entry.is_object() || !entry.contains("copy") || !entry["copy"].is_object()) return std::nullopt;
  const json& c = entry["copy"];
  Copy out;
  out.campaign_id = str(c, "campaign_id");
  out.kind = str(c, "kind");
  out.creature = str(c, "creature");
  out.made_at = c.contains("made_at") && c["made_at"].is_number_integer() ? c["made_at"].get<long long>() : 0;
  if (out.campaign_id.empty()) return std::nullopt;
  return out;
}
}  // namespace

std::string campaign_id(const std::string& lib_id) {
  json j = read();
  if (j.contains(lib_id)) {
    if (auto c = copy_in(j[lib_id])) return c->campaign_id;
    std::string id = str(j[lib_id], "id");
    if (!id.empty()) return id;
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(platform::random_seed()));
  if (!j.contains(lib_id) || !j[lib_id].is_object()) j[lib_id] = json::object();
  j[lib_id]["id"] = buf;
  write(j);
  return buf;
}

std::optional<Copy> copy_of(const std::string& lib_id) {
  json j = read();
  if (!j.contains(lib_id) || !listed(lib_id)) return std::nullopt;
  return copy_in(j[lib_id]);
}

std::string find_copy(const std::string& share_id, const std::string& kind, const std::string& creature) {
  if (share_id.empty()) return {};
  json j = read();
  for (auto it = j.begin(); it != j.end(); ++it) {
    auto c = copy_in(it.value());
    if (c && c->campaign_id == share_id && c->kind == kind && (kind != "character" || c->creature == creature) &&
        listed(it.key()))
      return it.key();
  }
  return {};
}

std::string find_own(const std::string& share_id) {
  if (share_id.empty()) return {};
  json j = read();
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!copy_in(it.value()) && str(it.value(), "id") == share_id && listed(it.key())) return it.key();
  return {};
}

void set(const std::string& lib_id, const std::string& share_id, const std::optional<Copy>& copy) {
  json j = read();
  json entry = json::object();
  if (!share_id.empty()) entry["id"] = share_id;
  if (copy)
    entry["copy"] = jobj{"campaign_id", copy->campaign_id, "kind", copy->kind, "creature", copy->creature,
                     "made_at", copy->made_at};
  const std::string kept = j.contains(lib_id) ? str(j[lib_id], "mine") : std::string();  // a newer link keeps it
  if (!kept.empty()) entry["mine"] = kept;
  j[lib_id] = entry;
  write(j);
}

void forget(const std::string& lib_id) {
  json j = read();
  j.erase(lib_id);
  write(j);
}

std::string mine(const std::string& lib_id) {
  json j = read();
  return j.contains(lib_id) && listed(lib_id) ? str(j[lib_id], "mine") : std::string();
}

const std::string& mine_here() {
  MineCache& c = mine_cache();
  if (!c.valid || c.lib_id != model().campaign_id()) {
    c.lib_id = model().campaign_id();
    c.creature = mine(c.lib_id);
    c.valid = true;
  }
  return c.creature;
}

void set_mine(const std::string& lib_id, const std::string& creature) {
  json j = read();
  if (!j.contains(lib_id) || !j[lib_id].is_object()) j[lib_id] = json::object();
  if (creature.empty())
    j[lib_id].erase("mine");
  else
    j[lib_id]["mine"] = creature;
  write(j);
}

}  // namespace druzina::ui::share_ids
