// The price list (house rule "Ceník"): rulebook prices with the DM's overrides, search and money formatting.
#include <algorithm>
#include <cmath>
#include <set>

#include "core/assets.hpp"
#include "core/error.hpp"
#include "core/reference/reference.hpp"
#include "core/json_obj.hpp"

namespace druzina::reference {

using nlohmann::json;

namespace {

std::string file_group(std::string_view path) {
  auto slash = path.rfind('/');
  auto name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (name.size() > 5 && name.substr(name.size() - 5) == ".json") name.remove_suffix(5);
  return std::string(name);
}

std::optional<double> optional_number(const json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<double>();
}

std::string category_key(const std::string& category) {
  std::string key = std::string("reference.category.").append(category);
  std::replace(key.begin() + 19, key.end(), '-', '_');
  return key;
}

struct FoldedItem {
  std::string name[3], note[3], category[3];
  std::string id;
};

struct PriceStore {
  std::vector<PriceItem> items;
  std::vector<FoldedItem> folded;
};

const PriceStore& price_store() {
  static const PriceStore s = [] {
    PriceStore st;
    for (auto path : assets::list("data/prices/")) {
      if (path.size() < 5 || path.substr(path.size() - 5) != ".json") continue;
      json data = assets::json(path);
      const json& list = data.is_array() ? data : data.at("items");
      for (const auto& j : list) {
        PriceItem p = j.get<PriceItem>();
        p.group = file_group(path);
        st.items.push_back(std::move(p));
      }
    }
    for (const auto& p : st.items) {
      FoldedItem f;
      for (Lang l : kLangs) {
        auto i = static_cast<size_t>(l);
        f.name[i] = fold(p.name.in(l));
        f.note[i] = p.note.complete() ? fold(p.note.in(l)) : "";
        f.category[i] = fold(tr(l, category_key(p.category)));
      }
      f.id = fold(p.id);
      st.folded.push_back(std::move(f));
    }
    return st;
  }();
  return s;
}

bool word_start(const std::string& hay, const std::string& needle) {
  for (size_t pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + 1))
    if (pos == 0 || hay[pos - 1] == ' ') return true;
  return false;
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && i > 0 && id[i - 1] == '-')) return false;
  }
  return true;
}

bool whole_copper(double gp) {
  double cp = gp * 100.0;
  return std::fabs(cp - std::round(cp)) < 1e-6;
}

std::string grouped(long long n, Lang lang) {
  std::string digits = std::to_string(n);
  if (digits.size() <= 3) return digits;
  std::string sep = lang == Lang::en ? "," : "\u00a0";
  std::string out;
  size_t lead = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  out = digits.substr(0, lead);
  for (size_t i = lead; i < digits.size(); i += 3) out += sep + digits.substr(i, 3);
  return out;
}

}  // namespace

void from_json(const json& j, PriceItem& p) {
  p.id = j.at("id").get<std::string>();
  p.name = j.at("name").get<Text>();
  p.category = j.at("category").get<std::string>();
  p.price_gp = j.at("price_gp").get<double>();
  p.weight_lb = optional_number(j, "weight_lb");
  p.override_gp = optional_number(j, "override_gp");
  if (j.contains("note") && !j.at("note").is_null()) p.note = j.at("note").get<Text>();
}

void to_json(json& j, const PriceItem& p) {
  j = jobj{"id", p.id,
       "name", p.name,
       "category", p.category,
       "price_gp", p.price_gp,
       "weight_lb", p.weight_lb ? json(*p.weight_lb) : json(nullptr),
       "override_gp", p.override_gp ? json(*p.override_gp) : json(nullptr)};
  if (p.note.complete()) j["note"] = p.note;
}

const std::vector<PriceItem>& price_items() { return price_store().items; }

const PriceItem* find_price(std::string_view id) {
  for (const auto& p : price_items())
    if (p.id == id) return &p;
  return nullptr;
}

const PriceItem& price_item(std::string_view id) {
  if (const PriceItem* p = find_price(id)) return *p;
  throw UserError("reference.err.unknown_price", jobj{"id", std::string(id)});
}

double price_of(const PriceItem& item, const std::map<std::string, double>& campaign_overrides) {
  auto it = campaign_overrides.find(item.id);
  if (it != campaign_overrides.end()) return it->second;
  if (item.override_gp) return *item.override_gp;
  return item.price_gp;
}

std::vector<std::string> price_categories() {
  std::vector<std::string> out;
  for (const auto& p : price_items())
    if (std::find(out.begin(), out.end(), p.category) == out.end()) out.push_back(p.category);
  return out;
}

std::vector<const PriceItem*> search_prices(std::string_view query, Lang lang) {
  const auto& st = price_store();
  auto words = terms(query);
  std::string whole = fold(query);
  auto li = static_cast<size_t>(lang);
  std::vector<std::pair<int, const PriceItem*>> hits;
  for (size_t k = 0; k < st.items.size(); ++k) {
    const FoldedItem& f = st.folded[k];
    int score = 0;
    bool all = true;
    for (const auto& w : words) {
      int s = 0;
      if (f.name[li].find(w) != std::string::npos) s += 100 + (word_start(f.name[li], w) ? 20 : 0);
      if (f.category[li].find(w) != std::string::npos || f.id.find(w) != std::string::npos) s += 40;
      if (f.note[li].find(w) != std::string::npos) s += 5;
      if (s == 0) {
        all = false;
        break;
      }
      score += s;
    }
    if (!all) continue;
    if (!whole.empty()) {
      if (f.name[li] == whole) score += 300;
      else if (f.name[li].rfind(whole, 0) == 0) score += 100;
    }
    hits.emplace_back(score, &st.items[k]);
  }
  std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<const PriceItem*> out;
  for (const auto& h : hits) out.push_back(h.second);
  return out;
}

std::string format_price(double gp, Lang lang) {
  long long cp = std::llround(gp * 100.0);
  if (cp < 0) cp = 0;
  long long g = cp / 100, s = (cp % 100) / 10, c = cp % 10;
  std::string out;
  auto add = [&](long long n, const char* key) {
    if (!out.empty()) out += " ";
    out += grouped(n, lang) + " " + tr(lang, key);
  };
  if (g) add(g, "reference.unit.gp");
  if (s) add(s, "reference.unit.sp");
  if (c) add(c, "reference.unit.cp");
  if (out.empty()) add(0, "reference.unit.gp");
  return out;
}

json price_json(const PriceItem& p, Lang lang, const std::map<std::string, double>& overrides) {
  json j = jobj{"id", p.id,
            "name", p.name.in(lang),
            "category", p.category,
            "price_gp", p.price_gp,
            "weight_lb", p.weight_lb ? json(*p.weight_lb) : json(nullptr),
            "override_gp", p.override_gp ? json(*p.override_gp) : json(nullptr),
            "price", price_of(p, overrides),
            "price_text", format_price(price_of(p, overrides), lang)};
  if (p.note.complete()) j["note"] = p.note.in(lang);
  return j;
}

std::vector<std::string> validate_prices() {
  std::vector<std::string> problems;
  std::set<std::string> ids;
  for (const auto& p : price_items()) {
    std::string where = p.group + "/" + p.id;
    if (!valid_id(p.id)) problems.push_back(where + ": id is not lowercase words joined by '-'");
    if (!ids.insert(p.id).second) problems.push_back(where + ": duplicate id");
    if (!p.name.complete()) problems.push_back(where + ": name lacks a language");
    bool any_note = !p.note.cs.empty() || !p.note.uk.empty() || !p.note.en.empty();
    if (any_note && !p.note.complete()) problems.push_back(where + ": note lacks a language");
    if (!valid_id(p.category)) problems.push_back(where + ": category is malformed");
    for (Lang l : kLangs)
      if (!has_key(l, category_key(p.category)))
        problems.push_back(where + ": no label " + category_key(p.category) + " in " + std::string(lang_code(l)));
    if (p.price_gp < 0 || !whole_copper(p.price_gp)) problems.push_back(where + ": price is not whole copper pieces");
    if (p.override_gp && (*p.override_gp < 0 || !whole_copper(*p.override_gp)))
      problems.push_back(where + ": override is not whole copper pieces");
    if (p.weight_lb && *p.weight_lb < 0) problems.push_back(where + ": negative weight");
  }
  return problems;
}

}  // namespace druzina::reference
