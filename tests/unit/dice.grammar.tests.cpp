// Dice grammar: what parses (normal form, comments, annotations), what does not (column, found, expected),
// and the limits, each with its own dice.err.* key.
#include <catch2/catch.hpp>

#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/i18n.hpp"

using namespace druzina;

namespace {

struct Parsed {
  const char* input;
  const char* normal;  // Expression::text()
  const char* comment;
};

// Throws the UserError of validate(text) back as (key, args), or fails when nothing was thrown.
UserError error_of(const std::string& text) {
  try {
    dice::validate(text);
  } catch (const UserError& e) {
    return e;
  }
  FAIL("no error for: " << text);
  return UserError("none");
}

}  // namespace

TEST_CASE("dice grammar: expressions parse to their normal form", "[dice][grammar]") {
  const Parsed table[] = {
      {"1d20", "1d20", ""},
      {"d20", "1d20", ""},
      {"D20", "1d20", ""},
      {"d%", "1d%", ""},
      {"2d%+1", "2d% + 1", ""},
      {"4d6kh3", "4d6kh3", ""},
      {"4D6KH3", "4d6kh3", ""},
      {"2d20kl1", "2d20kl1", ""},
      {"4d6k>3", "4d6k>3", ""},
      {"4d6p<2", "4d6p<2", ""},
      {"4d6ph1", "4d6ph1", ""},
      {"4d6pl1", "4d6pl1", ""},
      {"1d20ro1", "1d20ro1", ""},
      {"4d6rr1", "4d6rr1", ""},
      {"2d6ra6", "2d6ra6", ""},
      {"8d6mi2", "8d6mi2", ""},
      {"8d6ma5", "8d6ma5", ""},
      {"1d6e6", "1d6e6", ""},
      {"3d6!", "3d6!", ""},
      {"3d6!>4", "3d6!>4", ""},
      {"8d6k1k2", "8d6k1k2", ""},  // merged: keep 1s and 2s
      {"4d6rr1kh3", "4d6rr1kh3", ""},
      {"1d20+5", "1d20 + 5", ""},
      {"  1d20  +  5  ", "1d20 + 5", ""},
      {"1d20+5 attack on goblin", "1d20 + 5", "attack on goblin"},
      {"1d20 + 5   to hit  ", "1d20 + 5", "to hit"},
      {"2d6 fire damage", "2d6", "fire damage"},
      {"1d6[fire]+2", "1d6 [fire] + 2", ""},
      {"1d6 [fire] + 1d4[cold] [extra]", "1d6 [fire] + 1d4 [cold] [extra]", ""},
      {"1d20 [útok] zásah", "1d20 [útok]", "zásah"},
      {"(1d4+1, 3, 2d6)", "(1d4 + 1, 3, 2d6)", ""},
      {"(1d20,1d20)kh1", "(1d20, 1d20)kh1", ""},
      {"(1d20+5)kh1", "(1d20 + 5)kh1", ""},
      {"(5,)", "(5,)", ""},
      {"()", "()", ""},
      {"(1d4+1)*2", "(1d4 + 1) * 2", ""},
      {"-1d4", "-1d4", ""},
      {"+3", "+3", ""},
      {"--2", "--2", ""},
      {"7//2", "7 // 2", ""},
      {"7/2", "7 / 2", ""},
      {"7%2", "7 % 2", ""},
      {"1d20%3", "1d20 % 3", ""},
      {"1d20>=10", "1d20 >= 10", ""},
      {"1d20==20", "1d20 == 20", ""},
      {"1d20!=1", "1d20 != 1", ""},
      {"3d6!=10", "3d6 != 10", ""},
      {"1d20<=5", "1d20 <= 5", ""},
      {"2<3", "2 < 3", ""},
      {"0d6", "0d6", ""},
      {"1000d10000", "1000d10000", ""},
      // The die as Czech and Ukrainian tables write it: k/K and к/К (a Latin k is keep only after dice).
      {"2k6", "2d6", ""},
      {"2K6+1", "2d6 + 1", ""},
      {"k20", "1d20", ""},
      {"k%", "1d%", ""},
      {"4k6kh3", "4d6kh3", ""},
      {"1k20+5 útok", "1d20 + 5", "útok"},
      {"2к6", "2d6", ""},
      {"К20 + 5", "1d20 + 5", ""},
      {"4к6kh3", "4d6kh3", ""},
      {"(2к6, k8)kh1", "(2d6, 1d8)kh1", ""},
  };
  for (const auto& row : table) {
    INFO("input: " << row.input);
    dice::Expression e(row.input);
    CHECK(e.text() == row.normal);
    CHECK(e.comment() == row.comment);
  }
}

TEST_CASE("dice grammar: constant expressions give their value", "[dice][grammar]") {
  const std::pair<const char*, long long> table[] = {
      {"1+2*3", 7},    {"(1+2)*3", 9},   {"10-2-3", 5},     {"2*3%4", 2},     {"7/2", 3},      {"-7/2", -4},
      {"-7//2", -4},   {"7//-2", -4},    {"-7%3", 2},       {"7%-3", -2},     {"-(2+3)", -5},  {"2--3", 5},
      {"1<2", 1},      {"2<1", 0},       {"2==2", 1},       {"2!=2", 0},      {"3>=3", 1},     {"3<=2", 0},
      {"1+1==2", 1},   {"1<2<3", 1},     {"(1, 2, 3)", 6},  {"(1,5,3)kh1", 5}, {"(1,5,3)kl2", 4}, {"(1,5,3)p1", 8},
      {"(1,5,3)k>2", 8}, {"(1,5,3)p<3", 8}, {"()", 0},      {"(4,)", 4},      {"0d6", 0},      {"1d1", 1},
      {"5d1kh2", 2},   {"3d1mi4", 12},   {"3d1+2 [bonus]", 5},
  };
  Rng rng(1);
  for (const auto& [text, value] : table) {
    INFO("input: " << text);
    CHECK(dice::roll(text, rng).total == value);
  }
}

TEST_CASE("dice grammar: syntax errors name the column, what was found and what was expected", "[dice][grammar]") {
  struct Bad {
    const char* input;
    const char* key;
    int column;
    const char* found;
  };
  const Bad table[] = {
      {"1d20+", "dice.err.expected_operand_end", 6, ""},
      {"*3", "dice.err.expected_operand", 1, "*"},
      {")", "dice.err.expected_operand", 1, ")"},
      {"1d20 + ž", "dice.err.expected_operand", 8, "ž"},
      {"žluť", "dice.err.expected_operand", 1, "ž"},
      {"4d6kq3", "dice.err.expected_selector", 5, "q"},
      {"4d6k", "dice.err.expected_selector_end", 5, ""},
      {"4d6kh", "dice.err.expected_number_end", 6, ""},
      {"4d6kh+1", "dice.err.expected_number", 6, "+"},
      {"1d", "dice.err.expected_sides_end", 3, ""},
      {"1dx", "dice.err.expected_sides", 3, "x"},
      {"(1d4+1", "dice.err.expected_close_end", 7, ""},
      {"(1d20 x)", "dice.err.expected_close", 7, "x"},
      {"1d20)", "dice.err.expected_operator", 5, ")"},
      {"1d20+5attack", "dice.err.expected_operator", 7, "a"},
      {"1,2", "dice.err.expected_operator", 2, ","},
      {"5kh1", "dice.err.expected_operator", 2, "k"},  // keep needs dice ("5k1" is five one-sided dice, cs notation)
      {"2к", "dice.err.expected_sides_end", 3, ""},
      {"2кx", "dice.err.expected_sides", 3, "x"},
      {"1d20 [fire", "dice.err.expected_bracket_end", 11, ""},
      {"1d20 = 3", "dice.err.expected_operator", 6, "="},
      {"1d20 )", "dice.err.expected_operator", 6, ")"},
      {"útok: 1d20", "dice.err.expected_operand", 1, "ú"},
  };
  for (const auto& row : table) {
    INFO("input: " << row.input);
    UserError e = error_of(row.input);
    CHECK(e.key() == row.key);
    CHECK(e.args().value("column", 0) == row.column);
    CHECK(e.args().value("found", std::string("?")) == row.found);
    CHECK(e.args().contains("expected"));
  }
}

TEST_CASE("dice grammar: error messages exist in Czech, Ukrainian and English", "[dice][grammar][i18n]") {
  UserError e = error_of("1d20+5attack");
  // The spot is quoted as typed (‸ marks it, cs and uk keep the typed d) and the message says what to do.
  CHECK(e.message(Lang::en) == "At “1d20+5‸attack”: “a” does not belong there; join the parts with + - * / or a "
                               "comparison, or put a space before a comment.");
  CHECK(e.message(Lang::cs).rfind("U „1d20+5‸attack“: „a“ sem nepatří", 0) == 0);
  CHECK(e.message(Lang::uk).rfind("Біля «1d20+5‸attack»: «a» тут зайве", 0) == 0);
  std::string long_text, tail;  // "1+1+…1+": the quote keeps the last 24 characters before the spot
  for (int i = 0; i < 20; ++i) long_text += "1+", tail += i < 12 ? "1+" : "";
  CHECK(error_of(long_text).args()["mark"] == "…" + tail + "‸");
  for (const char* bad : {"1d20+", "4d6kq3", "(1d4", "1d", "4d6kh", "1d6[x", "1001d6", "1d0", "(1,2)rr1", "1d20mi>3",
                          "", "99999999999999999999"}) {
    UserError err = error_of(bad);
    for (Lang lang : kLangs) {
      INFO(bad << " in " << lang_code(lang));
      CHECK(has_key(lang, err.key()));
      CHECK(err.message(lang).find('{') == std::string::npos);  // every placeholder filled
    }
  }
}

TEST_CASE("dice grammar: limits", "[dice][grammar][limits]") {
  SECTION("at most 1000 dice in one term") {
    CHECK_NOTHROW(dice::validate("1000d6"));
    UserError e = error_of("1001d6");
    CHECK(e.key() == "dice.err.dice_count");
    CHECK(e.args()["count"] == 1001);
  }
  SECTION("sides 1 to 10000") {
    CHECK_NOTHROW(dice::validate("1d10000"));
    CHECK_NOTHROW(dice::validate("1d1"));
    CHECK(error_of("1d10001").key() == "dice.err.sides");
    CHECK(error_of("1d0").key() == "dice.err.sides");
    CHECK(error_of("1d0").args()["column"] == 3);
  }
  SECTION("length at most 500 characters (characters, not bytes)") {
    std::string ok = "1";
    while (ok.size() < 499) ok += "+1";
    CHECK(ok.size() == 499);
    CHECK_NOTHROW(dice::validate(ok));
    CHECK(error_of(ok + "+1").key() == "dice.err.too_long");
    std::string czech = "1d20 ";
    while (czech.size() < 5 + 2 * 495) czech += "ž";  // 495 two-byte letters: 500 characters, 995 bytes
    CHECK_NOTHROW(dice::validate(czech));
    CHECK(error_of(czech + "ž").key() == "dice.err.too_long");
  }
  SECTION("nesting at most 32 deep") {
    std::string ok = std::string(32, '(') + "1" + std::string(32, ')');
    CHECK_NOTHROW(dice::validate(ok));
    std::string deep = std::string(33, '(') + "1" + std::string(33, ')');
    UserError e = error_of(deep);
    CHECK(e.key() == "dice.err.too_deep");
    CHECK(e.args()["column"] == 33);
    CHECK(error_of(std::string(200, '(')).key() == "dice.err.too_deep");
  }
  SECTION("numbers beyond 2^53 (exact in a double)") {
    CHECK(error_of("99999999999999999999").key() == "dice.err.number_too_large");
    CHECK(error_of("9007199254740992").key() == "dice.err.number_too_large");  // 2^53
    CHECK_NOTHROW(dice::validate("9007199254740991"));
    CHECK(error_of("4d6kh99999999999").key() == "dice.err.number_too_large");
  }
  SECTION("operators that need dice") {
    CHECK(error_of("(1,2)rr1").key() == "dice.err.set_operator");
    CHECK(error_of("(1d6)e6").key() == "dice.err.set_operator");
    CHECK(error_of("(1d6)!").key() == "dice.err.set_operator");
    CHECK(error_of("1d20mi>3").key() == "dice.err.selector_number");
    CHECK(error_of("1d20mah3").key() == "dice.err.selector_number");
  }
  SECTION("empty") {
    CHECK(error_of("").key() == "dice.err.empty");
    CHECK(error_of("   ").key() == "dice.err.empty");
  }
}

TEST_CASE("dice grammar: advantage and disadvantage rewrite the first single d20", "[dice][grammar]") {
  CHECK(dice::with_advantage("1d20+5") == "2d20kh1+5");
  CHECK(dice::with_advantage("d20") == "2d20kh1");
  CHECK(dice::with_disadvantage("1d20 + 3 stealth") == "2d20kl1 + 3 stealth");
  CHECK(dice::with_advantage("1D20ro1+2") == "2D20ro1kh1+2");  // halfling luck survives advantage
  CHECK(dice::with_advantage("2d6+1d20") == "2d6+2d20kh1");
  CHECK(dice::with_advantage("2d20kh1") == "2d20kh1");          // already rolled twice
  // The k / к notation: the die's letter is not a "d" (this crashed, or doubled a later d-die)
  CHECK(dice::with_advantage("1k20") == "2k20kh1");
  CHECK(dice::with_advantage("к20+3") == "2к20kh1+3");
  CHECK(dice::with_disadvantage("1К20 + 1d6") == "2К20kl1 + 1d6");
  CHECK(dice::with_advantage("2d6 + 1K20") == "2d6 + 2K20kh1");
  CHECK(dice::with_advantage("1d8+3") == "1d8+3");              // no d20 at all
  CHECK(dice::with_advantage("1d20[attack]+5") == "2d20kh1[attack]+5");
  Rng rng(5);
  auto r = dice::roll(dice::with_advantage("1d20+5"), rng);
  CHECK(r.dice.size() == 2);
  CHECK((r.dice[0].kept != r.dice[1].kept));
  CHECK_THROWS_AS(dice::with_advantage("1d20+"), UserError);
}
