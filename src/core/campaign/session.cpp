#include "core/campaign/session.hpp"
#include "core/campaign/player_log.hpp"

#include <unordered_map>
#include <unordered_set>

#include "core/error.hpp"

namespace druzina::campaign {

Session::Session(const Engine& engine, SessionOptions options) : engine_(&engine), options_(options) {
  if (options_.tail_limit < 1) options_.tail_limit = 1;
}

Session::Session(const Engine& engine, Campaign snapshot, std::deque<Transaction> tail, std::vector<Transaction> redo,
                 Campaign current, SessionOptions options, History history)
    : engine_(&engine),
      options_(options),
      snapshot_(std::move(snapshot)),
      tail_(std::move(tail)),
      redo_(std::move(redo)),
      current_(std::move(current)),
      history_(std::move(history)) {
  if (options_.tail_limit < 1) options_.tail_limit = 1;
  trim();
}

namespace {
// A command nested deeper than this is refused: its data ends up in the save a few levels further down, and
// io::load refuses texts nested deeper than io::InputLimits::max_depth (64).
constexpr int kMaxCommandDepth = 32;

bool deeper_than(const json& value, int limit) {
  std::vector<std::pair<const json*, int>> stack = {{&value, 0}};
  while (!stack.empty()) {
    auto [v, d] = stack.back();
    stack.pop_back();
    if (!v->is_structured()) continue;
    if (d + 1 > limit) return true;
    for (const auto& child : *v) stack.push_back({&child, d + 1});
  }
  return false;
}
}  // namespace

const Transaction& Session::dispatch(const json& command, Rng& rng, std::optional<long long> wall_ms,
                                     std::string by) {
  if (deeper_than(command, kMaxCommandDepth)) throw UserError("campaign.err.too_deep", {{"limit", kMaxCommandDepth}});
  if (command.is_object() && command.value("type", json()) == "FoldSession") check_fold(command);
  Engine::Result r = engine_->run(current_, command, rng, wall_ms);
  r.tx.by = std::move(by);
  current_ = std::move(r.state);
  tail_.push_back(std::move(r.tx));
  redo_.clear();
  trim();
  return tail_.back();
}

void Session::trim() {
  bool recorded = false;
  while (tail_.size() > options_.tail_limit) {
    history_.record(*engine_, tail_.front(), snapshot_);
    engine_->apply(snapshot_, tail_.front());
    tail_.pop_front();
    recorded = true;
  }
  if (recorded && options_.history_limit && history_.bytes() > options_.history_limit)
    history_.fold_to(*engine_, options_.history_limit * 3 / 4);
}

int Session::newest_session() const {  // the session numbers of the tail continue the history's
  int n = history_.empty() ? 1 : history_.sessions().back().n;
  std::optional<long long> last = history_.empty() ? std::nullopt : history_.sessions().back().w1;
  for (const auto& tx : tail_) {
    if (tx.wall && last && *tx.wall - *last > kSessionGapMs) ++n;
    if (tx.wall) last = tx.wall;
  }
  return n;
}

void Session::check_fold(const json& command) const {
  auto n = command.find("session");
  if (n == command.end() || !n->is_number_integer()) return;  // the engine refuses it with its reason
  const long long want = n->get<long long>();
  if (want < 1) return;  // the engine refuses it (campaign.err.param)
  if (want >= newest_session()) throw UserError("history.err.newest", {{"session", want}});
  for (const auto& v : history_log(Lang::en, LogAudience::dm, HistOpen{1, {}}))  // (counts suffice)
    if (v.n == want) {
      if (v.unfolded == 0) throw UserError("history.err.folded", {{"session", want}});
      return;
    }
  throw UserError("history.err.no_session", {{"session", want}});
}

std::vector<HistView> Session::history_log(Lang lang, LogAudience audience, const HistOpen& open) const {
  History h = history_;
  for (const auto& tx : tail_) h.record(*engine_, tx, snapshot_);  // (the snapshot: names before the history)
  std::vector<std::string> hidden;
  for (const auto& c : std::as_const(current_.creatures))
    if (c.hidden) hidden.push_back(c.id);
  for (const auto& c : std::as_const(snapshot_.creatures))
    if (c.hidden) hidden.push_back(c.id);
  const auto& vis = current_.settings.hp_visibility;
  auto out = h.view(*engine_, lang, audience == LogAudience::player, hidden, vis.party, vis.others, open);
  const int newest = out.empty() ? 0 : out.back().n;
  for (auto& v : out) v.foldable = v.n < newest && v.unfolded > 0;
  return out;
}

void Session::set_tail_limit(size_t limit) {
  options_.tail_limit = limit < 1 ? 1 : limit;
  trim();
}

Campaign Session::refold() const {
  Campaign c = snapshot_;
  for (const auto& tx : tail_) engine_->apply(c, tx);
  return c;
}

void Session::undo(size_t steps) {
  if (steps == 0) return;
  if (steps > tail_.size()) throw UserError("campaign.err.nothing_to_undo", {{"n", tail_.size()}});
  for (size_t k = 0; k < steps; ++k) {
    redo_.push_back(std::move(tail_.back()));
    tail_.pop_back();
  }
  current_ = refold();
}

void Session::redo(size_t steps) {
  if (steps == 0) return;
  if (steps > redo_.size()) throw UserError("campaign.err.nothing_to_redo", {{"n", redo_.size()}});
  for (size_t k = 0; k < steps; ++k) {
    engine_->apply(current_, redo_.back());
    tail_.push_back(std::move(redo_.back()));
    redo_.pop_back();
  }
  trim();
}

namespace {

// The creature an event is about: data.creature as an id, or the creature object of creature_added.
std::string subject_of(const Event& ev) {
  if (ev.type == "note_added" && ev.data.contains("note") && ev.data["note"].is_object()) {  // a note about a creature
    auto c = ev.data["note"].find("creature");
    return c != ev.data["note"].end() && c->is_string() ? c->get<std::string>() : std::string();
  }
  auto it = ev.data.find("creature");
  if (it == ev.data.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_object()) return it->value("id", "");
  return {};
}

// What a player may not read in the log (LogAudience::player), decided on the session's current settings.
class PlayerFilter {
 public:
  PlayerFilter(const Engine& engine, const Campaign& snapshot, const Campaign& current) : engine_(engine) {
    for (const Campaign* c : {&snapshot, &current})
      for (const auto& x : c->creatures) {
        if (x.hidden) hidden_.insert(x.id);
        kind_[x.id] = x.kind;
      }
    vis_party_ = current.settings.hp_visibility.party;
    vis_others_ = current.settings.hp_visibility.others;
  }
  // Called for every event in order, shown or not: it learns the creatures added and hidden on the way.
  bool hides(const Event& ev) {
    const std::string who = subject_of(ev);
    if (ev.type == "creature_added" && ev.data.contains("creature") && ev.data["creature"].is_object()) {
      const json& c = ev.data["creature"];
      if (c.value("hidden", false)) hidden_.insert(who);
      if (c.contains("kind") && c["kind"].is_string()) kind_[who] = c["kind"].get<std::string>();
    }
    if (ev.type == "creature_updated" && ev.data.contains("patch") && ev.data["patch"].is_object() &&
        ev.data["patch"].value("hidden", false))
      hidden_.insert(who);
    if (!who.empty() && hidden_.count(who)) return true;
    const EventDef* def = engine_.event_def(ev.type);
    if (def && def->secret && def->secret(ev.data)) return true;
    if (ev.type == "hp_changed" && !who.empty()) {
      auto k = kind_.find(who);
      const std::string& vis = k != kind_.end() && party_kind(k->second) ? vis_party_ : vis_others_;
      if (vis != "exact") return true;
    }
    return false;
  }
  bool hidden(const std::string& id) const { return hidden_.count(id) > 0; }

 private:
  const Engine& engine_;
  std::unordered_set<std::string> hidden_;
  std::unordered_map<std::string, std::string> kind_;
  std::string vis_party_, vis_others_;
};

}  // namespace

std::vector<LogEntry> Session::log(Lang lang, LogAudience audience) const {
  std::unordered_map<std::string, std::string> names;
  for (const auto& c : snapshot_.creatures) names[c.id] = c.name;
  std::optional<PlayerFilter> filter;
  if (audience == LogAudience::player) filter.emplace(*engine_, snapshot_, current_);
  LogContext lc;
  lc.lang = lang;
  lc.name = [&names, &filter, lang](const std::string& id) {
    if (filter && filter->hidden(id)) return tr(lang, "campaign.someone");
    auto it = names.find(id);
    return it == names.end() ? id : it->second;
  };
  std::vector<LogEntry> out;
  out.reserve(tail_.size());
  for (const auto& tx : tail_) {
    LogEntry entry;
    entry.tx = tx.id;
    entry.at = tx.at;
    entry.wall = tx.wall;
    entry.by = tx.by;
    entry.command = tx.command.value("type", "");
    for (const auto& ev : tx.events) {
      if (ev.type == "creature_added" && ev.data.contains("creature")) {
        const json& c = ev.data["creature"];
        names[c.value("id", "")] = c.value("name", "");
      }
      const bool hidden = filter && filter->hides(ev);
      std::string line;
      if (!hidden && filter)  // a fight's order without the hidden creatures
        line = engine_->render(Event{ev.type, player_data(ev.type, ev.data, [&](const std::string& id) { return filter->hidden(id); },
                                                          current_.settings.hp_visibility.party,
                                                          current_.settings.hp_visibility.others)}, lc);
      else if (!hidden)
        line = engine_->render(ev, lc);
      if (ev.type == "creature_updated" && ev.data.contains("patch") && ev.data["patch"].contains("name") &&
          ev.data["patch"]["name"].is_string())
        names[ev.data.value("creature", "")] = ev.data["patch"]["name"].get<std::string>();
      if (!line.empty()) entry.lines.push_back(std::move(line));
    }
    if (filter && entry.lines.empty()) continue;
    out.push_back(std::move(entry));
  }
  return out;
}

std::vector<std::string> Session::log_lines(Lang lang) const {
  std::vector<std::string> out;
  for (const auto& entry : log(lang))
    for (const auto& line : entry.lines) {
      std::string text(1, '#');
      text.append(std::to_string(entry.tx)).append(1, ' ').append(line);
      out.push_back(std::move(text));
    }
  return out;
}

}  // namespace druzina::campaign
