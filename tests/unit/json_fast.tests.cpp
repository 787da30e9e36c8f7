// io::parse_json_fast builds exactly the document nlohmann::json::parse builds (values, number types, key order,
// a repeated key's last value), and refuses — so that nlohmann's parser decides — whatever it does not take.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "../support/paths.hpp"
#include "core/io/guard.hpp"

using json = nlohmann::json;
using druzina::io::parse_json_fast;

namespace {

// Equal as documents and in every value's type (json's == compares 1 and 1.0 as equal; this does not).
bool same(const json& a, const json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
      if (i.key() != j.key() || !same(*i, *j)) return false;
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i])) return false;
    return true;
  }
  if (a.is_number_float()) return a.dump() == b.dump();
  return a == b;
}

// Either both refuse, or the fast parser refuses (nlohmann decides), or both give the same document. For texts
// the guard lets through (parse_json checks UTF-8 first; the fast parser relies on it).
void check(const std::string& text) {
  if (!druzina::io::valid_utf8(text)) return;
  json reference;
  bool reference_ok = true;
  try {
    reference = json::parse(text);
  } catch (const json::exception&) {
    reference_ok = false;
  }
  json fast;
  bool fast_ok = parse_json_fast(text, fast);
  INFO(text.substr(0, 200));
  if (fast_ok) {
    REQUIRE(reference_ok);
    REQUIRE(same(fast, reference));
  }
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("fast JSON parser: values and number types as nlohmann's", "[io][json_fast]") {
  for (const char* text :
       {"0", "-0", "1", "-1", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
        "-9223372036854775809", "9223372036854775807", "9223372036854775808", "1.5", "-1.5e3", "1E+2", "1e-2",
        "0.1", "123456789012345678901234567890", "1.7976931348623157e308", "4.9e-324", "true", "false", "null",
        "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "\"\\u0041\\u00e9\\u20AC\\ud83d\\ude00\"", "\"\\u0000x\"",
        "\"Stříbrný les — Побожність\"", "[]", "{}", " [ 1 , 2 ,[ ], { } ] ", "{\"b\":1,\"a\":2,\"c\":{\"z\":[1,\"x\"]}}",
        "{\"a\":1,\"a\":2}", "{\"a\":{\"x\":1},\"a\":[2]}", "\t\r\n{\"k\" : null }\n"}) {
    json fast;
    REQUIRE(parse_json_fast(text, fast));
    check(text);
  }
  json v;
  REQUIRE(parse_json_fast("18446744073709551615", v));
  CHECK(v.is_number_unsigned());
  REQUIRE(parse_json_fast("-3", v));
  CHECK(v.is_number_integer());
  CHECK(!v.is_number_unsigned());
  REQUIRE(parse_json_fast("18446744073709551616", v));
  CHECK(v.is_number_float());
  REQUIRE(parse_json_fast("{\"a\":1,\"a\":2}", v));
  CHECK(v["a"] == 2);
}

TEST_CASE("fast JSON parser: refuses what is not JSON", "[io][json_fast]") {
  for (const char* text :
       {"", " ", "[", "]", "{", "[1,]", "[1 2]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}", "01", "-", "1.", ".5",
        "1e", "1e+", "+1", "tru", "nul", "\"abc", "\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\ud800\\u0041\"", "[1]x", "\xEF\xBB\xBF[1]", "NaN", "[1,2", "{\"a\":1"}) {
    json fast;
    INFO(text);
    CHECK(!parse_json_fast(text, fast));
    check(text);
  }
}

TEST_CASE("fast JSON parser: the fixtures and mutations of them", "[io][json_fast]") {
  std::vector<std::string> texts;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures"))
    if (entry.is_regular_file() && entry.path().extension() == ".json") texts.push_back(slurp(entry.path()));
  REQUIRE(texts.size() > 5);
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]\",:\\0123456789-+.eEtrufalsn u\n";
  for (const auto& text : texts) {
    check(text);
    json fast;
    if (json::accept(text)) CHECK(parse_json_fast(text, fast));
    for (int k = 0; k < 60 && !text.empty(); ++k) {
      std::string t = text;
      size_t at = std::uniform_int_distribution<size_t>(0, t.size() - 1)(rng);
      switch (k % 3) {
        case 0: t[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: t.erase(at, 1 + rng() % 3); break;
        default: t.resize(at); break;
      }
      check(t);
    }
  }
}

TEST_CASE("fast JSON parser: the top-level members' raw text", "[io][json_fast]") {
  druzina::io::JsonMembers members;
  json v;
  REQUIRE(parse_json_fast("{\"a\": [1, 2] ,\"b\":{\"c\":\"}\"}}", v, &members));
  REQUIRE(members.size() == 2);
  CHECK(members[0].first == "a");
  CHECK(members[0].second == "[1, 2]");
  CHECK(members[1].first == "b");
  CHECK(members[1].second == "{\"c\":\"}\"}");
}

TEST_CASE("fast JSON writer: the bytes nlohmann's dump writes", "[io][json_fast]") {
  auto nl = [](const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); };
  json odd = {{"ctl", std::string("a\x01\x1f\x7f\b\f\n\r\t\"\\/b", 15)},
              {"bad utf8", std::string("x\xC3(\xFF\xE2\x82", 6)},
              {"nul", std::string("\0z", 2)},
              {"ok", "Stříbrný les — Побожність 😀"},
              {"nums", {0, -0, 1, -1, 18446744073709551615ULL, -9223372036854775807LL - 1, 1.5, -0.0, 1e300, 0.1, 3.0}},
              {"lits", {true, false, nullptr}},
              {"empty", {json::object(), json::array(), ""}}};
  CHECK(druzina::io::dump_json(odd) == nl(odd));
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    json j = json::parse(slurp(entry.path()), nullptr, false);
    if (j.is_discarded()) continue;
    INFO(entry.path().string());
    CHECK(druzina::io::dump_json(j) == nl(j));
  }
}

TEST_CASE("fast JSON parser: refuses whatever the guard refuses (a load's fast path runs no guard)", "[io][json_fast][guard]") {
  auto nested = [](int levels, const std::string& inner) {
    return std::string(static_cast<size_t>(levels), '[') + inner + std::string(static_cast<size_t>(levels), ']');
  };
  const int limit = druzina::io::InputLimits{}.max_depth;
  const std::vector<std::string> hostile = {
      "{\"a\":\"caf\xC3\"}",                  // cut short
      "{\"a\":\"\xC0\xAF\"}",                 // overlong '/'
      "{\"a\":\"\xED\xA0\x80\"}",             // a UTF-16 surrogate
      "{\"a\":\"\xF4\x90\x80\x80\"}",         // past U+10FFFF
      "{\"a\":\"ok\\n\xFF\"}",                // after an escape
      "{\"\xFE\":1}",                         // in a key
      "{\"a\":1e999}",
      "{\"a\":-1e400}",
      "{\"a\":1" + std::string(400, '0') + "}",  // finite, but longer than the guard takes
      "{\"a\":" + nested(limit, "1") + "}",   // one level too deep
      nested(limit + 1, ""),
  };
  for (const auto& text : hostile) {
    INFO(text.substr(0, 80));
    bool guard_refuses = false;
    try {
      druzina::io::check_json_text(text);
    } catch (const std::exception&) {
      guard_refuses = true;
    }
    REQUIRE(guard_refuses);
    json out;
    std::string_view raw;
    CHECK_FALSE(parse_json_fast(text, out));
    CHECK_FALSE(druzina::io::parse_json_fast_skipping(text, out, nullptr, {"x"}, &raw));
  }
  // and what it does take at the limits
  json out;
  std::string_view raw;
  CHECK(druzina::io::parse_json_fast_skipping(nested(limit, "\"Київ ✓ 𝄞\""), out, nullptr, {"x"}, &raw));
  CHECK(out == json::parse(nested(limit, "\"Київ ✓ 𝄞\"")));
  CHECK(parse_json_fast("[1e308, -2.5e-300]", out));
  std::string s = "\"x\"";
  const char* p = s.data();
  std::string got;
  CHECK(druzina::io::read_json_string(p, s.data() + s.size(), got));
  std::string bad = "\"a\xC3\"";
  p = bad.data();
  CHECK_FALSE(druzina::io::read_json_string(p, bad.data() + bad.size(), got));
}
