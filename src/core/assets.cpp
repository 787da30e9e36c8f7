#include "core/assets.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/io/guard.hpp"

namespace druzina::assets {

namespace {

struct Added {  // a language pack taken by add_pack
  std::string lang;
  std::string bytes;
  PackContents contents;  // viewing into bytes
};

std::vector<std::unique_ptr<Added>>& added() {
  static std::vector<std::unique_ptr<Added>> list;
  return list;
}

bool read_started = false;

}  // namespace

std::optional<PackContents> read_pack(std::string_view bytes, std::string_view lang) {
  std::string_view rest = bytes;
  auto line = [&rest](std::string_view& out) {
    auto nl = rest.find('\n');
    if (nl == std::string_view::npos) return false;
    out = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
    return true;
  };
  PackContents c;
  std::string_view l;
  if (!line(l) || l != "druzina-pack 1 " + std::string(lang)) return std::nullopt;
  const std::string i18n_dir = "i18n/" + std::string(lang) + "/";
  while (!rest.empty()) {
    if (!line(l) || l.size() < 2) return std::nullopt;
    if (l[0] == '=') {
      std::string_view text;
      if (l.substr(1, i18n_dir.size()) != i18n_dir || !line(text)) return std::nullopt;
      c.i18n.push_back({l.substr(1), text});
    } else if (l[0] == '+') {
      auto space = l.rfind(' ');
      if (space == std::string_view::npos || space < 2 || space + 1 == l.size()) return std::nullopt;
      size_t n = 0;
      for (char ch : l.substr(space + 1)) {
        if (ch < '0' || ch > '9' || n > bytes.size()) return std::nullopt;
        n = n * 10 + static_cast<size_t>(ch - '0');
      }
      if (n > bytes.size()) return std::nullopt;
      auto& vals = c.values.emplace_back(l.substr(1, space - 1), std::vector<std::string_view>(n)).second;
      for (auto& v : vals)
        if (!line(v)) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  return c;
}

std::string merge(std::string_view data,
                  const std::vector<std::pair<std::string_view, std::vector<std::string_view>>>& values) {
  std::string out;
  out.reserve(data.size() * 2);
  std::vector<size_t> next(values.size(), 0);
  bool in_string = false;
  for (size_t i = 0; i < data.size(); ++i) {
    const char c = data[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < data.size()) out += data[++i];
      else if (c == '"') in_string = false;
      continue;
    }
    if (c != '@' && c != '^') {
      out += c;
      in_string = c == '"';
      continue;
    }
    // A text in the three languages: each pack's value for it (a ^ keeps its English embedded: none from en).
    bool any = false;
    for (size_t p = 0; p < values.size(); ++p) {
      const auto& [lang, vals] = values[p];
      if ((c == '^' && lang == "en") || next[p] >= vals.size()) continue;
      if (any) out += ',';
      out += '"';
      out += lang;
      out += "\":";
      out += vals[next[p]++];
      any = true;
    }
    if (any && i + 1 < data.size() && data[i + 1] != '}') out += ',';
  }
  return out;
}

std::string add_pack(std::string_view bytes) {
  if (read_started) return "a language pack came after the assets were first read";
  const Pack* match = nullptr;
  const std::uint64_t sum = io::fnv1a64(bytes);
  for (const auto& p : packs())
    if (p.bytes == bytes.size() && p.fnv1a64 == sum) match = &p;
  if (!match) return "not one of this build's language packs (another build's, or damaged)";
  if (has_language(match->lang)) return "";
  auto a = std::make_unique<Added>();
  a->lang = std::string(match->lang);
  a->bytes = std::string(bytes);
  auto contents = read_pack(a->bytes, a->lang);
  if (!contents) return "the language pack " + a->lang + " is malformed";
  a->contents = std::move(*contents);
  added().push_back(std::move(a));
  return "";
}

bool has_language(std::string_view lang) {
  if (packs().empty()) return lang == "cs" || lang == "uk" || lang == "en";
  return std::any_of(added().begin(), added().end(), [&](const auto& a) { return a->lang == lang; });
}

const std::vector<Asset>& all() {
  read_started = true;
  if (packs().empty()) return embedded();
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const auto& e : embedded()) {
      std::vector<std::pair<std::string_view, std::vector<std::string_view>>> vals;
      for (const auto& a : added())
        for (const auto& [path, v] : a->contents.values)
          if (path == e.path) vals.emplace_back(a->lang, v);
      out.push_back(merge(e.text, vals));
    }
    return out;
  }();
  static const std::vector<Asset> list = [] {
    std::vector<Asset> out;
    for (size_t i = 0; i < embedded().size(); ++i) out.push_back({embedded()[i].path, texts[i]});
    for (const auto& a : added()) out.insert(out.end(), a->contents.i18n.begin(), a->contents.i18n.end());
    std::sort(out.begin(), out.end(), [](const Asset& x, const Asset& y) { return x.path < y.path; });
    return out;
  }();
  return list;
}

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
