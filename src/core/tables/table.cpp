// Roll tables: loading, lookup, rolling with nesting, JSON, validation (see table.hpp, docs/tables.md).
#include "core/tables/table.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "core/assets.hpp"
#include "core/error.hpp"
#include "core/tables/effects.hpp"
#include "core/json_obj.hpp"

namespace druzina::tables {

using nlohmann::json;

// [SECTION] Data ---------------------------------------------------------------------------------------------

namespace {

constexpr std::string_view kDir = "data/tables/";

std::string asset_path(std::string_view id) { return std::string(kDir) + std::string(id) + ".json"; }

// "dN", "1dN", "d%", "1d%" → N (100 for %); 0 for anything else.
int plain_die(std::string_view die) {
  if (!die.empty() && die.front() == '1') die.remove_prefix(1);
  if (die.size() < 2 || (die.front() != 'd' && die.front() != 'D')) return 0;
  die.remove_prefix(1);
  if (die == "%") return 100;
  int n = 0;
  for (char c : die) {
    if (c < '0' || c > '9' || n > dice::kMaxSides) return 0;
    n = n * 10 + (c - '0');
  }
  return n >= 1 && n <= dice::kMaxSides ? n : 0;
}

// The die's range; throws UserError (dice.err.*) when the expression does not parse.
std::pair<int, int> die_range(std::string_view die) {
  if (int n = plain_die(die)) return {1, n};
  auto s = dice::stats(die);
  return {static_cast<int>(s.min), static_cast<int>(s.max)};
}

}  // namespace

void from_json(const json& j, Row& row) {
  const auto& range = j.at("range");
  row.lo = range.at(0).get<int>();
  row.hi = range.at(1).get<int>();
  row.text = j.at("text").get<Text>();
  row.then = j.value("then", std::string());
  row.effects = j.contains("effects") ? j.at("effects") : json();
}

void from_json(const json& j, Table& table) {
  table.id = j.at("id").get<std::string>();
  table.die = j.at("die").get<std::string>();
  table.title = j.at("title").get<Text>();
  table.source = j.value("source", std::string());
  table.rows = j.at("rows").get<std::vector<Row>>();
  try {
    std::tie(table.min, table.max) = die_range(table.die);
  } catch (const UserError&) {
    table.min = table.max = 0;  // validate() reports it
  }
}

bool has_table(std::string_view id) { return assets::find(asset_path(id)).has_value(); }

const Table& table(std::string_view id) {
  static std::map<std::string, Table, std::less<>> cache;
  auto it = cache.find(id);
  if (it != cache.end()) return it->second;
  if (!has_table(id)) throw UserError("tables.err.unknown", jobj{"id", std::string(id)});
  Table t = assets::json(asset_path(id)).get<Table>();
  return cache.emplace(std::string(id), std::move(t)).first->second;
}

std::vector<std::string> table_ids() {
  std::vector<std::string> ids;
  for (auto path : assets::list(kDir)) {
    auto name = path.substr(kDir.size());
    if (name.size() > 5 && name.substr(name.size() - 5) == ".json" && name.find('/') == std::string_view::npos)
      ids.emplace_back(name.substr(0, name.size() - 5));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

// [SECTION] Lookup and rolling -------------------------------------------------------------------------------

const Row& row_for(const Table& table, int roll) {
  for (const auto& row : table.rows)
    if (roll >= row.lo && roll <= row.hi) return row;
  throw UserError("tables.err.out_of_range",
                  jobj{"table", table.id, "roll", roll, "min", table.min, "max", table.max});
}

int roll_die(const Table& table, Rng& rng) {
  if (int n = plain_die(table.die)) return rng.die(n);
  return static_cast<int>(dice::roll(table.die, rng).total);
}

namespace {

TableRoll resolve(const Table& table, int roll, Rng& rng, int depth) {
  if (depth > kMaxNesting) throw UserError("tables.err.too_deep", jobj{"table", table.id, "max", kMaxNesting});
  TableRoll out;
  out.table = table.id;
  out.roll = roll;
  out.row = row_for(table, roll);
  if (!out.row.then.empty()) {
    if (has_table(out.row.then)) {
      const Table& next = tables::table(out.row.then);
      out.nested.push_back(resolve(next, roll_die(next, rng), rng, depth + 1));
    } else {
      out.then_dice = dice::roll(out.row.then, rng);
    }
  }
  return out;
}

}  // namespace

TableRoll roll_table_with(const Table& table, int roll, Rng& rng) { return resolve(table, roll, rng, 1); }
TableRoll roll_table(const Table& table, Rng& rng) { return resolve(table, roll_die(table, rng), rng, 1); }
TableRoll roll_table(std::string_view id, Rng& rng) { return roll_table(table(id), rng); }

// [SECTION] JSON ---------------------------------------------------------------------------------------------

json row_json(const Table& table, const Row& row, int roll) {
  json j = {{"table", table.id}, {"roll", roll}, {"range", {row.lo, row.hi}}, {"text", row.text}};
  if (!row.then.empty()) j["then"] = row.then;
  if (!row.effects.is_null()) j["effects"] = row.effects;
  return j;
}

json to_json(const TableRoll& r) {
  json j = {{"table", r.table}, {"roll", r.roll}, {"range", {r.row.lo, r.row.hi}}, {"text", r.row.text}};
  if (!r.row.then.empty()) j["then"] = r.row.then;
  if (!r.row.effects.is_null()) j["effects"] = r.row.effects;
  json nested = json::array();
  for (const auto& n : r.nested) {
    json e = to_json(n);
    e["kind"] = "table";
    nested.push_back(std::move(e));
  }
  if (r.then_dice) {
    json e = r.then_dice->to_json();
    e["kind"] = "dice";
    nested.push_back(std::move(e));
  }
  j["nested"] = std::move(nested);
  return j;
}

// [SECTION] Validation ---------------------------------------------------------------------------------------

namespace {

std::string range_text(int lo, int hi) {
  std::string out = std::to_string(lo);
  if (hi != lo) out.append("–").append(std::to_string(hi));
  return out;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

void check_text(const Text& t, const std::string& where, std::vector<std::string>& problems) {
  if (blank(t.cs)) problems.push_back(where + ": no Czech text");
  if (blank(t.uk)) problems.push_back(where + ": no Ukrainian text");
  if (blank(t.en)) problems.push_back(where + ": no English text");
}

// Does following `then` table links from `from` lead back to `target`?
bool reaches(const std::string& from, const std::string& target, std::set<std::string>& seen) {
  if (!seen.insert(from).second || !has_table(from)) return false;
  const Table* t = nullptr;
  try {
    t = &table(from);
  } catch (const std::exception&) {
    return false;
  }
  for (const auto& row : t->rows) {
    if (row.then.empty() || !has_table(row.then)) continue;
    if (row.then == target || reaches(row.then, target, seen)) return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> validate(const Table& t) {
  std::vector<std::string> problems;
  const bool id_ok = !t.id.empty() && std::all_of(t.id.begin(), t.id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
  if (!id_ok) problems.push_back("id \"" + t.id + "\": use lowercase letters, digits and '-'");
  try {
    auto [lo, hi] = die_range(t.die);
    if (lo != t.min || hi != t.max) problems.push_back("die: range not derived");
    if (lo < 1) problems.push_back("die \"" + t.die + "\": can give results below 1");
  } catch (const UserError& e) {
    problems.push_back("die \"" + t.die + "\": " + e.message(Lang::en));
  }
  check_text(t.title, "title", problems);
  if (t.source.empty()) problems.push_back("source: missing");
  if (t.rows.empty()) problems.push_back("rows: none");

  std::vector<const Row*> sorted;
  for (const auto& row : t.rows) {
    const std::string where = "row " + range_text(row.lo, row.hi);
    if (row.lo > row.hi) problems.push_back(where + ": range is reversed");
    if (row.lo < t.min || row.hi > t.max)
      problems.push_back(where + ": outside the die's " + range_text(t.min, t.max));
    check_text(row.text, where, problems);
    if (!row.then.empty()) {
      if (row.then == t.id) {
        problems.push_back(where + ": then names its own table");
      } else if (has_table(row.then)) {
        std::set<std::string> seen;
        if (reaches(row.then, t.id, seen)) problems.push_back(where + ": then \"" + row.then + "\" leads back here");
      } else {
        try {
          dice::validate(row.then);
        } catch (const UserError& e) {
          problems.push_back(where + ": then \"" + row.then + "\" is neither a table nor dice (" + e.message(Lang::en) + ")");
        }
      }
    }
    if (!row.effects.is_null())
      for (const auto& p : validate_effects(row.effects)) problems.push_back(where + ": " + p);
    sorted.push_back(&row);
  }

  std::sort(sorted.begin(), sorted.end(), [](const Row* a, const Row* b) { return a->lo < b->lo; });
  long long next = t.min;  // the smallest result not yet covered
  for (const Row* row : sorted) {
    if (row->lo > next) problems.push_back("gap: " + range_text(static_cast<int>(next), row->lo - 1) + " has no row");
    if (row->lo < next) problems.push_back("overlap: " + range_text(row->lo, std::min<int>(row->hi, static_cast<int>(next - 1))) + " is in two rows");
    next = std::max<long long>(next, static_cast<long long>(row->hi) + 1);
  }
  if (!sorted.empty() && next <= t.max) problems.push_back("gap: " + range_text(static_cast<int>(next), t.max) + " has no row");
  return problems;
}

}  // namespace druzina::tables
