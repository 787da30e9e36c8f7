// The DM's and a player's end of a live table. See table.hpp.
#include "core/live/table.hpp"

#include <algorithm>

#include "core/json_obj.hpp"
#include "core/live/protocol.hpp"
#include "core/live/requests.hpp"

namespace druzina::live {

using json = nlohmann::json;

namespace {

json reason(const UserError& e) { return jobj{"key", e.key(), "args", e.args().is_object() ? e.args() : json::object()}; }

json res(long long id, const char* status) { return jobj{"k", "res", "id", id, "st", status}; }

}  // namespace

// ---- the DM's phone -------------------------------------------------------------------------------------------

Host::Player* Host::find(int peer) {
  for (auto& p : players_)
    if (p.peer == peer) return &p;
  return nullptr;
}

void Host::add_peer(int peer) {
  if (!find(peer)) players_.push_back({peer, "", "", std::nullopt, 0});
}

void Host::remove_peer(int peer) {
  std::erase_if(players_, [&](const Player& p) { return p.peer == peer; });
  std::erase_if(queue_, [&](const Pending& q) { return q.peer == peer; });
}

std::vector<std::string> Host::names() const {
  std::vector<std::string> out;
  for (const auto& p : players_)
    if (!p.name.empty()) out.push_back(p.name);
  return out;
}

Outgoing Host::view_for(Player& p, const json& view, long long now_ms) {
  json m = view_message(p.last ? &*p.last : nullptr, p.seq, view, ++seq_, now_ms, names());
  if (m.contains("v") && !table_id.empty()) m["id"] = table_id;
  p.last = view;
  p.seq = seq_;
  return {p.peer, encode(m)};
}

std::vector<Outgoing> Host::receive(int peer, std::string_view text, const campaign::Campaign& state, long long now_ms) {
  Player* p = find(peer);
  if (!p) return {};
  json m;
  try {
    m = decode(text);
  } catch (const UserError&) {
    ++refused_;
    return {};
  }
  const std::string& kind = m["k"].get_ref<const std::string&>();
  std::vector<Outgoing> out;
  if (kind == "hello") {
    std::string who = m["who"].get<std::string>();
    try {
      if (!who.empty()) {
        check_claim(state, who);
        for (const auto& other : players_)
          if (other.peer != peer && other.who == who) throw UserError("live.err.taken", jobj{"name", other.name});
      }
      p->who = who;
      const campaign::Creature* x = who.empty() ? nullptr : campaign::find_creature(state, who);
      p->name = x ? x->name : m.value("name", std::string()).substr(0, 60);
    } catch (const UserError& e) {
      json r = res(0, "refused");
      r["why"] = reason(e);
      out.push_back({peer, encode(r)});
    }
    p->last.reset();  // a whole view after a hello
    out.push_back(view_for(*p, players_view(state), now_ms));
  } else if (kind == "resync") {
    p->last.reset();
    out.push_back(view_for(*p, players_view(state), now_ms));
  } else if (kind == "req") {
    long long id = m["id"].get<long long>();
    try {
      json cmd = to_command(state, p->who, m);
      bool automatic = auto_accept.count(m["r"].get<std::string>()) > 0;
      queue_.push_back({peer, id, m, cmd, automatic});
      out.push_back({peer, encode(res(id, "queued"))});
    } catch (const UserError& e) {
      json r = res(id, "refused");
      r["why"] = reason(e);
      out.push_back({peer, encode(r)});
    }
  } else {
    ++refused_;  // a player's phone sends no "view", "res" or "bye"
  }
  return out;
}

std::vector<Outgoing> Host::update(const campaign::Campaign& state, long long now_ms) {
  std::vector<Outgoing> out;
  if (players_.empty()) return out;
  json view = players_view(state);
  for (auto& p : players_)
    if (!p.last || *p.last != view) out.push_back(view_for(p, view, now_ms));
  return out;
}

Outgoing Host::resolve(size_t index, bool accepted, const UserError* why) {
  Pending q = queue_.at(index);
  queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(index));
  json r = res(q.id, accepted ? "accepted" : why ? "refused" : "declined");
  if (why) r["why"] = reason(*why);
  return {q.peer, encode(r)};
}

std::vector<Outgoing> Host::bye() const {
  std::vector<Outgoing> out;
  for (const auto& p : players_) out.push_back({p.peer, encode(jobj{"k", "bye"})});
  return out;
}

// ---- a player's phone -------------------------------------------------------------------------------------

std::string Guest::hello(const std::string& character, const std::string& name) {
  who = character;
  return encode(jobj{"k", "hello", "who", character, "name", name});
}

std::string Guest::request(const std::string& kind, const json& args) {
  long long id = next_id_++;
  answers.push_back({id, kind, "sent", json(), args});
  if (answers.size() > 20) answers.erase(answers.begin());
  return encode(jobj{"k", "req", "id", id, "r", kind, "c", who, "a", args});
}

std::optional<std::string> Guest::receive(std::string_view text, long long now_ms) {
  json m;
  try {
    m = decode(text);
  } catch (const UserError&) {
    ++bad_;
    return std::nullopt;
  }
  const std::string& kind = m["k"].get_ref<const std::string&>();
  if (kind == "view") {
    if (!follower.apply(m)) return encode(jobj{"k", "resync"});
    last_update = now_ms;
  } else if (kind == "res") {
    long long id = m["id"].get<long long>();
    for (auto& a : answers)
      if (a.id == id) {
        a.status = m["st"].get<std::string>();
        a.why = m.value("why", json());
      }
    if (id == 0 && m["st"] == "refused") answers.push_back({0, "hello", "refused", m.value("why", json()), json::object()});
  } else if (kind == "bye") {
    ended = true;
  } else {
    ++bad_;  // the DM's phone sends no "hello", "req" or "resync"
  }
  return std::nullopt;
}

}  // namespace druzina::live
