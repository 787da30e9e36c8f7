// Reference entries: loading, body blocks, search and validation (see reference.hpp).
#include "core/reference/reference.hpp"

#include <algorithm>
#include <set>

#include "core/assets.hpp"
#include "core/calc/calc.hpp"
#include "core/error.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::reference {

using nlohmann::json;

namespace {

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key) && j.at(key).is_array())
    for (const auto& v : j.at(key)) out.push_back(v.get<std::string>());
  return out;
}

std::string group_of(std::string_view path) {
  auto slash = path.rfind('/');
  auto name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (name.size() > 5 && name.substr(name.size() - 5) == ".json") name.remove_suffix(5);
  return std::string(name);
}

int source_rank(const std::string& source) {
  int rank = 0;
  for (const char* s : kSources) {
    if (source == s) return rank;
    ++rank;
  }
  return rank;
}

// Folded copies of the searchable fields, per language (index = Lang).
struct Folded {
  std::string title[3], summary[3], body[3];
  std::string keys;  // id and tags, folded, space-separated
};

struct Store {
  std::vector<Entry> entries;
  std::vector<Folded> folded;
};

const Store& store() {
  static const Store s = [] {
    Store st;
    for (auto path : assets::list("data/reference/")) {
      if (path.size() < 5 || path.substr(path.size() - 5) != ".json") continue;
      json data = assets::json(path);
      const json& list = data.is_array() ? data : data.at("entries");
      for (const auto& j : list) {
        Entry e = j.get<Entry>();
        e.group = group_of(path);
        st.entries.push_back(std::move(e));
      }
    }
    for (const auto& e : st.entries) {
      Folded f;
      for (Lang l : kLangs) {
        auto i = static_cast<size_t>(l);
        f.title[i] = fold(e.title.in(l));
        f.summary[i] = fold(e.summary.in(l));
        f.body[i] = fold(e.body.in(l));
      }
      f.keys = fold(e.id);
      for (const auto& t : e.tags) f.keys.append(" ").append(fold(t));
      st.folded.push_back(std::move(f));
    }
    return st;
  }();
  return s;
}

bool starts_word(const std::string& hay, const std::string& needle) {
  for (size_t pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + 1))
    if (pos == 0 || hay[pos - 1] == ' ') return true;
  return false;
}

bool is_id(const std::string& id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && i > 0 && id[i - 1] == '-')) return false;
  }
  return true;
}

}  // namespace

void from_json(const json& j, Entry& e) {
  e.id = j.at("id").get<std::string>();
  e.source = j.at("source").get<std::string>();
  e.edition = j.value("edition", "");
  e.title = j.at("title").get<Text>();
  e.summary = j.at("summary").get<Text>();
  e.body = j.at("body").get<Text>();
  e.tags = strings(j, "tags");
  e.tools = strings(j, "tools");
  e.tables = strings(j, "tables");
  e.planned_tables = strings(j, "planned_tables");
  e.related = strings(j, "related");
}

void to_json(json& j, const Entry& e) {
  j = jobj{"id", e.id,           "source", e.source,   "group", e.group,
       "title", e.title,     "summary", e.summary, "body", e.body,
       "tags", e.tags,       "tools", e.tools,     "tables", e.tables,
       "planned_tables", e.planned_tables,           "related", e.related};
  if (!e.edition.empty()) j["edition"] = e.edition;
}

const std::vector<Entry>& entries() { return store().entries; }

const Entry* find(std::string_view id) {
  for (const auto& e : entries())
    if (e.id == id) return &e;
  return nullptr;
}

const Entry& entry(std::string_view id) {
  if (const Entry* e = find(id)) return *e;
  throw UserError("reference.err.unknown", jobj{"id", std::string(id)});
}

std::vector<std::string> tables_now(const Entry& e) {
  std::vector<std::string> out = e.tables;
  for (const auto& t : e.planned_tables)
    if (tables::has_table(t) && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

std::vector<Block> blocks(std::string_view body) {
  std::vector<Block> out;
  bool open = false;  // the last block may take more lines
  size_t start = 0;
  while (start <= body.size()) {
    size_t end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(start, end - start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty()) {
      open = false;
    } else if (line.size() >= 2 && line[0] == '-' && line[1] == ' ') {
      out.push_back({true, std::string(line.substr(2))});
      open = true;
    } else if (open) {
      while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
      out.back().text.append(" ").append(line);
    } else {
      out.push_back({false, std::string(line)});
      open = true;
    }
    if (end == body.size()) break;
    start = end + 1;
  }
  return out;
}

std::vector<Hit> search(std::string_view query, Lang lang) {
  const auto& st = store();
  auto words = terms(query);
  std::string whole = fold(query);
  auto li = static_cast<size_t>(lang);
  std::vector<Hit> hits;
  for (size_t k = 0; k < st.entries.size(); ++k) {
    const Folded& f = st.folded[k];
    int score = 0;
    bool all = true;
    for (const auto& w : words) {
      int s = 0;
      if (f.title[li].find(w) != std::string::npos) s += 100 + (starts_word(f.title[li], w) ? 20 : 0);
      if (f.keys.find(w) != std::string::npos) s += 40;
      if (f.summary[li].find(w) != std::string::npos) s += 20;
      if (f.body[li].find(w) != std::string::npos) s += 5;
      if (s == 0) {
        all = false;
        break;
      }
      score += s;
    }
    if (!all) continue;
    if (!whole.empty()) {
      if (f.title[li] == whole) score += 300;
      else if (f.title[li].rfind(whole, 0) == 0) score += 100;
    }
    hits.push_back({&st.entries[k], score});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.score != b.score) return a.score > b.score;
    return source_rank(a.entry->source) < source_rank(b.entry->source);
  });
  return hits;
}

json brief_json(const Entry& e, Lang lang) {
  return jobj{"id", e.id, "source", e.source, "title", e.title.in(lang), "summary", e.summary.in(lang)};
}

std::vector<std::string> validate() {
  std::vector<std::string> problems;
  const auto& list = entries();
  std::set<std::string> ids, tools;
  for (const auto& c : calc::calculators()) tools.insert(c.name);
  for (const auto& e : list) {
    std::string where = e.group + "/" + e.id;
    if (!is_id(e.id)) problems.push_back(where + ": id is not lowercase words joined by '-'");
    if (!ids.insert(e.id).second) problems.push_back(where + ": duplicate id");
    if (source_rank(e.source) >= static_cast<int>(std::size(kSources)))
      problems.push_back(where + ": unknown source " + e.source);
    if (!e.edition.empty() && e.edition != "2014" && e.edition != "2024")
      problems.push_back(where + ": edition must be 2014 or 2024");
    for (auto [name, text] : {std::pair{"title", &e.title}, {"summary", &e.summary}, {"body", &e.body}}) {
      if (!text->complete()) problems.push_back(where + ": " + name + " lacks a language");
      for (const std::string* s : {&text->cs, &text->uk, &text->en}) {
        if (s->find('\r') != std::string::npos || s->find('\t') != std::string::npos)
          problems.push_back(where + ": " + name + " holds a tab or carriage return");
        if (s->find("\n\n\n") != std::string::npos) problems.push_back(where + ": " + name + " has an empty paragraph");
        if (!s->empty() && (s->front() == ' ' || s->front() == '\n' || s->back() == ' ' || s->back() == '\n'))
          problems.push_back(where + ": " + name + " starts or ends with white space");
        if (s->find("\n* ") != std::string::npos || s->find("\n• ") != std::string::npos ||
            s->rfind("* ", 0) == 0 || s->rfind("• ", 0) == 0)
          problems.push_back(where + ": " + name + " uses a bullet other than \"- \"");
      }
      if (std::string(name) != "body" &&
          (text->cs.find('\n') != std::string::npos || text->uk.find('\n') != std::string::npos ||
           text->en.find('\n') != std::string::npos))
        problems.push_back(where + ": " + name + " must be one line");
    }
    for (const auto& t : e.tools)
      if (!tools.count(t)) problems.push_back(where + ": unknown calculator " + t);
    for (const auto& t : e.tables)
      if (!tables::has_table(t)) problems.push_back(where + ": table " + t + " does not exist (planned_tables?)");
    for (const auto& t : e.planned_tables) {
      if (!is_id(t)) problems.push_back(where + ": planned table id " + t + " is malformed");
      if (std::find(e.tables.begin(), e.tables.end(), t) != e.tables.end())
        problems.push_back(where + ": " + t + " is in both tables and planned_tables");
    }
    for (const auto& tag : e.tags)
      if (!is_id(tag)) problems.push_back(where + ": tag \"" + tag + "\" is not lowercase words joined by '-'");
  }
  for (const auto& e : list)
    for (const auto& r : e.related) {
      if (!ids.count(r)) problems.push_back(e.group + "/" + e.id + ": related id " + r + " does not exist");
      if (r == e.id) problems.push_back(e.group + "/" + e.id + ": relates to itself");
    }
  return problems;
}

}  // namespace druzina::reference
