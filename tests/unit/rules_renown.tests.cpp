// The renown rule: renown per organization (+1 / +2 / losses never below 0 / set / add), the default ranks of the
// seed's factions by name in any language, the DM's own ranks, piety with its ranks, the refusals — and the v5 save
// (made by the schema-5 app, whose creatures kept renown in the base state) loading with renown in the module.
#include <fstream>
#include <sstream>

#include "core/migrate/migrate.hpp"
#include "core/io/save.hpp"
#include "core/rules/renown/renown.hpp"
#include "rules_helpers.hpp"
#include "../support/paths.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
int renown(const RulesTable& t, const std::string& id, const std::string& org) {
  const auto all = rules::renown_of(t.c(id));
  auto it = all.find(org);
  return it == all.end() ? -1 : it->second;
}
std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("renown: default ranks by name in any language, rank_at at the thresholds", "[rules][renown]") {
  REQUIRE(rules::renown_organizations().size() == 5);
  const auto* h = rules::find_renown_organization("Harfeníci");
  REQUIRE(h);
  CHECK(h == rules::find_renown_organization("Harpers"));
  CHECK(h == rules::find_renown_organization("Арфісти"));
  CHECK(rules::find_renown_organization("Thieves") == nullptr);
  const auto& ranks = h->ranks;
  CHECK(rules::rank_at(ranks, 0).rank == std::nullopt);
  CHECK(*rules::rank_at(ranks, 0).next == 1);
  CHECK(rules::rank_at(ranks, 1).rank->title.en == "Watcher");
  CHECK(rules::rank_at(ranks, 2).rank->title.cs == "Hlídač");
  CHECK(*rules::rank_at(ranks, 2).next == 3);
  CHECK(rules::rank_at(ranks, 3).rank->title.uk == "Тінь арфи");
  CHECK(rules::rank_at(ranks, 49).rank->title.en == "Wise Owl");
  CHECK(rules::rank_at(ranks, 50).rank->title.en == "High Harper");
  CHECK_FALSE(rules::rank_at(ranks, 50).next);
  CHECK(rules::piety_ranks().size() == 4);
  CHECK(rules::rank_at(rules::piety_ranks(), 2).rank == std::nullopt);
  CHECK(rules::rank_at(rules::piety_ranks(), 3).rank->title.en == "Devotee");
}

TEST_CASE("renown: ChangeRenown — add, mission, great deed, loss never below 0, set, piety", "[rules][renown]") {
  RulesTable t(1);
  new_campaign(t);
  const std::string m = t.pc("Mira", 20);
  REQUIRE_REFUSED(t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "mission"}}), "rules.err.renown_unknown");
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "add"}});
  CHECK(renown(t, m, "Harfeníci") == 0);
  REQUIRE_REFUSED(t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "add"}}), "rules.err.renown_exists");
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "mission"}});
  CHECK(renown(t, m, "Harfeníci") == 1);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Mira: renown with Harfeníci 0 → 1 (serving its interests, +1); rank: Watcher.");
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "great_deed"}});
  CHECK(renown(t, m, "Harfeníci") == 3);
  CHECK(t.session.log(Lang::cs).back().lines.at(0) == "Mira: věhlas u organizace Harfeníci 1 → 3 (splněný úkol, +2); hodnost: Stín harfy.");
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "loss"}, {"amount", 5}});
  CHECK(renown(t, m, "Harfeníci") == 0);  // never below 0
  REQUIRE_REFUSED(t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "loss"}}), "rules.err.renown_amount");
  // An organization may be created by "set" directly.
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Zlodějský cech"}, {"reason", "set"}, {"amount", 12}});
  CHECK(renown(t, m, "Zlodějský cech") == 12);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Mira: renown with Zlodějský cech 0 → 12 (set by the DM).");  // no ranks known
  REQUIRE_REFUSED(t.run({{"type", "ChangeRenown"}, {"target", m}, {"reason", "mission"}}), "rules.err.renown_which");
  REQUIRE_REFUSED(t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "X"}, {"piety", true}, {"reason", "mission"}}), "rules.err.renown_which");
  // Piety.
  for (int k = 0; k < 3; ++k) t.run({{"type", "ChangeRenown"}, {"target", m}, {"piety", true}, {"reason", "mission"}});
  CHECK(rules::piety_of(t.c(m)) == 3);
  CHECK(t.session.log(Lang::uk).back().lines.at(0) == "Mira: побожність 2 → 3 (служіння її інтересам, +1); ступінь: Відданий.");
  const auto v = rules::renown_view(t.state(), t.c(m));
  CHECK(v.on);
  REQUIRE(v.organizations.size() == 2);
  CHECK(v.piety == 3);
  CHECK(v.piety_rank.rank->title.en == "Devotee");
  CHECK(*v.piety_rank.next == 10);
  t.session.undo();
  CHECK(rules::piety_of(t.c(m)) == 2);
}

TEST_CASE("renown: the DM's ranks for an organization replace the default, and go back", "[rules][renown]") {
  RulesTable t(1);
  new_campaign(t);
  const std::string m = t.pc("Mira", 20);
  t.run({{"type", "ChangeRenown"}, {"target", m}, {"organization", "Harfeníci"}, {"reason", "set"}, {"amount", 5}});
  CHECK(rules::renown_view(t.state(), t.c(m)).organizations[0].rank.rank->title.cs == "Stín harfy");
  t.run({{"type", "SetRenownRanks"}, {"organization", "Harfeníci"},
         {"ranks", {{{"at", 2}, {"title", "Učeň"}}, {{"at", 5}, {"title", "Mistr písní"}}}}});
  auto v = rules::renown_view(t.state(), t.c(m));
  CHECK(v.organizations[0].custom);
  CHECK(v.organizations[0].rank.rank->title.cs == "Mistr písní");
  CHECK(v.organizations[0].rank.rank->title.en == "Mistr písní");
  CHECK_FALSE(v.organizations[0].rank.next);
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Ranks of Harfeníci: 2 Učeň, 5 Mistr písní.");
  REQUIRE_REFUSED(t.run({{"type", "SetRenownRanks"}, {"organization", "Harfeníci"}, {"ranks", {{{"at", 5}, {"title", "A"}}, {{"at", 5}, {"title", "B"}}}}}),
                  "rules.err.renown_ranks_order");
  REQUIRE_REFUSED(t.run({{"type", "SetRenownRanks"}, {"organization", "Harfeníci"}, {"ranks", {{{"at", 5}, {"title", ""}}}}}), "rules.err.renown_title");
  t.run({{"type", "SetRenownRanks"}, {"organization", "Harfeníci"}});
  CHECK_FALSE(rules::renown_view(t.state(), t.c(m)).organizations[0].custom);
  CHECK_FALSE(t.state().modules.contains("renown"));
}

TEST_CASE("renown: the v5 fixture (renown in the base state) loads with renown in the module", "[rules][renown][save][migrate]") {
  // tests/fixtures/save-v5-renown.json was written by the schema-5 app (804b4bf) from tests/fixtures/save-v5-renown.script.json
  // (`druzina --json run … --seed 5 --save --tail 4`): renown in the snapshot, in creature_added and in
  // creature_updated patches of the tail and the redo stack.
  Session s = io::load(read_fixture("save-v5-renown.json"), Engine::standard());
  const Campaign& c = s.state();
  const Creature& mira = *find_creature(c, "c1");
  const Creature& borek = *find_creature(c, "c2");
  const Creature& olena = *find_creature(c, "c4");  // c3 is the note n3's number
  CHECK(rules::renown_of(mira) == std::map<std::string, int>{{"Harfeníci", 4}, {"Zhentarim", 0}});
  CHECK(rules::renown_of(borek) == std::map<std::string, int>{{"Řád rukavice", 1}});
  CHECK(borek.ac == 16);
  CHECK(rules::renown_of(olena) == std::map<std::string, int>{{"Smaragdová enkláva", 10}});
  CHECK(rules::renown_view(c, olena).organizations[0].rank.rank->title.cs == "Podzimní žnec");
  CHECK_FALSE(json(mira).contains("renown"));
  // Redo brings back the last change (Harfeníci 6), undo the one before it.
  s.redo(1);
  CHECK(rules::renown_of(*find_creature(s.state(), "c1")).at("Harfeníci") == 6);
  s.undo(2);
  CHECK(rules::renown_of(*find_creature(s.state(), "c1")).at("Harfeníci") == 4);  // before the redone change
  CHECK(rules::renown_of(*find_creature(s.state(), "c2")).empty());
  // Saved again, it is the current schema and loads the same.
  const std::string again = io::save(s);
  CHECK(again.find("\"schemaVersion\":" + std::to_string(io::kSchemaVersion)) != std::string::npos);
  CHECK(json(io::load(again, Engine::standard()).state()) == json(s.state()));
}

TEST_CASE("renown: migrate v6 → v7 clamps, drops empty renown and keeps removals in patches", "[rules][renown][save][migrate]") {
  json doc = {{"schemaVersion", 6}, {"app", "druzina"},
              {"snapshot", {{"creatures", {{{"id", "c1"}, {"renown", {{"A", -2}, {"B", 5000}}}}, {{"id", "c2"}, {"renown", json::object()}}}}}},
              {"tail", {{{"id", 1}, {"events", {{{"type", "creature_updated"}, {"data", {{"creature", "c1"}, {"patch", {{"renown", {{"A", nullptr}}}}}}}}}}}}},
              {"redo", json::array()}};
  const json out = io::migrate_v6_to_v7(doc);
  CHECK(out["schemaVersion"] == 7);
  CHECK(out["snapshot"]["creatures"][0]["modules"]["renown"]["organizations"] == json{{"A", 0}, {"B", 1000}});
  CHECK_FALSE(out["snapshot"]["creatures"][0].contains("renown"));
  CHECK_FALSE(out["snapshot"]["creatures"][1].contains("renown"));
  CHECK_FALSE(out["snapshot"]["creatures"][1].contains("modules"));
  CHECK(out["tail"][0]["events"][0]["data"]["patch"] == json{{"modules", {{"renown", {{"organizations", {{"A", nullptr}}}}}}}});
  json bad = doc;
  bad["snapshot"]["creatures"][0]["renown"] = json::array();
  CHECK(error_key([&] { io::migrate_v6_to_v7(bad); }) == "save.err.migrate");
}
