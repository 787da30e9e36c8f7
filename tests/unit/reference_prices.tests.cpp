// The price list (house rule 16 "Ceník"): every item loads and validates in three languages, rulebook prices and
// weights spot-checked against the SRD, the DM's basic-poison override, campaign overrides, search and money text.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/error.hpp"
#include "core/reference/reference.hpp"

using namespace druzina;
using namespace druzina::reference;

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out.append(s).append("\n");
  return out;
}

}  // namespace

TEST_CASE("prices: every item loads, validates and is trilingual", "[reference][prices]") {
  const auto& items = price_items();
  REQUIRE(items.size() >= 150);
  auto problems = validate_prices();
  INFO(join(problems));
  CHECK(problems.empty());
  std::set<std::string> ids;
  for (const auto& p : items) {
    INFO(p.id);
    CHECK(ids.insert(p.id).second);
    CHECK(p.name.complete());
    CHECK(p.name.cs != p.name.en);
    CHECK(p.name.uk != p.name.en);
    if (!p.note.en.empty()) CHECK(p.note.complete());
    CHECK(p.price_gp >= 0);
    for (Lang l : kLangs) CHECK(has_key(l, "reference.category." + [&] {
                                    std::string c = p.category;
                                    for (auto& ch : c)
                                      if (ch == '-') ch = '_';
                                    return c;
                                  }()));
  }
}

TEST_CASE("prices: rulebook prices and weights", "[reference][prices]") {
  struct Case {
    const char* id;
    double gp;
    double lb;  // < 0: no weight listed
  };
  const Case cases[] = {
      {"longsword", 15, 3},       {"chain-mail", 75, 55},       {"rations", 0.5, 2},
      {"dagger", 2, 1},           {"club", 0.1, 2},             {"dart", 0.05, 0.25},
      {"greatsword", 50, 6},      {"hand-crossbow", 75, 3},     {"longbow", 50, 2},
      {"plate-armor", 1500, 65},  {"leather-armor", 10, 10},    {"shield", 10, 6},
      {"half-plate", 750, 40},    {"studded-leather-armor", 45, 13},
      {"hempen-rope-50-ft", 1, 10}, {"torch", 0.01, 1},         {"healers-kit", 5, 3},
      {"thieves-tools", 25, 1},   {"potion-of-healing", 50, 0.5}, {"spyglass", 1000, 1},
      {"riding-horse", 75, -1},   {"warhorse", 400, -1},        {"sailing-ship", 10000, -1},
      {"inn-modest", 0.5, -1},    {"ale-mug", 0.04, -1},        {"sling-bullets-20", 0.04, 1.5},
      {"purple-worm-poison", 2000, -1}, {"saffron", 15, 1},     {"platinum", 500, 1},
  };
  for (const auto& c : cases) {
    INFO(c.id);
    const PriceItem* p = find_price(c.id);
    REQUIRE(p != nullptr);
    CHECK(p->price_gp == Approx(c.gp));
    if (c.lb < 0) CHECK_FALSE(p->weight_lb.has_value());
    else {
      REQUIRE(p->weight_lb.has_value());
      CHECK(*p->weight_lb == Approx(c.lb));
    }
  }
  CHECK(price_item("longsword").category == "weapon-martial-melee");
  CHECK(price_item("chain-mail").category == "armor-heavy");
}

TEST_CASE("prices: the DM's overrides", "[reference][prices]") {
  const PriceItem& poison = price_item("basic-poison");
  CHECK(poison.price_gp == Approx(100));
  REQUIRE(poison.override_gp.has_value());
  CHECK(*poison.override_gp == Approx(20));
  CHECK(price_of(poison) == Approx(20));
  SECTION("a campaign override wins over the house-rule override and the rulebook price") {
    CHECK(price_of(poison, {{"basic-poison", 35}}) == Approx(35));
    CHECK(price_of(price_item("longsword"), {{"longsword", 12.5}}) == Approx(12.5));
    CHECK(price_of(price_item("longsword"), {{"basic-poison", 35}}) == Approx(15));
  }
  SECTION("items without an override cost the rulebook price") {
    for (const auto& p : price_items())
      if (!p.override_gp) CHECK(price_of(p) == Approx(p.price_gp));
  }
  SECTION("price_json carries both prices") {
    auto j = price_json(poison, Lang::cs);
    CHECK(j["price_gp"] == 100);
    CHECK(j["override_gp"] == 20);
    CHECK(j["price"] == 20);
    CHECK(j["price_text"] == "20 zl");
    CHECK(j["name"] == poison.name.cs);
    CHECK(price_json(poison, Lang::en, {{"basic-poison", 1.5}})["price_text"] == "1 gp 5 sp");
  }
}

TEST_CASE("prices: unknown items are user errors", "[reference][prices]") {
  CHECK(find_price("no-such-item") == nullptr);
  try {
    (void)price_item("no-such-item");
    FAIL("expected a UserError");
  } catch (const UserError& e) {
    CHECK(e.key() == "reference.err.unknown_price");
  }
}

TEST_CASE("prices: search by name in the reader's language", "[reference][prices][search]") {
  auto first = [](const char* q, Lang l) {
    auto hits = search_prices(q, l);
    return hits.empty() ? std::string() : hits.front()->id;
  };
  CHECK(first("dlouhy mec", Lang::cs) == "longsword");
  CHECK(first("DLOUHÝ MEČ", Lang::cs) == "longsword");
  CHECK(first("довгий меч", Lang::uk) == "longsword");
  CHECK(first("Довгий Меч", Lang::uk) == "longsword");
  CHECK(first("longsword", Lang::en) == "longsword");
  CHECK(first("kroužková zbroj", Lang::cs) == "chain-mail");
  CHECK(first("jed", Lang::cs) != "");
  CHECK(search_prices("zzzqqq", Lang::cs).empty());
  CHECK(search_prices("", Lang::en).size() == price_items().size());
  SECTION("a category label finds its items") {
    auto hits = search_prices("jedy", Lang::cs);
    REQUIRE(hits.size() >= 14);
    bool all_poisons = true;
    for (size_t i = 0; i < 14; ++i) all_poisons = all_poisons && (hits[i]->category == "poison" || hits[i]->id == "basic-poison");
    CHECK(all_poisons);
  }
  SECTION("name hits rank above note hits") {
    auto hits = search_prices("poison", Lang::en);
    REQUIRE_FALSE(hits.empty());
    CHECK(hits.front()->name.en.find("oison") != std::string::npos);
  }
}

TEST_CASE("prices: money text", "[reference][prices]") {
  CHECK(format_price(15, Lang::en) == "15 gp");
  CHECK(format_price(0.5, Lang::en) == "5 sp");
  CHECK(format_price(0.02, Lang::en) == "2 cp");
  CHECK(format_price(1.5, Lang::en) == "1 gp 5 sp");
  CHECK(format_price(0.07, Lang::cs) == "7 md");
  CHECK(format_price(0.3, Lang::uk) == "3 см");
  CHECK(format_price(0, Lang::en) == "0 gp");
  CHECK(format_price(1500, Lang::en) == "1,500 gp");
  CHECK(format_price(250000, Lang::cs) == "250\u00a0000 zl");
  CHECK(format_price(30000, Lang::uk) == "30\u00a0000 зм");
}
