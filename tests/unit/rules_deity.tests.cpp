// The deity rule: the four pantheons' deities as data (complete in cs/uk/en, the same facts as the reference
// entries), the search the picker uses, SetDeity with a listed deity, a typed name and none, the refusals.
#include "core/io/player_view.hpp"
#include "core/reference/reference.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "core/rules/deity/deity.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("deities: the Celtic, Greek, Egyptian and Norse pantheons, complete in three languages", "[rules][deity]") {
  const auto& all = rules::deities();
  std::map<std::string, int> per;
  std::set<std::string> ids;
  for (const auto& d : all) {
    CAPTURE(d.id);
    CHECK(ids.insert(d.id).second);
    ++per[d.pantheon];
    CHECK(d.name.complete());
    CHECK(d.title.complete());
    CHECK(d.symbol.complete());
    CHECK(rules::find_alignment(d.alignment) != nullptr);
    CHECK(d.alignment != "unaligned");
    REQUIRE_FALSE(d.domains.empty());
    for (const auto& dom : d.domains) {
      CHECK(std::string(rules::domain_key(dom)) == "rules.domain." + dom);
      for (const Lang lang : kLangs) CHECK(has_key(lang, rules::domain_key(dom)));
    }
    // The reference entry of its pantheon names it in every language (one source of facts, two shapes).
    const auto* e = reference::find("dm-pantheon-" + d.pantheon);
    REQUIRE(e != nullptr);
    for (const Lang lang : kLangs) CHECK(e->body.in(lang).find("- " + d.name.in(lang) + ",") != std::string::npos);
  }
  CHECK(per == std::map<std::string, int>{{"celtic", 14}, {"egyptian", 14}, {"greek", 19}, {"norse", 20}});
  const rules::Deity* thor = rules::find_deity("norse-thor");
  REQUIRE(thor != nullptr);
  CHECK(thor->alignment == "cg");
  CHECK(thor->domains == std::vector<std::string>{"tempest", "war"});
  CHECK(thor->symbol.en == "hammer");
  const rules::Deity* anubis = rules::find_deity("egyptian-anubis");
  REQUIRE(anubis != nullptr);
  CHECK(anubis->alignment == "ln");
  CHECK(rules::find_deity("greek-athena")->name.uk == "Афіна");
  CHECK(rules::find_deity("norse-odin")->domains == std::vector<std::string>{"knowledge", "war"});
}

TEST_CASE("deities: the picker's search, folded, in the reader's language", "[rules][deity]") {
  auto ids = [](const std::vector<const rules::Deity*>& v) {
    std::vector<std::string> out;
    for (const auto* d : v) out.push_back(d->id);
    return out;
  };
  CHECK(rules::search_deities("", Lang::en).size() == rules::deities().size());
  CHECK(ids(rules::search_deities("thor", Lang::en)) == std::vector<std::string>{"norse-thor"});
  CHECK(ids(rules::search_deities("THOR", Lang::cs)) == std::vector<std::string>{"norse-thor"});  // the English name too
  CHECK(ids(rules::search_deities("hat", Lang::en)) == std::vector<std::string>{"egyptian-hathor"});  // word starts
  CHECK(ids(rules::search_deities("Афіна", Lang::uk)) == std::vector<std::string>{"greek-athena"});
  const auto death = ids(rules::search_deities("death egyptian", Lang::en));
  CHECK(std::find(death.begin(), death.end(), "egyptian-anubis") != death.end());
  for (const auto& id : death) CHECK(id.rfind("egyptian-", 0) == 0);
  CHECK(rules::search_deities("no such god", Lang::en).empty());
}

TEST_CASE("deity: SetDeity with a listed deity, a typed name, none, and the refusals", "[rules][deity]") {
  RulesTable t(4);
  new_campaign(t);
  const std::string mira = t.pc("Mira", 12);
  CHECK_FALSE(rules::deity_view(t.state(), t.c(mira)).set());
  const auto& tx = t.run({{"type", "SetDeity"}, {"target", mira}, {"deity", "greek-athena"}});
  CHECK(tx.events.at(0).data == json{{"creature", mira}, {"new", {{"deity", "greek-athena"}}}});
  CHECK(t.session.log(Lang::en).back().lines.at(0) == "Mira: deity none → Athena.");
  auto v = rules::deity_view(t.state(), t.c(mira));
  REQUIRE(v.deity != nullptr);
  CHECK(v.deity->id == "greek-athena");
  t.run({{"type", "SetDeity"}, {"target", mira}, {"name", "Pelor"}});
  CHECK(t.session.log(Lang::uk).back().lines.at(0) == "Mira: божество Афіна → Pelor.");
  v = rules::deity_view(t.state(), t.c(mira));
  CHECK(v.deity == nullptr);
  CHECK(v.name == "Pelor");
  CHECK(t.c(mira).modules["deity"] == json{{"name", "Pelor"}});
  t.run({{"type", "SetDeity"}, {"target", mira}});
  CHECK_FALSE(t.c(mira).modules.contains("deity"));
  t.session.undo();
  CHECK(rules::deity_view(t.state(), t.c(mira)).name == "Pelor");

  REQUIRE_REFUSED(t.run({{"type", "SetDeity"}, {"target", mira}, {"name", "Pelor"}}), "rules.err.deity_same");
  REQUIRE_REFUSED(t.run({{"type", "SetDeity"}, {"target", mira}, {"deity", "greek-zeus"}, {"name", "Zeus"}}), "rules.err.deity_or_name");
  REQUIRE_REFUSED(t.run({{"type", "SetDeity"}, {"target", mira}, {"deity", "greek-thor"}}), "rules.err.deity_unknown");
  REQUIRE_REFUSED(t.run({{"type", "SetDeity"}, {"target", mira}, {"name", std::string(101, 'x')}}), "state.err.too_long");
  REQUIRE_REFUSED(t.run({{"type", "UpdateCreature"}, {"target", mira}, {"patch", {{"modules", {{"deity", {{"deity", "x"}}}}}}}}),
                  "rules.err.deity_unknown");
  // Players see their party's deity.
  const json pv = io::player_view(t.state());
  CHECK(pv["creatures"][0]["rule_data"]["deity"]["name"] == "Pelor");
  t.run({{"type", "SetSettings"}, {"rules", {{"deity", false}}}});
  REQUIRE_REFUSED(t.run({{"type", "SetDeity"}, {"target", mira}}), "campaign.err.rule_off");
  CHECK_FALSE(rules::deity_view(t.state(), t.c(mira)).on);
}
