// Assets: the data files under assets/ (tables, rules, translations), embedded into the binary at build time
// by cmake/embed_assets.py (minified), so the CLI, the tests and the web app read exactly the same data.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace druzina::assets {

struct Asset {
  std::string_view path;  // relative to assets/, e.g. "data/tables/shock.json"
  std::string_view text;
};

const std::vector<Asset>& all();  // generated
std::optional<std::string_view> find(std::string_view path);
std::vector<std::string_view> list(std::string_view prefix);  // paths starting with prefix, sorted
nlohmann::json json(std::string_view path);                  // parsed; throws std::runtime_error if missing/bad

}  // namespace druzina::assets
