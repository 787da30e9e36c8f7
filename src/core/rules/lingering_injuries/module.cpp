// House rule "Úrazy" (lingering injuries): whenever a creature — monsters too — drops from above 0 HP to 0 HP
// and survives it (damage, the shock table, an open wound, SetHp …), it rolls d100 on `lingering-injury`
// (1 → d6 on `serious-injury`, 31–35 → d10 on `broken-item`) and keeps the injury with the effects of its table
// row (vocabulary: docs/tables.md). A monster that dies at 0 HP (the base rules) gets no roll; one knocked out
// (ApplyDamage knock_out: unconscious and stable, as 5e allows for a melee blow) rolls like anyone.
//
// Prompts (creature = the injured one):
//   injuries.roll                {"dice": "1d100", "table": "lingering-injury", "cause"} — answer: ResolvePrompt
//                                (engine rolls) or {roll: d100 [, then_roll: the d6 / d10 of the nested table]}
//                                → injury_added {creature, injury, rolls: {table, roll, rolled, then?}} (the base
//                                event) or, for a broken item, table_rolled
//   injuries.hand                {"injury", "kind", "choices": ["left", "right"]} — which hand lost the finger
//   injuries.broken_item         {"choices": [item names…, "none"], "suggested", "categories"} — the DM picks the
//                                nonmagical item that breaks (the engine suggests a random one)
//   injuries.combat_action_save  {"dice": "1d20+M", "dc", "ability": "con", "modifier", "injury", "kind"} — at the
//                                start of the creature's turn; failure: action lost, no reactions until the start
//                                of its next turn (condition "no_reactions", source "injury_save")
//   injuries.bad_weather         {"choices": ["yes", "no"], "dm_only": true} — is the weather bad enough for a
//                                painful scar? (remembered until the encounter ends; SetBadWeather changes it)
//   injuries.restore_max_hp      {"injury", "kind", "amount", "choices": ["restore", "keep"], "dm_only": true} —
//                                after a festering wound is cured: give back the maximum HP it took?
// Time (time_advanced): festering wound −1 max HP per full 24 h since the injury (max 0 → death); open wound
// −1 HP per full hour (ordinary damage: at 0 HP each hour is a death-save failure).
// Counts: two lost eyes → condition "blinded" (source "injury"); two pierced lungs → exhaustion at least 5
// (source "injury"; SetExhaustion below it is refused, rests cannot take it below); five lost fingers of one
// hand → treated as a lost hand.
// Commands: AddInjury {target, text, table?, table_row?, effects?} (an injury entered by hand);
// CureInjury {target, injury, scar?} (marked cured, by hand); RollInjury {target, roll?, then_roll?};
// TreatInjury {target, injury, method, spell_level?, check?, modifier?, healer?}; RemoveInjury {target, injury};
// SetInjuryHand {target, injury, hand}; SetBadWeather {value: true | false | null}.
// Events: injury_added {creature, injury, rolls?}, injury_cured {creature, injury, scar?, method?, spell_level?}
// (until schema 3 base events, same data), injury_removed, injury_hand_set, injury_treated, max_hp_changed …
// Per-creature data (Creature::modules["lingering-injuries"], shown to players): {"injuries": [Injury…],
// "scars": [Scar…]} (each absent when empty; effects.cpp reads them). Campaign data: {"bad_weather": bool,
// "treatments": {"<injury id>": {"failed_at": minute, "splint_at": minute}}}.
//
// Index:
//   [SECTION] data fields: the lists read strictly (as the base state read them until schema 3), ids unique
//   [SECTION] TreatInjury
//   [SECTION] the module
//   [SECTION] lingering_injuries: its events, hooks and commands, one named unit each
//   [SECTION] AddInjury / CureInjury and their events (base commands until schema 3)
//   [SECTION] events
//   [SECTION] dropping to 0 HP: the injury roll
//   [SECTION] counts: eyes, lungs, fingers
//   [SECTION] time: festering and open wounds
//   [SECTION] the start of a turn: "CON save when trying to act"
//   [SECTION] commands
#include <algorithm>
#include <map>
#include <set>

#include "core/rules/lingering_injuries/lingering_injuries.hpp"

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/tables/table.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* M = kLingeringInjuries;
const std::vector<std::string> kMethods = {"magic", "regrowth", "remove_poison", "medicine", "rest_days", "rest_only_days"};

long long floor_div(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

constexpr const char* kInjuries = "injuries";
constexpr const char* kScars = "scars";

std::optional<Injury> find_injury(const Creature& x, const std::string& id) {
  for (auto& j : injuries_of(x))
    if (j.id == id) return j;
  return std::nullopt;
}

// For event apply functions: the creature's injuries, changed by f, written back (an empty list leaves no data).
template <class F>
void change_injuries(Creature& x, F&& f) {
  std::vector<Injury> list = injuries_of(x);
  f(list);
  set_creature_data(x, M, kInjuries, list.empty() ? json(nullptr) : json(list));
}

Injury* injury_in(std::vector<Injury>& list, const std::string& id) {
  for (auto& j : list)
    if (j.id == id) return &j;
  throw std::out_of_range("no injury " + id);
}

// [SECTION] data fields: the lists read strictly (as the base state read them until schema 3), ids unique -------------
// The table row an injury's text is, when it is one: its table and the row's die result, with the text the row has
// in every language both hold (an injury the DM entered by hand, or wrote her own words for, is no row's).
const tables::Row* table_row_of(const json& injury) {
  const std::string table = injury.value("table", std::string());
  const json& row = injury.value("table_row", json(0));
  if (table.empty() || !row.is_number_integer() || !tables::has_table(table)) return nullptr;
  const tables::Table& t = tables::table(table);
  const int roll = row.get<int>();
  if (roll < t.min || roll > t.max) return nullptr;
  const tables::Row& r = tables::row_for(t, roll);
  const Text text = injury.value("text", json::object()).get<Text>();
  bool same = false;
  for (Lang lang : kLangs) {
    const std::string& mine = lang == Lang::cs ? text.cs : lang == Lang::uk ? text.uk : text.en;
    const std::string& its = lang == Lang::cs ? r.text.cs : lang == Lang::uk ? r.text.uk : r.text.en;
    if (mine.empty() || its.empty()) continue;
    if (mine != its) return nullptr;
    same = true;
  }
  return same ? &r : nullptr;
}

[[noreturn]] void wrong_shape(const std::string& at, const char* expected) {
  throw UserError("state.err.wrong_type", jobj{"path", at, "expected", expected});
}

// The text of a table's row as a link names it (`q`: the path of the table, `q_row` of the row), checked.
json row_text(const json& table, const json& row, const std::string& q, const std::string& q_row) {
  if (!table.is_string() || !tables::has_table(table.get<std::string>())) wrong_shape(q, "table");
  const tables::Table& t = tables::table(table.get<std::string>());
  if (!row.is_number_integer() || row.get<long long>() < t.min || row.get<long long>() > t.max) wrong_shape(q_row, "table row");
  return tables::row_for(t, row.get<int>()).text;
}

// An open injury in the table link: [id, table, row] for a table row (the reader's phone writes its text in her
// language, and the link stays short), [id, text {cs, uk, en}] otherwise (and in every link made before).
json injury_to_wire(const json& j) {
  if (table_row_of(j)) return json::array({j.at("id"), j.at("table"), j.at("table_row")});
  return json::array({j.at("id"), j.at("text")});
}

json injury_from_wire(const json& a, const std::string& q, std::vector<std::string>& ids) {
  if (!a.is_array()) wrong_shape(q, "array");
  if (a.empty() || !a[0].is_string()) wrong_shape(q + "[0]", "string");
  ids.push_back(a[0].get<std::string>());
  if (a.size() == 3 && a[1].is_string())  // a table row
    return jobj{"id", a[0], "table", a[1], "table_row", a[2], "text", row_text(a[1], a[2], q + "[1]", q + "[2]")};
  if (a.size() < 2 || !a[1].is_object()) wrong_shape(q + "[1]", "object");
  return jobj{"id", a[0], "text", a[1]};
}

// Every injury in a character link, whole, but a table row's without its text (the reader's phone writes it, as
// from the table link); one the DM wrote herself keeps its words.
json injuries_shortened(const json& list) {
  if (!list.is_array()) return list;
  json out = json::array();
  for (const auto& j : list) {
    json e = j;
    if (j.is_object() && table_row_of(j)) e.erase("text");
    out.push_back(std::move(e));
  }
  return out;
}

// A list from a character link with the text each entry left out written back: `write(entry, its path)` for an
// object without "text" (it names what is wrong when the entry cannot say its text); anything else as it came.
template <class Write>
json texts_restored(const json& list, const std::string& path, Write&& write) {
  if (!list.is_array()) return list;  // the field's own check names what is wrong
  json out = json::array();
  for (size_t k = 0; k < list.size(); ++k) {
    json e = list[k];
    if (e.is_object() && !e.contains("text")) write(e, path + "[" + std::to_string(k) + "]");
    out.push_back(std::move(e));
  }
  return out;
}

json injuries_restored(const json& list, const std::string& path) {
  return texts_restored(list, path, [](json& e, const std::string& q) {
    if (!e.contains("table")) wrong_shape(q + ".text", "object");
    e["text"] = row_text(e["table"], e.value("table_row", json()), q + ".table", q + ".table_row");
  });
}

campaign::DataField injuries_field() {
  return {kInjuries, "list of {id, table, table_row, effects, since_minutes, text {cs, uk, en}, cured}", false,
          [](const json& v) {
            std::vector<Injury> list;
            campaign::jr::get(v, list);
            std::set<std::string> seen;
            for (size_t i = 0; i < list.size(); ++i) {
              campaign::jr::PathGuard g(i);
              campaign::jr::PathGuard gk("id");
              if (list[i].id.empty()) campaign::jr::fail_value("empty");
              if (!seen.insert(list[i].id).second) campaign::jr::fail_value("duplicate_id", jobj{"id", list[i].id});
            }
          },
          false,
          {},
          // The table sees an NPC's or a monster's open wounds (what they are and the table row they are, not how
          // they came).
          [](const json& v) {
            json open = json::array();
            for (const auto& j : v) {
              if (j.value("cured", false)) continue;
              json o = jobj{"id", j.at("id"), "text", j.at("text")};
              if (table_row_of(j)) o["table"] = j.at("table"), o["table_row"] = j.at("table_row");
              open.push_back(std::move(o));
            }
            return open.empty() ? json(nullptr) : open;
          },
          {},
          // In the table link: the open injuries (cured ones stay home), each as injury_to_wire writes it.
          {"i",
           [](const json& shown) {
             json out = json::array();
             for (const auto& j : shown)
               if (!j.value("cured", false)) out.push_back(injury_to_wire(j));
             return out.empty() ? json(nullptr) : out;
           },
           [](const json& compact, const std::string& path, std::vector<std::string>& ids) {
             if (!compact.is_array())
               throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "array"});
             json out = json::array();
             for (size_t k = 0; k < compact.size(); ++k)
               out.push_back(injury_from_wire(compact[k], path + "[" + std::to_string(k) + "]", ids));
             return out;
           },
           injuries_shortened, injuries_restored}};
}

Text scar_text(const std::string& kind);

// The injury kinds the module's tables name (effects.injury): a scar the rules wrote is scar_text of one of them.
const std::vector<std::string>& injury_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::set<std::string> out;
    for (const char* id : {"lingering-injury", "serious-injury"})
      for (const auto& r : tables::table(id).rows)
        if (r.effects.is_object() && r.effects.value("injury", json()).is_string()) out.insert(r.effects["injury"].get<std::string>());
    return std::vector<std::string>(out.begin(), out.end());
  }();
  return kinds;
}

// The injury whose scar the rules wrote these words for ("" when none: the DM's own words). Compared in every
// language both hold (a DM's phone of the web build keeps the texts of the languages it had loaded).
std::string scar_kind(const json& scar) {
  if (!scar.is_object() || !scar.contains("text") || !scar["text"].is_object()) return {};
  const Text text = scar["text"].get<Text>();
  for (const auto& kind : injury_kinds()) {
    const Text its = scar_text(kind);
    bool same = false, differs = false;
    for (Lang lang : kLangs) {
      const std::string& mine = lang == Lang::cs ? text.cs : lang == Lang::uk ? text.uk : text.en;
      const std::string& want = lang == Lang::cs ? its.cs : lang == Lang::uk ? its.uk : its.en;
      if (mine.empty() || want.empty()) continue;
      if (mine != want) differs = true;
      else same = true;
    }
    if (same && !differs) return kind;
  }
  return {};
}

// A character link carries a scar the rules wrote as the injury it is of ("scar_of": "broken_arm"), without its
// words: the reader's phone writes them in her language, and the link stays short. A scar in the DM's own words
// keeps them.
constexpr const char* kScarOf = "scar_of";

json scars_shortened(const json& list) {
  if (!list.is_array()) return list;
  json out = json::array();
  for (const auto& sc : list) {
    json e = sc;
    if (const std::string kind = scar_kind(sc); !kind.empty()) {
      e.erase("text");
      e[kScarOf] = kind;
    }
    out.push_back(std::move(e));
  }
  return out;
}

// The words of the scar of injury `kind` (as a link names it, at `q`), checked.
Text scar_text_of(const json& kind, const std::string& q) {
  if (!kind.is_string()) wrong_shape(q, "string");
  const auto& kinds = injury_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind.get<std::string>()) == kinds.end()) wrong_shape(q, "injury");
  return scar_text(kind.get<std::string>());
}

json scars_restored(const json& list, const std::string& path) {
  return texts_restored(list, path, [](json& e, const std::string& q) {
    const json kind = e.value(kScarOf, json());
    if (!kind.is_string()) wrong_shape(q + ".text", "object");
    const Text text = scar_text_of(kind, q + "." + kScarOf);
    e.erase(kScarOf);
    e["text"] = text;
  });
}

// The scars in the table link (and so the live table), "is": each the injury it is of when the rules wrote it (the
// reader's phone writes its words in her language, as from the character link), or the DM's own words {cs, uk, en};
// since when and of which injury stay home.
json scars_to_wire(const json& shown) {
  if (!shown.is_array() || shown.empty()) return nullptr;
  json out = json::array();
  for (const auto& sc : shown) {
    if (!sc.is_object() || !sc.contains("text")) continue;
    const std::string kind = scar_kind(sc);
    out.push_back(kind.empty() ? sc["text"] : json(kind));
  }
  return out.empty() ? json(nullptr) : out;
}

json scars_from_wire(const json& compact, const std::string& path, std::vector<std::string>&) {
  if (!compact.is_array()) wrong_shape(path, "array");
  json out = json::array();
  for (size_t k = 0; k < compact.size(); ++k) {
    const std::string q = path + "[" + std::to_string(k) + "]";
    const json& a = compact[k];
    if (a.is_string()) out.push_back(jobj{"text", scar_text_of(a, q)});
    else if (a.is_object()) out.push_back(jobj{"text", a});
    else wrong_shape(q, "injury or text");
  }
  return out;
}

// Scars travel back with a character her player sends (as the base field did until schema 3); injuries stay as the
// DM runs them.
campaign::DataField scars_field() {
  campaign::DataField f{kScars, "list of {text {cs, uk, en}, since_minutes, from_injury}", false, [](const json& v) {
                          std::vector<Scar> list;
                          campaign::jr::get(v, list);
                        }};
  f.player_owned = true;
  f.wire = {"is", scars_to_wire, scars_from_wire, scars_shortened, scars_restored};
  return f;
}

std::string kind_of(const Injury& j) { return j.effects.is_object() ? j.effects.value("injury", std::string()) : std::string(); }

std::string injury_label(Lang lang, const std::string& kind) {
  return label(lang, "tables.injury." + kind, kind.empty() ? "?" : kind);
}

std::string item_category(const std::string& kind) {
  if (kind.rfind("armor_", 0) == 0) return "armor";
  if (kind == "shield" || kind == "weapon") return kind;
  return "other";
}

// Brings the conditions and the exhaustion floor that counts impose in line with the injuries.
void sync(Ctx& ctx, const std::string& id) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  InjuryEffects fx = injury_effects(*x);
  std::vector<std::string> drop, add;
  for (const auto& c : x->conditions)
    if (c.source == "injury" && std::find(fx.conditions.begin(), fx.conditions.end(), c.id) == fx.conditions.end())
      drop.push_back(c.id);
  for (const auto& want : fx.conditions)
    if (std::none_of(x->conditions.begin(), x->conditions.end(),
                     [&](const Condition& c) { return c.id == want && c.source == "injury"; }))
      add.push_back(want);
  const int floor = std::min(6, fx.exhaustion_floor), level = x->exhaustion;
  for (const auto& d : drop) actions::remove_condition(ctx, id, d, std::string("injury"), "injury_healed");
  for (const auto& a : add) {
    Condition c;
    c.id = a;
    c.source = "injury";
    actions::add_condition(ctx, id, c);
  }
  if (floor > level) {
    x = campaign::find_creature(ctx.state(), id);
    if (x && !x->death_saves.dead) actions::set_exhaustion(ctx, id, floor, "injury", "injury");
  }
}

tables::TableRoll roll_entered(const tables::Table& t, int roll, std::optional<int> then, Rng& rng) {
  const tables::Row& row = tables::row_for(t, roll);
  if (then && !row.then.empty() && tables::has_table(row.then)) {
    tables::TableRoll r;
    r.table = t.id;
    r.roll = roll;
    r.row = row;
    r.nested.push_back(tables::roll_table_with(tables::table(row.then), *then, rng));
    return r;
  }
  return tables::roll_table_with(t, roll, rng);
}

void break_item(Ctx& ctx, const std::string& id, const json& categories) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x) return;
  std::vector<std::string> names;
  for (const auto& it : x->inventory) {
    std::string cat = item_category(it.kind);
    bool wanted = std::any_of(categories.begin(), categories.end(), [&](const json& c) { return c == cat; });
    bool magic = it.extra.is_object() && it.extra.value("magic", false);
    if (wanted && !magic && it.qty > 0 && std::find(names.begin(), names.end(), it.name) == names.end())
      names.push_back(it.name);
  }
  if (names.empty()) {
    ctx.emit("no_item_to_break", jobj{"creature", id, "categories", categories});
    return;
  }
  std::string suggested = names[ctx.rng().below(static_cast<std::uint32_t>(names.size()))];
  json choices = names;
  choices.push_back("none");
  actions::create_prompt(ctx, "injuries.broken_item", id,
                         jobj{"choices", choices, "suggested", suggested, "categories", categories});
}

// Rolls (or looks up) the injury and applies what it says.
// engine_rolled: the d100 came from the engine (a prompt answered without a roll), not from the table.
void apply_roll(Ctx& ctx, const std::string& id, std::optional<int> entered, std::optional<int> then, bool engine_rolled) {
  const tables::Table& t = tables::table("lingering-injury");
  const int roll = entered ? *entered : tables::roll_die(t, ctx.rng());
  tables::TableRoll r = roll_entered(t, roll, then, ctx.rng());
  const bool rolled = entered ? engine_rolled : true;
  const tables::TableRoll* leaf = &r;
  while (!leaf->nested.empty()) leaf = &leaf->nested.front();
  const json& fx = leaf->row.effects;
  const bool injury = fx.is_object() && fx.contains("injury");
  if (!injury) {  // an injury's own line says it all; anything else (a broken item) is logged as the table roll
    json data = tables::to_json(r);
    data["rolled"] = rolled;
    data["creature"] = id;
    ctx.emit("table_rolled", std::move(data));
  }
  if (!fx.is_object()) return;
  if (injury) {
    Injury inj;
    inj.id = ctx.new_id("i");
    inj.table = leaf->table;
    inj.table_row = leaf->roll;
    inj.effects = fx;
    inj.since_minutes = ctx.state().minutes;
    inj.text = leaf->row.text;
    json ij = inj;
    json rolls = jobj{"table", r.table, "roll", r.roll, "rolled", rolled};
    if (leaf != &r) rolls["then"] = jobj{"table", leaf->table, "roll", leaf->roll};
    ctx.emit("injury_added", jobj{"creature", id, "injury", std::move(ij), "rolls", std::move(rolls)});
    if (fx.contains("at_count") && fx["at_count"].value("per", "") == "hand")
      actions::create_prompt(ctx, "injuries.hand", id,
                             {{"injury", inj.id}, {"kind", fx["injury"]}, {"choices", {"left", "right"}}});
  }
  if (fx.contains("destroy_item")) break_item(ctx, id, fx["destroy_item"]);
}

void create_save_prompt(Ctx& ctx, const std::string& id, const CombatSave& s) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x) return;
  const int mod = save_bonus(ctx.state(), *x, "con");
  actions::create_prompt(ctx, "injuries.combat_action_save", id,
                         jobj{"dice", d20_plus(mod), "dc", s.dc, "ability", "con", "modifier", mod,
                          "injury", s.injury, "kind", s.kind});
}

void fester(Ctx& ctx, const std::string& id, const std::string& injury, int per_day, long long days) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  const long long target = x->max_hp + static_cast<long long>(per_day) * days;
  const int now = static_cast<int>(std::max(1LL, target));
  ctx.emit("max_hp_changed", jobj{"creature", id,
                              "old", x->max_hp,
                              "new", now,
                              "hp_old", x->hp,
                              "hp_new", std::min(x->hp, now),
                              "cause", "festering_wound",
                              "days", days,
                              "injury", injury,
                              "injury_lost", x->max_hp - now});
  if (target <= 0) actions::kill(ctx, id, "festering_wound");
}

void bleed(Ctx& ctx, const std::string& id, const std::string& injury, int per_hour, long long hours) {
  const Creature* x = campaign::find_creature(ctx.state(), id);
  if (!x || x->death_saves.dead) return;
  long long left = -static_cast<long long>(per_hour) * hours;
  ctx.emit("open_wound_bled", jobj{"creature", id, "injury", injury, "hours", hours, "hp", left});
  actions::DamageOptions o;
  o.cause = "open_wound";
  while (left > 0) {
    x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead) break;
    long long chunk = x->hp > 0 ? std::min<long long>(left, static_cast<long long>(x->hp) + x->temp_hp) : 1;
    actions::damage(ctx, id, static_cast<int>(chunk), o);
    left -= chunk;
  }
}

// [SECTION] TreatInjury -----------------------------------------------------------------------------------------------
struct Treatment {
  std::string target, injury, kind, method;
  int spell_level = 0;
  json cure;
  bool leaves_scar = false;
};

Treatment plan_treatment(const Campaign& c, const json& cmd) {
  Treatment t;
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  t.target = x.id;
  t.injury = param::str(cmd, "injury");
  const std::optional<Injury> inj = find_injury(x, t.injury);
  if (!inj) throw UserError("campaign.err.no_injury", jobj{"name", x.name, "id", t.injury});
  if (inj->cured) throw UserError("campaign.err.already_cured", jobj{"name", x.name, "id", t.injury});
  t.kind = kind_of(*inj);
  t.method = param::str(cmd, "method");
  if (std::find(kMethods.begin(), kMethods.end(), t.method) == kMethods.end())
    throw UserError("campaign.err.param", jobj{"param", "method", "expected", "magic | regrowth | remove_poison | medicine | rest_days | rest_only_days"});
  t.cure = inj->effects.is_object() ? inj->effects.value("cure", json()) : json();
  if (!t.cure.is_object()) throw UserError("rules.err.no_cure_data", jobj{"name", x.name, "id", t.injury});
  t.leaves_scar = inj->effects.value("leaves_scar", false);
  const json& cure = t.cure;
  const bool magic = cure.value("magic", false), regrowth = cure.value("regrowth", false);
  const int min_level = cure.value("magic_min_level", 0);
  auto refuse = [&](const char* key, json args = json::object()) {
    args["name"] = x.name;
    args["injury"] = t.kind;
    throw UserError(key, args);
  };
  const json& treatments = data_at(c, M, "treatments", t.injury);
  if (t.method == "magic") {
    t.spell_level = static_cast<int>(param::integer(cmd, "spell_level", 1, 9));
    if (!magic) {
      if (min_level > 0 && t.spell_level < min_level) refuse("rules.err.magic_level_too_low", jobj{"min", min_level});
      if (min_level == 0) refuse(regrowth ? "rules.err.needs_regrowth" : "rules.err.method_not_allowed", jobj{"method", t.method});
    }
  } else if (t.method == "regrowth") {
    t.spell_level = static_cast<int>(param::integer(cmd, "spell_level", 1, 9, 7));
    if (!regrowth && !magic && !(min_level > 0 && t.spell_level >= min_level))
      refuse(min_level > 0 ? "rules.err.magic_level_too_low" : "rules.err.method_not_allowed", jobj{"min", min_level, "method", t.method});
  } else if (t.method == "remove_poison") {
    t.spell_level = static_cast<int>(param::integer(cmd, "spell_level", 1, 9, 2));
    if (!cure.value("remove_poison", false)) refuse("rules.err.method_not_allowed", jobj{"method", t.method});
  } else if (t.method == "medicine") {
    if (!cure.contains("medicine_dc")) refuse("rules.err.method_not_allowed", jobj{"method", t.method});
    if (cure.value("splint", false) && treatments.is_object() && treatments.contains("splint_at"))
      refuse("rules.err.splint_already_set");
    const int retry = cure.value("retry_hours", 0);
    if (retry > 0 && treatments.is_object() && treatments.contains("failed_at")) {
      long long ready = treatments["failed_at"].get<long long>() + 60LL * retry;
      if (c.minutes < ready) refuse("rules.err.retry_later", jobj{"n", (ready - c.minutes + 59) / 60});
    }
    param::integer(cmd, "check", -50, 100, 0);
    param::integer(cmd, "modifier", -20, 30, 0);
    if (const json* h = param::find(cmd, "healer")) {
      if (!h->is_string()) throw UserError("campaign.err.param", jobj{"param", "healer", "expected", "id"});
      actions::require(c, h->get<std::string>());
    }
  } else {  // rest_days, rest_only_days
    const int days = cure.value(t.method, 0);
    if (days <= 0) refuse("rules.err.method_not_allowed", jobj{"method", t.method});
    long long since = inj->since_minutes;
    if (t.method == "rest_days" && cure.value("splint", false)) {
      if (!treatments.is_object() || !treatments.contains("splint_at")) refuse("rules.err.needs_splint");
      since = treatments["splint_at"].get<long long>();
    }
    const long long passed = (c.minutes - since) / 1440;
    if (passed < days) refuse("rules.err.not_enough_days", jobj{"days", days, "passed", passed});
  }
  return t;
}

Text scar_text(const std::string& kind) {
  Text t;
  for (Lang lang : kLangs) {
    std::string s = tr(lang, "rules.injuries.scar_text", jobj{"injury", injury_label(lang, kind)});
    (lang == Lang::cs ? t.cs : lang == Lang::uk ? t.uk : t.en) = std::move(s);
  }
  return t;
}

void cure(Ctx& ctx, const Treatment& t) {
  json data = jobj{"creature", t.target, "injury", t.injury, "method", t.method};
  if (t.spell_level > 0) data["spell_level"] = t.spell_level;
  const bool magical = t.method == "magic" || t.method == "regrowth" || t.method == "remove_poison";
  if (t.leaves_scar && !(magical && t.spell_level >= 6)) {
    Scar sc;
    sc.text = scar_text(t.kind);
    sc.since_minutes = ctx.state().minutes;
    sc.from_injury = t.injury;
    data["scar"] = sc;
  }
  ctx.emit("injury_cured", std::move(data));
  const Creature* x = campaign::find_creature(ctx.state(), t.target);
  if (!x) return;
  const std::optional<Injury> inj = find_injury(*x, t.injury);
  int lost = inj && inj->extra.is_object() ? inj->extra.value("max_hp_lost", 0) : 0;
  if (lost > 0 && !x->death_saves.dead)
    actions::create_prompt(ctx, "injuries.restore_max_hp", t.target,
                           {{"injury", t.injury}, {"kind", t.kind}, {"amount", lost},
                            {"choices", {"restore", "keep"}}, {"dm_only", true}});
}

int exhaustion_target(const Creature& x, const json& cmd) {
  if (param::find(cmd, "level")) return static_cast<int>(param::integer(cmd, "level", 0, 6));
  return x.exhaustion + static_cast<int>(param::integer(cmd, "change", -6, 6, 0));
}

}  // namespace

// [SECTION] the module ------------------------------------------------------------------------------------------------
// [SECTION] lingering_injuries: its events, hooks and commands, one named unit each -----------------------------------
namespace {

void event_max_hp_changed(Engine& e) {
  event(
      e, "max_hp_changed",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        x.max_hp = d.at("new").get<int>();
        x.hp = std::min(x.hp, d.at("hp_new").get<int>());
        if (d.contains("injury")) {
          const std::string id = d["injury"].get<std::string>();
          if (!find_injury(x, id)) return;
          change_injuries(x, [&](std::vector<Injury>& list) {
            Injury& j = *injury_in(list, id);
            if (!j.extra.is_object()) j.extra = json::object();
            j.extra["max_hp_lost"] = j.extra.value("max_hp_lost", 0) + d.value("injury_lost", 0);
          });
        }
      },
      [](const json& d, const LogContext& lc) {
        json args = jobj{"name", name_of(lc, d), "old", d.value("old", 0), "new", d.value("new", 0),
                     "n", d.value("days", 0LL)};
        return tr(lc.lang, d.value("cause", "") == "festering_wound" ? "event.max_hp_festering" : "event.max_hp_restored", args);
      });
}

void event_injury_hand_set(Engine& e) {
  event(
      e, "injury_hand_set",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        change_injuries(x, [&](std::vector<Injury>& list) {
          Injury& j = *injury_in(list, d.at("injury").get<std::string>());
          if (!j.extra.is_object()) j.extra = json::object();
          j.extra["hand"] = d.at("hand");
        });
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.injury_hand_set",
                  jobj{"name", name_of(lc, d), "hand", tr(lc.lang, d.value("hand", "") == "left" ? "rules.hand.left" : "rules.hand.right")});
      });
}

void event_item_destroyed(Engine& e) {
  event(
      e, "item_destroyed",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        const std::string& name = d.at("item").get_ref<const std::string&>();
        auto it = std::find_if(x.inventory.begin(), x.inventory.end(), [&](const campaign::Item& i) { return i.name == name; });
        if (it == x.inventory.end()) throw std::out_of_range("no item " + name);
        if (--it->qty <= 0) x.inventory.erase(it);
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.item_destroyed", jobj{"name", name_of(lc, d), "item", d.value("item", "")});
      });
}

void event_no_item_to_break(Engine& e) {
  event(e, "no_item_to_break", [](Campaign&, const json&) {});
}

void event_open_wound_bled(Engine& e) {
  event(e, "open_wound_bled", [](Campaign&, const json&) {});
}

void event_action_lost(Engine& e) {
  event(e, "action_lost", [](Campaign&, const json&) {},
        [](const json& d, const LogContext& lc) {
          return tr(lc.lang, "event.action_lost",
                    jobj{"name", name_of(lc, d), "injury", injury_label(lc.lang, d.value("kind", ""))});
        });
}

void event_bad_weather_set(Engine& e) {
  event(
      e, "bad_weather_set",
      [](Campaign& c, const json& d) {
        json& m = data_ref(c, M);
        if (d.at("value").is_null())
          m.erase("bad_weather");
        else
          m["bad_weather"] = d.at("value").get<bool>();
      },
      [](const json& d, const LogContext& lc) {
        const json& v = d.at("value");
        if (v.is_null()) return std::string();
        return tr(lc.lang, v.get<bool>() ? "event.bad_weather_on" : "event.bad_weather_off");
      });
}

void event_splint_set(Engine& e) {
  event(
      e, "splint_set",
      [](Campaign& c, const json& d) {
        data_ref(c, M)["treatments"][d.at("injury").get<std::string>()]["splint_at"] = d.at("at").get<long long>();
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.splint_set",
                  jobj{"name", name_of(lc, d), "injury", injury_label(lc.lang, d.value("kind", "")),
                   "check", d.value("check", 0), "dc", d.value("dc", 0), "days", d.value("days", 0)});
      });
}

void event_treatment_failed(Engine& e) {
  event(
      e, "treatment_failed",
      [](Campaign& c, const json& d) {
        data_ref(c, M)["treatments"][d.at("injury").get<std::string>()]["failed_at"] = d.at("at").get<long long>();
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.treatment_failed",
                  jobj{"name", name_of(lc, d), "injury", injury_label(lc.lang, d.value("kind", "")),
                   "check", d.value("check", 0), "dc", d.value("dc", 0)});
      });
}

void event_injury_treated(Engine& e) {
  event(e, "injury_treated", [](Campaign&, const json&) {},
        [](const json& d, const LogContext& lc) {
          std::string method = d.value("method", "");
          json args = jobj{"name", name_of(lc, d), "injury", injury_label(lc.lang, d.value("kind", "")),
                       "method", label(lc.lang, "rules.cure." + method, method)};
          args["level"] = d.contains("spell_level") ? tr(lc.lang, "rules.spell_level", jobj{"n", d.value("spell_level", 0)}) : std::string();
          return tr(lc.lang, "event.injury_treated", args);
        });
}

// [SECTION] AddInjury / CureInjury and their events (base commands until schema 3) ------------------------------------
// A text set into a log line that ends the sentence itself: without its own final full stop (table rows end with
// one), so "… {text}." does not print "..".
std::string without_final_stop(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

void apply_injury_added(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  Injury inj;
  campaign::jr::get(d.at("injury"), inj);
  campaign::claim_id(c, inj.id);
  change_injuries(x, [&](std::vector<Injury>& list) { list.push_back(std::move(inj)); });
}

std::string render_injury_added(const json& d, const LogContext& lc) {
  Text t;
  campaign::jr::get(d.at("injury").value("text", json::object()), t);
  return tr(lc.lang, "event.injury_added", jobj{"name", name_of(lc, d), "text", without_final_stop(t.in(lc.lang))});
}

void apply_injury_cured(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  change_injuries(x, [&](std::vector<Injury>& list) { injury_in(list, d.at("injury").get<std::string>())->cured = true; });
  if (d.contains("scar")) {
    Scar sc;
    campaign::jr::get(d.at("scar"), sc);
    std::vector<Scar> scars = scars_of(x);
    scars.push_back(std::move(sc));
    set_creature_data(x, M, kScars, json(scars));
  }
}

std::string render_injury_cured(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "injury", d.value("injury", "")};
  if (d.contains("scar")) {
    Text t;
    campaign::jr::get(d.at("scar").value("text", json::object()), t);
    args["scar"] = t.in(lc.lang);
    return tr(lc.lang, "event.injury_cured_scar", args);
  }
  return tr(lc.lang, "event.injury_cured", args);
}

Text text_param(const json& cmd, const char* name) {
  const json* v = param::find(cmd, name);
  if (!v) throw UserError("campaign.err.param", jobj{"param", name, "expected", "text"});
  campaign::jr::reset_path();
  campaign::jr::PathGuard g(name);
  Text t;
  campaign::jr::get(*v, t);
  campaign::jr::reset_path();
  if (t.cs.empty() && t.uk.empty() && t.en.empty())
    throw UserError("campaign.err.param", jobj{"param", name, "expected", "text"});
  return t;
}

void validate_add_injury(const Campaign& c, const json& cmd) {
  actions::require(c, param::str(cmd, "target"));
  text_param(cmd, "text");
  param::str(cmd, "table", "");
  param::integer(cmd, "table_row", 0, 100000, 0);
  if (const json* ef = param::find(cmd, "effects"); ef && !ef->is_object())
    throw UserError("campaign.err.param", jobj{"param", "effects", "expected", "object"});
}

void execute_add_injury(Ctx& ctx, const json& cmd) {
  Injury inj;
  inj.id = ctx.new_id("i");
  inj.text = text_param(cmd, "text");
  inj.table = param::str(cmd, "table", "");
  inj.table_row = static_cast<int>(param::integer(cmd, "table_row", 0, 100000, 0));
  if (const json* ef = param::find(cmd, "effects")) inj.effects = *ef;
  inj.since_minutes = ctx.state().minutes;
  json ij = inj;
  ctx.emit("injury_added", jobj{"creature", param::str(cmd, "target"), "injury", std::move(ij)});
}

void validate_cure_injury(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  std::string id = param::str(cmd, "injury");
  const std::optional<Injury> inj = find_injury(x, id);
  if (!inj) throw UserError("campaign.err.no_injury", jobj{"name", x.name, "id", id});
  if (inj->cured) throw UserError("campaign.err.already_cured", jobj{"name", x.name, "id", id});
  if (param::find(cmd, "scar")) text_param(cmd, "scar");
}

void execute_cure_injury(Ctx& ctx, const json& cmd) {
  json data = jobj{"creature", param::str(cmd, "target"), "injury", param::str(cmd, "injury")};
  if (param::find(cmd, "scar")) {
    Scar sc;
    sc.text = text_param(cmd, "scar");
    sc.since_minutes = ctx.state().minutes;
    sc.from_injury = param::str(cmd, "injury");
    data["scar"] = sc;
  }
  ctx.emit("injury_cured", std::move(data));
}

void event_injury_removed(Engine& e) {
  event(
      e, "injury_removed",
      [](Campaign& c, const json& d) {
        Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
        const std::string& id = d.at("injury").get_ref<const std::string&>();
        change_injuries(x, [&](std::vector<Injury>& list) {
          Injury* j = injury_in(list, id);
          list.erase(list.begin() + (j - list.data()));
        });
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.injury_removed",
                  jobj{"name", name_of(lc, d), "injury", injury_label(lc.lang, d.value("kind", ""))});
      });
}

void on_hp_changed(Engine& e) {
  e.on_event("hp_changed", [](Ctx& ctx, const Event& ev) {
    if (!(ev.data.value("old", 0) > 0 && ev.data.value("new", 1) == 0) || ev.data.contains("dies")) return;
    const std::string id = ev.data.value("creature", "");
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead) return;
    actions::create_prompt(ctx, "injuries.roll", id,
                           jobj{"dice", "1d100", "table", "lingering-injury", "cause", ev.data.value("cause", "")});
  });
}

void prompt_injuries_roll(Engine& e) {
  e.on_prompt("injuries.roll", [](Ctx& ctx, const Prompt& p, const json& answer) {
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    if (!x || x->death_saves.dead) return;
    apply_roll(ctx, p.creature, answer.value("total", 0), then_roll(ctx, p), answer.value("rolled", false));
  });
}

void prompt_injuries_hand(Engine& e) {
  e.on_prompt("injuries.hand", [](Ctx& ctx, const Prompt& p, const json& answer) {
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    std::string injury = p.data.value("injury", "");
    if (!x || !find_injury(*x, injury)) return;
    ctx.emit("injury_hand_set", jobj{"creature", p.creature, "injury", injury, "hand", answer.at("choice")});
  });
}

void prompt_injuries_broken_item(Engine& e) {
  e.on_prompt("injuries.broken_item", [](Ctx& ctx, const Prompt& p, const json& answer) {
    std::string item = answer.at("choice").get<std::string>();
    if (item == "none") return;
    const Creature& x = actions::require(ctx.state(), p.creature);
    if (std::none_of(x.inventory.begin(), x.inventory.end(), [&](const campaign::Item& i) { return i.name == item; }))
      throw UserError("rules.err.no_item", jobj{"name", x.name, "item", item});
    ctx.emit("item_destroyed", jobj{"creature", p.creature, "item", item});
  });
}

void prompt_injuries_restore_max_hp(Engine& e) {
  e.on_prompt("injuries.restore_max_hp", [](Ctx& ctx, const Prompt& p, const json& answer) {
    if (answer.at("choice") != "restore") return;
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    if (!x || x->death_saves.dead) return;
    const int amount = p.data.value("amount", 0);
    ctx.emit("max_hp_changed", jobj{"creature", x->id, "old", x->max_hp, "new", x->max_hp + amount,
                                "hp_old", x->hp, "hp_new", x->hp, "cause", "restored",
                                "injury", p.data.value("injury", ""), "injury_lost", -amount});
  });
}

void before_set_exhaustion(Engine& e) {
  e.before("SetExhaustion", [](Ctx& ctx, const json& cmd) {
    const Creature* x = campaign::find_creature(ctx.state(), param::str(cmd, "target"));
    if (!x) return;
    const int floor = std::min(6, injury_effects(*x).exhaustion_floor);
    if (floor > 0 && exhaustion_target(*x, cmd) < floor)
      throw UserError("rules.err.exhaustion_floor", jobj{"name", x->name, "floor", floor});
  });
}

void on_exhaustion_changed(Engine& e) {
  e.on_event("exhaustion_changed", [](Ctx& ctx, const Event& ev) {
    const std::string id = ev.data.value("creature", "");
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead) return;
    const int floor = std::min(6, injury_effects(*x).exhaustion_floor);
    if (x->exhaustion < floor) actions::set_exhaustion(ctx, id, floor, "injury", "injury");
  });
}

void on_time_advanced(Engine& e) {
  e.on_event("time_advanced", [](Ctx& ctx, const Event& ev) {
    const long long from = ev.data.at("from").get<long long>(), to = ev.data.at("to").get<long long>();
    struct Work {
      std::string creature, injury;
      int per_day = 0, per_hour = 0;
      long long since = 0;
    };
    std::vector<Work> work;
    for (const auto& x : ctx.state().creatures) {
      if (x.death_saves.dead) continue;
      for (const auto& j : injuries_of(x)) {
        if (j.cured || !j.effects.is_object()) continue;
        int d = j.effects.value("max_hp_per_day", 0), h = j.effects.value("hp_per_hour", 0);
        if (d < 0 || h < 0) work.push_back({x.id, j.id, d, h, j.since_minutes});
      }
    }
    auto periods = [&](long long since, long long len) {
      return floor_div(to - since, len) - floor_div(std::max(from, since) - since, len);
    };
    for (const auto& w : work) {
      if (w.per_day < 0)
        if (long long n = periods(w.since, 1440); n > 0) fester(ctx, w.creature, w.injury, w.per_day, n);
      if (w.per_hour < 0)
        if (long long n = periods(w.since, 60); n > 0) bleed(ctx, w.creature, w.injury, w.per_hour, n);
    }
  });
}

void on_turn_started(Engine& e) {
  e.on_event("turn_started", [](Ctx& ctx, const Event& ev) {
    if (ev.data.value("lair", false)) return;
    const std::string id = ev.data.value("creature", "");
    const Creature* x = campaign::find_creature(ctx.state(), id);
    if (!x || x->death_saves.dead || x->hp == 0) return;
    const InjuryEffects fx = injury_effects(*x);
    const json weather = data_at(ctx.state(), M, "bad_weather");
    bool asked = false;
    for (const auto& s : fx.combat_saves) {
      if (s.bad_weather) {
        if (weather.is_boolean()) {
          if (!weather.get<bool>()) continue;
        } else {
          bool pending = std::any_of(ctx.state().prompts.begin(), ctx.state().prompts.end(),
                                     [&](const Prompt& p) { return p.kind == "injuries.bad_weather" && p.creature == id; });
          if (!asked && !pending)
            actions::create_prompt(ctx, "injuries.bad_weather", id, {{"choices", {"yes", "no"}}, {"dm_only", true}});
          asked = true;
          continue;
        }
      }
      create_save_prompt(ctx, id, s);
    }
  });
}

void prompt_injuries_combat_action_save(Engine& e) {
  e.on_prompt("injuries.combat_action_save", [](Ctx& ctx, const Prompt& p, const json& answer) {
    if (answer.value("success", true)) return;
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    if (!x || x->death_saves.dead) return;
    ctx.emit("action_lost", jobj{"creature", p.creature, "injury", p.data.value("injury", ""), "kind", p.data.value("kind", "")});
    Condition c;
    c.id = "no_reactions";
    c.source = "injury_save";
    c.until.kind = "start_of_next_turn";
    actions::add_condition(ctx, p.creature, c);
  });
}

void prompt_injuries_bad_weather(Engine& e) {
  e.on_prompt("injuries.bad_weather", [](Ctx& ctx, const Prompt& p, const json& answer) {
    const bool bad = answer.at("choice") == "yes";
    ctx.emit("bad_weather_set", jobj{"value", bad});
    if (!bad) return;
    const Creature* x = campaign::find_creature(ctx.state(), p.creature);
    if (!x || x->death_saves.dead || x->hp == 0) return;
    const InjuryEffects fx = injury_effects(*x);
    for (const auto& s : fx.combat_saves)
      if (s.bad_weather) create_save_prompt(ctx, p.creature, s);
  });
}

void on_encounter_ended(Engine& e) {
  e.on_event("encounter_ended", [](Ctx& ctx, const Event&) {
    if (!data_at(ctx.state(), M, "bad_weather").is_null()) ctx.emit("bad_weather_set", jobj{"value", nullptr});
  });
}

void command_roll_injury(Engine& e) {
  command(
      e, "RollInjury", {"target", "roll", "then_roll"},
      [](const Campaign& c, const json& cmd) {
        actions::require_living(c, param::str(cmd, "target"));
        if (auto r = opt_int(cmd, "roll", -1000, 1000)) {
          const tables::Row& row = tables::row_for(tables::table("lingering-injury"), *r);
          if (auto t = opt_int(cmd, "then_roll", -1000, 1000); t && !row.then.empty() && tables::has_table(row.then))
            tables::row_for(tables::table(row.then), *t);
        } else {
          opt_int(cmd, "then_roll", -1000, 1000);
        }
      },
      [](Ctx& ctx, const json& cmd) {
        apply_roll(ctx, param::str(cmd, "target"), opt_int(cmd, "roll", -1000, 1000),
                   opt_int(cmd, "then_roll", -1000, 1000), false);
      });
}

void command_treat_injury(Engine& e) {
  command(
      e, "TreatInjury", {"target", "injury", "method", "spell_level", "check", "modifier", "healer"},
      [](const Campaign& c, const json& cmd) { plan_treatment(c, cmd); },
      [](Ctx& ctx, const json& cmd) {
        const Treatment t = plan_treatment(ctx.state(), cmd);
        json log = jobj{"creature", t.target, "injury", t.injury, "kind", t.kind, "method", t.method};
        if (t.spell_level > 0 && t.method != "medicine") log["spell_level"] = t.spell_level;
        if (t.method != "medicine") {
          ctx.emit("injury_treated", log);
          cure(ctx, t);
          return;
        }
        const int dc = t.cure.value("medicine_dc", 10);
        int total = 0;
        json roll = json::object();
        if (auto check = opt_int(cmd, "check", -50, 100)) {
          total = *check;
          roll = jobj{"rolled", false};
        } else {
          int mod = 0;
          if (const json* h = param::find(cmd, "healer"))
            mod = campaign::modifier(actions::require(ctx.state(), h->get<std::string>()), "wis");
          mod = static_cast<int>(param::integer(cmd, "modifier", -20, 30, mod));
          int d = ctx.rng().die(20);
          total = d + mod;
          roll = jobj{"rolled", true, "d20", d, "modifier", mod};
        }
        json data = jobj{"creature", t.target, "injury", t.injury, "kind", t.kind, "check", total,
                     "dc", dc, "at", ctx.state().minutes, "roll", roll};
        if (const json* h = param::find(cmd, "healer")) data["healer"] = *h;
        if (total < dc) {
          data["retry_hours"] = t.cure.value("retry_hours", 0);
          ctx.emit("treatment_failed", std::move(data));
          return;
        }
        if (t.cure.value("splint", false)) {
          data["days"] = t.cure.value("rest_days", 0);
          ctx.emit("splint_set", std::move(data));
          return;
        }
        log["check"] = total;
        ctx.emit("injury_treated", log);
        cure(ctx, t);
      });
}

void command_remove_injury(Engine& e) {
  command(
      e, "RemoveInjury", {"target", "injury"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = actions::require(c, param::str(cmd, "target"));
        if (!find_injury(x, param::str(cmd, "injury")))
          throw UserError("campaign.err.no_injury", jobj{"name", x.name, "id", param::str(cmd, "injury")});
      },
      [](Ctx& ctx, const json& cmd) {
        const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
        const std::optional<Injury> j = find_injury(x, param::str(cmd, "injury"));
        ctx.emit("injury_removed", jobj{"creature", x.id, "injury", j->id, "kind", kind_of(*j)});
      });
}

void command_set_injury_hand(Engine& e) {
  command(
      e, "SetInjuryHand", {"target", "injury", "hand"},
      [](const Campaign& c, const json& cmd) {
        const Creature& x = actions::require(c, param::str(cmd, "target"));
        if (!find_injury(x, param::str(cmd, "injury")))
          throw UserError("campaign.err.no_injury", jobj{"name", x.name, "id", param::str(cmd, "injury")});
        std::string hand = param::str(cmd, "hand");
        if (hand != "left" && hand != "right") throw UserError("campaign.err.param", jobj{"param", "hand", "expected", "left | right"});
      },
      [](Ctx& ctx, const json& cmd) {
        ctx.emit("injury_hand_set", jobj{"creature", param::str(cmd, "target"), "injury", param::str(cmd, "injury"),
                                     "hand", param::str(cmd, "hand")});
      });
}

void command_set_bad_weather(Engine& e) {
  command(
      e, "SetBadWeather", {"value"},
      [](const Campaign&, const json& cmd) {
        auto it = cmd.find("value");
        if (it == cmd.end() || !(it->is_boolean() || it->is_null()))
          throw UserError("campaign.err.param", jobj{"param", "value", "expected", "true / false / null"});
      },
      [](Ctx& ctx, const json& cmd) { ctx.emit("bad_weather_set", jobj{"value", cmd.at("value")}); });
}

}  // namespace

Module lingering_injuries() {
  return {M,
          true,
          [](Engine& e) {
            e.allow_params("ResolvePrompt", {"then_roll"});
            // [SECTION] events ----------------------------------------------------------------------------------------
            event(e, "injury_added", apply_injury_added, render_injury_added);
            event(e, "injury_cured", apply_injury_cured, render_injury_cured);
            event_max_hp_changed(e);
            event_injury_hand_set(e);
            event_item_destroyed(e);
            event_no_item_to_break(e);
            event_open_wound_bled(e);
            event_action_lost(e);
            event_bad_weather_set(e);
            event_splint_set(e);
            event_treatment_failed(e);
            event_injury_treated(e);
            event_injury_removed(e);
            // [SECTION] dropping to 0 HP: the injury roll -------------------------------------------------------------
            on_hp_changed(e);
            prompt_injuries_roll(e);
            prompt_injuries_hand(e);
            prompt_injuries_broken_item(e);
            prompt_injuries_restore_max_hp(e);
            // [SECTION] counts: eyes, lungs, fingers ------------------------------------------------------------------
            for (const char* type : {"injury_added", "injury_cured", "injury_removed", "injury_hand_set"})
              e.on_event(type, [](Ctx& ctx, const Event& ev) { sync(ctx, ev.data.value("creature", "")); });
            before_set_exhaustion(e);
            on_exhaustion_changed(e);
            // [SECTION] time: festering and open wounds ---------------------------------------------------------------
            on_time_advanced(e);
            // [SECTION] the start of a turn: "CON save when trying to act" --------------------------------------------
            on_turn_started(e);
            prompt_injuries_combat_action_save(e);
            prompt_injuries_bad_weather(e);
            on_encounter_ended(e);
            // [SECTION] commands --------------------------------------------------------------------------------------
            command(e, "AddInjury", {"target", "text", "table", "table_row", "effects"}, validate_add_injury,
                    execute_add_injury);
            command(e, "CureInjury", {"target", "injury", "scar"}, validate_cure_injury, execute_cure_injury);
            command_roll_injury(e);
            command_treat_injury(e);
            command_remove_injury(e);
            command_set_injury_hand(e);
            command_set_bad_weather(e);
          },
          {.seed = "Úrazy",
           .prompts = {"injuries.roll", "injuries.hand", "injuries.broken_item", "injuries.combat_action_save",
                       "injuries.bad_weather", "injuries.restore_max_hp"},
           .tables = {"lingering-injury", "serious-injury", "broken-item"},
           .reference = {"hr-injuries", "hr-serious-injuries", "hr-scars"},
           .creature_data = {injuries_field(), scars_field()}}};
}

}  // namespace druzina::rules
