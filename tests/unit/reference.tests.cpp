// The rules reference (src/core/reference): every data file loads and validates (three languages, unique ids,
// related ids, existing tables vs planned ones, known calculators), every house rule and DM-rules topic has an
// entry, folding (Czech diacritics, Cyrillic case, apostrophes), search ranking, body blocks.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/assets.hpp"
#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/error.hpp"
#include "core/reference/reference.hpp"
#include "core/tables/table.hpp"

using namespace druzina;
using namespace druzina::reference;

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out.append(s).append("\n");
  return out;
}

std::vector<std::string> ids_of(const std::vector<Hit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits) out.push_back(h.entry->id);
  return out;
}

size_t rank_of(const std::vector<Hit>& hits, const std::string& id) {
  for (size_t i = 0; i < hits.size(); ++i)
    if (hits[i].entry->id == id) return i;
  return hits.size();
}

}  // namespace

TEST_CASE("reference: fold lowercases, strips Czech diacritics and folds Cyrillic case", "[reference][fold]") {
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {
      {"Únava", "unava"},
      {"ŽLUŤOUČKÝ kůň úpěl ďábelské ódy", "zlutoucky kun upel dabelske ody"},
      {"Příšerně ŘEČ, Ťukání, Ňadro, Ěře", "priserne rec tukani nadro ere"},
      {"ÁÉÍÓÚÝČĎĚŇŘŠŤŮŽ", "aeiouycdenrstuz"},
      {"Straße, Æther, Œuvre", "strasse aether oeuvre"},
      {"ВИСНАЖЕННЯ", "виснаження"},
      {"Виснаження", "виснаження"},
      {"ЇЖАК Їжак їжак", "їжак їжак їжак"},
      {"ЄВРОПА Є є", "європа є є"},
      {"ҐАНОК Ґ ґ", "ґанок ґ ґ"},
      {"ІНІЦІАТИВА І і", "ініціатива і і"},
      {"Памʼять, Пам'ять, Пам’ять", "память память память"},
      {"  d20 — «СК» 15!  ", "d20 ск 15"},
      {"massive-damage", "massive damage"},
      {"", ""},
  };
  for (const auto& c : cases) {
    INFO(c.in);
    CHECK(fold(c.in) == c.out);
  }
  SECTION("invalid UTF-8 bytes are skipped") {
    CHECK(fold(std::string("a\xff" "b\xc3")) == "ab");
  }
  SECTION("terms split the folded query") {
    CHECK(terms("  Záchranný   HOD ") == std::vector<std::string>{"zachranny", "hod"});
    CHECK(terms("").empty());
  }
}

TEST_CASE("reference: every entry loads and validates", "[reference][data]") {
  const auto& list = entries();
  REQUIRE(list.size() > 100);
  auto problems = validate();
  INFO(join(problems));
  CHECK(problems.empty());

  SECTION("three languages in title, summary and body; unique ids; known sources") {
    std::set<std::string> ids;
    for (const auto& e : list) {
      INFO(e.id);
      CHECK(ids.insert(e.id).second);
      CHECK(e.title.complete());
      CHECK(e.summary.complete());
      CHECK(e.body.complete());
      CHECK((e.source == "house-rules" || e.source == "dm-rules" || e.source == "srd-5.1"));
      // The three languages really differ (a copy-paste would leave English in the Czech field).
      CHECK(e.body.cs != e.body.en);
      CHECK(e.body.uk != e.body.en);
      CHECK(e.title.uk != e.title.en);
    }
  }
  SECTION("related ids exist, tables exist, planned tables are not yet in tables, tools are calculators") {
    std::set<std::string> tools;
    for (const auto& c : calc::calculators()) tools.insert(c.name);
    for (const auto& e : list) {
      INFO(e.id);
      for (const auto& r : e.related) CHECK(find(r) != nullptr);
      for (const auto& t : e.tables) CHECK(tables::has_table(t));
      for (const auto& t : e.planned_tables) CHECK(std::find(e.tables.begin(), e.tables.end(), t) == e.tables.end());
      for (const auto& t : e.tools) CHECK(tools.count(t) == 1);
    }
  }
  SECTION("every calculator and every existing roll table is linked from some entry") {
    std::set<std::string> tools, tables_linked;
    for (const auto& e : list) {
      tools.insert(e.tools.begin(), e.tools.end());
      tables_linked.insert(e.tables.begin(), e.tables.end());
    }
    for (const auto& c : calc::calculators()) {
      INFO(c.name);
      CHECK(tools.count(c.name) == 1);
    }
    for (const char* t : {"shock", "lingering-injury", "serious-injury", "broken-item"}) {
      INFO(t);
      CHECK(tables_linked.count(t) == 1);
    }
  }
}

TEST_CASE("reference: every rule of both seeds has an entry", "[reference][data]") {
  // House rules (assets/data/reference/house-rules.json), rule by rule.
  const char* house[] = {"hr-barbarian-rage-exhaustion", "hr-price-list", "hr-hp-roll", "hr-ranger",
                         "hr-inspiration-luck", "hr-intelligence", "hr-intelligence-points", "hr-potions",
                         "hr-carrying", "hr-flanking", "hr-resurrection", "hr-exhausting-rally",
                         "hr-combat-wounds", "hr-massive-damage", "hr-injuries", "hr-serious-injuries", "hr-scars",
                         "hr-mundane-crafting", "hr-crafting-overtime", "hr-art-objects", "hr-magic-crafting",
                         "hr-scroll-prices", "hr-magic-item-values"};
  for (const char* id : house) {
    INFO(id);
    const Entry* e = find(id);
    REQUIRE(e != nullptr);
    CHECK(e->source == "house-rules");
  }
  // The DM's optional rules (assets/data/reference/dm-rules-*.json), topic by topic.
  const char* dm[] = {"dm-diseases", "dm-disease-cackle-fever", "dm-disease-sewer-plague", "dm-disease-sight-rot",
                      "dm-madness", "dm-madness-short", "dm-madness-long", "dm-madness-indefinite", "dm-madness-cure",
                      "dm-objects", "dm-object-ac", "dm-object-hp", "dm-pantheon-celtic", "dm-pantheon-greek",
                      "dm-pantheon-egyptian", "dm-pantheon-norse", "dm-planes", "dm-planar-travel",
                      "dm-transitive-planes", "dm-inner-planes", "dm-outer-planes", "dm-demiplanes",
                      "dm-planar-feywild-time-warp", "dm-planar-shadowfell-despair", "dm-planar-abyss",
                      "dm-planar-mechanus", "dm-poisons", "dm-poison-list", "dm-traps", "dm-trap-triggering",
                      "dm-trap-detect-disable", "dm-trap-effects", "dm-complex-traps", "dm-trap-collapsing-roof",
                      "dm-trap-falling-net", "dm-trap-fire-breathing-statue", "dm-trap-pits", "dm-trap-poison-darts",
                      "dm-trap-poison-needle", "dm-trap-rolling-sphere", "dm-trap-sphere-of-annihilation",
                      "dm-attunement", "dm-activating-items", "dm-command-word", "dm-consumables", "dm-item-spells",
                      "dm-charges", "dm-paired-items", "dm-sentient-items", "dm-sentient-abilities",
                      "dm-sentient-communication", "dm-sentient-senses", "dm-sentient-alignment",
                      "dm-sentient-purpose", "dm-sentient-conflict", "dm-renown", "dm-renown-ranks", "dm-loyalty",
                      "dm-sidekicks", "dm-league-buying", "dm-hero-points", "dm-plot-points", "dm-alignment",
                      "dm-alien-technology", "dm-explosives", "dm-firearms", "dm-fear-horror", "dm-trade-goods",
                      "dm-selling-treasure", "dm-contagion-diseases", "dm-piety", "dm-challenge-rating"};
  for (const char* id : dm) {
    INFO(id);
    const Entry* e = find(id);
    REQUIRE(e != nullptr);
    CHECK(e->source == "dm-rules");
  }
  // SRD facts the app relies on.
  const char* srd[] = {"srd-advantage", "srd-exhaustion-2014", "srd-exhaustion-2024", "srd-short-rest",
                       "srd-long-rest", "srd-death-saves", "srd-instant-death", "srd-temporary-hp", "srd-healing",
                       "srd-blinded", "srd-paralyzed", "srd-unconscious", "srd-prone"};
  for (const char* id : srd) {
    INFO(id);
    const Entry* e = find(id);
    REQUIRE(e != nullptr);
    CHECK(e->source == "srd-5.1");
  }
  SECTION("the ranger entry does not invent the DM's rework") {
    const Entry& r = entry("hr-ranger");
    CHECK(r.body.en.find("not included") != std::string::npos);
    CHECK(r.body.en.find("DM's notes") != std::string::npos);
    CHECK(r.tools.empty());
    CHECK(r.tables.empty());
  }
  SECTION("exhaustion exists in both editions") {
    CHECK(entry("srd-exhaustion-2014").edition == "2014");
    CHECK(entry("srd-exhaustion-2024").edition == "2024");
  }
  SECTION("planned DM tables are listed under the ids the generators will use") {
    auto has_planned = [](const char* id, const char* table) {
      const auto& p = entry(id).planned_tables;
      const auto& t = entry(id).tables;
      return std::find(p.begin(), p.end(), table) != p.end() || std::find(t.begin(), t.end(), table) != t.end();
    };
    CHECK(has_planned("dm-madness-short", "madness-short"));
    CHECK(has_planned("dm-madness-long", "madness-long"));
    CHECK(has_planned("dm-madness-indefinite", "madness-indefinite"));
    CHECK(has_planned("dm-object-ac", "object-ac"));
    CHECK(has_planned("dm-object-hp", "object-hp"));
    CHECK(has_planned("dm-trap-effects", "trap-severity"));
    CHECK(has_planned("dm-planar-feywild-time-warp", "planar-feywild-time-warp"));
  }
}

TEST_CASE("reference: unknown ids are user errors", "[reference]") {
  CHECK(find("no-such-entry") == nullptr);
  try {
    (void)entry("no-such-entry");
    FAIL("expected a UserError");
  } catch (const UserError& e) {
    CHECK(e.key() == "reference.err.unknown");
    CHECK(e.args()["id"] == "no-such-entry");
  }
}

TEST_CASE("reference: search is case- and diacritics-insensitive", "[reference][search]") {
  SECTION("Czech: 'unava' finds entries titled with 'únava'") {
    auto hits = search("unava", Lang::cs);
    REQUIRE_FALSE(hits.empty());
    CHECK(fold(hits.front().entry->title.cs).find("unava") != std::string::npos);
    // The match went through folding: the title spells it with an accent (Únava / únavy), never as "unav".
    CHECK(hits.front().entry->title.cs.find("unav") == std::string::npos);
    CHECK((hits.front().entry->title.cs.find("Únav") != std::string::npos ||
           hits.front().entry->title.cs.find("únav") != std::string::npos));
    CHECK(rank_of(hits, "srd-exhaustion-2014") < hits.size());
    CHECK(rank_of(hits, "hr-barbarian-rage-exhaustion") < hits.size());
    CHECK(ids_of(search("ÚNAVA", Lang::cs)) == ids_of(hits));
    CHECK(ids_of(search("únava", Lang::cs)) == ids_of(hits));
  }
  SECTION("Ukrainian: 'виснаження' finds 'Виснаження' titles, and upper case works too") {
    auto hits = search("виснаження", Lang::uk);
    REQUIRE_FALSE(hits.empty());
    CHECK(hits.front().entry->title.uk.find("иснаження") != std::string::npos);
    CHECK(rank_of(hits, "srd-exhaustion-2014") < hits.size());
    CHECK(ids_of(search("ВИСНАЖЕННЯ", Lang::uk)) == ids_of(hits));
  }
  SECTION("Cyrillic і/ї/є/ґ in either case") {
    CHECK_FALSE(search("ІНІЦІАТИВ", Lang::uk).empty());
    CHECK(ids_of(search("Єгипетськ", Lang::uk)) == ids_of(search("єгипетськ", Lang::uk)));
    CHECK_FALSE(search("єгипетськ", Lang::uk).empty());
  }
  SECTION("the language decides which texts are searched") {
    CHECK_FALSE(search("exhaustion", Lang::en).empty());
    // Tags are English and searched in every language, so an English word still finds the entry in Czech.
    CHECK(rank_of(search("exhaustion", Lang::cs), "srd-exhaustion-2014") < search("exhaustion", Lang::cs).size());
    CHECK(search("zzzqqq", Lang::cs).empty());
  }
  SECTION("every word must match") {
    auto both = search("masivní šok", Lang::cs);
    REQUIRE_FALSE(both.empty());
    CHECK(both.front().entry->id == "hr-massive-damage");
    CHECK(search("masivní zzzqqq", Lang::cs).empty());
  }
}

TEST_CASE("reference: title hits rank above summary and body hits", "[reference][search]") {
  for (Lang lang : kLangs) {
    INFO(lang_code(lang));
    const Entry& poisoned = entry("srd-poisoned");
    auto hits = search(poisoned.title.in(lang), lang);
    REQUIRE_FALSE(hits.empty());
    CHECK(hits.front().entry->id == "srd-poisoned");  // exact title
    for (size_t i = 1; i < hits.size(); ++i) CHECK(hits[i - 1].score >= hits[i].score);
  }
  SECTION("an entry with the word in its title beats one with it only in its body") {
    auto hits = search("flanking", Lang::en);
    REQUIRE(hits.size() >= 1);
    CHECK(hits.front().entry->id == "hr-flanking");
    auto rally = search("rally", Lang::en);
    REQUIRE_FALSE(rally.empty());
    CHECK(rally.front().entry->id == "hr-exhausting-rally");
    for (const auto& h : rally)
      if (h.entry->id != "hr-exhausting-rally") CHECK(h.score < rally.front().score);
  }
}

TEST_CASE("reference: empty query lists everything grouped by source", "[reference][search]") {
  auto hits = search("", Lang::cs);
  REQUIRE(hits.size() == entries().size());
  std::vector<std::string> order;
  for (const auto& h : hits)
    if (order.empty() || order.back() != h.entry->source) order.push_back(h.entry->source);
  CHECK(order == std::vector<std::string>{"house-rules", "dm-rules", "srd-5.1"});
  CHECK(ids_of(search("   ", Lang::uk)) == ids_of(hits));
}

TEST_CASE("reference: body blocks split paragraphs and bullets", "[reference]") {
  auto b = blocks("First line\ncontinues.\n\n- one\n- two\n  still two\n\nLast.");
  REQUIRE(b.size() == 4);
  CHECK_FALSE(b[0].bullet);
  CHECK(b[0].text == "First line continues.");
  CHECK(b[1].bullet);
  CHECK(b[1].text == "one");
  CHECK(b[2].text == "two still two");
  CHECK_FALSE(b[3].bullet);
  CHECK(b[3].text == "Last.");
  CHECK(blocks("").empty());
  SECTION("every entry body renders to at least one block in every language") {
    for (const auto& e : entries())
      for (Lang l : kLangs) {
        INFO(e.id << " " << lang_code(l));
        CHECK_FALSE(blocks(e.body.in(l)).empty());
      }
  }
}

TEST_CASE("reference: tables_now adds planned tables once they exist", "[reference]") {
  Entry e;
  e.tables = {"shock"};
  e.planned_tables = {"lingering-injury", "no-such-table-yet"};
  CHECK(tables_now(e) == std::vector<std::string>{"shock", "lingering-injury"});
}

TEST_CASE("reference: every house rule's entry belongs to the module that runs it", "[reference][data][modules]") {
  // Derived from the modules' descriptions: each module names its reference entries; every house-rules entry is
  // some module's, except the two rules without mechanics (the ranger rework: the DM's notes; table rulings).
  // The DM rules' modules (docs/dm-rules.md) name dm-rules entries.
  const std::set<std::string> without_module = {"hr-ranger", "hr-table-rulings"};
  std::set<std::string> claimed;
  for (const auto& m : campaign::Engine::standard().modules())
    for (const auto& id : m.reference) {
      INFO(m.id << " → " << id);
      const Entry* e = find(id);
      REQUIRE(e != nullptr);
      CHECK((e->source == "house-rules" || e->source == "dm-rules"));
      if (e->source == "house-rules") claimed.insert(id);
    }
  size_t house = 0;
  for (const auto& e : entries()) {
    if (e.source != "house-rules") continue;
    ++house;
    INFO(e.id);
    CHECK((claimed.count(e.id) == 1) != (without_module.count(e.id) == 1));
  }
  CHECK(house == claimed.size() + without_module.size());
}
