// Table rule "tracker-import" (on by default).
//
//   ImportCreatures {format: "improved-initiative" | "5etools" | "fc5", monsters?: [stat blocks], party?: [stat
//                    blocks], encounters?: [{name, members: [{monster: a name of `monsters`, count}]}]}
//     (what import_command(preview_import(file)) gives; the stat blocks are creatures as a save writes them, no id)
//     → own_monster_saved per monster (the DM's own monsters; one of the same name is replaced), creature_added
//       per character (kind pc, into the party), encounter_prepared per encounter (one of the same name is
//       replaced), then tracker_imported {format, monsters, party, encounters} — one undo step.
//   Refused: nothing to import (rules.err.import_empty), a stat block that is not a valid creature
//   (rules.err.import_bad_entry), a member that names no monster of the import (rules.err.import_member), more
//   than the DM's monster list holds (rules.err.prep_too_many), an encounter too big (rules.err.prep_too_big).
#include <algorithm>
#include <map>

#include "core/campaign/json_read.hpp"
#include "core/json_obj.hpp"
#include "core/rules/common.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "core/rules/tracker_import/tracker_import.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kFormatKey = "rules.import.format.";  // + ii | 5etools | fc5

struct Plan {
  std::string format;
  std::vector<Creature> monsters, party;
  struct Enc {
    std::string name;
    std::vector<std::pair<std::string, int>> members;
  };
  std::vector<Enc> encounters;
};

const json& list_param(const json& cmd, const char* name) {
  static const json empty = json::array();
  const json* v = param::find(cmd, name);
  if (!v) return empty;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", name, "expected", "list"});
  if (v->size() > kMaxImportEntries) throw UserError("rules.err.import_too_many", jobj{"count", v->size(), "max", kMaxImportEntries});
  return *v;
}

Creature read_block(const json& j, const char* kind) {
  Creature x;
  try {
    json k = j;
    if (!k.is_object()) campaign::jr::fail_type("object");
    k["id"] = "c1";
    campaign::jr::reset_path();
    campaign::jr::get(k, x);
    campaign::validate_creature(x);
  } catch (const UserError& e) {
    json reason = json::object();
    for (Lang l : kLangs) reason[std::string(lang_code(l))] = e.message(l);
    throw UserError("rules.err.import_bad_entry", jobj{"entry", j.is_object() ? j.value("name", std::string("?")) : "?", "reason", reason});
  }
  x.id.clear();
  x.kind = kind;
  return x;
}

Plan plan_import(const Campaign& c, const json& cmd) {
  Plan p;
  p.format = param::str(cmd, "format");
  if (p.format != "improved-initiative" && p.format != "5etools" && p.format != "fc5")
    throw UserError("campaign.err.param", jobj{"param", "format", "expected", "improved-initiative | 5etools | fc5"});
  for (const auto& j : list_param(cmd, "monsters")) p.monsters.push_back(read_block(j, "monster"));
  for (const auto& j : list_param(cmd, "party")) p.party.push_back(read_block(j, "pc"));
  std::vector<std::string> names;
  for (const auto& m : p.monsters) {
    if (std::find(names.begin(), names.end(), m.name) != names.end())
      throw UserError("rules.err.import_bad_entry", jobj{"entry", m.name, "reason", "×2"});
    names.push_back(m.name);
  }
  for (const auto& j : list_param(cmd, "encounters")) {
    if (!j.is_object() || !j.contains("name") || !j.at("name").is_string() || !j.contains("members") || !j.at("members").is_array())
      throw UserError("campaign.err.param", jobj{"param", "encounters", "expected", "[{name, members: [{monster, count}]}]"});
    Plan::Enc e;
    e.name = j.at("name").get<std::string>();
    if (e.name.empty() || e.name.size() > 60) throw UserError("state.err.too_long", jobj{"path", "encounters.name", "max", 60});
    int total = 0;
    for (const auto& m : j.at("members")) {
      if (!m.is_object() || !m.contains("monster") || !m.at("monster").is_string())
        throw UserError("campaign.err.param", jobj{"param", "encounters", "expected", "[{name, members: [{monster, count}]}]"});
      const std::string who = m.at("monster").get<std::string>();
      if (std::find(names.begin(), names.end(), who) == names.end())
        throw UserError("rules.err.import_member", jobj{"encounter", e.name, "monster", who});
      const json& n = m.value("count", json(1));
      if (!n.is_number_integer() || n.get<int>() < 1 || n.get<int>() > kMaxMemberCount)
        throw UserError("rules.err.prep_too_big", jobj{"max", kMaxMemberCount});
      e.members.emplace_back(who, n.get<int>());
      total += n.get<int>();
    }
    if (e.members.empty() || e.members.size() > static_cast<size_t>(kMaxMembers))
      throw UserError("rules.err.prep_too_big", jobj{"max", kMaxMembers});
    p.encounters.push_back(std::move(e));
  }
  if (p.monsters.empty() && p.party.empty()) throw UserError("rules.err.import_empty");
  // The DM's list of monsters has room for the new names.
  const auto own = own_monsters(c);
  size_t fresh = 0;
  for (const auto& m : p.monsters)
    if (std::none_of(own.begin(), own.end(), [&](const OwnMonster& o) { return o.name == m.name; })) ++fresh;
  if (own.size() + fresh > static_cast<size_t>(kMaxOwnMonsters))
    throw UserError("rules.err.prep_too_many", jobj{"max", kMaxOwnMonsters});
  const auto prepared = prepared_encounters(c);
  size_t new_enc = 0;
  for (const auto& e : p.encounters)
    if (std::none_of(prepared.begin(), prepared.end(), [&](const PreparedEncounter& x) { return x.name == e.name; })) ++new_enc;
  if (prepared.size() + new_enc > static_cast<size_t>(kMaxPrepared))
    throw UserError("rules.err.prep_too_many", jobj{"max", kMaxPrepared});
  return p;
}

void validate_import(const Campaign& c, const json& cmd) { plan_import(c, cmd); }

json block_json(const Creature& x) {
  json j = campaign::compact_json(x);
  j.erase("id");
  return j;
}

void execute_import(Ctx& ctx, const json& cmd) {
  const Plan p = plan_import(ctx.state(), cmd);
  std::map<std::string, std::string> ids;  // monster name → its id in the DM's list
  for (const auto& m : p.monsters) {
    std::string id;
    for (const auto& o : own_monsters(ctx.state()))
      if (o.name == m.name) id = o.id;
    if (id.empty()) id = ctx.new_id("m");
    ids[m.name] = id;
    ctx.emit("own_monster_saved", jobj{"monster", jobj{"id", id, "name", m.name, "creature", block_json(m)}});
  }
  for (const auto& x : p.party) {
    Creature y = x;
    y.id = ctx.new_id("c");
    ctx.emit("creature_added", jobj{"creature", campaign::compact_json(y)});
  }
  for (const auto& e : p.encounters) {
    std::string id;
    for (const auto& x : prepared_encounters(ctx.state()))
      if (x.name == e.name) id = x.id;
    if (id.empty()) id = ctx.new_id("e");
    json members = json::array();
    for (const auto& [name, n] : e.members) members.push_back(jobj{"monster", ids.at(name), "count", n});
    ctx.emit("encounter_prepared", jobj{"encounter", jobj{"id", id, "name", e.name, "members", members}});
  }
  ctx.emit("tracker_imported", jobj{"format", p.format, "monsters", p.monsters.size(), "party", p.party.size(),
                                    "encounters", p.encounters.size()});
}

std::string render_imported(const json& d, const LogContext& lc) {
  const std::string format = d.value("format", std::string());
  return tr(lc.lang, "event.tracker_imported",
            jobj{"format", tr(lc.lang, std::string(kFormatKey) + format), "monsters", d.value("monsters", 0),
                 "party", d.value("party", 0), "encounters", d.value("encounters", 0)});
}

void install(Engine& e) {
  event(e, "tracker_imported", [](Campaign&, const json&) {}, render_imported);
  command(e, "ImportCreatures", {"format", "monsters", "party", "encounters"}, validate_import, execute_import);
}

}  // namespace

Module tracker_import() { return {kTrackerImport, true, install, {}}; }

}  // namespace druzina::rules
