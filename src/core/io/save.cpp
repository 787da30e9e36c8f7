// Saves: Session ↔ JSON text. See save.hpp for the format and the guarantees.
//
// Index:
//   [SECTION] the snapshot's creatures and notes, with each unchanged chunk's text kept from the last save
//   [SECTION] the saved form: an envelope with a checksum of the body
//   [SECTION] the snapshot's notes, read straight from the text
#include "core/io/save.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "core/campaign/json_read.hpp"
#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/migrate/migrate.hpp"

namespace druzina::io {

using json = nlohmann::json;
using namespace druzina::campaign;

namespace {

// A UserError's message in every language, as arguments of a wrapping message ("… {reason_en}").
json nested(const UserError& e) {
  return {{"reason_cs", e.message(Lang::cs)}, {"reason_uk", e.message(Lang::uk)}, {"reason_en", e.message(Lang::en)}};
}

// Runs fn; a state.err.* (wrong type, bad value) becomes save.err.invalid, a JSON library error too.
template <class F>
auto checked(F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const UserError& e) {
    jr::reset_path();
    if (e.key().rfind("save.err.", 0) == 0) throw;
    throw UserError("save.err.invalid", nested(e));
  } catch (const json::exception&) {
    jr::reset_path();  // never the library's text: it means nothing to a player
    throw UserError("save.err.invalid", nested(UserError("save.reason.json_type")));
  }
}

// Applies one transaction during load, naming the transaction and event when it does not fit.
void replay(const Engine& engine, Campaign& c, const Transaction& tx, const char* where) {
  if (tx.id != c.last_tx + 1)
    throw UserError("save.err.bad_history",
                    {{"where", where}, {"tx", tx.id}, {"expected", c.last_tx + 1}});
  for (size_t k = 0; k < tx.events.size(); ++k) {
    const Event& ev = tx.events[k];
    try {
      if (!engine.has_event(ev.type))
        throw UserError("save.err.unknown_event", {{"type", ev.type}});
      engine.apply(c, ev);
    } catch (const UserError& e) {
      jr::reset_path();
      json args = nested(e);
      args["where"] = where, args["tx"] = tx.id, args["event"] = k, args["type"] = ev.type;
      throw UserError("save.err.bad_event", args);
    } catch (const json::exception&) {
      jr::reset_path();
      json args = nested(UserError("save.reason.json_type"));
      args["where"] = where, args["tx"] = tx.id, args["event"] = k, args["type"] = ev.type;
      throw UserError("save.err.bad_event", args);
    } catch (const std::exception& e) {
      jr::reset_path();
      UserError inner("save.err.detail", {{"detail", e.what()}});
      json args = nested(inner);
      args["where"] = where, args["tx"] = tx.id, args["event"] = k, args["type"] = ev.type;
      throw UserError("save.err.bad_event", args);
    }
  }
  c.last_tx = tx.id;
}

// Reads doc[key] (a list of transactions), moving the commands and event data out of the parsed document
// instead of copying them (the bulk of a save). Types are checked like everywhere else, with paths.
std::vector<Transaction> read_transactions(json& doc, const char* key) {
  std::vector<Transaction> out;
  auto it = doc.find(key);
  if (it == doc.end()) return out;
  checked([&] {
    jr::reset_path();
    jr::PathGuard g(key);
    if (!it->is_array()) jr::fail_type("array");
    out.reserve(it->size());
    size_t i = 0;
    for (json& tj : *it) {
      jr::PathGuard gi(i++);
      if (!tj.is_object()) jr::fail_type("object");
      Transaction& t = out.emplace_back();
      jr::field(tj, "id", t.id);
      jr::field(tj, "at", t.at);
      jr::field(tj, "wall", t.wall);
      jr::field(tj, "by", t.by);
      if (!t.by.empty() && t.by != "player") {  // the only author the app writes: anything else is not ours
        jr::PathGuard gb("by");
        jr::fail_type("\"player\"");
      }
      auto cmd = tj.find("command");
      if (cmd == tj.end() || !cmd->is_object() || !cmd->contains("type")) {
        jr::PathGuard gc("command");
        jr::fail_type("command object");
      }
      t.command = std::move(*cmd);
      auto evs = tj.find("events");
      if (evs != tj.end()) {
        jr::PathGuard ge("events");
        if (!evs->is_array()) jr::fail_type("array");
        t.events.reserve(evs->size());
        size_t k = 0;
        for (json& ej : *evs) {
          jr::PathGuard gk(k++);
          if (!ej.is_object()) jr::fail_type("object");
          Event& e = t.events.emplace_back();
          auto type = ej.find("type");
          if (type == ej.end() || !type->is_string() || type->get_ref<const std::string&>().empty()) {
            jr::PathGuard gt("type");
            jr::fail_type("string");
          }
          e.type = std::move(type->get_ref<std::string&>());
          auto data = ej.find("data");
          if (data != ej.end()) {
            jr::PathGuard gd("data");
            if (!data->is_object()) jr::fail_type("object");
            e.data = std::move(*data);
          }
        }
      }
      size_t known = 0;
      for (const char* k : {"id", "at", "wall", "by", "command", "events"}) known += tj.contains(k);
      if (tj.size() > known) t.extra = jr::unknown_fields(tj, {"id", "at", "wall", "by", "command", "events"});
    }
    jr::reset_path();
    return 0;
  });
  return out;
}

// Appends one transaction as JSON without building a document for it (saves are mostly transactions).
void append(std::string& out, const Transaction& tx) {
  if (!tx.extra.empty()) {
    dump_json(json(tx), out);
    return;
  }
  out += "{\"id\":";
  out += std::to_string(tx.id);
  out += ",\"at\":";
  out += std::to_string(tx.at);
  if (tx.wall) {
    out += ",\"wall\":";
    out += std::to_string(*tx.wall);
  }
  if (!tx.by.empty()) out += ",\"by\":\"player\"";  // the only author there is (Transaction::by)
  out += ",\"command\":";
  dump_json(tx.command, out);
  out += ",\"events\":[";
  for (size_t i = 0; i < tx.events.size(); ++i) {
    if (i) out += ',';
    out += "{\"type\":";
    dump_json(json(tx.events[i].type), out);
    out += ",\"data\":";
    dump_json(tx.events[i].data, out);
    out += '}';
  }
  out += "]}";
}

// [SECTION] the snapshot's creatures and notes, with each unchanged chunk's text kept from the last save --------------
// A save follows every change. Between two saves the snapshot changes by at most the transaction folded into it
// (the tail is full), so nearly every chunk of the creature and note lists (CowList, 64 elements) is the very
// object it was: its text is taken from here instead of being built and written again. Holding a chunk's handle
// makes any later write to its elements copy them first (CowList::chunk_handle), so a kept text is never stale.
// Only the chunks the last save wrote are kept (per thread: the app has one, tests may run several).
class ChunkTexts {
 public:
  template <class T>
  void append(std::string& out, const CowList<T>& list) {
    const size_t n = CowList<T>::chunk_size();
    out += '[';
    for (size_t c = 0; c < list.chunk_count(); ++c) {
      auto handle = list.chunk_handle(c);
      Entry& e = entries_[handle.get()];
      if (!e.chunk) {
        e.chunk = std::move(handle);
        for (size_t i = c * n; i < std::min(list.size(), (c + 1) * n); ++i) {
          if (i > c * n) e.text += ',';
          dump_json(json(list[i]), e.text);
        }
      }
      e.used = true;
      if (c) out += ',';
      out += e.text;
    }
    out += ']';
  }
  // The text of each chunk of `list` as it stands in a loaded save: spans[i] is element i's text in `text`
  // (read_notes). Any JSON text of the very values will do (it was read from it), so the first save after a load
  // need not write them again.
  template <class T>
  void seed(const CowList<T>& list, std::string_view text, const std::vector<std::pair<size_t, size_t>>& spans) {
    const size_t n = CowList<T>::chunk_size();
    if (spans.size() != list.size()) return;
    for (size_t c = 0; c < list.chunk_count(); ++c) {
      auto handle = list.chunk_handle(c);
      const size_t first = spans[c * n].first, last = spans[std::min(list.size(), (c + 1) * n) - 1].second;
      Entry& e = entries_[handle.get()];
      e.chunk = std::move(handle);
      e.text.assign(text.substr(first, last - first));
    }
  }
  // Forgets the chunks the save that just ended did not write.
  void keep_used() {
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (!it->second.used) {
        it = entries_.erase(it);
      } else {
        it->second.used = false;
        ++it;
      }
    }
  }

 private:
  struct Entry {
    std::shared_ptr<const void> chunk;
    std::string text;
    bool used = false;
  };
  std::unordered_map<const void*, Entry> entries_;
};

ChunkTexts& chunk_texts() {
  static thread_local ChunkTexts cache;
  return cache;
}

// Writes obj as dump_json does, except the members `write(key, out)` writes itself (it returns true for those).
template <class F>
void append_object(std::string& out, const json& obj, F&& write) {
  out += '{';
  bool first = true;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (!first) out += ',';
    first = false;
    dump_json(json(it.key()), out);
    out += ':';
    if (!write(it.key(), out)) dump_json(it.value(), out);
  }
  out += '}';
}

// The snapshot as dump_json(json(campaign)) writes it.
void append_snapshot(std::string& out, const Campaign& c) {
  json head = campaign_head_json(c);
  head["creatures"] = nullptr, head["notes"] = nullptr;  // where they go in the (sorted) key order
  ChunkTexts& cache = chunk_texts();
  append_object(out, head, [&](const std::string& key, std::string& o) {
    if (key == "creatures") cache.append(o, c.creatures);
    else if (key == "notes") cache.append(o, c.notes);
    else return false;
    return true;
  });
  cache.keep_used();
}

json head_json(const Session& session) {
  json doc = session.extra.is_object() ? session.extra : json::object();
  doc.erase("tail");
  doc.erase("redo");
  doc.erase("history");
  doc["schemaVersion"] = kSchemaVersion;
  doc["app"] = "druzina";
  doc["tailLimit"] = session.options().tail_limit;
  doc["snapshot"] = nullptr;  // written by append_snapshot
  return doc;
}

}  // namespace

json save_json(const Session& session) { return json::parse(save_body(session)); }

std::string save_body(const Session& session) {
  std::string out;
  append_object(out, head_json(session), [&](const std::string& key, std::string& o) {
    if (key != "snapshot") return false;
    append_snapshot(o, session.snapshot());
    return true;
  });
  out.pop_back();  // the closing brace: the tail and the redo stack follow
  size_t estimate = out.size() + 64;
  for (const auto& tx : session.tail()) estimate += 160 + 120 * tx.events.size();
  out.reserve(estimate);
  out += ",\"tail\":[";
  bool first = true;
  for (const auto& tx : session.tail()) {
    if (!first) out += ',';
    first = false;
    append(out, tx);
  }
  out += "],\"redo\":[";
  const auto& stack = session.redo_stack();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    if (it != stack.rbegin()) out += ',';
    append(out, *it);
  }
  out += ']';
  if (!session.history().empty()) {
    out += ",\"history\":";
    session.history().append_json(out);
  }
  out += '}';
  return out;
}

namespace {
Session load_document(json doc, const Engine& engine, std::string_view history_raw, CowList<Note>* notes = nullptr);
}  // namespace

Session load_json(json doc, const Engine& engine) { return load_document(std::move(doc), engine, {}); }

namespace {

// load_json, with the history's text as it stands in the save when it is known (its records are kept as text),
// and the snapshot's notes when they were read from the text already (read_notes; the document has null there).
Session load_document(json doc, const Engine& engine, std::string_view history_raw, CowList<Note>* notes) {
  jr::reset_path();
  if (!doc.is_object()) throw UserError("save.err.not_druzina");
  auto app = doc.find("app");
  if (app == doc.end() || !app->is_string() || app->get<std::string>() != "druzina")
    throw UserError("save.err.not_druzina");
  auto ver = doc.find("schemaVersion");
  if (ver == doc.end() || !ver->is_number_integer() || ver->get<long long>() < 1) throw UserError("save.err.no_version");
  long long version = ver->get<long long>();
  if (version > kSchemaVersion)
    throw UserError("save.err.too_new", {{"version", version}, {"supported", kSchemaVersion}});
  if (version < kSchemaVersion) {
    doc = migrate(std::move(doc), static_cast<int>(version));
    history_raw = {};  // (a migration may change what it holds)
  }

  SessionOptions options;
  if (auto t = doc.find("tailLimit"); t != doc.end()) {
    if (!t->is_number_integer() || t->get<long long>() < 1 || t->get<long long>() > 1'000'000) {
      UserError inner("state.err.out_of_range", {{"path", "tailLimit"}, {"value", t->dump()}, {"min", 1}, {"max", 1000000}});
      throw UserError("save.err.invalid", nested(inner));
    }
    options.tail_limit = t->get<size_t>();
  }

  auto snap = doc.find("snapshot");
  if (snap == doc.end() || !snap->is_object()) {
    UserError inner("state.err.wrong_type", {{"path", "snapshot"}, {"expected", "object"}});
    throw UserError("save.err.invalid", nested(inner));
  }
  Campaign snapshot = checked([&] {
    jr::reset_path();
    jr::PathGuard g("snapshot");
    Campaign c;
    if (notes) snap->erase("notes");
    from_json(*snap, c);
    if (notes) c.notes = std::move(*notes);
    engine.validate(c);
    jr::reset_path();
    return c;
  });

  const long long snapshot_last_tx = snapshot.last_tx;
  std::vector<Transaction> tail_list = read_transactions(doc, "tail");
  std::vector<Transaction> redo_list = read_transactions(doc, "redo");

  // The replayed states are checked as a command's result is: what differs from the valid state they came from
  // (Engine::validate_change; all of it when the change is not a plain write or append).
  Campaign current = snapshot;
  for (const auto& tx : tail_list) replay(engine, current, tx, "tail");
  checked([&] {
    jr::reset_path();
    engine.validate_change(snapshot, current);
    return 0;
  });
  if (!redo_list.empty()) {
    Campaign ahead = current;
    for (const auto& tx : redo_list) replay(engine, ahead, tx, "redo");
    checked([&] {
      jr::reset_path();
      engine.validate_change(current, ahead);
      return 0;
    });
  }

  std::deque<Transaction> tail(std::make_move_iterator(tail_list.begin()), std::make_move_iterator(tail_list.end()));
  std::vector<Transaction> redo(std::make_move_iterator(redo_list.rbegin()), std::make_move_iterator(redo_list.rend()));
  // The history (transactions older than the tail, compact): a damaged one never loses the campaign — it is
  // kept aside as it was (extra "historyDamaged") and the history starts again from here.
  History history;
  bool history_damaged = false;
  if (auto h = doc.find("history"); h != doc.end()) {
    // History::read takes its values instead of copying them; with no text to restore it from, it reads a copy.
    const bool from_text = !history_raw.empty();
    try {
      history = History::read(from_text ? std::move(*h) : json(*h), history_raw);
      // its steps come before the tail's (they left it into the snapshot)
      if (!history.empty() && history.sessions().back().t1 > snapshot_last_tx) throw std::out_of_range("history");
    } catch (const std::exception&) {
      history = History();
      history_damaged = true;
      if (from_text) *h = parse_json(history_raw);  // as it was (it parsed as part of this very text)
    }
  }
  Session s(engine, std::move(snapshot), std::move(tail), std::move(redo), std::move(current), options,
            std::move(history));
  s.extra = json::object();
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& k = it.key();
    if (k == "history" && history_damaged) s.extra["historyDamaged"] = std::move(it.value());
    if (k != "schemaVersion" && k != "app" && k != "tailLimit" && k != "snapshot" && k != "tail" && k != "redo" &&
        k != "history")
      s.extra[k] = std::move(it.value());
  }
  s.history_damaged = history_damaged;
  return s;
}

}  // namespace

// [SECTION] the saved form: an envelope with a checksum of the body ---------------------------------------------------

namespace {

constexpr std::string_view kFormat = "druzina-save";
// Envelope version 1 carried fnv1a64 of the body; version 2 (written since) fnv1a64w4, the same strength at a
// fifteenth of the time. Both load.
constexpr int kFormatVersion = 2;
constexpr std::string_view kHead = "{\"format\":\"druzina-save\",\"version\":";
constexpr std::string_view kSumV1 = ",\"checksum\":\"fnv1a64:";
constexpr std::string_view kSum = ",\"checksum\":\"fnv1a64w4:";
std::uint64_t body_sum(long long version, std::string_view body) {
  return version == 1 ? fnv1a64(body) : fnv1a64w4(body);
}
constexpr std::string_view kBody = "\",\"body\":";

// The text of the document's "history" member (a repeated key: the last one, as in the document).
std::string_view history_text(const JsonMembers& members) {
  std::string_view text;
  for (const auto& [key, raw] : members)
    if (key == "history") text = raw;
  return text;
}

// [SECTION] the snapshot's notes, read straight from the text ---------------------------------------------------------
// A long campaign's notes are most of its save (thousands of {"id","text",…}); building them as a JSON document,
// reading that, and freeing it was half of a load. read_notes reads the array as save() writes it: members id,
// text, secret, creature, at (an integer) in any order, a repeated one's last value winning, as from_json(Note).
// Anything else — another member (kept in Note::extra by from_json), a fractional `at`, a syntax error — returns
// false, and the whole body is read the usual way, which keeps or reports it exactly as before.
struct Cursor {
  const char* p;
  const char* end;
  void ws() {
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
  }
  bool eat(char c) {
    ws();
    if (p >= end || *p != c) return false;
    ++p;
    ws();
    return true;
  }
  bool word(std::string_view w) {
    if (static_cast<size_t>(end - p) < w.size() || std::string_view(p, w.size()) != w) return false;
    p += w.size();
    return true;
  }
  bool integer(long long& out) {
    bool negative = p < end && *p == '-';
    if (negative) ++p;
    const char* start = p;
    long long v = 0;
    while (p < end && *p >= '0' && *p <= '9' && p - start < 15) v = v * 10 + (*p++ - '0');
    if (p == start || (*start == '0' && p - start > 1)) return false;
    if (p < end && ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E')) return false;
    out = negative ? -v : v;
    return true;
  }
};

bool read_note_member(Cursor& c, const std::string& key, Note& n) {
  if (key == "id") return read_json_string(c.p, c.end, n.id);
  if (key == "text") return read_json_string(c.p, c.end, n.text);
  if (key == "creature") return read_json_string(c.p, c.end, n.creature);
  if (key == "at") return c.integer(n.at);
  if (key == "secret") {
    bool value = c.word("true");
    if (!value && !c.word("false")) return false;
    n.secret = value;  // (a repeated member: its last value, as from_json)
    return true;
  }
  return false;
}

// spans: where each note's text is in raw (for the saves' chunk texts).
bool read_notes(std::string_view raw, CowList<Note>& out, std::vector<std::pair<size_t, size_t>>& spans) {
  Cursor c{raw.data(), raw.data() + raw.size()};
  if (!c.eat('[')) return false;
  if (c.eat(']')) return c.p == c.end;
  std::string key;
  do {
    c.ws();
    const size_t start = static_cast<size_t>(c.p - raw.data());
    if (!c.eat('{')) return false;
    Note n;
    if (!c.eat('}')) {
      do {
        if (!read_json_string(c.p, c.end, key) || !c.eat(':') || !read_note_member(c, key, n)) return false;
      } while (c.eat(','));
      if (!c.eat('}')) return false;
    }
    out.push_back(std::move(n));
    size_t end = static_cast<size_t>(c.p - raw.data());
    while (end > start && raw[end - 1] != '}') --end;  // (eat took the white space after it)
    spans.emplace_back(start, end);
  } while (c.eat(','));
  return c.eat(']') && c.p == c.end;
}

// A body as save() writes it, its notes read by read_notes; false for anything else (then load_body's usual way,
// which reports it). The guard's pass is not needed: the fast parser refuses what it would refuse, and read_notes
// reads every byte of the notes strictly, each string with read_json_string (valid UTF-8), nothing nested.
bool load_body_fast(std::string_view body, const Engine& engine, Session& out) {
  static const std::vector<std::string_view> kNotes = {"snapshot", "notes"};
  json doc;
  JsonMembers members;
  std::string_view raw;
  if (!parse_json_fast_skipping(body, doc, &members, kNotes, &raw) || raw.empty()) return false;
  auto version = doc.find("schemaVersion");
  if (version == doc.end() || *version != kSchemaVersion) return false;  // (a migration reads the notes)
  CowList<Note> notes;
  std::vector<std::pair<size_t, size_t>> spans;
  if (!read_notes(raw, notes, spans)) return false;
  out = load_document(std::move(doc), engine, history_text(members), &notes);
  chunk_texts().seed(out.snapshot().notes, raw, spans);
  return true;
}

// Parses the body text (already known to be a save document or a legacy save) and reads it.
Session load_body(std::string_view body, const Engine& engine) {
  if (Session s; load_body_fast(body, engine, s)) return s;
  json doc;
  JsonMembers members;
  try {
    doc = parse_json(body, {}, &members);
  } catch (const UserError& e) {
    if (e.key() == "io.err.not_json") throw UserError("save.err.not_json", e.args());
    throw;
  }
  return load_document(std::move(doc), engine, history_text(members));
}

// The envelope exactly as save() writes it: {"format":"druzina-save","version":2,"checksum":"fnv1a64w4:H","body":…}
// (version 1: "fnv1a64:H").
// Returns false when the text does not have that layout (then it is read as a JSON document).
bool canonical_envelope(std::string_view text, long long& version, std::string_view& sum, std::string_view& body) {
  if (text.substr(0, kHead.size()) != kHead || text.size() < kHead.size() + 2 || text.back() != '}') return false;
  size_t i = kHead.size();
  size_t digits = 0;
  version = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 9) version = version * 10 + (text[i++] - '0'), ++digits;
  if (digits == 0 || (digits > 1 && text[kHead.size()] == '0')) return false;
  const std::string_view tag = version == 1 ? kSumV1 : kSum;
  if (text.substr(i, tag.size()) != tag) return false;
  i += tag.size();
  sum = text.substr(i, 16);
  if (sum.size() != 16 || sum.find_first_not_of("0123456789abcdef") != std::string_view::npos) return false;
  i += 16;
  if (text.substr(i, kBody.size()) != kBody) return false;
  i += kBody.size();
  body = text.substr(i, text.size() - 1 - i);
  return true;
}

Loaded load_any(std::string_view text, const Engine& engine, bool tolerant) {
  Loaded out;
  long long version = 0;
  std::string_view sum, body;
  if (canonical_envelope(text, version, sum, body)) {
    if (version > kFormatVersion)
      throw UserError("save.err.format_too_new", {{"version", version}, {"supported", kFormatVersion}});
    if (version < 1) throw UserError("save.err.no_version");
    bool matches = hex64(body_sum(version, body)) == sum;
    if (!matches && !tolerant) throw UserError("save.err.checksum");
    // A body that does not even parse or validate is refused in both modes (a damaged or broken file).
    out.session = load_body(body, engine);
    out.checksummed = true;
    if (!matches) out.warnings.push_back({"save.warn.checksum", json::object()});
    return out;
  }
  json doc;
  JsonMembers members;
  try {
    doc = parse_json(text, {}, &members);
  } catch (const UserError& e) {
    if (e.key() == "io.err.not_json") throw UserError("save.err.not_json", e.args());
    throw;
  }
  if (doc.is_object() && doc.contains("format")) {
    // An envelope that is not laid out as save() writes it: reformatted or edited by hand.
    const json& format = doc["format"];
    if (!format.is_string() || format.get_ref<const std::string&>() != kFormat) throw UserError("save.err.not_druzina");
    auto v = doc.find("version");
    if (v == doc.end() || !v->is_number_integer() || v->get<long long>() < 1) throw UserError("save.err.no_version");
    if (v->get<long long>() > kFormatVersion)
      throw UserError("save.err.format_too_new", {{"version", v->get<long long>()}, {"supported", kFormatVersion}});
    auto b = doc.find("body");
    if (b == doc.end() || !b->is_object()) {
      UserError inner("state.err.wrong_type", {{"path", "body"}, {"expected", "object"}});
      throw UserError("save.err.invalid", nested(inner));
    }
    if (!tolerant) throw UserError("save.err.checksum");
    out.session = load_json(std::move(*b), engine);
    out.checksummed = true;
    out.warnings.push_back({"save.warn.checksum", json::object()});
    return out;
  }
  // A save from before the envelope (schema v1, or v2 as the app wrote it until now): no checksum to check.
  out.session = load_document(std::move(doc), engine, history_text(members));
  return out;
}

}  // namespace

std::string save(const Session& session) {
  std::string body = save_body(session);
  std::string out;
  out.reserve(body.size() + 96);
  out += kHead;
  out += std::to_string(kFormatVersion);
  out += kSum;
  out += hex64(body_sum(kFormatVersion, body));
  out += kBody;
  out += body;
  out += '}';
  return out;
}

Session load(std::string_view text, const Engine& engine) { return std::move(load_any(text, engine, false).session); }

Loaded load_tolerant(std::string_view text, const Engine& engine) { return load_any(text, engine, true); }

}  // namespace druzina::io
