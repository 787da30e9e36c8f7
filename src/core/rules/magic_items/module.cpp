// DM rule "magic-items" (on by default: nothing changes until the table gives a creature a magic item).
//
//   AddMagicItem {target, name, kind?, rarity?, slot?, attunement?, requires? {class?, race?, alignment? [ids],
//     spellcaster?}, identified?, charges?, max_charges?, recharge?, recharge_at? dawn | long_rest,
//     last_charge_d20?, consumable?, cursed?, notes?} → magic_item_added {creature, item} (a new id "i<n>": two copies
//     are two items); cursed → magic_item_cursed {creature, item} (DM secret data).
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
//     held two, every other slot one).
//   UseItemCharge {target, item, charges? = 1, roll?: the d20 at the last charge} → item_charges_spent {creature,
//     item, spent, left, d20?}; refused when it has fewer charges (rules.err.item_no_charges). The last charge of an
//     item that says so: a d20 (rolled, or `roll`), on 1 → magic_item_removed reason destroyed.
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

namespace druzina::rules {

using namespace detail;
namespace actions = campaign::actions;
namespace param = campaign::param;
namespace jr = campaign::jr;

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

// ---- data ----------------------------------------------------------------------------------------------------
void one_of(const json& v, const std::vector<std::string>& allowed) {
  if (!v.is_string()) jr::fail_type("string");
  if (!has(allowed, v.get<std::string>())) jr::fail_value("not_one_of", {{"value", v.get<std::string>()}, {"allowed", joined(allowed)}});
}

void text_of(const json& v, size_t max, bool allow_empty) {
  if (!v.is_string()) jr::fail_type("string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max) jr::fail_value("too_long", {{"max", max}});
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
          jr::fail_value("not_one_of", {{"value", a.dump()}, {"allowed", "lg, ng, cg, ln, n, cn, le, ne, ce, unaligned"}});
      }
    } else {
      jr::fail_value("not_one_of", {{"value", k}, {"allowed", "class, race, alignment, spellcaster"}});
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
    if (!keys.count(k)) jr::fail_value("not_one_of", {{"value", k}, {"allowed", "int, wis, cha, communication, senses, alignment, alignment_id, purpose"}});
    if (k == "int" || k == "wis" || k == "cha") int_in(x, 1, 30);
    if (k == "communication" || k == "alignment") int_in(x, 1, 100);
    if (k == "senses") int_in(x, 1, 4);
    if (k == "purpose") int_in(x, 1, 10);
    if (k == "alignment_id" && (!x.is_string() || !find_alignment(x.get<std::string>()))) jr::fail_type("alignment id");
  }
  for (const char* k : {"int", "wis", "cha", "communication", "senses", "alignment", "purpose"})
    if (!v.contains(k)) {
      jr::PathGuard g(k);
      jr::fail_type("a value");
    }
}

void validate_item(const json& e) {
  if (!e.is_object()) jr::fail_type("object");
  static const std::set<std::string> keys = {"id",         "name",      "kind",         "rarity",      "slot",
                                             "attunement", "requires",  "attuned_by",   "identified",  "worn",
                                             "charges",    "max_charges", "recharge",   "recharge_at", "last_charge_d20",
                                             "consumable", "notes", "sentient"};
  for (const auto& [k, v] : e.items()) {
    jr::PathGuard g(k);
    if (!keys.count(k)) jr::fail_value("not_one_of", {{"value", k}, {"allowed", "id, name, kind, rarity, slot, attunement, requires, "
                                                                                 "attuned_by, identified, worn, charges, max_charges, recharge, "
                                                                                 "recharge_at, last_charge_d20, consumable, notes, sentient"}});
    if (k == "id" || k == "attuned_by") {
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
  for (const char* k : {"id", "name"})
    if (!e.contains(k)) {
      jr::PathGuard g(k);
      jr::fail_type("a value");
    }
  if (e.contains("charges") && e.contains("max_charges") && e["charges"].get<int>() > e["max_charges"].get<int>()) {
    jr::PathGuard g("charges");
    jr::fail_value("out_of_range", {{"value", e["charges"]}, {"min", 0}, {"max", e["max_charges"]}});
  }
  if (e.value("worn", false) && !e.contains("slot")) {
    jr::PathGuard g("worn");
    jr::fail_type("a slot for a worn item");
  }
}

campaign::DataField items_field() {
  return {kItems,
          "list of magic items {id, name, kind?, rarity?, slot?, attunement?, requires?, attuned_by?, identified?, worn?, "
          "charges?, max_charges?, recharge?, recharge_at?, last_charge_d20?, consumable?, notes?} (ids unique; at most "
          "the slot's limit worn)",
          false, [](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            if (v.size() > 200) jr::fail_value("too_many", {{"value", v.size()}, {"max", 200}});
            std::set<std::string> ids;
            std::map<std::string, int> worn;
            size_t i = 0;
            for (const auto& e : v) {
              jr::PathGuard g(i++);
              validate_item(e);
              if (!ids.insert(e["id"].get<std::string>()).second) {
                jr::PathGuard d("id");
                jr::fail_value("duplicate_id", {{"id", e["id"].get<std::string>()}});
              }
              if (e.value("worn", false)) {
                const std::string slot = e["slot"].get<std::string>();
                if (++worn[slot] > slot_limit(slot)) {
                  jr::PathGuard d("worn");
                  jr::fail_value("too_many", {{"value", worn[slot]}, {"max", slot_limit(slot)}});
                }
              }
            }
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

// ---- events --------------------------------------------------------------------------------------------------
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

void apply_worn(Campaign& c, const json& d) {
  const bool worn = d.at("worn").get<bool>();
  change_item(c, d, [&](json& e) {
    if (worn)
      e["worn"] = true;
    else
      e.erase("worn");
  });
}

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
  return tr(lc.lang, "event.magic_item_added", {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}});
}

std::string render_removed(const json& d, const LogContext& lc) {
  const std::string which = std::string("event.magic_item_removed_") + d.value("reason", std::string("removed"));  // _removed _consumed _destroyed
  return tr(lc.lang, which, {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}});
}

std::string render_given(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.magic_item_given", {{"name", name_of(lc, d)}, {"to", name_of(lc, d, "to")}, {"item", item_name(lc, d)}});
}

std::string render_identified(const json& d, const LogContext& lc) {
  const std::string which = d.value("revealed", false) ? "event.item_identified_" + d.value("means", std::string("identify"))
                                                     : std::string("event.item_identified_nothing");
  return tr(lc.lang, which, {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}});
}

std::string render_attuned(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.item_attuned", {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}, {"n", d.value("count", 0)}});
}

std::string render_attunement_ended(const json& d, const LogContext& lc) {
  // _ended _distance _death _another _removed _destroyed _consumed
  const std::string which = std::string("event.item_attunement_ended_") + d.value("reason", std::string("ended"));
  return tr(lc.lang, which, {{"name", name_of(lc, d, "by")}, {"item", item_name(lc, d)}});
}

std::string render_worn(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("worn", false) ? "event.item_worn_on" : "event.item_worn_off", {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}});
}

std::string render_charges(const json& d, const LogContext& lc) {
  std::string line = tr(lc.lang, "event.item_charges_spent",
                        {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}, {"spent", d.value("spent", 0)}, {"left", d.value("left", 0)}});
  if (d.contains("d20")) line += " " + tr(lc.lang, d["d20"].get<int>() == 1 ? "rules.magic_items.d20_destroyed" : "rules.magic_items.d20_kept", {{"d20", d["d20"]}});
  return line;
}

std::string render_recharged(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.item_recharged",
            {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}, {"dice", d.value("dice", "")}, {"old", d.value("old", 0)}, {"new", d.value("new", 0)}});
}

// ---- commands ------------------------------------------------------------------------------------------------
const json& require_item(const Creature& x, const json& cmd) {
  const std::string id = param::str(cmd, "item");
  const json& list = items_json(x);
  if (list.is_array())
    for (const auto& e : list)
      if (e.value("id", "") == id) return e;
  throw UserError("rules.err.item_unknown", {{"name", x.name}, {"item", id}});
}

// Runs the short rest the command asks for (short_rest: true) for the holder.
void maybe_rest(Ctx& ctx, const json& cmd, const std::string& who) {
  if (param::boolean(cmd, "short_rest", false)) ctx.run({{"type", "ShortRest"}, {"targets", json::array({who})}});
}

std::string optional_text(const json& cmd, const char* name, size_t max) {
  const std::string s = param::str(cmd, name, "");
  if (s.size() > max) throw UserError("state.err.too_long", {{"path", name}, {"max", max}});
  return s;
}

std::string optional_choice(const json& cmd, const char* name, const std::vector<std::string>& allowed) {
  const std::string s = param::str(cmd, name, "");
  if (!s.empty() && !has(allowed, s)) throw UserError("campaign.err.param", {{"param", name}, {"expected", joined(allowed)}});
  return s;
}

json item_of_command(const Creature& x, const json& cmd) {
  json item = {{"name", param::str(cmd, "name")}};
  if (item["name"].get<std::string>().size() > 100) throw UserError("state.err.too_long", {{"path", "name"}, {"max", 100}});
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
      throw UserError("campaign.err.param", {{"param", "requires"}, {"expected", "{class?, race?, alignment? [lg … ce], spellcaster?}"}});
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
  (void)x;
  return item;
}

void validate_add(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  item_of_command(x, cmd);
  param::boolean(cmd, "cursed", false);
  const json& list = items_json(x);
  if (list.is_array() && list.size() >= 200) throw UserError("rules.err.item_too_many", {{"name", x.name}, {"max", 200}});
}

void execute_add(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  json item = item_of_command(x, cmd);
  const std::string id = ctx.new_id("i");
  item["id"] = id;
  const std::string who = x.id;
  ctx.emit("magic_item_added", {{"creature", who}, {"item", item}});
  if (param::boolean(cmd, "cursed", false)) ctx.emit("magic_item_cursed", {{"creature", who}, {"item", id}});
}

void validate_remove(const Campaign& c, const json& cmd) { require_item(actions::require(c, param::str(cmd, "target")), cmd); }

void end_attunement(Ctx& ctx, const std::string& holder, const json& item, const std::string& reason) {
  ctx.emit("item_attunement_ended", {{"creature", holder}, {"item", item.value("id", "")}, {"name", item.value("name", "")},
                                     {"by", item.value("attuned_by", "")}, {"reason", reason}});
}

void execute_remove(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  if (item.contains("attuned_by")) end_attunement(ctx, who, item, "removed");
  ctx.emit("magic_item_removed", {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"reason", "removed"}});
}

void validate_give(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  require_item(x, cmd);
  const Creature& to = actions::require(c, param::str(cmd, "to"));
  if (to.id == x.id) throw UserError("rules.err.item_give_self", {{"name", x.name}});
}

void execute_give(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  ctx.emit("magic_item_given", {{"creature", x.id}, {"to", param::str(cmd, "to")}, {"item", item["id"]}, {"name", item["name"]}});
}

void validate_identify(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  const std::string means = param::str(cmd, "means");
  if (means != "identify" && means != "short_rest") throw UserError("campaign.err.param", {{"param", "means"}, {"expected", "identify, short_rest"}});
  if (item.value("identified", false)) throw UserError("rules.err.item_already_identified", {{"name", x.name}, {"item", item["name"]}});
}

void execute_identify(Ctx& ctx, const json& cmd) {
  const std::string who = actions::require(ctx.state(), param::str(cmd, "target")).id;
  const std::string means = param::str(cmd, "means");
  if (means == "short_rest") maybe_rest(ctx, json{{"short_rest", true}}, who);
  const Creature& x = actions::require(ctx.state(), who);
  const json item = require_item(x, cmd);
  const bool revealed = means == "identify" || !is_cursed(x, item["id"].get<std::string>());
  ctx.emit("item_identified", {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"means", means}, {"revealed", revealed}});
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
  json data = {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}};
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
  if (!item.contains("attuned_by")) throw UserError("rules.err.item_not_attuned", {{"name", x.name}, {"item", item["name"]}});
  const std::string reason = param::str(cmd, "reason", "ended");
  if (reason != "ended" && reason != "distance") throw UserError("campaign.err.param", {{"param", "reason"}, {"expected", "ended, distance"}});
  // A cursed item keeps its hold: the owner cannot end the attunement by choice (remove curse, the DM: distance).
  if (reason == "ended" && is_cursed(x, item["id"].get<std::string>()))
    throw UserError("rules.err.attune_cursed", {{"name", x.name}, {"item", item["name"]}});
  param::boolean(cmd, "short_rest", false);
}

void execute_end(Ctx& ctx, const json& cmd) {
  const std::string who = actions::require(ctx.state(), param::str(cmd, "target")).id;
  const std::string reason = param::str(cmd, "reason", "ended");
  if (reason == "ended") maybe_rest(ctx, cmd, who);
  const json item = require_item(actions::require(ctx.state(), who), cmd);
  end_attunement(ctx, who, item, reason);
}

void validate_worn(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  const bool worn = param::boolean(cmd, "worn", true);
  if (!param::find(cmd, "worn")) throw UserError("campaign.err.param", {{"param", "worn"}, {"expected", "true/false"}});
  if (!worn) {
    if (!item.value("worn", false)) throw UserError("rules.err.item_not_worn", {{"name", x.name}, {"item", item["name"]}});
    return;
  }
  if (item.value("worn", false)) throw UserError("rules.err.item_already_worn", {{"name", x.name}, {"item", item["name"]}});
  const std::string slot = item.value("slot", "");
  if (slot.empty()) throw UserError("rules.err.item_no_slot", {{"item", item["name"]}});
  int used = 0;
  std::string others;
  for (const auto& e : items_json(x))
    if (e.value("worn", false) && e.value("slot", "") == slot) ++used, append(others, ", ", e.value("name", ""));
  if (used >= slot_limit(slot))
    throw UserError("rules.err.item_slot_full", {{"name", x.name}, {"item", item["name"]}, {"slot", slot}, {"max", slot_limit(slot)}, {"worn", others}});
}

void execute_worn(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  ctx.emit("item_worn", {{"creature", x.id}, {"item", item["id"]}, {"name", item["name"]}, {"worn", param::boolean(cmd, "worn", true)}});
}

void validate_charge(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.contains("charges")) throw UserError("rules.err.item_no_charges_kept", {{"item", item["name"]}});
  const int n = static_cast<int>(param::integer(cmd, "charges", 1, 1000, 1));
  const int left = item["charges"].get<int>();
  if (left == 0) throw UserError("rules.err.item_no_charges", {{"item", item["name"]}});
  if (n > left) throw UserError("rules.err.item_not_enough_charges", {{"item", item["name"]}, {"n", n}, {"left", left}});
  param::integer(cmd, "roll", 1, 20, 1);
}

void execute_charge(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  const int n = static_cast<int>(param::integer(cmd, "charges", 1, 1000, 1));
  const int left = item["charges"].get<int>() - n;
  json data = {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"spent", n}, {"left", left}};
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
    ctx.emit("magic_item_removed", {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"reason", "destroyed"}});
  }
}

void validate_consume(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.value("consumable", false)) throw UserError("rules.err.item_not_consumable", {{"item", item["name"]}});
}

void execute_consume(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const json item = require_item(x, cmd);
  const std::string who = x.id;
  if (item.contains("attuned_by")) end_attunement(ctx, who, item, "consumed");
  ctx.emit("magic_item_removed", {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"reason", "consumed"}});
}

// ---- sentient items ------------------------------------------------------------------------------------------
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
            {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}, {"int", p.value("int", 0)}, {"wis", p.value("wis", 0)},
             {"cha", p.value("cha", 0)}, {"alignment", row("sentient-alignment", p.value("alignment", 1))},
             {"purpose", row("sentient-purpose", p.value("purpose", 1))}});
}

std::string render_domination(const json& d, const LogContext& lc) {
  json args = {{"name", name_of(lc, d)}, {"item", item_name(lc, d)}, {"total", d.value("total", 0)}, {"dc", d.value("dc", 0)},
               {"hours", d.value("hours", 0)}};
  return tr(lc.lang, d.value("success", false) ? "event.sentient_domination_resisted" : "event.sentient_domination_charmed", args);
}

void validate_sentience(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (item.value("consumable", false)) throw UserError("rules.err.item_sentient_consumable", {{"item", item["name"]}});
  if (item.contains("sentient")) throw UserError("rules.err.item_already_sentient", {{"item", item["name"]}});
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
  ctx.emit("item_sentience", {{"creature", x.id}, {"item", item["id"]}, {"name", item["name"]}, {"sentient", p}, {"rolled", rolled}});
}

void validate_dominate(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const json& item = require_item(x, cmd);
  if (!item.contains("sentient")) throw UserError("rules.err.item_not_sentient", {{"item", item["name"]}});
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
  json data = {{"creature", who}, {"item", item["id"]}, {"name", item["name"]}, {"dc", dc}, {"modifier", mod}};
  int total = 0;
  if (param::find(cmd, "roll")) {
    total = static_cast<int>(param::integer(cmd, "roll", -100, 1000));
    data["rolled"] = false;
  } else {
    const int d20 = ctx.rng().die(20);
    total = d20 + mod;
    data["roll"] = d20;
    data["rolled"] = true;
  }
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

// ---- hooks ---------------------------------------------------------------------------------------------------
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
  ctx.emit("item_recharged", {{"creature", holder}, {"item", item["id"]}, {"name", item["name"]}, {"dice", dice}, {"rolled", rolled}, {"old", old}, {"new", now}});
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
  command(e, "AddMagicItem",
          {"target", "name", "kind", "rarity", "slot", "attunement", "requires", "identified", "charges", "max_charges",
           "recharge", "recharge_at", "last_charge_d20", "consumable", "cursed", "notes"},
          validate_add, execute_add);
  command(e, "RemoveMagicItem", {"target", "item"}, validate_remove, execute_remove);
  command(e, "GiveMagicItem", {"target", "item", "to"}, validate_give, execute_give);
  command(e, "IdentifyItem", {"target", "item", "means"}, validate_identify, execute_identify);
  command(e, "AttuneItem", {"target", "item", "short_rest"}, validate_attune, execute_attune);
  command(e, "EndAttunement", {"target", "item", "reason", "short_rest"}, validate_end, execute_end);
  command(e, "SetItemWorn", {"target", "item", "worn"}, validate_worn, execute_worn);
  command(e, "UseItemCharge", {"target", "item", "charges", "roll"}, validate_charge, execute_charge);
  command(e, "UseConsumable", {"target", "item"}, validate_consume, execute_consume);
  command(e, "MakeItemSentient", {"target", "item", "int", "wis", "cha", "communication", "senses", "alignment", "purpose"},
          validate_sentience, execute_sentience);
  command(e, "SentientDominate", {"target", "item", "roll", "hours"}, validate_dominate, execute_dominate);
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
  if (!item.attunement) return Refusal{"rules.err.item_no_attunement", {{"item", name}}};
  if (item.attuned_by == x.id) return Refusal{"rules.err.item_already_attuned", {{"name", x.name}, {"item", name}}};
  const auto mine = attuned_items(c, x.id);
  if (static_cast<int>(mine.size()) >= kMaxAttuned) {
    std::vector<std::string> names;
    for (const auto& m : mine) names.push_back(m.name);
    return Refusal{"rules.err.attune_full", {{"name", x.name}, {"max", kMaxAttuned}, {"items", joined(names)}}};
  }
  for (const auto& m : mine)
    if (lower(m.name) == lower(item.name)) return Refusal{"rules.err.attune_duplicate", {{"name", x.name}, {"item", name}}};
  const ItemRequires& r = item.prereq;
  const ClassView cls = class_of(x);
  if (!r.cls.empty() && lower(cls.cls) != lower(r.cls))
    return Refusal{"rules.err.attune_prereq_class", {{"name", x.name}, {"item", name}, {"class", class_name(Lang::en, r.cls)}}};
  if (!r.race.empty() && lower(x.race).find(lower(r.race)) == std::string::npos)
    return Refusal{"rules.err.attune_prereq_race", {{"name", x.name}, {"item", name}, {"race", r.race}}};
  if (!r.alignment.empty()) {
    const auto a = alignment_of(x);
    if (!a || !has(r.alignment, *a))
      return Refusal{"rules.err.attune_prereq_alignment", {{"name", x.name}, {"item", name}, {"alignments", joined(r.alignment)}}};
  }
  if (r.spellcaster && !has(kSpellcasters, lower(cls.cls)))
    return Refusal{"rules.err.attune_prereq_spellcaster", {{"name", x.name}, {"item", name}}};
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
