// DM rule "treasure" (on by default): a creature's purse and selling treasure from its inventory; the calculators
// `alien-tech` and `sell` (calc.cpp).
//
//   AdjustPurse {target, gp: −1e9..1e9 with at most 2 decimals, note?: text, reason?: personal_treasure, level?}
//     → purse_changed {creature, old, new, delta (copper pieces), note?, reason?, level?}; refused when the purse
//     would go below zero (rules.err.purse_short). reason personal_treasure: the league's gold for a new level
//     (EndLeagueSession runs it nested).
//   SellItem {target, item: index in the inventory, qty? = 1, category?: kSellCategories (default from the item's
//     kind), price?: gp per piece (default the item's value)} → item_sold {creature, index, name, qty, category,
//     price (cp per piece), gold (cp), old, new}: the pieces leave the inventory and the gold lands in the purse.
//     Refused: in shared-campaign play (rule league: found items and bought equipment are not sold), no such item,
//     more pieces than it has, no price.
// Data: Creature::modules.treasure.purse_cp (copper pieces, absent = 0), shown to players.
#include <cmath>

#include "core/campaign/derived.hpp"
#include "core/rules/common.hpp"
#include "core/rules/league/league.hpp"
#include "core/rules/treasure/treasure.hpp"

namespace druzina::rules {

using namespace detail;
namespace actions = campaign::actions;
namespace param = campaign::param;

namespace {

constexpr const char* kPurse = "purse_cp";

long long purse(const Creature& x) {
  const json& v = creature_data(x, kTreasure, kPurse);
  return v.is_number_integer() ? v.get<long long>() : 0;
}

// A gold amount in a command: a number with at most two decimals, within ±limit gp → copper pieces.
std::optional<long long> gp_param(const json& cmd, const char* name, double lo, double hi) {
  const json* v = param::find(cmd, name);
  if (!v) return std::nullopt;
  const json expected = {{"param", name}, {"expected", "gold pieces, at most 2 decimals, " + gp_text(std::llround(lo * 100)) +
                                                          "…" + gp_text(std::llround(hi * 100))}};
  if (!v->is_number()) throw UserError("campaign.err.param", expected);
  const double gp = v->get<double>();
  if (!std::isfinite(gp) || gp < lo || gp > hi) throw UserError("campaign.err.param", expected);
  const double cp = gp * 100;
  if (std::fabs(cp - std::round(cp)) > 1e-6) throw UserError("campaign.err.param", expected);
  return std::llround(cp);
}

bool selling_allowed(const Campaign& c) { return !campaign::rule_enabled(c, kLeague, false); }

// ---- events ------------------------------------------------------------------------------------------------
void apply_purse_changed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const long long v = d.at("new").get<long long>();
  if (v < 0 || v > kPurseMaxCp) throw std::out_of_range("purse out of range");
  set_creature_data(x, kTreasure, kPurse, v == 0 ? json(nullptr) : json(v));
}

std::string render_purse_changed(const json& d, const LogContext& lc) {
  const long long delta = d.value("delta", 0LL);
  json args = {{"name", name_of(lc, d)}, {"delta", (delta >= 0 ? "+" : "\xE2\x88\x92") + gp_text(std::llabs(delta))},
               {"total", gp_text(d.value("new", 0LL))}, {"note", d.value("note", "")}, {"level", d.value("level", 0)}};
  if (d.value("reason", "") == "personal_treasure") return tr(lc.lang, "event.purse_changed_personal_treasure", args);
  return tr(lc.lang, d.contains("note") ? "event.purse_changed_note" : "event.purse_changed", args);
}

void apply_item_sold(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const size_t i = d.at("index").get<size_t>();
  const int qty = d.at("qty").get<int>();
  if (i >= x.inventory.size() || x.inventory[i].name != d.at("name").get<std::string>() || qty > x.inventory[i].qty)
    throw std::logic_error("item_sold: the item is not there");
  x.inventory[i].qty -= qty;
  if (x.inventory[i].qty <= 0) x.inventory.erase(x.inventory.begin() + static_cast<std::ptrdiff_t>(i));
  const long long v = d.at("new").get<long long>();
  if (v < 0 || v > kPurseMaxCp) throw std::out_of_range("purse out of range");
  set_creature_data(x, kTreasure, kPurse, v == 0 ? json(nullptr) : json(v));
}

std::string render_item_sold(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.item_sold",
            {{"name", name_of(lc, d)}, {"item", d.value("name", "")}, {"qty", d.value("qty", 1)},
             {"gold", gp_text(d.value("gold", 0LL))}, {"total", gp_text(d.value("new", 0LL))}});
}

// ---- commands ----------------------------------------------------------------------------------------------
constexpr double kMaxAdjustGp = 1e9;

void validate_adjust(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const long long delta = *gp_param(cmd, "gp", -kMaxAdjustGp, kMaxAdjustGp);
  if (delta == 0) throw UserError("campaign.err.param", {{"param", "gp"}, {"expected", "not 0"}});
  if (param::find(cmd, "note") && param::str(cmd, "note").size() > 200)
    throw UserError("campaign.err.param", {{"param", "note"}, {"expected", "1–200 characters"}});
  if (param::find(cmd, "reason") && param::str(cmd, "reason") != "personal_treasure")
    throw UserError("campaign.err.param", {{"param", "reason"}, {"expected", "personal_treasure"}});
  if (param::find(cmd, "level")) param::integer(cmd, "level", 1, 20);
  const long long have = purse(x);
  if (have + delta < 0)
    throw UserError("rules.err.purse_short", {{"name", x.name}, {"gp", gp_text(-delta)}, {"have", gp_text(have)}});
  if (have + delta > kPurseMaxCp) throw UserError("rules.err.purse_full", {{"name", x.name}});
}

void execute_adjust(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const long long delta = *gp_param(cmd, "gp", -kMaxAdjustGp, kMaxAdjustGp), old = purse(x);
  json d = {{"creature", x.id}, {"old", old}, {"new", old + delta}, {"delta", delta}};
  if (param::find(cmd, "note")) d["note"] = param::str(cmd, "note");
  if (param::find(cmd, "reason")) d["reason"] = param::str(cmd, "reason");
  if (param::find(cmd, "level")) d["level"] = param::integer(cmd, "level", 1, 20);
  ctx.emit("purse_changed", std::move(d));
}

struct Sale {
  const Creature* x = nullptr;
  size_t index = 0;
  int qty = 1;
  std::string category;
  long long price_cp = 0, gold_cp = 0;
};

Sale sale(const Campaign& c, const json& cmd) {
  Sale s;
  s.x = &actions::require(c, param::str(cmd, "target"));
  if (!selling_allowed(c)) throw UserError("rules.err.sell_league");
  const auto& inv = s.x->inventory;
  const long long i = param::integer(cmd, "item", 0, 1'000'000);
  if (i >= static_cast<long long>(inv.size())) throw UserError("rules.err.sell_no_item", {{"name", s.x->name}});
  s.index = static_cast<size_t>(i);
  const auto& it = inv[s.index];
  s.qty = static_cast<int>(param::integer(cmd, "qty", 1, 1'000'000, 1));
  if (s.qty > it.qty) throw UserError("rules.err.sell_qty", {{"item", it.name}, {"qty", s.qty}, {"have", it.qty}});
  s.category = param::str(cmd, "category", sell_category_of(it.kind));
  if (std::find(kSellCategories.begin(), kSellCategories.end(), s.category) == kSellCategories.end())
    throw UserError("campaign.err.param", {{"param", "category"}, {"expected", "weapon, armor, gear, gem, jewelry, art or trade-good"}});
  s.price_cp = gp_param(cmd, "price", 0, kMaxAdjustGp).value_or(std::llround(it.value_gp * 100));
  if (s.price_cp <= 0) throw UserError("rules.err.sell_no_price", {{"item", it.name}});
  s.gold_cp = calc::sell_cp(s.category, s.price_cp) * s.qty;
  if (purse(*s.x) + s.gold_cp > kPurseMaxCp) throw UserError("rules.err.purse_full", {{"name", s.x->name}});
  return s;
}

void validate_sell(const Campaign& c, const json& cmd) { sale(c, cmd); }

void execute_sell(Ctx& ctx, const json& cmd) {
  const Sale s = sale(ctx.state(), cmd);
  const long long old = purse(*s.x);
  ctx.emit("item_sold", {{"creature", s.x->id}, {"index", s.index}, {"name", s.x->inventory[s.index].name}, {"qty", s.qty},
                         {"category", s.category}, {"price", s.price_cp}, {"gold", s.gold_cp}, {"old", old},
                         {"new", old + s.gold_cp}});
}

void install(Engine& e) {
  event(e, "purse_changed", apply_purse_changed, render_purse_changed);
  event(e, "item_sold", apply_item_sold, render_item_sold);
  command(e, "AdjustPurse", {"target", "gp", "note", "reason", "level"}, validate_adjust, execute_adjust);
  command(e, "SellItem", {"target", "item", "qty", "category", "price"}, validate_sell, execute_sell);
}

}  // namespace

std::string gp_text(long long cp) {
  const long long whole = cp / 100, rest = std::llabs(cp % 100);
  std::string s = cp < 0 && whole == 0 ? "-" : "";
  s += std::to_string(whole);
  if (rest == 0) return s;
  s += '.';
  s += static_cast<char>('0' + rest / 10);
  if (rest % 10) s += static_cast<char>('0' + rest % 10);
  return s;
}

std::string sell_category_of(std::string_view item_kind) {
  if (item_kind == "weapon") return "weapon";
  if (item_kind.rfind("armor_", 0) == 0 || item_kind == "shield") return "armor";
  if (item_kind == "art") return "art";
  return "gear";
}

PurseView purse_view(const Campaign& c, const Creature& x) {
  return {campaign::rule_enabled(c, kTreasure, true), purse(x), selling_allowed(c)};
}

campaign::Module treasure() {
  return {kTreasure, true, install,
          {.seed = "Продаж скарбів",
           .own_calculators = {alien_tech_calculator(), sell_calculator()},
           .reference = {"dm-alien-technology", "dm-selling-treasure", "dm-trade-goods"},
           .creature_data = {{kPurse, "int 0..10^11: copper pieces in the purse (100 cp = 1 gp; absent = 0)", false,
                              [](const json& v) { int_in(v, 0, kPurseMaxCp); }}}}};
}

}  // namespace druzina::rules
