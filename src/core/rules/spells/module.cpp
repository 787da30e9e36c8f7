// The SRD spells and casting them (spells.hpp).
//
//   CastSpell {caster, spell: id or name, level?: 0..9 (the slot level; default the spell's own), targets?: [ids],
//              ritual?: bool, total?: 0..10000 (the damage or healing as rolled at the table)}
//     → spell_cast {creature, spell (id), level, slot?: "slot" | "pact" (what it spent; absent for a cantrip or a
//       ritual), ritual?, dice?, total?, text? (the roll), rolled?: false (the total was rolled at the table; the
//       log says so), damage_type?, heal?, save?, dc?, attack?, targets?}
//       — its apply spends the slot (the spell-slots rule's data), so one event is the whole cast; then, with
//       targets: a healing spell heals each living target by the total (Heal's consequences); a damaging spell
//       with a save runs GroupDamage {targets, amount: total, damage_type, save, dc: the caster's, on_save: half |
//       none} (each target's save asked as a prompt, half or nothing on a success); a damaging spell without a
//       save (an attack roll the table made, or Magic Missile) damages each target; a spell with a save and no
//       damage asks each target's save: prompt "spells.save" {dice: d20 + its save bonus, dc, ability, modifier,
//       spell and save_text ({cs, uk, en}: the log and the card read them in the reader's language)}. A spell that needs concentration then runs
//       StartConcentration (the concentration rule ends the one she held).
//   A spell that makes spell attacks (its "attack": Fire Bolt, Guiding Bolt, Scorching Ray, Eldritch Blast …) cast
//   at targets: CastSpell {…, advantage?, disadvantage?, attack_rolls?: the d20s as rolled at the table (one per
//   attack, two with advantage or disadvantage, in order)} makes spell_attack_count attacks (Scorching Ray at 3rd:
//   4 rays), dealt to the targets in turn (targets may repeat a creature; more targets than attacks is refused:
//   rules.err.spell_attack_targets; wrong d20 count: rules.err.spell_attack_rolls). Each is the attack rule's
//   AttackRoll {attacker: caster, target, bonus: her spell attack bonus} (attack_rolled; with that rule off the same
//   roll, rules::attack_roll, emitted as its event), and on a hit spell_attack_hit {creature, spell, target, dice
//   (doubled on a critical hit), text, total, critical?, damage_type?, rolled?: false} then the damage through
//   the base's damage path (resistances, concentration, massive damage). spell_cast then carries no dice or total.
//   The damage typed at the table: {totals: [one per hit, in the order of the hits]}, each within what its dice can
//   make (spell_total_range; a critical hit's doubled dice), else rules.err.spell_total_range; fewer or more than the
//   hits: rules.err.spell_totals_count (more only when a target an earlier hit killed took no attack); {totals} with
//   {total}, or for a spell without attacks (Fireball: one total for all its targets): rules.err.spell_totals_one.
//   {total} alone is every hit's damage (0..10000, as before: old commands replay unchanged). A hit target of a
//   spell with a save and no damage (Plane Shift) is asked its save; a missed one is not — unless the spell's save
//   comes at the end of each of the target's turns ("repeat": Contagion, Ray of Enfeeblement): then no prompt,
//   spell_hit_lingers {creature, spell, target, effect (its "hit": disease, weakened), save, dc, repeat} logs what
//   the hit does and that the save repeats (the table asks it then: no rule offers an end-of-turn save hook).
//   Contagion's disease: {disease: one of the diseases rule's contagion diseases} (else rules.err.spell_disease);
//   with that rule on, each hit target not already sick with it then runs ExposeToDisease {target, disease, dc: her
//   DC, source: the spell's name} — poisoned, and its saves at the end of its turns kept there (RecordDiseaseSave).
//   A spell whose caster regains part of the damage it deals ("drain": "half", Vampiric Touch): after each target's
//   damage, spell_drain {creature, spell, target, damage (as dealt, after its resistance), amount} and she heals by
//   half (rounded down; nothing when it is 0 or she is dead).
//   PrepareSpell {target, spell: id or name, prepared?: bool (true; false takes it off), over_limit?: bool}
//     → spell_prepared {creature, spell (id), prepared}: the caster's own short list (her prepared or
//     known spells), which Cast starts from. Refusals: rules.err.spell_already_on_list, rules.err.spell_not_on_list,
//     rules.err.spell_list_full (60), and beyond what her class prepares or knows (spell_list_count):
//     rules.err.spells_prepared_full / rules.err.spells_known_full / rules.err.cantrips_known_full — unless
//     over_limit (the DM allows more: the sheet offers "Prepare anyway" after the refusal).
// Data: Creature::modules["spells"] = {"prepared"?: [ids] (her list, in the order added), "recent"?: [ids] (the
// last 4 spells she cast, newest first: spell_cast's apply keeps it)}; both hers (player_owned), absent = none.
//   Refusals of CastSpell: rules.err.spell_unknown, rules.err.spell_level_too_low (below the spell's level, or a cantrip with a
//   slot), rules.err.spell_not_ritual, and the spell-slots rule's rules.err.spell_level_unavailable (she has no
//   slot of that level) and rules.err.spell_no_slot_left.
//
// Index:
//   [SECTION] the spell data
//   [SECTION] parameters
//   [SECTION] her list
//   [SECTION] events
//   [SECTION] commands
//   [SECTION] the list, search and texts
#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>

#include "core/assets.hpp"
#include "core/calc/params.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/spells/spells.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {
// [SECTION] the spell data --------------------------------------------------------------------------------------------

constexpr const char* kSchools[] = {"abjuration", "conjuration", "divination", "enchantment",
                                    "evocation",  "illusion",    "necromancy", "transmutation"};
constexpr const char* kSavePrompt = "spells.save";
constexpr const char* kSaveLabel = "rules.group.save.";  // + the ability: its save's name
// Prefixes of the keys built at run time: + the school, the unit, the range or duration code, the level.
constexpr const char* kSchoolKey = "spells.school.";
constexpr const char* kTimeKey = "spells.time.";
constexpr const char* kRangeKey = "spells.range.";
constexpr const char* kDurationKey = "spells.duration.";
constexpr const char* kHitEffectKey = "spells.hit_effect.";  // + the data's "hit": what a hit does
constexpr size_t kMaxTargets = 50;
constexpr const char* kPrepared = "prepared";
constexpr const char* kRecent = "recent";
constexpr size_t kMaxPrepared = 60;
constexpr size_t kMaxRecent = 4;

std::map<int, std::string> dice_map(const json& j, const char* key) {
  std::map<int, std::string> out;
  if (j.contains(key))
    for (auto it = j.at(key).begin(); it != j.at(key).end(); ++it) out[std::stoi(it.key())] = it.value().get<std::string>();
  return out;
}

Spell read_spell(const json& j) {
  Spell s;
  s.id = j.at("id").get<std::string>();
  for (auto it = j.at("name").begin(); it != j.at("name").end(); ++it) s.name[it.key()] = it.value().get<std::string>();
  s.level = j.at("lv").get<int>();
  s.school = kSchools[std::clamp(j.at("sch").get<int>(), 0, 7)];
  s.casting_time = j.at("ct").get<std::string>();
  s.range = j.at("rg").is_number() ? std::to_string(j.at("rg").get<int>()) : j.at("rg").get<std::string>();
  s.components = j.at("cmp").get<std::string>();
  s.duration = j.at("dur").get<std::string>();
  s.ritual = j.value("rit", 0) != 0;
  s.concentration = j.value("conc", 0) != 0;
  s.classes = j.at("cls").get<std::vector<std::string>>();
  s.save = j.value("save", "");
  s.on_save = j.value("on_save", "");
  s.attack = j.value("atk", "");
  s.damage_type = j.value("dmg", "");
  s.slot_dice = dice_map(j, "slot");
  s.char_dice = dice_map(j, "char");
  s.heal_dice = dice_map(j, "heal");
  s.drain = j.value("drain", "");
  s.hit_effect = j.value("hit", "");
  s.repeat = j.value("repeat", "");
  for (const auto& [key, into] : {std::pair<const char*, std::map<int, int>*>{"rays", &s.slot_rays}, {"beams", &s.char_beams}})
    if (j.contains(key))
      for (auto it = j.at(key).begin(); it != j.at(key).end(); ++it) (*into)[std::stoi(it.key())] = it.value().get<int>();
  return s;
}


Lang campaign_lang(const Campaign& c) { return parse_lang(c.settings.language).value_or(Lang::en); }

// [SECTION] parameters ------------------------------------------------------------------------------------------------
const Spell& spell_param(const json& cmd) {
  const std::string name = param::str(cmd, "spell");
  if (name.size() > 100) throw UserError("state.err.too_long", jobj{"path", "spell", "max", 100});
  const Spell* s = find_spell(name);
  if (!s) throw UserError("rules.err.spell_unknown", jobj{"value", name});
  return *s;
}

std::vector<std::string> targets_param(const Campaign& c, const json& cmd, bool repeats = false) {
  const json* v = param::find(cmd, "targets");
  if (v && (!v->is_array() || v->size() > kMaxTargets))
    throw UserError("campaign.err.param", jobj{"param", "targets", "expected", "list"});
  // a spell's rays or beams may take one creature several times: its name repeated
  std::vector<std::string> out;
  if (!repeats) out = id_list(cmd, "targets");
  else if (v)
    for (const auto& x : *v) {
      if (!x.is_string() || x.get<std::string>().empty())
        throw UserError("campaign.err.param", jobj{"param", "targets", "expected", "list of ids"});
      out.push_back(x.get<std::string>());
    }
  for (size_t i = 0; i < out.size(); ++i) {
    actions::require(c, out[i]);
    if (!repeats && std::find(out.begin(), out.begin() + static_cast<long>(i), out[i]) != out.begin() + static_cast<long>(i))
      throw UserError("campaign.err.duplicate", jobj{"id", out[i]});
  }
  return out;
}

struct Plan {
  const Spell* spell = nullptr;
  int level = 0;
  std::string slot;  // "slot", "pact", "" (cantrip, ritual)
  bool ritual = false;
  std::vector<std::string> targets;
  int attacks = 0;                  // spell attacks it makes (0: none, or no targets)
  bool advantage = false, disadvantage = false;
  std::vector<int> attack_rolls;    // the table's d20s, empty: the app rolls
  std::vector<int> totals;          // the table's damage, one per hit, empty: one total or the app rolls
  std::string disease;              // a hit's disease of the caster's choice (the diseases rule's contagion ones)
};

Plan plan_of(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require_living(c, param::str(cmd, "caster"));
  Plan p;
  p.spell = &spell_param(cmd);
  p.level = static_cast<int>(param::integer(cmd, "level", 0, 9, p.spell->level));
  p.ritual = param::boolean(cmd, "ritual", false);
  if (p.level < p.spell->level || (p.spell->level == 0 && p.level > 0))
    throw UserError("rules.err.spell_level_too_low", jobj{"spell", p.spell->name_in(campaign_lang(c)), "level", p.spell->level});
  if (p.ritual) {
    if (!p.spell->ritual) throw UserError("rules.err.spell_not_ritual", jobj{"spell", p.spell->name_in(campaign_lang(c))});
    p.level = p.spell->level;
  } else if (p.level > 0) {
    p.slot = slot_for(c, x, p.level);
  }
  const int attacks = spell_attack_count(*p.spell, std::max(p.level, 1), std::max(1, x.level));
  p.targets = targets_param(c, cmd, attacks > 0);
  if (param::find(cmd, "total")) param::integer(cmd, "total", 0, 10000);
  p.totals = int_list(cmd, "totals", 0, 10000);
  p.advantage = param::boolean(cmd, "advantage", false);
  p.disadvantage = param::boolean(cmd, "disadvantage", false);
  p.attack_rolls = int_list(cmd, "attack_rolls", 1, 20);
  if (attacks > 0 && !p.targets.empty()) {
    p.attacks = attacks;
    if (p.targets.size() > static_cast<size_t>(attacks))
      throw UserError("rules.err.spell_attack_targets", jobj{"spell", p.spell->name_in(campaign_lang(c)), "n", attacks});
    const int per = p.advantage != p.disadvantage ? 2 : 1;
    if (!p.attack_rolls.empty() && p.attack_rolls.size() != static_cast<size_t>(attacks * per))
      throw UserError("rules.err.spell_attack_rolls", jobj{"n", attacks * per});
    if (p.totals.size() > static_cast<size_t>(attacks))
      throw UserError("rules.err.spell_totals_count", jobj{"n", attacks, "given", p.totals.size()});
  } else if (!p.attack_rolls.empty()) {
    throw UserError("rules.err.spell_no_attack", jobj{"spell", p.spell->name_in(campaign_lang(c))});
  }
  // one total per hit is for separate attack rolls; an area or a save deals one total to all its targets
  if (!p.totals.empty() && p.attacks == 0)
    throw UserError("rules.err.spell_totals_one", jobj{"spell", p.spell->name_in(campaign_lang(c))});
  if (!p.totals.empty() && param::find(cmd, "total"))
    throw UserError("rules.err.spell_totals_one", jobj{"spell", p.spell->name_in(campaign_lang(c))});
  p.disease = param::str(cmd, "disease", "");
  if (!p.disease.empty()) {
    const Disease* dz = find_disease(p.disease);
    if (p.spell->hit_effect != "disease" || !dz || dz->kind != "contagion")
      throw UserError("rules.err.spell_disease", jobj{"spell", p.spell->name_in(campaign_lang(c)), "value", p.disease});
  }
  return p;
}

int casting_modifier(const Campaign& c, const Creature& x) {
  const SlotsView v = slots_view(c, x);
  return v.ability.empty() ? 0 : campaign::modifier(x, v.ability);
}

// [SECTION] her list --------------------------------------------------------------------------------------------------
std::vector<std::string> id_field(const Creature& x, const char* key) {
  const json& v = creature_data(x, kSpells, key);
  return v.is_array() ? v.get<std::vector<std::string>>() : std::vector<std::string>{};
}

void set_ids(Creature& x, const char* key, const std::vector<std::string>& ids) {
  set_creature_data(x, kSpells, key, ids.empty() ? json() : json(ids));
}

campaign::DataField ids_field(const char* key, size_t max, const char* type) {
  return {key, type, false,
          [max](const json& v) {
            if (!v.is_array()) jr::fail_type("array");
            if (v.empty() || v.size() > max) jr::fail_value("out_of_range", jobj{"min", 1, "max", max});
            for (const auto& id : v) {
              if (!id.is_string()) jr::fail_type("string");
              if (!find_spell(id.get<std::string>())) jr::fail_value("bad_value", jobj{"value", id.dump()});
            }
          },
          /*player_owned*/ true};
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_spell_cast(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  // the spell goes to the front of her recent ones
  std::vector<std::string> recent = id_field(x, kRecent);
  const std::string id = d.at("spell").get<std::string>();
  recent.erase(std::remove(recent.begin(), recent.end(), id), recent.end());
  recent.insert(recent.begin(), id);
  if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
  if (find_spell(id)) set_ids(x, kRecent, recent);
  const std::string slot = d.value("slot", "");
  if (slot.empty()) return;
  spend_slot(x, d.at("level").get<int>(), slot == "pact");
}

void apply_spell_prepared(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  std::vector<std::string> list = id_field(x, kPrepared);
  const std::string id = d.at("spell").get<std::string>();
  list.erase(std::remove(list.begin(), list.end(), id), list.end());
  if (d.at("prepared").get<bool>()) list.push_back(id);
  set_ids(x, kPrepared, list);
}

std::string render_spell_prepared(const json& d, const LogContext& lc) {
  const Spell* s = find_spell(d.value("spell", ""));
  return tr(lc.lang, d.value("prepared", true) ? "event.spell_prepared" : "event.spell_prepared.removed",
            jobj{"name", name_of(lc, d), "spell", s ? s->name_in(lc.lang) : d.value("spell", "")});
}

void apply_spell_attack_hit(Campaign&, const json&) {}  // the record of the hit; the damage is the base's events

std::string render_spell_attack_hit(const json& d, const LogContext& lc) {
  const Spell* s = find_spell(d.value("spell", ""));
  const std::string type = d.value("damage_type", "");
  json args = jobj{"name", name_of(lc, d), "spell", s ? s->name_in(lc.lang) : d.value("spell", ""),
                   "target", name_of(lc, d, "target"), "total", d.value("total", 0),
                   "text", d.value("text", std::to_string(d.value("total", 0))),
                   "type", type.empty() ? std::string() : " (" + label(lc.lang, "campaign.damage." + type, type) + ")"};
  std::string key = d.value("critical", false) ? "event.spell_attack_hit.critical" : "event.spell_attack_hit";
  if (!d.value("rolled", true)) key += ".table";
  return tr(lc.lang, key, args);
}

void apply_spell_note(Campaign&, const json&) {}  // a record for the log: the heal or the effect is elsewhere / the table's

// spell_drain {creature, spell, target, damage (dealt, after its resistance), amount (regained)}
std::string render_spell_drain(const json& d, const LogContext& lc) {
  const Spell* s = find_spell(d.value("spell", ""));
  return tr(lc.lang, "event.spell_drain",
            jobj{"name", name_of(lc, d), "spell", s ? s->name_in(lc.lang) : d.value("spell", ""), "target",
                 name_of(lc, d, "target"), "damage", d.value("damage", 0), "amount", d.value("amount", 0)});
}

// spell_hit_lingers {creature, spell, target, effect, save, dc, repeat}
std::string render_spell_hit_lingers(const json& d, const LogContext& lc) {
  const Spell* s = find_spell(d.value("spell", ""));
  const std::string save = d.value("save", "");
  return tr(lc.lang, d.value("repeat", "") == "three" ? "event.spell_hit_lingers.three" : "event.spell_hit_lingers",
            jobj{"name", name_of(lc, d), "spell", s ? s->name_in(lc.lang) : d.value("spell", ""), "target",
                 name_of(lc, d, "target"), "effect", tr(lc.lang, kHitEffectKey + d.value("effect", std::string("other"))),
                 "save", label(lc.lang, kSaveLabel + save, save), "dc", d.value("dc", 0)});
}

std::string render_spell_cast(const json& d, const LogContext& lc) {
  const Spell* s = find_spell(d.value("spell", ""));
  json args = jobj{"name", name_of(lc, d), "spell", s ? s->name_in(lc.lang) : d.value("spell", ""),
                   "level", spell_level_text(d.value("level", 0), lc.lang)};
  std::string extra;
  if (d.contains("total")) {
    json r = jobj{"total", d.value("total", 0), "text", d.value("text", std::to_string(d.value("total", 0)))};
    // the total the caster rolled at the table says so (rolled: false); the app's roll shows its dice
    const std::string table = d.value("rolled", true) ? "" : "_table";
    if (d.value("heal", false)) {
      extra += tr(lc.lang, "spells.log.heal" + table, r);
    } else {
      const std::string type = d.value("damage_type", "");
      r["type"] = type.empty() ? std::string() : label(lc.lang, "campaign.damage." + type, type);
      extra += tr(lc.lang, (type.empty() ? "spells.log.damage_untyped" : "spells.log.damage") + table, r);
    }
  }
  if (d.contains("dc"))
    extra += tr(lc.lang, "spells.log.save",
                jobj{"save", label(lc.lang, "rules.group.save." + d.value("save", ""), d.value("save", "")), "dc", d.value("dc", 0)});
  if (d.contains("attack")) extra += tr(lc.lang, "spells.log.attack", jobj{"attack", signed_text(d.value("attack", 0))});
  args["extra"] = extra;
  const std::string slot = d.value("slot", "");
  const char* key = d.value("ritual", false) ? "event.spell_cast.ritual"
                    : slot == "pact"         ? "event.spell_cast.pact"
                    : slot == "slot"         ? "event.spell_cast"
                                             : "event.spell_cast.cantrip";
  return tr(lc.lang, key, args);
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
// Each living target's save against the spell, as a prompt.
void ask_saves(Ctx& ctx, const Spell& s, int dc, const std::vector<std::string>& targets) {
  json names = json::object(), save_text = json::object();
  for (Lang l : {Lang::cs, Lang::uk, Lang::en}) {
    names[std::string(lang_code(l))] = s.name_in(l);
    save_text[std::string(lang_code(l))] = label(l, kSaveLabel + s.save, s.save);
  }
  for (const auto& t : targets) {
    const Creature* y = campaign::find_creature(ctx.state(), t);
    if (!y || y->death_saves.dead) continue;
    const int mod = save_bonus(ctx.state(), *y, s.save);
    actions::create_prompt(ctx, kSavePrompt, t,
                           jobj{"dice", d20_plus(mod), "dc", dc, "ability", s.save, "modifier", mod, "spell", names,
                                "save_text", save_text});
  }
}

void start_concentration(Ctx& ctx, const Spell& s, const std::string& caster) {
  if (!s.concentration || !ctx.module_enabled("concentration")) return;
  const Creature* now = campaign::find_creature(ctx.state(), caster);
  if (now && !now->death_saves.dead)
    ctx.run(jobj{"type", "StartConcentration", "target", caster, "spell", s.name_in(campaign_lang(ctx.state()))});
}

// The spell's damage to one target through the base's damage path; a spell whose caster regains part of the damage
// dealt (drain: half of it, after the target's resistance, vulnerability or immunity) heals her by that.
void deal(Ctx& ctx, const Spell& s, const std::string& caster, const std::string& target, int total, bool critical) {
  const Creature* y = campaign::find_creature(ctx.state(), target);
  if (!y) return;
  const int dealt = actions::adjust_damage(*y, s.damage_type, total).applied;
  actions::DamageOptions o;
  o.damage_type = s.damage_type;
  if (critical) o.critical = true;
  actions::damage(ctx, target, total, o);
  if (s.drain != "half") return;
  const int back = dealt / 2;
  const Creature* me = campaign::find_creature(ctx.state(), caster);
  if (back <= 0 || !me || me->death_saves.dead) return;
  ctx.emit("spell_drain", jobj{"creature", caster, "spell", s.id, "target", target, "damage", dealt, "amount", back});
  actions::heal(ctx, caster, back);
}

// The spell's attacks, each the attack rule's roll against its target's AC, the damage on a hit (its dice doubled on
// a critical one) through the base's damage path. Returns the targets hit (each once).
std::vector<std::string> spell_attack_targets(Ctx& ctx, const json& cmd, const Plan& p, const std::string& caster,
                                              int bonus, const std::string& dice) {
  const Spell& s = *p.spell;
  const int per = p.advantage != p.disadvantage ? 2 : 1;
  std::vector<std::string> hit;
  size_t used = 0;     // the table's totals taken, one per hit
  int hits = 0;        // the hits with damage dice
  bool skipped = false;
  for (int i = 0; i < p.attacks; ++i) {
    const std::string& t = p.targets[static_cast<size_t>(i) % p.targets.size()];
    const Creature* y = campaign::find_creature(ctx.state(), t);
    const Creature* me = campaign::find_creature(ctx.state(), caster);
    if (!y || y->death_saves.dead || !me || me->death_saves.dead) {  // an earlier ray killed it
      skipped = true;
      continue;
    }
    json a = jobj{"type", "AttackRoll", "attacker", caster, "target", t, "bonus", bonus};
    if (p.advantage) a["advantage"] = true;
    if (p.disadvantage) a["disadvantage"] = true;
    if (!p.attack_rolls.empty()) {
      json rolls = json::array();
      for (int k = 0; k < per; ++k) rolls.push_back(p.attack_rolls[static_cast<size_t>(i * per + k)]);
      a["rolls"] = rolls;
    }
    AttackResult r;
    if (ctx.module_enabled(kAttackRoll)) {
      ctx.run(a);
      r = attack_result(ctx.events()).value();
    } else {  // the rule's roll all the same, recorded as its event
      const json out = attack_roll(ctx.state(), a, ctx.rng());
      ctx.emit("attack_rolled", out);
      r = attack_result(out);
    }
    if (!r.hit) continue;
    if (std::find(hit.begin(), hit.end(), t) == hit.end()) hit.push_back(t);
    if (dice.empty()) continue;
    json h = jobj{"creature", caster, "spell", s.id, "target", t};
    const std::string rolled_dice = r.critical ? critical_dice(dice) : dice;
    int total = 0;
    ++hits;
    if (!p.totals.empty()) {
      if (used >= p.totals.size()) continue;  // too few: refused below, once all the hits are counted
      total = p.totals[used++];
      const auto [lo, hi] = spell_total_range(rolled_dice);
      if (total < lo || total > hi)
        throw UserError("rules.err.spell_total_range",
                        jobj{"n", hits, "target", campaign::find_creature(ctx.state(), t)->name, "total", total, "dice", rolled_dice, "min", lo, "max", hi});
      h["text"] = std::to_string(total);
      h["rolled"] = false;
    } else if (param::find(cmd, "total")) {
      total = static_cast<int>(param::integer(cmd, "total", 0, 10000));
      h["text"] = std::to_string(total);
      h["rolled"] = false;
    } else {
      dice::Roll roll = dice::roll(rolled_dice, ctx.rng());
      total = std::max(0, static_cast<int>(std::floor(roll.total)));
      h["text"] = roll.text;
    }
    h["dice"] = rolled_dice;
    h["total"] = total;
    if (r.critical) h["critical"] = true;
    if (!s.damage_type.empty()) h["damage_type"] = s.damage_type;
    ctx.emit("spell_attack_hit", h);
    deal(ctx, s, caster, t, total, r.critical);
  }
  // one total per hit: as many as the hits (more only when a target an earlier hit killed took no attack)
  if (!p.totals.empty() && (static_cast<size_t>(hits) > p.totals.size() || (used < p.totals.size() && !skipped)))
    throw UserError("rules.err.spell_totals_count", jobj{"n", hits, "given", p.totals.size()});
  return hit;
}

void execute_cast(Ctx& ctx, const json& cmd) {
  const Plan p = plan_of(ctx.state(), cmd);
  const Spell& s = *p.spell;
  const Creature& x = actions::require_living(ctx.state(), param::str(cmd, "caster"));
  const std::string caster = x.id;
  const SlotsView v = slots_view(ctx.state(), x);
  json d = jobj{"creature", caster, "spell", s.id, "level", p.level};
  if (!p.slot.empty()) d["slot"] = p.slot;
  if (p.ritual) d["ritual"] = true;
  const std::string dice = spell_dice(s, std::max(p.level, 1), std::max(1, x.level), casting_modifier(ctx.state(), x));
  int total = -1;
  if (!dice.empty() && p.attacks == 0) {
    if (param::find(cmd, "total")) {
      total = static_cast<int>(param::integer(cmd, "total", 0, 10000));
      d["text"] = std::to_string(total);
      d["rolled"] = false;  // the table's dice, as elsewhere (a save's or a table's roll entered)
    } else {
      dice::Roll r = dice::roll(dice, ctx.rng());
      total = std::max(0, static_cast<int>(std::floor(r.total)));
      d["text"] = r.text;
    }
    d["dice"] = dice;
    d["total"] = total;
    if (s.heals()) d["heal"] = true;
    else if (!s.damage_type.empty()) d["damage_type"] = s.damage_type;
  }
  if (!s.save.empty() && v.dc > 0) {
    d["save"] = s.save;
    d["dc"] = v.dc;
  }
  if (!s.attack.empty() && !v.ability.empty()) d["attack"] = v.attack;
  if (!p.targets.empty()) d["targets"] = p.targets;
  ctx.emit("spell_cast", d);

  const bool has_dc = d.contains("dc");
  if (p.attacks > 0) {
    const std::vector<std::string> hit = spell_attack_targets(ctx, cmd, p, caster, v.attack, dice);
    if (dice.empty() && has_dc && !s.repeat.empty()) {
      // the target saves at the end of each of its turns, not now: the log says what the hit does and that
      for (const auto& t : hit) {
        ctx.emit("spell_hit_lingers", jobj{"creature", caster, "spell", s.id, "target", t, "effect",
                                           s.hit_effect.empty() ? "other" : s.hit_effect, "save", s.save, "dc", v.dc,
                                           "repeat", s.repeat});
        // the disease chosen, with the diseases rule on: it keeps the saves at the end of the target's turns
        // (RecordDiseaseSave on its sheet); one it has already is left as it is
        const Creature* y = campaign::find_creature(ctx.state(), t);
        if (p.disease.empty() || !ctx.module_enabled(kDiseases) || !y || y->death_saves.dead) continue;
        const auto has = infections_of(*y);
        if (std::any_of(has.begin(), has.end(), [&](const Infection& i) { return i.disease == p.disease; })) continue;
        ctx.run(jobj{"type", "ExposeToDisease", "target", t, "disease", p.disease, "dc", v.dc, "source",
                     s.name_in(campaign_lang(ctx.state()))});
      }
    } else if (dice.empty() && has_dc) {
      ask_saves(ctx, s, v.dc, hit);
    }
    start_concentration(ctx, s, caster);
    return;
  }
  if (!p.targets.empty() && total >= 0 && s.heals()) {
    for (const auto& t : p.targets)
      if (const Creature* y = campaign::find_creature(ctx.state(), t); y && !y->death_saves.dead) actions::heal(ctx, t, total);
  } else if (!p.targets.empty() && total >= 0 && has_dc && ctx.module_enabled("group-actions")) {
    json g = jobj{"type", "GroupDamage", "targets", p.targets, "amount", total, "save", s.save, "dc", v.dc, "on_save",
                  s.on_save == "half" ? "half" : "none"};
    if (!s.damage_type.empty()) g["damage_type"] = s.damage_type;
    ctx.run(g);
  } else if (!p.targets.empty() && total >= 0 && !has_dc) {
    for (const auto& t : p.targets) {
      const Creature* y = campaign::find_creature(ctx.state(), t);
      if (!y || y->death_saves.dead) continue;
      deal(ctx, s, caster, t, total, false);
    }
  } else if (!p.targets.empty() && has_dc) {
    ask_saves(ctx, s, v.dc, p.targets);
  }
  start_concentration(ctx, s, caster);
}

void validate_prepare(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const Spell& s = spell_param(cmd);
  const bool on = param::boolean(cmd, "prepared", true);
  const auto list = id_field(x, kPrepared);
  const bool there = std::find(list.begin(), list.end(), s.id) != list.end();
  const json args = jobj{"name", x.name, "spell", s.name_in(campaign_lang(c)), "max", kMaxPrepared};
  if (on && there) throw UserError("rules.err.spell_already_on_list", args);
  if (!on && !there) throw UserError("rules.err.spell_not_on_list", args);
  if (on && list.size() >= kMaxPrepared) throw UserError("rules.err.spell_list_full", args);
  if (!on || param::boolean(cmd, "over_limit", false)) return;
  const SpellListCount n = spell_list_count(c, x);
  if (s.level == 0 && n.cantrips_max > 0 && n.cantrips >= n.cantrips_max)
    throw UserError("rules.err.cantrips_known_full", jobj{"name", x.name, "spell", s.name_in(campaign_lang(c)), "max", n.cantrips_max});
  if (s.level > 0 && n.spells_max > 0 && n.spells >= n.spells_max)
    throw UserError(n.prepares ? "rules.err.spells_prepared_full" : "rules.err.spells_known_full",
                    jobj{"name", x.name, "spell", s.name_in(campaign_lang(c)), "max", n.spells_max});
}

void execute_prepare(Ctx& ctx, const json& cmd) {
  ctx.emit("spell_prepared", jobj{"creature", param::str(cmd, "target"), "spell", spell_param(cmd).id, "prepared",
                                  param::boolean(cmd, "prepared", true)});
}

void install(Engine& e) {
  event(e, "spell_cast", apply_spell_cast, render_spell_cast);
  event(e, "spell_prepared", apply_spell_prepared, render_spell_prepared);
  event(e, "spell_attack_hit", apply_spell_attack_hit, render_spell_attack_hit);
  event(e, "spell_drain", apply_spell_note, render_spell_drain);
  event(e, "spell_hit_lingers", apply_spell_note, render_spell_hit_lingers);
  command(e, "PrepareSpell", {"target", "spell", "prepared", "over_limit"}, validate_prepare, execute_prepare);
  command(e, "CastSpell", {"caster", "spell", "level", "targets", "ritual", "total", "totals", "advantage", "disadvantage", "attack_rolls", "disease"},
          [](const Campaign& c, const json& cmd) { plan_of(c, cmd); }, execute_cast);
  e.on_prompt(kSavePrompt, [](Ctx&, const Prompt&, const json&) {});  // the log line is the answer: the spell's effect is the table's
}

std::string ordinal_key(int level) { return "spells.level." + std::to_string(level); }

}  // namespace

// [SECTION] the list, search and texts --------------------------------------------------------------------------------
std::vector<std::string> prepared_spells(const Creature& x) { return id_field(x, kPrepared); }
std::vector<std::string> recent_spells(const Creature& x) { return id_field(x, kRecent); }

const std::string& Spell::name_in(Lang lang) const {
  auto it = name.find(std::string(lang_code(lang)));
  if (it != name.end() && !it->second.empty()) return it->second;
  return name.at("en");
}

const std::vector<Spell>& spell_list() {
  static const std::vector<Spell> list = [] {
    std::vector<Spell> out;
    for (const auto& j : assets::json("data/spells.json")) out.push_back(read_spell(j));
    return out;
  }();
  return list;
}

const Spell* find_spell(std::string_view id_or_name) {
  for (const auto& s : spell_list())
    if (s.id == id_or_name) return &s;
  const std::string q = fold_for_search(id_or_name);
  if (q.empty()) return nullptr;
  for (const auto& s : spell_list())
    for (const auto& [lang, name] : s.name)
      if (fold_for_search(name) == q) return &s;
  return nullptr;
}

std::vector<const Spell*> search_spells(std::string_view query, Lang lang, const SpellFilter& f) {
  const std::vector<std::string> words = search_words(query);
  std::string joined;
  for (const auto& w : words) append(joined, " ", w);
  std::vector<std::pair<int, const Spell*>> hits;
  for (const auto& s : spell_list()) {
    if (f.level && s.level != *f.level) continue;
    if (!f.cls.empty() && std::find(s.classes.begin(), s.classes.end(), f.cls) == s.classes.end()) continue;
    if (!f.school.empty() && s.school != f.school) continue;
    if (f.concentration && s.concentration != *f.concentration) continue;
    if (f.ritual && s.ritual != *f.ritual) continue;
    const std::string own = fold_for_search(s.name_in(lang));
    const std::string hay = own + " | " + fold_for_search(s.name_in(Lang::en)) + " | " + s.id;
    if (!std::all_of(words.begin(), words.end(), [&](const std::string& w) { return hay.find(w) != std::string::npos; }))
      continue;
    const int rank = joined.empty() ? 2 : own == joined ? 0 : own.rfind(joined, 0) == 0 ? 1 : 2;
    hits.push_back({rank, &s});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const Spell*> out;
  for (const auto& h : hits) out.push_back(h.second);
  return out;
}

std::string spell_dice(const Spell& s, int slot_level, int char_level, int mod) {
  std::string dice;
  const auto& table = s.heals() ? s.heal_dice : s.slot_dice;
  if (!table.empty()) {
    auto it = table.find(slot_level);
    if (it == table.end()) return {};
    dice = it->second;
  } else if (!s.char_dice.empty()) {
    for (const auto& [lv, d] : s.char_dice)
      if (lv <= char_level) dice = d;
  }
  const auto at = dice.find("MOD");
  if (at != std::string::npos) {
    std::string m = std::to_string(std::abs(mod));
    // "1d8+MOD": the sign of the modifier replaces the plus
    if (at > 0 && dice[at - 1] == '+') {
      if (mod == 0) dice.erase(at - 1, 4);
      else dice.replace(at - 1, 4, (mod < 0 ? "-" : "+") + m);
    } else {
      dice.replace(at, 3, std::to_string(mod));
    }
  }
  return dice;
}

int spell_attack_count(const Spell& s, int slot_level, int char_level) {
  if (s.attack.empty()) return 0;
  int n = 1;
  if (!s.slot_rays.empty()) {
    for (const auto& [lv, k] : s.slot_rays)
      if (lv <= slot_level) n = k;
  } else {
    for (const auto& [lv, k] : s.char_beams)
      if (lv <= char_level) n = k;
  }
  return n;
}

std::string critical_dice(const std::string& dice) {
  std::string out;
  size_t i = 0;
  while (i < dice.size()) {
    // a count of dice: digits followed by "d"
    size_t j = i;
    while (j < dice.size() && std::isdigit(static_cast<unsigned char>(dice[j]))) ++j;
    const bool starts = i == 0 || dice[i - 1] == '+' || dice[i - 1] == '-';
    if (j > i && starts && j < dice.size() && (dice[j] == 'd' || dice[j] == 'D')) {
      out += std::to_string(2 * std::stoi(dice.substr(i, j - i)));
      i = j;
      continue;
    }
    if (j > i) {
      out += dice.substr(i, j - i);
      i = j;
      continue;
    }
    out += dice[i++];
  }
  return out;
}

std::pair<int, int> spell_total_range(const std::string& dice) {
  if (dice.empty()) return {0, 0};
  const dice::Stats st = dice::stats(dice);
  const int lo = std::max(0, static_cast<int>(std::floor(st.min)));
  return {lo, std::max(lo, static_cast<int>(std::floor(st.max)))};
}

std::vector<SpellAttackPreview> spell_attack_preview(const Campaign& c, const json& cast) {
  std::vector<SpellAttackPreview> out;
  try {
    const Plan p = plan_of(c, cast);
    if (p.attacks == 0 || p.attack_rolls.empty()) return out;
    const Creature& x = actions::require_living(c, param::str(cast, "caster"));
    const SlotsView v = slots_view(c, x);
    const std::string dice = spell_dice(*p.spell, std::max(p.level, 1), std::max(1, x.level), casting_modifier(c, x));
    const int per = p.advantage != p.disadvantage ? 2 : 1;
    Rng unused;  // the d20s are given: nothing is rolled
    for (int i = 0; i < p.attacks; ++i) {
      json a = jobj{"type", "AttackRoll", "attacker", x.id, "target", p.targets[static_cast<size_t>(i) % p.targets.size()],
                    "bonus", v.attack};
      if (p.advantage) a["advantage"] = true;
      if (p.disadvantage) a["disadvantage"] = true;
      json rolls = json::array();
      for (int k = 0; k < per; ++k) rolls.push_back(p.attack_rolls[static_cast<size_t>(i * per + k)]);
      a["rolls"] = rolls;
      SpellAttackPreview one;
      one.attack = attack_result(attack_roll(c, a, unused));
      if (one.attack.hit && !dice.empty()) {
        one.dice = one.attack.critical ? critical_dice(dice) : dice;
        std::tie(one.lo, one.hi) = spell_total_range(one.dice);
      }
      out.push_back(one);
    }
  } catch (const UserError&) {
    out.clear();  // the cast itself says why
  }
  return out;
}

std::vector<SpellAttack> spell_attacks(const std::vector<campaign::Event>& events) {
  std::vector<SpellAttack> out;
  const bool cast = std::any_of(events.begin(), events.end(), [](const campaign::Event& e) { return e.type == "spell_cast"; });
  if (!cast) return out;
  for (const auto& e : events) {
    if (e.type == "attack_rolled") {
      SpellAttack a;
      a.attack = attack_result(e.data);
      out.push_back(a);
    } else if (e.type == "spell_attack_hit" && !out.empty()) {
      out.back().dice = e.data.value("dice", "");
      out.back().text = e.data.value("text", "");
      out.back().damage = e.data.value("total", 0);
      out.back().rolled = e.data.value("rolled", true);
    }
  }
  return out;
}

namespace {
const json& slot_tables() {
  static const json data = assets::json("data/rules/spell-slots.json");
  return data;
}
}  // namespace

SpellListCount spell_list_count(const Campaign& c, const Creature& x) {
  SpellListCount n;
  const SlotsView v = slots_view(c, x);
  n.cantrips_max = v.cantrips;
  n.spells_max = v.prepared + v.known;
  n.prepares = v.prepared > 0;
  for (const auto& id : id_field(x, kPrepared))
    if (const Spell* s = find_spell(id)) ++(s->level == 0 ? n.cantrips : n.spells);
  return n;
}

calc::Calculator spells_prepared_calculator() {
  return {"spells-prepared",
          "calc.desc.spells_prepared",
          {calc::choice_param("class", "calc.param.spells_prepared.class",
                              {"bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "warlock", "wizard"}),
           calc::int_param("level", "calc.param.spells_prepared.level", 1, 20),
           calc::int_param("ability-score", "calc.param.spells_prepared.ability_score", 1, 30, false)},
          [](const json& p, Rng&) -> json {
            const std::string cls = p.at("class").get<std::string>();
            const int level = p.at("level").get<int>();
            const size_t k = static_cast<size_t>(level - 1);
            json out = json::object();
            const json& data = slot_tables();
            if (cls == "cleric" || cls == "druid" || cls == "wizard" || cls == "paladin") {
              if (!p.contains("ability-score")) throw UserError("calc.err.spells_prepared_score", jobj{"class", cls});
              const int mod = campaign::ability_modifier(p.at("ability-score").get<int>());
              out["prepared"] = std::max(1, mod + (cls == "paladin" ? level / 2 : level));
            } else if (data["known"].contains(cls)) {
              out["known"] = data["known"][cls][k].get<int>();
            }
            if (data["cantrips"].contains(cls)) out["cantrips"] = data["cantrips"][cls][k].get<int>();
            return out;
          }};
}

std::string spell_level_text(int level, Lang lang) { return tr(lang, ordinal_key(level)); }

std::string spell_school_text(const Spell& s, Lang lang) { return tr(lang, kSchoolKey + s.school); }

namespace {
// "10m" → {10, 'm'}
std::pair<int, char> amount_unit(const std::string& code) {
  size_t i = 0;
  int n = 0;
  while (i < code.size() && std::isdigit(static_cast<unsigned char>(code[i]))) n = n * 10 + (code[i++] - '0');
  return {n, i < code.size() ? code[i] : '?'};
}
}  // namespace

std::string spell_casting_time_text(const Spell& s, Lang lang) {
  const auto [n, unit] = amount_unit(s.casting_time);
  return tr(lang, kTimeKey + std::string(1, unit), jobj{"n", n});
}

std::string spell_range_text(const Spell& s, Lang lang) {
  if (!s.range.empty() && std::isdigit(static_cast<unsigned char>(s.range[0]))) {
    if (s.range.find("mi") != std::string::npos) return tr(lang, "spells.range.miles", jobj{"n", amount_unit(s.range).first});
    return tr(lang, "spells.range.feet", jobj{"n", std::stoi(s.range)});
  }
  return tr(lang, kRangeKey + s.range);
}

std::string spell_duration_text(const Spell& s, Lang lang) {
  std::string text;
  if (s.duration == "inst" || s.duration == "disp" || s.duration == "special") {
    text = tr(lang, kDurationKey + s.duration);
  } else {
    const auto [n, unit] = amount_unit(s.duration);
    text = tr(lang, kDurationKey + std::string(1, unit), jobj{"n", n});
  }
  return s.concentration ? tr(lang, "spells.duration.concentration", jobj{"duration", text}) : text;
}

nlohmann::json spell_json(const Spell& s, Lang lang) {
  json j = jobj{"id", s.id, "name", s.name_in(lang), "level", s.level, "school", s.school,
                "casting_time", spell_casting_time_text(s, lang), "range", spell_range_text(s, lang),
                "components", s.components, "ritual", s.ritual, "concentration", s.concentration,
                "duration", spell_duration_text(s, lang), "classes", s.classes};
  if (lang != Lang::en) j["name_en"] = s.name_in(Lang::en);
  if (!s.save.empty()) j["save"] = jobj{"ability", s.save, "on_success", s.on_save};
  if (!s.attack.empty()) j["attack"] = s.attack;
  if (!s.damage_type.empty()) j["damage_type"] = s.damage_type;
  auto table = [](const std::map<int, std::string>& m) {
    json t = json::object();
    for (const auto& [lv, d] : m) t[std::to_string(lv)] = d;
    return t;
  };
  if (!s.slot_dice.empty()) j["damage_at_slot_level"] = table(s.slot_dice);
  if (!s.char_dice.empty()) j["damage_at_character_level"] = table(s.char_dice);
  if (!s.heal_dice.empty()) j["heal_at_slot_level"] = table(s.heal_dice);
  return j;
}

Module spells() {
  return {kSpells, /*default_on*/ true, install,
          {.prompts = {kSavePrompt},
           .own_calculators = {spells_prepared_calculator()},
           .creature_data = {ids_field(kPrepared, kMaxPrepared, "[spell ids], 1..60: her prepared or known spells (her list)"),
                             ids_field(kRecent, kMaxRecent, "[spell ids], 1..4: the spells she cast last, newest first")}}};
}

}  // namespace druzina::rules
