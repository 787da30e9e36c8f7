// A caster's spell slots: Creature::modules["spell-slots"] (spell_slots.hpp). Absent = every slot there.
//
//   SpendSpellSlot {target, level: 1..9, pact?} → spell_slot_spent {creature, level, pact?} (a slot used outside
//     CastSpell: the player's own tap on a pip)
//   RegainSpellSlot {target, level: 1..9, pact?} → spell_slot_regained {creature, level, pact?} (a pip tapped back)
//   ArcaneRecovery {target, levels: [1..5, …]} → arcane_recovery {creature, levels}: a wizard, once between long
//     rests, after a short rest: spent slots whose levels add up to at most half her wizard level (rounded up),
//     none of the 6th level or higher (rules.err.recovery_not_wizard, _used, _too_many, _too_high, _not_spent).
//   SetSpellcasting {target, classes?: "wizard:3,cleric:2" ("" clears), table?: {slots: [9 ints], dc, attack,
//     spells?: [ids]} (null clears)} → spellcasting_set {creature, classes?, table?}.
// Hooks: a long rest (rest_finished "long") gives every slot back to those who rested and to every monster (a day
// passed for them too): spell_slots_restored {creature, kind: "long"}; a short rest gives the pact slots back to
// those who rested: spell_slots_restored {creature, kind: "short"}. AddMonsters: an SRD monster with
// Spellcasting slots gets its table (spellcasting_set), from assets/data/monster-uses.json.
//
// Index:
//   [SECTION] reading
//   [SECTION] data fields
//   [SECTION] events
//   [SECTION] commands
//   [SECTION] hooks
#include <algorithm>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/common.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kSpent = "spent";
constexpr const char* kPactSpent = "pact_spent";
constexpr const char* kRecovered = "recovered";
constexpr const char* kClassesField = "classes";
constexpr const char* kTable = "table";

// [SECTION] reading ---------------------------------------------------------------------------------------------------
std::array<int, 9> spent_of(const Creature& x) {
  std::array<int, 9> out{};
  const json& s = creature_data(x, kSpellSlots, kSpent);
  if (s.is_array())
    for (size_t k = 0; k < 9 && k < s.size(); ++k) out[k] = s[k].get<int>();
  return out;
}

int int_data(const Creature& x, const char* key) {
  const json& v = creature_data(x, kSpellSlots, key);
  return v.is_number_integer() ? v.get<int>() : 0;
}

std::string casting_ability(std::string_view cls) {
  if (cls == "wizard" || cls == "eldritch-knight" || cls == "arcane-trickster") return "int";
  if (cls == "cleric" || cls == "druid" || cls == "ranger") return "wis";
  if (cls == "bard" || cls == "paladin" || cls == "sorcerer" || cls == "warlock") return "cha";
  return {};
}

// A fighter or rogue whose subclass names the third casters (in any of the three languages, or the PHB's English).
std::string caster_class_of(const ClassView& v) {
  std::string sub;
  for (char ch : v.subclass) sub += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const std::string id = subclass_id(v.subclass);  // its name in cs, uk or en ("Mystický rytíř")
  if (v.cls == "fighter" && (id == "eldritch-knight" || sub.find("eldritch") != std::string::npos)) return "eldritch-knight";
  if (v.cls == "rogue" && (id == "arcane-trickster" || sub.find("arcane trickster") != std::string::npos)) return "arcane-trickster";
  return v.cls;
}

const json& table_of(const Creature& x) { return creature_data(x, kSpellSlots, kTable); }

// [SECTION] data fields -----------------------------------------------------------------------------------------------
void nine_ints(const json& v, int hi) {
  if (!v.is_array()) jr::fail_type("array");
  if (v.size() != 9) jr::fail_value("out_of_range", jobj{"min", 9, "max", 9});
  for (const auto& n : v) int_in(n, 0, hi);
}

// The table link (and the live table) carries what a player's sheet needs to show her slots — the classes (the
// classes rule's fields), what she spent, a table of its own — each under a short key; her phone counts the slots
// from them as the DM's does. None of it is a DM secret (io::player_view shows it all to players already).
[[noreturn]] void wire_shape(const std::string& path, const char* expected) {
  throw UserError("state.err.wrong_type", jobj{"path", path, "expected", expected});
}

// [9 ints] → the same with the trailing zeros cut (null: none spent).
json spent_to_wire(const json& shown) {
  if (!shown.is_array()) return nullptr;
  json out = shown;
  while (!out.empty() && out.back() == json(0)) out.erase(out.size() - 1);
  return out.empty() ? json(nullptr) : out;
}
json spent_from_wire(const json& compact, const std::string& path, std::vector<std::string>&) {
  if (!compact.is_array() || compact.empty() || compact.size() > 9) wire_shape(path, "array of 1..9 integers");
  json out = compact;
  for (const auto& n : out)
    if (!n.is_number_integer()) wire_shape(path, "array of 1..9 integers");
  while (out.size() < 9) out.push_back(0);
  return out;  // (the ranges: the field's own check, when the copy is validated)
}

campaign::DataField spent_field() {
  campaign::DataField f{kSpent, "[9 ints 0..20]: slots spent of the 1st … 9th level", false, [](const json& v) { nine_ints(v, 20); }, /*player_owned*/ true};
  f.wire = {"ss", spent_to_wire, spent_from_wire};
  return f;
}
campaign::DataField pact_field() {
  campaign::DataField f{kPactSpent, "int 0..10: pact slots spent", false, [](const json& v) { int_in(v, 0, 10); }, /*player_owned*/ true};
  f.wire = {"sp", [](const json& shown) { return shown.is_number_integer() && shown != json(0) ? shown : json(nullptr); },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_number_integer()) wire_shape(path, "integer");
              return compact;
            }};
  return f;
}
campaign::DataField recovered_field() {
  campaign::DataField f{kRecovered, "true: Arcane Recovery used since the long rest", false, [](const json& v) {
            if (!v.is_boolean()) jr::fail_type("boolean");
          }, /*player_owned*/ true};
  f.wire = {"sr", [](const json& shown) { return shown == json(true) ? json(1) : json(nullptr); },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (compact != json(1)) wire_shape(path, "1");
              return json(true);
            }};
  return f;
}
void check_classes(const json& v) {
  if (!v.is_array()) jr::fail_type("array");
  if (v.empty() || v.size() > 12) jr::fail_value("out_of_range", jobj{"min", 1, "max", 12});
  for (const auto& c : v) {
    if (!c.is_object() || !c.contains("class") || !c["class"].is_string() || c.size() != 2) jr::fail_type("object");
    if (c["class"].get<std::string>().size() > 60) jr::fail_value("too_long", jobj{"max", 60});
    int_in(c.value("level", json()), 1, 20);
  }
}
campaign::DataField classes_field() {
  campaign::DataField f{kClassesField, "[{class, level 1..20}], 1..12: the classes a multiclassed caster casts by", false, check_classes};
  // [{class, level}, …] → [[class, level], …]
  f.wire = {"sc",
            [](const json& shown) {
              if (!shown.is_array()) return json(nullptr);
              json out = json::array();
              for (const auto& k : shown) out.push_back(json::array({k.value("class", json()), k.value("level", json())}));
              return out;
            },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_array()) wire_shape(path, "array");
              json out = json::array();
              for (size_t i = 0; i < compact.size(); ++i) {
                const json& k = compact[i];
                if (!k.is_array() || k.size() != 2 || !k[0].is_string() || !k[1].is_number_integer())
                  wire_shape(path + "[" + std::to_string(i) + "]", "[class, level]");
                out.push_back(jobj{"class", k[0], "level", k[1]});
              }
              return out;
            }};
  return f;
}
void check_table(const json& v) {
  if (!v.is_object()) jr::fail_type("object");
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (it.key() == "slots") nine_ints(it.value(), 20);
    else if (it.key() == "dc") int_in(it.value(), 1, 40);
    else if (it.key() == "attack") int_in(it.value(), -10, 30);
    else if (it.key() == "spells") {
      if (!it.value().is_array()) jr::fail_type("array");
      if (it.value().size() > 100) jr::fail_value("out_of_range", jobj{"min", 0, "max", 100});
      for (const auto& s : it.value())
        if (!s.is_string() || s.get<std::string>().size() > 60) jr::fail_type("string");
    } else jr::fail_value("unknown_field", jobj{"field", it.key()});
  }
  if (!v.contains("slots")) jr::fail_value("missing", jobj{"field", "slots"});
}
campaign::DataField table_field() {
  campaign::DataField f{kTable, "{slots: [9 ints], dc?, attack?, spells?: [ids]}: slots of its own (a monster's)", false, check_table};
  f.wire = {"st", [](const json& shown) { return shown.is_object() ? shown : json(nullptr); },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_object()) wire_shape(path, "object");
              return compact;  // (its fields: the field's own check)
            }};
  return f;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void write_spent(Creature& x, const std::array<int, 9>& s) {
  const bool any = std::any_of(s.begin(), s.end(), [](int n) { return n > 0; });
  set_creature_data(x, kSpellSlots, kSpent, any ? json(s) : json());
}

void regain(Creature& x, int level, bool pact) {
  if (pact) {
    const int n = std::max(0, int_data(x, kPactSpent) - 1);
    set_creature_data(x, kSpellSlots, kPactSpent, n > 0 ? json(n) : json());
    return;
  }
  auto s = spent_of(x);
  auto& n = s[static_cast<size_t>(level - 1)];
  n = std::max(0, n - 1);
  write_spent(x, s);
}

Creature& who(Campaign& c, const json& d) { return campaign::creature_ref(c, d.at("creature").get<std::string>()); }

void apply_spent(Campaign& c, const json& d) { spend_slot(who(c, d), d.at("level").get<int>(), d.value("pact", false)); }
void apply_regained(Campaign& c, const json& d) { regain(who(c, d), d.at("level").get<int>(), d.value("pact", false)); }

void apply_restored(Campaign& c, const json& d) {
  Creature& x = who(c, d);
  set_creature_data(x, kSpellSlots, kPactSpent, nullptr);
  if (d.value("kind", "") == "long") {
    set_creature_data(x, kSpellSlots, kSpent, nullptr);
    set_creature_data(x, kSpellSlots, kRecovered, nullptr);
  }
}

void apply_recovery(Campaign& c, const json& d) {
  Creature& x = who(c, d);
  for (const auto& lv : d.at("levels")) regain(x, lv.get<int>(), false);
  set_creature_data(x, kSpellSlots, kRecovered, true);
}

void apply_spellcasting_set(Campaign& c, const json& d) {
  Creature& x = who(c, d);
  if (d.contains(kClassesField)) set_creature_data(x, kSpellSlots, kClassesField, d[kClassesField]);
  if (d.contains(kTable)) set_creature_data(x, kSpellSlots, kTable, d[kTable]);
}

constexpr const char* kLevelKey = "spell_slots.level.";  // + 1..9
std::string level_word(Lang lang, int level) { return tr(lang, kLevelKey + std::to_string(level)); }

std::string render_slot(const char* key, const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "level", level_word(lc.lang, d.value("level", 1))};
  return tr(lc.lang, std::string(key) + (d.value("pact", false) ? ".pact" : ""), args);
}

std::string render_recovery(const json& d, const LogContext& lc) {
  std::string levels;
  for (const auto& lv : d.value("levels", json::array())) append(levels, ", ", level_word(lc.lang, lv.get<int>()));
  return tr(lc.lang, "event.arcane_recovery", jobj{"name", name_of(lc, d), "levels", levels});
}

std::string render_restored(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("kind", "") == "long" ? "event.spell_slots_restored" : "event.spell_slots_restored.pact",
            jobj{"name", name_of(lc, d)});
}

std::string render_spellcasting_set(const json& d, const LogContext& lc) {
  const SlotsView v = [&] {
    Creature tmp;
    tmp.modules[kSpellSlots] = json::object();
    if (d.contains(kClassesField) && !d[kClassesField].is_null()) tmp.modules[kSpellSlots][kClassesField] = d[kClassesField];
    if (d.contains(kTable) && !d[kTable].is_null()) tmp.modules[kSpellSlots][kTable] = d[kTable];
    return slots_view(Campaign{}, tmp);
  }();
  std::string slots;
  for (size_t k = 0; k < 9; ++k)
    if (v.max[k] > 0) append(slots, ", ", std::to_string(v.max[k]) + "× " + level_word(lc.lang, static_cast<int>(k) + 1));
  if (slots.empty()) return tr(lc.lang, "event.spellcasting_set.cleared", jobj{"name", name_of(lc, d)});
  return tr(lc.lang, "event.spellcasting_set", jobj{"name", name_of(lc, d), "slots", slots});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
int level_param(const json& cmd) { return static_cast<int>(param::integer(cmd, "level", 1, 9)); }
bool pact_param(const json& cmd) { return param::boolean(cmd, "pact", false); }

void validate_spend(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const int level = level_param(cmd);
  const SlotsView v = slots_view(c, x);
  if (pact_param(cmd)) {
    if (v.pact_max == 0 || v.pact_level != level)
      throw UserError("rules.err.spell_level_unavailable", jobj{"name", x.name, "level", level});
    if (v.pact_left == 0) throw UserError("rules.err.spell_no_slot_left", jobj{"name", x.name, "level", level});
    return;
  }
  if (v.max[static_cast<size_t>(level - 1)] == 0)
    throw UserError("rules.err.spell_level_unavailable", jobj{"name", x.name, "level", level});
  if (v.left[static_cast<size_t>(level - 1)] == 0)
    throw UserError("rules.err.spell_no_slot_left", jobj{"name", x.name, "level", level});
}

json slot_event(const json& cmd) {
  json d = jobj{"creature", param::str(cmd, "target"), "level", level_param(cmd)};
  if (pact_param(cmd)) d["pact"] = true;
  return d;
}

void validate_regain(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const int level = level_param(cmd);
  const SlotsView v = slots_view(c, x);
  const bool none_spent = pact_param(cmd) ? (v.pact_level != level || v.pact_left >= v.pact_max)
                                          : v.left[static_cast<size_t>(level - 1)] >= v.max[static_cast<size_t>(level - 1)];
  if (none_spent) throw UserError("rules.err.spell_slot_not_spent", jobj{"name", x.name, "level", level});
}

std::vector<int> recovery_levels(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "target"));
  const SlotsView v = slots_view(c, x);
  const auto classes = caster_classes(x);
  const bool wizard = std::any_of(classes.begin(), classes.end(), [](const calc::ClassLevel& k) { return k.cls == "wizard"; });
  if (!wizard) throw UserError("rules.err.recovery_not_wizard", jobj{"name", x.name});
  if (v.recovery_levels == 0) throw UserError("rules.err.recovery_used", jobj{"name", x.name});
  std::vector<int> levels = int_list(cmd, "levels", 1, 9);
  if (levels.empty()) throw UserError("campaign.err.param", jobj{"param", "levels", "expected", "list"});
  int sum = 0;
  std::array<int, 9> spent{};
  for (int lv : levels) {
    if (lv >= 6) throw UserError("rules.err.recovery_too_high", jobj{"level", lv});
    sum += lv;
    const size_t k = static_cast<size_t>(lv - 1);
    if (++spent[k] > v.max[k] - v.left[k]) throw UserError("rules.err.recovery_not_spent", jobj{"name", x.name, "level", lv});
  }
  if (sum > v.recovery_levels) throw UserError("rules.err.recovery_too_many", jobj{"max", v.recovery_levels, "sum", sum});
  return levels;
}

json classes_param(const json& cmd) {
  const std::string text = param::str(cmd, "classes", "");  // "" clears them
  if (text.empty()) return json();
  json out = json::array();
  for (const auto& k : calc::parse_class_levels(text)) {
    if (calc::caster_kind(k.cls).empty() && !is_srd_class(k.cls)) throw UserError("calc.err.not_a_caster", jobj{"value", k.cls});
    out.push_back(jobj{"class", k.cls, "level", k.level});
  }
  return out;
}

void validate_set(const Campaign& c, const json& cmd) {
  actions::require(c, param::str(cmd, "target"));
  const bool has_classes = param::find(cmd, "classes") != nullptr, has_table = param::find(cmd, kTable) != nullptr;
  if (!has_classes && !has_table) throw UserError("campaign.err.nothing_to_change");
  if (has_classes) classes_param(cmd);
  if (has_table && !param::find(cmd, kTable)->is_null()) {
    try {
      check_table(*param::find(cmd, kTable));
    } catch (const UserError&) {
      throw UserError("campaign.err.param", jobj{"param", kTable, "expected", "{slots: [9 ints], dc, attack}"});
    }
  }
}

void execute_set(Ctx& ctx, const json& cmd) {
  json d = jobj{"creature", param::str(cmd, "target")};
  if (param::find(cmd, "classes")) d[kClassesField] = classes_param(cmd);
  if (const json* t = param::find(cmd, kTable)) d[kTable] = *t;
  ctx.emit("spellcasting_set", std::move(d));
}

// [SECTION] hooks -----------------------------------------------------------------------------------------------------
bool anything_spent(const Creature& x, bool long_rest) {
  if (int_data(x, kPactSpent) > 0) return true;
  if (!long_rest) return false;
  const auto s = spent_of(x);
  return std::any_of(s.begin(), s.end(), [](int n) { return n > 0; }) || creature_data(x, kSpellSlots, kRecovered).is_boolean();
}

void on_rest_finished(Ctx& ctx, const Event& ev) {
  const bool long_rest = ev.data.value("kind", "") == "long";
  std::vector<std::string> ids;
  for (const auto& id : ev.data.value("creatures", json::array())) ids.push_back(id.get<std::string>());
  if (long_rest)
    for (const auto& x : ctx.state().creatures)
      if (x.kind == "monster" && std::find(ids.begin(), ids.end(), x.id) == ids.end()) ids.push_back(x.id);
  for (const auto& id : ids) {
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (x && !x->death_saves.dead && anything_spent(*x, long_rest))
      ctx.emit("spell_slots_restored", jobj{"creature", id, "kind", long_rest ? "long" : "short"});
  }
}

void after_add_monsters(Ctx& ctx, const json&) {
  static const json uses = assets::json("data/monster-uses.json");
  for (const auto& [id, monster] : srd_monsters_added(ctx))
    for (const auto& m : uses)
      if (m.value("id", "") == monster && m.contains("casting")) {
        const json& k = m["casting"];
        json table = jobj{"slots", k.at("slots"), "spells", k.at("spells")};
        if (k.contains("dc") && !k["dc"].is_null()) table["dc"] = k["dc"];
        if (k.contains("attack") && !k["attack"].is_null()) table["attack"] = k["attack"];
        ctx.emit("spellcasting_set", jobj{"creature", id, kTable, table});
      }
}

void install(Engine& e) {
  event(e, "spell_slot_spent", apply_spent, [](const json& d, const LogContext& lc) { return render_slot("event.spell_slot_spent", d, lc); });
  event(e, "spell_slot_regained", apply_regained,
        [](const json& d, const LogContext& lc) { return render_slot("event.spell_slot_regained", d, lc); });
  event(e, "spell_slots_restored", apply_restored, render_restored);
  event(e, "arcane_recovery", apply_recovery, render_recovery);
  event(e, "spellcasting_set", apply_spellcasting_set, render_spellcasting_set);
  command(e, "SpendSpellSlot", {"target", "level", "pact"}, validate_spend,
          [](Ctx& ctx, const json& cmd) { ctx.emit("spell_slot_spent", slot_event(cmd)); });
  command(e, "RegainSpellSlot", {"target", "level", "pact"}, validate_regain,
          [](Ctx& ctx, const json& cmd) { ctx.emit("spell_slot_regained", slot_event(cmd)); });
  command(e, "ArcaneRecovery", {"target", "levels"}, [](const Campaign& c, const json& cmd) { recovery_levels(c, cmd); },
          [](Ctx& ctx, const json& cmd) {
            ctx.emit("arcane_recovery", jobj{"creature", param::str(cmd, "target"), "levels", recovery_levels(ctx.state(), cmd)});
          });
  command(e, "SetSpellcasting", {"target", "classes", kTable}, validate_set, execute_set);
  e.on_event("rest_finished", on_rest_finished);
  e.after("AddMonsters", after_add_monsters);
}

}  // namespace

std::vector<calc::ClassLevel> caster_classes(const Creature& x) {
  std::vector<calc::ClassLevel> out;
  const json& list = creature_data(x, kSpellSlots, kClassesField);
  if (list.is_array()) {
    for (const auto& k : list) out.push_back({k.value("class", ""), k.value("level", 1)});
    return out;
  }
  const ClassView v = class_of(x);
  if (!v.cls.empty()) out.push_back({caster_class_of(v), std::max(1, x.level)});
  return out;
}

int SlotsView::highest() const {
  int h = pact_max > 0 ? pact_level : 0;
  for (int k = 8; k >= 0; --k)
    if (max[static_cast<size_t>(k)] > 0) return std::max(h, k + 1);
  return h;
}

SlotsView slots_view(const Campaign&, const Creature& x) {
  static const json data = assets::json("data/rules/spell-slots.json");
  SlotsView v;
  const auto classes = caster_classes(x);
  const calc::Slots s = calc::spell_slots(classes);
  v.max = s.slots;
  v.pact_max = s.pact_slots;
  v.pact_level = s.pact_level;
  int total_level = 0;
  for (const auto& k : classes) {
    total_level += k.level;
    if (v.ability.empty()) v.ability = casting_ability(k.cls);
    const size_t lv = static_cast<size_t>(std::clamp(k.level, 1, 20) - 1);
    const std::string base = k.cls == "eldritch-knight" || k.cls == "arcane-trickster" ? "wizard" : k.cls;
    if (data["cantrips"].contains(base) && base == k.cls) v.cantrips += data["cantrips"][base][lv].get<int>();
    if (data["known"].contains(k.cls)) v.known += data["known"][k.cls][lv].get<int>();
  }
  const json& table = table_of(x);
  if (table.is_object()) {
    for (size_t k = 0; k < 9; ++k) v.max[k] = table["slots"][k].get<int>();
    if (table.contains("spells")) v.spells = table["spells"].get<std::vector<std::string>>();
  }
  const int mod = v.ability.empty() ? 0 : campaign::modifier(x, v.ability);
  const int prof = campaign::proficiency_bonus(total_level > 0 ? total_level : x.level);
  if (!v.ability.empty()) {
    v.dc = 8 + prof + mod;
    v.attack = prof + mod;
  }
  if (table.is_object()) {
    v.dc = table.value("dc", v.dc);
    v.attack = table.value("attack", v.attack);
  }
  for (const auto& k : classes) {
    if (k.cls == "cleric" || k.cls == "druid" || k.cls == "wizard") v.prepared += std::max(1, campaign::modifier(x, casting_ability(k.cls)) + k.level);
    if (k.cls == "paladin") v.prepared += std::max(1, campaign::modifier(x, "cha") + k.level / 2);
    if (k.cls == "wizard" && !creature_data(x, kSpellSlots, kRecovered).is_boolean()) v.recovery_levels = std::min(20, (k.level + 1) / 2);
  }
  const auto spent = spent_of(x);
  for (size_t k = 0; k < 9; ++k) v.left[k] = std::max(0, v.max[k] - spent[k]);
  v.pact_left = std::max(0, v.pact_max - int_data(x, kPactSpent));
  v.caster = v.highest() > 0 || v.cantrips > 0;
  return v;
}

void spend_slot(Creature& x, int level, bool pact) {
  if (pact) {
    set_creature_data(x, kSpellSlots, kPactSpent, int_data(x, kPactSpent) + 1);
    return;
  }
  auto s = spent_of(x);
  s[static_cast<size_t>(level - 1)] += 1;
  write_spent(x, s);
}

std::string slot_for(const Campaign& c, const Creature& x, int level) {
  const SlotsView v = slots_view(c, x);
  const bool pact_here = v.pact_max > 0 && v.pact_level == level;
  const size_t k = static_cast<size_t>(level - 1);
  if (pact_here && v.pact_left > 0) return "pact";
  if (v.left[k] > 0) return "slot";
  if (!pact_here && v.max[k] == 0) throw UserError("rules.err.spell_level_unavailable", jobj{"name", x.name, "level", level});
  throw UserError("rules.err.spell_no_slot_left", jobj{"name", x.name, "level", level});
}

Module spell_slots() {
  return {kSpellSlots, /*default_on*/ true, install,
          {.own_calculators = spell_slots_calculators(),
           .creature_data = {spent_field(), pact_field(), recovered_field(), classes_field(), table_field()}}};
}

}  // namespace druzina::rules
