// Roll tables (src/core/tables): every data file validates, the house-rule tables match the seed, lookups at
// band edges, seeded and nested rolls, the effect vocabulary, and validate() catching broken tables.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/assets.hpp"
#include "core/error.hpp"
#include "core/i18n.hpp"
#include "core/tables/effects.hpp"
#include "core/tables/table.hpp"

using namespace druzina;
using namespace druzina::tables;
using nlohmann::json;

namespace {

template <class F>
std::string error_key(F&& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.key();
  }
  return "";
}

std::vector<std::pair<int, int>> ranges(const Table& t) {
  std::vector<std::pair<int, int>> out;
  for (const auto& r : t.rows) out.emplace_back(r.lo, r.hi);
  return out;
}

Table make_table(const json& j) { return j.get<Table>(); }

json row(int lo, int hi, json extra = json::object()) {
  json r = {{"range", {lo, hi}}, {"text", {{"cs", "a"}, {"uk", "б"}, {"en", "c"}}}};
  r.update(extra);
  return r;
}

json table_json(const std::string& die, json rows) {
  return {{"id", "test-table"}, {"die", die}, {"title", {{"cs", "T"}, {"uk", "Т"}, {"en", "T"}}},
          {"source", "test"}, {"rows", std::move(rows)}};
}

bool has_problem(const std::vector<std::string>& problems, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("tables: every table file validates", "[tables][data]") {
  const auto ids = table_ids();
  REQUIRE(ids.size() >= 4);
  for (auto path : assets::list("data/tables/")) {
    INFO(path);
    std::string file(path);
    REQUIRE(file.size() > 5);
    REQUIRE(file.substr(file.size() - 5) == ".json");
    const std::string id = file.substr(std::string("data/tables/").size(), file.size() - 5 - std::string("data/tables/").size());
    const json j = assets::json(path);
    CHECK(j.at("id") == id);  // ids match file names
    for (const char* lang : {"cs", "uk", "en"}) {
      CHECK(j.at("title").contains(lang));
      for (const auto& r : j.at("rows")) CHECK_FALSE(r.at("text").value(lang, std::string()).empty());
    }
    const Table& t = table(id);
    CHECK(t.id == id);
    CHECK(t.min == 1);
    CHECK(t.max >= 2);
    const auto problems = validate(t);
    for (const auto& p : problems) UNSCOPED_INFO(p);
    CHECK(problems.empty());
    // every die result has exactly one row
    for (int roll = t.min; roll <= t.max; ++roll) {
      int n = 0;
      for (const auto& r : t.rows) n += roll >= r.lo && roll <= r.hi;
      REQUIRE(n == 1);
    }
    // `then` targets exist
    for (const auto& r : t.rows)
      if (!r.then.empty() && r.then.find_first_of("0123456789") == std::string::npos) CHECK(has_table(r.then));
  }
}

TEST_CASE("tables: the house-rule tables follow the seed", "[tables][data]") {
  SECTION("shock: d20 in five bands") {
    const Table& t = table("shock");
    CHECK(t.die == "d20");
    CHECK(ranges(t) == std::vector<std::pair<int, int>>{{1, 1}, {2, 3}, {4, 8}, {9, 14}, {15, 20}});
    CHECK(t.rows[0].effects == json{{"hp_to_zero", true}});
    CHECK(t.rows[1].effects == json{{"hp_to_zero", true}, {"stable", true}});
    CHECK(t.rows[2].effects == json{{"condition", "paralyzed"}, {"until", "end_of_next_turn"}});
    CHECK(t.rows[3].effects ==
          json{{"no_reactions", true}, {"disadvantage", {"attacks", "ability_checks"}}, {"until", "end_of_next_turn"}});
    CHECK(t.rows[4].effects == json{{"no_reactions", true}, {"until", "end_of_next_turn"}});
  }
  SECTION("lingering-injury: d100 in the seed's 18 rows") {
    const Table& t = table("lingering-injury");
    CHECK(t.die == "d100");
    CHECK(ranges(t) == std::vector<std::pair<int, int>>{{1, 1},   {2, 5},   {6, 10},  {11, 15}, {16, 20}, {21, 25},
                                                        {26, 30}, {31, 35}, {36, 40}, {41, 45}, {46, 50}, {51, 55},
                                                        {56, 60}, {61, 65}, {66, 70}, {71, 75}, {76, 80}, {81, 100}});
    CHECK(row_for(t, 1).then == "serious-injury");
    CHECK(row_for(t, 33).then == "broken-item");
    CHECK(row_for(t, 43).effects["injury"] == "festering_wound");
    CHECK(row_for(t, 43).effects["max_hp_per_day"] == -1);
    CHECK(row_for(t, 48).effects["hp_per_hour"] == -1);
    CHECK(row_for(t, 53).effects["combat_action_save_dc"] == 20);
    CHECK(row_for(t, 63).effects["combat_action_save_dc"] == 15);
    CHECK(row_for(t, 68).effects["combat_action_save_dc"] == 10);
    CHECK(row_for(t, 58).effects["at_count"] == json{{"n", 2}, {"effects", {{"exhaustion", 5}}}});
    CHECK(row_for(t, 8).effects["cure"] == json{{"magic", true}, {"splint", true}, {"medicine_dc", 15}, {"rest_days", 30}});
    CHECK(row_for(t, 23).effects["speed"] == -5);
    CHECK(row_for(t, 13).effects["speed"] == "half");
    CHECK(row_for(t, 90).effects["cure"] == json{{"magic_min_level", 6}});
  }
  SECTION("serious-injury: d6; rows 4 and 5 regrow an ear and a nose, not an eye") {
    const Table& t = table("serious-injury");
    CHECK(t.die == "d6");
    CHECK(t.rows.size() == 6);
    CHECK(row_for(t, 1).effects["at_count"]["effects"] == json{{"condition", "blinded"}});
    for (int roll : {4, 5}) {
      const Text& text = row_for(t, roll).text;
      INFO(text.cs);
      CHECK(text.cs.find("oko") == std::string::npos);
      CHECK(text.cs.find("oka") == std::string::npos);
      CHECK(text.uk.find("око") == std::string::npos);
      CHECK(text.en.find("eye") == std::string::npos);
    }
    CHECK(row_for(t, 4).text.cs.find("Ztracené ucho") != std::string::npos);
    CHECK(row_for(t, 5).text.cs.find("Ztracený nos") != std::string::npos);
    CHECK(row_for(t, 4).text.en.find("ear back") != std::string::npos);
    CHECK(row_for(t, 5).text.uk.find("Втрачений ніс") != std::string::npos);
    CHECK(row_for(t, 6).effects["at_count"]["effects"] == json{{"as_injury", "lost_hand"}});
  }
  SECTION("broken-item: d10 — weapon; weapon or armour; anything else") {
    const Table& t = table("broken-item");
    CHECK(t.die == "d10");
    CHECK(ranges(t) == std::vector<std::pair<int, int>>{{1, 1}, {2, 2}, {3, 10}});
    CHECK(row_for(t, 1).effects["destroy_item"] == json{"weapon"});
    CHECK(row_for(t, 2).effects["destroy_item"] == json{"weapon", "armor"});
    CHECK(row_for(t, 3).effects["destroy_item"] == json{"other"});
  }
}

TEST_CASE("tables: a given die result finds its row at every band edge", "[tables][lookup]") {
  const Table& shock = table("shock");
  struct Case { int roll, lo, hi; };
  for (auto c : {Case{1, 1, 1}, Case{2, 2, 3}, Case{3, 2, 3}, Case{4, 4, 8}, Case{8, 4, 8}, Case{9, 9, 14},
                 Case{14, 9, 14}, Case{15, 15, 20}, Case{20, 15, 20}}) {
    INFO("roll " << c.roll);
    const Row& r = row_for(shock, c.roll);
    CHECK(r.lo == c.lo);
    CHECK(r.hi == c.hi);
  }
  const Table& li = table("lingering-injury");
  for (auto c : {Case{1, 1, 1}, Case{2, 2, 5}, Case{5, 2, 5}, Case{6, 6, 10}, Case{35, 31, 35}, Case{36, 36, 40},
                 Case{80, 76, 80}, Case{81, 81, 100}, Case{100, 81, 100}}) {
    INFO("roll " << c.roll);
    CHECK(row_for(li, c.roll).lo == c.lo);
    CHECK(row_for(li, c.roll).hi == c.hi);
  }
  CHECK(error_key([&] { row_for(shock, 0); }) == "tables.err.out_of_range");
  CHECK(error_key([&] { row_for(shock, 21); }) == "tables.err.out_of_range");
  CHECK(error_key([&] { row_for(li, 101); }) == "tables.err.out_of_range");
  CHECK(error_key([] { table("no-such-table"); }) == "tables.err.unknown");
  CHECK_FALSE(has_table("no-such-table"));

  SECTION("row_json has exactly the documented keys") {
    json j = row_json(shock, row_for(shock, 6), 6);
    CHECK(j["table"] == "shock");
    CHECK(j["roll"] == 6);
    CHECK(j["range"] == json{4, 8});
    CHECK(j["text"]["cs"] == "Tvor je ochromený do konce svého příštího tahu.");
    CHECK(j["effects"]["condition"] == "paralyzed");
    CHECK_FALSE(j.contains("then"));
    CHECK_FALSE(j.contains("nested"));
    CHECK(row_json(li, row_for(li, 1), 1)["then"] == "serious-injury");
  }
}

TEST_CASE("tables: rolling with a fixed seed", "[tables][roll]") {
  SECTION("same seed, same result; the row matches the roll") {
    for (std::uint64_t seed : {1u, 2u, 42u, 1234u}) {
      Rng a(seed), b(seed);
      auto x = roll_table("lingering-injury", a);
      auto y = roll_table("lingering-injury", b);
      CHECK(to_json(x) == to_json(y));
      CHECK(x.roll >= 1);
      CHECK(x.roll <= 100);
      CHECK(x.roll >= x.row.lo);
      CHECK(x.roll <= x.row.hi);
    }
  }
  SECTION("every shock result turns up, and nothing else") {
    Rng rng(2024);
    std::set<int> seen;
    for (int i = 0; i < 2000; ++i) {
      auto r = roll_table("shock", rng);
      REQUIRE(r.roll >= 1);
      REQUIRE(r.roll <= 20);
      CHECK(r.nested.empty());
      seen.insert(r.roll);
    }
    CHECK(seen.size() == 20);
  }
  SECTION("rows without `then` roll nothing more") {
    Rng rng(5);
    auto r = roll_table_with(table("lingering-injury"), 43, rng);
    CHECK(r.nested.empty());
    CHECK_FALSE(r.then_dice.has_value());
    CHECK(to_json(r)["nested"] == json::array());
  }
}

TEST_CASE("tables: nested rolls follow `then`", "[tables][roll]") {
  SECTION("lingering-injury 1 → serious-injury") {
    Rng rng(7);
    auto r = roll_table_with(table("lingering-injury"), 1, rng);
    REQUIRE(r.nested.size() == 1);
    CHECK(r.nested[0].table == "serious-injury");
    CHECK(r.nested[0].roll >= 1);
    CHECK(r.nested[0].roll <= 6);
    CHECK(r.nested[0].row.effects.contains("injury"));
    json j = to_json(r);
    CHECK(j["then"] == "serious-injury");
    REQUIRE(j["nested"].size() == 1);
    CHECK(j["nested"][0]["kind"] == "table");
    CHECK(j["nested"][0]["table"] == "serious-injury");
    CHECK(j["nested"][0]["nested"] == json::array());
  }
  SECTION("lingering-injury 31–35 → broken-item") {
    for (int roll : {31, 35}) {
      Rng rng(roll);
      auto r = roll_table_with(table("lingering-injury"), roll, rng);
      REQUIRE(r.nested.size() == 1);
      CHECK(r.nested[0].table == "broken-item");
      CHECK(r.nested[0].row.effects.contains("destroy_item"));
    }
  }
  SECTION("a plain roll reaches the nested table for some seed, reproducibly") {
    std::uint64_t found = 0;
    for (std::uint64_t seed = 1; seed < 5000 && !found; ++seed) {
      Rng rng(seed);
      if (roll_table("lingering-injury", rng).roll == 1) found = seed;
    }
    REQUIRE(found != 0);
    Rng a(found), b(found);
    auto x = roll_table("lingering-injury", a);
    CHECK(x.nested.size() == 1);
    CHECK(to_json(x) == to_json(roll_table("lingering-injury", b)));
  }
  SECTION("a `then` dice expression is rolled with the dice engine") {
    Table t = make_table(table_json("d4", {row(1, 2, {{"then", "1d10+2"}}), row(3, 4, {{"then", "serious-injury"}})}));
    CHECK(validate(t).empty());
    Rng rng(3);
    auto r = roll_table_with(t, 2, rng);
    REQUIRE(r.then_dice.has_value());
    CHECK(r.then_dice->total >= 3);
    CHECK(r.then_dice->total <= 12);
    json j = to_json(r);
    REQUIRE(j["nested"].size() == 1);
    CHECK(j["nested"][0]["kind"] == "dice");
    CHECK(j["nested"][0]["total"] == static_cast<long long>(r.then_dice->total));
    auto r2 = roll_table_with(t, 4, rng);
    REQUIRE(r2.nested.size() == 1);
    CHECK(r2.nested[0].table == "serious-injury");
  }
  SECTION("a die that is an expression is rolled with the dice engine") {
    Table t = make_table(table_json("2d6", {row(2, 6), row(7, 7), row(8, 12)}));
    CHECK(t.min == 2);
    CHECK(t.max == 12);
    CHECK(validate(t).empty());
    Rng rng(11);
    for (int i = 0; i < 200; ++i) {
      int v = roll_die(t, rng);
      REQUIRE(v >= 2);
      REQUIRE(v <= 12);
    }
    Table pct = make_table(table_json("d%", {row(1, 100)}));
    CHECK(pct.max == 100);
  }
}

TEST_CASE("tables: validate() finds broken tables", "[tables][validate]") {
  auto problems = [](const json& j) { return validate(make_table(j)); };
  CHECK(has_problem(problems(table_json("d6", {row(1, 2), row(4, 6)})), "gap: 3"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 3), row(3, 6)})), "overlap: 3"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 5)})), "gap: 6"));
  CHECK(has_problem(problems(table_json("d6", {row(2, 6)})), "gap: 1"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 7)})), "outside the die"));
  CHECK(has_problem(problems(table_json("d6", {row(4, 3), row(1, 6)})), "reversed"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 6, {{"text", {{"cs", "a"}, {"en", "c"}}}})})), "no Ukrainian"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 6, {{"text", {{"cs", " "}, {"uk", "б"}, {"en", "c"}}}})})), "no Czech"));
  CHECK(has_problem(problems(table_json("d6", {row(1, 6, {{"then", "no-such-table"}})})), "neither a table nor dice"));
  CHECK(has_problem(problems(table_json("2x", {row(1, 6)})), "die \"2x\""));
  CHECK(has_problem(problems(table_json("d6", json::array())), "rows: none"));
  json bad_id = table_json("d6", {row(1, 6)});
  bad_id["id"] = "Bad_Id";
  CHECK(has_problem(validate(make_table(bad_id)), "id \"Bad_Id\""));
  json self = table_json("d6", {row(1, 6, {{"then", "shock"}})});
  self["id"] = "shock";
  CHECK(has_problem(validate(make_table(self)), "names its own table"));
  CHECK(problems(table_json("d6", {row(1, 6)})).empty());
}

TEST_CASE("tables: the effect vocabulary is enforced", "[tables][effects]") {
  CHECK(validate_effects({{"hp_to_zero", true}}).empty());
  CHECK(validate_effects({{"condition", "paralyzed"}, {"until", "end_of_next_turn"}}).empty());
  CHECK(has_problem(validate_effects({{"condition", "paralysed"}, {"until", "end_of_next_turn"}}), "condition"));
  CHECK(has_problem(validate_effects({{"condition", "paralyzed"}}), "need \"until\""));
  CHECK(has_problem(validate_effects({{"hp_to_zero", true}, {"until", "end_of_next_turn"}}), "nothing here lasts"));
  CHECK(has_problem(validate_effects({{"stable", true}}), "only with hp_to_zero"));
  CHECK(has_problem(validate_effects({{"disadvantage", {"stealth"}}, {"until", "end_of_next_turn"}}), "roll kinds"));
  CHECK(has_problem(validate_effects({{"hp_zero", true}}), "not in the effect vocabulary"));
  CHECK(has_problem(validate_effects({{"injury", "limp"}, {"speed", -5}}), "needs a \"cure\""));
  CHECK(has_problem(validate_effects({{"injury", "limp"}, {"speed", 5}, {"cure", {{"magic", true}}}}), "speed"));
  CHECK(has_problem(validate_effects({{"injury", "x"}, {"cure", {{"splint", true}, {"medicine_dc", 15}}}}), "needs medicine_dc and rest_days"));
  CHECK(has_problem(validate_effects({{"injury", "x"}, {"cure", {{"healer_kit", true}}}}), "needs medicine_dc"));
  CHECK(has_problem(validate_effects({{"injury", "x"}, {"cure", {{"prayer", true}}}}), "unknown cure"));
  CHECK(has_problem(validate_effects({{"cure", {{"magic", true}}}}), "only for an injury"));
  CHECK(has_problem(validate_effects({{"destroy_item", {"sword"}}}), "destroy_item"));
  CHECK(has_problem(validate_effects({{"injury", "x"}, {"cure", {{"magic", true}}}, {"at_count", {{"n", 1}, {"effects", {{"exhaustion", 5}}}}}}), "at_count"));
  CHECK(has_problem(validate_effects({{"injury", "x"}, {"cure", {{"magic", true}}}, {"at_count", {{"n", 2}, {"effects", {{"exhaustion", 11}}}}}}), "at_count.effects.exhaustion"));
  CHECK(has_problem(validate_effects(json::object()), "non-empty"));
}

TEST_CASE("tables: every word of the vocabulary the tables use is translated", "[tables][effects][i18n]") {
  std::set<std::string> keys;
  std::vector<std::string> injuries;
  std::vector<std::string> introduced;
  std::function<void(const json&)> walk = [&](const json& e) {
    for (const char* k : {"advantage", "disadvantage"})
      if (e.contains(k))
        for (const auto& kind : e[k]) keys.insert("tables.roll." + kind.get<std::string>());
    if (e.contains("destroy_item"))
      for (const auto& c : e["destroy_item"]) keys.insert("tables.item." + c.get<std::string>());
    if (e.contains("when")) keys.insert("tables.when." + e["when"].get<std::string>());
    if (e.contains("until")) keys.insert("tables.until." + e["until"].get<std::string>());
    if (e.contains("injury")) introduced.push_back(e["injury"].get<std::string>());
    if (e.contains("at_count")) walk(e["at_count"]["effects"]);
  };
  for (const auto& id : table_ids())
    for (const auto& r : table(id).rows)
      if (!r.effects.is_null()) {
        walk(r.effects);
        collect_injury_ids(r.effects, injuries);
      }
  for (const auto& i : injuries) keys.insert("tables.injury." + i);
  // the whole vocabulary has labels, not only the words used today
  for (const auto& k : roll_kinds()) keys.insert("tables.roll." + k);
  for (const auto& k : item_categories()) keys.insert("tables.item." + k);
  for (const auto& k : effect_conditions()) keys.insert("tables.when." + k);
  for (const auto& k : durations()) keys.insert("tables.until." + k);
  for (const auto& key : keys)
    for (Lang lang : kLangs) {
      INFO(key << " in " << lang_code(lang));
      CHECK(has_key(lang, key));
    }
  // injury ids are unique across the tables, and every as_injury target is introduced somewhere
  std::set<std::string> unique(introduced.begin(), introduced.end());
  CHECK(unique.size() == introduced.size());
  CHECK(unique.size() == 22);
  for (const auto& i : injuries) CHECK(unique.count(i) == 1);
}
