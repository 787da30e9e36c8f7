// Roll tables: data files assets/data/tables/<id>.json (format and effect vocabulary: docs/tables.md), loaded
// lazily, looked up by a die result (a physical die the user rolled) or rolled with an Rng — including the
// nested tables and dice a row's `then` asks for — and validated (ranges cover the die exactly, three languages).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice/dice.hpp"
#include "core/i18n.hpp"
#include "core/rng.hpp"

namespace druzina::tables {

inline constexpr int kMaxNesting = 8;  // tables rolled through `then`, the first one included

struct Row {
  int lo = 0, hi = 0;       // inclusive range of die results: "range": [lo, hi]
  Text text;                // cs, uk, en
  std::string then;         // a table id or a dice expression to roll as well; empty when none
  nlohmann::json effects;   // an object in the effect vocabulary (effects.hpp), or null
};

struct Table {
  std::string id;           // equals the file name without .json
  std::string die;          // a dice expression: "d20", "d100", "d%" …
  Text title;
  std::string source;       // "house-rules", "srd", …
  std::vector<Row> rows;
  int min = 0, max = 0;     // the die's range (derived; 0..0 if the die does not parse)
};

void from_json(const nlohmann::json& j, Row& row);
void from_json(const nlohmann::json& j, Table& table);  // throws nlohmann::json exceptions on a broken shape

// The table with this id, loaded from the embedded assets on first use. Unknown id → UserError
// "tables.err.unknown" {id}.
const Table& table(std::string_view id);
bool has_table(std::string_view id);
std::vector<std::string> table_ids();  // sorted

// The row for a die result; UserError "tables.err.out_of_range" {table, roll, min, max} when none covers it.
const Row& row_for(const Table& table, int roll);

// A rolled (or looked-up) row with everything its `then` rolled in turn.
struct TableRoll {
  std::string table;
  int roll = 0;
  Row row;
  std::vector<TableRoll> nested;        // the table the row's `then` names, rolled
  std::optional<dice::Roll> then_dice;  // the dice expression the row's `then` holds, rolled
};

// Rolls the table's die, then follows `then` (tables recursively, up to kMaxNesting; deeper → UserError
// "tables.err.too_deep"), rolling dice expressions with the dice engine.
TableRoll roll_table(std::string_view id, Rng& rng);
TableRoll roll_table(const Table& table, Rng& rng);
// The same for a die result the user gives (a physical die); nested tables and dice are still rolled with rng.
TableRoll roll_table_with(const Table& table, int roll, Rng& rng);

int roll_die(const Table& table, Rng& rng);  // one result of the table's die

// {"table","roll","range":[lo,hi],"text":{cs,uk,en}, "then"?, "effects"?} — one row, no nesting.
nlohmann::json row_json(const Table& table, const Row& row, int roll);
// row_json + "nested": [table rolls as above (with their own "nested"), and {"kind":"dice","expr","total",
// "text",...} for a dice `then`]; nested table entries carry "kind":"table".
nlohmann::json to_json(const TableRoll& roll);

// Problems with a table (empty = valid): id, die, title, languages, ranges (gaps, overlaps, outside the die),
// `then` targets (an existing table or a valid dice expression; no cycles), effects vocabulary.
std::vector<std::string> validate(const Table& table);

}  // namespace druzina::tables
