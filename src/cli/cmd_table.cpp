// `druzina tables` — the ids of every roll table; `druzina table ID --roll N` — the row for a die result
// (no randomness); `druzina table ID [--seed N]` — rolls the table, nested tables and dice included.
#include <random>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/tables/table.hpp"

namespace {

using namespace druzina;
using nlohmann::json;

std::string range_text(int lo, int hi) {
  std::string out = std::to_string(lo);
  if (hi != lo) out.append("–").append(std::to_string(hi));
  return out;
}

void append_roll(std::string& text, const tables::TableRoll& r, Lang lang, int indent) {
  const auto& t = tables::table(r.table);
  std::string pad(static_cast<size_t>(indent) * 2, ' ');
  if (!text.empty()) text.append("\n");
  text.append(pad).append(t.title.in(lang)).append(" (").append(t.die).append("): ").append(std::to_string(r.roll));
  text.append(" [").append(range_text(r.row.lo, r.row.hi)).append("]\n");
  text.append(pad).append(r.row.text.in(lang));
  for (const auto& n : r.nested) append_roll(text, n, lang, indent + 1);
  if (r.then_dice) text.append("\n").append(pad).append("  ").append(r.then_dice->text);
}

cli::Output list_tables(const cli::Args& args) {
  json ids = json::array();
  std::string text;
  for (const auto& id : tables::table_ids()) {
    ids.push_back(id);
    const auto& t = tables::table(id);
    if (!text.empty()) text.append("\n");
    text.append(id).append("  ").append(t.die).append("  ").append(t.title.in(args.lang));
  }
  return {ids, text};
}

cli::Output show_table(const cli::Args& args) {
  for (const auto& [name, value] : args.options)
    if (name != "roll" && name != "seed")
      throw UserError("tables.err.unknown_option", {{"command", "table"}, {"option", name}});
  const auto& t = tables::table(args.arg(0, "ID"));
  if (args.has("roll")) {
    long long roll = args.integer("roll");
    if (roll < t.min || roll > t.max)
      throw UserError("tables.err.out_of_range", {{"table", t.id}, {"roll", roll}, {"min", t.min}, {"max", t.max}});
    const auto& row = tables::row_for(t, static_cast<int>(roll));
    std::string text = t.title.in(args.lang);
    text.append(" (").append(t.die).append("): ").append(std::to_string(roll)).append(" [");
    text.append(range_text(row.lo, row.hi)).append("]\n").append(row.text.in(args.lang));
    return {tables::row_json(t, row, static_cast<int>(roll)), text};
  }
  auto seed = args.seed();
  Rng rng(seed ? *seed : (std::random_device{}() | (static_cast<std::uint64_t>(std::random_device{}()) << 32)));
  auto result = tables::roll_table(t, rng);
  std::string text;
  append_roll(text, result, args.lang, 0);
  return {tables::to_json(result), text};
}

const bool reg_tables = cli::register_command({"tables", "tables", "List the roll tables", list_tables});
const bool reg_table = cli::register_command(
    {"table", "table ID [--roll N | --seed N]", "Look up a die result on a roll table, or roll it", show_table});

}  // namespace
