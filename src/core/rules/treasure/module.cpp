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
//   AlienTechCheck {target, item: text 1–100, complexity?: simple | complex (a new item; default simple), total?: the
//     Intelligence check's total as rolled at the table (else d20 + INT, with advantage when seen_used or earned by
//     the last check, disadvantage when the last check earned it), seen_used?: bool}
//     → alien_tech_checked {creature, item, complexity, total, roll?, outcome: wasted | failure | success |
//     breakthrough, successes, failures, needed, next?: advantage | disadvantage, state: learning | figured | broken}.
//     Outcomes by the total (the DMG's table "figuring out alien technology"): 9 or lower a failure, a charge or use
//     wasted and disadvantage on the next check; 10–14 a failure; 15–19 a success; 20 or higher a success and
//     advantage on the next. Enough successes (2 simple, 4 complex): figured out. Four failures before a long rest:
//     the item breaks. Refused for an item figured out or broken (rules.err.alien_done).
//   ForgetAlienTech {target, item} → alien_tech_forgotten {creature, item}.
//   The long rest (long_rest_applied) → alien_tech_rested {creature} (silent): the failures of items still being
//     learnt start again from zero.
// Data: Creature::modules.treasure.purse_cp (copper pieces, absent = 0) and .alien_tech (absent = none: a list of
// {item, complexity, successes, failures, next?, state}), shown to players.
#include <algorithm>
#include <cmath>

#include "core/campaign/derived.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/league/league.hpp"
#include "core/rules/treasure/treasure.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

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
  const json expected = jobj{"param", name, "expected", "gold pieces, at most 2 decimals, " + gp_text(std::llround(lo * 100)) +
                                                          "…" + gp_text(std::llround(hi * 100))};
  if (!v->is_number()) throw UserError("campaign.err.param", expected);
  const double gp = v->get<double>();
  if (!std::isfinite(gp) || gp < lo || gp > hi) throw UserError("campaign.err.param", expected);
  const double cp = gp * 100;
  if (std::fabs(cp - std::round(cp)) > 1e-6) throw UserError("campaign.err.param", expected);
  return std::llround(cp);
}

bool selling_allowed(const Campaign& c) { return !campaign::rule_enabled(c, kLeague, false); }

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_purse_changed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const long long v = d.at("new").get<long long>();
  if (v < 0 || v > kPurseMaxCp) throw std::out_of_range("purse out of range");
  set_creature_data(x, kTreasure, kPurse, v == 0 ? json(nullptr) : json(v));
}

std::string render_purse_changed(const json& d, const LogContext& lc) {
  const long long delta = d.value("delta", 0LL);
  json args = jobj{"name", name_of(lc, d), "delta", (delta >= 0 ? "+" : "\xE2\x88\x92") + gp_text(std::llabs(delta)),
               "total", gp_text(d.value("new", 0LL)), "note", d.value("note", ""), "level", d.value("level", 0)};
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
            jobj{"name", name_of(lc, d), "item", d.value("name", ""), "qty", d.value("qty", 1),
             "gold", gp_text(d.value("gold", 0LL)), "total", gp_text(d.value("new", 0LL))});
}

// [SECTION] alien technology ------------------------------------------------------------------------------------------
constexpr const char* kAlien = "alien_tech";

const json& alien_list(const Creature& x) { return creature_data(x, kTreasure, kAlien); }

const json* alien_entry(const Creature& x, const std::string& item) {
  const json& list = alien_list(x);
  if (!list.is_array()) return nullptr;
  for (const auto& e : list)
    if (e.value("item", "") == item) return &e;
  return nullptr;
}

void apply_alien_checked(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = alien_list(x).is_array() ? alien_list(x) : json::array();
  json e = jobj{"item", d.at("item"), "complexity", d.at("complexity"), "successes", d.at("successes"),
            "failures", d.at("failures"), "state", d.at("state")};
  if (d.contains("next")) e["next"] = d.at("next");
  auto it = std::find_if(list.begin(), list.end(), [&](const json& v) { return v.value("item", "") == d.at("item"); });
  if (it != list.end()) *it = std::move(e);
  else list.push_back(std::move(e));
  set_creature_data(x, kTreasure, kAlien, std::move(list));
}

std::string render_alien_checked(const json& d, const LogContext& lc) {
  const std::string which = "event.alien_tech_checked." + d.value("state", std::string("learning"));
  const std::string outcome = "rules.alien.outcome." + d.value("outcome", std::string("failure"));
  json args = jobj{"name", name_of(lc, d), "item", d.value("item", ""), "total", d.value("total", 0),
               "successes", d.value("successes", 0), "needed", d.value("needed", 2), "failures", d.value("failures", 0),
               "outcome", tr(lc.lang, outcome)};
  return tr(lc.lang, which, args);
}

void apply_alien_forgotten(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = alien_list(x).is_array() ? alien_list(x) : json::array();
  list.erase(std::remove_if(list.begin(), list.end(), [&](const json& v) { return v.value("item", "") == d.at("item"); }), list.end());
  set_creature_data(x, kTreasure, kAlien, list.empty() ? json(nullptr) : std::move(list));
}

void apply_alien_rested(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = alien_list(x);
  for (auto& e : list)
    if (e.value("state", "") == "learning") e["failures"] = 0;
  set_creature_data(x, kTreasure, kAlien, std::move(list));
}

std::string alien_item(const json& cmd) {
  const std::string item = param::str(cmd, "item");
  if (item.size() > 100) throw UserError("campaign.err.param", jobj{"param", "item", "expected", "1–100 characters"});
  return item;
}

void validate_alien_check(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const std::string item = alien_item(cmd);
  if (param::find(cmd, "complexity")) {
    const std::string k = param::str(cmd, "complexity");
    if (k != "simple" && k != "complex") throw UserError("campaign.err.param", jobj{"param", "complexity", "expected", "simple or complex"});
  }
  if (param::find(cmd, "total")) param::integer(cmd, "total", -10, 60);
  param::boolean(cmd, "seen_used", false);
  if (const json* e = alien_entry(x, item); e && e->value("state", "") != "learning")
    throw UserError("rules.err.alien_done", jobj{"item", item});
}

void execute_alien_check(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const std::string item = alien_item(cmd);
  const json* e = alien_entry(x, item);
  const std::string complexity = e ? e->value("complexity", "simple") : param::str(cmd, "complexity", "simple");
  const calc::AlienTech rule = calc::alien_tech(complexity == "complex");
  int successes = e ? e->value("successes", 0) : 0, failures = e ? e->value("failures", 0) : 0;
  const std::string next = e ? e->value("next", "") : "";
  json d = jobj{"creature", x.id, "item", item, "complexity", complexity, "needed", rule.successes_needed};
  int total = 0;
  if (param::find(cmd, "total")) {
    total = static_cast<int>(param::integer(cmd, "total", -10, 60));
  } else {
    const bool adv = param::boolean(cmd, "seen_used", false) || next == "advantage", dis = next == "disadvantage";
    std::string expr = "1d20" + signed_text(campaign::modifier(x, "int"));
    if (adv && !dis) expr = dice::with_advantage(expr);
    if (dis && !adv) expr = dice::with_disadvantage(expr);
    const dice::Roll r = dice::roll(expr, ctx.rng());
    total = static_cast<int>(r.total);
    d["roll"] = r.text;
  }
  std::string outcome;
  if (total <= 9) outcome = "wasted", ++failures, d["next"] = "disadvantage";
  else if (total <= 14) outcome = "failure", ++failures;
  else if (total <= 19) outcome = "success", ++successes;
  else outcome = "breakthrough", ++successes, d["next"] = "advantage";
  d["total"] = total;
  d["outcome"] = outcome;
  d["successes"] = successes;
  d["failures"] = failures;
  d["state"] = successes >= rule.successes_needed ? "figured" : failures >= rule.breaks_after_failures ? "broken" : "learning";
  if (d["state"] != "learning") d.erase("next");
  ctx.emit("alien_tech_checked", std::move(d));
}

void validate_alien_forget(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const std::string item = alien_item(cmd);
  if (!alien_entry(x, item)) throw UserError("rules.err.alien_unknown", jobj{"item", item});
}

void execute_alien_forget(Ctx& ctx, const json& cmd) {
  ctx.emit("alien_tech_forgotten", jobj{"creature", param::str(cmd, "target"), "item", alien_item(cmd)});
}

void alien_after_long_rest(Ctx& ctx, const campaign::Event& ev) {
  const Creature* x = campaign::find_creature(ctx.state(), ev.data.value("creature", ""));
  if (!x || !alien_list(*x).is_array()) return;
  for (const auto& e : alien_list(*x))
    if (e.value("state", "") == "learning" && e.value("failures", 0) > 0) return ctx.emit("alien_tech_rested", jobj{"creature", x->id});
}

void alien_field(const json& v) {
  if (!v.is_array()) campaign::jr::fail_type("array");
  if (v.size() > 100) campaign::jr::fail_value("too_many", jobj{"max", 100});
  for (const auto& e : v) {
    if (!e.is_object() || !e.contains("item") || !e["item"].is_string()) campaign::jr::fail_type("{item, complexity, successes, failures, state}");
    int_in(e.value("successes", json(0)), 0, 4);
    int_in(e.value("failures", json(0)), 0, 4);
    const std::string st = e.value("state", "");
    if (st != "learning" && st != "figured" && st != "broken") campaign::jr::fail_value("unknown_value", jobj{"value", st});
  }
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
constexpr double kMaxAdjustGp = 1e9;

void validate_adjust(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const long long delta = *gp_param(cmd, "gp", -kMaxAdjustGp, kMaxAdjustGp);
  if (delta == 0) throw UserError("campaign.err.param", jobj{"param", "gp", "expected", "not 0"});
  if (param::find(cmd, "note") && param::str(cmd, "note").size() > 200)
    throw UserError("campaign.err.param", jobj{"param", "note", "expected", "1–200 characters"});
  if (param::find(cmd, "reason") && param::str(cmd, "reason") != "personal_treasure")
    throw UserError("campaign.err.param", jobj{"param", "reason", "expected", "personal_treasure"});
  if (param::find(cmd, "level")) param::integer(cmd, "level", 1, 20);
  const long long have = purse(x);
  if (have + delta < 0)
    throw UserError("rules.err.purse_short", jobj{"name", x.name, "gp", gp_text(-delta), "have", gp_text(have)});
  if (have + delta > kPurseMaxCp) throw UserError("rules.err.purse_full", jobj{"name", x.name});
}

void execute_adjust(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const long long delta = *gp_param(cmd, "gp", -kMaxAdjustGp, kMaxAdjustGp), old = purse(x);
  json d = jobj{"creature", x.id, "old", old, "new", old + delta, "delta", delta};
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
  if (i >= static_cast<long long>(inv.size())) throw UserError("rules.err.sell_no_item", jobj{"name", s.x->name});
  s.index = static_cast<size_t>(i);
  const auto& it = inv[s.index];
  s.qty = static_cast<int>(param::integer(cmd, "qty", 1, 1'000'000, 1));
  if (s.qty > it.qty) throw UserError("rules.err.sell_qty", jobj{"item", it.name, "qty", s.qty, "have", it.qty});
  s.category = param::str(cmd, "category", sell_category_of(it.kind));
  if (std::find(kSellCategories.begin(), kSellCategories.end(), s.category) == kSellCategories.end())
    throw UserError("campaign.err.param", jobj{"param", "category", "expected", "weapon, armor, gear, gem, jewelry, art or trade-good"});
  s.price_cp = gp_param(cmd, "price", 0, kMaxAdjustGp).value_or(std::llround(it.value_gp * 100));
  if (s.price_cp <= 0) throw UserError("rules.err.sell_no_price", jobj{"item", it.name});
  s.gold_cp = calc::sell_cp(s.category, s.price_cp) * s.qty;
  if (purse(*s.x) + s.gold_cp > kPurseMaxCp) throw UserError("rules.err.purse_full", jobj{"name", s.x->name});
  return s;
}

void validate_sell(const Campaign& c, const json& cmd) { sale(c, cmd); }

void execute_sell(Ctx& ctx, const json& cmd) {
  const Sale s = sale(ctx.state(), cmd);
  const long long old = purse(*s.x);
  ctx.emit("item_sold", jobj{"creature", s.x->id, "index", s.index, "name", s.x->inventory[s.index].name, "qty", s.qty,
                         "category", s.category, "price", s.price_cp, "gold", s.gold_cp, "old", old,
                         "new", old + s.gold_cp});
}

void install(Engine& e) {
  event(e, "purse_changed", apply_purse_changed, render_purse_changed);
  event(e, "item_sold", apply_item_sold, render_item_sold);
  command(e, "AdjustPurse", {"target", "gp", "note", "reason", "level"}, validate_adjust, execute_adjust);
  command(e, "SellItem", {"target", "item", "qty", "category", "price"}, validate_sell, execute_sell);
  event(e, "alien_tech_checked", apply_alien_checked, render_alien_checked);
  event(e, "alien_tech_forgotten", apply_alien_forgotten);
  event(e, "alien_tech_rested", apply_alien_rested, {}, true);
  command(e, "AlienTechCheck", {"target", "item", "complexity", "total", "seen_used"}, validate_alien_check, execute_alien_check);
  command(e, "ForgetAlienTech", {"target", "item"}, validate_alien_forget, execute_alien_forget);
  e.on_event("long_rest_applied", alien_after_long_rest);
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

std::vector<AlienTech> alien_tech_of(const Creature& x) {
  std::vector<AlienTech> out;
  const json& list = alien_list(x);
  if (!list.is_array()) return out;
  for (const auto& e : list) {
    AlienTech a;
    a.item = e.value("item", "");
    a.complexity = e.value("complexity", "simple");
    a.successes = e.value("successes", 0);
    a.failures = e.value("failures", 0);
    a.needed = calc::alien_tech(a.complexity == "complex").successes_needed;
    a.next = e.value("next", "");
    a.state = e.value("state", "learning");
    out.push_back(std::move(a));
  }
  return out;
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
                              [](const json& v) { int_in(v, 0, kPurseMaxCp); }},
                             {kAlien, "list of {item, complexity, successes, failures, next?, state}: alien technology being figured out",
                              false, alien_field}}}};
}

}  // namespace druzina::rules
