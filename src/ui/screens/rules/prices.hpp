// The Rules screen's price list (house rule 16 "Ceník", core: core/reference search_prices / price_of /
// format_price; campaign overrides: rules::price_overrides, set with SetPriceOverride). Searchable in the
// reader's language (diacritics-insensitive, as the core folds it), filtered by category (grouped under category
// headings when nothing is typed), each row with its name, the price that applies, the rulebook price struck
// through when another price applies, and the weight. A tapped item opens: every price it has, its note, and —
// for the DM — gp/sp/cp steppers to set this campaign's price, or remove it. Player mode only reads.
// Test ids: prices.search, prices.category (the filter button), prices.category.<all | category>, prices.count,
// prices.row.<id> (label "name = price [rulebook]"), prices.back, prices.item.{name,price,rulebook,house,campaign,
// weight}, prices.override.{gp,sp,cp}.{minus,value,plus}, prices.override.preview, prices.override.set,
// prices.override.remove, prices.readonly.
#pragma once

namespace druzina::ui {

// The search field, the category filter and the rows (a tap opens the item).
void draw_price_list();
// The open item; show_back: a "← Prices" button that closes it (portrait). Returns false when no item is open.
bool draw_price_item(bool show_back);
bool price_item_open();

}  // namespace druzina::ui
