// The library of campaigns (core/store/library.hpp) on an in-memory store that can run out of space: verified
// saves with rotating backups, damaged and missing values kept aside untouched while the newest good backup
// loads, a newer app's value never written over, the old single key migrated in place, space made only from
// what may go.
#include <map>

#include "../scenario/campaign_fixture.hpp"
#include "core/io/save.hpp"
#include "core/rules/potions/potions.hpp"
#include "core/store/library.hpp"
#include "core/store/packed.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// localStorage-like: a value replaces the old one atomically, or is refused when the total would exceed limit.
struct MemKv final : store::Kv {
  std::map<std::string, std::string> data;
  size_t limit = SIZE_MAX;
  bool blocked = false;
  int writes = 0;
  size_t used() const {
    size_t n = 0;
    for (const auto& [k, v] : data) n += k.size() + v.size();
    return n;
  }
  std::optional<std::string> get(const std::string& k) override {
    auto it = data.find(k);
    if (it == data.end()) return std::nullopt;
    return it->second;
  }
  bool set(const std::string& k, const std::string& v) override {
    if (blocked) return false;
    size_t now = used(), old = data.count(k) ? k.size() + data[k].size() : 0;
    if (now - old + k.size() + v.size() > limit) return false;
    data[k] = v;
    ++writes;
    return true;
  }
  bool remove(const std::string& k) override { return data.erase(k) > 0; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    for (const auto& [k, v] : data) out.push_back(k);
    return out;
  }
};

long long clock_ms = 1'700'000'000'000;
store::Library make(MemKv& kv) {
  return store::Library(kv, [] { return clock_ms; });
}

// A campaign save after n damage commands (so each save differs).
std::string save_after(int n, const char* name = "Les") {
  Session s;
  Rng rng(3);
  s.dispatch({{"type", "CreateCampaign"}, {"name", name}}, rng);
  for (int i = 0; i < n; ++i) s.dispatch({{"type", "SetSettings"}, {"potion_warning_threshold", i + 1}}, rng);
  return io::save(s);
}
int potions(const Session& s) { return rules::potion_warning_threshold(s.state()); }

// A save an hour of play after the previous one (so each save may rotate a backup; see the policy's own test).
store::SaveStatus save_later(store::Library& lib, const std::string& id, const std::string& text,
                             const std::string& name = "Les") {
  clock_ms += store::kBackupHour + 60'000;
  return lib.save(id, text, name);
}

}  // namespace

TEST_CASE("library: a fresh start has one empty campaign, saves are verified and rotate backups", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  REQUIRE(lib.index().campaigns.size() == 1);
  const std::string id = lib.index().active;
  REQUIRE(lib.load(id).status == store::LoadStatus::fresh);
  for (int i = 1; i <= 5; ++i) REQUIRE(save_later(lib, id, save_after(i)) == store::SaveStatus::saved);
  REQUIRE(lib.save(id, save_after(5), "Les") == store::SaveStatus::unchanged);
  const auto* c = lib.find(id);
  REQUIRE(kv.data.at(c->key) == save_after(5));
  REQUIRE(c->backups.size() == static_cast<size_t>(store::kBackups));
  // Newest first, packed: the save before the current one, the one before it, and the first (kept as the start
  // of the day's play: the saves were an hour apart, all within a day).
  auto backup = [&](int n) { return kv.data.at(store::Library::backup_key(id, c->backups[n].slot)); };
  REQUIRE(store::is_packed(backup(0)));
  REQUIRE(lib.backup_text(store::Library::backup_key(id, c->backups[0].slot)) == save_after(4));
  REQUIRE(lib.backup_text(store::Library::backup_key(id, c->backups[1].slot)) == save_after(3));
  REQUIRE(lib.backup_text(store::Library::backup_key(id, c->backups[2].slot)) == save_after(1));
  CHECK(backup(0).size() < save_after(4).size());
  // The index survives a restart.
  auto again = make(kv);
  again.open();
  REQUIRE(again.find(id)->backups.size() == 3);
  auto loaded = again.load(id);
  REQUIRE(loaded.status == store::LoadStatus::ok);
  REQUIRE(potions(loaded.session) == 5);
}

TEST_CASE("library: an older app's single campaign becomes campaign 1 where it is, its leftovers go to Recovery",
          "[store]") {
  MemKv kv;
  kv.data["campaign"] = save_after(2);
  kv.data["campaign.previous"] = save_after(1, "Stará");
  kv.data["campaign.unreadable"] = "{ broken";
  kv.data["lang"] = "cs";
  auto lib = make(kv);
  lib.open();
  REQUIRE(lib.index().campaigns.size() == 1);
  REQUIRE(lib.index().campaigns[0].key == "campaign");
  REQUIRE(kv.data.at("campaign") == save_after(2));  // untouched
  auto loaded = lib.load("1");
  REQUIRE(loaded.status == store::LoadStatus::ok);
  REQUIRE(potions(loaded.session) == 2);
  REQUIRE(lib.index().recovery.size() == 2);
  for (const auto& r : lib.index().recovery) REQUIRE(kv.data.count(r.key) == 1);
  REQUIRE(lib.index().recovery[0].kind == "replaced");
  REQUIRE(lib.index().recovery[1].kind == "damaged");
  REQUIRE(kv.data.at("lang") == "cs");
}

TEST_CASE("library: a damaged value is kept aside untouched and the newest good backup loads", "[store]") {
  const std::vector<std::pair<const char*, std::string>> damage = {
      {"truncated", save_after(3).substr(0, 200)},
      {"junk", "ž#@!junk"},
      {"null", "null"},
      {"empty", ""},
      {"4 MB of junk", std::string(4 * 1024 * 1024, 'x')},
  };
  for (const auto& [what, bad] : damage) {
    INFO(what);
    MemKv kv;
    auto lib = make(kv);
    lib.open();
    const std::string id = lib.index().active;
    lib.load(id);
    for (int i = 1; i <= 3; ++i) REQUIRE(save_later(lib, id, save_after(i)) == store::SaveStatus::saved);
    const std::string damaged_key = lib.find(id)->key;
    kv.data[damaged_key] = bad;

    auto next = make(kv);
    next.open();
    auto loaded = next.load(id);
    REQUIRE(loaded.status == store::LoadStatus::from_backup);
    REQUIRE(potions(loaded.session) == 2);  // the save before the damaged one
    REQUIRE_FALSE(loaded.reason.empty());
    const auto* item = next.find_recovery(loaded.recovery_id);
    REQUIRE(item);
    REQUIRE(item->kind == "damaged");
    REQUIRE(item->key == damaged_key);
    REQUIRE(kv.data.at(damaged_key) == bad);
    // Saving goes to a fresh key; the damaged value stays as it was, also after another restart.
    REQUIRE(next.find(id)->key != damaged_key);
    REQUIRE(next.save(id, io::save(loaded.session), "Les") == store::SaveStatus::saved);
    REQUIRE(kv.data.at(damaged_key) == bad);
    auto third = make(kv);
    third.open();
    REQUIRE(third.load(id).status == store::LoadStatus::ok);
    REQUIRE(third.find_recovery(loaded.recovery_id));
    REQUIRE(kv.data.at(damaged_key) == bad);
  }
}

TEST_CASE("library: a missing value (a renamed key) loads the newest backup, the renamed one is listed", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  for (int i = 1; i <= 3; ++i) save_later(lib, id, save_after(i));
  const std::string key = lib.find(id)->key;
  kv.data["campaign-renamed"] = kv.data.at(key);
  kv.data.erase(key);
  auto next = make(kv);
  next.open();
  auto loaded = next.load(id);
  REQUIRE(loaded.status == store::LoadStatus::from_backup);
  REQUIRE(loaded.missing);
  REQUIRE(potions(loaded.session) == 2);
  bool stray = false;
  for (const auto& r : next.index().recovery) stray |= r.kind == "stray" && r.key == "campaign-renamed";
  REQUIRE(stray);
}

TEST_CASE("library: a newer app's value is never written over, the campaign is read-only", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  for (int i = 1; i <= 2; ++i) save_later(lib, id, save_after(i));
  const std::string key = lib.find(id)->key;
  json doc = json::parse(kv.data.at(key))["body"];  // the save document, as a newer app's schema would write it
  doc["schemaVersion"] = io::kSchemaVersion + 1;
  kv.data[key] = doc.dump();
  const std::string newer = kv.data[key];
  auto next = make(kv);
  next.open();
  auto loaded = next.load(id);
  REQUIRE(loaded.status == store::LoadStatus::newer);
  REQUIRE(loaded.reason == "save.err.too_new");
  REQUIRE(potions(loaded.session) == 1);  // its newest readable backup, shown
  REQUIRE(next.read_only(id));
  REQUIRE(next.save(id, save_after(7), "Les") == store::SaveStatus::read_only);
  REQUIRE(kv.data.at(key) == newer);
  REQUIRE(next.find_recovery(loaded.recovery_id)->kind == "newer");
  REQUIRE_FALSE(next.forget(loaded.recovery_id));
  // A restore chosen by the user: the newer value stays in Recovery, the campaign is writable again.
  REQUIRE(next.replace(id, save_after(1), "Les"));
  REQUIRE_FALSE(next.read_only(id));
  REQUIRE(kv.data.at(key) == newer);
  REQUIRE(next.save(id, save_after(8), "Les") == store::SaveStatus::saved);
  REQUIRE(kv.data.at(key) == newer);
}

TEST_CASE("library: a save that does not fit never replaces the last good one, room is made only from what may go",
          "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  for (int i = 1; i <= 4; ++i) save_later(lib, id, save_after(i));
  const std::string key = lib.find(id)->key;
  // A recovery item not yet offered for export, of 3000 bytes.
  kv.data["campaign.old"] = std::string(3000, 'j');
  lib.open();
  lib.load(id);
  REQUIRE(lib.index().recovery.size() == 1);
  // Full: a save far bigger than the room left fails even after the older backups went; the last good value
  // and the recovery item (its export not offered yet) stay.
  kv.limit = kv.used() + 100;
  REQUIRE(lib.save(id, save_after(200), "Les") == store::SaveStatus::failed);
  REQUIRE(kv.data.at(key) == save_after(4));
  REQUIRE(kv.data.count("campaign.old") == 1);
  REQUIRE(lib.find(id)->backups.size() == 1);  // the newest backup is never trimmed
  REQUIRE(kv.data.count(store::Library::backup_key(id, lib.find(id)->backups[0].slot)) == 1);
  // Blocked storage: nothing replaced.
  kv.blocked = true;
  REQUIRE(lib.save(id, save_after(5), "Les") == store::SaveStatus::failed);
  REQUIRE(kv.data.at(key) == save_after(4));
  // Once its export was offered, a recovery item may go when space is needed.
  kv.blocked = false;
  kv.limit = kv.used() + 20;
  REQUIRE(save_after(5).size() > save_after(4).size() + 20);
  REQUIRE(lib.save(id, save_after(5), "Les") == store::SaveStatus::failed);  // not offered: kept, not saved
  REQUIRE(kv.data.count("campaign.old") == 1);
  lib.mark_offered(lib.index().recovery[0].id);
  REQUIRE(lib.save(id, save_after(5), "Les") == store::SaveStatus::saved);
  REQUIRE(kv.data.count("campaign.old") == 0);
  REQUIRE(kv.data.at(key) == save_after(5));
}

TEST_CASE("library: several campaigns — create, duplicate, delete into Recovery and undelete, replace", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string a = lib.index().active;
  lib.load(a);
  lib.save(a, save_after(1, "A"), "A");
  const std::string b = lib.create("");
  lib.load(b);
  REQUIRE(lib.save(b, save_after(2, "B"), "B") == store::SaveStatus::saved);
  REQUIRE(lib.index().campaigns.size() == 2);
  auto c = lib.duplicate(a, save_after(1, "A (copy)"), "A (copy)");
  REQUIRE(c);
  REQUIRE(lib.index().campaigns.size() == 3);
  // Delete keeps the value in Recovery; undelete brings it back with the same text.
  const std::string b_key = lib.find(b)->key;
  auto rid = lib.remove(b);
  REQUIRE(rid);
  REQUIRE_FALSE(lib.find(b));
  REQUIRE(kv.data.at(b_key) == save_after(2, "B"));
  REQUIRE(lib.find_recovery(*rid)->kind == "deleted");
  REQUIRE(lib.undelete(*rid));
  REQUIRE(lib.find(b));
  REQUIRE(potions(lib.load(b).session) == 2);
  // Replace: the old value goes into Recovery as "replaced", the new one under a fresh key.
  const std::string a_key = lib.find(a)->key;
  REQUIRE(lib.replace(a, save_after(9, "A"), "A"));
  REQUIRE(lib.find(a)->key != a_key);
  REQUIRE(kv.data.at(a_key) == save_after(1, "A"));
  bool replaced = false;
  for (const auto& r : lib.index().recovery) replaced |= r.kind == "replaced" && r.key == a_key;
  REQUIRE(replaced);
  REQUIRE(potions(lib.load(a).session) == 9);
  // The last campaign cannot be deleted.
  lib.remove(*c);
  lib.remove(b);
  REQUIRE_FALSE(lib.remove(a));
}

TEST_CASE("library: a damaged index is rebuilt from the keys and kept in Recovery", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  lib.save(id, save_after(1), "Les");
  lib.save(id, save_after(2), "Les");
  kv.data["library"] = "{\"app\":\"druzina-library\",";
  auto next = make(kv);
  next.open();
  REQUIRE(next.index().campaigns.size() == 1);
  auto loaded = next.load(next.index().active);
  REQUIRE(loaded.status == store::LoadStatus::ok);
  REQUIRE(potions(loaded.session) == 2);
  bool kept = false;
  for (const auto& r : next.index().recovery)
    if (r.reason == "store.err.bad_index") kept = kv.data.at(r.key) == "{\"app\":\"druzina-library\",";
  REQUIRE(kept);
}

TEST_CASE("library: usage counts each campaign, its backups and Recovery, and archiving frees them for good", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string a = lib.index().active;
  lib.load(a);
  for (int i = 1; i <= 3; ++i) REQUIRE(save_later(lib, a, save_after(i, "A"), "A") == store::SaveStatus::saved);
  const std::string b = lib.create("");
  lib.load(b);
  for (int i = 1; i <= 4; ++i) REQUIRE(save_later(lib, b, save_after(i, "B"), "B") == store::SaveStatus::saved);
  lib.set_active(a);
  // B's value replaced: the old one is in Recovery, counted there
  REQUIRE(lib.replace(b, save_after(7, "B"), "B"));

  store::Usage u = lib.usage();
  REQUIRE(u.campaigns.size() == 2);
  const auto& ua = u.campaigns[0];
  const auto& ub = u.campaigns[1];
  CHECK(ua.id == a);
  CHECK(ub.id == b);
  CHECK(ua.own == store::storage_units(lib.find(a)->key, save_after(3, "A")));
  CHECK(ub.own == store::storage_units(lib.find(b)->key, save_after(7, "B")));
  CHECK(ua.backups > 0);
  CHECK(ub.backups > ua.backups);  // three backups against two
  CHECK(u.recovery > 0);
  CHECK(u.other > 0);  // the index
  long long sum = u.recovery + u.other;
  for (const auto& c : u.campaigns) sum += c.own + c.backups;
  CHECK(u.total == sum);
  // the units browsers count: a Cyrillic letter is one (two bytes of UTF-8), an emoji two (four bytes)
  CHECK(store::storage_units("k", "Дружина") == 8 + 1 + 7);
  CHECK(store::storage_units("k", "\xF0\x9F\x8E\xB2") == 8 + 1 + 2);
  // the warning threshold
  CHECK_FALSE(lib.usage(u.total * 100 / 79).near_full());
  CHECK(lib.usage(u.total * 100 / 81).near_full());

  // Archiving: never the open campaign; B, its backups and its Recovery copy go, A stays as it was.
  CHECK_FALSE(lib.archive(a));
  const std::string a_text = kv.data.at(lib.find(a)->key);
  REQUIRE(lib.archive(b));
  CHECK_FALSE(lib.find(b));
  CHECK(lib.index().recovery.empty());
  for (const auto& [k, v] : kv.data) {
    CHECK(k.rfind("campaign." + b, 0) != 0);
    CHECK(k.rfind("backup." + b + ".", 0) != 0);
    CHECK(k.rfind("recovery.", 0) != 0);
  }
  store::Usage after = lib.usage();
  CHECK(after.total < u.total - ub.own - ub.backups);
  CHECK(after.campaigns.size() == 1);
  CHECK(kv.data.at(lib.find(a)->key) == a_text);
  CHECK(potions(lib.load(a).session) == 3);
  // the last campaign is never archived
  CHECK_FALSE(lib.archive(a));
}

TEST_CASE("library: backups span real time — one at most every 10 minutes, the slots kept apart", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  constexpr long long kMin = 60'000;
  const long long t0 = clock_ms;
  // (minutes after t0, the save's number); saves a few seconds apart rotate no backup.
  int n = 0;
  auto save_at = [&](long long minutes) {
    clock_ms = t0 + minutes * kMin;
    REQUIRE(lib.save(id, save_after(++n), "Les") == store::SaveStatus::saved);
  };
  // What each backup holds (the save's number), newest first, and when it was made (minutes after t0).
  auto held = [&] {
    std::vector<std::pair<int, long long>> out;
    for (const auto& b : lib.find(id)->backups) {
      auto text = lib.backup_text(store::Library::backup_key(id, b.slot));
      REQUIRE(text);
      Session s = io::load(*text);
      out.emplace_back(potions(s), (b.at - t0) / kMin);
    }
    return out;
  };
  using V = std::vector<std::pair<int, long long>>;
  save_at(0);    // 1: the first save of a fresh campaign: nothing before it
  CHECK(held().empty());
  save_at(0);    // 2: the first backup (save 1) at once
  CHECK(held() == V{{1, 0}});
  for (int s = 1; s <= 9; ++s) save_at(s);  // 3…11: minutes apart, no new backup
  CHECK(held() == V{{1, 0}});
  const int writes = kv.writes;
  save_at(10);   // 12: ten minutes after the newest backup: save 11 becomes one
  CHECK(held() == V{{11, 10}, {1, 0}});
  CHECK(kv.writes == writes + 3);  // the save, the backup, the index
  save_at(20);   // 13
  CHECK(held() == V{{12, 20}, {11, 10}, {1, 0}});
  // Every slot taken: the newest is replaced while it is under an hour younger than the next …
  save_at(30);   // 14
  CHECK(held() == V{{13, 30}, {11, 10}, {1, 0}});
  save_at(70);   // 15: (the newest was 30 − 10 = 20 minutes younger than the next)
  CHECK(held() == V{{14, 70}, {11, 10}, {1, 0}});
  // … then the middle one while the older two are under a day apart …
  save_at(80);   // 16: 70 − 10 ≥ 60
  CHECK(held() == V{{15, 80}, {14, 70}, {1, 0}});
  // … so the oldest stays the start of the day's play.
  for (long long m = 80; m <= 300; m += 10) save_at(m);
  auto day = held();
  REQUIRE(day.size() == 3);
  CHECK(day[2] == std::pair<int, long long>{1, 0});
  CHECK(day[0].second == 300);
  CHECK(day[0].second - day[1].second <= 70);
  // A week later: the first save rotates the previous session's end; an hour on, the day before is let go and
  // the oldest is this session's start.
  const long long week = 7 * 24 * 60;
  save_at(week);
  CHECK(held()[0].second == week);
  const int session_start = held()[0].first;
  for (long long m = 10; m <= 70; m += 10) save_at(week + m);
  auto now = held();
  REQUIRE(now.size() == 3);
  CHECK(now[2].first == session_start);
  CHECK(now[0].second == week + 70);
  // A clock set back: one backup at once (not none until the clock catches up).
  save_at(week - 120);
  CHECK(held()[0].second == week - 120);
}

TEST_CASE("library: a campaign comes back from a packed backup, a damaged one is skipped with a reason", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  for (int i = 1; i <= 4; ++i) save_later(lib, id, save_after(i));
  const auto backups = lib.backups_of(id);  // packed 3, 2, 1
  REQUIRE(backups.size() == 3);
  kv.data[lib.find(id)->key] = "junk";
  // The newest backup damaged too (one character of its data changed): the next one loads.
  std::string& newest = kv.data.at(backups[0].first);
  newest[newest.size() / 2] = newest[newest.size() / 2] == 'A' ? 'B' : 'A';
  auto next = make(kv);
  next.open();
  auto loaded = next.load(id);
  REQUIRE(loaded.status == store::LoadStatus::from_backup);
  REQUIRE(potions(loaded.session) == 2);
  REQUIRE(loaded.backup_at == backups[1].second);
  // Recovery's preview of the damaged backup says why, in the user's words (a translation key).
  auto raw = next.backup_text(backups[0].first);
  REQUIRE(raw);
  auto p = next.preview(*raw);
  REQUIRE_FALSE(p.loads);
  REQUIRE(p.reason == "store.err.packed_damaged");
  REQUIRE(p.packed_damaged);  // (Recovery shows no head of its base64 text)
  // A good one previews as its save text (what a restore and an export take).
  auto good = next.preview(kv.data.at(backups[1].first));
  REQUIRE(good.loads);
  REQUIRE(good.text == save_after(2));
  REQUIRE_FALSE(good.packed_damaged);
  // Every backup damaged: the campaign is lost (empty), its value in Recovery — never a crash.
  for (const auto& [key, at] : backups) kv.data[key] = "dzpack1:99999999999:0000000000000000:AAAA";
  kv.data[next.find(id)->key] = "junk";
  auto third = make(kv);
  third.open();
  REQUIRE(third.load(id).status == store::LoadStatus::lost);
}

TEST_CASE("library: an older app's plain backup still loads", "[store]") {
  MemKv kv;
  auto lib = make(kv);
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  save_later(lib, id, save_after(1));
  save_later(lib, id, save_after(2));
  const auto backups = lib.backups_of(id);
  REQUIRE(backups.size() == 1);
  kv.data[backups[0].first] = save_after(1);  // as the app before packing wrote it
  kv.data[lib.find(id)->key] = "junk";
  auto next = make(kv);
  next.open();
  auto loaded = next.load(id);
  REQUIRE(loaded.status == store::LoadStatus::from_backup);
  REQUIRE(potions(loaded.session) == 1);
  REQUIRE(next.backup_text(backups[0].first) == save_after(1));
}
