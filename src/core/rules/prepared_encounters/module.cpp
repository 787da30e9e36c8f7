// Table rule "prepared-encounters".
//
//   SaveMonster {creature, name?: the base name (default: the creature's name without a trailing number)} — a
//     monster or NPC's stat block kept for reuse: size, scores, AC, max HP, speed, hit die, legendary actions and
//     resistances, damage and condition immunities, gear, notes, hidden, and the data of the SRD, challenge-rating,
//     save-proficiencies, alignment and classes rules; nothing of a fight (HP lost, conditions, exhaustion …).
//     A saved monster of the same name is replaced. → own_monster_saved {monster: {id, name, creature}}.
//     Refused: a PC (rules.err.prep_pc), the 200th monster (prep_too_many).
//   ForgetMonster {monster} → own_monster_forgotten {monster, title}; refused while an encounter uses it
//     (prep_monster_used).
//   AddOwnMonster {monster, count?: 1..20, join?: bool} → AddCreature with the stat block ("Name 1", "Name 2" …
//     when count > 1; one copy is "Name 2" when "Name" is taken); with join each joins the running fight (JoinEncounter, initiative rolled).
//   PrepareEncounter {name, creatures: [ids] | members: [{srd | monster, count}]} — from creatures: an SRD
//     monster counts as its SRD id, any other as a saved monster of its base name (saved now if there is none);
//     equal members are counted together. The same name replaces that encounter.
//     → (own_monster_saved …) encounter_prepared {encounter: {id, name, members}}.
//   ForgetEncounter {encounter} → prepared_encounter_forgotten {encounter, title}.
//   RunEncounter {encounter, participants?: [ids] (default: the living PCs and sidekicks), initiative?: {id: n},
//     group_initiative?: bool} → prepared_encounter_run {encounter, title, running}, then the members are added
//     (AddMonsters / AddCreature) and either join the running fight or the fight starts with the participants and
//     them (StartEncounter, the initiative not given rolled). One command: one undo step.
// Data: Campaign::modules["prepared-encounters"].monsters, .encounters (absent = none): DM secrets (the players'
// view and links leave them out, and their events are not in the players' log).
//
// Index:
//   [SECTION] reading the data
//   [SECTION] events
//   [SECTION] commands
//   [SECTION] data validation
#include <algorithm>
#include <set>

#include "core/campaign/json_read.hpp"
#include "core/rules/alignment/alignment.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/common.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kMonsters = "monsters";
constexpr const char* kEncounters = "encounters";
constexpr size_t kMaxName = 60;

// [SECTION] reading the data ------------------------------------------------------------------------------------------
OwnMonster read_monster(const json& j) {
  OwnMonster m;
  m.id = j.at("id").get<std::string>();
  m.name = j.at("name").get<std::string>();
  from_json(j.at("creature"), m.creature);
  return m;
}

PreparedEncounter read_encounter(const json& j) {
  PreparedEncounter e;
  e.id = j.at("id").get<std::string>();
  e.name = j.at("name").get<std::string>();
  for (const auto& m : j.at("members")) {
    PreparedMember p;
    p.srd = m.value("srd", std::string());
    p.monster = m.value("monster", std::string());
    p.count = m.value("count", 1);
    e.members.push_back(std::move(p));
  }
  return e;
}

json member_json(const PreparedMember& p) {
  json j = p.srd.empty() ? jobj{"monster", p.monster} : jobj{"srd", p.srd};
  j["count"] = p.count;
  return j;
}

const json& list_of(const Campaign& c, const char* key) {
  static const json empty = json::array();
  const json& v = data_at(c, kPreparedEncounters, key);
  return v.is_array() ? v : empty;
}

const json* find_in(const Campaign& c, const char* key, const std::string& id) {
  for (const auto& x : list_of(c, key))
    if (x.value("id", std::string()) == id) return &x;
  return nullptr;
}
const json* find_named(const Campaign& c, const char* key, const std::string& name) {
  for (const auto& x : list_of(c, key))
    if (x.value("name", std::string()) == name) return &x;
  return nullptr;
}

const json& require_monster(const Campaign& c, const std::string& id) {
  const json* m = find_in(c, kMonsters, id);
  if (!m) throw UserError("rules.err.prep_unknown_monster", jobj{"id", id});
  return *m;
}
const json& require_encounter(const Campaign& c, const std::string& id) {
  const json* e = find_in(c, kEncounters, id);
  if (!e) throw UserError("rules.err.prep_unknown_encounter", jobj{"id", id});
  return *e;
}

// A name given in the command, trimmed and bounded.
std::string given_name(const json& cmd, const std::string& fallback) {
  std::string name = param::str(cmd, "name", fallback);
  const auto a = name.find_first_not_of(' '), b = name.find_last_not_of(' ');
  name = a == std::string::npos ? std::string() : name.substr(a, b - a + 1);
  if (name.empty()) throw UserError("campaign.err.param", jobj{"param", "name", "expected", "a name"});
  if (name.size() > kMaxName) throw UserError("state.err.too_long", jobj{"path", "name", "max", kMaxName});
  return name;
}

// The stat block of a creature: what it is, not what happened to it.
Creature stat_block(const Creature& x, const std::string& name) {
  Creature y;
  y.kind = x.kind, y.name = name, y.level = x.level, y.size = x.size, y.race = x.race, y.abilities = x.abilities;
  y.max_hp = y.hp = x.max_hp, y.ac = x.ac, y.initiative_bonus = x.initiative_bonus, y.speed = x.speed;
  y.hit_die = x.hit_die, y.legendary_actions = x.legendary_actions, y.legendary_resistances = x.legendary_resistances;
  y.resistances = x.resistances, y.vulnerabilities = x.vulnerabilities, y.immunities = x.immunities;
  y.condition_immunities = x.condition_immunities, y.inventory = x.inventory, y.hidden = x.hidden, y.notes = x.notes;
  for (const char* m : {kSrdMonsters, kChallengeRating, kSaveProficiencies, kAlignment, kClasses})
    if (x.modules.is_object() && x.modules.contains(m)) y.modules[m] = x.modules[m];
  return y;
}

json stat_block_json(const Creature& y) {
  json j = campaign::compact_json(y);
  j.erase("id");
  return j;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void put(Campaign& c, const char* key, const json& item) {
  json& list = data_ref(c, kPreparedEncounters)[key];
  if (!list.is_array()) list = json::array();
  for (auto& x : list)
    if (x.at("id") == item.at("id")) {
      x = item;
      return;
    }
  list.push_back(item);
}
void drop(Campaign& c, const char* key, const std::string& id) {
  json& m = data_ref(c, kPreparedEncounters);
  json& list = m[key];
  if (list.is_array())
    list.erase(std::remove_if(list.begin(), list.end(), [&](const json& x) { return x.at("id") == id; }), list.end());
  if (list.empty()) m.erase(key);
  if (m.empty()) c.modules.erase(kPreparedEncounters);
}

void apply_monster_saved(Campaign& c, const json& d) { put(c, kMonsters, d.at("monster")); }
void apply_monster_forgotten(Campaign& c, const json& d) { drop(c, kMonsters, d.at("monster").get<std::string>()); }
void apply_prepared(Campaign& c, const json& d) { put(c, kEncounters, d.at("encounter")); }
void apply_encounter_forgotten(Campaign& c, const json& d) { drop(c, kEncounters, d.at("encounter").get<std::string>()); }

std::string render_monster_saved(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.own_monster_saved", jobj{"monster", d.at("monster").value("name", std::string())});
}
std::string render_prepared(const json& d, const LogContext& lc) {
  int n = 0;
  for (const auto& m : d.at("encounter").at("members")) n += m.value("count", 1);
  return tr(lc.lang, "event.encounter_prepared", jobj{"encounter", d.at("encounter").value("name", std::string()), "n", n});
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
const Creature& not_pc(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "creature"));
  if (x.kind == "pc") throw UserError("rules.err.prep_pc", jobj{"name", x.name});
  return x;
}

// The id a save of `name` in the list `key` takes: the entry of that name (replaced), or a new one — refused past the
// list's cap; without ctx (validation) no id is claimed.
std::string id_for(Ctx* ctx, const Campaign& c, const char* key, const std::string& name) {
  if (const json* old = find_named(c, key, name)) return old->at("id").get<std::string>();
  const bool monsters = std::string_view(key) == kMonsters;
  const int cap = monsters ? kMaxOwnMonsters : kMaxPrepared;
  if (list_of(c, key).size() >= static_cast<size_t>(cap)) throw UserError("rules.err.prep_too_many", jobj{"max", cap});
  return ctx ? ctx->new_id(monsters ? "m" : "e") : std::string();
}

void validate_save_monster(const Campaign& c, const json& cmd) {
  const Creature& x = not_pc(c, cmd);
  id_for(nullptr, c, kMonsters, given_name(cmd, base_name(x.name)));
}

std::string save_monster(Ctx& ctx, const Creature& x, const std::string& name) {
  const std::string id = id_for(&ctx, ctx.state(), kMonsters, name);
  ctx.emit("own_monster_saved", jobj{"monster", jobj{"id", id, "name", name, "creature", stat_block_json(stat_block(x, name))}});
  return id;
}

void execute_save_monster(Ctx& ctx, const json& cmd) {
  const Creature x = not_pc(ctx.state(), cmd);
  save_monster(ctx, x, given_name(cmd, base_name(x.name)));
}

void validate_forget_monster(const Campaign& c, const json& cmd) {
  const std::string id = param::str(cmd, "monster");
  require_monster(c, id);
  for (const auto& e : list_of(c, kEncounters))
    for (const auto& m : e.at("members"))
      if (m.value("monster", std::string()) == id)
        throw UserError("rules.err.prep_monster_used",
                        jobj{"name", require_monster(c, id).value("name", std::string()), "encounter", e.value("name", std::string())});
}

void execute_forget_monster(Ctx& ctx, const json& cmd) {
  const std::string id = param::str(cmd, "monster");
  ctx.emit("own_monster_forgotten", jobj{"monster", id, "title", require_monster(ctx.state(), id).value("name", std::string())});
}

// The AddCreature command that puts `count` copies of a saved monster into the campaign. Several are numbered
// after those already there (by AddCreature); a single one is too when its name is taken ("Wolf" → "Wolf 2").
json add_command(const Campaign& c, const json& monster, int count) {
  json cmd = monster.at("creature");
  cmd["type"] = "AddCreature";
  const std::string name = monster.at("name").get<std::string>();
  cmd["name"] = name;
  const int max_hp = cmd.value("max_hp", 1);
  cmd["max_hp"] = max_hp;
  cmd["hp"] = max_hp;
  if (count > 1) {
    cmd["count"] = count;
    return cmd;
  }
  int highest = 0;
  bool taken = false;
  for (const auto& x : c.creatures) {
    if (x.name == name) taken = true, highest = std::max(highest, 1);
    if (x.name == name || base_name(x.name) != name) continue;
    const std::string n = x.name.substr(name.size() + 1);
    if (n.size() <= 6) taken = true, highest = std::max(highest, std::stoi(n));
  }
  if (taken) cmd["name"] = name + " " + std::to_string(highest + 1);
  return cmd;
}

// Runs `add` and returns the ids of the creatures it added (they are appended to the list).
std::vector<std::string> added_by(Ctx& ctx, const json& add) {
  const size_t before = ctx.state().creatures.size();
  ctx.run(add);
  std::vector<std::string> ids;
  for (size_t k = before; k < ctx.state().creatures.size(); ++k) ids.push_back(ctx.state().creatures[k].id);
  return ids;
}

void validate_add_own(const Campaign& c, const json& cmd) {
  require_monster(c, param::str(cmd, "monster"));
  param::integer(cmd, "count", 1, kMaxMemberCount, 1);
  if (param::boolean(cmd, "join", false) && !c.encounter) throw UserError("campaign.err.no_encounter");
}

void execute_add_own(Ctx& ctx, const json& cmd) {
  const json monster = require_monster(ctx.state(), param::str(cmd, "monster"));
  const auto ids = added_by(ctx, add_command(ctx.state(), monster, static_cast<int>(param::integer(cmd, "count", 1, kMaxMemberCount, 1))));
  if (param::boolean(cmd, "join", false))
    for (const auto& id : ids) ctx.run(jobj{"type", "JoinEncounter", "target", id});
}

// The members a PrepareEncounter asks for; with ctx, the monsters it must save first are saved.
std::vector<PreparedMember> members_of(Ctx* ctx, const Campaign& c, const json& cmd) {
  const bool by_creature = param::find(cmd, "creatures") != nullptr;
  if (by_creature == (param::find(cmd, "members") != nullptr))
    throw UserError("campaign.err.param", jobj{"param", "members", "expected", "creatures or members"});
  std::vector<PreparedMember> out;
  auto add = [&](PreparedMember p) {
    for (auto& q : out)
      if (q.srd == p.srd && q.monster == p.monster) {
        q.count = std::min(kMaxMemberCount, q.count + p.count);
        return;
      }
    if (out.size() >= static_cast<size_t>(kMaxMembers)) throw UserError("rules.err.prep_too_many", jobj{"max", kMaxMembers});
    out.push_back(std::move(p));
  };
  if (by_creature) {
    std::map<std::string, std::string> saved_now;  // base name → id saved by this command (validation: "")
    for (const auto& id : id_list(cmd, "creatures")) {
      const Creature& x = not_pc(c, jobj{"creature", id});
      PreparedMember p;
      if (const Monster* m = srd_monster_of(x)) {
        p.srd = m->id;
      } else {
        const std::string name = base_name(x.name);
        if (auto it = saved_now.find(name); it != saved_now.end()) {
          p.monster = it->second;
        } else if (const json* old = find_named(c, kMonsters, name)) {
          p.monster = old->at("id").get<std::string>();
        } else {
          const Creature copy = x;  // save_monster emits: x may move
          p.monster = ctx ? save_monster(*ctx, copy, name) : (id_for(nullptr, c, kMonsters, name), std::string("?"));
          saved_now[name] = p.monster;
        }
      }
      add(std::move(p));
    }
  } else {
    const json& list = *param::find(cmd, "members");
    if (!list.is_array()) throw UserError("campaign.err.param", jobj{"param", "members", "expected", "a list"});
    for (const auto& m : list) {
      if (!m.is_object()) throw UserError("campaign.err.param", jobj{"param", "members", "expected", "{srd | monster, count}"});
      PreparedMember p;
      p.count = static_cast<int>(param::integer(m, "count", 1, kMaxMemberCount, 1));
      if (param::find(m, "srd")) {
        p.srd = param::str(m, "srd");
        if (!find_srd_monster(p.srd)) throw UserError("rules.err.monster_unknown", jobj{"value", p.srd});
      } else {
        p.monster = param::str(m, "monster");
        require_monster(c, p.monster);
      }
      add(std::move(p));
    }
  }
  if (out.empty()) throw UserError("rules.err.prep_no_monsters");
  return out;
}

void validate_prepare(const Campaign& c, const json& cmd) {
  id_for(nullptr, c, kEncounters, given_name(cmd, ""));
  members_of(nullptr, c, cmd);
}

void execute_prepare(Ctx& ctx, const json& cmd) {
  const std::string name = given_name(cmd, "");
  const auto members = members_of(&ctx, ctx.state(), cmd);
  json list = json::array();
  for (const auto& m : members) list.push_back(member_json(m));
  ctx.emit("encounter_prepared", jobj{"encounter", jobj{"id", id_for(&ctx, ctx.state(), kEncounters, name), "name", name, "members", list}});
}

void validate_forget_encounter(const Campaign& c, const json& cmd) { require_encounter(c, param::str(cmd, "encounter")); }

void execute_forget_encounter(Ctx& ctx, const json& cmd) {
  const std::string id = param::str(cmd, "encounter");
  ctx.emit("prepared_encounter_forgotten", jobj{"encounter", id, "title", require_encounter(ctx.state(), id).value("name", std::string())});
}

void validate_run(const Campaign& c, const json& cmd) {
  const PreparedEncounter e = read_encounter(require_encounter(c, param::str(cmd, "encounter")));
  for (const auto& m : e.members)
    if (m.srd.empty()) require_monster(c, m.monster);
  if (param::find(cmd, "participants"))
    for (const auto& id : id_list(cmd, "participants")) actions::require_living(c, id);
  if (const json* init = param::find(cmd, "initiative"); init && !init->is_object())
    throw UserError("campaign.err.param", jobj{"param", "initiative", "expected", "{id: value}"});
  param::boolean(cmd, "group_initiative", false);
}

void execute_run(Ctx& ctx, const json& cmd) {
  const json stored = require_encounter(ctx.state(), param::str(cmd, "encounter"));
  const PreparedEncounter e = read_encounter(stored);
  const bool running = ctx.state().encounter.has_value();
  ctx.emit("prepared_encounter_run", jobj{"encounter", e.id, "title", e.name, "running", running});
  std::vector<std::string> added;
  for (const auto& m : e.members) {
    const json add = m.srd.empty() ? add_command(ctx.state(), require_monster(ctx.state(), m.monster), m.count)
                                   : jobj{"type", "AddMonsters", "monster", m.srd, "count", m.count};
    for (auto& id : added_by(ctx, add)) added.push_back(std::move(id));
  }
  if (running) {
    for (const auto& id : added) ctx.run(jobj{"type", "JoinEncounter", "target", id});
    return;
  }
  std::vector<std::string> who = param::find(cmd, "participants") ? id_list(cmd, "participants") : living_party(ctx.state());
  who.insert(who.end(), added.begin(), added.end());
  json start = jobj{"type", "StartEncounter", "participants", who};
  const json* init = param::find(cmd, "initiative");
  start["initiative"] = init && !init->empty() ? *init : json("roll");
  if (param::boolean(cmd, "group_initiative", false)) start["group_initiative"] = true;
  ctx.run(start);
}

// [SECTION] data validation -------------------------------------------------------------------------------------------
void validate_monsters(const json& v) {
  if (!v.is_array() || v.size() > static_cast<size_t>(kMaxOwnMonsters))
    throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "a list of up to 200 monsters"});
  for (const auto& m : v) {
    if (!m.is_object() || !m.contains("id") || !m["id"].is_string() || !m.contains("name") || !m["name"].is_string() ||
        !m.contains("creature") || !m["creature"].is_object())
      throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "{id, name, creature}"});
    Creature x;
    from_json(m["creature"], x);  // a stat block that does not read is refused with its path
  }
}

void validate_encounters(const json& v) {
  if (!v.is_array() || v.size() > static_cast<size_t>(kMaxPrepared))
    throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "a list of up to 100 encounters"});
  for (const auto& e : v) {
    if (!e.is_object() || !e.contains("id") || !e["id"].is_string() || !e.contains("name") || !e["name"].is_string() ||
        !e.contains("members") || !e["members"].is_array() || e["members"].empty() ||
        e["members"].size() > static_cast<size_t>(kMaxMembers))
      throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "{id, name, members}"});
    for (const auto& m : e["members"]) {
      const bool srd = m.is_object() && m.contains("srd") && m["srd"].is_string();
      const bool own = m.is_object() && m.contains("monster") && m["monster"].is_string();
      if (srd == own || !m.contains("count")) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "{srd | monster, count}"});
      int_in(m["count"], 1, kMaxMemberCount);
    }
  }
}

void install(Engine& e) {
  event(e, "own_monster_saved", apply_monster_saved, render_monster_saved);
  event(e, "own_monster_forgotten", apply_monster_forgotten);
  event(e, "encounter_prepared", apply_prepared, render_prepared);
  event(e, "prepared_encounter_forgotten", apply_encounter_forgotten);
  event(e, "prepared_encounter_run", [](Campaign&, const json&) {}, [](const json& d, const LogContext& lc) {
    return tr(lc.lang, d.value("running", false) ? "event.prepared_encounter_run_join" : "event.prepared_encounter_run",
              jobj{"title", d.value("title", std::string())});
  });
  for (const char* type : {"own_monster_saved", "own_monster_forgotten", "encounter_prepared", "prepared_encounter_forgotten"})
    e.secret_event(type);
  command(e, "SaveMonster", {"creature", "name"}, validate_save_monster, execute_save_monster);
  command(e, "ForgetMonster", {"monster"}, validate_forget_monster, execute_forget_monster);
  command(e, "AddOwnMonster", {"monster", "count", "join"}, validate_add_own, execute_add_own);
  command(e, "PrepareEncounter", {"name", "creatures", "members"}, validate_prepare, execute_prepare);
  command(e, "ForgetEncounter", {"encounter"}, validate_forget_encounter, execute_forget_encounter);
  command(e, "RunEncounter", {"encounter", "participants", "initiative", "group_initiative"}, validate_run, execute_run);
}

}  // namespace

std::string base_name(const std::string& name) {
  const auto sp = name.find_last_of(' ');
  if (sp != std::string::npos && sp + 1 < name.size() &&
      std::all_of(name.begin() + static_cast<long>(sp) + 1, name.end(), ::isdigit))
    return name.substr(0, sp);
  return name;
}

std::vector<OwnMonster> own_monsters(const Campaign& c) {
  std::vector<OwnMonster> out;
  for (const auto& m : list_of(c, kMonsters)) out.push_back(read_monster(m));
  return out;
}

std::vector<PreparedEncounter> prepared_encounters(const Campaign& c) {
  std::vector<PreparedEncounter> out;
  for (const auto& e : list_of(c, kEncounters)) out.push_back(read_encounter(e));
  return out;
}

std::string prepared_summary(const Campaign& c, const PreparedEncounter& e, Lang lang) {
  std::string out;
  for (const auto& m : e.members) {
    std::string name = m.monster;
    if (const Monster* s = m.srd.empty() ? nullptr : find_srd_monster(m.srd)) name = s->name_in(lang);
    else if (const json* own = find_in(c, kMonsters, m.monster)) name = own->value("name", m.monster);
    append(out, ", ", m.count > 1 ? std::to_string(m.count) + " \xC3\x97 " + name : name);
  }
  return out;
}

Module prepared_encounters() {
  return {kPreparedEncounters, true, install,
          {.campaign_data = {{kMonsters, "list of {id, name, creature}: the DM's own monsters (up to 200)", true, validate_monsters},
                             {kEncounters, "list of {id, name, members: [{srd | monster, count}]}: prepared encounters (up to 100)",
                              true, validate_encounters}}}};
}

}  // namespace druzina::rules
