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
//   PrepareSpell {target, spell: id or name, prepared?: bool (true; false takes it off)} → spell_prepared {creature,
//     spell (id), prepared}: the caster's own short list (her prepared or known spells), which Cast starts from.
//     Refusals: rules.err.spell_already_on_list, rules.err.spell_not_on_list, rules.err.spell_list_full (60).
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
#include <cmath>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/common.hpp"
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
// Prefixes of the keys built at run time: + the school, the unit, the range or duration code, the level.
constexpr const char* kSchoolKey = "spells.school.";
constexpr const char* kTimeKey = "spells.time.";
constexpr const char* kRangeKey = "spells.range.";
constexpr const char* kDurationKey = "spells.duration.";
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

std::vector<std::string> targets_param(const Campaign& c, const json& cmd) {
  const json* v = param::find(cmd, "targets");
  if (v && (!v->is_array() || v->size() > kMaxTargets))
    throw UserError("campaign.err.param", jobj{"param", "targets", "expected", "list"});
  std::vector<std::string> out = id_list(cmd, "targets");
  for (size_t i = 0; i < out.size(); ++i) {
    actions::require(c, out[i]);
    if (std::find(out.begin(), out.begin() + static_cast<long>(i), out[i]) != out.begin() + static_cast<long>(i))
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
  p.targets = targets_param(c, cmd);
  if (param::find(cmd, "total")) param::integer(cmd, "total", 0, 10000);
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
  if (!dice.empty()) {
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
      actions::DamageOptions o;
      o.damage_type = s.damage_type;
      actions::damage(ctx, t, total, o);
    }
  } else if (!p.targets.empty() && has_dc) {
    json names = json::object(), save_text = json::object();
    for (Lang l : {Lang::cs, Lang::uk, Lang::en}) {
      names[std::string(lang_code(l))] = s.name_in(l);
      save_text[std::string(lang_code(l))] = label(l, "rules.group.save." + s.save, s.save);
    }
    for (const auto& t : p.targets) {
      const Creature* y = campaign::find_creature(ctx.state(), t);
      if (!y || y->death_saves.dead) continue;
      const int mod = save_bonus(ctx.state(), *y, s.save);
      actions::create_prompt(ctx, kSavePrompt, t,
                             jobj{"dice", d20_plus(mod), "dc", v.dc, "ability", s.save, "modifier", mod, "spell", names,
                                  "save_text", save_text});
    }
  }
  if (s.concentration && ctx.module_enabled("concentration")) {
    const Creature* now = campaign::find_creature(ctx.state(), caster);
    if (now && !now->death_saves.dead)
      ctx.run(jobj{"type", "StartConcentration", "target", caster, "spell", s.name_in(campaign_lang(ctx.state()))});
  }
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
}

void execute_prepare(Ctx& ctx, const json& cmd) {
  ctx.emit("spell_prepared", jobj{"creature", param::str(cmd, "target"), "spell", spell_param(cmd).id, "prepared",
                                  param::boolean(cmd, "prepared", true)});
}

void install(Engine& e) {
  event(e, "spell_cast", apply_spell_cast, render_spell_cast);
  event(e, "spell_prepared", apply_spell_prepared, render_spell_prepared);
  command(e, "PrepareSpell", {"target", "spell", "prepared"}, validate_prepare, execute_prepare);
  command(e, "CastSpell", {"caster", "spell", "level", "targets", "ritual", "total"},
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
           .creature_data = {ids_field(kPrepared, kMaxPrepared, "[spell ids], 1..60: her prepared or known spells (her list)"),
                             ids_field(kRecent, kMaxRecent, "[spell ids], 1..4: the spells she cast last, newest first")}}};
}

}  // namespace druzina::rules
