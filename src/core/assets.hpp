// Assets: the data files under assets/ (tables, rules, translations), embedded into the binary at build time
// by cmake/embed_assets.py (minified), so the CLI, the tests and the web app read exactly the same data.
// The web build embeds the data without its texts in the three languages: those come in one language pack per
// language (a file beside the app, fetched at start, see docs/performance.md "Language packs"), handed to add_pack()
// before the first asset is read. The native build embeds everything and has no packs.
#pragma once
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace druzina::assets {

struct Asset {
  std::string_view path;  // relative to assets/, e.g. "data/tables/shock.json"
  std::string_view text;
};

struct Pack {  // a language pack this build was made with
  std::string_view lang;  // "cs", "uk", "en"
  std::string_view file;  // relative to the page, e.g. "lang/cs.266902d0bff9bdc6.pack"
  std::uint32_t bytes;
  std::uint64_t fnv1a64;  // of its bytes: a pack from another build or damaged in transit is refused
};

const std::vector<Asset>& embedded();  // generated: as embedded (with the packs' markers in the web build)
const std::vector<Pack>& packs();      // generated: empty when every language is embedded

// Takes a language pack (its bytes as fetched). Returns "" or why it was refused, in English for the console
// (the page then shows its own message in the reader's language: no texts are here to say it with). Only before
// the first read of an asset (all(), find(), list(), json()): what was read is kept by the rules, so a pack added
// later would not reach it.
std::string add_pack(std::string_view bytes);
// Whether the texts of a language are here (embedded, or its pack added).
bool has_language(std::string_view lang);

const std::vector<Asset>& all();  // embedded + the packs added, merged
std::optional<std::string_view> find(std::string_view path);
std::vector<std::string_view> list(std::string_view prefix);  // paths starting with prefix, sorted
nlohmann::json json(std::string_view path);                  // parsed; throws std::runtime_error if missing/bad

// The parts of add_pack (tests). A pack's contents, viewing into its bytes: its i18n files, and per data file the
// values for that file's markers, in order.
struct PackContents {
  std::vector<Asset> i18n;
  std::vector<std::pair<std::string_view, std::vector<std::string_view>>> values;
};
std::optional<PackContents> read_pack(std::string_view bytes, std::string_view lang);  // nullopt: malformed
// `data` with its markers filled from each language's values for it (pairs of language and values).
std::string merge(std::string_view data, const std::vector<std::pair<std::string_view, std::vector<std::string_view>>>& values);

}  // namespace druzina::assets
