// Log lines that set a text into a sentence: the text's own full stop and the template's must not double up
// ("Mira – úraz: Rozmazané vidění. … odpočinku.." was the Czech log of every rolled injury).
#include "core/tables/table.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {

// The last transaction's log lines in every language; each must be free of "..".
int injury_lines_without_double_stop(Table& t) {
  int injury_lines = 0;
  for (Lang lang : kLangs) {
    const auto log = t.session.log(lang);
    REQUIRE_FALSE(log.empty());
    for (const std::string& line : log.back().lines) {
      INFO(lang_code(lang) << ": " << line);
      CHECK(line.find("..") == std::string::npos);
      CHECK(line.find(". .") == std::string::npos);
      if (!line.empty() && line.back() == '.') ++injury_lines;
    }
  }
  return injury_lines;
}

}  // namespace

TEST_CASE("log: an injury's line ends with one full stop in cs, uk and en, for every row of the injury tables",
          "[rules][injuries][i18n]") {
  const tables::Table& lingering = tables::table("lingering-injury");
  int rows_with_injury = 0;
  for (const tables::Row& row : lingering.rows) {
    RulesTable t(7);
    new_campaign(t);
    std::string m = t.pc("Mira", 20);
    const Transaction& tx = t.run({{"type", "RollInjury"}, {"target", m}, {"roll", row.lo}, {"then_roll", 1}});
    if (!find_event(tx, "injury_added")) continue;  // a broken item: no injury, its own line
    ++rows_with_injury;
    CHECK(injury_lines_without_double_stop(t) >= 3);
  }
  CHECK(rows_with_injury >= 10);
  // every serious injury (through row 1 of the lingering table, then the d6)
  const tables::Table& serious = tables::table("serious-injury");
  for (const tables::Row& row : serious.rows) {
    RulesTable t(8);
    new_campaign(t);
    std::string m = t.pc("Mira", 20);
    const Transaction& tx = t.run({{"type", "RollInjury"}, {"target", m}, {"roll", 1}, {"then_roll", row.lo}});
    REQUIRE(find_event(tx, "injury_added") != nullptr);
    CHECK(injury_lines_without_double_stop(t) >= 3);
  }
}

TEST_CASE("log: the Czech injury line, exactly", "[rules][injuries][i18n]") {
  RulesTable t(9);
  new_campaign(t);
  std::string m = t.pc("Mira", 20);
  t.run({{"type", "AddInjury"}, {"target", m}, {"text", "Zlomená ruka."}});
  const auto cs = t.session.log(Lang::cs);
  CHECK(cs.back().lines.back() == "Mira – úraz: Zlomená ruka.");
  // a text typed without a full stop gets one
  t.run({{"type", "AddInjury"}, {"target", m}, {"text", "Zlomená noha"}});
  const auto again = t.session.log(Lang::cs);
  CHECK(again.back().lines.back() == "Mira – úraz: Zlomená noha.");
}
