#include "core/campaign/session.hpp"

#include <unordered_map>

#include "core/error.hpp"

namespace druzina::campaign {

Session::Session(const Engine& engine, SessionOptions options) : engine_(&engine), options_(options) {
  if (options_.tail_limit < 1) options_.tail_limit = 1;
}

Session::Session(const Engine& engine, Campaign snapshot, std::deque<Transaction> tail, std::vector<Transaction> redo,
                 Campaign current, SessionOptions options)
    : engine_(&engine),
      options_(options),
      snapshot_(std::move(snapshot)),
      tail_(std::move(tail)),
      redo_(std::move(redo)),
      current_(std::move(current)) {
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

const Transaction& Session::dispatch(const json& command, Rng& rng, std::optional<long long> wall_ms) {
  if (deeper_than(command, kMaxCommandDepth)) throw UserError("campaign.err.too_deep", {{"limit", kMaxCommandDepth}});
  Engine::Result r = engine_->run(current_, command, rng, wall_ms);
  current_ = std::move(r.state);
  tail_.push_back(std::move(r.tx));
  redo_.clear();
  trim();
  return tail_.back();
}

void Session::trim() {
  while (tail_.size() > options_.tail_limit) {
    engine_->apply(snapshot_, tail_.front());
    tail_.pop_front();
  }
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

std::vector<LogEntry> Session::log(Lang lang) const {
  std::unordered_map<std::string, std::string> names;
  for (const auto& c : snapshot_.creatures) names[c.id] = c.name;
  LogContext lc;
  lc.lang = lang;
  lc.name = [&names](const std::string& id) {
    auto it = names.find(id);
    return it == names.end() ? id : it->second;
  };
  std::vector<LogEntry> out;
  out.reserve(tail_.size());
  for (const auto& tx : tail_) {
    LogEntry entry;
    entry.tx = tx.id;
    entry.at = tx.at;
    entry.command = tx.command.value("type", "");
    for (const auto& ev : tx.events) {
      if (ev.type == "creature_added" && ev.data.contains("creature")) {
        const json& c = ev.data["creature"];
        names[c.value("id", "")] = c.value("name", "");
      }
      std::string line = engine_->render(ev, lc);
      if (ev.type == "creature_updated" && ev.data.contains("patch") && ev.data["patch"].contains("name") &&
          ev.data["patch"]["name"].is_string())
        names[ev.data.value("creature", "")] = ev.data["patch"]["name"].get<std::string>();
      if (!line.empty()) entry.lines.push_back(std::move(line));
    }
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
