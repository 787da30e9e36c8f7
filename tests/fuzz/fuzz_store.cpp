// libFuzzer target: the library's loading of a stored campaign (core/store): what the app reads back from
// localStorage at every start. Input byte 0 chooses the mode:
//   even — the rest is a stored value given to store::unpack (a packed backup): never more than its declared
//          length, and what unpacks (up to 1 MiB) packs and unpacks again to itself;
//   odd  — the rest is "<campaign value> \0 <journal> \0 <newest backup>", put into a library played as the app
//          plays it (three backups an hour apart, the journal since the newest), which is then opened and loaded:
//          a damaged value, journal or backup must give a status (from_backup, from_journal, lost, newer …), never
//          an exception or a crash, and a loaded campaign must save and load again.
// With DRUZINA_FUZZ_SEEDS=<dir> it writes its seeds there (the played library's real values, whole and damaged)
// and exits (scripts/fuzz does that before the run).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/rng.hpp"
#include "core/store/journal.hpp"
#include "core/store/library.hpp"
#include "core/store/packed.hpp"

using namespace druzina;
using json = nlohmann::json;

namespace {

struct MemKv final : store::Kv {
  std::map<std::string, std::string> data;
  std::optional<std::string> get(const std::string& k) override {
    auto it = data.find(k);
    if (it == data.end()) return std::nullopt;
    return it->second;
  }
  bool set(const std::string& k, const std::string& v) override {
    data[k] = v;
    return true;
  }
  bool remove(const std::string& k) override { return data.erase(k) > 0; }
  std::vector<std::string> keys() override {
    std::vector<std::string> out;
    for (const auto& [k, v] : data) out.push_back(k);
    return out;
  }
};

long long clock_ms = 1'800'000'000'000;

// The played library: its values, the campaign's id, the keys of its value and newest backup.
struct Template {
  MemKv kv;
  std::string id, value_key, backup_key;
};

Template play() {
  Template t;
  store::Library lib(t.kv, [] { return clock_ms; });
  lib.open();
  t.id = lib.index().active;
  campaign::Session s = lib.load(t.id).session;
  Rng rng(7);
  auto run = [&](const json& command) {
    const auto& tx = s.dispatch(command, rng, clock_ms);
    lib.journal(t.id, store::step_tx(tx), s);
    lib.save(t.id, io::save(s), s.state().name);
  };
  run({{"type", "CreateCampaign"}, {"name", "Les"}});
  for (int hour = 1; hour <= 3; ++hour) {
    clock_ms += store::kBackupHour;
    run({{"type", "SetSettings"}, {"potion_warning_threshold", hour}});
    clock_ms += 1000;
    run({{"type", "AddCreature"}, {"name", "Goblin " + std::to_string(hour)}, {"kind", "monster"}, {"max_hp", 7}});
  }
  clock_ms += 1000;
  run({{"type", "StartEncounter"}});
  run({{"type", "AddNote"}, {"text", "The bridge troll wants three silver."}});
  s.undo();
  lib.journal(t.id, store::step_undo(1), s);
  lib.save(t.id, io::save(s), s.state().name);
  t.value_key = lib.find(t.id)->key;
  t.backup_key = lib.backups_of(t.id).at(0).first;
  return t;
}

const Template& played() {
  static const Template t = play();
  return t;
}

void write_seed(const std::string& dir, const std::string& name, const std::string& bytes) {
  std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
}

void write_seeds(const std::string& dir) {
  const Template& t = played();
  const std::string value = t.kv.data.at(t.value_key);
  const std::string journal = t.kv.data.at(store::journal_key(t.id));
  const std::string backup = t.kv.data.at(t.backup_key);
  write_seed(dir, "unpack-backup", std::string(1, '\0') + backup);
  write_seed(dir, "unpack-text", std::string(1, '\0') + store::pack(value));
  auto library = [&](const std::string& name, const std::string& v, const std::string& j, const std::string& b) {
    write_seed(dir, name, std::string(1, '\1') + v + std::string(1, '\0') + j + std::string(1, '\0') + b);
  };
  library("library-whole", value, journal, backup);
  library("library-value-truncated", value.substr(0, value.size() / 2), journal, backup);
  library("library-value-empty", "", journal, backup);
  library("library-journal-cut", "junk", journal.substr(0, journal.size() * 2 / 3), backup);
  MemKv copy = t.kv;
  store::Library lib(copy, [] { return clock_ms; });
  library("library-backup-plain", "", journal, lib.backup_text(t.backup_key).value_or(""));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("DRUZINA_FUZZ_SEEDS")) {
    write_seeds(dir);
    std::exit(0);
  }
  (void)played();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 2 == 0) {
    std::string out;
    if (store::unpack(rest, out) != store::UnpackStatus::ok) return 0;
    if (out.size() > store::kMaxUnpacked) std::abort();
    if (out.size() > (1u << 20)) return 0;  // (packing it again is the slow part: only what a backup holds)
    std::string again;
    if (store::unpack(store::pack(out), again) != store::UnpackStatus::ok || again != out) std::abort();
    return 0;
  }
  const size_t a = rest.find('\0');
  const size_t b = a == std::string::npos ? a : rest.find('\0', a + 1);
  if (b == std::string::npos) return 0;
  Template t = played();
  t.kv.data[t.value_key] = rest.substr(0, a);
  t.kv.data[store::journal_key(t.id)] = rest.substr(a + 1, b - a - 1);
  t.kv.data[t.backup_key] = rest.substr(b + 1);
  // No exception may leave the library: an uncaught one ends the run as a crash (a finding).
  store::Library lib(t.kv, [] { return clock_ms; });
  lib.open();
  store::Loaded l = lib.load(t.id);
  if (l.status == store::LoadStatus::newer) return 0;  // read-only: nothing is written
  const std::string text = io::save(l.session);
  if (lib.save(t.id, text, l.session.state().name) == store::SaveStatus::failed) std::abort();
  try {
    (void)io::load(text);
  } catch (const UserError&) {
    std::abort();  // what the library loaded must save and load again
  }
  return 0;
}
