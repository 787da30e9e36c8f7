// DM rule "traps": the SRD's trap severity table and damage by level (the calculator `trap`, a trap builder), the
// eight sample traps as cards (cards.cpp, the calculator `sample-trap`) and a trap placed in the campaign:
//
//   PlaceTrap {trap: a card id, label?} → trap_placed {trap: {id: "t1", card, label?, state: "armed"}}
//   SearchForTrap {trap: "t1", target, roll?: an active check's total | active?: true (the engine rolls d20 + the
//     skill's ability modifier) | passive?: the creature's passive score, proficient?} — without roll or active the
//     creature's passive score: the one given, else 10 + the ability modifier (+ the proficiency bonus when
//     proficient). The skill and DC are the card's (Perception for most, Investigation for the poison needle, Arcana
//     for the sphere of annihilation). → trap_search {creature, trap, card, method: passive|active, total, dc,
//     found, rolled?, roll?, modifier?}; found adds the creature to found_by.
//   DisarmTrap {trap, target, roll?, proficient?} — a card with a check (DEX DC 15 with thieves' tools: collapsing
//     roof, falling net, poison needle): d20 + DEX (+ proficiency when proficient) or the total entered; a card
//     without a check (an iron spike under the plate, stuffed holes): done. → trap_disarm {creature, trap, card,
//     success, means: check|no_check, total?, dc?, rolled?, roll?, modifier?}; a failure triggers the traps that say
//     so (trap_triggered cause disarm_failed). The sphere of annihilation can't be disarmed (rules.err.trap_no_disarm).
//   TriggerTrap {trap, target?} → trap_triggered {trap, card, cause: dm}. With a target (a creature in the trap's
//     way) the card's effect is resolved on it: its attack (d20 + the card's bonus against the target's AC, once per
//     attack of the card), then its save (d20 + the target's save bonus against the card's DC, after at least one hit
//     when the card also attacks), or its damage straight away (a pit) → trap_effect {creature, trap, card, method:
//     attack|save|direct, roll?, modifier?, total?, against?, success?, amount, damage_type}; the damage goes through
//     the core (resistances apply). A complex trap (the rolling sphere, initiative +8)
//     becomes a combatant: a nested AddCreature (a Large stone object: AC 17, 27 HP, immune to poison and psychic,
//     initiative bonus +8; trap_combatant {trap, creature, modifier, encounter}) and, while an encounter runs,
//     trap_joined_initiative {trap, creature, initiative, roll,
//     modifier}: it is put into the order after those with the same initiative or more, and acts on its turns in
//     the combat tracker. With no encounter running the DM starts one with it (its +8 rolls as any initiative).
//   RemoveTrap {trap} → trap_removed {trap} (its combatant stays until the DM removes it).
// Refusals: an unknown card or placed trap, a trap no longer armed (rules.err.trap_not_armed).
// Data: Campaign::modules["traps"].placed (absent = none). DM secret: players do not see the traps; trap_placed,
// trap_removed and a trap_search that found nothing are left out of the players' log.
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] commands
#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/rules.hpp"
#include "core/rules/traps/traps.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

std::optional<TrapNumbers> trap_numbers(std::string_view severity, int level) {
  int s = -1;
  for (size_t i = 0; i < kTrapSeverities.size(); ++i)
    if (severity == kTrapSeverities[i]) s = static_cast<int>(i);
  if (s < 0 || level < 1 || level > 20) return std::nullopt;
  static const std::pair<int, int> dc[] = {{10, 11}, {12, 15}, {16, 20}};
  static const std::pair<int, int> attack[] = {{3, 5}, {6, 8}, {9, 12}};
  // d10s by level band (rows) and severity (columns)
  static const int dice[4][3] = {{1, 2, 4}, {2, 4, 10}, {4, 10, 18}, {10, 18, 24}};
  const int band = level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3;
  return TrapNumbers{dc[s], attack[s], std::to_string(dice[band][s]) + "d10"};
}

namespace {

constexpr const char* kPlaced = "placed";

// [SECTION] data ------------------------------------------------------------------------------------------------------
void validate_placed_one(const json& t) {
  if (!t.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"id", "card", "label", "state", "found_by", "creature"};
  for (const auto& [k, v] : t.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k)) jr::fail_value("not_one_of", jobj{"value", k, "allowed", "id, card, label, state, found_by, creature"});
    if (k == "found_by") {
      if (!v.is_array()) jr::fail_type("array");
      for (const auto& x : v)
        if (!x.is_string()) jr::fail_type("string");
    } else if (!v.is_string()) {
      jr::fail_type("string");
    }
  }
  require_keys(t, {"id", "card", "state"});
  if (!find_trap_card(t["card"].get<std::string>())) {
    jr::PathGuard g("card");
    jr::fail_value("not_one_of", jobj{"value", t["card"].get<std::string>(), "allowed", "a sample trap of traps.json"});
  }
  const std::string st = t["state"].get<std::string>();
  if (st != "armed" && st != "disarmed" && st != "triggered") {
    jr::PathGuard g("state");
    jr::fail_value("not_one_of", jobj{"value", st, "allowed", "armed, disarmed, triggered"});
  }
}

campaign::DataField placed_field() {
  return {kPlaced, "list of traps placed {id, card, label?, state: armed|disarmed|triggered, found_by?, creature?}", true,
          [](const json& v) { unique_list(v, 500, "id", validate_placed_one); }};
}

const json& placed_json(const Campaign& c) { return data_at(c, kTraps, kPlaced); }

json::iterator placed_in(json& list, const std::string& id) {
  if (!list.is_array()) throw std::out_of_range("no trap " + id);
  auto it = std::find_if(list.begin(), list.end(), [&](const json& t) { return t.value("id", "") == id; });
  if (it == list.end()) throw std::out_of_range("no trap " + id);
  return it;
}

void store(Campaign& c, json list) { data_ref(c, kTraps)[kPlaced] = std::move(list); }

template <class F>
void change(Campaign& c, const json& d, F f) {
  json list = placed_json(c);
  auto it = placed_in(list, d.at("trap").get<std::string>());
  f(*it);
  validate_placed_one(*it);
  store(c, std::move(list));
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_placed(Campaign& c, const json& d) {
  const json& t = d.at("trap");
  validate_placed_one(t);
  json list = placed_json(c).is_array() ? placed_json(c) : json::array();
  for (const auto& x : list)
    if (x.value("id", "") == t.value("id", "")) throw std::invalid_argument("trap placed twice");
  list.push_back(t);
  store(c, std::move(list));
}

void apply_search(Campaign& c, const json& d) {
  if (!d.at("found").get<bool>()) return;
  change(c, d, [&](json& t) {
    json found = t.value("found_by", json::array());
    const std::string who = d.at("creature").get<std::string>();
    if (std::find(found.begin(), found.end(), who) == found.end()) found.push_back(who);
    t["found_by"] = found;
  });
}

void apply_disarm(Campaign& c, const json& d) {
  if (d.at("success").get<bool>()) change(c, d, [](json& t) { t["state"] = "disarmed"; });
}

void apply_triggered(Campaign& c, const json& d) {
  change(c, d, [](json& t) { t["state"] = "triggered"; });
}

void apply_joined(Campaign& c, const json& d) {
  if (!c.encounter) throw std::logic_error("no encounter");
  const std::string who = d.at("creature").get<std::string>();
  campaign::creature_ref(c, who);
  auto& enc = *c.encounter;
  campaign::InitEntry e;
  e.creature = who;
  e.initiative = d.at("initiative").get<int>();
  // After every entry with the same initiative or more: the newcomer loses ties.
  size_t at = 0;
  while (at < enc.order.size() && enc.order[at].initiative >= e.initiative) ++at;
  enc.order.insert(enc.order.begin() + static_cast<long>(at), e);
  if (static_cast<int>(at) <= enc.turn) ++enc.turn;
}

void apply_removed(Campaign& c, const json& d) {
  json list = placed_json(c);
  list.erase(placed_in(list, d.at("trap").get<std::string>()));
  json& m = data_ref(c, kTraps);
  if (list.empty())
    m.erase(kPlaced);
  else
    m[kPlaced] = std::move(list);
  if (m.empty()) c.modules.erase(kTraps);
}

void apply_combatant(Campaign& c, const json& d) {
  const std::string who = d.at("creature").get<std::string>();
  campaign::creature_ref(c, who);
  change(c, d, [&](json& t) { t["creature"] = who; });
}

std::string card_name(Lang lang, const json& d) {
  const TrapCard* t = find_trap_card(d.value("card", ""));
  return t ? t->name.in(lang) : d.value("card", "");
}

std::string render_placed(const json& d, const LogContext& lc) {
  const json& t = d.value("trap", json::object());
  std::string line = tr(lc.lang, "event.trap_placed", jobj{"trap", card_name(lc.lang, t), "id", t.value("id", "")});
  if (t.contains("label")) line += " " + tr(lc.lang, "rules.traps.label", jobj{"label", t["label"]});
  return line;
}

std::string render_search(const json& d, const LogContext& lc) {
  const TrapCard* t = find_trap_card(d.value("card", ""));
  const std::string skill_key = std::string("rules.traps.skill.") + (t ? t->spot_skill : std::string("perception"));
  const std::string skill = tr(lc.lang, skill_key);
  std::string key = d.value("found", false) ? "event.trap_search_found" : "event.trap_search_missed";
  if (d.value("method", "") == "passive") key += "_passive";
  return tr(lc.lang, key, jobj{"name", name_of(lc, d), "trap", card_name(lc.lang, d), "skill", skill,
                           "total", d.value("total", 0), "dc", d.value("dc", 0)});
}

std::string render_disarm(const json& d, const LogContext& lc) {
  const json args = jobj{"name", name_of(lc, d), "trap", card_name(lc.lang, d), "total", d.value("total", 0), "dc", d.value("dc", 0)};
  if (d.value("means", "") == "no_check") return tr(lc.lang, "event.trap_disarm_no_check", args);
  return tr(lc.lang, d.value("success", false) ? "event.trap_disarm_success" : "event.trap_disarm_failure", args);
}

std::string render_triggered(const json& d, const LogContext& lc) {
  const TrapCard* t = find_trap_card(d.value("card", ""));
  std::string line = tr(lc.lang, "event.trap_triggered", jobj{"trap", card_name(lc.lang, d)});
  if (t) line += " " + t->effect.in(lc.lang);
  return line;
}

std::string render_joined(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.trap_joined_initiative",
            jobj{"name", name_of(lc, d), "initiative", d.value("initiative", 0), "roll", d.value("roll", 0),
             "modifier", signed_text(d.value("modifier", 0))});
}

std::string render_combatant(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("encounter", false) ? "event.trap_combatant_fight" : "event.trap_combatant",
            jobj{"name", name_of(lc, d), "modifier", signed_text(d.value("modifier", 0))});
}

std::string render_effect(const json& d, const LogContext& lc) {
  const std::string method = d.value("method", "direct");
  std::string key = "event.trap_effect_direct";
  if (method == "attack") key = d.value("success", false) ? "event.trap_effect_hit" : "event.trap_effect_miss";
  else if (method == "save") key = d.value("success", false) ? "event.trap_effect_save_success" : "event.trap_effect_save_failure";
  return tr(lc.lang, key, jobj{"name", name_of(lc, d), "trap", card_name(lc.lang, d), "total", d.value("total", 0),
                           "against", d.value("against", 0), "amount", d.value("amount", 0),
                           "ability", label(lc.lang, "rules.traps.ability." + d.value("ability", std::string("dex")), d.value("ability", std::string())),
                           "type", label(lc.lang, "campaign.damage." + d.value("damage_type", std::string()), d.value("damage_type", std::string()))});
}

std::string render_removed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.trap_removed", jobj{"trap", card_name(lc.lang, d), "id", d.value("trap", "")});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const TrapCard& require_card(const json& cmd) {
  const std::string id = param::str(cmd, "trap");
  const TrapCard* t = find_trap_card(id);
  if (!t) {
    std::string all;
    for (const auto& x : trap_card_ids()) append(all, ", ", x);
    throw UserError("rules.err.trap_unknown", jobj{"id", id, "allowed", all});
  }
  return *t;
}

const json& require_placed(const Campaign& c, const json& cmd) {
  const std::string id = param::str(cmd, "trap");
  const json& list = placed_json(c);
  if (list.is_array())
    for (const auto& t : list)
      if (t.value("id", "") == id) return t;
  throw UserError("rules.err.trap_not_placed", jobj{"id", id});
}

const json& require_armed(const Campaign& c, const json& cmd) {
  const json& t = require_placed(c, cmd);
  if (t.value("state", "") != "armed") throw UserError("rules.err.trap_not_armed", jobj{"id", t.value("id", ""), "state", t.value("state", "")});
  return t;
}

const TrapCard& card_of(const json& placed) { return *find_trap_card(placed.value("card", "")); }

std::string next_id(const Campaign& c) { return next_list_id(placed_json(c), 't'); }

void validate_place(const Campaign&, const json& cmd) {
  require_card(cmd);
  if (param::str(cmd, "label", "").size() > 200) throw UserError("state.err.too_long", jobj{"path", "label", "max", 200});
}

void execute_place(Ctx& ctx, const json& cmd) {
  const TrapCard& card = require_card(cmd);
  json t = jobj{"id", next_id(ctx.state()), "card", card.id, "state", "armed"};
  const std::string label = param::str(cmd, "label", "");
  if (!label.empty()) t["label"] = label;
  ctx.emit("trap_placed", jobj{"trap", t});
}

int check_bonus(const Campaign& c, const Creature& x, const std::string& ability, const json& cmd) {
  int mod = campaign::modifier(x, ability);
  if (param::boolean(cmd, "proficient", false)) mod += campaign::proficiency_bonus(x.level);
  (void)c;
  return mod;
}

void validate_search(const Campaign& c, const json& cmd) {
  require_armed(c, cmd);
  actions::require_living(c, param::str(cmd, "target"));
  const int given = (param::find(cmd, "roll") ? 1 : 0) + (param::boolean(cmd, "active", false) ? 1 : 0) + (param::find(cmd, "passive") ? 1 : 0);
  if (given > 1) throw UserError("rules.err.trap_search_how");
  param::integer(cmd, "roll", -100, 1000, 0);
  param::integer(cmd, "passive", -100, 1000, 0);
  param::boolean(cmd, "proficient", false);
}

void execute_search(Ctx& ctx, const json& cmd) {
  const json placed = require_armed(ctx.state(), cmd);
  const TrapCard& card = card_of(placed);
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const int mod = check_bonus(ctx.state(), x, skill_ability(card.spot_skill), cmd);
  json data = jobj{"creature", x.id, "trap", placed["id"], "card", card.id, "dc", card.spot_dc};
  int total = 0;
  if (param::find(cmd, "roll") || param::boolean(cmd, "active", false)) {
    total = d20_total(ctx, cmd, mod, data);
    data["method"] = "active";
    if (data["rolled"].get<bool>()) data["modifier"] = mod;
  } else {
    total = param::find(cmd, "passive") ? static_cast<int>(param::integer(cmd, "passive", -100, 1000)) : 10 + mod;
    data["method"] = "passive";
    if (!param::find(cmd, "passive")) data["modifier"] = mod;
  }
  data["total"] = total;
  data["found"] = total >= card.spot_dc;
  ctx.emit("trap_search", std::move(data));
}

void validate_disarm(const Campaign& c, const json& cmd) {
  const json& placed = require_armed(c, cmd);
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const TrapCard& card = card_of(placed);
  if (!card.disarm_possible) throw UserError("rules.err.trap_no_disarm", jobj{"trap", card.name.en});
  (void)x;
  param::integer(cmd, "roll", -100, 1000, 0);
  param::boolean(cmd, "proficient", false);
}

void trigger(Ctx& ctx, const json& placed, const std::string& cause);

void execute_disarm(Ctx& ctx, const json& cmd) {
  const json placed = require_armed(ctx.state(), cmd);
  const TrapCard& card = card_of(placed);
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  json data = jobj{"creature", x.id, "trap", placed["id"], "card", card.id};
  if (!card.disarm_dc) {
    data["means"] = "no_check";
    data["success"] = true;
    ctx.emit("trap_disarm", std::move(data));
    return;
  }
  const int mod = check_bonus(ctx.state(), x, card.disarm_ability, cmd);
  const int total = d20_total(ctx, cmd, mod, data);
  if (data["rolled"].get<bool>()) data["modifier"] = mod;
  const bool success = total >= *card.disarm_dc;
  data["means"] = "check";
  data["total"] = total;
  data["dc"] = *card.disarm_dc;
  data["success"] = success;
  ctx.emit("trap_disarm", std::move(data));
  if (!success && card.triggers_on_failure) trigger(ctx, placed, "disarm_failed");
}

// A complex trap's combatant: a Large stone object (AC 17 by material, 5d10 = 27 HP resilient, immune to poison and
// psychic damage) that rolls initiative with the card's bonus.
void add_combatant(Ctx& ctx, const json& placed, const TrapCard& card) {
  const Lang lang = parse_lang(ctx.state().settings.language).value_or(Lang::en);
  ctx.run({{"type", "AddCreature"}, {"name", card.name.in(lang)}, {"kind", "object"}, {"size", "large"}, {"ac", 17},
           {"hp", 27}, {"initiative_bonus", card.initiative_bonus}, {"immunities", {"poison", "psychic"}}});
  const std::string who = ctx.state().creatures.back().id;
  const bool fight = ctx.state().encounter.has_value();
  ctx.emit("trap_combatant", jobj{"trap", placed["id"], "creature", who, "modifier", card.initiative_bonus, "encounter", fight});
  if (!fight) return;
  const int d20 = ctx.rng().die(20);
  ctx.emit("trap_joined_initiative", jobj{"trap", placed["id"], "creature", who, "roll", d20,
                                      "modifier", card.initiative_bonus, "initiative", d20 + card.initiative_bonus});
}

void trigger(Ctx& ctx, const json& placed, const std::string& cause) {
  const TrapCard& card = card_of(placed);
  ctx.emit("trap_triggered", jobj{"trap", placed["id"], "card", card.id, "cause", cause});
  if (card.complex) add_combatant(ctx, placed, card);
}

void validate_trigger(const Campaign& c, const json& cmd) {
  require_armed(c, cmd);
  if (param::find(cmd, "target")) actions::require_living(c, param::str(cmd, "target"));
}

// One damage roll of the card on the target: emits trap_effect and deals it (amount 0: nothing dealt).
void deal(Ctx& ctx, json data, int amount, const std::string& type) {
  const std::string who = data.at("creature").get<std::string>();
  data["amount"] = amount;
  data["damage_type"] = type;
  ctx.emit("trap_effect", std::move(data));
  if (amount <= 0) return;
  actions::DamageOptions o;
  o.damage_type = type;
  o.cause = "trap";
  actions::damage(ctx, who, amount, o);
}

bool alive(const Ctx& ctx, const std::string& id) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  return x && !x->death_saves.dead;
}

// The card's effect on one creature: its attacks, then its save (after a hit when it attacks), or direct damage.
void resolve_on(Ctx& ctx, const json& placed, const TrapCard& card, const std::string& who) {
  const json base = jobj{"creature", who, "trap", placed["id"], "card", card.id};
  bool hit_any = false;
  if (card.attack_bonus) {
    for (int i = 0; i < std::max(1, card.attacks) && alive(ctx, who); ++i) {
      const Creature& x = actions::require(ctx.state(), who);
      const int d20 = ctx.rng().die(20);
      const int total = d20 + *card.attack_bonus;
      const bool hit = d20 != 1 && (d20 == 20 || total >= x.ac);
      json data = base;
      data.update(jobj{"method", "attack", "roll", d20, "modifier", *card.attack_bonus, "total", total, "against", x.ac, "success", hit});
      const int amount = hit && !card.damage.empty() ? static_cast<int>(dice::roll(card.damage, ctx.rng()).total) : 0;
      hit_any = hit_any || hit;
      deal(ctx, data, amount, card.damage_type);
    }
    if (!hit_any) return;
  }
  if (!card.save_ability.empty() && alive(ctx, who)) {
    const Creature& x = actions::require(ctx.state(), who);
    const int mod = save_bonus(ctx.state(), x, card.save_ability);
    const int d20 = ctx.rng().die(20);
    const int total = d20 + mod;
    const bool success = total >= card.save_dc;
    const std::string dmg = !card.save_damage.empty() ? card.save_damage : (card.attack_bonus ? std::string() : card.damage);
    const std::string type = !card.save_damage.empty() ? card.save_damage_type : card.damage_type;
    int amount = dmg.empty() ? 0 : static_cast<int>(dice::roll(dmg, ctx.rng()).total);
    if (success) amount = card.half_on_success ? amount / 2 : 0;
    json data = base;
    data.update(jobj{"method", "save", "ability", card.save_ability, "roll", d20, "modifier", mod, "total", total,
                 "against", card.save_dc, "success", success});
    deal(ctx, data, amount, type);
    return;
  }
  if (!card.attack_bonus && !card.damage.empty() && alive(ctx, who)) {
    json data = base;
    data["method"] = "direct";
    deal(ctx, data, static_cast<int>(dice::roll(card.damage, ctx.rng()).total), card.damage_type);
  }
}

void execute_trigger(Ctx& ctx, const json& cmd) {
  const json placed = require_armed(ctx.state(), cmd);
  trigger(ctx, placed, "dm");
  if (param::find(cmd, "target")) resolve_on(ctx, placed, card_of(placed), param::str(cmd, "target"));
}

void validate_remove(const Campaign& c, const json& cmd) { require_placed(c, cmd); }

void execute_remove(Ctx& ctx, const json& cmd) {
  const json placed = require_placed(ctx.state(), cmd);
  ctx.emit("trap_removed", jobj{"trap", placed["id"], "card", placed["card"]});
}

void install(Engine& e) {
  event(e, "trap_placed", apply_placed, render_placed);
  event(e, "trap_search", apply_search, render_search);
  event(e, "trap_disarm", apply_disarm, render_disarm);
  event(e, "trap_triggered", apply_triggered, render_triggered);
  event(e, "trap_combatant", apply_combatant, render_combatant);
  event(e, "trap_joined_initiative", apply_joined, render_joined);
  event(e, "trap_removed", apply_removed, render_removed);
  event(e, "trap_effect", [](Campaign&, const json&) {}, render_effect);
  // DM secrets in the players' log: where the traps are, and a search that found nothing (it names the trap).
  e.secret_event("trap_placed");
  e.secret_event("trap_removed");
  e.secret_event("trap_search", [](const json& d) { return !d.value("found", false); });
  command(e, "PlaceTrap", {"trap", "label"}, validate_place, execute_place);
  command(e, "SearchForTrap", {"trap", "target", "roll", "active", "passive", "proficient"}, validate_search, execute_search);
  command(e, "DisarmTrap", {"trap", "target", "roll", "proficient"}, validate_disarm, execute_disarm);
  command(e, "TriggerTrap", {"trap", "target"}, validate_trigger, execute_trigger);
  command(e, "RemoveTrap", {"trap"}, validate_remove, execute_remove);
}

}  // namespace

std::vector<PlacedTrap> placed_traps(const Campaign& c) {
  std::vector<PlacedTrap> out;
  const json& list = placed_json(c);
  if (!list.is_array()) return out;
  for (const auto& j : list) {
    PlacedTrap t;
    t.id = j.value("id", "");
    t.card = find_trap_card(j.value("card", ""));
    t.label = j.value("label", "");
    t.state = j.value("state", "");
    t.found_by = j.value("found_by", std::vector<std::string>{});
    t.creature = j.value("creature", "");
    out.push_back(std::move(t));
  }
  return out;
}

Module traps() {
  return {kTraps, true, install,
          {.seed = "Пастки",
           .own_calculators = {trap_calculator(), sample_trap_calculator()},
           .reference = {"dm-traps", "dm-trap-effects"},
           .campaign_data = {placed_field()}}};
}

}  // namespace druzina::rules
