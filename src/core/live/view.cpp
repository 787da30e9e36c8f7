// The live players' view and its deltas. See view.hpp.
#include "core/live/view.hpp"

#include <map>
#include <set>

#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/json_obj.hpp"
#include "core/share/link.hpp"

namespace druzina::live {

using json = nlohmann::json;

namespace {

[[noreturn]] void field(const std::string& name) { throw UserError("live.err.field", jobj{"field", name}); }

// A creature entry's id ([id, kind, name, hp, more?]).
const std::string& entry_id(const json& e, const char* where) {
  if (!e.is_array() || e.empty() || !e[0].is_string()) field(where);
  return e[0].get_ref<const std::string&>();
}

}  // namespace

json players_view(const campaign::Campaign& state) { return share::table_view(state); }

std::string view_hash(const json& view) { return io::hex64(io::fnv1a64(io::dump_json(view))); }

json make_delta(const json& from, const json& to) {
  json d = json::object();
  for (auto it = to.begin(); it != to.end(); ++it) {
    if (it.key() == "c") continue;
    auto old = from.find(it.key());
    if (old == from.end() || *old != *it) d["set"][it.key()] = *it;
  }
  for (auto it = from.begin(); it != from.end(); ++it)
    if (it.key() != "c" && !to.contains(it.key())) d["del"].push_back(it.key());

  const json empty = json::array();
  const json& a = from.contains("c") ? from["c"] : empty;
  const json& b = to.contains("c") ? to["c"] : empty;
  std::map<std::string, const json*> before;
  for (const auto& e : a) before[entry_id(e, "c")] = &e;
  json c = json::object();
  std::set<std::string> now;
  std::vector<std::string> order;  // the order that applying u and r gives
  for (const auto& e : a) order.push_back(entry_id(e, "c"));
  for (const auto& e : b) {
    const std::string& id = entry_id(e, "c");
    now.insert(id);
    auto it = before.find(id);
    if (it == before.end()) {
      c["u"].push_back(e);
      order.push_back(id);
    } else if (*it->second != e) {
      c["u"].push_back(e);
    }
  }
  for (const auto& e : a)
    if (!now.count(entry_id(e, "c"))) c["r"].push_back(entry_id(e, "c"));
  std::erase_if(order, [&](const std::string& id) { return !now.count(id); });
  std::vector<std::string> wanted;
  for (const auto& e : b) wanted.push_back(entry_id(e, "c"));
  if (order != wanted) c["o"] = wanted;
  if (!c.empty()) d["c"] = c;
  return d;
}

json apply_delta(const json& from, const json& delta) {
  if (!from.is_object() || !delta.is_object()) field("d");
  json out = from;
  for (auto it = delta.begin(); it != delta.end(); ++it)
    if (it.key() != "set" && it.key() != "del" && it.key() != "c") field("d." + it.key());
  if (delta.contains("set")) {
    if (!delta["set"].is_object() || delta["set"].contains("c")) field("d.set");
    for (auto it = delta["set"].begin(); it != delta["set"].end(); ++it) out[it.key()] = *it;
  }
  if (delta.contains("del")) {
    if (!delta["del"].is_array()) field("d.del");
    for (const auto& k : delta["del"]) {
      if (!k.is_string()) field("d.del");
      out.erase(k.get<std::string>());
    }
  }
  if (delta.contains("c")) {
    const json& c = delta["c"];
    if (!c.is_object()) field("d.c");
    json list = out.contains("c") ? out["c"] : json::array();
    if (!list.is_array()) field("c");
    std::map<std::string, size_t> at;
    for (size_t i = 0; i < list.size(); ++i) at[entry_id(list[i], "c")] = i;
    if (c.contains("u")) {
      if (!c["u"].is_array()) field("d.c.u");
      for (const auto& e : c["u"]) {
        const std::string& id = entry_id(e, "d.c.u");
        if (auto it = at.find(id); it != at.end()) list[it->second] = e;
        else {
          at[id] = list.size();
          list.push_back(e);
        }
      }
    }
    if (c.contains("r")) {
      if (!c["r"].is_array()) field("d.c.r");
      std::set<std::string> gone;
      for (const auto& id : c["r"]) {
        if (!id.is_string()) field("d.c.r");
        gone.insert(id.get<std::string>());
      }
      json kept = json::array();
      for (auto& e : list)
        if (!gone.count(entry_id(e, "c"))) kept.push_back(std::move(e));
      list = std::move(kept);
    }
    if (c.contains("o")) {
      if (!c["o"].is_array() || c["o"].size() != list.size()) field("d.c.o");
      std::map<std::string, json*> by_id;
      for (auto& e : list) by_id[entry_id(e, "c")] = &e;
      json ordered = json::array();
      for (const auto& id : c["o"]) {
        if (!id.is_string()) field("d.c.o");
        auto it = by_id.find(id.get<std::string>());
        if (it == by_id.end() || !it->second) field("d.c.o");
        ordered.push_back(std::move(*it->second));
        it->second = nullptr;
      }
      list = std::move(ordered);
    }
    out["c"] = std::move(list);
  }
  return out;
}

json view_message(const json* last, long long last_seq, const json& view, long long seq, long long wall_ms,
                  const std::vector<std::string>& players) {
  json m = jobj{"k", "view", "s", seq, "h", view_hash(view), "t", wall_ms};
  if (!players.empty()) m["p"] = players;
  if (last) {
    json d = make_delta(*last, view);
    if (io::dump_json(d).size() < io::dump_json(view).size()) {
      m["b"] = last_seq;
      m["d"] = std::move(d);
      return m;
    }
  }
  m["v"] = view;
  return m;
}

bool Follower::apply(const json& m) {
  try {
    json next;
    if (m.contains("v")) {
      next = m["v"];
    } else {
      if (!view || m.value("b", -1LL) != seq) return false;
      next = apply_delta(*view, m["d"]);
    }
    if (view_hash(next) != m["h"].get<std::string>()) return false;
    share::read_table_view(next);  // a view that does not read is not kept
    view = std::move(next);
    seq = m["s"].get<long long>();
    dm_time = m.value("t", 0LL);
    if (m.contains("id")) table_id = m["id"].get<std::string>();
    players.clear();
    if (m.contains("p"))
      for (const auto& p : m["p"]) players.push_back(p.get<std::string>());
    return true;
  } catch (const UserError&) {
    return false;
  } catch (const json::exception&) {
    return false;
  }
}

json Follower::campaign(std::optional<Lang> reader) const { return view ? share::read_table_view(*view, reader) : json(); }

}  // namespace druzina::live
