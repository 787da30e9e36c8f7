// The hostile input guard: nothing too deep, too large, not UTF-8 or with an overflowing number reaches the
// parser, and every refusal is a UserError with our own text in cs, uk and en.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string nested(size_t levels, const std::string& open = "[", const std::string& close = "]") {
  std::string s;
  for (size_t i = 0; i < levels; ++i) s += open;
  s += "1";
  for (size_t i = 0; i < levels; ++i) s += close;
  return s;
}
std::string nested_object(size_t levels) {
  std::string s;
  for (size_t i = 0; i < levels; ++i) s += "{\"a\":";
  s += "1";
  for (size_t i = 0; i < levels; ++i) s += "}";
  return s;
}
// Every language's message: no raw library text, no untranslated key.
void require_clean_message(const UserError& e) {
  for (Lang lang : kLangs) {
    std::string m = e.message(lang);
    INFO(m);
    REQUIRE(m.find("json.exception") == std::string::npos);
    REQUIRE(m.find("io.err") == std::string::npos);
    REQUIRE(m.find("io.reason") == std::string::npos);
    REQUIRE(m.find("save.err") == std::string::npos);
  }
}
std::string parse_error(const std::string& text, const io::InputLimits& limits = {}) {
  try {
    io::parse_json(text, limits);
  } catch (const UserError& e) {
    require_clean_message(e);
    return e.key();
  }
  return "";
}
}  // namespace

TEST_CASE("guard: nesting deeper than the limit is refused before parsing, at any depth", "[io][guard]") {
  REQUIRE(parse_error(nested(64)) == "");
  REQUIRE(parse_error(nested(65)) == "io.err.too_deep");
  REQUIRE(parse_error(nested(100000)) == "io.err.too_deep");
  REQUIRE(parse_error(nested_object(100000)) == "io.err.too_deep");
  REQUIRE(parse_error(std::string(1000000, '[')) == "io.err.too_deep");  // not even closed
  // Brackets inside strings (escaped quotes too) are text, not nesting.
  REQUIRE(parse_error("{\"a\": \"" + std::string(5000, '[') + "\\\"" + std::string(5000, '{') + "\"}") == "");
  REQUIRE(io::parse_json(nested(3)).dump() == "[[[1]]]");
  REQUIRE(io::json_depth(io::parse_json(nested(40))) == 40);
  REQUIRE(io::json_depth(json(5)) == 0);
  REQUIRE(io::json_depth(json::object()) == 1);
  try {
    io::parse_json(nested(100000));
  } catch (const UserError& e) {
    REQUIRE(e.message(Lang::en).find("64") != std::string::npos);
    REQUIRE(e.message(Lang::cs).find("úrovní") != std::string::npos);
  }
}

TEST_CASE("guard: invalid UTF-8 is refused", "[io][guard]") {
  for (std::string bad : {std::string("\"\x80\""), std::string("\"\xC0\xAF\""), std::string("\"\xED\xA0\x80\""),
                          std::string("\"\xE2\x82\""), std::string("\"\xF5\x80\x80\x80\""), std::string("\"\xF4\x90\x80\x80\""),
                          std::string("\"ok\" \xFF"), std::string("[\"\xE0\x80\xAF\"]")}) {
    INFO(json(bad).dump(-1, ' ', true, json::error_handler_t::replace));
    REQUIRE(parse_error(bad) == "io.err.not_utf8");
    REQUIRE_FALSE(io::valid_utf8(bad));
  }
  REQUIRE(parse_error("\"Družina — Стара \xF0\x9F\x90\x89\"") == "");
  REQUIRE(io::valid_utf8("Příšerně žluťoučký кінь"));
}

TEST_CASE("guard: a number that does not fit a double is refused", "[io][guard]") {
  REQUIRE(parse_error("1e400") == "io.err.number");
  REQUIRE(parse_error("{\"hp\": -1e400}") == "io.err.number");
  REQUIRE(parse_error("[1, 2, 1E+999]") == "io.err.number");
  REQUIRE(parse_error("1e-400") == "");  // underflows to 0: harmless
  REQUIRE(parse_error("[1e308, 123456789012345678901234567890]") == "");
  REQUIRE(parse_error("\"1e400 in a string is text\"") == "");
}

TEST_CASE("guard: size cap and syntax errors with our own reasons", "[io][guard]") {
  io::InputLimits small;
  small.max_bytes = 100;
  REQUIRE(parse_error(std::string(101, ' '), small) == "io.err.too_large");
  try {
    io::parse_json("{\"a\": [1, 2");
    FAIL("accepted");
  } catch (const UserError& e) {
    REQUIRE(e.key() == "io.err.not_json");
    REQUIRE(e.message(Lang::en).find("ends too early") != std::string::npos);
    REQUIRE(e.message(Lang::cs).find("předčasně") != std::string::npos);
    require_clean_message(e);
  }
  try {
    io::parse_json("{\n  \"a\": x}");
    FAIL("accepted");
  } catch (const UserError& e) {
    REQUIRE(e.message(Lang::en) == "This is not valid JSON (line 2, column 8): unexpected character “x”.");
  }
  REQUIRE(parse_error("") == "io.err.not_json");
  REQUIRE(parse_error("[1,]") == "io.err.not_json");
}

TEST_CASE("guard: io::load refuses hostile saves with a clear key and leaves the session alone", "[io][guard][save]") {
  BaseTable t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  t.pc("Mira", 17);
  Session session = io::load(io::save(t.session), base_engine());
  const json before = to_j(session.state());
  json doc = io::save_json(t.session);
  std::string body = doc.dump();
  struct Case {
    std::string text;
    const char* key;
  };
  std::vector<Case> cases = {
      {body.substr(0, body.size() - 1) + ",\"x\":" + nested(100000) + "}", "io.err.too_deep"},
      {body.substr(0, body.size() - 1) + ",\"x\":" + nested_object(1000) + "}", "io.err.too_deep"},
      {body.substr(0, body.size() - 1) + ",\"x\":\"\xC3\x28\"}", "io.err.not_utf8"},
      {body.substr(0, body.size() - 1) + ",\"x\":1e400}", "io.err.number"},
  };
  for (const auto& c : cases) {
    INFO(c.key);
    std::string key = error_key([&] { session = io::load(c.text, base_engine()); });
    REQUIRE(key == c.key);
    REQUIRE(to_j(session.state()) == before);
    REQUIRE(error_key([&] { io::load_tolerant(c.text, base_engine()); }) == c.key);
  }
  // Inside a checksummed envelope too (the guard runs on the body before anything else).
  std::string deep_body = body.substr(0, body.size() - 1) + ",\"x\":" + nested(100000) + "}";
  std::string envelope = "{\"format\":\"druzina-save\",\"version\":1,\"checksum\":\"fnv1a64:" +
                         io::hex64(io::fnv1a64(deep_body)) + "\",\"body\":" + deep_body + "}";
  REQUIRE(error_key([&] { io::load(envelope, base_engine()); }) == "io.err.too_deep");
}

TEST_CASE("guard: a command nested deeper than a save can hold is refused", "[io][guard][campaign]") {
  BaseTable t(3);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  json deep = 1;
  for (int i = 0; i < 40; ++i) deep = json::array({deep});
  REQUIRE_REFUSED(t.run({{"type", "AddCreature"}, {"name", "A"}, {"hp", 5}, {"modules", {{"notes", deep}}}}), "campaign.err.too_deep");
  json ok = 1;
  for (int i = 0; i < 20; ++i) ok = json::array({ok});
  t.run({{"type", "AddCreature"}, {"name", "A"}, {"hp", 5}, {"modules", {{"notes", ok}}}});  // a rule's data the base keeps as it is
  Session back = io::load(io::save(t.session), base_engine());  // what was accepted can be loaded again
  REQUIRE(to_j(back.state()) == to_j(t.state()));
}
