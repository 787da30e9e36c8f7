// Benchmark hooks for scripts/bench, linked only into the test page build/web/test/ (exported C functions the page
// calls through Module.ccall):
//   druzina_bench_saveload(text, runs) → JSON {bytes, load_ms, save_ms, save_after_command_ms, …_min_ms} — medians
//   and minima over `runs` of io::load(text), the first io::save(session) after it (nothing of the save's text is
//   known yet), and the save after one command (AddNote): what the app runs on every change. The page only has
//   wall time: on a busy machine the minimum is the closer to the CPU time.
//   druzina_bench_openlink(link, runs) → JSON {chars, decode_ms, kind, creatures} — median of share::decode(link)
//   (base64url, inflate, checksum, guard, validation): the core of opening a share link in the app.
//   druzina_bench_pack(text, runs) → JSON {bytes, packed_bytes, pack_ms, unpack_ms, …_min_ms} — store::pack (what a
//   backup is written as, every 10 minutes of play at most) and store::unpack (a restore from a backup).
#include <emscripten.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/io/save.hpp"
#include "core/rng.hpp"
#include "core/share/link.hpp"
#include "core/store/packed.hpp"
#include "nlohmann/json.hpp"

namespace {
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE const char* druzina_bench_saveload(const char* text, int runs) {
  static std::string out;
  try {
    std::string input(text);
    std::vector<double> loads, saves, later;
    druzina::campaign::Session session;
    druzina::Rng rng(1);
    const nlohmann::json command = {{"type", "AddNote"}, {"text", "The bridge is out."}};
    std::string saved;
    for (int i = 0; i < std::max(1, runs); ++i) {
      session = druzina::campaign::Session();  // (freeing the last run's campaign is not part of a load)
      double t0 = emscripten_get_now();
      session = druzina::io::load(input);
      double t1 = emscripten_get_now();
      saved = druzina::io::save(session);
      double t2 = emscripten_get_now();
      session.dispatch(command, rng);  // a change, then its save: what the app does after every command
      double t3 = emscripten_get_now();
      druzina::io::save(session);
      double t4 = emscripten_get_now();
      loads.push_back(t1 - t0);
      saves.push_back(t2 - t1);
      later.push_back(t4 - t3);
    }
    out = nlohmann::json{{"bytes", saved.size()},
                         {"load_ms", median(loads)},
                         {"save_ms", median(saves)},
                         {"load_min_ms", *std::min_element(loads.begin(), loads.end())},
                         {"save_min_ms", *std::min_element(saves.begin(), saves.end())},
                         {"save_after_command_ms", median(later)},
                         {"save_after_command_min_ms", *std::min_element(later.begin(), later.end())},
                         {"runs", runs},
                         {"tail", session.tail().size()}}
              .dump();
  } catch (const std::exception& e) {
    out = nlohmann::json{{"error", e.what()}}.dump();
  }
  return out.c_str();
}

extern "C" EMSCRIPTEN_KEEPALIVE const char* druzina_bench_openlink(const char* link, int runs) {
  static std::string out;
  try {
    std::string input(link);
    std::vector<double> times;
    druzina::share::Decoded d;
    for (int i = 0; i < std::max(1, runs); ++i) {
      double t0 = emscripten_get_now();
      d = druzina::share::decode(input);
      times.push_back(emscripten_get_now() - t0);
    }
    size_t creatures = d.payload.contains("creatures") ? d.payload["creatures"].size()
                       : d.payload.contains("snapshot") ? d.payload["snapshot"]["creatures"].size()
                                                        : 0;
    out = nlohmann::json{{"chars", input.size()}, {"decode_ms", median(times)}, {"runs", runs},
                         {"kind", std::string(druzina::share::kind_name(d.kind))}, {"creatures", creatures}}.dump();
  } catch (const std::exception& e) {
    out = nlohmann::json{{"error", e.what()}}.dump();
  }
  return out.c_str();
}

extern "C" EMSCRIPTEN_KEEPALIVE const char* druzina_bench_pack(const char* text, int runs) {
  static std::string out;
  std::string input(text), packed, back;
  std::vector<double> packs, unpacks;
  for (int i = 0; i < std::max(1, runs); ++i) {
    double t0 = emscripten_get_now();
    packed = druzina::store::pack(input);
    double t1 = emscripten_get_now();
    auto st = druzina::store::unpack(packed, back);
    double t2 = emscripten_get_now();
    if (st != druzina::store::UnpackStatus::ok || back != input) {
      out = nlohmann::json{{"error", "the packed text did not come back"}}.dump();
      return out.c_str();
    }
    packs.push_back(t1 - t0);
    unpacks.push_back(t2 - t1);
  }
  out = nlohmann::json{{"bytes", input.size()},
                       {"packed_bytes", packed.size()},
                       {"pack_ms", median(packs)},
                       {"unpack_ms", median(unpacks)},
                       {"pack_min_ms", *std::min_element(packs.begin(), packs.end())},
                       {"unpack_min_ms", *std::min_element(unpacks.begin(), unpacks.end())},
                       {"runs", runs}}
            .dump();
  return out.c_str();
}
