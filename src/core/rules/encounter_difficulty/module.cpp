// Table rule "encounter-difficulty" (on by default): the fight's difficulty for the party and its XP award.
//
//   SetSettings / CreateCampaign {encounter_rules: "2014" | "2024"} → encounter_rules_set {old, new}: the DMG's
//     thresholds with the multiplier (2014, the default) or the 2024 rules' budget.
//   AwardXp {targets?: [ids] (default: the PCs and sidekicks of the running fight who are not dead),
//            monsters?: [ids] (default: the fight's monsters that are dead or at 0 HP), xp?: a total given by the DM
//            instead of the monsters' XP}
//     → xp_awarded {creatures, each, total, monsters, left}: the total split evenly (rounded down; `left` is what
//       the split leaves over), added to each creature's XP. Refused without anyone to award
//       (rules.err.xp_nobody) or with nothing to award (rules.err.xp_nothing).
//   EndEncounter {award_xp: true}: AwardXp with the defaults before the fight ends (nothing when there is nothing
//     to award), in the same undo step.
// Data: creature modules["encounter-difficulty"].xp (absent = 0); campaign modules["encounter-difficulty"].rules
// ("2024"; absent = "2014").
#include <algorithm>
#include <set>

#include "core/campaign/json_read.hpp"
#include "core/json_obj.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/common.hpp"
#include "core/rules/encounter_difficulty/encounter_difficulty.hpp"
#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kXp = "xp";
constexpr const char* kRules = "rules";
constexpr const char* kRulesParam = "encounter_rules";
constexpr int kMaxXp = 100'000'000;

campaign::DataField xp_field() {
  return {kXp, "int 1..100000000: XP the creature has gained", false, [](const json& v) { int_in(v, 1, kMaxXp); }};
}

campaign::DataField rules_field() {
  return {kRules, "string \"2024\": the 2024 rules' XP budget (absent: the DMG's thresholds)", false,
          [](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            if (v.get<std::string>() != "2024") campaign::jr::fail_value("not_one_of", jobj{"value", v.get<std::string>(), "allowed", "2024"});
          }};
}

const char* rules_name(EncounterRules r) { return r == EncounterRules::budget2024 ? "2024" : "2014"; }

// ---- settings --------------------------------------------------------------------------------------------
EncounterRules wanted_rules(const json& cmd) {
  const std::string v = param::str(cmd, kRulesParam);
  if (v == "2014") return EncounterRules::dmg2014;
  if (v == "2024") return EncounterRules::budget2024;
  throw UserError("campaign.err.param", jobj{"param", kRulesParam, "expected", "\"2014\" | \"2024\""});
}

void check_rules_param(Ctx&, const json& cmd) {
  if (param::find(cmd, kRulesParam)) wanted_rules(cmd);
}

void set_rules_param(Ctx& ctx, const json& cmd) {
  if (!param::find(cmd, kRulesParam)) return;
  const auto now = encounter_rules(ctx.state()), wanted = wanted_rules(cmd);
  if (now != wanted) ctx.emit("encounter_rules_set", jobj{"old", rules_name(now), "new", rules_name(wanted)});
}

void apply_rules_set(Campaign& c, const json& d) {
  const std::string now = d.at("new").get<std::string>();
  if (now != "2014" && now != "2024") throw std::out_of_range("unknown encounter rules");
  json& m = data_ref(c, kEncounterDifficulty);
  if (now == "2024")
    m[kRules] = now;
  else
    m.erase(kRules);
  if (m.empty()) c.modules.erase(kEncounterDifficulty);
}

// ---- the award ---------------------------------------------------------------------------------------------
struct Award {
  std::vector<std::string> creatures, monsters;
  int total = 0;
  bool given_total = false;
};

Award plan_award(const Campaign& c, const json& cmd) {
  const XpAward preview = xp_award_preview(c);
  Award a;
  a.creatures = param::find(cmd, "targets") ? id_list(cmd, "targets") : preview.creatures;
  a.monsters = param::find(cmd, "monsters") ? id_list(cmd, "monsters") : preview.monsters;
  std::vector<std::string> seen;
  for (const auto& id : a.creatures) {
    const Creature& x = actions::require(c, id);
    if (x.kind == "monster") throw UserError("rules.err.xp_monster", jobj{"name", x.name});
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) throw UserError("campaign.err.duplicate", jobj{"id", id});
    seen.push_back(id);
  }
  long long total = 0;
  for (const auto& id : a.monsters) total += monster_xp(actions::require(c, id));
  if (auto given = opt_int(cmd, "xp", 1, kMaxXp)) {
    total = *given;
    a.given_total = true;
  }
  if (a.creatures.empty()) throw UserError("rules.err.xp_nobody");
  if (total <= 0) throw UserError("rules.err.xp_nothing");
  a.total = static_cast<int>(std::min<long long>(total, kMaxXp));
  for (const auto& id : a.creatures)
    if (creature_xp(*campaign::find_creature(c, id)) + a.total / static_cast<int>(a.creatures.size()) > kMaxXp)
      throw UserError("rules.err.xp_too_much", jobj{"name", campaign::find_creature(c, id)->name});
  return a;
}

void validate_award(const Campaign& c, const json& cmd) { plan_award(c, cmd); }

void execute_award(Ctx& ctx, const json& cmd) {
  const Award a = plan_award(ctx.state(), cmd);
  const int n = static_cast<int>(a.creatures.size());
  json data = jobj{"creatures", a.creatures, "each", a.total / n, "total", a.total, "monsters", a.monsters,
                   "left", a.total % n};
  if (a.given_total) data["given"] = true;
  ctx.emit("xp_awarded", std::move(data));
}

void apply_award(Campaign& c, const json& d) {
  const int each = d.at("each").get<int>();
  if (each < 0 || each > kMaxXp) throw std::out_of_range("xp share");
  for (const auto& id : d.at("creatures")) {
    Creature& x = campaign::creature_ref(c, id.get<std::string>());
    const int now = creature_xp(x) + each;
    set_creature_data(x, kEncounterDifficulty, kXp, now > 0 ? json(now) : json());
  }
}

std::string render_award(const json& d, const LogContext& lc) {
  std::string names;
  for (const auto& id : d.at("creatures")) append(names, ", ", lc.name(id.get<std::string>()));
  const json args = jobj{"names", names, "each", d.at("each"), "total", d.at("total"),
                         "count", d.at("monsters").size(), "left", d.value("left", 0)};
  return tr(lc.lang, d.value("given", false) ? "event.xp_awarded.given" : "event.xp_awarded", args);
}

void award_on_end(Ctx& ctx, const json& cmd) {
  if (!param::boolean(cmd, "award_xp", false)) return;
  const XpAward a = xp_award_preview(ctx.state());
  if (!a.creatures.empty() && a.total > 0) ctx.run(jobj{"type", "AwardXp"});
}

void install(Engine& e) {
  event(e, "encounter_rules_set", apply_rules_set);
  event(e, "xp_awarded", apply_award, render_award);
  command(e, "AwardXp", {"targets", "monsters", "xp"}, validate_award, execute_award);
  for (const char* base : {"CreateCampaign", "SetSettings"}) {
    e.allow_params(base, {kRulesParam});
    e.before(base, check_rules_param);
    e.after(base, set_rules_param);
  }
  e.allow_params("EndEncounter", {"award_xp"});
  e.before("EndEncounter", award_on_end);
}

}  // namespace

EncounterRules encounter_rules(const Campaign& c) {
  const json& v = data_at(c, kEncounterDifficulty, kRules);
  return v.is_string() && v.get<std::string>() == "2024" ? EncounterRules::budget2024 : EncounterRules::dmg2014;
}

std::vector<int> encounter_party_levels(const Campaign& c) {
  std::vector<int> out;
  for (const auto& id : campaign::living_party(c)) out.push_back(std::clamp(campaign::find_creature(c, id)->level, 1, 20));
  return out;
}

int monster_xp(const Creature& x) {
  if (auto cr = challenge_rating_of(x))
    if (auto row = cr_row(*cr)) return row->xp;
  if (const Monster* m = srd_monster_of(x)) return m->xp;
  return 0;
}

int creature_xp(const Creature& x) {
  const json& v = creature_data(x, kEncounterDifficulty, kXp);
  return v.is_number_integer() ? v.get<int>() : 0;
}

EncounterDifficulty difficulty_for(const Campaign& c, const std::vector<int>& xp) {
  return calc::encounter_difficulty(encounter_party_levels(c), xp, encounter_rules(c));
}

XpAward xp_award_preview(const Campaign& c) {
  XpAward a;
  if (!c.encounter) return a;
  std::set<std::string> fighting;
  for (const auto& entry : c.encounter->order)
    if (!entry.lair) fighting.insert(entry.creature);
  for (const auto& y : c.creatures) {  // in the campaign's order (the party's as listed), not the initiative's
    const Creature* x = &y;
    if (!fighting.count(x->id)) continue;
    if (x->kind == "monster") {
      if (x->death_saves.dead || x->hp == 0) {
        a.monsters.push_back(x->id);
        a.total += monster_xp(*x);
      }
    } else if (campaign::in_party(*x) && !x->death_saves.dead) {
      a.creatures.push_back(x->id);
    }
  }
  if (!a.creatures.empty()) a.each = a.total / static_cast<int>(a.creatures.size());
  return a;
}

std::vector<int> monsters_xp(const Campaign& c, const std::vector<std::string>& ids) {
  std::vector<int> out;
  for (const auto& id : ids)
    if (const Creature* x = campaign::find_creature(c, id); x && x->kind == "monster") out.push_back(monster_xp(*x));
  return out;
}

std::vector<int> prepared_encounter_xp(const Campaign& c, const PreparedEncounter& e) {
  std::vector<int> out;
  const auto own = own_monsters(c);
  for (const auto& m : e.members) {
    int xp = 0;
    if (!m.srd.empty()) {
      if (const Monster* s = find_srd_monster(m.srd)) xp = s->xp;
    } else {
      for (const auto& o : own)
        if (o.id == m.monster) xp = monster_xp(o.creature);
    }
    for (int k = 0; k < m.count; ++k) out.push_back(xp);
  }
  return out;
}

Module encounter_difficulty() {
  return {kEncounterDifficulty, true, install,
          {.own_calculators = {encounter_calculator()},
           .creature_data = {xp_field()},
           .campaign_data = {rules_field()}}};
}

}  // namespace druzina::rules
