#include "catalog.hpp"
#include "paths.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace druzina::test {

namespace {

using nlohmann::json;

const std::map<std::string, json>& catalog(Lang lang) {
  static std::map<std::string, json> cats[3];
  static bool loaded[3] = {false, false, false};
  const int i = static_cast<int>(lang);
  if (!loaded[i]) {
    const std::filesystem::path dir = std::filesystem::path(DRUZINA_SOURCE_DIR) / "assets/i18n" / std::string(lang_code(lang));
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".json") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream s;
      s << in.rdbuf();
      const json file = json::parse(s.str());
      for (auto it = file.begin(); it != file.end(); ++it) cats[i][it.key()] = *it;
    }
    loaded[i] = true;
  }
  return cats[i];
}

bool blank(const json& v) {
  if (!v.is_string()) return true;
  return v.get<std::string>().find_first_not_of(" \t\n") == std::string::npos;
}

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "{" : ", {") + n + "}";
  return out.empty() ? "none" : out;
}

}  // namespace

const json* catalog_text(Lang lang, const std::string& key) {
  const auto& cat = catalog(lang);
  auto it = cat.find(key);
  return it == cat.end() ? nullptr : &it->second;
}

std::vector<std::string> catalog_keys(Lang lang, const std::string& prefix) {
  std::vector<std::string> keys;
  const auto& cat = catalog(lang);
  for (auto it = cat.lower_bound(prefix); it != cat.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it)
    keys.push_back(it->first);
  return keys;
}

std::set<std::string> placeholders(const json& text, Lang lang) {
  static const std::regex name(R"(\{([a-z0-9_]+)\})");
  const std::string own = "reason_" + std::string(lang_code(lang));
  std::set<std::string> out;
  auto scan = [&](const json& s) {
    if (!s.is_string()) return;
    const std::string t = s.get<std::string>();
    for (std::sregex_iterator m(t.begin(), t.end(), name), end; m != end; ++m)
      out.insert((*m)[1] == own ? std::string("reason_<lang>") : (*m)[1].str());
  };
  if (text.is_object())
    for (const auto& form : text) scan(form);
  else
    scan(text);
  return out;
}

std::vector<std::string> key_problems(const std::string& key) {
  std::vector<std::string> problems;
  std::map<Lang, std::set<std::string>> names;
  for (const Lang lang : kLangs) {
    const std::string code(lang_code(lang));
    const json* text = catalog_text(lang, key);
    if (!text) {
      problems.push_back(key + ": missing in " + code);
      continue;
    }
    if (text->is_object()) {
      for (const char* form : {"one", "few", "many"})
        if (!text->contains(form) || blank((*text)[form]))
          problems.push_back(key + ": plural form '" + form + "' empty or missing in " + code);
    } else if (blank(*text)) {
      problems.push_back(key + ": empty text in " + code);
    }
    names[lang] = placeholders(*text, lang);
  }
  if (names.size() == 3 && !(names[Lang::cs] == names[Lang::en] && names[Lang::uk] == names[Lang::en]))
    problems.push_back(key + ": placeholders differ — cs " + joined(names[Lang::cs]) + ", uk " + joined(names[Lang::uk]) +
                       ", en " + joined(names[Lang::en]));
  return problems;
}

}  // namespace druzina::test
