// The journal's format and replay. See journal.hpp.
#include "core/store/journal.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/json_obj.hpp"

namespace druzina::store {

using json = nlohmann::json;

std::string journal_key(const std::string& campaign_id) { return "journal." + campaign_id; }

std::string text_checksum(std::string_view text) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(io::fnv1a64(text)));
  return hex;
}

std::string journal_header(const std::string& base) { return std::string(kJournalHeader) + base + "\n"; }

std::string journal_line(const json& step) {
  std::string body = step.dump(-1, ' ', false, json::error_handler_t::replace);
  return text_checksum(body) + " " + body + "\n";
}

json step_tx(const campaign::Transaction& tx) { return jobj{"op", "tx", "tx", tx}; }
json step_undo(size_t n) { return jobj{"op", "undo", "n", static_cast<long long>(n)}; }
json step_redo(size_t n) { return jobj{"op", "redo", "n", static_cast<long long>(n)}; }

std::string position(const campaign::Session& s) {
  long long wall = s.tail().empty() ? 0 : s.tail().back().wall.value_or(0);
  return std::to_string(s.state().last_tx) + ":" + std::to_string(s.redo_depth()) + ":" + std::to_string(wall);
}

namespace {
bool is_hex16(std::string_view s) {
  if (s.size() != 16) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}
}  // namespace

JournalRead read_journal(std::string_view text) {
  JournalRead out;
  if (text.size() > kJournalMax + 64 * 1024) {  // not one the library wrote: read only the bound's worth
    text = text.substr(0, kJournalMax);
    out.damaged = true;
  }
  size_t eol = text.find('\n');
  if (eol == std::string_view::npos || text.substr(0, kJournalHeader.size()) != kJournalHeader) return out;
  std::string_view base = text.substr(kJournalHeader.size(), eol - kJournalHeader.size());
  if (base != "-" && base != "?" && !is_hex16(base)) return out;
  out.header = true;
  out.base = std::string(base);
  size_t pos = eol + 1;
  out.good_bytes = pos;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {  // a last line cut off
      out.damaged = true;
      break;
    }
    std::string_view line = text.substr(pos, end - pos);
    if (line.size() < 18 || line[16] != ' ' || !is_hex16(line.substr(0, 16)) ||
        text_checksum(line.substr(17)) != line.substr(0, 16)) {
      out.damaged = true;
      break;
    }
    try {
      json step = io::parse_json(line.substr(17));
      if (!step.is_object() || !step.contains("op") || !step["op"].is_string()) throw UserError("store.err.journal");
      out.steps.push_back(std::move(step));
    } catch (const std::exception&) {
      out.damaged = true;
      break;
    }
    pos = end + 1;
    out.good_bytes = pos;
  }
  return out;
}

namespace {
// One step; false when it does not apply (the session is then unchanged).
bool apply_step(campaign::Session& s, const json& step) {
  const std::string op = step.value("op", "");
  auto count = [&]() -> size_t {
    auto n = step.find("n");
    if (n == step.end() || !n->is_number_integer() || n->get<long long>() < 1) throw UserError("store.err.journal");
    return static_cast<size_t>(n->get<long long>());
  };
  if (op == "undo") {
    size_t n = count();
    if (n > s.undo_depth()) return false;
    s.undo(n);
    return true;
  }
  if (op == "redo") {
    size_t n = count();
    if (n > s.redo_depth()) return false;
    s.redo(n);
    return true;
  }
  if (op != "tx" || !step.contains("tx") || !step["tx"].is_object()) return false;
  campaign::Transaction tx;
  from_json(step["tx"], tx);
  if (tx.id != s.state().last_tx + 1) return false;  // not the step after this state: another base
  // Applied as redo applies a recorded transaction (the events, no rolls), and the redo stack cleared as a new
  // command clears it.
  campaign::Session next(s.engine(), s.snapshot(), s.tail(), {std::move(tx)}, s.state(), s.options(), s.history());
  next.redo(1);
  next.extra = s.extra;
  next.history_damaged = s.history_damaged;
  s = std::move(next);
  return true;
}
}  // namespace

size_t replay(campaign::Session& session, const std::vector<json>& steps) {
  size_t done = 0;
  for (const auto& step : steps) {
    campaign::Session before = session;
    try {
      if (!apply_step(session, step)) break;
    } catch (const std::exception&) {
      session = std::move(before);
      break;
    }
    ++done;
  }
  return done;
}

}  // namespace druzina::store
