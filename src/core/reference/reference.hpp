// The rules reference and the price list: the data behind the Rules screen and `druzina reference` / `druzina
// prices`. Entries live in assets/data/reference/<group>.json (one file per topic group, a JSON array of entries),
// price items in assets/data/prices/<group>.json (format: docs/reference.md). Both are loaded lazily from the
// embedded assets and searched case- and diacritics-insensitively in the reader's language.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/i18n.hpp"

namespace druzina::reference {

// [SECTION] Text folding -------------------------------------------------------------------------------------

// Lowercases UTF-8 text and strips what a phone keyboard user may leave out: Latin diacritics (č→c, ř→r, ů→u,
// é→e, ß→ss …), apostrophes of every kind (', ’, ʼ — dropped), Cyrillic case (А–Я, Ѐ–Џ incl. Є/І/Ї, Ґ → lower
// case). Other punctuation becomes a space; runs of spaces collapse to one; no leading/trailing space. Invalid
// UTF-8 bytes are skipped. Cyrillic letters keep their identity (ї stays ї, й stays й).
std::string fold(std::string_view utf8);

// The folded query split at spaces (empty words dropped).
std::vector<std::string> terms(std::string_view query);

// [SECTION] Reference entries --------------------------------------------------------------------------------

inline constexpr const char* kSources[] = {"house-rules", "dm-rules", "srd-5.1"};  // display order

struct Entry {
  std::string id;                           // unique, lowercase letters, digits and '-'
  std::string source;                       // one of kSources
  std::string group;                        // the file it came from, without .json ("dm-rules-health")
  std::string edition;                      // optional: "2014" | "2024" (rules that differ between editions)
  Text title, summary, body;                // body markup: blank line between paragraphs, "- " starts a bullet
  std::vector<std::string> tags;            // language-neutral words (English), searched in every language
  std::vector<std::string> tools;           // calculator names (calc::calculators())
  std::vector<std::string> tables;          // roll-table ids that exist (assets/data/tables)
  std::vector<std::string> planned_tables;  // roll-table ids that will exist (DM generators); see tables_now()
  std::vector<std::string> related;         // other entry ids
};
void from_json(const nlohmann::json& j, Entry& e);
void to_json(nlohmann::json& j, const Entry& e);  // the stored shape (all languages)

// Every entry: files in name order, entries in file order. Loaded on first use.
const std::vector<Entry>& entries();
const Entry* find(std::string_view id);
const Entry& entry(std::string_view id);  // unknown → UserError("reference.err.unknown", {id})

// The tables an entry can link to now: `tables` plus any planned table that has appeared since.
std::vector<std::string> tables_now(const Entry& e);

// The body split into blocks: paragraphs (lines joined with a space) and bullets ("- " removed).
struct Block {
  bool bullet = false;
  std::string text;
};
std::vector<Block> blocks(std::string_view body);

struct Hit {
  const Entry* entry = nullptr;
  int score = 0;
};
// Ranked entries matching every word of the query in `lang` (title, tags, summary, body; the id counts as a
// tag). Score per word: title 100 (+20 when a title word starts with it), tag or id 40, summary 20, body 5;
// the whole query equal to the title +300, the title starting with it +100. Ties keep source order (house
// rules, DM rules, SRD), then file order. An empty query returns all entries grouped by source (score 0).
std::vector<Hit> search(std::string_view query, Lang lang);

// {"id","source","title","summary"} in one language (the list shape of the CLI and the UI).
nlohmann::json brief_json(const Entry& e, Lang lang);

// Problems with the loaded entries (empty = fine): ids (shape, uniqueness), sources, three languages in title,
// summary and body, body markup, related ids, table ids (existing in `tables`, not yet existing in
// `planned_tables`), tool names against the calculator registry.
std::vector<std::string> validate();

// [SECTION] Price list ---------------------------------------------------------------------------------------

struct PriceItem {
  std::string id;
  Text name;
  std::string category;                // e.g. "weapon-martial-melee", "adventuring-gear", "poison"
  double price_gp = 0;                 // the rulebook price; 0.1 = 1 sp, 0.01 = 1 cp
  std::optional<double> weight_lb;     // none when the rulebook lists no weight
  std::optional<double> override_gp;   // the DM's house-rule price (house rule "Ceník"), when set
  Text note;                           // optional (all empty when none)
  std::string group;                   // the file it came from
};
void from_json(const nlohmann::json& j, PriceItem& p);
void to_json(nlohmann::json& j, const PriceItem& p);

const std::vector<PriceItem>& price_items();  // files in name order, items in file order
const PriceItem* find_price(std::string_view id);
const PriceItem& price_item(std::string_view id);  // unknown → UserError("reference.err.unknown_price", {id})

// The price that applies: a campaign override for this id (set by the DM in the campaign settings) wins over the
// house-rule override_gp, which wins over the rulebook price_gp.
double price_of(const PriceItem& item, const std::map<std::string, double>& campaign_overrides = {});

// Categories in display order (as they first appear in the data).
std::vector<std::string> price_categories();

// Ranked like search(): name 100 (+20 word start), category label (assets/i18n reference.category.*) or id 40,
// note 5. An empty query returns every item in file order.
std::vector<const PriceItem*> search_prices(std::string_view query, Lang lang);

// Money as a table says it: 15 → "15 gp", 0.5 → "5 sp", 0.02 → "2 cp", 1.5 → "1 gp 5 sp" (units per language:
// zl/st/md, зм/см/мм, gp/sp/cp); thousands grouped ("1,500 gp" / "1 500 zl").
std::string format_price(double gp, Lang lang);

// {"id","name","category","price_gp","weight_lb","override_gp","price","note"} in one language; `price` is
// price_of(item, overrides).
nlohmann::json price_json(const PriceItem& p, Lang lang, const std::map<std::string, double>& overrides = {});

// Problems with the price data (empty = fine): ids, names and notes in three languages, categories, prices
// and weights (non-negative, whole copper pieces).
std::vector<std::string> validate_prices();

}  // namespace druzina::reference
