#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/i18n.hpp"

using namespace druzina;

TEST_CASE("i18n: plural categories of Czech, Ukrainian and English", "[i18n]") {
  using P = Plural;
  // cs: 1 bod / 2 body / 5 bodů
  CHECK(plural_category(Lang::cs, 1) == P::one);
  CHECK(plural_category(Lang::cs, 3) == P::few);
  CHECK(plural_category(Lang::cs, 5) == P::many);
  CHECK(plural_category(Lang::cs, 0) == P::many);
  CHECK(plural_category(Lang::cs, 21) == P::many);
  // uk: 1 хіт / 2 хіти / 5 хітів / 11 хітів / 21 хіт / 22 хіти
  CHECK(plural_category(Lang::uk, 1) == P::one);
  CHECK(plural_category(Lang::uk, 2) == P::few);
  CHECK(plural_category(Lang::uk, 5) == P::many);
  CHECK(plural_category(Lang::uk, 11) == P::many);
  CHECK(plural_category(Lang::uk, 12) == P::many);
  CHECK(plural_category(Lang::uk, 21) == P::one);
  CHECK(plural_category(Lang::uk, 22) == P::few);
  CHECK(plural_category(Lang::en, 1) == P::one);
  CHECK(plural_category(Lang::en, 2) == P::many);
}

TEST_CASE("i18n: placeholders and plural texts", "[i18n]") {
  nlohmann::json plural = {{"one", "{n} bod"}, {"few", "{n} body"}, {"many", "{n} bodů"}};
  CHECK(format_text(Lang::cs, plural, {{"n", 1}}) == "1 bod");
  CHECK(format_text(Lang::cs, plural, {{"n", 2}}) == "2 body");
  CHECK(format_text(Lang::cs, plural, {{"n", 5}}) == "5 bodů");
  CHECK(format_text(Lang::en, "{a} and {b}", {{"a", "x"}, {"b", 2}}) == "x and 2");
  CHECK(format_text(Lang::en, "{missing} stays", nlohmann::json::object()) == "{missing} stays");
}

TEST_CASE("i18n: user errors render in the chosen language", "[i18n]") {
  UserError e("cli.err.bad_lang", {{"value", "xx"}});
  CHECK(e.message(Lang::en) == "Unknown language “xx”: use cs, uk or en.");
  CHECK(e.message(Lang::cs).find("Neznámý jazyk „xx“") == 0);
  CHECK(e.message(Lang::uk).find("Невідома мова «xx»") == 0);
  CHECK(parse_lang("uk-UA") == Lang::uk);
  CHECK_FALSE(parse_lang("de").has_value());
}
