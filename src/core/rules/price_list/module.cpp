// House rule "Ceník": the DM's own prices (see price_list.hpp).
//   SetPriceOverride {item: a price list id, gp?: the DM's price 0..1e9 (absent or null clears the override)}
//   → price_overrides_set {"patch": {item: gp | null}} (a merge patch of the overrides: null clears one).
// Until schema 5 the overrides were Settings::price_overrides, changed by settings_changed; io::migrate turns those
// into price_overrides_set events.
#include "core/rules/price_list/price_list.hpp"

#include "core/campaign/json_read.hpp"
#include "core/reference/reference.hpp"
#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kOverrides = "overrides";

void check_overrides(const json& v) {
  namespace jr = campaign::jr;
  std::map<std::string, double> m;
  jr::get(v, m);
  if (m.empty()) jr::fail_value("empty");
  if (m.size() > 100'000) jr::fail_value("too_many", jobj{"max", 100'000, "value", m.size()});
  for (const auto& [item, gp] : m) {
    jr::PathGuard g(item);
    if (!(gp >= 0) || gp > 1e9) jr::fail_value("out_of_range", jobj{"value", gp, "min", 0, "max", 1e9});
  }
}

// The table sees the DM's prices (the players' price list reads them); the table link carries them as "o".
campaign::DataField overrides_field() {
  campaign::DataField f{kOverrides, "map item id → gp (0..1e9)", false, check_overrides};
  f.for_table = [](const json& v, const campaign::Sees&) { return v.empty() ? json(nullptr) : v; };
  f.wire = {"o", [](const json& shown) { return shown.empty() ? json(nullptr) : shown; },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_object()) throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "object"});
              return compact;
            }};
  return f;
}

void validate_set_price_override(const Campaign& c, const json& cmd) {
  std::string item = param::str(cmd, "item");
  reference::price_item(item);  // unknown → reference.err.unknown_price
  if (const json* gp = param::find(cmd, "gp"); gp && !gp->is_null()) {
    if (!gp->is_number() || gp->get<double>() < 0 || gp->get<double>() > 1e9)
      throw UserError("campaign.err.param", jobj{"param", "gp", "expected", "number ≥ 0"});
  } else if (!price_overrides(c).count(item)) {
    throw UserError("rules.err.no_override", jobj{"item", item});
  }
}

void execute_set_price_override(Ctx& ctx, const json& cmd) {
  const json* gp = param::find(cmd, "gp");
  json patch;
  patch[param::str(cmd, "item")] = gp ? *gp : json(nullptr);
  ctx.emit("price_overrides_set", jobj{"patch", std::move(patch)});
}

void apply_price_overrides_set(Campaign& c, const json& d) {
  const json& patch = d.at("patch");
  if (!patch.is_object()) throw std::invalid_argument("patch must be an object");
  json& m = data_ref(c, kPriceList);
  json merged = m.contains(kOverrides) ? m[kOverrides] : json::object();
  merged.merge_patch(patch);
  if (merged.empty())
    m.erase(kOverrides);
  else
    m[kOverrides] = std::move(merged);
  if (m.empty()) c.modules.erase(kPriceList);
}

// "Prices: Dagger 1.5 gp, Basic poison (vial) as in the list."
std::string render_price_overrides_set(const json& d, const LogContext& lc) {
  std::string items;
  for (auto it = d.at("patch").begin(); it != d.at("patch").end(); ++it) {
    const reference::PriceItem* p = reference::find_price(it.key());
    const std::string name = p ? p->name.in(lc.lang) : it.key();
    append(items, ", ",
           it->is_number() ? tr(lc.lang, "rules.price_override.set", jobj{"item", name, "price", reference::format_price(it->get<double>(), lc.lang)})
                           : tr(lc.lang, "rules.price_override.cleared", jobj{"item", name}));
  }
  return tr(lc.lang, "event.price_overrides_set", jobj{"items", items});
}

void install(Engine& e) {
  event(e, "price_overrides_set", apply_price_overrides_set, render_price_overrides_set);
  command(e, "SetPriceOverride", {"item", "gp"}, validate_set_price_override, execute_set_price_override);
}

}  // namespace

std::map<std::string, double> price_overrides(const Campaign& c) {
  std::map<std::string, double> m;
  const json& v = data_at(c, kPriceList, kOverrides);
  if (v.is_object()) campaign::jr::get(v, m);
  return m;
}

Module price_list() {
  return {kPriceList, true, install, {.seed = "Ceník", .reference = {"hr-price-list"}, .campaign_data = {overrides_field()}}};
}

}  // namespace druzina::rules
