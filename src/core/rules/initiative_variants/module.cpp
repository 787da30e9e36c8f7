// Table rule "initiative-variants" (on by default; it changes nothing until the DM picks a variant).
//
//   SetSettings / CreateCampaign {initiative_variant: "standard" | "reroll" | "side",
//                                 initiative_ties: "standard" | "dex_rolloff"}
//     → initiative_variant_set {key ("variant" | "ties"), old, new}.
//   The variants hook the base encounter, they are not in it:
//   * side: when a fight starts (encounter_started) with its initiative rolled (not typed by the DM), the party
//     (PCs, sidekicks, NPCs) and the monsters each roll one d20 (no modifier; a tie rolls both again); every
//     member of a side takes its side's roll, the side keeps the order its members rolled in, lair actions stay at
//     20 and lose ties. → initiative_rerolled {order, rolls: [{side, roll}…], round 1, turn 0, reason "side"}.
//     A creature joining the fight with its initiative rolled (encounter_joined with a roll) takes its side's
//     initiative (a side not in the fight yet rolls its d20 then), while the fight runs by sides (each side's
//     members on one initiative) → initiative_rerolled {order, rolls: [{side, roll}]?, round, turn, reason
//     "joined", creature, side}; whose turn it is stays.
//   * reroll: when the last turn of a round ends (turn_ended, nobody after it still to act), everyone who still
//     takes turns rolls d20 + initiative modifier again, the dead keep
//     their place at the end → initiative_rerolled {…, round: the next round, turn: the last index, reason
//     "reroll"}; the base NextTurn then starts the next round at the top of the new order.
//   * dex_rolloff: equal initiatives are ordered by the DEX score, then a d20 roll-off between those still equal
//     (rolled again while equal; the rolls in `rolls` as {creature, tie_roll}), at the start of the fight and at
//     every reroll → initiative_rerolled {…, reason "ties"} when the start's order changed.
//   Conditions end by whose turn it is and the round (not the place in the order), so a new order keeps them.
// Data: Campaign::modules["initiative-variants"] {variant?, ties?} (absent = standard).
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "core/campaign/json_read.hpp"
#include "core/json_obj.hpp"
#include "core/rules/common.hpp"
#include "core/rules/initiative_variants/initiative_variants.hpp"

namespace druzina::rules {

using namespace detail;
using campaign::InitEntry;

namespace {

constexpr const char* kKey = "rules.initiative.";  // + a setting [+ "." + its value]

constexpr const char* kVariant = "variant";
constexpr const char* kTies = "ties";
constexpr int kMaxRollOffs = 20;  // roll-off rounds (each a d20 per tied creature) before the order given decides

struct Setting {
  const char* key;    // in the module's data
  const char* param;  // of SetSettings / CreateCampaign
  std::vector<std::string> allowed;
};
const std::vector<Setting>& settings() {
  static const std::vector<Setting> s = {{kVariant, "initiative_variant", {"standard", "reroll", "side"}},
                                         {kTies, "initiative_ties", {"standard", "dex_rolloff"}}};
  return s;
}

campaign::DataField field(const Setting& s) {
  return {s.key, "string: one of the variants (absent: standard)", false, [allowed = s.allowed](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            const std::string x = v.get<std::string>();
            if (x == "standard" || std::find(allowed.begin(), allowed.end(), x) == allowed.end())
              campaign::jr::fail_value("not_one_of", jobj{"value", x, "allowed", "reroll, side, dex_rolloff"});
          }};
}

std::string wanted(const json& cmd, const Setting& s) {
  const std::string v = param::str(cmd, s.param);
  if (std::find(s.allowed.begin(), s.allowed.end(), v) == s.allowed.end()) {
    std::string list;
    for (const auto& a : s.allowed) append(list, " | ", a);
    throw UserError("campaign.err.param", jobj{"param", s.param, "expected", list});
  }
  return v;
}

void check_params(Ctx&, const json& cmd) {
  for (const auto& s : settings())
    if (param::find(cmd, s.param)) wanted(cmd, s);
}

void set_params(Ctx& ctx, const json& cmd) {
  const InitiativeVariant now = initiative_variant(ctx.state());
  for (const auto& s : settings()) {
    if (!param::find(cmd, s.param)) continue;
    const std::string old = std::string(s.key) == kVariant ? now.variant : now.ties, v = wanted(cmd, s);
    if (v != old) ctx.emit("initiative_variant_set", jobj{"key", s.key, "old", old, "new", v});
  }
}

void apply_variant_set(Campaign& c, const json& d) {
  const std::string key = d.at("key").get<std::string>(), v = d.at("new").get<std::string>();
  const Setting* s = nullptr;
  for (const auto& x : settings())
    if (key == x.key) s = &x;
  if (!s || std::find(s->allowed.begin(), s->allowed.end(), v) == s->allowed.end())
    throw std::out_of_range("unknown initiative variant");
  json& m = data_ref(c, kInitiativeVariants);
  if (v == "standard")
    m.erase(key);
  else
    m[key] = v;
  if (m.empty()) c.modules.erase(kInitiativeVariants);
}

std::string render_variant_set(const json& d, const LogContext& lc) {
  const std::string key = d.value("key", ""), v = d.value("new", "");
  return tr(lc.lang, "event.initiative_variant_set",
            jobj{"what", tr(lc.lang, std::string(kKey) + key), "value", tr(lc.lang, std::string(kKey) + key + "." + v)});
}

// ---- the order -------------------------------------------------------------------------------------------
bool takes_turn(const Campaign& c, const InitEntry& e) {
  const Creature* x = campaign::find_creature(c, e.creature);
  return x && !x->death_saves.dead;
}

struct Row {
  InitEntry e;
  int mod = 0, dex = 0;
  std::vector<int> tie;  // the roll-off's d20s, compared in order
  size_t index = 0;
  bool acts = true;
};

// Sorts rows: acting ones first, by initiative; a lair action loses ties; then the tie rule (base: the modifier,
// then DEX, then the order before; dex_rolloff: DEX, then d20 roll-offs among those still equal).
void sort_rows(std::vector<Row>& rows, bool dex_rolloff, Rng& rng, json& rolls) {
  if (dex_rolloff) {
    for (int round = 0; round < kMaxRollOffs; ++round) {
      std::map<std::tuple<int, int, std::vector<int>>, std::vector<size_t>> groups;
      for (size_t k = 0; k < rows.size(); ++k)
        if (rows[k].acts && !rows[k].e.lair) groups[{rows[k].e.initiative, rows[k].dex, rows[k].tie}].push_back(k);
      bool rolled = false;
      for (const auto& [key, members] : groups) {
        if (members.size() < 2) continue;
        for (size_t k : members) {
          const int d = rng.die(20);
          rows[k].tie.push_back(d);
          rolls.push_back(jobj{"creature", rows[k].e.creature, "tie_roll", d});
        }
        rolled = true;
      }
      if (!rolled) break;
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (a.acts != b.acts) return a.acts;
    if (a.e.initiative != b.e.initiative) return a.e.initiative > b.e.initiative;
    if (a.e.lair != b.e.lair) return b.e.lair;
    if (dex_rolloff) {
      if (a.dex != b.dex) return a.dex > b.dex;
      if (a.tie != b.tie) return a.tie > b.tie;
    } else {
      if (a.mod != b.mod) return a.mod > b.mod;
      if (a.dex != b.dex) return a.dex > b.dex;
    }
    return a.index < b.index;
  });
}

std::vector<Row> rows_of(const Campaign& c) {
  std::vector<Row> rows;
  const auto& order = c.encounter->order;
  for (size_t k = 0; k < order.size(); ++k) {
    Row r;
    r.e = order[k];
    r.index = k;
    r.acts = takes_turn(c, order[k]);
    if (const Creature* x = campaign::find_creature(c, order[k].creature)) {
      r.mod = campaign::initiative_modifier(*x);
      r.dex = x->abilities.dex;
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

// The two sides' d20s, rolled again while equal (the party wins the 20th tie).
void roll_sides(std::vector<Row>& rows, const Campaign& c, Rng& rng, json& rolls) {
  int party = 0, monsters = 0;
  for (int k = 0; k < kMaxRollOffs && party == monsters; ++k) {
    party = rng.die(20);
    monsters = rng.die(20);
    rolls.push_back(jobj{"side", "party", "roll", party});
    rolls.push_back(jobj{"side", "monsters", "roll", monsters});
  }
  if (party == monsters) ++party;
  for (auto& r : rows) {
    if (!r.acts || r.e.lair) continue;
    const Creature* x = campaign::find_creature(c, r.e.creature);
    r.e.initiative = initiative_side(*x) == "party" ? party : monsters;
  }
}

void emit_order(Ctx& ctx, std::vector<Row>& rows, json rolls, int round, int turn, const char* reason) {
  std::vector<InitEntry> order;
  for (auto& r : rows) order.push_back(r.e);
  ctx.emit("initiative_rerolled",
           jobj{"order", order, "rolls", std::move(rolls), "round", round, "turn", turn, "reason", reason});
}

bool typed_initiative(const json& cmd) {
  const json* v = param::find(cmd, "initiative");
  return v && v->is_object() && !v->empty();
}

void on_started(Ctx& ctx, const Event&) {
  const Campaign& c = ctx.state();
  if (!c.encounter) return;
  const InitiativeVariant v = initiative_variant(c);
  const bool side = v.variant == "side" && !typed_initiative(ctx.command());
  const bool dex = v.ties == "dex_rolloff";
  if (!side && !dex) return;
  std::vector<Row> rows = rows_of(c);
  json rolls = json::array();
  if (side) roll_sides(rows, c, ctx.rng(), rolls);
  sort_rows(rows, dex && !side, ctx.rng(), rolls);
  bool same = true;
  for (size_t k = 0; k < rows.size(); ++k)
    if (rows[k].e.creature != c.encounter->order[k].creature || rows[k].e.lair != c.encounter->order[k].lair ||
        rows[k].e.initiative != c.encounter->order[k].initiative)
      same = false;
  if (same && rolls.empty()) return;  // a roll-off that kept the order is still recorded: its dice were rolled
  emit_order(ctx, rows, std::move(rolls), 1, 0, side ? "side" : "ties");
}

void on_turn_ended(Ctx& ctx, const Event&) {
  const Campaign& c = ctx.state();
  if (!c.encounter || initiative_variant(c).variant != "reroll") return;
  const auto& enc = *c.encounter;
  for (size_t k = static_cast<size_t>(enc.turn) + 1; k < enc.order.size(); ++k)
    if (takes_turn(c, enc.order[k])) return;  // the round goes on
  std::vector<Row> rows = rows_of(c);
  json rolls = json::array();
  for (auto& r : rows) {
    if (!r.acts || r.e.lair) continue;
    const int d = ctx.rng().die(20);
    r.e.initiative = d + r.mod;
    rolls.push_back(jobj{"creature", r.e.creature, "roll", d, "modifier", r.mod, "total", r.e.initiative});
  }
  sort_rows(rows, initiative_variant(c).ties == "dex_rolloff", ctx.rng(), rolls);
  emit_order(ctx, rows, std::move(rolls), enc.round + 1, static_cast<int>(rows.size()) - 1, "reroll");
}

// ---- side initiative for a creature joining the running fight --------------------------------------------
// What a side's members (lair actions and objects aside: a lit fuse is on no side) share in the running fight,
// `except` aside: each side's one initiative, or nullopt when a side's members differ (the fight does not run by
// sides: the DM typed the initiative one by one).
std::optional<std::map<std::string, int>> side_initiatives(const Campaign& c, const std::string& except) {
  std::map<std::string, int> sides;
  for (const auto& e : c.encounter->order) {
    if (e.lair || e.creature == except) continue;
    const Creature* x = campaign::find_creature(c, e.creature);
    if (!x || x->kind == "object") continue;
    const auto [at, added] = sides.emplace(initiative_side(*x), e.initiative);
    if (!added && at->second != e.initiative) return std::nullopt;
  }
  return sides;
}

// Under side initiative a creature that joins the fight with its initiative rolled (not typed: JoinEncounter, and
// so AddMonsters / AddOwnMonster / RunEncounter with join) takes its side's initiative; a side not in the fight
// yet rolls its d20 now (again while it equals the other side's). The joiner moves to its place for that
// initiative, whose turn it is stays. → initiative_rerolled {order, rolls, round, turn, reason "joined", creature,
// side}.
void on_joined(Ctx& ctx, const Event& ev) {
  const Campaign& c = ctx.state();
  if (!c.encounter || initiative_variant(c).variant != "side" || !ev.data.contains("roll")) return;
  const std::string who = ev.data.value("creature", "");
  const Creature* x = campaign::find_creature(c, who);
  if (!x || x->kind == "object") return;
  const auto sides = side_initiatives(c, who);
  if (!sides || sides->empty()) return;
  const std::string mine = initiative_side(*x);
  json rolls = json::array();
  int init = 0;
  if (auto it = sides->find(mine); it != sides->end()) {
    init = it->second;
  } else {
    const int other = sides->begin()->second;
    init = other;
    for (int k = 0; k < kMaxRollOffs && init == other; ++k) {
      init = ctx.rng().die(20);
      rolls.push_back(jobj{"side", mine, "roll", init});
    }
    if (init == other) init += mine == "party" ? 1 : -1;  // the party wins the 20th tie, as at the start
  }
  const auto& enc = *c.encounter;
  std::vector<InitEntry> order = enc.order;
  size_t from = order.size();
  for (size_t k = 0; k < order.size(); ++k)
    if (!order[k].lair && order[k].creature == who) from = k;
  if (from == order.size() || static_cast<int>(from) == enc.turn) return;
  if (order[from].initiative == init && rolls.empty()) return;
  const InitEntry current = order[static_cast<size_t>(enc.turn)];
  InitEntry joiner = order[from];
  joiner.initiative = init;
  order.erase(order.begin() + static_cast<std::ptrdiff_t>(from));
  size_t to = order.size();  // after everyone at the same initiative, before a lair action there (it loses ties)
  for (size_t k = 0; k < order.size(); ++k)
    if (order[k].initiative < init || (order[k].lair && order[k].initiative <= init)) {
      to = k;
      break;
    }
  order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), joiner);
  int turn = 0;
  for (size_t k = 0; k < order.size(); ++k)
    if (order[k].creature == current.creature && order[k].lair == current.lair) turn = static_cast<int>(k);
  ctx.emit("initiative_rerolled", jobj{"order", order, "rolls", std::move(rolls), "round", enc.round, "turn", turn,
                                       "reason", "joined", "creature", who, "side", mine});
}

void apply_rerolled(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  std::vector<InitEntry> order;
  campaign::jr::get(d.at("order"), order);
  const int turn = d.at("turn").get<int>();
  if (order.size() != c.encounter->order.size() || turn < 0 || turn >= static_cast<int>(order.size()))
    throw std::out_of_range("initiative order");
  for (const auto& entry : order)
    if (!campaign::find_creature(std::as_const(c), entry.creature)) throw std::out_of_range("no creature " + entry.creature);
  c.encounter->order = std::move(order);
  c.encounter->turn = turn;
}

std::string render_rerolled(const json& d, const LogContext& lc) {
  std::string order;
  for (const auto& entry : d.at("order")) {
    std::string who = lc.name ? lc.name(entry.value("creature", "")) : entry.value("creature", "");
    if (entry.value("lair", false)) who = tr(lc.lang, "campaign.lair", jobj{"name", who});
    append(order, ", ", who + " " + std::to_string(entry.value("initiative", 0)));
  }
  const std::string reason = d.value("reason", "reroll");
  if (reason == "joined") {  // one creature took its side's initiative
    const std::string who = d.value("creature", "");
    int initiative = 0;
    for (const auto& entry : d.at("order"))
      if (entry.value("creature", "") == who && !entry.value("lair", false)) initiative = entry.value("initiative", 0);
    const json args = jobj{"name", lc.name ? lc.name(who) : who, "initiative", initiative,
                           "side", tr(lc.lang, d.value("side", "") == "party" ? "rules.initiative.side_of.party"
                                                                        : "rules.initiative.side_of.monsters")};
    return tr(lc.lang, d.at("rolls").empty() ? "event.initiative_rerolled.joined" : "event.initiative_rerolled.joined_rolled",
              args);
  }
  json args = jobj{"order", order, "round", d.value("round", 1)};
  if (reason == "side") {
    int party = 0, monsters = 0;
    for (const auto& r : d.at("rolls"))
      if (r.contains("side")) (r.at("side") == "party" ? party : monsters) = r.value("roll", 0);
    args["party"] = party;
    args["monsters"] = monsters;
  }
  return tr(lc.lang, reason == "reroll" ? std::string("event.initiative_rerolled") : "event.initiative_rerolled." + reason, args);
}

void install(Engine& e) {
  event(e, "initiative_variant_set", apply_variant_set, render_variant_set);
  event(e, "initiative_rerolled", apply_rerolled, render_rerolled);
  for (const char* base : {"CreateCampaign", "SetSettings"}) {
    e.allow_params(base, {"initiative_variant", "initiative_ties"});
    e.before(base, check_params);
    e.after(base, set_params);
  }
  e.on_event("encounter_started", on_started);
  e.on_event("turn_ended", on_turn_ended);
  e.on_event("encounter_joined", on_joined);
}

}  // namespace

InitiativeVariant initiative_variant(const Campaign& c) {
  InitiativeVariant v;
  const json& a = data_at(c, kInitiativeVariants, kVariant);
  if (a.is_string()) v.variant = a.get<std::string>();
  const json& b = data_at(c, kInitiativeVariants, kTies);
  if (b.is_string()) v.ties = b.get<std::string>();
  return v;
}

std::string initiative_side(const Creature& x) {
  return campaign::in_party(x) || x.kind == "npc" ? "party" : "monsters";
}

Module initiative_variants() {
  return {kInitiativeVariants, true, install,
          {.campaign_data = {field(settings()[0]), field(settings()[1])}}};
}

}  // namespace druzina::rules
