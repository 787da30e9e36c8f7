// The library of campaigns on a key-value store. See library.hpp for the keys and the guarantees.
//
// Index:
//   [SECTION] the campaign index and lookups
//   [SECTION] opening the library
//   [SECTION] loading and saving
//   [SECTION] the journal and backups
//   [SECTION] adding and removing campaigns, storage use
//   [SECTION] Recovery, replacing, previews, exports, making room
#include "core/store/library.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/store/journal.hpp"
#include "core/store/packed.hpp"
#include "core/json_obj.hpp"

namespace druzina::store {

namespace {

constexpr const char* kIndexKey = "library";
constexpr const char* kLegacyKey = "campaign";

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

long long num(const json& j, const char* key, long long fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<long long>() : fallback;
}
std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}
json unknown(const json& j, std::initializer_list<const char*> known) {
  json out = json::object();
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find_if(known.begin(), known.end(), [&](const char* k) { return it.key() == k; }) == known.end())
      out[it.key()] = it.value();
  return out;
}

json to_j(const CampaignInfo& c) {
  json j = c.extra.is_object() ? c.extra : json::object();
  j["id"] = c.id, j["name"] = c.name, j["key"] = c.key, j["created"] = c.created, j["updated"] = c.updated;
  j["saves"] = c.saves;
  json b = json::array();
  for (const auto& x : c.backups) b.push_back(jobj{"slot", x.slot, "at", x.at});
  j["backups"] = b;
  return j;
}

json to_j(const RecoveryItem& r) {
  json j = r.extra.is_object() ? r.extra : json::object();
  j["id"] = r.id, j["kind"] = r.kind, j["key"] = r.key, j["campaign"] = r.campaign, j["name"] = r.name;
  j["at"] = r.at, j["bytes"] = r.bytes, j["reason"] = r.reason, j["reasonArgs"] = r.reason_args;
  j["offered"] = r.offered;
  return j;
}

// Why a text did not load, as a translation key and args (never a library's own text). Called in a catch block:
// it rethrows the exception being handled to tell a UserError from the rest (the web build has no RTTI).
// A library's own words ("detail": a JSON parser's message) are dropped: the user reads the key's sentence.
std::pair<std::string, json> why_caught() {
  try {
    throw;
  } catch (const UserError& u) {
    json args = u.args().is_object() ? u.args() : json::object();
    if (args.contains("detail")) args["detail"] = "";
    return {u.key(), args};
  } catch (...) {
    return {"store.err.unreadable", json::object()};
  }
}

// A stored value as text: a packed one unpacked; nullopt when it is packed and does not unpack (`why` = status).
std::optional<std::string> plain(std::string value, UnpackStatus* why = nullptr) {
  if (!is_packed(value)) return value;
  std::string text;
  UnpackStatus st = unpack(value, text);
  if (why) *why = st;
  if (st != UnpackStatus::ok) return std::nullopt;
  return text;
}

// The slot the next backup goes into (the policy of kBackupEvery in library.hpp): a free one, else the newest
// while it is under an hour younger than the next, else the middle while the older two are under a day apart,
// else the oldest. `backups` is newest first.
int rotate_slot(const std::vector<Backup>& backups) {
  for (int s = 0; s < kBackups; ++s)
    if (std::none_of(backups.begin(), backups.end(), [&](const Backup& b) { return b.slot == s; })) return s;
  if (backups.size() >= 2 && backups[0].at - backups[1].at < kBackupHour) return backups[0].slot;
  if (backups.size() >= 3 && backups[1].at - backups[2].at < kBackupDay) return backups[1].slot;
  return backups.back().slot;
}

}  // namespace

// [SECTION] the campaign index and lookups ----------------------------------------------------------------------------
void to_json(json& j, const Index& x) {
  j = x.extra.is_object() ? x.extra : json::object();
  j["app"] = "druzina-library";
  j["version"] = x.version;
  j["active"] = x.active;
  j["nextId"] = x.next_id, j["nextRecovery"] = x.next_recovery, j["nextKey"] = x.next_key;
  json cs = json::array();
  for (const auto& c : x.campaigns) cs.push_back(to_j(c));
  j["campaigns"] = cs;
  json rs = json::array();
  for (const auto& r : x.recovery) rs.push_back(to_j(r));
  j["recovery"] = rs;
  j["lastExport"] = x.last_export;
  j["changedSinceExport"] = x.changed_since_export;
}

Index index_from_json(const json& j) {
  if (!j.is_object() || str(j, "app") != "druzina-library") throw UserError("store.err.bad_index");
  Index x;
  x.version = static_cast<int>(num(j, "version", 0));
  if (x.version < 1) throw UserError("store.err.bad_index");
  x.active = str(j, "active");
  x.next_id = std::max<long long>(1, num(j, "nextId", 1));
  x.next_recovery = std::max<long long>(1, num(j, "nextRecovery", 1));
  x.next_key = std::max<long long>(1, num(j, "nextKey", 1));
  x.last_export = num(j, "lastExport");
  x.changed_since_export = num(j, "changedSinceExport");
  auto cs = j.find("campaigns");
  if (cs == j.end() || !cs->is_array()) throw UserError("store.err.bad_index");
  for (const auto& c : *cs) {
    if (!c.is_object() || str(c, "id").empty() || str(c, "key").empty()) throw UserError("store.err.bad_index");
    CampaignInfo ci;
    ci.id = str(c, "id"), ci.name = str(c, "name"), ci.key = str(c, "key");
    ci.created = num(c, "created"), ci.updated = num(c, "updated"), ci.saves = num(c, "saves");
    if (auto b = c.find("backups"); b != c.end() && b->is_array())
      for (const auto& x2 : *b)
        if (x2.is_object() && num(x2, "slot", -1) >= 0 && num(x2, "slot", -1) < kBackups)
          ci.backups.push_back({static_cast<int>(num(x2, "slot")), num(x2, "at")});
    ci.extra = unknown(c, {"id", "name", "key", "created", "updated", "saves", "backups"});
    x.campaigns.push_back(std::move(ci));
  }
  if (auto rs = j.find("recovery"); rs != j.end() && rs->is_array())
    for (const auto& r : *rs) {
      if (!r.is_object() || str(r, "key").empty()) continue;
      RecoveryItem ri;
      ri.id = str(r, "id"), ri.kind = str(r, "kind"), ri.key = str(r, "key"), ri.campaign = str(r, "campaign");
      ri.name = str(r, "name"), ri.at = num(r, "at"), ri.bytes = num(r, "bytes"), ri.reason = str(r, "reason");
      if (auto a = r.find("reasonArgs"); a != r.end() && a->is_object()) ri.reason_args = *a;
      if (auto o = r.find("offered"); o != r.end() && o->is_boolean()) ri.offered = o->get<bool>();
      ri.extra = unknown(r, {"id", "kind", "key", "campaign", "name", "at", "bytes", "reason", "reasonArgs", "offered"});
      x.recovery.push_back(std::move(ri));
    }
  x.extra = unknown(j, {"app", "version", "active", "nextId", "nextRecovery", "nextKey", "campaigns", "recovery",
                        "lastExport", "changedSinceExport"});
  return x;
}

Library::Library(Kv& kv, Clock wall_ms) : kv_(kv), now_(std::move(wall_ms)) {}

std::string Library::backup_key(const std::string& id, int slot) {
  return "backup." + id + "." + std::to_string(slot);
}

CampaignInfo* Library::find_mut(const std::string& id) {
  for (auto& c : index_.campaigns)
    if (c.id == id) return &c;
  return nullptr;
}
const CampaignInfo* Library::find(const std::string& id) const {
  for (const auto& c : index_.campaigns)
    if (c.id == id) return &c;
  return nullptr;
}
const RecoveryItem* Library::find_recovery(const std::string& id) const {
  for (const auto& r : index_.recovery)
    if (r.id == id) return &r;
  return nullptr;
}

std::string Library::fresh_key(const std::string& id) {
  // Never a key anything is stored under (an older index may not know every key).
  for (;;) {
    std::string key = "campaign." + id + "." + std::to_string(index_.next_key++);
    if (!kv_.get(key)) return key;
  }
}

RecoveryItem& Library::add_recovery(std::string kind, std::string key, const CampaignInfo* from, long long bytes) {
  RecoveryItem r;
  r.id = "r" + std::to_string(index_.next_recovery++);
  r.kind = std::move(kind);
  r.key = std::move(key);
  if (from) r.campaign = from->id, r.name = from->name;
  r.at = now_();
  r.bytes = bytes;
  index_.recovery.push_back(std::move(r));
  return index_.recovery.back();
}

bool Library::write_index() {
  if (newer_library_ || passive_) return false;
  std::string text = json(index_).dump(-1, ' ', false, json::error_handler_t::replace);
  if (kv_.set(kIndexKey, text) || (make_room(index_.active) && kv_.set(kIndexKey, text))) {
    index_dirty_ = false;
    return true;
  }
  index_dirty_ = true;
  return false;
}

bool Library::flush_index() { return index_dirty_ ? write_index() : true; }

// [SECTION] opening the library ---------------------------------------------------------------------------------------
void Library::rebuild_from_keys(const std::vector<std::string>& keys) {
  // Campaign keys become campaigns (the newest key of an id wins), backups attach to their campaign.
  std::map<std::string, std::string> by_id;
  for (const auto& k : keys) {
    if (k == kLegacyKey) {
      by_id.emplace("1", k);
    } else if (starts_with(k, "campaign.") && k != "campaign.previous" && k != "campaign.unreadable") {
      std::string rest = k.substr(9);
      std::string id = rest.substr(0, rest.find('.'));
      if (id.empty()) continue;
      auto& cur = by_id[id];
      if (cur.empty() || cur.size() < k.size() || (cur.size() == k.size() && cur < k)) cur = k;
    }
  }
  for (const auto& [id, key] : by_id) {
    CampaignInfo c;
    c.id = id, c.key = key, c.created = now_();
    for (int slot = 0; slot < kBackups; ++slot)
      if (std::find(keys.begin(), keys.end(), backup_key(id, slot)) != keys.end()) c.backups.push_back({slot, 0});
    // Its name and dates from its own stored value (else from its newest backup that reads): the list shows the
    // campaigns as they were, not as unnamed ones never changed.
    std::vector<std::string> sources = {key};
    for (const auto& b : c.backups) sources.push_back(backup_key(id, b.slot));
    for (const auto& k : sources) {
      auto v = kv_.get(k);
      auto text = v ? plain(std::move(*v)) : std::nullopt;
      if (!text) continue;
      try {
        campaign::Session s = io::load(*text);
        c.name = s.state().name;
        for (const auto& tx : s.tail())
          if (tx.wall) c.updated = std::max(c.updated, *tx.wall);
        c.saves = 1;
        break;
      } catch (const std::exception&) {
      }
    }
    index_.campaigns.push_back(std::move(c));
    try {
      index_.next_id = std::max(index_.next_id, std::stoll(id) + 1);
    } catch (...) {
    }
  }
  for (const auto& k : keys)
    if (starts_with(k, "recovery.")) {
      const bool index_copy = starts_with(k, "recovery.index.");  // an earlier damaged index, kept aside
      RecoveryItem& r = add_recovery(index_copy ? "damaged" : "stray", k, nullptr, 0);
      if (index_copy) r.reason = "store.err.bad_index";
      if (auto v = kv_.get(k)) r.bytes = static_cast<long long>(v->size());
    }
}

void Library::adopt_strays(const std::vector<std::string>& keys) {
  auto known = [&](const std::string& k) {
    if (k == kIndexKey) return true;
    for (const auto& c : index_.campaigns) {
      if (c.key == k) return true;
      for (int s = 0; s < kBackups; ++s)
        if (backup_key(c.id, s) == k) return true;
    }
    for (const auto& r : index_.recovery)
      if (r.key == k) return true;
    return false;
  };
  // Only keys that look like the library's own (a campaign, a backup, a recovery copy): the device's settings
  // and other features' keys are not campaigns.
  for (const auto& k : keys) {
    bool ours = starts_with(k, "campaign") || starts_with(k, "backup.") || starts_with(k, "recovery.");
    if (!ours || known(k)) continue;
    auto v = kv_.get(k);
    if (!v) continue;
    add_recovery("stray", k, nullptr, static_cast<long long>(v->size()));
  }
}

void Library::keep_active(const std::string& damaged_index) {
  // The campaign that was open: named in what is left of the damaged index, else the one changed last.
  const std::string tag = "\"active\":\"";
  if (auto at = damaged_index.find(tag); at != std::string::npos) {
    auto end = damaged_index.find('"', at + tag.size());
    std::string id = end == std::string::npos ? std::string() : damaged_index.substr(at + tag.size(), end - at - tag.size());
    if (find(id)) {
      index_.active = id;
      return;
    }
  }
  const CampaignInfo* last = nullptr;
  for (const auto& c : index_.campaigns)
    if (!last || c.updated > last->updated) last = &c;
  if (last) index_.active = last->id;
}

void Library::open() {
  index_ = Index{};
  newer_library_ = false;
  std::vector<std::string> keys = kv_.keys();
  std::sort(keys.begin(), keys.end());
  auto text = kv_.get(kIndexKey);
  bool built = false;
  rebuilt_index_ = false;
  // No index, but campaigns stored under the library's own keys: the index was removed — rebuilt like a damaged one.
  const bool orphans = std::any_of(keys.begin(), keys.end(), [](const std::string& k) {
    return starts_with(k, "campaign.") && k != "campaign.previous" && k != "campaign.unreadable";
  });
  if (!text && orphans) {
    rebuild_from_keys(keys);
    rebuilt_index_ = built = true;
    keep_active({});
  } else if (text) {
    auto doc = json::parse(*text, nullptr, false);
    try {
      if (doc.is_discarded()) throw UserError("store.err.bad_index");
      index_ = index_from_json(doc);
      if (index_.version > kLibraryVersion) newer_library_ = true;
    } catch (const std::exception&) {
      // Kept aside: copied into Recovery before the rebuilt index replaces it (if the copy does not fit, the
      // index stays as it is and this run works without writing one).
      index_ = Index{};
      rebuild_from_keys(keys);
      rebuilt_index_ = true;
      keep_active(*text);
      std::string copy = "recovery.index." + std::to_string(now_());
      if (kv_.set(copy, *text)) {
        RecoveryItem& r = add_recovery("damaged", copy, nullptr, static_cast<long long>(text->size()));
        r.reason = "store.err.bad_index";
      } else {
        newer_library_ = true;  // write nothing this run: the damaged index stays untouched
      }
      built = true;
    }
  } else {
    // First start with the library: an older app's single campaign stays where it is, as campaign "1".
    CampaignInfo c;
    c.id = "1";
    c.created = now_();
    bool legacy = std::find(keys.begin(), keys.end(), kLegacyKey) != keys.end();
    c.key = legacy ? kLegacyKey : "campaign.1";
    index_.campaigns.push_back(c);
    index_.next_id = 2;
    for (const char* old : {"campaign.previous", "campaign.unreadable"}) {
      if (std::find(keys.begin(), keys.end(), old) == keys.end()) continue;
      auto v = kv_.get(old);
      RecoveryItem& r = add_recovery(std::string(old) == "campaign.previous" ? "replaced" : "damaged", old, nullptr,
                                     v ? static_cast<long long>(v->size()) : 0);
      r.campaign = "1";
    }
    built = true;
  }
  if (index_.campaigns.empty()) {
    CampaignInfo c;
    c.id = std::to_string(index_.next_id++);
    c.key = "campaign." + c.id;
    c.created = now_();
    index_.campaigns.push_back(c);
    built = true;
  }
  if (!find(index_.active)) index_.active = index_.campaigns.front().id;
  size_t before = index_.recovery.size();
  if (!newer_library_) adopt_strays(keys);
  if ((built || index_.recovery.size() != before) && !newer_library_) write_index();
}

void Library::set_active(const std::string& id) {
  if (!find(id) || index_.active == id) return;
  index_.active = id;
  write_index();
}

bool Library::read_only(const std::string& id) const {
  if (newer_library_) return true;
  auto it = read_only_.find(id);
  return it != read_only_.end() && it->second;
}

// [SECTION] loading and saving ----------------------------------------------------------------------------------------
Loaded Library::load(const std::string& id, const campaign::Engine& engine) {
  Loaded out;
  CampaignInfo* c = find_mut(id);
  if (!c) {
    out.status = LoadStatus::fresh;
    return out;
  }
  read_only_.erase(id);
  last_good_.erase(id);
  bool changed = false;
  auto raw = kv_.get(c->key);
  if (raw) {
    bool loaded = false;
    try {
      out.session = io::load(*raw, engine);
      loaded = true;
    } catch (const std::exception&) {
      auto [key, args] = why_caught();
      out.reason = key, out.reason_args = args;
      const bool newer = key == "save.err.too_new";
      // The same value already in Recovery (an earlier start met it and the index kept that)?
      RecoveryItem* item = nullptr;
      for (auto& r : index_.recovery)
        if (r.key == c->key) item = &r;
      if (!item) {
        item = &add_recovery(newer ? "newer" : "damaged", c->key, c, static_cast<long long>(raw->size()));
        item->reason = key, item->reason_args = args;
      }
      out.recovery_id = item->id;
      if (newer) {
        read_only_[id] = true;  // its key stays the campaign's: never written while read-only
      } else {
        c->key = fresh_key(id);  // the damaged value stays where it is, now Recovery's
      }
      changed = true;
    }
    if (loaded) {
      last_good_[id] = *raw;
      out.status = LoadStatus::ok;
      check_journal(*c, position(out.session), engine, out);
      if (c->name != out.session.state().name) {
        c->name = out.session.state().name;
        write_index();
      }
      return out;
    }
  } else if (c->saves > 0 || !c->backups.empty()) {
    out.missing = true;
    out.reason = "store.err.missing";
  } else {
    out.status = LoadStatus::fresh;
    JournalState& j = journals_[id];
    j = JournalState{};
    j.base = "-", j.valid = true, j.pos = position(out.session);
    return out;
  }
  // The journal's backup with its steps replayed; else the newest backup that loads.
  if (rebuild_from_journal(*c, engine, out)) {
    out.status = read_only_[id] ? LoadStatus::newer : LoadStatus::from_journal;
    if (changed) write_index();
    return out;
  }
  journals_[id] = JournalState{};  // none that leads anywhere: the first step's save starts one
  // The newest backup that loads (slots the index does not list are tried last).
  std::vector<Backup> order = c->backups;
  for (int s = 0; s < kBackups; ++s)
    if (std::none_of(order.begin(), order.end(), [&](const Backup& b) { return b.slot == s; })) order.push_back({s, 0});
  bool found = false;
  for (const auto& b : order) {
    auto stored = kv_.get(backup_key(id, b.slot));
    if (!stored) continue;
    auto text = plain(std::move(*stored));
    if (!text) continue;  // a packed backup that does not unpack (damaged): the next one
    try {
      out.session = io::load(*text, engine);
      out.backup_at = b.at;
      found = true;
      break;
    } catch (const std::exception&) {
    }
  }
  if (read_only_[id]) out.status = LoadStatus::newer;
  else out.status = found ? LoadStatus::from_backup : LoadStatus::lost;
  if (!found) out.session = campaign::Session(engine);
  if (changed) write_index();
  return out;
}

bool Library::set_with_room(const std::string& key, const std::string& value, const std::string& keep_campaign) {
  if (kv_.set(key, value)) return true;
  while (make_room(keep_campaign))
    if (kv_.set(key, value)) return true;
  return false;
}

SaveStatus Library::save(const std::string& id, const std::string& text, const std::string& name) {
  CampaignInfo* c = find_mut(id);
  if (!c || read_only(id) || passive_) return SaveStatus::read_only;
  auto prev = last_good_.find(id);
  if (prev != last_good_.end() && prev->second == text) {
    // Parts an earlier save could not write (the journal's backup, the journal, the index) are tried again.
    bool done = save_journal_part(*c, text, nullptr, now_(), false);
    if (index_dirty_) done = write_index() && done;
    if (!done) return SaveStatus::incomplete;
    return SaveStatus::unchanged;
  }
  if (!set_with_room(c->key, text, id)) return SaveStatus::failed;
  c = find_mut(id);  // make_room() may have changed the index's vectors
  auto back = kv_.get(c->key);
  if (!back || *back != text) {
    // The store kept something else: put the previous good text back (or nothing, if there was none).
    if (prev != last_good_.end()) kv_.set(c->key, prev->second);
    return SaveStatus::failed;
  }
  long long now = now_();
  // The previous good text becomes a backup when the newest one is kBackupEvery old (or from a clock set back);
  // the journal then keeps only the steps after it.
  bool done = save_journal_part(*c, text, prev != last_good_.end() ? &prev->second : nullptr, now, true);
  last_good_[id] = text;
  if (c->saves == 0 && c->created == 0) c->created = now;
  c->saves++;
  c->updated = now;
  c->name = name;
  if (index_.changed_since_export == 0) index_.changed_since_export = now;
  done = write_index() && done;
  return done ? SaveStatus::saved : SaveStatus::incomplete;
}

// [SECTION] the journal and backups -----------------------------------------------------------------------------------
bool Library::save_journal_part(CampaignInfo& c, const std::string& text, const std::string* prev, long long now,
                                bool changed) {
  // Only a journal this run keeps (steps handed over: the app's; the CLI and the tools save without one).
  auto it = journals_.find(c.id);
  JournalState* j = it != journals_.end() && it->second.used ? &it->second : nullptr;
  if (j && changed && !j->stepped) j->rebase = true;  // a new text that no journaled step led to
  if (j && j->rebase) {
    // The journal does not lead to this text (a step not written, a session replaced, a step past its bound):
    // this text becomes the newest backup and the journal starts from it.
    if (!rotate_backup(c, text, now)) return false;
    const std::string pos = j->pos;
    *j = JournalState{};
    j->base = text_checksum(text), j->valid = true, j->pos = pos, j->dirty = true, j->used = true;
  } else if (prev) {
    const bool due = c.backups.empty() || now - c.backups.front().at >= kBackupEvery || now < c.backups.front().at;
    if (due) {
      if (!rotate_backup(c, *prev, now)) {
        if (j) j->rebase = true;  // the journal's backup may be gone with that slot
        return false;
      }
      if (j && j->valid) {
        j->lines.erase(j->lines.begin(), j->lines.begin() + static_cast<long>(std::min(j->at_save, j->lines.size())));
        j->base = text_checksum(*prev);
        j->dirty = true;
      }
    }
  }
  if (!j) return true;
  j->at_save = j->lines.size();
  j->stepped = false;
  return !j->dirty || write_journal(c.id);
}

bool Library::write_journal(const std::string& id) {
  JournalState& j = journals_[id];
  if (passive_ || newer_library_) return false;
  std::string text = journal_header(j.valid ? j.base : "?");
  for (const auto& line : j.lines) text += line;
  if (!set_with_room(journal_key(id), text, id)) {
    j.dirty = true;
    return false;
  }
  j.bytes = text.size();
  j.dirty = false;
  return true;
}

bool Library::has_unfinished_writes() const {
  if (index_dirty_) return true;
  for (const auto& [id, j] : journals_)
    if (j.dirty || j.rebase) return true;
  return false;
}

bool Library::journal(const std::string& id, json step, const campaign::Session& after) {
  if (!find(id) || read_only(id) || passive_) return true;
  JournalState& j = journals_[id];
  j.used = j.stepped = true;
  step["from"] = j.pos;
  j.pos = position(after);
  step["to"] = j.pos;
  if (!j.valid || j.rebase) {
    j.rebase = true;  // the save that follows covers this step with a backup of its text
    return true;
  }
  std::string line = journal_line(step);
  if (j.bytes + line.size() > kJournalMax) {
    j.rebase = true;
    return true;
  }
  j.lines.push_back(std::move(line));
  if (write_journal(id)) return true;
  // Not stored: the journal stays as it was (its steps still lead somewhere good); the next save backs up its text.
  j.lines.pop_back();
  j.rebase = true;
  return false;
}

void Library::journal_reset(const std::string& id, const campaign::Session& now) {
  if (!find(id) || read_only(id) || passive_) return;
  JournalState& j = journals_[id];
  j = JournalState{};
  j.pos = position(now);
  j.rebase = j.used = true;
  if (!kv_.set(journal_key(id), journal_header("?"))) kv_.remove(journal_key(id));
}

bool Library::rebuild_from_journal(const CampaignInfo& c, const campaign::Engine& engine, Loaded& out) {
  auto stored = kv_.get(journal_key(c.id));
  if (!stored) return false;
  JournalRead jr = read_journal(*stored);
  if (!jr.header || jr.base == "?") return false;
  campaign::Session s(engine);
  long long at = 0;
  if (jr.base != "-") {
    bool found = false;
    for (int slot = 0; slot < kBackups && !found; ++slot) {
      auto v = kv_.get(backup_key(c.id, slot));
      if (!v) continue;
      auto text = plain(std::move(*v));
      if (!text || text_checksum(*text) != jr.base) continue;
      try {
        s = io::load(*text, engine);
        found = true;
        for (const auto& b : c.backups)
          if (b.slot == slot) at = b.at;
      } catch (const std::exception&) {
      }
    }
    if (!found) return false;
  }
  const size_t n = replay(s, jr.steps);
  out.session = std::move(s);
  out.backup_at = at;
  out.replayed = static_cast<long long>(n);
  out.journal_damaged = jr.damaged || n < jr.steps.size();
  // This run's journal: as far as it replayed (the damaged rest is dropped from the stored one too).
  JournalState& j = journals_[c.id];
  j = JournalState{};
  j.base = jr.base, j.valid = true, j.pos = position(out.session), j.bytes = stored->size();
  j.used = j.stepped = true;  // the rebuilt state is what the journal leads to: its save needs no backup of its own
  for (size_t k = 0; k < n; ++k) j.lines.push_back(journal_line(jr.steps[k]));
  j.at_save = n;
  if (out.journal_damaged && !read_only(c.id)) write_journal(c.id);
  return true;
}

void Library::check_journal(const CampaignInfo& c, const std::string& pos, const campaign::Engine& engine,
                            Loaded& out) {
  JournalState& j = journals_[c.id];
  j = JournalState{};
  j.pos = pos;
  auto stored = kv_.get(journal_key(c.id));
  if (!stored) return;
  JournalRead jr = read_journal(*stored);
  if (!jr.header || jr.base == "?" || jr.steps.empty() || passive_) return;
  auto step_pos = [](const json& step, const char* key) {
    auto it = step.find(key);
    return it != step.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (!jr.damaged && step_pos(jr.steps.back(), "to") == pos) {  // the journal leads to this value
    j.base = jr.base, j.valid = true, j.bytes = stored->size();
    for (const auto& step : jr.steps) j.lines.push_back(journal_line(step));
    j.at_save = j.lines.size();
    return;
  }
  // The value stands where one of the journal's steps started: its last save did not reach the storage, the
  // journal has the steps after it.
  size_t from = jr.steps.size();
  for (size_t k = 0; k < jr.steps.size(); ++k)
    if (step_pos(jr.steps[k], "from") == pos) from = k;
  if (from == jr.steps.size() || read_only(c.id)) return;
  Loaded rebuilt;
  if (!rebuild_from_journal(c, engine, rebuilt) || rebuilt.replayed <= static_cast<long long>(from) ||
      position(rebuilt.session) == pos) {
    journals_[c.id] = JournalState{};
    journals_[c.id].pos = pos;
    return;
  }
  journals_[c.id].at_save = std::min(from, journals_[c.id].lines.size());  // the steps the stored value holds
  out.session = std::move(rebuilt.session);
  out.status = LoadStatus::from_journal;
  out.behind = true;
  out.replayed = rebuilt.replayed - static_cast<long long>(from);  // the steps the value did not hold
  out.journal_damaged = rebuilt.journal_damaged;
  out.backup_at = rebuilt.backup_at;
  out.reason = "store.err.behind";
}

bool Library::rotate_backup(CampaignInfo& c, const std::string& previous, long long now) {
  const int slot = rotate_slot(c.backups);
  std::erase_if(c.backups, [&](const Backup& b) { return b.slot == slot; });
  // (Room made from older backups and offered Recovery items: a new backup is worth more than an old one.)
  if (set_with_room(backup_key(c.id, slot), pack(previous), c.id)) {
    c.backups.insert(c.backups.begin(), {slot, now});
    return true;
  }
  kv_.remove(backup_key(c.id, slot));  // a failed write may have left nothing or the old text: either way stale
  return false;
}

// [SECTION] adding and removing campaigns, storage use ----------------------------------------------------------------
std::string Library::create(const std::string& name) {
  CampaignInfo c;
  c.id = std::to_string(index_.next_id++);
  c.key = fresh_key(c.id);
  c.name = name;
  c.created = now_();
  index_.campaigns.push_back(c);
  write_index();
  return c.id;
}

std::optional<std::string> Library::add(const std::string& text, const std::string& name) {
  std::string id = std::to_string(index_.next_id++);
  CampaignInfo c;
  c.id = id;
  c.key = fresh_key(id);
  c.name = name;
  c.created = c.updated = now_();
  c.saves = 1;
  if (!set_with_room(c.key, text, index_.active)) return std::nullopt;
  auto back = kv_.get(c.key);
  if (!back || *back != text) {
    kv_.remove(c.key);
    return std::nullopt;
  }
  index_.campaigns.push_back(std::move(c));
  last_good_[id] = text;
  kv_.remove(journal_key(id));  // (ids are never reused; an older index may not have known one)
  write_index();
  return id;
}

std::optional<std::string> Library::duplicate(const std::string&, const std::string& text, const std::string& name) {
  return add(text, name);
}

std::optional<std::string> Library::remove(const std::string& id) {
  if (index_.campaigns.size() < 2) return std::nullopt;
  CampaignInfo* c = find_mut(id);
  if (!c) return std::nullopt;
  auto v = kv_.get(c->key);
  RecoveryItem& r = add_recovery("deleted", c->key, c, v ? static_cast<long long>(v->size()) : 0);
  r.extra["info"] = to_j(*c);  // for undelete (its backups stay until the space is needed)
  std::string rid = r.id;
  if (!v) {  // never saved: nothing to keep
    index_.recovery.pop_back();
    rid.clear();
  }
  index_.campaigns.erase(std::remove_if(index_.campaigns.begin(), index_.campaigns.end(),
                                        [&](const CampaignInfo& x) { return x.id == id; }),
                         index_.campaigns.end());
  last_good_.erase(id);
  read_only_.erase(id);
  if (index_.active == id) index_.active = index_.campaigns.front().id;
  write_index();
  return rid;
}

bool Library::archive(const std::string& id) {
  const CampaignInfo* c = find(id);
  if (!c || id == index_.active || index_.campaigns.size() < 2 || read_only(id)) return false;
  const std::string key = c->key;
  for (const auto& [bkey, at] : backups_of(id)) kv_.remove(bkey);
  kv_.remove(key);
  kv_.remove(journal_key(id));
  journals_.erase(id);
  // earlier copies of it in Recovery (a replaced or damaged value of this campaign) go too
  index_.recovery.erase(std::remove_if(index_.recovery.begin(), index_.recovery.end(),
                                       [&](const RecoveryItem& r) {
                                         if (r.campaign != id || r.kind == "newer") return false;
                                         kv_.remove(r.key);
                                         return true;
                                       }),
                        index_.recovery.end());
  index_.campaigns.erase(std::remove_if(index_.campaigns.begin(), index_.campaigns.end(),
                                        [&](const CampaignInfo& x) { return x.id == id; }),
                         index_.campaigns.end());
  last_good_.erase(id);
  read_only_.erase(id);
  write_index();
  return true;
}

long long storage_units(std::string_view key, std::string_view value) {
  auto units = [](std::string_view s) {
    long long n = 0;
    for (unsigned char ch : s) {
      if ((ch & 0xC0) != 0x80) ++n;  // a code point starts here
      if (ch >= 0xF0) ++n;           // beyond the BMP: a surrogate pair
    }
    return n;
  };
  return units("druzina.") + units(key) + units(value);
}

Usage Library::usage(long long budget) {
  Usage u;
  u.budget = budget;
  std::map<std::string, long long> size;
  for (const auto& k : kv_.keys()) {
    auto v = kv_.get(k);
    size[k] = storage_units(k, v ? *v : std::string());
    u.total += size[k];
  }
  auto take = [&](const std::string& key) {
    auto it = size.find(key);
    if (it == size.end()) return 0LL;
    long long n = it->second;
    size.erase(it);
    return n;
  };
  for (const auto& c : index_.campaigns) {
    Usage::Campaign x{c.id, take(c.key), 0};
    for (int slot = 0; slot < kBackups; ++slot) x.backups += take(backup_key(c.id, slot));
    x.backups += take(journal_key(c.id));
    u.campaigns.push_back(std::move(x));
  }
  for (const auto& r : index_.recovery) u.recovery += take(r.key);
  for (const auto& [k, n] : size) (starts_with(k, "backup.") || starts_with(k, "recovery.") ? u.recovery : u.other) += n;
  return u;
}

// [SECTION] Recovery, replacing, previews, exports, making room -------------------------------------------------------
bool Library::undelete(const std::string& recovery_id) {
  auto it = std::find_if(index_.recovery.begin(), index_.recovery.end(),
                         [&](const RecoveryItem& r) { return r.id == recovery_id && r.kind == "deleted"; });
  if (it == index_.recovery.end()) return false;
  CampaignInfo c;
  auto info = it->extra.find("info");
  if (info != it->extra.end() && info->is_object()) {
    json wrap = jobj{"app", "druzina-library", "version", 1, "campaigns", json::array({*info})};
    try {
      c = index_from_json(wrap).campaigns.front();
    } catch (const std::exception&) {
    }
  }
  if (c.id.empty() || find(c.id)) c.id = std::to_string(index_.next_id++);
  c.key = it->key;
  if (c.name.empty()) c.name = it->name;
  index_.recovery.erase(it);
  index_.campaigns.push_back(std::move(c));
  write_index();
  return true;
}

bool Library::replace(const std::string& id, const std::string& text, const std::string& name) {
  CampaignInfo* c = find_mut(id);
  if (!c) return false;
  std::string old_key = c->key;
  std::string key = fresh_key(id);
  if (!set_with_room(key, text, id)) return false;
  c = find_mut(id);
  auto back = kv_.get(key);
  if (!back || *back != text) {
    kv_.remove(key);
    return false;
  }
  if (auto v = kv_.get(old_key)) {
    // Unless the old value is already Recovery's (a damaged or newer one), it becomes a "replaced" item.
    bool held = std::any_of(index_.recovery.begin(), index_.recovery.end(),
                            [&](const RecoveryItem& r) { return r.key == old_key; });
    if (!held) add_recovery("replaced", old_key, c, static_cast<long long>(v->size()));
  }
  c = find_mut(id);
  c->key = key;
  c->name = name;
  c->updated = now_();
  c->saves++;
  last_good_[id] = text;
  read_only_.erase(id);
  // The journal led to the old value: void it (the next load finds none; its first step's save starts one).
  journals_.erase(id);
  if (!kv_.set(journal_key(id), journal_header("?"))) kv_.remove(journal_key(id));
  write_index();
  return true;
}

std::optional<std::string> Library::text_of(const RecoveryItem& item) { return backup_text(item.key); }

std::optional<std::string> Library::backup_text(const std::string& key) {
  auto v = kv_.get(key);
  if (!v) return v;
  if (auto text = plain(*v)) return text;
  return v;  // as stored: preview() says why it does not load
}

Preview Library::preview(const std::string& text, const campaign::Engine& engine) const {
  Preview p;
  p.text = text;
  UnpackStatus st = UnpackStatus::ok;
  auto unpacked = plain(text, &st);
  if (!unpacked) {
    p.reason = unpack_error_key(st);
    p.packed_damaged = true;
    return p;
  }
  p.text = *unpacked;
  auto describe = [&](const campaign::Session& s) {
    p.name = s.state().name;
    p.creatures = static_cast<int>(s.state().creatures.size());
    for (const auto& cr : s.state().creatures) {
      if (p.names.size() >= 6) break;
      p.names.push_back(cr.name);
    }
    p.history = static_cast<long long>(s.undo_depth());
  };
  try {
    describe(io::load(p.text, engine));
    p.loads = true;
  } catch (const std::exception&) {
    auto [key, args] = why_caught();
    p.reason = key, p.reason_args = args;
  }
  if (p.reason == "save.err.checksum") {
    // Only the checksum is wrong: the tolerant loader reads what validates; it may be opened as a new campaign.
    try {
      io::Loaded l = io::load_tolerant(p.text, engine);
      describe(l.session);
      p.anyway = io::save(l.session);
    } catch (const std::exception&) {
    }
  }
  return p;
}

void Library::mark_offered(const std::string& recovery_id) {
  for (auto& r : index_.recovery)
    if (r.id == recovery_id && !r.offered) {
      r.offered = true;
      write_index();
    }
}

bool Library::forget(const std::string& recovery_id) {
  auto it = std::find_if(index_.recovery.begin(), index_.recovery.end(),
                         [&](const RecoveryItem& r) { return r.id == recovery_id; });
  if (it == index_.recovery.end() || it->kind == "newer") return false;
  for (const auto& c : index_.campaigns)
    if (c.key == it->key) return false;
  kv_.remove(it->key);
  index_.recovery.erase(it);
  write_index();
  return true;
}

std::vector<std::pair<std::string, long long>> Library::backups_of(const std::string& id) const {
  std::vector<std::pair<std::string, long long>> out;
  if (const CampaignInfo* c = find(id))
    for (const auto& b : c->backups) out.emplace_back(backup_key(id, b.slot), b.at);
  return out;
}

void Library::note_export() {
  index_.last_export = now_();
  index_.changed_since_export = 0;
  write_index();
}

bool Library::export_reminder_due() const {
  constexpr long long kWeek = 7LL * 24 * 3600 * 1000;
  return index_.changed_since_export > 0 && now_() - index_.changed_since_export >= kWeek;
}

bool Library::make_room(const std::string& keep_campaign) {
  // 1. Older backups (every campaign keeps its newest one; the campaign being saved is trimmed last).
  for (int pass = 0; pass < 2; ++pass)
    for (auto& c : index_.campaigns) {
      if ((pass == 0) == (c.id == keep_campaign) || c.backups.size() < 2) continue;
      kv_.remove(backup_key(c.id, c.backups.back().slot));
      c.backups.pop_back();
      return true;
    }
  // 2. Recovery items whose export was offered, oldest first (never a newer app's value, never a campaign's).
  for (auto it = index_.recovery.begin(); it != index_.recovery.end(); ++it) {
    if (!it->offered || it->kind == "newer") continue;
    if (std::any_of(index_.campaigns.begin(), index_.campaigns.end(), [&](const CampaignInfo& c) { return c.key == it->key; }))
      continue;
    kv_.remove(it->key);
    index_.recovery.erase(it);
    return true;
  }
  return false;
}

}  // namespace druzina::store
