// The campaign's history (history.hpp): what leaves the undo tail, recorded compactly per session; folding a
// session into its summary; the saved form and reading it back; the log read from it.
//
// Index:
//   [SECTION] recording
//   [SECTION] folding
//   [SECTION] the saved form
//   [SECTION] the raw text of a parsed history: each session's "tx" records as they stand
//   [SECTION] the log
#include "core/campaign/history.hpp"
#include "core/campaign/player_log.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "core/error.hpp"
#include "core/io/guard.hpp"  // dump_json: the saved form's writer
#include "core/json_obj.hpp"

namespace druzina::campaign {

namespace {

constexpr size_t kMaxString = 1000;    // longer texts (a long note) are cut in the history, with "…"
constexpr size_t kSmallValue = 64;     // an object or list longer than this (as JSON) is reduced to its scalars

// Fields the history itself needs (names, who is hidden, the summary's counts), never left out.
const std::set<std::string>& kept_paths(const std::string& type) {
  static const std::map<std::string, std::set<std::string>> keep = {
      {"hp_changed", {"creature", "old", "new", "cause", "amount", "damage_type"}},
      {"died", {"creature"}},
      {"rest_finished", {"kind"}},
      {"session_folded", {"session"}},
      {"creature_added", {"creature", "creature.id", "creature.name", "creature.kind", "creature.hidden"}},
      {"creature_updated", {"creature", "patch", "patch.name", "patch.kind", "patch.hidden"}},
      {"creature_removed", {"creature", "name"}},
      {"note_added", {"creature", "note", "note.creature"}},
  };
  static const std::set<std::string> base = {"creature"};
  auto it = keep.find(type);
  return it == keep.end() ? base : it->second;
}

// Cuts a text at a UTF-8 boundary.
std::string cut(const std::string& s) {
  if (s.size() <= kMaxString) return s;
  size_t n = kMaxString;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n) + "\xE2\x80\xA6";
}

// The event's data with long texts cut (at any depth): the reference the compact form must render alike.
void cut_texts(json& v) {
  if (v.is_string()) {
    if (v.get_ref<const std::string&>().size() > kMaxString) v = cut(v.get<std::string>());
  } else if (v.is_structured()) {
    for (auto& x : v) cut_texts(x);
  }
}
json truncated(const json& d) {
  json out = d;
  cut_texts(out);
  return out;
}

// Long lists left out (at any depth): the candidate the search starts from.
json reduced(const json& d) {
  if (!d.is_object()) return d;
  json out = json::object();
  for (const auto& [k, v] : d.items()) {
    if (v.is_object()) out[k] = reduced(v);
    else if (!v.is_array() || v.dump().size() <= kSmallValue) out[k] = v;
  }
  return out;
}

// Removes the member at a dotted path ("condition.until.set_at").
void erase_path(json& d, const std::string& path) {
  json* node = &d;
  size_t start = 0;
  for (;;) {
    size_t dot = path.find('.', start);
    if (!node->is_object()) return;
    if (dot == std::string::npos) {
      node->erase(path.substr(start));
      return;
    }
    auto it = node->find(path.substr(start, dot - start));
    if (it == node->end()) return;
    node = &*it;
    start = dot + 1;
  }
}

std::string marker(const std::string& id) { return "\x01" + id + "\x02"; }

std::string try_render(const Engine& e, const std::string& type, const json& data, Lang lang) {
  LogContext lc;
  lc.lang = lang;
  lc.name = marker;
  try {
    return e.render(Event{type, data}, lc);
  } catch (const std::exception&) {
    return "\x03";  // a renderer that needs what was left out
  }
}

bool same_lines(const Engine& e, const std::string& type, const json& a, const json& b, bool all_langs) {
  for (Lang l : kLangs) {
    if (!all_langs && l != Lang::en) continue;
    if (try_render(e, type, a, l) != try_render(e, type, b, l)) return false;
  }
  return true;
}

// The learning's key: the type and the field names, of objects too (three levels: a condition's `until` of
// another kind has other fields, and needs other ones for its line).
void key_of(std::string& k, const json& d, int depth) {
  for (const auto& [key, v] : d.items()) {
    k += "\x1F" + key;
    if (v.is_object() && depth < 3) {
      k += '{';
      key_of(k, v, depth + 1);
      k += '}';
    }
  }
}
std::string shape_key(const std::string& type, const json& d) {
  std::string k = type;
  key_of(k, d, 1);
  return k;
}

// Paths ("key" or "key.sub") left out of events of one shape, learnt from the first events of that shape.
using Drops = std::set<std::string>;
struct Learnt {
  bool reduce = true;  // the reduced data (reduced()) renders as the full one
  Drops drops;
};
std::unordered_map<std::string, Learnt>& drop_cache() {
  static std::unordered_map<std::string, Learnt> cache;
  return cache;
}

bool blank(const json& v) { return v.is_null() || (v.is_string() && v.get_ref<const std::string&>().empty()); }

// The value at a dotted path, or null.
json at_path(const json& d, const std::string& path) {
  const json* node = &d;
  size_t start = 0;
  for (;;) {
    size_t dot = path.find('.', start);
    if (!node->is_object()) return nullptr;
    auto it = node->find(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (it == node->end()) return nullptr;
    if (dot == std::string::npos) return *it;
    node = &*it;
    start = dot + 1;
  }
}

// The data without the learnt paths — but never a field the history needs that has a value here (learnt from
// an event where it was blank).
json without(const std::string& type, const json& d, const Drops& drops) {
  const auto& keep = kept_paths(type);
  json out = d;
  for (const auto& p : drops)
    if (!keep.count(p) || blank(at_path(d, p))) erase_path(out, p);
  return out;
}

// Leaves out each field in turn (a whole object first, else its members, at any depth) where the lines stay the
// same in all three languages.
void learn_in(const Engine& e, const std::string& type, const json& node, const std::string& prefix, json& cur,
              Drops& drops) {
  const auto& keep = kept_paths(type);
  for (const auto& [k, v] : node.items()) {
    const std::string p = prefix.empty() ? k : prefix + "." + k;
    if (!keep.count(p) || blank(v)) {
      json tryit = cur;
      erase_path(tryit, p);
      if (same_lines(e, type, tryit, cur, true)) {
        cur = std::move(tryit);
        drops.insert(p);
        continue;
      }
    }
    if (v.is_object()) learn_in(e, type, v, p, cur, drops);
  }
}

Drops learn(const Engine& e, const std::string& type, const json& cand) {
  Drops drops;
  json cur = cand;
  learn_in(e, type, cand, "", cur, drops);
  return drops;
}

// Who the creatures are, as the history goes: names for log lines, kinds for the summary, hidden for players.
struct Who {
  std::string name, kind;
  bool hidden = false;
};
using Cast = std::unordered_map<std::string, Who>;

void learn_names(Cast& cast, const json& names) {
  if (!names.is_object()) return;
  for (const auto& [id, v] : names.items()) {
    if (!v.is_array() || v.empty() || !v[0].is_string()) continue;
    Who& w = cast[id];
    w.name = v[0].get<std::string>();
    if (v.size() > 1 && v[1].is_string()) w.kind = v[1].get<std::string>();
    if (v.size() > 2 && v[2].is_boolean() && v[2].get<bool>()) w.hidden = true;
  }
}

json who_json(const Who& w) {
  json v = json::array({w.name, w.kind});
  if (w.hidden) v.push_back(true);
  return v;
}

std::string str_at(const json& d, const char* k) {
  auto it = d.find(k);
  return it != d.end() && it->is_string() ? it->get<std::string>() : std::string();
}
long long int_at(const json& d, const char* k) {
  auto it = d.find(k);
  return it != d.end() && it->is_number_integer() ? it->get<long long>() : 0;
}

// What an event tells about the cast (creature_added / _updated); returns the subject's id.
std::string follow(Cast& cast, const std::string& type, const json& d) {
  auto c = d.find("creature");
  if (c == d.end()) return {};
  if (c->is_string()) {
    std::string id = c->get<std::string>();
    if (type == "creature_updated") {
      auto p = d.find("patch");
      if (p != d.end() && p->is_object()) {
        Who& w = cast[id];
        if (p->contains("name") && (*p)["name"].is_string()) w.name = (*p)["name"].get<std::string>();
        if (p->contains("kind") && (*p)["kind"].is_string()) w.kind = (*p)["kind"].get<std::string>();
        if (p->value("hidden", false) == true) w.hidden = true;
      }
    }
    return id;
  }
  if (!c->is_object()) return {};
  std::string id = str_at(*c, "id");
  Who& w = cast[id];
  w.name = str_at(*c, "name");
  w.kind = c->contains("kind") ? str_at(*c, "kind") : std::string("pc");
  if (c->value("hidden", false) == true) w.hidden = true;
  return id;
}

void count(HistCounts& out, const Engine& engine, const Cast& cast, const std::string& type, const json& d,
           const std::string& who) {
  auto k = cast.find(who);
  const bool party = k != cast.end() && party_kind(k->second.kind);
  if (type == "hp_changed") {
    long long old_hp = int_at(d, "old"), new_hp = int_at(d, "new");
    std::string cause = str_at(d, "cause");
    if (cause == "damage" || (d.contains("damage_type") && cause != "temp_hp")) {
      long long amount = d.contains("amount") ? int_at(d, "amount") : std::max(0LL, old_hp - new_hp);
      out[party ? "taken" : "dealt"] += amount;
    } else if ((cause == "heal" || cause == "hit_dice") && new_hp > old_hp) {
      out["healed"] += new_hp - old_hp;
    }
    if (old_hp > 0 && new_hp == 0) ++out[party ? "downs" : "defeated"];
  } else if (type == "died" && party) {
    ++out["deaths"];
  } else if (type == "rest_finished") {
    ++out[str_at(d, "kind") == "long" ? "long_rests" : "short_rests"];
  } else if (const EventDef* def = engine.event_def(type); def && !def->counts.empty()) {
    ++out[def->counts];  // a module's count (Engine::count_event)
  }
}

void add_counts(HistCounts& to, const HistCounts& from) {
  for (const auto& [k, v] : from) to[k] += v;
}

[[noreturn]] void damaged(const std::string& path) { throw UserError("save.err.history", jobj{"path", path}); }

}  // namespace

json without_hidden(const json& data, const std::function<bool(const std::string& id)>& hidden) {
  json out = data;
  for (auto& [k, v] : out.items()) {
    if (!v.is_array()) continue;
    json kept = json::array();
    for (auto& x : v) {
      auto c = x.is_object() ? x.find("creature") : x.end();
      if (x.is_object() && c != x.end() && c->is_string() && hidden(c->get<std::string>())) continue;
      kept.push_back(std::move(x));
    }
    v = std::move(kept);
  }
  return out;
}

json player_data(const std::string& type, const json& data, const std::function<bool(const std::string& id)>& hidden,
                 const std::string& vis_party, const std::string& vis_others) {
  json out = without_hidden(data, hidden);
  if (type == "creature_added" && out.contains("creature") && out["creature"].is_object()) {
    json& c = out["creature"];
    const std::string kind = c.contains("kind") && c["kind"].is_string() ? c["kind"].get<std::string>() : "pc";  // (the default)
    if ((party_kind(kind) ? vis_party : vis_others) != "exact") {
      c.erase("hp");
      c.erase("max_hp");
      out.erase("hp_roll");
    }
  }
  return out;
}

// [SECTION] recording -------------------------------------------------------------------------------------------------

std::optional<json> History::compact(const Engine& engine, const Event& ev) {
  const json ref_data = truncated(ev.data);
  const std::string ref = try_render(engine, ev.type, ref_data, Lang::en);
  const bool bookkeeping = kept_paths(ev.type).size() > 1 || ev.type == "died";
  if ((ref.empty() || ref == "\x03") && !bookkeeping) return std::nullopt;
  // What is learnt per shape (the type and the full data's field names): whether the reduced data renders alike
  // in all three languages (a text given in cs/uk/en is an object the reduction would cut), and what can go.
  auto& cache = drop_cache();
  const std::string key = shape_key(ev.type, ref_data);
  auto hit = cache.find(key);
  if (hit == cache.end()) {
    json cand = reduced(ref_data);
    Learnt l;
    l.reduce = same_lines(engine, ev.type, cand, ref_data, true);
    l.drops = learn(engine, ev.type, l.reduce ? cand : ref_data);
    hit = cache.emplace(key, std::move(l)).first;
  }
  json base = hit->second.reduce ? reduced(ref_data) : ref_data;
  json masked = without(ev.type, base, hit->second.drops);
  if (same_lines(engine, ev.type, masked, ref_data, false)) return masked;
  // This event needs a field the first ones of its shape did not: learn again, keep what either needs.
  if (!same_lines(engine, ev.type, base, ref_data, false)) {
    hit->second.reduce = false;
    base = ref_data;
  }
  Drops again = learn(engine, ev.type, base), both;
  std::set_intersection(hit->second.drops.begin(), hit->second.drops.end(), again.begin(), again.end(),
                        std::inserter(both, both.begin()));
  hit->second.drops = both;
  masked = without(ev.type, base, both);
  if (same_lines(engine, ev.type, masked, ref_data, false)) return masked;
  return base;
}

int History::shape_of(const std::string& type, const json& data) {
  std::string key = type;
  for (const auto& [k, v] : data.items()) key += "\x1F" + k;
  auto it = shape_index_.find(key);
  if (it != shape_index_.end()) return it->second;
  std::vector<std::string> shape = {type};
  for (const auto& [k, v] : data.items()) shape.push_back(k);
  shapes_.push_back(std::move(shape));
  int id = static_cast<int>(shapes_.size()) - 1;
  shape_index_[key] = id;
  return id;
}

json History::data_of(const HistEvent& e) const {
  json d = json::object();
  if (e.shape < 0 || static_cast<size_t>(e.shape) >= shapes_.size()) return d;
  const auto& shape = shapes_[static_cast<size_t>(e.shape)];
  for (size_t i = 1; i < shape.size() && i - 1 < e.values.size(); ++i) d[shape[i]] = e.values[i - 1];
  return d;
}

int History::session_for(std::optional<long long> wall) const {
  if (sessions_.empty()) return 1;
  const HistSession& last = sessions_.back();
  if (wall && last.w1 && *wall - *last.w1 > kSessionGapMs) return last.n + 1;
  return last.n;
}

HistSession& History::session_at(std::optional<long long> wall) {
  int n = session_for(wall);
  if (sessions_.empty() || sessions_.back().n != n) {
    HistSession s;
    s.n = n;
    sessions_.push_back(std::move(s));
  }
  return sessions_.back();
}

void History::record(const Engine& engine, const Transaction& tx, const Campaign& before) {
  if (sessions_.empty() && names_.empty())
    for (const auto& c : before.creatures) {
      json v = json::array({c.name, c.kind});
      if (c.hidden) v.push_back(true);
      names_[c.id] = std::move(v);
    }
  HistTx h;
  h.id = tx.id;
  h.at = tx.at;
  h.wall = tx.wall;
  h.player = tx.by == "player";
  std::vector<int> folds;
  for (const auto& ev : tx.events) {
    auto data = compact(engine, ev);
    if (!data) continue;
    HistEvent e;
    const EventDef* def = engine.event_def(ev.type);
    try {
      e.secret = def && def->secret && def->secret(ev.data);
    } catch (const std::exception&) {
      e.secret = true;
    }
    e.shape = shape_of(ev.type, *data);
    for (auto& [k, v] : data->items()) e.values.push_back(std::move(v));
    if (ev.type == "session_folded" && ev.data.contains("session") && ev.data["session"].is_number_integer())
      folds.push_back(ev.data["session"].get<int>());
    h.events.push_back(std::move(e));
  }
  const bool fresh = sessions_.empty() || sessions_.back().n != session_for(tx.wall);
  HistSession& s = session_at(tx.wall);
  if (fresh) {
    s.t0 = tx.id;
    s.a0 = tx.at;
    s.w0 = tx.wall;
  }
  s.t1 = tx.id;
  s.a1 = tx.at;
  if (tx.wall) {
    if (!s.w0) s.w0 = tx.wall, s.dirty = true;  // (the records are written from w0)
    s.w1 = tx.wall;
  }
  if (!h.events.empty()) {  // a step with nothing to tell (only bookkeeping) is not kept
    if (fresh) s.dirty = true;
    if (!s.dirty) append_record(s, h);
    s.txs.push_back(std::move(h));
  }
  for (int n : folds) fold(engine, n, false);
}

size_t History::events() const {
  size_t n = 0;
  for (const auto& s : sessions_)
    for (const auto& t : s.txs) n += t.events.size();
  return n;
}

// [SECTION] folding ---------------------------------------------------------------------------------------------------

bool History::fold(const Engine& engine, int n, bool automatic) {
  auto target = std::find_if(sessions_.begin(), sessions_.end(), [n](const HistSession& s) { return s.n == n; });
  if (target == sessions_.end()) return false;
  Cast cast;
  learn_names(cast, names_);
  for (auto& s : sessions_) {
    learn_names(cast, s.names);
    const bool mine = &s == &*target;
    HistCounts sum, psum;
    for (const auto& t : s.txs) {
      if (mine) ++sum["steps"], ++psum["steps"];
      for (const auto& e : t.events) {
        json d = data_of(e);
        const std::string& type = shapes_[static_cast<size_t>(e.shape)][0];
        std::string who = follow(cast, type, d);
        if (!mine) continue;
        if (type == "creature_added" || type == "creature_updated") s.names[who] = who_json(cast[who]);
        count(sum, engine, cast, type, d, who);
        auto w = cast.find(who);
        if (!e.secret && !(w != cast.end() && w->second.hidden)) count(psum, engine, cast, type, d, who);
      }
    }
    if (!mine) continue;
    add_counts(s.sum, sum);
    add_counts(s.psum, psum);
    if (s.sum.empty()) s.sum["steps"] = 0;
    s.automatic = s.automatic || automatic;
    s.txs.clear();
    s.dirty = true;
    return true;
  }
  return true;
}

void History::fold_to(const Engine& engine, size_t limit) {
  for (auto& s : sessions_) {
    if (bytes() <= limit) return;
    if (&s == &sessions_.back() || s.txs.empty()) continue;
    fold(engine, s.n, true);
  }
  if (bytes() <= limit || sessions_.empty()) return;
  // One long session alone past the limit: its older half becomes the summary, the newer half stays — unless what
  // is past the limit is what folding keeps (the names of the creatures met, the summaries): folding its entries
  // would not bring it under, and it would fold again at every step.
  HistSession& last = sessions_.back();
  if (last.txs.size() < 2 || entry_bytes() <= limit) return;
  std::vector<HistTx> newer(last.txs.begin() + static_cast<long>(last.txs.size() / 2), last.txs.end());
  last.txs.resize(last.txs.size() / 2);
  fold(engine, last.n, true);
  last.txs = std::move(newer);
  last.dirty = true;
}

// [SECTION] the saved form --------------------------------------------------------------------------------------------

// [dwall (seconds) | null, dtx?, dat?, by?, event…] after s.text: the numbers after the first only where they are
// not the usual 1, 0, 0.
void History::append_record(const HistSession& s, const HistTx& tx) const {
  if (!s.text.empty()) s.text += ',';
  json rec = json::array({tx.wall ? json(*tx.wall / 1000 - s.text_w) : json(nullptr)});
  const long long dtx = tx.id - s.text_t, dat = tx.at - s.text_a;
  if (dtx != 1 || dat != 0 || tx.player) rec.push_back(dtx);
  if (dat != 0 || tx.player) rec.push_back(dat);
  if (tx.player) rec.push_back(1);
  for (const auto& e : tx.events) {
    json ev = json::array({e.secret ? -e.shape - 1 : e.shape});
    for (const auto& v : e.values) ev.push_back(v);
    rec.push_back(std::move(ev));
  }
  io::dump_json(rec, s.text);
  s.text_t = tx.id;
  s.text_a = tx.at;
  if (tx.wall) s.text_w = *tx.wall / 1000;
}

void History::write_session(std::string& out, const HistSession& s) const {
  if (s.dirty) {
    s.text.clear();
    s.text_t = s.t0;
    s.text_a = s.a0;
    s.text_w = s.w0.value_or(0) / 1000;
    for (const auto& tx : s.txs) append_record(s, tx);
    s.dirty = false;
  }
  json head = jobj{"n", s.n, "t0", s.t0, "t1", s.t1, "a0", s.a0, "a1", s.a1};
  if (s.w0) head["w0"] = *s.w0;
  if (s.w1) head["w1"] = *s.w1;
  if (!s.sum.empty()) head["sum"] = s.sum;
  if (!s.psum.empty() && s.psum != s.sum) head["psum"] = s.psum;
  if (s.automatic) head["auto"] = true;
  if (!s.names.empty()) head["names"] = s.names;
  std::string h = io::dump_json(head);
  h.pop_back();
  out += h;
  out += ",\"tx\":[";
  out += s.text;
  out += "]}";
}

void History::append_json(std::string& out) const {
  json head = jobj{"v", 1, "shapes", shapes_, "names", names_};
  std::string h = io::dump_json(head);
  h.pop_back();
  out += h;
  out += ",\"sessions\":[";
  for (size_t i = 0; i < sessions_.size(); ++i) {
    if (i) out += ',';
    write_session(out, sessions_[i]);
  }
  out += "]}";
}

size_t History::entry_bytes() const {
  size_t n = 0;
  for (const auto& s : sessions_) {
    if (s.txs.empty()) continue;
    std::string tmp;
    if (s.dirty) write_session(tmp, s);
    n += s.text.size();
  }
  return n;
}

size_t History::bytes() const {
  size_t n = 64 + names_.size() * 24;
  for (const auto& shape : shapes_)
    for (const auto& k : shape) n += k.size() + 3;
  for (const auto& s : sessions_) {
    std::string tmp;
    if (s.dirty) write_session(tmp, s);
    n += s.text.size() + 120 + s.names.size() * 24 + s.sum.size() * 24;
  }
  return n;
}

namespace {

long long read_int(const json& v, const std::string& path, long long lo, long long hi) {
  if (!v.is_number_integer()) damaged(path);
  long long x = v.get<long long>();
  if (x < lo || x > hi) damaged(path);
  return x;
}

constexpr long long kBig = 9'000'000'000'000'000LL;

HistCounts read_counts(const json& v, const std::string& path) {
  if (!v.is_object() || v.size() > 64) damaged(path);
  HistCounts out;
  for (const auto& [k, x] : v.items()) out[k] = read_int(x, path + "." + k, 0, kBig);
  return out;
}

void check_names(const json& v, const std::string& path) {
  if (!v.is_object()) damaged(path);
  for (const auto& [id, w] : v.items())
    if (!w.is_array() || w.size() < 2 || w.size() > 3 || !w[0].is_string() || !w[1].is_string() ||
        (w.size() == 3 && !w[2].is_boolean()))
      damaged(path + "." + id);
}

// [SECTION] the raw text of a parsed history: each session's "tx" records as they stand -------------------------------

// The end of the compact JSON value that starts at s[i] (s is known to be valid JSON: it was parsed); npos when
// it is not compact (white space outside a string) or does not end.
size_t skip_value(std::string_view s, size_t i) {
  int depth = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
      if (++i > s.size()) return std::string_view::npos;
      if (depth == 0) return i;
    } else if (c == '[' || c == '{') {
      ++depth, ++i;
    } else if (c == ']' || c == '}' || c == ',') {
      if (depth == 0) return i;  // the end of a number or literal
      ++i;
      if (c != ',' && --depth == 0) return i;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      return std::string_view::npos;
    } else {
      ++i;
    }
  }
  return depth == 0 ? i : std::string_view::npos;
}

// Calls fn(key, value's text) for each member of the compact object that starts at s[i] (no white space, keys
// without escapes); the position just after it, or npos when it is not such an object (or fn said stop).
template <class F>
size_t each_member_at(std::string_view s, size_t i, F&& fn) {
  if (i >= s.size() || s[i] != '{') return std::string_view::npos;
  ++i;
  if (i < s.size() && s[i] == '}') return i + 1;
  while (i < s.size()) {
    if (s[i] != '"') return std::string_view::npos;
    size_t k = s.find('"', i + 1);
    if (k == std::string_view::npos || s.substr(i + 1, k - i - 1).find('\\') != std::string_view::npos)
      return std::string_view::npos;
    std::string_view key = s.substr(i + 1, k - i - 1);
    if (k + 1 >= s.size() || s[k + 1] != ':') return std::string_view::npos;
    size_t v = k + 2, e = skip_value(s, v);
    if (e == std::string_view::npos || e >= s.size() || e == v) return std::string_view::npos;
    if (!fn(key, s.substr(v, e - v))) return std::string_view::npos;
    if (s[e] == '}') return e + 1;
    if (s[e] != ',') return std::string_view::npos;
    i = e + 1;
  }
  return std::string_view::npos;
}

// each_member_at over the whole of s.
template <class F>
bool each_member(std::string_view s, F&& fn) {
  return each_member_at(s, 0, fn) == s.size();
}

// The "tx" text of each session of the compact history `raw` (between the brackets); empty when the text is not
// laid out compactly (then the records are written again).
std::vector<std::string_view> raw_records(std::string_view raw) {
  std::vector<std::string_view> out;
  std::string_view sessions;
  if (!each_member(raw, [&](std::string_view k, std::string_view v) {
        if (k == "sessions") sessions = v;
        return true;
      }) ||
      sessions.size() < 2 || sessions.front() != '[')
    return {};
  size_t i = 1;
  while (i < sessions.size() && sessions[i] != ']') {
    std::string_view tx;
    size_t e = each_member_at(sessions, i, [&](std::string_view k, std::string_view v) {
      if (k == "tx") tx = v;
      return true;
    });
    if (e == std::string_view::npos || e >= sessions.size() || tx.size() < 2 || tx.front() != '[' || tx.back() != ']')
      return {};
    out.push_back(tx.substr(1, tx.size() - 2));
    i = sessions[e] == ',' ? e + 1 : e;
  }
  return out;
}

}  // namespace

History History::read(json j, std::string_view raw) {
  History h;
  if (!j.is_object() || j.value("v", 0) != 1) damaged("history.v");
  auto shapes = j.find("shapes");
  if (shapes == j.end() || !shapes->is_array() || shapes->size() > 100000) damaged("history.shapes");
  for (size_t i = 0; i < shapes->size(); ++i) {
    const json& s = (*shapes)[i];
    const std::string path = "history.shapes[" + std::to_string(i) + "]";
    if (!s.is_array() || s.empty() || s.size() > 256) damaged(path);
    std::vector<std::string> shape;
    for (const auto& k : s) {
      if (!k.is_string() || k.get_ref<const std::string&>().empty()) damaged(path);
      shape.push_back(k.get<std::string>());
    }
    std::string key = shape[0];
    for (size_t k = 1; k < shape.size(); ++k) key += "\x1F" + shape[k];
    h.shape_index_[key] = static_cast<int>(i);
    h.shapes_.push_back(std::move(shape));
  }
  if (j.contains("names")) {
    check_names(j["names"], "history.names");
    h.names_ = j["names"];
  }
  auto sessions = j.find("sessions");
  if (sessions == j.end() || !sessions->is_array()) damaged("history.sessions");
  long long last_tx = 0;
  int last_n = 0;
  std::vector<std::string_view> records = raw.empty() ? std::vector<std::string_view>() : raw_records(raw);
  if (records.size() != sessions->size()) records.clear();
  for (size_t i = 0; i < sessions->size(); ++i) {
    json& sj = (*sessions)[i];
    const std::string path = "history.sessions[" + std::to_string(i) + "]";
    if (!sj.is_object()) damaged(path);
    HistSession s;
    s.n = static_cast<int>(read_int(sj.value("n", json()), path + ".n", last_n + 1, 100'000'000));
    last_n = s.n;
    s.t0 = read_int(sj.value("t0", json()), path + ".t0", last_tx + 1, kBig);
    s.t1 = read_int(sj.value("t1", json()), path + ".t1", s.t0, kBig);
    s.a0 = read_int(sj.value("a0", json()), path + ".a0", 0, kBig);
    s.a1 = read_int(sj.value("a1", json()), path + ".a1", 0, kBig);
    if (sj.contains("w0")) s.w0 = read_int(sj["w0"], path + ".w0", 0, kBig);
    if (sj.contains("w1")) s.w1 = read_int(sj["w1"], path + ".w1", 0, kBig);
    if (sj.contains("sum")) s.sum = read_counts(sj["sum"], path + ".sum");
    s.psum = sj.contains("psum") ? read_counts(sj["psum"], path + ".psum") : s.sum;
    s.automatic = sj.value("auto", false) == true;
    if (sj.contains("names")) {
      check_names(sj["names"], path + ".names");
      s.names = sj["names"];
    }
    auto txs = sj.find("tx");
    if (txs == sj.end() || !txs->is_array()) damaged(path + ".tx");
    long long t = s.t0, a = s.a0, w = s.w0.value_or(0) / 1000;
    for (size_t k = 0; k < txs->size(); ++k) {
      json& r = (*txs)[k];
      // (the record's path is only spelled out when it is damaged: a history has thousands of records)
      auto bad = [&] { damaged(path + ".tx[" + std::to_string(k) + "]"); };
      auto num = [&](const json& v, long long lo, long long hi) {
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) bad();
        return v.get<long long>();
      };
      if (!r.is_array() || r.size() < 2) bad();
      HistTx tx;
      if (!r[0].is_null()) {
        const long long sec = w + num(r[0], -kBig / 1000, kBig / 1000);
        if (sec < 0 || sec > kBig / 1000) bad();
        tx.wall = sec * 1000;
      }
      size_t first_event = 1;
      long long nums[3] = {1, 0, 0};
      while (first_event < r.size() && first_event < 4 && r[first_event].is_number()) {
        nums[first_event - 1] = num(r[first_event], -kBig, kBig);
        ++first_event;
      }
      tx.id = t + nums[0];
      tx.at = a + nums[1];
      if (nums[2] != 0 && nums[2] != 1) bad();
      tx.player = nums[2] == 1;
      if (nums[0] < (k == 0 ? 0 : 1) || tx.id > s.t1 || first_event >= r.size()) bad();
      for (size_t e = first_event; e < r.size(); ++e) {
        json& ev = r[e];
        if (!ev.is_array() || ev.empty()) bad();
        long long code = num(ev[0], -static_cast<long long>(h.shapes_.size()), static_cast<long long>(h.shapes_.size()) - 1);
        HistEvent he;
        he.secret = code < 0;
        he.shape = static_cast<int>(code < 0 ? -code - 1 : code);
        if (ev.size() != h.shapes_[static_cast<size_t>(he.shape)].size()) bad();
        auto& from = ev.get_ref<json::array_t&>();
        he.values = json::array();
        auto& values = he.values.get_ref<json::array_t&>();
        values.reserve(from.size() - 1);
        for (size_t v = 1; v < from.size(); ++v) values.push_back(std::move(from[v]));  // (j is ours to take)
        tx.events.push_back(std::move(he));
      }
      t = tx.id;
      a = tx.at;
      if (tx.wall) w = *tx.wall / 1000;
      s.txs.push_back(std::move(tx));
    }
    if (i < records.size()) {  // the records as they stand in the text (the same values: they were read from it)
      s.text.assign(records[i]);
      s.dirty = false;
      s.text_t = t, s.text_a = a, s.text_w = w;
    }
    last_tx = s.t1;
    h.sessions_.push_back(std::move(s));
  }
  return h;
}

// [SECTION] the log ---------------------------------------------------------------------------------------------------

namespace {
// history.sum.<count>: every key is in assets/i18n/*/history.json (the i18n check cannot see a built key).
std::string prefixed_key(const char* count) {
  std::string out = "history.sum";
  out += '.';
  return out + count;
}
}  // namespace

std::string History::summary_text(Lang lang, const HistCounts& counts) {
  static const char* kOrder[] = {"steps",  "dealt",       "taken",      "healed",    "downs",        "deaths",
                                 "defeated", "short_rests", "long_rests", "level_ups", "resurrections"};
  std::string out;
  for (const char* k : kOrder) {
    auto it = counts.find(k);
    if (it == counts.end() || (it->second == 0 && std::string(k) != "steps")) continue;
    if (!out.empty()) out += " \xC2\xB7 ";
    out += tr(lang, prefixed_key(k), jobj{"n", it->second});
  }
  return out;
}

std::vector<HistView> History::view(const Engine& engine, Lang lang, bool player,
                                    const std::vector<std::string>& hidden_now, const std::string& vis_party,
                                    const std::string& vis_others, const HistOpen& open) const {
  Cast cast;
  learn_names(cast, names_);
  for (const auto& id : hidden_now) cast[id].hidden = true;
  LogContext lc;
  lc.lang = lang;
  lc.name = [&cast, player, lang](const std::string& id) {
    auto it = cast.find(id);
    if (player && it != cast.end() && it->second.hidden) return tr(lang, "campaign.someone");
    return it == cast.end() || it->second.name.empty() ? id : it->second.name;
  };
  std::vector<HistView> out;
  const int last = sessions_.empty() ? 0 : sessions_.back().n;
  for (const auto& s : sessions_) {
    learn_names(cast, s.names);
    const bool rendered = open(s.n, last);
    for (const auto& id : hidden_now) cast[id].hidden = true;
    HistView v;
    v.n = s.n;
    v.first_wall = s.w0;
    v.last_wall = s.w1;
    v.first_at = s.a0;
    v.first_tx = s.t0;
    v.last_at = s.a1;
    v.automatic = s.automatic;
    if (!s.sum.empty()) {
      const HistCounts& c = player ? s.psum : s.sum;
      v.steps += c.count("steps") ? c.at("steps") : 0;
      v.summary = summary_text(lang, c);
    }
    v.collapsed = !rendered;
    v.unfolded = s.txs.size();
    for (const auto& t : s.txs) {
      HistLine line{t.id, t.at, t.wall, t.player, {}};
      for (const auto& e : t.events) {
        const std::string& type = shapes_[static_cast<size_t>(e.shape)][0];
        if (!rendered && type != "creature_added" && type != "creature_updated") continue;
        json d = data_of(e);
        std::string who = follow(cast, type, d);
        if (!rendered) continue;
        if (player) {
          if (type == "note_added" && d.contains("note") && d["note"].is_object())  // a note about a creature
            who = str_at(d["note"], "creature");
          auto w = cast.find(who);
          if (e.secret || (w != cast.end() && w->second.hidden)) continue;
          if (type == "hp_changed") {
            const bool party = w != cast.end() && party_kind(w->second.kind);
            if ((party ? vis_party : vis_others) != "exact") continue;
          }
          d = player_data(type, d, [&cast](const std::string& id) {
            auto x = cast.find(id);
            return x != cast.end() && x->second.hidden;
          }, vis_party, vis_others);
        }
        std::string text;
        try {
          text = engine.render(Event{type, d}, lc);
        } catch (const std::exception&) {
          text = type;
        }
        if (!text.empty()) line.lines.push_back(std::move(text));
      }
      ++v.steps;
      if (rendered && (!line.lines.empty() || !player)) v.entries.push_back(std::move(line));
    }
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace druzina::campaign
