// A campaign being played: the history that undo/redo and saves work on.
//
//   snapshot ──tail[0]──▶ … ──tail[n-1]──▶ state()          redo stack: transactions undone, newest undo last
//
// The tail is bounded (SessionOptions::tail_limit, default 200 transactions): when it grows past the limit the
// oldest transaction is folded into the snapshot and can no longer be undone; its log lines go on in the compact
// history (history.hpp), which the log shows session by session. That keeps
// a multi-year campaign's save at a snapshot plus a bounded tail inside the browser's ~5 MB of localStorage.
//
// dispatch() runs one command as a transaction (all-or-nothing, see engine.hpp) and clears the redo stack.
// undo(n) moves n transactions to the redo stack and recomputes the state by folding snapshot + remaining tail
// (no hooks, no randomness: the recorded events are applied). redo(n) re-applies recorded events — it does not
// run the command again, so the same rolls come back.
#pragma once
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/campaign/history.hpp"

namespace druzina::campaign {

struct SessionOptions {
  size_t tail_limit = 200;  // transactions that can be undone (at least 1)
  size_t history_limit = 192 * 1024;  // bytes of history past which the oldest sessions are folded (0: never)
};

struct LogEntry {
  long long tx = 0;
  long long at = 0;                // in-world minutes
  std::optional<long long> wall;   // when it was done (ms since 1970), if known
  std::string by;                  // Transaction::by
  std::string command;             // the command type
  std::vector<std::string> lines;
};

// Who reads the log: the DM sees every line; a player (player mode, a shared copy) not the DM's secrets — the
// events a module marks secret (EventDef::secret), anything about a creature that is or was hidden, and HP
// changes of creatures whose HP the players may not see exactly (Settings::hp_visibility). An entry left with
// no line is left out.
enum class LogAudience { dm, player };

class Session {
 public:
  explicit Session(const Engine& engine = Engine::standard(), SessionOptions options = {});
  // Restores a session from parts already checked by the caller (io::load): `current` must be the fold of
  // snapshot + tail.
  Session(const Engine& engine, Campaign snapshot, std::deque<Transaction> tail, std::vector<Transaction> redo,
          Campaign current, SessionOptions options, History history = {});

  // Runs a command; throws UserError (state, history and rng untouched). FoldSession {session: n} is checked
  // against the history here (history.err.no_session / history.err.newest / history.err.folded). The reference is valid until the next
  // call that changes the session.
  // `by` is recorded on the transaction (Transaction::by: "" or "player").
  const Transaction& dispatch(const json& command, Rng& rng, std::optional<long long> wall_ms = {},
                              std::string by = {});

  void undo(size_t steps = 1);  // UserError campaign.err.nothing_to_undo when fewer are available
  void redo(size_t steps = 1);  // UserError campaign.err.nothing_to_redo
  size_t undo_depth() const { return tail_.size(); }
  size_t redo_depth() const { return redo_.size(); }

  const Campaign& state() const { return current_; }
  const Campaign& snapshot() const { return snapshot_; }
  const std::deque<Transaction>& tail() const { return tail_; }
  const std::vector<Transaction>& redo_stack() const { return redo_; }  // back() is redone first
  const Engine& engine() const { return *engine_; }
  const SessionOptions& options() const { return options_; }
  void set_tail_limit(size_t limit);  // folds the excess at once

  // The log of the tail, oldest first: one entry per transaction with its lines in the given language.
  std::vector<LogEntry> log(Lang lang, LogAudience audience = LogAudience::dm) const;
  // The same, flattened: "#12 Goblin 1 takes 7 damage …".
  std::vector<std::string> log_lines(Lang lang) const;

  // The history of the whole campaign, session by session, oldest first: the saved history (transactions that
  // left the tail) and the tail as it will be recorded, with the folds still in the tail applied.
  // `open`: the sessions rendered in full (default: all); the others come with their counts only (collapsed).
  std::vector<HistView> history_log(Lang lang, LogAudience audience = LogAudience::dm, const HistOpen& open = {}) const;
  // The history as saved (transactions that left the tail).
  const History& history() const { return history_; }
  // The sessions of the history and the tail: the number of the newest one.
  int newest_session() const;

  // Folds snapshot + tail again (what undo does); exposed for tests and consistency checks.
  Campaign refold() const;

  nlohmann::json extra = nlohmann::json::object();  // unknown top-level fields of the save, kept on save
  bool history_damaged = false;  // the save's history did not read (kept aside in extra["historyDamaged"])

 private:
  void trim();
  void check_fold(const json& command) const;
  const Engine* engine_;
  SessionOptions options_;
  Campaign snapshot_;
  std::deque<Transaction> tail_;
  std::vector<Transaction> redo_;
  Campaign current_;
  History history_;
};

}  // namespace druzina::campaign
