// DM rule "magic-items" (on by default: nothing changes until the table gives a creature a magic item).
//
//   AddMagicItem {target, name, kind?, rarity?, slot?, attunement?, requires? {class?, race?, alignment? [ids],
//     spellcaster?}, identified?, charges?, max_charges?, recharge?, recharge_at? dawn | long_rest,
//     last_charge_d20?, consumable?, cursed?, notes?, paired? (default: slot feet, hands or wrists), half?,
//     command_word?, spells? [{name, level 0..9, cost 0..50, upcast? 0..10, concentration?}], spell_dc? 1..30 | "wielder"}
//     → magic_item_added {creature, item} (a new id "i<n>": two copies are two items); cursed → magic_item_cursed
//     {creature, item} (DM secret data).
//   RemoveMagicItem {target, item} → magic_item_removed {creature, item, name, reason: removed}.
//   GiveMagicItem {target, item, to} → magic_item_given {creature, to, item} (its attunement stays until the new
//     holder attunes, the attuned creature ends it, dies, or the DM ends it for distance).
//   IdentifyItem {target, item, means: identify | short_rest, short_rest?} → item_identified {creature, item, means,
//     revealed}: the identify spell reveals it (a curse stays hidden); a short rest spent with it reveals it unless
//     it is cursed (revealed false: the rest taught nothing).
//   AttuneItem {target, item, short_rest?} → item_attuned {creature, item, previous?}: the holder attunes. Refused:
//     it needs no attunement, it is already attuned to the holder, three items are attuned, another copy (same
//     name) is attuned, a prerequisite (class, race, alignment, spellcaster) is not met, the holder is dead.
//     Attuned to another creature: that attunement ends first (item_attunement_ended reason another).
//   EndAttunement {target, item, reason?: ended | distance, short_rest?} → item_attunement_ended {creature, item, by,
//     reason} (distance: 24 hours more than 100 feet away — the DM says so; the seed says 100 miles once, the rest of
//     it and the SRD 100 feet). A cursed item's attunement cannot be ended by choice (rules.err.attune_cursed).
//   Death (died) → item_attunement_ended reason death for every item the dead creature was attuned to.
//   short_rest: true runs a short rest for the holder first (ShortRest {targets: [target]}): attuning, ending an
//     attunement and studying an item each take one.
//   SetItemWorn {target, item, worn} → item_worn {creature, item, worn}; refused beyond the slot's limit (rings two,
//     held two, every other slot one; one of a pair takes half a slot, so two odd boots fit — and neither works).
//   SetItemPair {target, item, half} → item_pair_changed {creature, item, half}: a paired item (boots, gloves,
//     bracers) with one of the pair lost (half: true) does not work until it is whole again.
//   UseItemCharge {target, item, charges? = 1, roll?: the d20 at the last charge} → item_charges_spent {creature,
//     item, spent, left, d20?}; refused when it has fewer charges (rules.err.item_no_charges), for one of a pair
//     (item_half_pair) and for an item that requires attunement its holder lacks (item_use_unattuned). The last
//     charge of an item that says so: a d20 (rolled, or `roll`), on 1 → magic_item_removed reason destroyed.
//   ActivateItem {target, item, charges? = 0, roll?} → item_activated {creature, item, word?, identified?} (its command word
//     spoken: an action) and the charges it costs spent as UseItemCharge spends them; refused as UseItemCharge.
//   CastFromItem {target, item, spell: index | name, level?, roll?} → item_spell_cast {creature, item, spell, level,
//     cost, dc?, dc_from: item | wielder | none, identified?} and item_charges_spent (cost: the spell's charges + upcast for each
//     level above its own): the app rolls nothing for the spell; the DC is the item's own or the wielder's spell
//     save DC (8 + proficiency + the class's spellcasting modifier; refused when the wielder has none).
//   ShortRest {…, items: [{target, item, action: attune | end | identify}]}: what each resting creature spends the
//     rest on (one item each), done after the rest by AttuneItem / EndAttunement / IdentifyItem (no second rest);
//     refused as those commands refuse (a fourth attunement, a curse, an item it does not hold).
//   UseConsumable {target, item} → magic_item_removed reason consumed (refused for an item that is not consumable).
//   Dawn (time_advanced past 6:00) / a long rest (long_rest_applied): items with recharge dice regain them
//     → item_recharged {creature, item, dice, rolled, old, new} (rolled with the campaign's RNG; "all" = full).
//   MakeItemSentient {target, item, int?, wis?, cha?, communication?, senses?, alignment?, purpose?} → item_sentience
//     {creature, item, sentient: {int, wis, cha, communication, senses, alignment, alignment_id, purpose}, rolled}:
//     INT, WIS, CHA by 4d6 dropping the lowest, the rows of sentient-communication (d100), sentient-senses (d4),
//     sentient-alignment (d100) and sentient-purpose (d10) rolled — or the DM's values. Never a consumable.
//   SentientDominate {target, item, roll?: the CHA save's total, hours?: the d12} → sentient_domination {creature,
//     item, dc: 12 + the item's CHA modifier, total, success, hours?}; a failure: charmed (source item:<id>) for
//     1d12 hours.
// Data: Creature::modules["magic-items"].items (shown to players), .cursed (item ids; DM secret).
//
// Index:
//   [SECTION] data
//   [SECTION] events
//   [SECTION] commands
//   [SECTION] command words, spells from items
//   [SECTION] pairs
//   [SECTION] sentient items
//   [SECTION] hooks
//   [SECTION] the short rest's offer
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <stdexcept>

#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/common.hpp"
#include "core/rules/magic_items/magic_items.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kItems = "items";
constexpr const char* kCursed = "cursed";
const std::vector<std::string> kSpellcasters = {"bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "warlock", "wizard"};

bool has(const std::vector<std::string>& list, std::string_view x) { return std::find(list.begin(), list.end(), x) != list.end(); }

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string joined(const std::vector<std::string>& list) {
  std::string s;
  for (const auto& x : list) append(s, ", ", x);
  return s;
}

// [SECTION] data ------------------------------------------------------------------------------------------------------
void one_of(const json& v, const std::vector<std::string>& allowed) {
  if (!v.is_string()) jr::fail_type("string");
  if (!has(allowed, v.get<std::string>())) jr::fail_value("not_one_of", jobj{"value", v.get<std::string>(), "allowed", joined(allowed)});
}

void text_of(const json& v, size_t max, bool allow_empty) {
  if (!v.is_string()) jr::fail_type("string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max) jr::fail_value("too_long", jobj{"max", max});
  if (!allow_empty && s.empty()) jr::fail_type("text");
}

void validate_requires(const json& r) {
  if (!r.is_object()) jr::fail_type("object");
  for (const auto& [k, v] : r.items()) {
    jr::PathGuard g(k);
    if (k == "class" || k == "race") {
      text_of(v, 60, false);
    } else if (k == "spellcaster") {
      if (!v.is_boolean()) jr::fail_type("boolean");
    } else if (k == "alignment") {
      if (!v.is_array() || v.empty()) jr::fail_type("array of alignments");
      size_t i = 0;
      for (const auto& a : v) {
        jr::PathGuard ga(i++);
        if (!a.is_string() || !find_alignment(a.get<std::string>()))
          jr::fail_value("not_one_of", jobj{"value", a.dump(), "allowed", "lg, ng, cg, ln, n, cn, le, ne, ce, unaligned"});
      }
    } else {
      jr::fail_value("not_one_of", jobj{"value", k, "allowed", "class, race, alignment, spellcaster"});
    }
  }
}

// A sentient item's personality: {int, wis, cha (3..30), communication (d100), senses (d4), alignment (d100) and
// purpose (d10): the rolls of the sentient-* tables, the alignment's id beside its roll}.
void validate_sentient(const json& v) {
  if (!v.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"int", "wis", "cha", "communication", "senses", "alignment", "alignment_id", "purpose"};
  for (const auto& [k, x] : v.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k)) jr::fail_value("not_one_of", jobj{"value", k, "allowed", "int, wis, cha, communication, senses, alignment, alignment_id, purpose"});
    if (k == "int" || k == "wis" || k == "cha") int_in(x, 1, 30);
    if (k == "communication" || k == "alignment") int_in(x, 1, 100);
    if (k == "senses") int_in(x, 1, 4);
    if (k == "purpose") int_in(x, 1, 10);
    if (k == "alignment_id" && (!x.is_string() || !find_alignment(x.get<std::string>()))) jr::fail_type("alignment id");
  }
  require_keys(v, {"int", "wis", "cha", "communication", "senses", "alignment", "purpose"});
}

// The spells an item casts: [{name, level 0..9, cost 0..50 (charges), upcast? 0..10 (charges a level higher),
// concentration? (true: casting it starts the caster's concentration when the concentration rule is on)}].
void validate_spells(const json& v) {
  if (!v.is_array() || v.empty()) jr::fail_type("array of spells");
  if (v.size() > 20) jr::fail_value("too_many", jobj{"value", v.size(), "max", 20});
  size_t i = 0;
  for (const auto& sp : v) {
    jr::PathGuard g(i++);
    if (!sp.is_object()) jr::fail_type("object");
    for (const auto& [k, x] : sp.items()) {
      jr::PathGuard gk(k);
      if (k == "name") text_of(x, 80, false);
      else if (k == "level") int_in(x, 0, 9);
      else if (k == "cost") int_in(x, 0, 50);
      else if (k == "upcast") int_in(x, 0, 10);
      else if (k == "concentration") {
        if (!x.is_boolean()) jr::fail_type("true/false");
      } else jr::fail_value("not_one_of", jobj{"value", k, "allowed", "name, level, cost, upcast, concentration"});
    }
    require_keys(sp, {"name", "level", "cost"});
  }
}

void validate_item(const json& e) {
  if (!e.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"id",         "name",      "kind",         "rarity",      "slot",
                                             "attunement", "requires",  "attuned_by",   "identified",  "worn",
                                             "charges",    "max_charges", "recharge",   "recharge_at", "last_charge_d20",
                                             "consumable", "notes", "sentient", "paired", "half", "command_word",
                                             "spells", "spell_dc"};
  for (const auto& [k, v] : e.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k)) jr::fail_value("not_one_of", jobj{"value", k, "allowed", "id, name, kind, rarity, slot, attunement, requires, "
                                                                                 "attuned_by, identified, worn, charges, max_charges, recharge, "
                                                                                 "recharge_at, last_charge_d20, consumable, notes, sentient, "
                                                                                 "paired, half, command_word, spells, spell_dc"});
    if (k == "command_word") {
      text_of(v, 60, false);
    } else if (k == "spells") {
      validate_spells(v);
    } else if (k == "spell_dc") {
      if (!(v.is_string() && v.get<std::string>() == "wielder")) int_in(v, 1, 30);
    } else if (k == "id" || k == "attuned_by") {
      text_of(v, 60, false);
    } else if (k == "name") {
      text_of(v, 100, false);
    } else if (k == "notes") {
      text_of(v, 2000, true);
    } else if (k == "kind") {
      one_of(v, kItemKinds);
    } else if (k == "rarity") {
      one_of(v, kItemRarities);
    } else if (k == "slot") {
      one_of(v, kItemSlots);
    } else if (k == "recharge_at") {
      one_of(v, {"dawn", "long_rest"});
    } else if (k == "recharge") {
      text_of(v, 30, false);
      if (v.get<std::string>() != "all") try {
          dice::validate(v.get<std::string>());
        } catch (const UserError&) {
          jr::fail_type("dice expression or \"all\"");
        }
    } else if (k == "charges") {
      int_in(v, 0, 1000);
    } else if (k == "max_charges") {
      int_in(v, 1, 1000);
    } else if (k == "requires") {
      validate_requires(v);
    } else if (k == "sentient") {
      validate_sentient(v);
    } else if (!v.is_boolean()) {
      jr::fail_type("boolean");
    }
  }
  require_keys(e, {"id", "name"});
  if (e.contains("charges") && e.contains("max_charges") && e["charges"].get<int>() > e["max_charges"].get<int>()) {
    jr::PathGuard g("charges");
    jr::fail_value("out_of_range", jobj{"value", e["charges"], "min", 0, "max", e["max_charges"]});
  }
  if (e.value("half", false) && !e.value("paired", false)) {
    jr::PathGuard g("half");
    jr::fail_type("a paired item");
  }
  if (e.value("worn", false) && !e.contains("slot")) {
    jr::PathGuard g("worn");
    jr::fail_type("a slot for a worn item");
  }
}

campaign::DataField items_field() {
  return {kItems,
          "list of magic items {id, name, kind?, rarity?, slot?, attunement?, requires?, attuned_by?, identified?, worn?, "
          "charges?, max_charges?, recharge?, recharge_at?, last_charge_d20?, consumable?, paired?, half?, command_word?, "
          "spells? [{name, level, cost, upcast?, concentration?}], spell_dc? (1..30 | \"wielder\"), notes?, sentient?} (ids unique; at "
          "most the slot's limit worn, one of a pair counting half)",
          false, [](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            if (v.size() > 200) jr::fail_value("too_many", jobj{"value", v.size(), "max", 200});
            std::set<std::string> ids;
            std::map<std::string, int> worn;  // in halves: an item takes 2, one of a pair 1
            size_t i = 0;
            for (const auto& e : v) {
              jr::PathGuard g(i++);
              validate_item(e);
              if (!ids.insert(e["id"].get<std::string>()).second) {
                jr::PathGuard d("id");
                jr::fail_value("duplicate_id", jobj{"id", e["id"].get<std::string>()});
              }
              if (e.value("worn", false)) {
                const std::string slot = e["slot"].get<std::string>();
                worn[slot] += e.value("half", false) ? 1 : 2;
                if (worn[slot] > 2 * slot_limit(slot)) {
                  jr::PathGuard d("worn");
                  jr::fail_value("too_many", jobj{"value", (worn[slot] + 1) / 2, "max", slot_limit(slot)});
                }
              }
            }
          },
          false,
          // An unidentified item keeps what identifying it tells (its command word, its spells, the DM's notes on
          // it) with the DM.
          [](const json& v) {
            json out = v;
            if (out.is_array())
              for (auto& e : out)
                if (e.is_object() && !e.value("identified", false))
                  for (const char* k : {"command_word", "spells", "spell_dc", "notes"}) e.erase(k);
            return out;
          }};
}

campaign::DataField cursed_field() {
  return {kCursed, "list of the ids of its items that are cursed (DM secret)", true, [](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            size_t i = 0;
            for (const auto& e : v) {
              jr::PathGuard g(i++);
              text_of(e, 60, false);
            }
          }};
}

const json& items_json(const Creature& x) { return creature_data(x, kMagicItems, kItems); }
const json& cursed_json(const Creature& x) { return creature_data(x, kMagicItems, kCursed); }

bool is_cursed(const Creature& x, const std::string& id) {
  const json& l = cursed_json(x);
  return l.is_array() && std::find(l.begin(), l.end(), json(id)) != l.end();
}

MagicItem item_from(const json& j) {
  MagicItem m;
  m.id = j.value("id", "");
  m.name = j.value("name", "");
  m.kind = j.value("kind", "wondrous");
  m.rarity = j.value("rarity", "");
  m.slot = j.value("slot", "");
  m.attunement = j.value("attunement", false);
  if (j.contains("requires")) {
    const json& r = j["requires"];
    m.prereq.cls = r.value("class", "");
    m.prereq.race = r.value("race", "");
    m.prereq.alignment = r.value("alignment", std::vector<std::string>{});
    m.prereq.spellcaster = r.value("spellcaster", false);
  }
  m.attuned_by = j.value("attuned_by", "");
  m.identified = j.value("identified", false);
  m.worn = j.value("worn", false);
  if (j.contains("charges")) m.charges = j["charges"].get<int>();
  if (j.contains("max_charges")) m.max_charges = j["max_charges"].get<int>();
  m.recharge = j.value("recharge", "");
  m.recharge_at = j.value("recharge_at", "dawn");
  m.last_charge_d20 = j.value("last_charge_d20", false);
  m.consumable = j.value("consumable", false);
  m.paired = j.value("paired", false);
  m.half = j.value("half", false);
  m.command_word = j.value("command_word", "");
  if (j.contains("spells"))
    for (const auto& sp : j["spells"])
      m.spells.push_back({sp.value("name", ""), sp.value("level", 1), sp.value("cost", 1), sp.value("upcast", 0),
                          sp.value("concentration", false)});
  if (j.contains("spell_dc")) {
    if (j["spell_dc"].is_number_integer())
      m.spell_dc = j["spell_dc"].get<int>();
    else
      m.spell_dc_wielder = true;
  }
  m.notes = j.value("notes", "");
  if (j.contains("sentient")) {
    const json& x = j["sentient"];
    Sentience p;
    p.int_ = x.value("int", 10), p.wis = x.value("wis", 10), p.cha = x.value("cha", 10);
    p.communication = x.value("communication", 1), p.senses = x.value("senses", 1);
    p.alignment_roll = x.value("alignment", 1), p.purpose = x.value("purpose", 1);
    p.alignment = x.value("alignment_id", std::string(sentient_alignment_id(p.alignment_roll)));
    m.sentient = p;
  }
  return m;
}

// The stored item `id` in a creature's list; a history that names one it does not have is corrupt.
json::iterator item_in(json& list, const std::string& id) {
  if (!list.is_array()) throw std::out_of_range("no item " + id);
  auto it = std::find_if(list.begin(), list.end(), [&](const json& e) { return e.value("id", "") == id; });
  if (it == list.end()) throw std::out_of_range("no item " + id);
  return it;
}

// Changes one stored item (an event's apply).
template <class F>
void change_item(Campaign& c, const json& d, F f) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = items_json(x);
  auto it = item_in(list, d.at("item").get<std::string>());
  f(*it);
  validate_item(*it);
  set_creature_data(x, kMagicItems, kItems, std::move(list));
}

void set_cursed(Creature& x, const std::string& id, bool on) {
  json l = cursed_json(x).is_array() ? cursed_json(x) : json::array();
  auto it = std::find(l.begin(), l.end(), json(id));
  if (on && it == l.end()) l.push_back(id);
  if (!on && it != l.end()) l.erase(it);
  set_creature_data(x, kMagicItems, kCursed, l.empty() ? json(nullptr) : std::move(l));
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_added(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& item = d.at("item");
  validate_item(item);
  json list = items_json(x).is_array() ? items_json(x) : json::array();
  list.push_back(item);
  campaign::claim_id(c, item["id"].get<std::string>());
  set_creature_data(x, kMagicItems, kItems, std::move(list));
}

void apply_cursed(Campaign& c, const json& d) {
  set_cursed(campaign::creature_ref(c, d.at("creature").get<std::string>()), d.at("item").get<std::string>(), true);
}

void apply_removed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string id = d.at("item").get<std::string>();
  json list = items_json(x);
  list.erase(item_in(list, id));
  set_creature_data(x, kMagicItems, kItems, list.empty() ? json(nullptr) : std::move(list));
  set_cursed(x, id, false);
}

void apply_given(Campaign& c, const json& d) {
  Creature& from = campaign::creature_ref(c, d.at("creature").get<std::string>());
  Creature& to = campaign::creature_ref(c, d.at("to").get<std::string>());
  const std::string id = d.at("item").get<std::string>();
  json list = items_json(from);
  auto it = item_in(list, id);
  json item = *it;
  item.erase("worn");
  list.erase(it);
  const bool cursed = is_cursed(from, id);
  set_creature_data(from, kMagicItems, kItems, list.empty() ? json(nullptr) : std::move(list));
  set_cursed(from, id, false);
  json dest = items_json(to).is_array() ? items_json(to) : json::array();
  dest.push_back(std::move(item));
  set_creature_data(to, kMagicItems, kItems, std::move(dest));
  if (cursed) set_cursed(to, id, true);
}

void apply_identified(Campaign& c, const json& d) {
  if (!d.at("revealed").get<bool>()) return;
  change_item(c, d, [](json& e) { e["identified"] = true; });
}

void apply_attuned(Campaign& c, const json& d) {
  const std::string who = d.at("creature").get<std::string>();
  change_item(c, d, [&](json& e) { e["attuned_by"] = who; });
}

void apply_attunement_ended(Campaign& c, const json& d) {
  change_item(c, d, [](json& e) { e.erase("attuned_by"); });
}

// An item's true/absent flag (worn, half) set from the event's field of the same name.
void apply_flag(Campaign& c, const json& d, const char* key) {
  const bool on = d.at(key).get<bool>();
  change_item(c, d, [&](json& e) {
    if (on)
      e[key] = true;
    else
      e.erase(key);
  });
}

void apply_worn(Campaign& c, const json& d) { apply_flag(c, d, "worn"); }

void apply_charges(Campaign& c, const json& d) {
  const int left = d.at("left").get<int>();
  change_item(c, d, [&](json& e) { e["charges"] = left; });
}

void apply_recharged(Campaign& c, const json& d) {
  const int now = d.at("new").get<int>();
  change_item(c, d, [&](json& e) { e["charges"] = now; });
}

// The item's name for a log line: the event's own copy (the item may be gone since).
std::string item_name(const LogContext&, const json& d) {
  if (d.contains("name")) return d["name"].get<std::string>();
  if (d.contains("item") && d["item"].is_object()) return d["item"].value("name", "");
  return d.value("item", "");
}

std::string render_added(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.magic_item_added", jobj{"name", name_of(lc, d), "item", item_name(lc, d)});
}

std::string render_removed(const json& d, const LogContext& lc) {
  const std::string which = std::string("event.magic_item_removed_") + d.value("reason", std::string("removed"));  // _removed _consumed _destroyed
  return tr(lc.lang, which, jobj{"name", name_of(lc, d), "item", item_name(lc, d)});
}

std::string render_given(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.magic_item_given", jobj{"name", name_of(lc, d), "to", name_of(lc, d, "to"), "item", item_name(lc, d)});
}

std::string render_identified(const json& d, const LogContext& lc) {
  const std::string which = d.value("revealed", false) ? "event.item_identified_" + d.value("means", std::string("identify"))
                                                     : std::string("event.item_identified_nothing");
  return tr(lc.lang, which, jobj{"name", name_of(lc, d), "item", item_name(lc, d)});
}

std::string render_attuned(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.item_attuned", jobj{"name", name_of(lc, d), "item", item_name(lc, d), "n", d.value("count", 0)});
}

std::string render_attunement_ended(const json& d, const LogContext& lc) {
  // _ended _distance _death _another _removed _destroyed _consumed
  const std::string which = std::string("event.item_attunement_ended_") + d.value("reason", std::string("ended"));
  return tr(lc.lang, which, jobj{"name", name_of(lc, d, "by"), "item", item_name(lc, d)});
}

std::string render_worn(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("worn", false) ? "event.item_worn_on" : "event.item_worn_off", jobj{"name", name_of(lc, d), "item", item_name(lc, d)});
}

std::string render_charges(const json& d, const LogContext& lc) {
  std::string line = tr(lc.lang, "event.item_charges_spent",
                        jobj{"name", name_of(lc, d), "item", item_name(lc, d), "n", d.value("spent", 0), "left", d.value("left", 0)});
  if (d.contains("d20")) line += " " + tr(lc.lang, d["d20"].get<int>() == 1 ? "rules.magic_items.d20_destroyed" : "rules.magic_items.d20_kept", jobj{"d20", d["d20"]});
  return line;
}

std::string render_recharged(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.item_recharged",
            jobj{"name", name_of(lc, d), "item", item_name(lc, d), "dice", d.value("dice", ""), "old", d.value("old", 0), "new", d.value("new", 0)});
}

void apply_pair(Campaign& c, const json& d) { apply_flag(c, d, "half"); }

std::string render_pair(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("half", false) ? "event.item_pair_half" : "event.item_pair_whole", jobj{"name", name_of(lc, d), "item", item_name(lc, d)});
}

std::string render_activated(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "item", item_name(lc, d)};
  if (d.contains("word")) args["word"] = d["word"];
  return tr(lc.lang, d.contains("word") ? "event.item_activated_word" : "event.item_activated", args);
}

std::string render_spell_cast(const json& d, const LogContext& lc) {
  const int level = d.value("level", 0);
  json args = jobj{"name", name_of(lc, d), "item", item_name(lc, d), "spell", d.value("spell", ""), "level", level, "dc", d.value("dc", 0)};
  std::string line = tr(lc.lang, level == 0 ? "event.item_spell_cast_cantrip" : "event.item_spell_cast", args);
  if (!d.contains("dc")) return line;  // no save (or an old line without one)
  const std::string whose = std::string("rules.magic_items.dc_") + d.value("dc_from", std::string("item"));  // _item _wielder
  return line + " " + tr(lc.lang, whose, args);
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const json& require_item(const Creature& x, const json& cmd) {
  const std::string id = param::str(cmd, "item");
  const json& list = items_json(x);
  if (list.is_array())
    for (const auto& e : list)
      if (e.value("id", "") == id) return e;
  throw UserError("rules.err.item_unknown", jobj{"name", x.name, "item", id});
}

// Runs the short rest the command asks for (short_rest: true) for the holder.
void maybe_rest(Ctx& ctx, const json& cmd, const std::string& who) {
  if (param::boolean(cmd, "short_rest", false)) ctx.run(jobj{"type", "ShortRest", "targets", json::array({who})});
}

std::string optional_text(const json& cmd, const char* name, size_t max) {
  const std::string s = param::str(cmd, name, "");
  if (s.size() > max) throw UserError("state.err.too_long", jobj{"path", name, "max", max});
  return s;
}

std::string optional_choice(const json& cmd, const char* name, const std::vector<std::string>& allowed) {
  const std::string s = param::str(cmd, name, "");
  if (!s.empty() && !has(allowed, s)) throw UserError("campaign.err.param", jobj{"param", name, "expected", joined(allowed)});
  return s;
}

json item_of_command(const Creature& x, const json& cmd) {
  json item = jobj{"name", param::str(cmd, "name")};
  if (item["name"].get<std::string>().size() > 100) throw UserError("state.err.too_long", jobj{"path", "name", "max", 100});
  const std::string kind = optional_choice(cmd, "kind", kItemKinds);
  item["kind"] = kind.empty() ? std::string("wondrous") : kind;
  if (auto r = optional_choice(cmd, "rarity", kItemRarities); !r.empty()) item["rarity"] = r;
  if (auto s = optional_choice(cmd, "slot", kItemSlots); !s.empty()) item["slot"] = s;
  if (param::boolean(cmd, "attunement", false)) item["attunement"] = true;
  if (const json* r = param::find(cmd, "requires")) {
    if (!item.contains("attunement")) throw UserError("rules.err.item_requires_attunement");
    try {
      validate_requires(*r);
    } catch (const UserError&) {
      throw UserError("campaign.err.param", jobj{"param", "requires", "expected", "{class?, race?, alignment? [lg … ce], spellcaster?}"});
    }
    if (!r->empty()) item["requires"] = *r;
  }
  if (param::boolean(cmd, "identified", false)) item["identified"] = true;
  if (param::find(cmd, "max_charges")) {
    const int max = static_cast<int>(param::integer(cmd, "max_charges", 1, 1000));
    item["max_charges"] = max;
    item["charges"] = static_cast<int>(param::integer(cmd, "charges", 0, max, max));
  } else if (param::find(cmd, "charges")) {
    item["charges"] = static_cast<int>(param::integer(cmd, "charges", 0, 1000));
  }
  if (auto rc = optional_text(cmd, "recharge", 30); !rc.empty()) {
    if (!item.contains("max_charges")) throw UserError("rules.err.item_recharge_needs_max");
    if (rc != "all") dice::validate(rc);
    item["recharge"] = rc;
  }
  if (auto at = optional_choice(cmd, "recharge_at", {"dawn", "long_rest"}); !at.empty() && at != "dawn") item["recharge_at"] = at;
  if (param::boolean(cmd, "last_charge_d20", false)) item["last_charge_d20"] = true;
  if (param::boolean(cmd, "consumable", false) || kind == "potion" || kind == "scroll") item["consumable"] = true;
  if (auto n = optional_text(cmd, "notes", 2000); !n.empty()) item["notes"] = n;
  // Boots, gloves and bracers come as a pair unless the DM says otherwise (paired: false).
  const bool paired = param::boolean(cmd, "paired", item.contains("slot") && paired_slot(item["slot"].get<std::string>()));
  if (paired) item["paired"] = true;
  if (param::boolean(cmd, "half", false)) {
    if (!paired) throw UserError("rules.err.item_not_paired", jobj{"item", item["name"]});
    item["half"] = true;
  }
  if (auto w = optional_text(cmd, "command_word", 60); !w.empty()) item["command_word"] = w;
  if (const json* sp = param::find(cmd, "spells")) {
    try {
      validate_spells(*sp);
    } catch (const UserError&) {
      throw UserError("campaign.err.param", jobj{"param", "spells", "expected", "[{name, level 0..9, cost 0..50, upcast? 0..10, concentration? true/false}]"});
    }
    item["spells"] = *sp;
  }
  if (const json* dc = param::find(cmd, "spell_dc")) {
    if (dc->is_string() && dc->get<std::string>() == "wielder")
      item["spell_dc"] = "wielder";
    else
      item["spell_dc"] = static_cast<int>(param::integer(cmd, "spell_dc", 1, 30));
    if (!item.contains("spells")) throw UserError("rules.err.item_dc_needs_spells");
  }
  (void)x;
  return item;
}

void validate_add(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  item_of_command(x, cmd);
  param::boolean(cmd, "cursed", false);
  const json& list = items_json(x);
  if (list.is_array() && list.size() >= 200) throw UserError("rules.err.item_too_many", jobj{"name", x.name, "max", 200});
}

void execute_add(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  json item = item_of_command(x, cmd);
  const std::string id = ctx.new_id("i");
  item["id"] = id;
  const std::string who = x.id;
  ctx.emit("magic_item_added", jobj{"creature", who, "item", item});
  if (param::boolean(cmd, "cursed", false)) ctx.emit("magic_item_cursed", jobj{"creature", who, "item", id});
}

void validate_remove(const Campaign& c, const json& cmd) { require_item(actions::require(c, param::str(cmd, "target")), cmd); }

void end_attunement(Ctx& ctx, const std::string& holder, const json& item, const std::string& reason) {
  ctx.emit("item_attunement_ended", jobj{"creature", holder, "item", item.value("id", ""), "name", item.value("name", ""),
                                     "by", item.value("attuned_by", ""), "reason", reason});
}

void execute_remove(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  if (item.contains("attuned_by")) end_attunement(ctx, who, item, "removed");
  ctx.emit("magic_item_removed", jobj{"creature", who, "item", item["id"], "name", item["name"], "reason", "removed"});
}

void validate_give(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  require_item(x, cmd);
  const Creature& to = actions::require(c, param::str(cmd, "to"));
  if (to.id == x.id) throw UserError("rules.err.item_give_self", jobj{"name", x.name});
}

void execute_give(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  ctx.emit("magic_item_given", jobj{"creature", x.id, "to", param::str(cmd, "to"), "item", item["id"], "name", item["name"]});
}

void validate_identify(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  const std::string means = param::str(cmd, "means");
  if (means != "identify" && means != "short_rest") throw UserError("campaign.err.param", jobj{"param", "means", "expected", "identify, short_rest"});
  if (item.value("identified", false)) throw UserError("rules.err.item_already_identified", jobj{"name", x.name, "item", item["name"]});
  param::boolean(cmd, "short_rest", true);
}

void execute_identify(Ctx& ctx, const json& cmd) {
  const std::string who = actions::require(ctx.state(), param::str(cmd, "target")).id;
  const std::string means = param::str(cmd, "means");
  // A short rest spent with the item: run here, unless it is the short rest that does it (ShortRest {items}).
  if (means == "short_rest" && param::boolean(cmd, "short_rest", true)) maybe_rest(ctx, jobj{"short_rest", true}, who);
  const Creature& x = actions::require(ctx.state(), who);
  const json item = require_item(x, cmd);
  const bool revealed = means == "identify" || !is_cursed(x, item["id"].get<std::string>());
  ctx.emit("item_identified", jobj{"creature", who, "item", item["id"], "name", item["name"], "means", means, "revealed", revealed});
}

void validate_attune(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  param::boolean(cmd, "short_rest", false);
  if (auto r = attune_refusal(c, x, item_from(item))) throw UserError(r->key, r->args);
}

// The holder of the item `id` (the campaign's items are unique by id).
std::vector<std::pair<std::string, json>> items_attuned_to(const Campaign& c, const std::string& who) {
  std::vector<std::pair<std::string, json>> out;
  for (const auto& x : c.creatures) {
    const json& l = items_json(x);
    if (!l.is_array()) continue;
    for (const auto& e : l)
      if (e.value("attuned_by", "") == who) out.emplace_back(x.id, e);
  }
  return out;
}

void execute_attune(Ctx& ctx, const json& cmd) {
  const std::string who = actions::require(ctx.state(), param::str(cmd, "target")).id;
  maybe_rest(ctx, cmd, who);
  const Creature& x = actions::require_living(ctx.state(), who);
  const json item = require_item(x, cmd);
  if (auto r = attune_refusal(ctx.state(), x, item_from(item))) throw UserError(r->key, r->args);  // the rest changed nothing that matters
  json data = jobj{"creature", who, "item", item["id"], "name", item["name"]};
  if (item.contains("attuned_by")) {
    data["previous"] = item["attuned_by"];
    end_attunement(ctx, who, item, "another");
  }
  data["count"] = static_cast<int>(items_attuned_to(ctx.state(), who).size()) + 1;
  ctx.emit("item_attuned", data);
}

void validate_end(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.contains("attuned_by")) throw UserError("rules.err.item_not_attuned", jobj{"name", x.name, "item", item["name"]});
  const std::string reason = param::str(cmd, "reason", "ended");
  if (reason != "ended" && reason != "distance") throw UserError("campaign.err.param", jobj{"param", "reason", "expected", "ended, distance"});
  // A cursed item keeps its hold: the owner cannot end the attunement by choice (remove curse, the DM: distance).
  if (reason == "ended" && is_cursed(x, item["id"].get<std::string>()))
    throw UserError("rules.err.attune_cursed", jobj{"name", x.name, "item", item["name"]});
  param::boolean(cmd, "short_rest", false);
}

void execute_end(Ctx& ctx, const json& cmd) {
  const std::string who = actions::require(ctx.state(), param::str(cmd, "target")).id;
  const std::string reason = param::str(cmd, "reason", "ended");
  if (reason == "ended") maybe_rest(ctx, cmd, who);
  const json item = require_item(actions::require(ctx.state(), who), cmd);
  end_attunement(ctx, who, item, reason);
}

// The halves of a slot the creature's worn items take (an item 2, one of a pair 1), leaving out `except`.
int slot_halves(const Creature& x, const std::string& slot, const std::string& except, std::string* names = nullptr) {
  int used = 0;
  const json& l = items_json(x);
  if (!l.is_array()) return 0;
  for (const auto& e : l)
    if (e.value("worn", false) && e.value("slot", "") == slot && e.value("id", "") != except) {
      used += e.value("half", false) ? 1 : 2;
      if (names) append(*names, ", ", e.value("name", ""));
    }
  return used;
}

void validate_worn(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  const bool worn = param::boolean(cmd, "worn", true);
  if (!param::find(cmd, "worn")) throw UserError("campaign.err.param", jobj{"param", "worn", "expected", "true/false"});
  if (!worn) {
    if (!item.value("worn", false)) throw UserError("rules.err.item_not_worn", jobj{"name", x.name, "item", item["name"]});
    return;
  }
  if (item.value("worn", false)) throw UserError("rules.err.item_already_worn", jobj{"name", x.name, "item", item["name"]});
  const std::string slot = item.value("slot", "");
  if (slot.empty()) throw UserError("rules.err.item_no_slot", jobj{"item", item["name"]});
  std::string others;
  const int used = slot_halves(x, slot, item["id"].get<std::string>(), &others);
  if (used + (item.value("half", false) ? 1 : 2) > 2 * slot_limit(slot))
    throw UserError("rules.err.item_slot_full", jobj{"name", x.name, "item", item["name"], "slot", text_all("ui.mi.slot." + slot), "max", slot_limit(slot), "worn", others});
}

void execute_worn(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  ctx.emit("item_worn", jobj{"creature", x.id, "item", item["id"], "name", item["name"], "worn", param::boolean(cmd, "worn", true)});
}

// Refuses spending n charges of the item: it keeps none, has none left, or too few.
void check_charges(const json& item, int n) {
  if (!item.contains("charges")) throw UserError("rules.err.item_no_charges_kept", jobj{"item", item["name"]});
  const int left = item["charges"].get<int>();
  if (left == 0) throw UserError("rules.err.item_no_charges", jobj{"item", item["name"]});
  if (n > left) throw UserError("rules.err.item_not_enough_charges", jobj{"item", item["name"], "n", n, "left", left});
}

// Refuses using the holder's item when it would not work (one of a pair, not attuned).
void check_usable(const Creature& x, const json& item) {
  if (auto r = use_refusal(x, item_from(item))) throw UserError(r->key, r->args);
}

// Spends n charges: item_charges_spent; the last charge of an item that says so rolls a d20 (the command's `roll`,
// or the RNG): on 1 the item is destroyed (its attunement ends).
void spend_charges(Ctx& ctx, const std::string& who, const json& item, int n, const json& cmd) {
  const int left = item["charges"].get<int>() - n;
  json data = jobj{"creature", who, "item", item["id"], "name", item["name"], "spent", n, "left", left};
  if (left == 0 && item.value("last_charge_d20", false)) {
    if (param::find(cmd, "roll")) {
      data["d20"] = static_cast<int>(param::integer(cmd, "roll", 1, 20));
      data["rolled"] = false;
    } else {
      data["d20"] = ctx.rng().die(20);
      data["rolled"] = true;
    }
  }
  ctx.emit("item_charges_spent", data);
  if (data.contains("d20") && data["d20"].get<int>() == 1) {
    if (item.contains("attuned_by")) end_attunement(ctx, who, item, "destroyed");
    ctx.emit("magic_item_removed", jobj{"creature", who, "item", item["id"], "name", item["name"], "reason", "destroyed"});
  }
}

void validate_charge(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  check_charges(item, static_cast<int>(param::integer(cmd, "charges", 1, 1000, 1)));
  check_usable(x, item);
  param::integer(cmd, "roll", 1, 20, 1);
}

void execute_charge(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  spend_charges(ctx, x.id, item, static_cast<int>(param::integer(cmd, "charges", 1, 1000, 1)), cmd);
}

// [SECTION] command words, spells from items --------------------------------------------------------------------------
void validate_activate(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (item.value("consumable", false)) throw UserError("rules.err.item_activate_consumable", jobj{"item", item["name"]});
  check_usable(x, item);
  const int n = static_cast<int>(param::integer(cmd, "charges", 0, 1000, 0));
  if (n > 0) check_charges(item, n);
  param::integer(cmd, "roll", 1, 20, 1);
}

// Activating an item (its command word spoken, or as its description says): an action, in the log; `charges` it
// costs are spent as UseItemCharge spends them.
void execute_activate(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  json data = jobj{"creature", who, "item", item["id"], "name", item["name"]};
  if (item.contains("command_word")) data["word"] = item["command_word"];
  if (item.value("identified", false)) data["identified"] = true;
  ctx.emit("item_activated", data);
  const int n = static_cast<int>(param::integer(cmd, "charges", 0, 1000, 0));
  if (n > 0) spend_charges(ctx, who, item, n, cmd);
}

struct Cast {
  ItemSpell spell;
  int level = 0, cost = 0;
  ItemSpellDc dc;
};

// The spell the command names (its index in the item's list or its name), at the level asked, with its cost in
// charges and its DC; refused: no such spell, a level it cannot be cast at, too few charges, no DC to use.
Cast cast_of(const Creature& x, const json& item, const json& cmd) {
  const MagicItem m = item_from(item);
  if (m.spells.empty()) throw UserError("rules.err.item_no_spells", jobj{"item", m.name});
  const json* which = param::find(cmd, "spell");
  if (!which) throw UserError("campaign.err.param", jobj{"param", "spell", "expected", "index or name"});
  std::optional<ItemSpell> found;
  if (which->is_number_integer()) {
    const long long i = which->get<long long>();
    if (i >= 0 && i < static_cast<long long>(m.spells.size())) found = m.spells[static_cast<size_t>(i)];
  } else if (which->is_string()) {
    for (const auto& sp : m.spells)
      if (lower(sp.name) == lower(which->get<std::string>())) found = sp;
  }
  if (!found) throw UserError("rules.err.item_no_such_spell", jobj{"item", m.name, "spell", which->is_string() ? which->get<std::string>() : which->dump()});
  Cast c;
  c.spell = *found;
  c.level = static_cast<int>(param::integer(cmd, "level", found->level, 9, found->level));
  if (c.level > found->level && found->upcast == 0)
    throw UserError("rules.err.item_spell_no_upcast", jobj{"item", m.name, "spell", found->name, "level", found->level});
  c.cost = found->cost + (c.level - found->level) * found->upcast;
  if (c.cost > 0) check_charges(item, c.cost);
  c.dc = item_spell_dc(x, m);
  if (c.dc.from == "wielder" && !c.dc.dc) throw UserError("rules.err.item_spell_no_dc", jobj{"name", x.name, "item", m.name});
  return c;
}

void validate_cast(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  check_usable(x, item);
  cast_of(x, item, cmd);
  param::integer(cmd, "roll", 1, 20, 1);
}

// Casting a spell from the item: the app rolls nothing for the spell itself (the table does: attack, saves,
// damage), it records the cast with its level and DC and spends the charges (the last one's d20 included).
void execute_cast(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  const Cast c = cast_of(x, item, cmd);
  json data = jobj{"creature", who, "item", item["id"], "name", item["name"], "spell", c.spell.name,
               "level", c.level, "cost", c.cost, "dc_from", c.dc.from};
  if (c.dc.dc) data["dc"] = *c.dc.dc;
  if (c.spell.concentration) data["concentration"] = true;  // (the concentration rule starts it)
  if (item.value("identified", false)) data["identified"] = true;
  ctx.emit("item_spell_cast", data);
  if (c.cost > 0) spend_charges(ctx, who, item, c.cost, cmd);
}

// [SECTION] pairs -----------------------------------------------------------------------------------------------------
void validate_pair(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.value("paired", false)) throw UserError("rules.err.item_not_paired", jobj{"item", item["name"]});
  if (!param::find(cmd, "half")) throw UserError("campaign.err.param", jobj{"param", "half", "expected", "true/false"});
  const bool half = param::boolean(cmd, "half", false);
  if (half == item.value("half", false))
    throw UserError(half ? "rules.err.item_pair_already_half" : "rules.err.item_pair_already_whole", jobj{"name", x.name, "item", item["name"]});
  // Both of a pair again while worn beside another half: the slot must hold it.
  const std::string slot = item.value("slot", "");
  std::string others;
  if (!half && item.value("worn", false) && slot_halves(x, slot, item["id"].get<std::string>(), &others) + 2 > 2 * slot_limit(slot))
    throw UserError("rules.err.item_slot_full", jobj{"name", x.name, "item", item["name"], "slot", text_all("ui.mi.slot." + slot), "max", slot_limit(slot), "worn", others});
}

void execute_pair(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  ctx.emit("item_pair_changed", jobj{"creature", x.id, "item", item["id"], "name", item["name"], "half", param::boolean(cmd, "half", false)});
}

void validate_consume(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.value("consumable", false)) throw UserError("rules.err.item_not_consumable", jobj{"item", item["name"]});
}

void execute_consume(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  if (item.contains("attuned_by")) end_attunement(ctx, who, item, "consumed");
  ctx.emit("magic_item_removed", jobj{"creature", who, "item", item["id"], "name", item["name"], "reason", "consumed"});
}

// [SECTION] sentient items --------------------------------------------------------------------------------------------
void apply_sentience(Campaign& c, const json& d) {
  const json p = d.at("sentient");
  validate_sentient(p);
  change_item(c, d, [&](json& e) { e["sentient"] = p; });
}

std::string render_sentience(const json& d, const LogContext& lc) {
  const json& p = d.value("sentient", json::object());
  auto row = [&](const char* table, int roll) {
    return tables::has_table(table) ? tables::row_for(tables::table(table), roll).text.in(lc.lang) : std::string();
  };
  return tr(lc.lang, "event.item_sentience",
            jobj{"name", name_of(lc, d), "item", item_name(lc, d), "int", p.value("int", 0), "wis", p.value("wis", 0),
             "cha", p.value("cha", 0), "alignment", row("sentient-alignment", p.value("alignment", 1)),
             "purpose", row("sentient-purpose", p.value("purpose", 1))});
}

std::string render_domination(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "item", item_name(lc, d), "total", d.value("total", 0), "dc", d.value("dc", 0),
               "hours", d.value("hours", 0)};
  return tr(lc.lang, d.value("success", false) ? "event.sentient_domination_resisted" : "event.sentient_domination_charmed", args);
}

void validate_sentience(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (item.value("consumable", false)) throw UserError("rules.err.item_sentient_consumable", jobj{"item", item["name"]});
  if (item.contains("sentient")) throw UserError("rules.err.item_already_sentient", jobj{"item", item["name"]});
  for (const char* k : {"int", "wis", "cha"}) param::integer(cmd, k, 3, 30, 10);
  param::integer(cmd, "communication", 1, 100, 1);
  param::integer(cmd, "senses", 1, 4, 1);
  param::integer(cmd, "alignment", 1, 100, 1);
  param::integer(cmd, "purpose", 1, 10, 1);
}

// INT, WIS and CHA by 4d6 dropping the lowest, each table by its die — or what the DM chose.
void execute_sentience(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  json p = json::object(), rolled = json::array();
  for (const char* k : {"int", "wis", "cha"}) {
    if (param::find(cmd, k)) {
      p[k] = param::integer(cmd, k, 3, 30);
    } else {
      p[k] = static_cast<int>(dice::roll("4d6kh3", ctx.rng()).total);
      rolled.push_back(k);
    }
  }
  const std::pair<const char*, const char*> tabs[] = {{"communication", "sentient-communication"}, {"senses", "sentient-senses"},
                                                      {"alignment", "sentient-alignment"}, {"purpose", "sentient-purpose"}};
  for (const auto& [k, table] : tabs) {
    if (param::find(cmd, k)) {
      p[k] = param::integer(cmd, k, 1, 100);
    } else {
      p[k] = tables::roll_die(tables::table(table), ctx.rng());
      rolled.push_back(k);
    }
  }
  p["alignment_id"] = sentient_alignment_id(p["alignment"].get<int>());
  ctx.emit("item_sentience", jobj{"creature", x.id, "item", item["id"], "name", item["name"], "sentient", p, "rolled", rolled});
}

void validate_dominate(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.contains("sentient")) throw UserError("rules.err.item_not_sentient", jobj{"item", item["name"]});
  param::integer(cmd, "roll", -100, 1000, 0);
  param::integer(cmd, "hours", 1, 12, 1);
}

// The item tries to take control: the holder's CHA save, DC 12 + the item's CHA modifier; a failure charms the
// holder for 1d12 hours (source item:<id>).
void execute_dominate(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  const int dc = calc::sentient_dominate_dc(campaign::ability_modifier(item["sentient"]["cha"].get<int>()));
  const int mod = save_bonus(ctx.state(), x, "cha");
  json data = jobj{"creature", who, "item", item["id"], "name", item["name"], "dc", dc, "modifier", mod};
  const int total = d20_total(ctx, cmd, mod, data);
  const bool success = total >= dc;
  data["total"] = total;
  data["success"] = success;
  if (!success) data["hours"] = param::find(cmd, "hours") ? static_cast<int>(param::integer(cmd, "hours", 1, 12)) : ctx.rng().die(12);
  ctx.emit("sentient_domination", data);
  if (success || x.condition_immunities.end() != std::find(x.condition_immunities.begin(), x.condition_immunities.end(), "charmed")) return;
  Condition c;
  c.id = "charmed";
  c.source = "item:" + item["id"].get<std::string>();
  c.until.kind = "minutes";
  c.until.minutes = data["hours"].get<int>() * 60LL;
  actions::add_condition(ctx, who, std::move(c));
}

// [SECTION] hooks -----------------------------------------------------------------------------------------------------
void on_died(Ctx& ctx, const Event& ev) {
  const std::string who = ev.data.value("creature", "");
  for (const auto& [holder, item] : items_attuned_to(ctx.state(), who)) end_attunement(ctx, holder, item, "death");
}

void recharge(Ctx& ctx, const std::string& holder, const json& item) {
  if (!item.contains("recharge") || !item.contains("max_charges")) return;
  const int max = item["max_charges"].get<int>(), old = item.value("charges", 0);
  if (old >= max) return;
  const std::string dice = item["recharge"].get<std::string>();
  const int rolled = dice == "all" ? max - old : static_cast<int>(dice::roll(dice, ctx.rng()).total);
  const int now = std::clamp(old + rolled, old, max);
  ctx.emit("item_recharged", jobj{"creature", holder, "item", item["id"], "name", item["name"], "dice", dice, "rolled", rolled, "old", old, "new", now});
}

void recharge_all(Ctx& ctx, const std::string& only_holder, const std::string& at) {
  std::vector<std::pair<std::string, json>> due;
  for (const auto& x : ctx.state().creatures) {
    if (!only_holder.empty() && x.id != only_holder) continue;
    const json& l = items_json(x);
    if (!l.is_array()) continue;
    for (const auto& e : l)
      if (e.value("recharge_at", std::string("dawn")) == at) due.emplace_back(x.id, e);
  }
  for (const auto& [holder, item] : due) recharge(ctx, holder, item);
}

constexpr long long kDawn = 6 * 60;  // 6:00 of each in-world day

// Dawns in (from, to]; at most 7 are rolled (a week recharges anything).
long long dawns_between(long long from, long long to) {
  auto upto = [](long long m) { return m < kDawn ? 0 : (m - kDawn) / 1440 + 1; };  // dawns at or before minute m
  return to > from ? upto(to) - upto(from) : 0;
}

void on_time(Ctx& ctx, const Event& ev) {
  const long long n = std::min(7LL, dawns_between(ev.data.value("from", 0LL), ev.data.value("to", 0LL)));
  for (long long k = 0; k < n; ++k) recharge_all(ctx, "", "dawn");
}

void on_long_rest(Ctx& ctx, const Event& ev) { recharge_all(ctx, ev.data.value("creature", ""), "long_rest"); }

// [SECTION] the short rest's offer ------------------------------------------------------------------------------------
// ShortRest {items: [{target, item, action: attune | end | identify}]}: what each resting creature spends the
// rest on (one item each, as attuning takes "a short rest focused on only that item").
struct RestItem {
  std::string target, item, action, holder;
};

std::vector<RestItem> rest_items(const Campaign& c, const json& cmd) {
  std::vector<RestItem> out;
  const json* v = param::find(cmd, "items");
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", "items", "expected", "[{target, item, action}]"});
  std::set<std::string> resting;
  if (const json* t = param::find(cmd, "targets"); t && t->is_array()) {
    for (const auto& id : *t)
      if (id.is_string()) resting.insert(id.get<std::string>());
  } else {
    for (const auto& id : living_party(c)) resting.insert(id);
  }
  if (const json* sp = param::find(cmd, "spend"); sp && sp->is_array())
    for (const auto& e : *sp)
      if (e.is_object() && e.contains("target") && e["target"].is_string()) resting.insert(e["target"].get<std::string>());
  std::set<std::string> seen;
  for (const auto& e : *v) {
    if (!e.is_object()) throw UserError("campaign.err.param", jobj{"param", "items", "expected", "[{target, item, action}]"});
    RestItem r{param::str(e, "target"), param::str(e, "item"), param::str(e, "action"), ""};
    const Creature& x = actions::require_living(c, r.target);
    if (!resting.count(r.target)) throw UserError("rules.err.rest_item_not_resting", jobj{"name", x.name});
    if (!seen.insert(r.target).second) throw UserError("rules.err.rest_item_one", jobj{"name", x.name});
    bool found = false;
    for (const auto& o : short_rest_offers(c, x)) {
      if (o.item != r.item || o.action != r.action) continue;
      if (o.refusal) throw UserError(o.refusal->key, o.refusal->args);
      r.holder = o.holder;
      found = true;
    }
    if (!found) throw UserError("rules.err.rest_item_unknown", jobj{"name", x.name, "item", r.item, "action", r.action});
    out.push_back(std::move(r));
  }
  return out;
}

void before_short_rest(Ctx& ctx, const json& cmd) { rest_items(ctx.state(), cmd); }

// After the rest: each creature's item, through the module's own commands (no second rest).
void after_short_rest(Ctx& ctx, const json& cmd) {
  for (const auto& r : rest_items(ctx.state(), cmd)) {
    if (r.action == "attune")
      ctx.run(jobj{"type", "AttuneItem", "target", r.target, "item", r.item});
    else if (r.action == "end")
      ctx.run(jobj{"type", "EndAttunement", "target", r.holder, "item", r.item});
    else
      ctx.run(jobj{"type", "IdentifyItem", "target", r.target, "item", r.item, "means", "short_rest", "short_rest", false});
  }
}

void install(Engine& e) {
  event(e, "magic_item_added", apply_added, render_added);
  event(e, "magic_item_cursed", apply_cursed, {}, /*silent*/ true);
  event(e, "magic_item_removed", apply_removed, render_removed);
  event(e, "magic_item_given", apply_given, render_given);
  event(e, "item_identified", apply_identified, render_identified);
  event(e, "item_attuned", apply_attuned, render_attuned);
  event(e, "item_attunement_ended", apply_attunement_ended, render_attunement_ended);
  event(e, "item_worn", apply_worn, render_worn);
  event(e, "item_charges_spent", apply_charges, render_charges);
  event(e, "item_recharged", apply_recharged, render_recharged);
  event(e, "item_sentience", apply_sentience, render_sentience);
  event(e, "sentient_domination", [](Campaign&, const json&) {}, render_domination);
  event(e, "item_pair_changed", apply_pair, render_pair);
  event(e, "item_activated", [](Campaign&, const json&) {}, render_activated);
  event(e, "item_spell_cast", [](Campaign&, const json&) {}, render_spell_cast);
  // An unidentified item's use tells its command word, its spell and DC: the DM's (an event that does not say the
  // item was identified, an older one too, stays out of a player's log).
  for (const char* type : {"item_activated", "item_spell_cast"})
    e.secret_event(type, [](const json& d) { return !d.value("identified", false); });
  command(e, "AddMagicItem",
          {"target", "name", "kind", "rarity", "slot", "attunement", "requires", "identified", "charges", "max_charges",
           "recharge", "recharge_at", "last_charge_d20", "consumable", "cursed", "notes", "paired", "half", "command_word",
           "spells", "spell_dc"},
          validate_add, execute_add);
  command(e, "RemoveMagicItem", {"target", "item"}, validate_remove, execute_remove);
  command(e, "GiveMagicItem", {"target", "item", "to"}, validate_give, execute_give);
  command(e, "IdentifyItem", {"target", "item", "means", "short_rest"}, validate_identify, execute_identify);
  command(e, "AttuneItem", {"target", "item", "short_rest"}, validate_attune, execute_attune);
  command(e, "EndAttunement", {"target", "item", "reason", "short_rest"}, validate_end, execute_end);
  command(e, "SetItemWorn", {"target", "item", "worn"}, validate_worn, execute_worn);
  command(e, "UseItemCharge", {"target", "item", "charges", "roll"}, validate_charge, execute_charge);
  command(e, "UseConsumable", {"target", "item"}, validate_consume, execute_consume);
  command(e, "MakeItemSentient", {"target", "item", "int", "wis", "cha", "communication", "senses", "alignment", "purpose"},
          validate_sentience, execute_sentience);
  command(e, "SentientDominate", {"target", "item", "roll", "hours"}, validate_dominate, execute_dominate);
  command(e, "SetItemPair", {"target", "item", "half"}, validate_pair, execute_pair);
  command(e, "ActivateItem", {"target", "item", "charges", "roll"}, validate_activate, execute_activate);
  command(e, "CastFromItem", {"target", "item", "spell", "level", "roll"}, validate_cast, execute_cast);
  e.allow_params("ShortRest", {"items"});
  e.before("ShortRest", before_short_rest);
  e.after("ShortRest", after_short_rest);
  e.on_event("died", on_died);
  e.on_event("time_advanced", on_time);
  e.on_event("long_rest_applied", on_long_rest);
}

}  // namespace

const char* sentient_alignment_id(int roll) {
  static const std::pair<int, const char*> upto[] = {{15, "lg"}, {35, "ng"}, {50, "cg"}, {63, "ln"}, {73, "n"},
                                                     {85, "cn"}, {89, "le"}, {96, "ne"}, {100, "ce"}};
  for (const auto& [hi, id] : upto)
    if (roll <= hi) return id;
  return "ce";
}

int slot_limit(std::string_view slot) { return slot == "ring" || slot == "held" ? 2 : 1; }
bool paired_slot(std::string_view slot) { return slot == "feet" || slot == "hands" || slot == "wrists"; }

std::optional<Refusal> use_refusal(const Creature& x, const MagicItem& item) {
  if (item.half) return Refusal{"rules.err.item_half_pair", jobj{"item", item.name}};
  if (item.attunement && item.attuned_by != x.id) return Refusal{"rules.err.item_use_unattuned", jobj{"name", x.name, "item", item.name}};
  return std::nullopt;
}

std::optional<int> spell_save_dc(const Creature& x) {
  static const std::map<std::string, const char*> ability = {{"bard", "cha"},   {"paladin", "cha"}, {"sorcerer", "cha"}, {"warlock", "cha"},
                                                             {"cleric", "wis"}, {"druid", "wis"},   {"ranger", "wis"},   {"wizard", "int"}};
  auto it = ability.find(lower(class_of(x).cls));
  if (it == ability.end()) return std::nullopt;
  return 8 + campaign::proficiency_bonus(x.level) + campaign::ability_modifier(x.abilities.score(it->second));
}

ItemSpellDc item_spell_dc(const Creature& holder, const MagicItem& item) {
  if (item.spell_dc) return {item.spell_dc, "item"};
  if (item.spell_dc_wielder) return {spell_save_dc(holder), "wielder"};
  return {std::nullopt, "none"};
}

std::vector<RestOffer> short_rest_offers(const Campaign& c, const Creature& x) {
  std::vector<RestOffer> out;
  for (const auto& m : magic_items_of(x)) {
    if (m.attunement && m.attuned_by != x.id) out.push_back({"attune", m.id, m.name, x.id, attune_refusal(c, x, m)});
    if (!m.identified) out.push_back({"identify", m.id, m.name, x.id, std::nullopt});
  }
  for (const auto& [holder, item] : items_attuned_to(c, x.id)) {
    const Creature* h = campaign::find_creature(c, holder);
    std::optional<Refusal> r;
    if (h && is_cursed(*h, item.value("id", ""))) r = Refusal{"rules.err.attune_cursed", jobj{"name", x.name, "item", item.value("name", "")}};
    out.push_back({"end", item.value("id", ""), item.value("name", ""), holder, r});
  }
  return out;
}

std::vector<MagicItem> magic_items_of(const Creature& x) {
  std::vector<MagicItem> out;
  const json& l = items_json(x);
  if (l.is_array())
    for (const auto& j : l) out.push_back(item_from(j));
  return out;
}

std::vector<MagicItem> attuned_items(const Campaign& c, std::string_view creature) {
  std::vector<MagicItem> out;
  for (const auto& [holder, item] : items_attuned_to(c, std::string(creature))) out.push_back(item_from(item));
  return out;
}

std::vector<std::string> attuned_names(const Campaign& c, std::string_view creature) {
  std::vector<std::string> out;
  for (const auto& m : attuned_items(c, creature)) out.push_back(m.name);
  return out;
}

std::optional<Refusal> attune_refusal(const Campaign& c, const Creature& x, const MagicItem& item) {
  const json name = item.name;
  if (!item.attunement) return Refusal{"rules.err.item_no_attunement", jobj{"item", name}};
  if (item.attuned_by == x.id) return Refusal{"rules.err.item_already_attuned", jobj{"name", x.name, "item", name}};
  const auto mine = attuned_items(c, x.id);
  if (static_cast<int>(mine.size()) >= kMaxAttuned) {
    std::vector<std::string> names;
    for (const auto& m : mine) names.push_back(m.name);
    return Refusal{"rules.err.attune_full", jobj{"name", x.name, "max", kMaxAttuned, "items", joined(names)}};
  }
  for (const auto& m : mine)
    if (lower(m.name) == lower(item.name)) return Refusal{"rules.err.attune_duplicate", jobj{"name", x.name, "item", name}};
  const ItemRequires& r = item.prereq;
  const ClassView cls = class_of(x);
  if (!r.cls.empty() && lower(cls.cls) != lower(r.cls))
    return Refusal{"rules.err.attune_prereq_class", jobj{"name", x.name, "item", name, "class", class_name(Lang::en, r.cls)}};
  if (!r.race.empty() && lower(x.race).find(lower(r.race)) == std::string::npos)
    return Refusal{"rules.err.attune_prereq_race", jobj{"name", x.name, "item", name, "race", r.race}};
  if (!r.alignment.empty()) {
    const auto a = alignment_of(x);
    if (!a || !has(r.alignment, *a))
      return Refusal{"rules.err.attune_prereq_alignment", jobj{"name", x.name, "item", name, "alignments", joined(r.alignment)}};
  }
  if (r.spellcaster && !has(kSpellcasters, lower(cls.cls)))
    return Refusal{"rules.err.attune_prereq_spellcaster", jobj{"name", x.name, "item", name}};
  return std::nullopt;
}

MagicItemsView magic_items_view(const Campaign& c, const Creature& x) {
  MagicItemsView v;
  v.on = campaign::rule_enabled(c, kMagicItems, true);
  v.items = magic_items_of(x);
  v.attuned = attuned_items(c, x.id);
  const json& l = cursed_json(x);
  if (l.is_array())
    for (const auto& e : l) v.cursed.push_back(e.get<std::string>());
  return v;
}

Module magic_items() {
  return {kMagicItems, true, install,
          {.seed = "Магічні предмети",
           .own_calculators = {sentient_dominate_calculator()},
           .tables = {"sentient-communication", "sentient-senses", "sentient-alignment", "sentient-purpose"},
           .reference = {"dm-attunement", "dm-activating-items", "dm-command-word", "dm-consumables", "dm-item-spells",
                         "dm-charges", "dm-paired-items", "dm-sentient-items", "dm-sentient-abilities", "dm-sentient-communication",
                         "dm-sentient-senses", "dm-sentient-alignment", "dm-sentient-purpose", "dm-sentient-conflict"},
           .creature_data = {items_field(), cursed_field()}}};
}

}  // namespace druzina::rules
