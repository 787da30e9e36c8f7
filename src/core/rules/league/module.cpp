// DM rule "league": shared-campaign play.
//
//   EndLeagueSession {hours: 1..100 (the hours the adventure is designed for), adventure_tier: 1..4,
//     targets?: [PC ids] (default: every living PC)}
//     → per PC league_awarded {creature, level, tier, adventure_tier, hours, checkpoints_old, checkpoints,
//       gained, treasure_old, treasure_points, treasure_gained}; then, while it has the checkpoints its level needs
//       (4 at levels 1–4, 8 from level 5; none past 20): LevelUp {target} (nested: the level-up rule's hit die roll)
//       and league_level_bought {creature, level (the new one), spent, checkpoints} — the surplus carries over.
//       A PC without a hit die (or with the level-up rule off) keeps its checkpoints: its sheet says a level is due.
//       Each level bought brings the personal treasure of its tier into the purse (AdjustPurse, nested, when the
//       treasure rule is on: 75 / 150 / 550 / 5,500 gp).
//   SpendTreasurePoints {target, points: 1..1000, item?: text, table?: A..I} → treasure_points_spent {creature,
//     points, old, new, item?}; refused beyond what it has (rules.err.treasure_points_short). With a table (the magic
//     item tables by tier: rules::league_item_tables) the points are a deposit on that item: the table must be open at
//     the character's tier (rules.err.league_table_tier), the item named (rules.err.league_item_needed), and no more
//     paid than the rest of its cost (rules.err.league_overpay); the event then also holds {table, paid, cost}, and
//     the payment that completes the cost adds league_item_bought {creature, item, table, cost, to_inventory}: the
//     item joins the character's magic items (AddMagicItem, nested, when that rule is on) or else its inventory.
// Only PCs take part (rules.err.league_not_pc). Data: Creature::modules.league.checkpoints, .treasure_points
// (absent = 0), shown to players.
#include <set>

#include "core/rules/common.hpp"
#include "core/rules/league/league.hpp"
#include "core/rules/magic_items/magic_items.hpp"
#include "core/rules/treasure/treasure.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kCheckpoints = "checkpoints";
constexpr const char* kTreasurePoints = "treasure_points";
constexpr const char* kDeposits = "deposits";
constexpr int kMaxPoints = 100000;
constexpr size_t kMaxItemName = 200;
constexpr size_t kMaxDeposits = 50;

campaign::DataField points_field(const char* name, const char* what) {
  return {name, what, false, [](const json& v) { int_in(v, 0, kMaxPoints); }};
}

int stored(const Creature& x, const char* key) {
  const json& v = creature_data(x, kLeague, key);
  return v.is_number_integer() ? v.get<int>() : 0;
}

void put(Creature& x, const char* key, int n) {
  if (n < 0 || n > kMaxPoints) throw std::out_of_range("league points out of range");
  set_creature_data(x, kLeague, key, n == 0 ? json(nullptr) : json(n));
}

// The deposits stored on a creature (each checked by deposits_field, so the stored form is trusted here).
std::vector<LeagueDeposit> deposits(const Creature& x) {
  std::vector<LeagueDeposit> out;
  const json& list = creature_data(x, kLeague, kDeposits);
  if (!list.is_array()) return out;
  for (const json& d : list) {
    const LeagueItemTable* t = league_item_table(d.at("table").get<std::string>());
    out.push_back({d.at("item").get<std::string>(), t->table, d.at("paid").get<int>(), t->cost});
  }
  return out;
}

int paid_toward(const Creature& x, const std::string& item, char table) {
  for (const auto& d : deposits(x))
    if (d.item == item && d.table == table) return d.paid;
  return 0;
}

// Sets (paid > 0) or removes (paid 0) the deposit on item/table.
void put_deposit(Creature& x, const std::string& item, char table, int paid) {
  json list = json::array();
  for (const auto& d : deposits(x))
    if (!(d.item == item && d.table == table)) list.push_back(jobj{"item", d.item, "table", std::string(1, d.table), "paid", d.paid});
  if (paid > 0) list.push_back(jobj{"item", item, "table", std::string(1, table), "paid", paid});
  set_creature_data(x, kLeague, kDeposits, list.empty() ? json(nullptr) : std::move(list));
}

campaign::DataField deposits_field() {
  return {kDeposits, "list of {item, table A..I, paid 1..cost-1}: magic items being paid for in treasure points", false,
          [](const json& v) {
            if (!v.is_array() || v.size() > kMaxDeposits) throw UserError("state.err.wrong_type", jobj{"expected", "list of deposits"});
            for (const json& d : v) {
              const LeagueItemTable* t = d.is_object() && d.contains("table") && d["table"].is_string()
                                             ? league_item_table(d["table"].get<std::string>()) : nullptr;
              if (!t || !d.contains("item") || !d["item"].is_string() || d["item"].get<std::string>().empty() ||
                  d["item"].get<std::string>().size() > kMaxItemName || !d.contains("paid"))
                throw UserError("state.err.wrong_type", jobj{"expected", "{item, table A..I, paid}"});
              int_in(d["paid"], 1, t->cost - 1);
            }
          }};
}

const Creature& pc(const Campaign& c, const std::string& id) {
  const Creature& x = actions::require(c, id);
  if (x.kind != "pc") throw UserError("rules.err.league_not_pc", jobj{"name", x.name});
  return x;
}

std::vector<std::string> targets(const Campaign& c, const json& cmd) {
  std::vector<std::string> out;
  if (param::find(cmd, "targets")) {
    for (const auto& id : id_list(cmd, "targets")) {
      const Creature& x = pc(c, id);
      if (std::find(out.begin(), out.end(), x.id) == out.end()) out.push_back(x.id);
    }
    if (out.empty()) throw UserError("campaign.err.param", jobj{"param", "targets", "expected", "PC ids"});
    return out;
  }
  for (const auto& x : c.creatures)
    if (x.kind == "pc" && !x.death_saves.dead) out.push_back(x.id);
  if (out.empty()) throw UserError("rules.err.league_no_pc");
  return out;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_awarded(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  put(x, kCheckpoints, d.at("checkpoints").get<int>());
  put(x, kTreasurePoints, d.at("treasure_points").get<int>());
}

void apply_level_bought(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  put(x, kCheckpoints, d.at("checkpoints").get<int>());
}

void apply_spent(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  put(x, kTreasurePoints, d.at("new").get<int>());
  if (!d.contains("table")) return;
  const LeagueItemTable* t = league_item_table(d.at("table").get<std::string>());
  if (!t) throw std::out_of_range("league: no such item table");
  const int paid = d.at("paid").get<int>();
  put_deposit(x, d.at("item").get<std::string>(), t->table, paid >= t->cost ? 0 : paid);
}

std::string render_spent(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "points", d.value("points", 0), "new", d.value("new", 0), "item", d.value("item", ""),
               "table", d.value("table", ""), "paid", d.value("paid", 0), "cost", d.value("cost", 0), "n", d.value("points", 0)};
  if (d.contains("table")) return tr(lc.lang, "event.treasure_points_deposit", args);
  return tr(lc.lang, d.contains("item") ? "event.treasure_points_spent_item" : "event.treasure_points_spent", args);
}

void apply_item_bought(Campaign& c, const json& d) {
  if (!d.value("to_inventory", false)) return;
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  campaign::Item item;
  item.name = d.at("item").get<std::string>();
  x.inventory.push_back(std::move(item));
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
void validate_end_session(const Campaign& c, const json& cmd) {
  param::integer(cmd, "hours", 1, 100);
  param::integer(cmd, "adventure_tier", 1, 4);
  targets(c, cmd);
}

void buy_levels(Ctx& ctx, const std::string& who) {
  for (int guard = 0; guard < kLeagueMaxLevel; ++guard) {
    const Creature* x = campaign::find_creature(ctx.state(), who);
    if (!x || x->death_saves.dead || x->hit_die <= 0 || !ctx.module_enabled("level-up")) return;
    const int need = league_checkpoints_to_next(x->level);
    const int have = stored(*x, kCheckpoints);
    if (need <= 0 || have < need) return;
    ctx.run(jobj{"type", "LevelUp", "target", who});
    x = campaign::find_creature(ctx.state(), who);
    const int level = x->level;
    ctx.emit("league_level_bought", jobj{"creature", who, "level", level, "spent", need, "checkpoints", have - need});
    if (ctx.module_enabled(rules::kTreasure))
      ctx.run(jobj{"type", "AdjustPurse", "target", who, "gp", league_personal_treasure(level).gp,
               "reason", "personal_treasure", "level", level});
  }
}

void execute_end_session(Ctx& ctx, const json& cmd) {
  const int hours = static_cast<int>(param::integer(cmd, "hours", 1, 100));
  const int adventure_tier = static_cast<int>(param::integer(cmd, "adventure_tier", 1, 4));
  for (const auto& who : targets(ctx.state(), cmd)) {
    const Creature& x = actions::require(ctx.state(), who);
    const int level = std::clamp(x.level, 1, kLeagueMaxLevel);
    const int cp = league_checkpoints(hours, adventure_tier, level), tp = league_treasure_points(hours, adventure_tier, level);
    const int cp_old = stored(x, kCheckpoints), tp_old = stored(x, kTreasurePoints);
    ctx.emit("league_awarded", jobj{"creature", who, "level", x.level, "tier", league_tier(level), "adventure_tier", adventure_tier,
                                "hours", hours, "checkpoints_old", cp_old, "gained", cp,
                                "checkpoints", std::min(kMaxPoints, cp_old + cp), "treasure_old", tp_old,
                                "treasure_gained", tp, "treasure_points", std::min(kMaxPoints, tp_old + tp)});
    buy_levels(ctx, who);
  }
}

std::optional<std::string> spend_item(const json& cmd) {
  if (!param::find(cmd, "item")) return std::nullopt;
  std::string item = param::str(cmd, "item");
  const auto first = item.find_first_not_of(' '), last = item.find_last_not_of(' ');
  item = first == std::string::npos ? std::string() : item.substr(first, last - first + 1);
  if (item.empty() || item.size() > kMaxItemName)
    throw UserError("campaign.err.param", jobj{"param", "item", "expected", "1–200 characters"});
  return item;
}

// The item table a spending names (nullptr: none), checked against the character's tier and the rest of the cost.
const LeagueItemTable* spend_table(const Creature& x, const json& cmd, const std::optional<std::string>& item, int points) {
  if (!param::find(cmd, "table")) return nullptr;
  const LeagueItemTable* t = league_item_table(param::str(cmd, "table"));
  if (!t) throw UserError("campaign.err.param", jobj{"param", "table", "expected", "A–I"});
  if (!item) throw UserError("rules.err.league_item_needed");
  const int tier = league_tier(std::clamp(x.level, 1, kLeagueMaxLevel));
  if (tier < t->min_tier)
    throw UserError("rules.err.league_table_tier", jobj{"name", x.name, "table", std::string(1, t->table), "tier", tier, "min_tier", t->min_tier});
  const int paid = paid_toward(x, *item, t->table);
  if (points > t->cost - paid)
    throw UserError("rules.err.league_overpay", jobj{"item", *item, "points", points, "n", t->cost - paid});
  if (paid == 0 && deposits(x).size() >= kMaxDeposits)
    throw UserError("campaign.err.param", jobj{"param", "item", "expected", "at most 50 items being paid for"});
  return t;
}

void validate_spend(const Campaign& c, const json& cmd) {
  const Creature& x = pc(c, param::str(cmd, "target"));
  const int points = static_cast<int>(param::integer(cmd, "points", 1, 1000));
  spend_table(x, cmd, spend_item(cmd), points);
  if (points > stored(x, kTreasurePoints))
    throw UserError("rules.err.treasure_points_short", jobj{"name", x.name, "points", points, "have", stored(x, kTreasurePoints)});
}

void execute_spend(Ctx& ctx, const json& cmd) {
  const Creature& x = pc(ctx.state(), param::str(cmd, "target"));
  const int points = static_cast<int>(param::integer(cmd, "points", 1, 1000));
  const std::optional<std::string> item = spend_item(cmd);
  const LeagueItemTable* t = spend_table(x, cmd, item, points);
  const int old = stored(x, kTreasurePoints);
  const std::string who = x.id;
  json d = jobj{"creature", who, "points", points, "old", old, "new", old - points};
  if (item) d["item"] = *item;
  int paid = 0;
  if (t) {
    paid = paid_toward(x, *item, t->table) + points;
    d["table"] = std::string(1, t->table), d["paid"] = paid, d["cost"] = t->cost;
  }
  ctx.emit("treasure_points_spent", std::move(d));
  if (!t || paid < t->cost) return;
  const bool magic_items = ctx.module_enabled(kMagicItems);
  ctx.emit("league_item_bought", jobj{"creature", who, "item", *item, "table", std::string(1, t->table),
                                  "cost", t->cost, "to_inventory", !magic_items});
  if (magic_items) ctx.run(jobj{"type", "AddMagicItem", "target", who, "name", *item});
}

void install(Engine& e) {
  event(e, "league_awarded", apply_awarded);
  event(e, "league_level_bought", apply_level_bought);
  e.count_event("league_level_bought", "level_ups");  // a level bought counts as one in the history's summary
  event(e, "treasure_points_spent", apply_spent, render_spent);
  event(e, "league_item_bought", apply_item_bought);
  command(e, "EndLeagueSession", {"hours", "adventure_tier", "targets"}, validate_end_session, execute_end_session);
  command(e, "SpendTreasurePoints", {"target", "points", "item", "table"}, validate_spend, execute_spend);
}

}  // namespace

LeagueView league_view(const Campaign& c, const Creature& x) {
  LeagueView v;
  v.on = campaign::rule_enabled(c, kLeague, false);
  v.checkpoints = stored(x, kCheckpoints);
  v.treasure_points = stored(x, kTreasurePoints);
  v.deposits = deposits(x);
  v.tier = league_tier(std::clamp(x.level, 1, kLeagueMaxLevel));
  v.needed = league_checkpoints_to_next(x.level);
  v.level_due = v.needed > 0 && v.checkpoints >= v.needed;
  v.personal = league_personal_treasure(std::clamp(x.level, 1, kLeagueMaxLevel));
  return v;
}

Module league() {
  return {kLeague, false, install,
          {.seed = "Спільна кампанія",
           .own_calculators = {checkpoints_calculator(), treasure_points_calculator(), personal_treasure_calculator(),
                               league_item_calculator()},
           .reference = {"dm-shared-campaign", "dm-league-treasure", "dm-league-buying"},
           .creature_data = {points_field(kCheckpoints, "int 0..100000: checkpoints not spent on a level (absent = 0)"),
                             points_field(kTreasurePoints, "int 0..100000: treasure points (absent = 0)"),
                             deposits_field()}}};
}

}  // namespace druzina::rules
