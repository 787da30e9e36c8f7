// Saves: Session ↔ JSON text. See save.hpp for the format and the guarantees.
#include "core/io/save.hpp"

#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/error.hpp"
#include "core/io/migrate.hpp"

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
  } catch (const json::exception& e) {
    jr::reset_path();
    UserError inner("save.err.detail", {{"detail", e.what()}});
    throw UserError("save.err.invalid", nested(inner));
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
      for (const char* k : {"id", "at", "wall", "command", "events"}) known += tj.contains(k);
      if (tj.size() > known) t.extra = jr::unknown_fields(tj, {"id", "at", "wall", "command", "events"});
    }
    jr::reset_path();
    return 0;
  });
  return out;
}

// Appends one transaction as JSON without building a document for it (saves are mostly transactions).
void append(std::string& out, const Transaction& tx) {
  constexpr auto replace = json::error_handler_t::replace;
  if (!tx.extra.empty()) {
    out += json(tx).dump(-1, ' ', false, replace);
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
  out += ",\"command\":";
  out += tx.command.dump(-1, ' ', false, replace);
  out += ",\"events\":[";
  for (size_t i = 0; i < tx.events.size(); ++i) {
    if (i) out += ',';
    out += "{\"type\":";
    out += json(tx.events[i].type).dump(-1, ' ', false, replace);
    out += ",\"data\":";
    out += tx.events[i].data.dump(-1, ' ', false, replace);
    out += '}';
  }
  out += "]}";
}

json head_json(const Session& session) {
  json doc = session.extra.is_object() ? session.extra : json::object();
  doc.erase("tail");
  doc.erase("redo");
  doc["schemaVersion"] = kSchemaVersion;
  doc["app"] = "druzina";
  doc["tailLimit"] = session.options().tail_limit;
  doc["snapshot"] = session.snapshot();
  return doc;
}

}  // namespace

json save_json(const Session& session) { return json::parse(save(session)); }

std::string save(const Session& session) {
  std::string out = head_json(session).dump(-1, ' ', false, json::error_handler_t::replace);
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
  out += "]}";
  return out;
}

Session load(std::string_view text, const Engine& engine) {
  json doc;
  try {
    doc = json::parse(text.data(), text.data() + text.size());
  } catch (const json::parse_error& e) {
    size_t byte = std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    size_t line = 1, column = 1;
    for (size_t i = 0; i < byte; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    throw UserError("save.err.not_json", {{"line", line}, {"column", column}, {"detail", e.what()}});
  }
  return load_json(std::move(doc), engine);
}

Session load_json(json doc, const Engine& engine) {
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
  if (version < kSchemaVersion) doc = migrate(std::move(doc), static_cast<int>(version));

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
    from_json(*snap, c);
    engine.validate(c);
    jr::reset_path();
    return c;
  });

  std::vector<Transaction> tail_list = read_transactions(doc, "tail");
  std::vector<Transaction> redo_list = read_transactions(doc, "redo");

  Campaign current = snapshot;
  for (const auto& tx : tail_list) replay(engine, current, tx, "tail");
  checked([&] {
    jr::reset_path();
    engine.validate(current);
    return 0;
  });
  if (!redo_list.empty()) {
    Campaign ahead = current;
    for (const auto& tx : redo_list) replay(engine, ahead, tx, "redo");
    checked([&] {
      jr::reset_path();
      engine.validate(ahead);
      return 0;
    });
  }

  std::deque<Transaction> tail(std::make_move_iterator(tail_list.begin()), std::make_move_iterator(tail_list.end()));
  std::vector<Transaction> redo(std::make_move_iterator(redo_list.rbegin()), std::make_move_iterator(redo_list.rend()));
  Session s(engine, std::move(snapshot), std::move(tail), std::move(redo), std::move(current), options);
  s.extra = json::object();
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& k = it.key();
    if (k != "schemaVersion" && k != "app" && k != "tailLimit" && k != "snapshot" && k != "tail" && k != "redo")
      s.extra[k] = it.value();
  }
  return s;
}

}  // namespace druzina::io
