// The journal beside a campaign's save: the steps made since the campaign's newest backup, so that a save value
// that does not load (truncated, junk, empty, a flipped byte, nested too deep, a newer app's) is rebuilt from that
// backup with the steps replayed — no change lost. The library writes it (library.hpp, docs/storage.md "The
// journal"); this file is its format and its replay, pure and without storage.
//
// Stored under "journal.<id>", printable text, one line each:
//   dzjournal1 <base>                 base: the FNV-1a 64 (16 hex) of the backup's save text it starts from,
//                                     "-" for an empty campaign, "?" for none (nothing to replay)
//   <16 hex FNV-1a 64 of the JSON> <JSON of one step>
// A step is {"op":"tx","tx":<Transaction>} (a command with its recorded events: replayed without running the
// command again, so the same rolls come back), {"op":"undo","n":k} or {"op":"redo","n":k}; each also holds
// "from": the position() of the session before it, so a save value that is behind the journal (its last save did
// not reach the storage) is told from one that holds every step.
//
// Reading never throws: a line whose checksum does not match, or that does not parse, ends the good part (the
// steps before it are replayed, the user is told the rest is lost). The text is bounded (kJournalMax) before
// anything is read.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/session.hpp"

namespace druzina::store {

inline constexpr std::string_view kJournalHeader = "dzjournal1 ";
// A journal's size bound (bytes): a step that would take it past this is not written; the save that follows then
// makes a backup of its own text and starts the journal afresh (so the journal is never needed past it).
inline constexpr size_t kJournalMax = 256 * 1024;

std::string journal_key(const std::string& campaign_id);
std::string text_checksum(std::string_view text);  // FNV-1a 64 of the bytes, 16 lowercase hex digits

std::string journal_header(const std::string& base);  // with its newline
std::string journal_line(const nlohmann::json& step);  // with its newline

nlohmann::json step_tx(const campaign::Transaction& tx);
nlohmann::json step_undo(size_t n);
nlohmann::json step_redo(size_t n);
// Where a session stands: its last transaction, its redo depth and the wall time of its newest step.
std::string position(const campaign::Session& session);

struct JournalRead {
  bool header = false;                 // the first line is a journal header
  std::string base;                    // "-", "?" or 16 hex digits
  std::vector<nlohmann::json> steps;   // the good steps, in order
  size_t good_bytes = 0;               // the length of the header and the good steps' lines
  bool damaged = false;                // a line after them did not check (or the text was over kJournalMax)
};
JournalRead read_journal(std::string_view text);

// Applies steps to a session in order; returns how many applied. Stops at the first one that does not apply (its
// events do not fit the state, nothing to undo …): the session is left as the steps before it made it.
size_t replay(campaign::Session& session, const std::vector<nlohmann::json>& steps);

}  // namespace druzina::store
