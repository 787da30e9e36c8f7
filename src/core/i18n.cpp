#include "core/i18n.hpp"

#include <cctype>
#include <map>

#include "core/assets.hpp"
#include "core/json_obj.hpp"

namespace druzina {

std::string_view lang_code(Lang lang) {
  switch (lang) {
    case Lang::cs: return "cs";
    case Lang::uk: return "uk";
    case Lang::en: return "en";
  }
  return "en";
}

std::optional<Lang> parse_lang(std::string_view code) {
  auto base = code.substr(0, code.find_first_of("-_"));
  if (base == "cs" || base == "CS") return Lang::cs;
  if (base == "uk" || base == "UK" || base == "ua") return Lang::uk;
  if (base == "en" || base == "EN") return Lang::en;
  return std::nullopt;
}

Plural plural_category(Lang lang, long long n) {
  long long a = n < 0 ? -n : n;
  switch (lang) {
    case Lang::cs:
      if (a == 1) return Plural::one;
      if (a >= 2 && a <= 4) return Plural::few;
      return Plural::many;
    case Lang::uk:
      if (a % 10 == 1 && a % 100 != 11) return Plural::one;
      if (a % 10 >= 2 && a % 10 <= 4 && (a % 100 < 12 || a % 100 > 14)) return Plural::few;
      return Plural::many;
    case Lang::en:
      return a == 1 ? Plural::one : Plural::many;
  }
  return Plural::many;
}

const std::string& Text::in(Lang lang) const {
  const std::string& s = lang == Lang::cs ? cs : lang == Lang::uk ? uk : en;
  // The web build holds the texts of the languages it has loaded (assets.hpp): a text kept from another
  // language's session (in a save, in a link) is shown in the one it has.
  if (!s.empty()) return s;
  return !en.empty() ? en : !cs.empty() ? cs : uk;
}

bool Text::complete() const {
  for (Lang l : {Lang::cs, Lang::uk, Lang::en})
    if (assets::has_language(lang_code(l)) && (l == Lang::cs ? cs : l == Lang::uk ? uk : en).empty()) return false;
  return true;
}

void to_json(nlohmann::json& j, const Text& t) { j = jobj{"cs", t.cs, "uk", t.uk, "en", t.en}; }

void from_json(const nlohmann::json& j, Text& t) {
  if (j.is_string()) {
    t.cs = t.uk = t.en = j.get<std::string>();
    return;
  }
  t.cs = j.value("cs", "");
  t.uk = j.value("uk", "");
  t.en = j.value("en", "");
}

namespace {

const nlohmann::json& catalog(Lang lang) {
  // A language whose texts are not loaded (the web build loads its language packs at start, assets.hpp) reads
  // those of one that is, English first: a log line or refusal built for every language says something in each.
  if (!assets::has_language(lang_code(lang)))
    for (Lang other : {Lang::en, Lang::cs, Lang::uk})
      if (assets::has_language(lang_code(other))) return catalog(other);
  static std::map<Lang, nlohmann::json> cache;
  auto it = cache.find(lang);
  if (it != cache.end()) return it->second;
  nlohmann::json merged = nlohmann::json::object();
  std::string prefix = "i18n/" + std::string(lang_code(lang)) + "/";
  for (auto path : assets::list(prefix)) merged.update(assets::json(path));
  return cache.emplace(lang, std::move(merged)).first->second;
}

std::string arg_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) {
    double d = v.get<double>();
    if (d == static_cast<long long>(d)) return std::to_string(static_cast<long long>(d));
    std::string s = std::to_string(d);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  }
  return v.dump();
}

}  // namespace

std::string dice_notation(Lang lang, std::string text) {
  if (lang == Lang::en || text.find('d') == std::string::npos) return text;
  const std::string_view die = lang == Lang::cs ? "k" : "\xD0\xBA";  // к
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::string out;
  out.reserve(text.size() + 8);
  for (size_t i = 0; i < text.size(); ++i) {
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    bool die_here = text[i] == 'd' && (digit(next) || next == '%');
    if (die_here) {  // the count's digits, then no letter ("2d6", "d20" yes; "c1d2", "Ed6" no)
      size_t j = i;
      while (j > 0 && digit(text[j - 1])) --j;
      auto before = static_cast<unsigned char>(j > 0 ? text[j - 1] : ' ');
      die_here = !std::isalpha(before) && before < 0x80;
    }
    if (die_here) out += die;
    else out += text[i];
  }
  return out;
}

std::string format_text(Lang lang, const nlohmann::json& tmpl, const nlohmann::json& args) {
  std::string pattern;
  if (tmpl.is_object()) {
    long long n = args.contains("n") && args["n"].is_number() ? args["n"].get<long long>() : 0;
    Plural p = plural_category(lang, n);
    const char* name = p == Plural::one ? "one" : p == Plural::few ? "few" : "many";
    pattern = tmpl.value(name, tmpl.value("many", std::string()));
  } else if (tmpl.is_string()) {
    pattern = tmpl.get<std::string>();
  }
  // The template's own words and every argument get the reader's dice notation, except "mark": a quote of what
  // the user typed (dice errors), shown as typed.
  std::string out, words;
  out.reserve(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{') {
      size_t close = pattern.find('}', i);
      if (close != std::string::npos) {
        std::string name = pattern.substr(i + 1, close - i - 1);
        if (args.is_object() && args.contains(name)) {
          out += dice_notation(lang, std::move(words)), words.clear();
          // An argument given in the three languages ({"cs": …, "uk": …, "en": …}: a refusal naming a condition)
          // is read in the reader's; one missing or empty (made where that language was not loaded) in English,
          // else in any.
          const nlohmann::json& a = args[name];
          const nlohmann::json* v = &a;
          if (a.is_object()) {
            for (std::string_view code : {lang_code(lang), std::string_view("en"), std::string_view("cs"), std::string_view("uk")}) {
              auto it = a.find(std::string(code));
              if (it != a.end() && !(it->is_string() && it->get_ref<const std::string&>().empty())) {
                v = &*it;
                break;
              }
            }
          }
          out += name == "mark" ? arg_text(*v) : dice_notation(lang, arg_text(*v));
          i = close;
          continue;
        }
      }
    }
    words += pattern[i];
  }
  return out + dice_notation(lang, std::move(words));
}

std::string tr(Lang lang, std::string_view key, const nlohmann::json& args) {
  const auto& cat = catalog(lang);
  auto it = cat.find(std::string(key));
  if (it == cat.end()) return std::string(key);
  return format_text(lang, *it, args);
}

bool has_key(Lang lang, std::string_view key) { return catalog(lang).contains(std::string(key)); }

}  // namespace druzina
