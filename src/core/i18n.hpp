// Languages and translated text. Every user-facing string lives in assets/i18n/<lang>/<module>.json as a flat
// key → text map; a text may hold {name} placeholders, and a plural text is an object
// {"one": …, "few": …, "many": …} chosen by the integer argument "n" with each language's own rules
// (cs: 1 bod / 2 body / 5 bodů; uk: 1 хіт / 2 хіти / 5 хітів; en: one / many).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace druzina {

enum class Lang { cs, uk, en };
inline constexpr Lang kLangs[] = {Lang::cs, Lang::uk, Lang::en};

std::string_view lang_code(Lang lang);
std::optional<Lang> parse_lang(std::string_view code);  // "cs", "uk", "en" (also "cs-CZ", "uk-UA", "en-US" …)

enum class Plural { one, few, many };
Plural plural_category(Lang lang, long long n);

// A text given in all three languages, as table rows and rule data carry it: {"cs": …, "uk": …, "en": …}.
struct Text {
  std::string cs, uk, en;
  const std::string& in(Lang lang) const;
  // Every language is there: all three natively, the languages loaded in the web build (core/assets.hpp).
  bool complete() const;
};
void to_json(nlohmann::json& j, const Text& t);
void from_json(const nlohmann::json& j, Text& t);

// Looks up key in the language's catalog (all assets/i18n/<lang>/*.json merged) and fills {placeholders} from
// args (an object). A missing key returns the key itself, so a gap is visible rather than blank.
std::string tr(Lang lang, std::string_view key, const nlohmann::json& args = nlohmann::json::object());
bool has_key(Lang lang, std::string_view key);

// Writes the dice in a text as the reader's table does: "2d6", "1d%" and "d20" become cs "2k6", "1k%", "k20" and
// uk "2к6", "1к%", "к20" (en keeps d). A d counts as a die where a digit or % follows and no letter stands before.
std::string dice_notation(Lang lang, std::string text);

// Fills {placeholders} of one template (used by tr and by data texts with parameters); the result's dice are in the
// language's notation (dice_notation).
std::string format_text(Lang lang, const nlohmann::json& tmpl, const nlohmann::json& args);

}  // namespace druzina
