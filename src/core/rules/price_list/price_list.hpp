// House rule "Ceník" as the rule module "price-list", on by default: the price list (assets/data/prices/*.json,
// reference::price_of) with the DM's own prices per campaign, the module's campaign data
// Campaign::modules["price-list"].overrides (item id → gp, absent = none). Command SetPriceOverride, event
// price_overrides_set, texts in assets/i18n/<lang>/ui_prices.json and rules.json, tests in
// tests/unit/rules_modules.tests.cpp ("price list"), the screen src/ui/screens/rules/prices.cpp.
#pragma once
#include <map>
#include <string>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kPriceList = "price-list";

campaign::Module price_list();

// The DM's prices of this campaign (item id → gp), whether the rule is on or not (the UI asks rule_enabled).
std::map<std::string, double> price_overrides(const campaign::Campaign& c);

}  // namespace druzina::rules
