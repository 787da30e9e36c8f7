// Campaign state ↔ JSON, validation and lookups.
//
// Index:
//   [SECTION] path-aware reading (json_read.hpp)
//   [SECTION] to_json / from_json, one pair per struct
//   [SECTION] validation
//   [SECTION] lookups and ids
#include "core/campaign/state.hpp"

#include <algorithm>
#include <bitset>
#include <charconv>
#include <set>
#include <stdexcept>

#include "core/campaign/json_read.hpp"
#include "core/error.hpp"

namespace druzina::campaign {

// [SECTION] path-aware reading (json_read.hpp) ------------------------------------------------------------------------
namespace jr {
namespace {
struct Step {
  std::string key;  // empty → index
  size_t index = 0;
};
std::vector<Step>& path_stack() {
  static thread_local std::vector<Step> stack;
  return stack;
}
}  // namespace

PathGuard::PathGuard(std::string_view key) { path_stack().push_back({std::string(key), 0}); }
PathGuard::PathGuard(size_t index) { path_stack().push_back({std::string(), index}); }
PathGuard::~PathGuard() {
  if (!path_stack().empty()) path_stack().pop_back();
}
void reset_path() { path_stack().clear(); }

std::string current_path() {
  std::string out;
  for (const auto& s : path_stack()) {
    if (s.key.empty()) {
      out += '[';
      out += std::to_string(s.index);
      out += ']';
    } else {
      if (!out.empty()) out += ".";
      out += s.key;
    }
  }
  return out.empty() ? std::string("(top)") : out;
}

void fail_type(const char* expected) {
  throw UserError("state.err.wrong_type", {{"path", current_path()}, {"expected", expected}});
}

void fail_value(const char* reason, json args) {
  args["path"] = current_path();
  throw UserError(std::string("state.err.") + reason, std::move(args));
}

namespace {
// Integers may come as 17 or 17.0 (JavaScript writes both); anything fractional or out of range is refused.
long long integer(const json& v, long long lo, long long hi, const char* what) {
  long long x = 0;
  if (v.is_number_integer()) {
    if (v.is_number_unsigned()) {
      auto u = v.get<unsigned long long>();
      if (u > static_cast<unsigned long long>(std::numeric_limits<long long>::max())) fail_type(what);
      x = static_cast<long long>(u);
    } else {
      x = v.get<long long>();
    }
  } else if (v.is_number_float()) {
    double d = v.get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < -9.0e15 || d > 9.0e15) fail_type(what);
    x = static_cast<long long>(d);
  } else {
    fail_type(what);
  }
  if (x < lo || x > hi) fail_type(what);
  return x;
}
}  // namespace

void get(const json& v, int& out) {
  out = static_cast<int>(integer(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), "integer"));
}
void get(const json& v, long long& out) { out = integer(v, -9'000'000'000'000'000LL, 9'000'000'000'000'000LL, "integer"); }
void get(const json& v, double& out) {
  if (!v.is_number()) fail_type("number");
  out = v.get<double>();
  if (!std::isfinite(out)) fail_type("number");
}
void get(const json& v, bool& out) {
  if (!v.is_boolean()) fail_type("boolean");
  out = v.get<bool>();
}
void get(const json& v, std::string& out) {
  if (!v.is_string()) fail_type("string");
  out = v.get_ref<const std::string&>();
}
void get(const json& v, Text& out) {
  if (v.is_string()) {
    out.cs = out.uk = out.en = v.get_ref<const std::string&>();
    return;
  }
  if (!v.is_object()) fail_type("text");
  out = Text{};
  field(v, "cs", out.cs);
  field(v, "uk", out.uk);
  field(v, "en", out.en);
}

json unknown_fields(const json& obj, std::initializer_list<std::string_view> known) {
  json extra = json::object();
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& k = it.key();
    if (std::find(known.begin(), known.end(), std::string_view(k)) == known.end()) extra[k] = it.value();
  }
  return extra;
}
}  // namespace jr

// [SECTION] to_json / from_json, one pair per struct ------------------------------------------------------------------
using jr::field;

namespace {
json start(const json& extra) { return extra.is_object() ? extra : json::object(); }
}  // namespace

int Abilities::score(std::string_view a) const {
  if (a == "str") return str;
  if (a == "dex") return dex;
  if (a == "con") return con;
  if (a == "int") return int_;
  if (a == "wis") return wis;
  if (a == "cha") return cha;
  throw std::out_of_range("unknown ability");
}

void to_json(json& j, const Abilities& v) {
  j = start(v.extra);
  j["str"] = v.str, j["dex"] = v.dex, j["con"] = v.con, j["int"] = v.int_, j["wis"] = v.wis, j["cha"] = v.cha;
}
void from_json(const json& j, Abilities& v) {
  field(j, "str", v.str), field(j, "dex", v.dex), field(j, "con", v.con);
  field(j, "int", v.int_), field(j, "wis", v.wis), field(j, "cha", v.cha);
  v.extra = jr::unknown_fields(j, {"str", "dex", "con", "int", "wis", "cha"});
}

void to_json(json& j, const Until& v) {
  j = start(v.extra);
  j["kind"] = v.kind;
  if (v.kind == "rounds") j["rounds"] = v.rounds;
  if (v.kind == "minutes") j["minutes"] = v.minutes;
  if (!v.turn_of.empty()) j["turn_of"] = v.turn_of;
  j["set_round"] = v.set_round;
  j["set_turn_of"] = v.set_turn_of;
  j["set_at"] = v.set_at;
}
void from_json(const json& j, Until& v) {
  field(j, "kind", v.kind), field(j, "rounds", v.rounds), field(j, "minutes", v.minutes);
  field(j, "turn_of", v.turn_of), field(j, "set_round", v.set_round), field(j, "set_turn_of", v.set_turn_of);
  field(j, "set_at", v.set_at);
  v.extra = jr::unknown_fields(j, {"kind", "rounds", "minutes", "turn_of", "set_round", "set_turn_of", "set_at"});
}

void to_json(json& j, const Condition& v) {
  j = start(v.extra);
  j["id"] = v.id, j["source"] = v.source, j["until"] = v.until;
}
void from_json(const json& j, Condition& v) {
  field(j, "id", v.id), field(j, "source", v.source), field(j, "until", v.until);
  v.extra = jr::unknown_fields(j, {"id", "source", "until"});
}

void to_json(json& j, const DeathSaves& v) {
  j = start(v.extra);
  j["successes"] = v.successes, j["failures"] = v.failures, j["stable"] = v.stable, j["dead"] = v.dead;
}
void from_json(const json& j, DeathSaves& v) {
  field(j, "successes", v.successes), field(j, "failures", v.failures);
  field(j, "stable", v.stable), field(j, "dead", v.dead);
  v.extra = jr::unknown_fields(j, {"successes", "failures", "stable", "dead"});
}

void to_json(json& j, const Item& v) {
  j = start(v.extra);
  j["name"] = v.name, j["weight"] = v.weight, j["qty"] = v.qty, j["worn"] = v.worn, j["kind"] = v.kind;
  j["value_gp"] = v.value_gp;
}
void from_json(const json& j, Item& v) {
  field(j, "name", v.name), field(j, "weight", v.weight), field(j, "qty", v.qty), field(j, "worn", v.worn);
  field(j, "kind", v.kind), field(j, "value_gp", v.value_gp);
  v.extra = jr::unknown_fields(j, {"name", "weight", "qty", "worn", "kind", "value_gp"});
}


namespace {
const std::vector<std::string> kCreatureFields = {
    "id", "kind", "name", "level", "size", "race", "abilities", "max_hp", "hp", "temp_hp", "ac",
    "initiative_bonus", "speed", "hit_die", "hit_dice_used", "legendary_actions", "legendary_resistances",
    "legendary_resistances_used", "conditions", "resistances", "vulnerabilities", "immunities",
    "condition_immunities", "exhaustion", "exhaustion_sources", "death_saves", "inspiration",
    "inventory", "modules", "hidden", "notes"};
}  // namespace

const std::vector<std::string>& creature_fields() { return kCreatureFields; }

const std::vector<std::string>& damage_types() {
  static const std::vector<std::string> list = {"acid",     "bludgeoning", "cold",    "fire",   "force",
                                                "lightning", "necrotic",   "piercing", "poison", "psychic",
                                                "radiant",  "slashing",    "thunder"};
  return list;
}

const std::vector<std::string>& condition_immunity_ids() {
  static const std::vector<std::string> list = {
      "blinded",  "charmed",  "deafened", "exhaustion", "frightened", "grappled",   "incapacitated", "invisible",
      "paralyzed", "petrified", "poisoned", "prone",     "restrained", "stunned",    "unconscious"};
  return list;
}

json compact_json(const Creature& c) {
  static const json defaults = [] {
    Creature d;
    return json(d);
  }();
  json j = c;
  for (auto it = defaults.begin(); it != defaults.end(); ++it) {
    if (it.key() == "id" || it.key() == "name") continue;
    auto f = j.find(it.key());
    if (f != j.end() && *f == it.value()) j.erase(f);
  }
  return j;
}

void to_json(json& j, const Creature& v) {
  j = start(v.extra);
  j["id"] = v.id, j["kind"] = v.kind, j["name"] = v.name, j["level"] = v.level, j["size"] = v.size;
  j["race"] = v.race, j["abilities"] = v.abilities, j["max_hp"] = v.max_hp, j["hp"] = v.hp;
  j["temp_hp"] = v.temp_hp, j["ac"] = v.ac;
  j["initiative_bonus"] = v.initiative_bonus ? json(*v.initiative_bonus) : json(nullptr);
  j["speed"] = v.speed, j["hit_die"] = v.hit_die, j["hit_dice_used"] = v.hit_dice_used;
  j["legendary_actions"] = v.legendary_actions, j["conditions"] = v.conditions, j["exhaustion"] = v.exhaustion;
  // Written only when set: saves and events of creatures without them stay as they were.
  if (!v.resistances.empty()) j["resistances"] = v.resistances;
  if (!v.vulnerabilities.empty()) j["vulnerabilities"] = v.vulnerabilities;
  if (!v.immunities.empty()) j["immunities"] = v.immunities;
  if (!v.condition_immunities.empty()) j["condition_immunities"] = v.condition_immunities;
  j["legendary_resistances"] = v.legendary_resistances;
  j["legendary_resistances_used"] = v.legendary_resistances_used;
  j["exhaustion_sources"] = v.exhaustion_sources, j["death_saves"] = v.death_saves;
  j["inspiration"] = v.inspiration;
  j["inventory"] = v.inventory;
  if (!v.modules.empty()) j["modules"] = v.modules;
  j["hidden"] = v.hidden;
  j["notes"] = v.notes;
}
namespace {
#define DZ_MEMBER(name) jr::Member<Creature>{#name, [](const json& j, Creature& v) { jr::get(j, v.name); }}
constexpr std::array<jr::Member<Creature>, 31> kCreatureMembers = {
    DZ_MEMBER(abilities), DZ_MEMBER(ac), DZ_MEMBER(condition_immunities), DZ_MEMBER(conditions),
    DZ_MEMBER(death_saves), DZ_MEMBER(exhaustion), DZ_MEMBER(exhaustion_sources),
    DZ_MEMBER(hidden), DZ_MEMBER(hit_dice_used), DZ_MEMBER(hit_die), DZ_MEMBER(hp), DZ_MEMBER(id),
    DZ_MEMBER(immunities), DZ_MEMBER(initiative_bonus), DZ_MEMBER(inspiration), DZ_MEMBER(inventory),
    DZ_MEMBER(kind), DZ_MEMBER(legendary_actions), DZ_MEMBER(legendary_resistances),
    DZ_MEMBER(legendary_resistances_used), DZ_MEMBER(level),
    DZ_MEMBER(max_hp), DZ_MEMBER(modules), DZ_MEMBER(name), DZ_MEMBER(notes), DZ_MEMBER(race),
    DZ_MEMBER(resistances), DZ_MEMBER(size), DZ_MEMBER(speed), DZ_MEMBER(temp_hp), DZ_MEMBER(vulnerabilities)};
#undef DZ_MEMBER
static_assert(jr::members_sorted(kCreatureMembers), "kCreatureMembers must be sorted by key");
}  // namespace

void from_json(const json& j, Creature& v) {
  v.extra = jr::read_members(j, v, kCreatureMembers);
  if (!v.modules.is_object()) {
    jr::PathGuard g("modules");
    jr::fail_type("object");
  }
}

void to_json(json& j, const InitEntry& v) {
  j = start(v.extra);
  j["creature"] = v.creature, j["initiative"] = v.initiative, j["lair"] = v.lair;
}
void from_json(const json& j, InitEntry& v) {
  field(j, "creature", v.creature), field(j, "initiative", v.initiative), field(j, "lair", v.lair);
  v.extra = jr::unknown_fields(j, {"creature", "initiative", "lair"});
}

void to_json(json& j, const Encounter& v) {
  j = start(v.extra);
  j["order"] = v.order, j["round"] = v.round, j["turn"] = v.turn, j["legendary"] = v.legendary;
}
void from_json(const json& j, Encounter& v) {
  field(j, "order", v.order), field(j, "round", v.round), field(j, "turn", v.turn);
  field(j, "legendary", v.legendary);
  v.extra = jr::unknown_fields(j, {"order", "round", "turn", "legendary", "active"});
}

void to_json(json& j, const Prompt& v) {
  j = start(v.extra);
  j["id"] = v.id, j["kind"] = v.kind, j["creature"] = v.creature, j["data"] = v.data;
  j["created_by_tx"] = v.created_by_tx;
}
void from_json(const json& j, Prompt& v) {
  field(j, "id", v.id), field(j, "kind", v.kind), field(j, "creature", v.creature), field(j, "data", v.data);
  field(j, "created_by_tx", v.created_by_tx);
  v.extra = jr::unknown_fields(j, {"id", "kind", "creature", "data", "created_by_tx"});
}

void to_json(json& j, const Note& v) {
  j = start(v.extra);
  j["id"] = v.id, j["text"] = v.text;
  // Written only when set (a long campaign has thousands of notes, most of them open, about no one).
  if (v.secret) j["secret"] = true;
  if (!v.creature.empty()) j["creature"] = v.creature;
  if (v.at != 0) j["at"] = v.at;
}
void from_json(const json& j, Note& v) {
  field(j, "id", v.id), field(j, "text", v.text), field(j, "secret", v.secret), field(j, "creature", v.creature);
  field(j, "at", v.at);
  v.extra = jr::unknown_fields(j, {"id", "text", "secret", "creature", "at"});
}

void to_json(json& j, const HpVisibility& v) {
  j = start(v.extra);
  j["party"] = v.party, j["others"] = v.others;
}
void from_json(const json& j, HpVisibility& v) {
  field(j, "party", v.party), field(j, "others", v.others);
  v.extra = jr::unknown_fields(j, {"party", "others"});
}

void to_json(json& j, const Settings& v) {
  j = start(v.extra);
  j["language"] = v.language, j["rules"] = v.rules, j["exhaustion_edition"] = v.exhaustion_edition;
  j["hp_visibility"] = v.hp_visibility;
  j["dm_notes"] = v.dm_notes, j["house_rule_notes"] = v.house_rule_notes;
}
void from_json(const json& j, Settings& v) {
  field(j, "language", v.language), field(j, "rules", v.rules), field(j, "exhaustion_edition", v.exhaustion_edition);
  field(j, "hp_visibility", v.hp_visibility);
  field(j, "dm_notes", v.dm_notes), field(j, "house_rule_notes", v.house_rule_notes);
  v.extra = jr::unknown_fields(j, {"language", "rules", "exhaustion_edition", "hp_visibility", "dm_notes",
                                   "house_rule_notes"});
}

json campaign_head_json(const Campaign& v) {
  json j = start(v.extra);
  j["name"] = v.name, j["settings"] = v.settings;
  j["encounter"] = v.encounter ? json(*v.encounter) : json(nullptr);
  j["minutes"] = v.minutes, j["prompts"] = v.prompts;
  j["modules"] = v.modules, j["next_id"] = v.next_id, j["last_tx"] = v.last_tx;
  return j;
}
void to_json(json& j, const Campaign& v) {
  j = campaign_head_json(v);
  j["creatures"] = v.creatures, j["notes"] = v.notes;
}
void from_json(const json& j, Campaign& v) {
  field(j, "name", v.name), field(j, "settings", v.settings), field(j, "creatures", v.creatures);
  field(j, "encounter", v.encounter), field(j, "minutes", v.minutes);
  field(j, "prompts", v.prompts), field(j, "notes", v.notes), field(j, "modules", v.modules);
  field(j, "next_id", v.next_id), field(j, "last_tx", v.last_tx);
  if (!v.modules.is_object()) {
    jr::PathGuard g("modules");
    jr::fail_type("object");
  }
  v.extra = jr::unknown_fields(j, {"name", "settings", "creatures", "encounter", "minutes", "prompts",
                                   "notes", "modules", "next_id", "last_tx"});
}

// [SECTION] validation ------------------------------------------------------------------------------------------------
namespace {
using jr::PathGuard;

void in_range(std::string_view key, long long v, long long lo, long long hi) {
  if (v < lo || v > hi) {
    PathGuard g(key);
    jr::fail_value("out_of_range", {{"value", v}, {"min", lo}, {"max", hi}});
  }
}
void one_of(std::string_view key, const std::string& v, std::initializer_list<std::string_view> allowed) {
  if (std::find(allowed.begin(), allowed.end(), std::string_view(v)) == allowed.end()) {
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    PathGuard g(key);
    jr::fail_value("not_one_of", {{"value", v}, {"allowed", list}});
  }
}
void not_empty(std::string_view key, const std::string& v) {
  if (v.empty()) {
    PathGuard g(key);
    jr::fail_value("empty");
  }
}
void max_length(std::string_view key, const std::string& v, size_t n) {
  if (v.size() > n) {
    PathGuard g(key);
    jr::fail_value("too_long", {{"max", n}});
  }
}
void non_negative(std::string_view key, double v) {
  if (!(v >= 0)) {
    PathGuard g(key);
    jr::fail_value("negative", {{"value", v}});
  }
}

// An id is a letter followed by a number ("c7", "p12").
long long id_number(std::string_view id) {
  if (id.size() < 2) return -1;
  long long n = -1;
  auto [p, ec] = std::from_chars(id.data() + 1, id.data() + id.size(), n);
  if (ec != std::errc() || p != id.data() + id.size()) return -1;
  return n;
}

void valid_until(const Until& u) {
  PathGuard g("until");
  one_of("kind", u.kind, {"end_of_next_turn", "start_of_next_turn", "rounds", "minutes", "long_rest", "permanent"});
  in_range("rounds", u.rounds, 0, 1'000'000);
  in_range("minutes", u.minutes, 0, 1'000'000'000);
  in_range("set_round", u.set_round, 0, 1'000'000);
  if (u.kind == "rounds") in_range("rounds", u.rounds, 1, 1'000'000);
  if (u.kind == "minutes") in_range("minutes", u.minutes, 1, 1'000'000'000);
}
}  // namespace

void validate_creature(const Creature& c) {
  not_empty("id", c.id);
  one_of("kind", c.kind, {"pc", "npc", "monster", "sidekick", "object"});
  not_empty("name", c.name);
  max_length("name", c.name, 200);
  in_range("level", c.level, 0, 30);
  one_of("size", c.size, {"tiny", "small", "medium", "large", "huge", "gargantuan"});
  {
    PathGuard g("abilities");
    const auto& a = c.abilities;
    in_range("str", a.str, 1, 30), in_range("dex", a.dex, 1, 30), in_range("con", a.con, 1, 30);
    in_range("int", a.int_, 1, 30), in_range("wis", a.wis, 1, 30), in_range("cha", a.cha, 1, 30);
  }
  in_range("max_hp", c.max_hp, 1, 1'000'000);
  in_range("hp", c.hp, 0, 1'000'000);
  if (c.hp > c.max_hp) {
    PathGuard g("hp");
    jr::fail_value("hp_above_max", {{"value", c.hp}, {"max", c.max_hp}});
  }
  in_range("temp_hp", c.temp_hp, 0, 1'000'000);
  in_range("ac", c.ac, 0, 99);
  if (c.initiative_bonus) in_range("initiative_bonus", *c.initiative_bonus, -50, 50);
  in_range("speed", c.speed, 0, 10'000);
  if (c.hit_die != 0) in_range("hit_die", c.hit_die, 2, 20);
  in_range("hit_dice_used", c.hit_dice_used, 0, std::max(c.level, 1));
  in_range("legendary_actions", c.legendary_actions, 0, 10);
  in_range("legendary_resistances", c.legendary_resistances, 0, 10);
  in_range("legendary_resistances_used", c.legendary_resistances_used, 0, c.legendary_resistances);
  {
    PathGuard g("conditions");
    for (size_t i = 0; i < c.conditions.size(); ++i) {
      PathGuard gi(i);
      not_empty("id", c.conditions[i].id);
      max_length("id", c.conditions[i].id, 64);
      valid_until(c.conditions[i].until);
    }
  }
  {
    // Damage types: known, no repeats, each type in at most one of the three lists.
    std::vector<std::string> seen;
    for (const auto* list : {&c.resistances, &c.vulnerabilities, &c.immunities}) {
      const char* key = list == &c.resistances ? "resistances" : list == &c.vulnerabilities ? "vulnerabilities" : "immunities";
      PathGuard g(key);
      for (size_t i = 0; i < list->size(); ++i) {
        const std::string& t = (*list)[i];
        PathGuard gi(i);
        if (std::find(damage_types().begin(), damage_types().end(), t) == damage_types().end()) {
          std::string all;
          for (const auto& a : damage_types()) all += (all.empty() ? "" : ", ") + a;
          jr::fail_value("not_one_of", {{"value", t}, {"allowed", all}});
        }
        if (std::find(seen.begin(), seen.end(), t) != seen.end()) jr::fail_value("listed_twice", {{"value", t}});
        seen.push_back(t);
      }
    }
    PathGuard g("condition_immunities");
    for (size_t i = 0; i < c.condition_immunities.size(); ++i) {
      const std::string& t = c.condition_immunities[i];
      PathGuard gi(i);
      const auto& ids = condition_immunity_ids();
      if (std::find(ids.begin(), ids.end(), t) == ids.end()) {
        std::string all;
        for (const auto& a : ids) all += (all.empty() ? "" : ", ") + a;
        jr::fail_value("not_one_of", {{"value", t}, {"allowed", all}});
      }
      if (std::find(c.condition_immunities.begin(), c.condition_immunities.begin() + static_cast<long>(i), t) !=
          c.condition_immunities.begin() + static_cast<long>(i))
        jr::fail_value("listed_twice", {{"value", t}});
    }
  }
  in_range("exhaustion", c.exhaustion, 0, 6);
  {
    int tracked = 0;
    PathGuard g("exhaustion_sources");
    for (const auto& [src, n] : c.exhaustion_sources) {
      in_range(src, n, 1, 6);
      tracked += n;
    }
    if (tracked > c.exhaustion) jr::fail_value("sources_exceed_total", {{"total", c.exhaustion}, {"tracked", tracked}});
  }
  {
    PathGuard g("death_saves");
    in_range("successes", c.death_saves.successes, 0, 3);
    in_range("failures", c.death_saves.failures, 0, 3);
  }
  {
    PathGuard g("inventory");
    for (size_t i = 0; i < c.inventory.size(); ++i) {
      PathGuard gi(i);
      const auto& it = c.inventory[i];
      not_empty("name", it.name);
      non_negative("weight", it.weight);
      in_range("qty", it.qty, 0, 1'000'000);
      non_negative("value_gp", it.value_gp);
      one_of("kind", it.kind,
             {"armor_light", "armor_medium", "armor_heavy", "shield", "clothing", "weapon", "gear", "potion", "art"});
    }
  }
  max_length("notes", c.notes, 100'000);
}

void validate_settings(const Settings& s) {
  one_of("language", s.language, {"cs", "uk", "en"});
  if (s.exhaustion_edition != 2014 && s.exhaustion_edition != 2024) {
    PathGuard g("exhaustion_edition");
    jr::fail_value("not_one_of", {{"value", std::to_string(s.exhaustion_edition)}, {"allowed", "2014, 2024"}});
  }
  {
    PathGuard g("hp_visibility");
    one_of("party", s.hp_visibility.party, {"exact", "status", "hidden"});
    one_of("others", s.hp_visibility.others, {"exact", "status", "hidden"});
  }
  max_length("dm_notes", s.dm_notes, 1'000'000);
  max_length("house_rule_notes", s.house_rule_notes, 1'000'000);
}

namespace {
void validate_top(const Campaign& c) {
  max_length("name", c.name, 200);
  {
    PathGuard g("settings");
    validate_settings(c.settings);
  }
  in_range("minutes", c.minutes, 0, 1'000'000'000'000LL);
  in_range("next_id", c.next_id, 1, 1'000'000'000'000LL);
  in_range("last_tx", c.last_tx, 0, 1'000'000'000'000LL);
}

// An id's form and that it is below next_id (not its uniqueness).
void check_id(const std::string& id, long long next_id) {
  long long n = id_number(id);
  if (n < 0) {
    PathGuard g("id");
    jr::fail_value("bad_id", {{"id", id}});
  }
  if (n >= next_id) {
    PathGuard g("id");
    jr::fail_value("id_not_below_next", {{"id", id}, {"next_id", next_id}});
  }
}

[[noreturn]] void duplicate_id(const std::string& id) {
  PathGuard g("id");
  jr::fail_value("duplicate_id", {{"id", id}});
}

// A reference to a creature (`has` tells whether the id is one).
template <class Has>
void creature_ref_ok(const Has& has, std::string_view key, const std::string& id, bool allow_empty) {
  if (id.empty() && allow_empty) return;
  if (!has(id)) {
    PathGuard g(key);
    jr::fail_value("unknown_creature", {{"id", id}});
  }
}

template <class Has>
void validate_encounter(const Encounter& e, const Has& has) {
  PathGuard g("encounter");
  if (e.order.empty()) jr::fail_value("empty");
  in_range("round", e.round, 1, 1'000'000);
  in_range("turn", e.turn, 0, static_cast<long long>(e.order.size()) - 1);
  {
    PathGuard go("order");
    for (size_t i = 0; i < e.order.size(); ++i) {
      PathGuard gi(i);
      creature_ref_ok(has, "creature", e.order[i].creature, false);
      in_range("initiative", e.order[i].initiative, -100, 1000);
    }
  }
  PathGuard gl("legendary");
  for (const auto& [id, left] : e.legendary) {
    creature_ref_ok(has, id, id, false);
    in_range(id, left, 0, 10);
  }
}
}  // namespace

void validate_campaign(const Campaign& c) {
  validate_top(c);
  // Ids are unique across creatures, prompts and notes. Within a list whose ids grow strictly (CowList::sorted,
  // the normal case) they are unique already, and find() is a binary search: only an unsorted list's ids go
  // into a set (a long campaign has thousands of notes; building a set of them was a tenth of a load).
  std::set<std::string> ids;
  auto claim = [&](const std::string& id, bool unique_in_list) {
    check_id(id, c.next_id);
    if (!unique_in_list && !ids.insert(id).second) duplicate_id(id);
  };
  const bool sorted = c.creatures.sorted();
  std::set<std::string> unsorted_creatures;
  std::bitset<256> creature_letters;  // the first bytes of creature ids: another id cannot be one of theirs
  auto has = [&](const std::string& id) {
    if (id.empty() || !creature_letters[static_cast<unsigned char>(id[0])]) return false;
    return sorted ? c.creatures.find(id) >= 0 : unsorted_creatures.count(id) > 0;
  };
  {
    PathGuard g("creatures");
    for (size_t i = 0; i < c.creatures.size(); ++i) {
      PathGuard gi(i);
      validate_creature(c.creatures[i]);
      claim(c.creatures[i].id, sorted);
      creature_letters.set(static_cast<unsigned char>(c.creatures[i].id[0]));
      if (!sorted) unsorted_creatures.insert(c.creatures[i].id);
    }
  }
  if (c.encounter) validate_encounter(*c.encounter, has);
  {
    PathGuard g("prompts");
    for (size_t i = 0; i < c.prompts.size(); ++i) {
      PathGuard gi(i);
      claim(c.prompts[i].id, false);
      if (sorted && has(c.prompts[i].id)) duplicate_id(c.prompts[i].id);
      not_empty("kind", c.prompts[i].kind);
      creature_ref_ok(has, "creature", c.prompts[i].creature, true);
    }
  }
  {
    PathGuard g("notes");
    for (size_t i = 0; i < c.notes.size(); ++i) {
      PathGuard gi(i);
      const Note& n = c.notes[i];
      claim(n.id, c.notes.sorted());
      if ((c.notes.sorted() && ids.count(n.id)) || (sorted && has(n.id))) duplicate_id(n.id);
      creature_ref_ok(has, "creature", n.creature, true);
      max_length("text", n.text, 100'000);
    }
  }
}

namespace {
// The positions of `after` whose element is not the very object `before` holds there (written or appended).
// False when that does not describe the change: elements removed or moved, or ids not in increasing order.
template <class T>
bool changed_positions(const CowList<T>& before, const CowList<T>& after, std::vector<size_t>& out) {
  out.clear();
  if (after.shares_table(before)) return true;
  if (after.size() < before.size() || !after.sorted() || !before.sorted()) return false;
  const size_t n = before.size(), chunk = CowList<T>::chunk_size();
  for (size_t i = 0; i < n;) {
    const size_t next = (i / chunk + 1) * chunk;
    if (after.same_chunk(i, before)) {
      i = next;
      continue;
    }
    for (; i < std::min(n, next); ++i) {
      if (after.same_element(i, before, i)) continue;
      if (after.key(i) != before.key(i)) return false;
      out.push_back(i);
    }
  }
  for (size_t i = n; i < after.size(); ++i) out.push_back(i);
  return true;
}

// An element written at position i keeps the id it had there.
template <class T>
void same_id(const CowList<T>& before, const CowList<T>& after, size_t i) {
  if (i < before.size() && after[i].id != before[i].id) {
    PathGuard g("id");
    jr::fail_value("bad_id", {{"id", after[i].id}});
  }
}
}  // namespace

bool validate_campaign_change(const Campaign& before, const Campaign& after, std::vector<size_t>& changed_creatures) {
  std::vector<size_t> changed_notes;
  if (after.next_id < before.next_id) return false;
  if (!changed_positions(before.creatures, after.creatures, changed_creatures)) return false;
  if (!changed_positions(before.notes, after.notes, changed_notes)) return false;
  validate_top(after);
  auto has = [&](const std::string& id) { return after.creatures.find(id) >= 0; };
  auto is_prompt = [&](const std::string& id) { return find_prompt(after, id) != nullptr; };
  {
    PathGuard g("creatures");
    for (size_t i : changed_creatures) {
      PathGuard gi(i);
      const Creature& x = after.creatures[i];
      same_id(before.creatures, after.creatures, i);
      validate_creature(x);
      check_id(x.id, after.next_id);  // unique among the creatures: their ids are in strictly increasing order
      if (after.notes.find(x.id) >= 0 || is_prompt(x.id)) duplicate_id(x.id);
    }
  }
  if (after.encounter) validate_encounter(*after.encounter, has);
  {
    PathGuard g("prompts");
    std::set<std::string> ids;
    for (size_t i = 0; i < after.prompts.size(); ++i) {
      PathGuard gi(i);
      const Prompt& p = after.prompts[i];
      check_id(p.id, after.next_id);
      if (!ids.insert(p.id).second || has(p.id) || after.notes.find(p.id) >= 0) duplicate_id(p.id);
      not_empty("kind", p.kind);
      creature_ref_ok(has, "creature", p.creature, true);
    }
  }
  {
    PathGuard g("notes");
    for (size_t i : changed_notes) {
      PathGuard gi(i);
      const Note& n = after.notes[i];
      same_id(before.notes, after.notes, i);
      check_id(n.id, after.next_id);
      if (has(n.id) || is_prompt(n.id)) duplicate_id(n.id);
      creature_ref_ok(has, "creature", n.creature, true);
      max_length("text", n.text, 100'000);
    }
  }
  return true;
}

// [SECTION] lookups and ids -------------------------------------------------------------------------------------------
Creature* find_creature(Campaign& c, std::string_view id) {
  auto k = c.creatures.find(id);
  return k < 0 ? nullptr : &c.creatures.mut(static_cast<size_t>(k));
}
const Creature* find_creature(const Campaign& c, std::string_view id) {
  auto k = c.creatures.find(id);
  return k < 0 ? nullptr : &c.creatures[static_cast<size_t>(k)];
}
Prompt* find_prompt(Campaign& c, std::string_view id) {
  for (auto& x : c.prompts)
    if (x.id == id) return &x;
  return nullptr;
}
const Prompt* find_prompt(const Campaign& c, std::string_view id) {
  for (const auto& x : c.prompts)
    if (x.id == id) return &x;
  return nullptr;
}
Creature& creature_ref(Campaign& c, std::string_view id) {
  if (auto* x = find_creature(c, id)) return *x;
  throw std::out_of_range("no creature " + std::string(id));
}

void claim_id(Campaign& c, std::string_view id) {
  long long n = id_number(id);
  if (n >= c.next_id) c.next_id = n + 1;
}

}  // namespace druzina::campaign
