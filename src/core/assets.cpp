#include "core/assets.hpp"

#include <stdexcept>
#include <string>

namespace druzina::assets {

std::optional<std::string_view> find(std::string_view path) {
  for (const auto& a : all())
    if (a.path == path) return a.text;
  return std::nullopt;
}

std::vector<std::string_view> list(std::string_view prefix) {
  std::vector<std::string_view> out;
  for (const auto& a : all())
    if (a.path.substr(0, prefix.size()) == prefix) out.push_back(a.path);
  return out;  // all() is sorted by path
}

nlohmann::json json(std::string_view path) {
  auto text = find(path);
  if (!text) throw std::runtime_error("missing asset: " + std::string(path));
  auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded()) throw std::runtime_error("malformed asset: " + std::string(path));
  return j;
}

}  // namespace druzina::assets
