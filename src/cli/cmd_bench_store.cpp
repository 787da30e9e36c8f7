// druzina bench-store SAVE.json — the stored-bytes benchmark hook (scripts/bench, section long): a campaign's save
// as the library keeps it in the browser — its value plus its backups, packed (core/store/packed.hpp) — made by the
// library itself on an in-memory store with saves an hour of play apart (so every backup slot fills), then the
// campaign brought back from its newest backup with its value damaged. Reports the units browsers count and the
// UTF-8 bytes of the campaign's values, and the CPU time to pack and unpack the save natively (medians of --runs).
#include <algorithm>
#include <map>
#include <time.h>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/store/library.hpp"
#include "core/store/packed.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

struct MapKv final : store::Kv {
  std::map<std::string, std::string> data;
  std::optional<std::string> get(const std::string& k) override {
    auto it = data.find(k);
    return it == data.end() ? std::nullopt : std::optional<std::string>(it->second);
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

// Packs and unpacks the text `runs` times: medians of the CPU ms, and the packed size.
json time_packing(const std::string& text, int runs) {
  std::vector<double> pack_ms, unpack_ms;
  std::string packed, back;
  for (int i = 0; i < runs; ++i) {
    double c0 = cpu_ms();
    packed = store::pack(text);
    double c1 = cpu_ms();
    if (store::unpack(packed, back) != store::UnpackStatus::ok || back != text) throw UserError("store.err.packed_damaged");
    double c2 = cpu_ms();
    pack_ms.push_back(c1 - c0);
    unpack_ms.push_back(c2 - c1);
  }
  return {{"packed_bytes", packed.size()}, {"ratio", static_cast<double>(text.size()) / std::max<size_t>(1, packed.size())},
          {"pack_cpu_ms", median(pack_ms)}, {"unpack_cpu_ms", median(unpack_ms)}};
}

Output bench_store(const Args& args) {
  const std::string text = read_text_file(args.arg(0, "SAVE.json"));
  const int runs = static_cast<int>(std::clamp(args.integer("runs", 5), 1LL, 101LL));
  json out = time_packing(text, runs);
  out["save_bytes"] = text.size();
  // The library: the save's text and the same text with a space after it, alternately (the library stores only a
  // text that changed), an hour of play apart: the value and kBackups packed backups, as the app writes them.
  MapKv kv;
  long long now = 1'700'000'000'000;
  store::Library lib(kv, [&] { return now; });
  lib.open();
  const std::string id = lib.index().active;
  lib.load(id);
  for (int i = 0; i <= store::kBackups; ++i) {
    now += store::kBackupHour + 60'000;
    if (lib.save(id, i % 2 ? text + " " : text, "bench") != store::SaveStatus::saved) throw UserError("store.err.unreadable");
  }
  long long bytes = 0, backup_bytes = 0;
  for (const auto& [key, at] : lib.backups_of(id)) backup_bytes += static_cast<long long>(kv.data.at(key).size());
  bytes = static_cast<long long>(kv.data.at(lib.find(id)->key).size()) + backup_bytes;
  const store::Usage u = lib.usage();
  out["backups"] = lib.backups_of(id).size();
  out["stored_bytes"] = bytes;  // UTF-8 bytes of the campaign's value and its backups
  out["backup_bytes"] = backup_bytes;
  out["stored_units"] = u.campaigns.front().own + u.campaigns.front().backups;  // what browsers count (UTF-16)
  out["unpacked_backups_bytes"] = static_cast<long long>(text.size()) * store::kBackups;  // before packing
  out["goal_1mb_met"] = bytes <= 1'000'000;
  // Its value damaged: the campaign comes back from the newest backup (unpacked and loaded), timed.
  kv.data[lib.find(id)->key] = "junk";
  store::Library again(kv, [&] { return now; });
  again.open();
  double c0 = cpu_ms();
  store::Loaded loaded = again.load(id);
  out["restore_from_backup_cpu_ms"] = cpu_ms() - c0;
  out["restored"] = loaded.status == store::LoadStatus::from_backup;
  std::string line = "stored " + std::to_string(bytes) + " B with " + std::to_string(lib.backups_of(id).size()) +
                     " packed backups (save " + std::to_string(text.size()) + " B, a backup " +
                     std::to_string(out["packed_bytes"].get<long long>()) + " B)";
  return {out, line};
}

const bool registered = register_command(
    {"bench-store", "bench-store SAVE.json [--runs 5]",
     "(benchmark) the save as the library stores it with its packed backups; pack/unpack time", bench_store, true});

}  // namespace
}  // namespace druzina::cli
