// The translation catalogs as files (assets/i18n/<lang>/*.json in the source tree), for checks that need a text's
// template — its {placeholders}, its plural forms — rather than a filled-in line (core/i18n.hpp's tr()).
#pragma once
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/i18n.hpp"

namespace druzina::test {

// The raw text of key in the language's catalog files (a string or a plural object), or nullptr when no file has it.
const nlohmann::json* catalog_text(Lang lang, const std::string& key);
// Every key of the language's catalog files that starts with prefix (sorted).
std::vector<std::string> catalog_keys(Lang lang, const std::string& prefix);

// The {placeholders} of a text (of every form of a plural text). "{reason_cs}" in cs, "{reason_uk}" in uk … count as
// one placeholder "{reason_<lang>}": a nested error in the reader's language.
std::set<std::string> placeholders(const nlohmann::json& text, Lang lang);

// What is wrong with one key across cs, uk and en: missing in a language, an empty text (or plural form), or
// {placeholders} that differ between the languages. Empty when the key is fine.
std::vector<std::string> key_problems(const std::string& key);

}  // namespace druzina::test
