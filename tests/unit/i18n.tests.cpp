#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/i18n.hpp"
#include "core/campaign/state.hpp"
#include "rules_helpers.hpp"

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

TEST_CASE("i18n: dice in the reader's notation (cs k, uk к, en d)", "[i18n][dice]") {
  CHECK(dice_notation(Lang::cs, "1d20 (14) + 5 = 19") == "1k20 (14) + 5 = 19");
  CHECK(dice_notation(Lang::uk, "2d6 + 1d%") == "2к6 + 1к%");
  CHECK(dice_notation(Lang::uk, "d20, (d4)") == "к20, (к4)");
  CHECK(dice_notation(Lang::en, "2d6") == "2d6");
  // Only dice: words, ids and annotations keep their d.
  CHECK(dice_notation(Lang::cs, "id20 c1d2 Ed6 [fire] do 3d8kh2") == "id20 c1d2 Ed6 [fire] do 3k8kh2");
  CHECK(dice_notation(Lang::uk, "ґd6 d") == "ґd6 d");
  // Every text the app renders goes through it: the log, prompts and cards read alike.
  CHECK(format_text(Lang::cs, "{name}: {expr}", {{"name", "Olena"}, {"expr", "4d10"}}) == "Olena: 4k10");
  CHECK(format_text(Lang::uk, "{expr}", {{"expr", "4d10 + 4"}}) == "4к10 + 4");
}

TEST_CASE("i18n: every stored field a log line can name has a text in cs, uk and en", "[i18n][log]") {
  // "Aňa: změněno resistances": creature_updated names the patched fields (campaign.field.<name>),
  // settings_changed the settings (campaign.setting.<name>); a missing text prints the stored name.
  std::vector<std::string> keys;
  for (const auto& f : campaign::creature_fields())
    if (f != "id") keys.push_back("campaign.field." + f);
  const nlohmann::json settings = campaign::Settings{};  // (a temporary's items() would outlive it)
  for (const auto& [k, v] : settings.items()) keys.push_back("campaign.setting." + k);
  REQUIRE(keys.size() > 30);
  for (Lang lang : {Lang::cs, Lang::uk, Lang::en})
    for (const auto& key : keys) {
      INFO(key);
      CHECK(has_key(lang, key));
    }
  // and the log line reads so: a changed resistance in Czech and Ukrainian
  test::RulesTable t;
  test::new_campaign(t);
  const std::string a = t.pc("Aňa", 9);
  const auto& tx = t.run({{"type", "UpdateCreature"}, {"target", a}, {"patch", {{"resistances", {"fire"}}}}});
  campaign::LogContext lc{Lang::cs, [&](const std::string& id) { return t.c(id).name; }};
  CHECK(campaign::Engine::standard().render(tx.events.at(0), lc) == "Aňa: změněno odolnosti.");
  lc.lang = Lang::uk;
  CHECK(campaign::Engine::standard().render(tx.events.at(0), lc).find("resistances") == std::string::npos);
}
