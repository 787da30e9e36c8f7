// The campaign's history: what happened, session by session, kept small.
//
// The undo tail (Session) holds the last 200 transactions in full. A transaction that leaves the tail is
// recorded here as a compact entry before it is folded into the snapshot: per event its type and only the data
// its log line needs (found by trying: a field whose removal does not change the line in any of the three
// languages is left out; every entry is checked against the full event's line when it is recorded, and kept
// fuller where the check fails), its tx id, in-world time, wall-clock time and who ran it. So the log can show
// the whole campaign in any language for years, at a few tens of bytes per event.
//
// Sessions: a new one starts where the wall clock jumps more than 3 hours between two steps (the log screen's
// rule). A session's entries can be folded into a one-line summary (counts: damage dealt and taken, HP healed,
// downs, deaths, foes defeated, rests, level-ups, resurrections, steps): on the DM's request (the FoldSession
// command, undoable: Session shows the fold while it is in the tail and makes it here when it leaves the tail)
// or automatically (Session::trim, when its unfolded entries pass SessionOptions::history_limit, the oldest sessions
// first). A folded session keeps its summary and the names of the creatures it introduced; nothing is dropped
// without a summary.
//
// Saved as the save document's "history" (docs/saves.md "History"):
//   {"v":1, "shapes":[["hp_changed","amount","cause","creature","new","old"],…], "names":{"c1":["Mira","pc"],…},
//    "sessions":[{"n":1, "sum":{"dealt":12,…}?, "psum":{…}?, "auto":true?, "names":{…}?, "w0":…, "a0":…, "t0":…,
//                 "tx":[[dtx, dat, dwall|null, by, [shape, v…], [-shape-1 (a DM secret), v…]], …]}, …]}
// dtx/dat/dwall are differences to the previous entry of the session (the first: to t0/a0/w0).
#pragma once
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::campaign {

inline constexpr long long kSessionGapMs = 3LL * 60 * 60 * 1000;  // a longer pause starts a new session

struct HistEvent {
  int shape = 0;          // index into History's shapes: [type, key…]
  bool secret = false;    // a DM secret (EventDef::secret on the full data)
  json values = json::array();  // the kept fields' values, in the shape's key order
};

struct HistTx {
  long long id = 0, at = 0;
  std::optional<long long> wall;
  bool player = false;
  std::vector<HistEvent> events;
};

using HistCounts = std::map<std::string, long long>;

struct HistSession {
  int n = 0;
  HistCounts sum;          // counts of the folded entries (empty: nothing folded)
  HistCounts psum;         // the same without what a player may not read
  bool automatic = false;  // folded by size, not by the DM
  json names = json::object();  // creatures introduced by folded entries: id → [name, kind, hidden?]
  std::optional<long long> w0, w1;  // wall clock of the first and last step (folded ones included)
  long long a0 = 0, a1 = 0;         // in-world minutes of the first and last step
  long long t0 = 0, t1 = 0;         // tx ids of the first and last step
  std::vector<HistTx> txs;
  mutable std::string text;         // the "tx" records as saved (cache; a new step is appended to it)
  mutable bool dirty = true;        // text must be written again (read, folded)
  mutable long long text_t = 0, text_a = 0, text_w = 0;  // the last written step's tx id, minutes, wall seconds
};

// One line of the log, as Session::history_log gives it.
struct HistLine {
  long long tx = 0, at = 0;
  std::optional<long long> wall;
  bool player = false;
  std::vector<std::string> lines;
};

struct HistView {
  int n = 0;
  std::optional<long long> first_wall, last_wall;
  long long first_at = 0, last_at = 0, steps = 0;
  long long first_tx = 0;     // the session's first step (folded ones included)
  std::string summary;        // the folded part's line ("" = nothing folded)
  bool automatic = false;
  std::vector<HistLine> entries;  // oldest first
  bool foldable = false;      // entries to fold, and not the newest session
  size_t unfolded = 0;        // steps not folded (shown to the DM, or to be)
  bool collapsed = false;     // not opened (HistOpen): entries not rendered, `steps` counts them
};

// Which sessions the log renders in full (the others give their counts only): the newest `newest` ones (0 =
// every session) and those in `open`.
struct HistOpen {
  int newest = 0;
  std::vector<int> open;
  bool operator()(int n, int last) const {
    return newest <= 0 || n > last - newest || std::find(open.begin(), open.end(), n) != open.end();
  }
};

// A player's copy of an event's data: entries about hidden creatures taken out of its lists (a fight's
// initiative order and rolls name every participant).
json without_hidden(const json& data, const std::function<bool(const std::string& id)>& hidden);

class History {
 public:
  // Records a transaction (as it leaves the undo tail). `before`: the state it applied to (the names of
  // creatures that were there before the history began).
  void record(const Engine& engine, const Transaction& tx, const Campaign& before);
  // Folds session n's entries into its summary; false when there is no such session.
  bool fold(const Engine& engine, int n, bool automatic);
  // Folds the oldest sessions (never the newest one, unless it is the only one left: then its older half)
  // until bytes() ≤ limit; the newest session's half only while its entries are past the limit.
  void fold_to(const Engine& engine, size_t limit);

  size_t bytes() const;  // of the saved form, about
  // Of the entries not yet folded: what folding can free (the names of the creatures met and the summaries stay:
  // a campaign of 10,000 creatures must not fold its newest session again at every step).
  size_t entry_bytes() const;
  bool empty() const { return sessions_.empty(); }
  const std::vector<HistSession>& sessions() const { return sessions_; }
  // The session the next step with this wall clock belongs to.
  int session_for(std::optional<long long> wall) const;
  size_t events() const;

  void append_json(std::string& out) const;  // the saved form
  // Reads a saved history (hostile input: every field checked); throws UserError save.err.history {path}.
  // `raw`: the text j was parsed from, when known (io::load): each session's "tx" records are kept as they stand
  // there, so the first save after a load does not write them again (the records are the saved form's bulk).
  // j is taken by value: its event values are moved out, not copied.
  static History read(json j, std::string_view raw = {});

  // The sessions for the log in the reader's language, oldest first. `hidden_now`: creatures hidden now,
  // `vis_party` / `vis_others`: HP visibility now (for LogAudience::player).
  std::vector<HistView> view(const Engine& engine, Lang lang, bool player, const std::vector<std::string>& hidden_now,
                             const std::string& vis_party, const std::string& vis_others,
                             const HistOpen& open = {}) const;

  // The compact data of one event (for tests): nullopt when the event has no log line.
  static std::optional<json> compact(const Engine& engine, const Event& ev);
  // The summary line of counts.
  static std::string summary_text(Lang lang, const HistCounts& counts);

 private:
  int shape_of(const std::string& type, const json& data);
  json data_of(const HistEvent& e) const;
  void write_session(std::string& out, const HistSession& s) const;
  void append_record(const HistSession& s, const HistTx& tx) const;
  HistSession& session_at(std::optional<long long> wall);
  std::vector<std::vector<std::string>> shapes_;
  std::map<std::string, int> shape_index_;
  json names_ = json::object();  // creatures there before the history began: id → [name, kind, hidden?]
  std::vector<HistSession> sessions_;
};

}  // namespace druzina::campaign
