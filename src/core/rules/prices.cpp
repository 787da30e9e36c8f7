// House rule "Ceník": the price list (assets/data/prices/*.json, reference::price_of) with the DM's overrides in
// Settings::price_overrides (item id → gp). SetSettings can patch that map; SetPriceOverride is the one-item
// form the price screen uses, checked against the price list:
//   SetPriceOverride {item: price id, gp?: the DM's price (absent or null clears the override)}
//   → settings_changed {"patch": {"price_overrides": {item: gp | null}}} (the base event).
#include "core/reference/reference.hpp"
#include "core/rules/common.hpp"

namespace druzina::rules {

using namespace detail;
namespace param = campaign::param;

namespace {

void check(const Campaign& c, const json& cmd) {
  std::string item = param::str(cmd, "item");
  reference::price_item(item);  // unknown → reference.err.unknown_price
  if (const json* gp = param::find(cmd, "gp")) {
    if (!gp->is_number() || gp->get<double>() < 0 || gp->get<double>() > 1e9)
      throw UserError("campaign.err.param", {{"param", "gp"}, {"expected", "number ≥ 0"}});
  } else if (!c.settings.price_overrides.count(item)) {
    throw UserError("rules.err.no_override", {{"item", item}});
  }
}

}  // namespace

Module price_list() {
  return {kPriceList,
          true,
          [](Engine& e) {
            command(e, "SetPriceOverride", {"item", "gp"}, check, [](Ctx& ctx, const json& cmd) {
              const std::string item = param::str(cmd, "item");
              const json* gp = param::find(cmd, "gp");
              json patch;
              patch["price_overrides"][item] = gp ? *gp : json(nullptr);
              ctx.emit("settings_changed", {{"patch", std::move(patch)}});
            });
          },
          {.seed = "Ceník", .reference = {"hr-price-list"}}};
}

}  // namespace druzina::rules
