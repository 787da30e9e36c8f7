// Rule "srd_monsters" (a 5e table rule, on by default): the SRD 5.1 monsters put into the campaign and their attacks.
//
//   AddMonsters {monster: "<srd id>", count?: 1..20 (1), name?: the base name (default: the SRD name in the
//                campaign's language), roll_hp?: bool (false: the SRD average; true: rolled from hp_dice, each
//                monster its own roll; absent: the campaign's choice), join?: bool (false)}
//   CreateCampaign / SetSettings {srd_roll_hp: bool} (a parameter this module adds: the campaign's choice, campaign
//                data srd_monsters.roll_hp) → srd_roll_hp_set {value}.
//     → creature_added × count (kind monster, "Goblin 1", "Goblin 2" … when count > 1, numbered after any
//       "Goblin N" already there): size, AC, HP, speed (walking), the six scores, level = ⌊CR⌋ (so the
//       proficiency bonus is the CR's), legendary actions / resistances, the plain damage types it is vulnerable,
//       resistant or immune to and its condition immunities, modules.srd_monsters.monster = the srd id;
//       then, per creature, challenge_rating_set (the challenge-rating rule on) and save_proficiencies_set with
//       the abilities the SRD gives save bonuses in (save-proficiencies on); with join (a fight running, else
//       campaign.err.no_encounter) each then joins it: JoinEncounter, its initiative rolled. One command: one
//       undo step.
//   MonsterAttack {attacker, attack: 0-based index, target?, roll?: 1..20 (the d20 as rolled at the table),
//                  apply?: bool}
//     → monster_attack_rolled {creature, attack (the English name), attack_name {en, cs, uk}, index, d20, bonus,
//       total, critical, target?, ac?, hit?, save?, dc?, damage: [{dice, type, total, text}]} — the d20 + bonus (or
//       the save's DC) and the damage dice, rolled with ctx.rng(); a natural 20 doubles the dice. With apply and a
//       target hit, each damage part goes through ApplyDamage {target, amount, damage_type} in the same
//       transaction (resistances apply). The log line names the attack in the reader's language (attack_name;
//       older events without it: attack).
//
// Index:
//   [SECTION] search
//   [SECTION] data field, events, commands
#include <algorithm>
#include <cmath>
#include <cctype>
#include <optional>

#include "core/assets.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/common.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kMonster = "monster";
constexpr const char* kRollHp = "roll_hp";         // campaign data: true = new monsters' HP rolled (absent: average)
constexpr const char* kRollHpParam = "srd_roll_hp";  // the CreateCampaign / SetSettings parameter that sets it
constexpr const char* kAbil[6] = {"str", "dex", "con", "int", "wis", "cha"};
constexpr int kMaxCount = 20;
constexpr size_t kMaxName = 60;

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key))
    for (const auto& s : j.at(key)) out.push_back(s.get<std::string>());
  return out;
}
std::map<std::string, int> ints(const json& j, const char* key) {
  std::map<std::string, int> out;
  if (j.contains(key))
    for (auto it = j.at(key).begin(); it != j.at(key).end(); ++it) out[it.key()] = it.value().get<int>();
  return out;
}

Monster read_monster(const json& j) {
  Monster m;
  m.id = j.at("id").get<std::string>();
  for (auto it = j.at("name").begin(); it != j.at("name").end(); ++it) m.name[it.key()] = it.value().get<std::string>();
  m.size = j.at("size").get<std::string>();
  m.type = j.at("type").get<std::string>();
  m.alignment = j.value("alignment", "");
  m.ac = j.at("ac").get<int>();
  m.hp = j.at("hp").get<int>();
  m.hp_dice = j.at("hp_dice").get<std::string>();
  m.speed = ints(j, "speed");
  for (int k = 0; k < 6; ++k) m.abilities[k] = j.at("abilities").at(k).get<int>();
  m.saves = ints(j, "saves");
  m.skills = ints(j, "skills");
  m.vulnerable = strings(j, "vulnerable");
  m.resistant = strings(j, "resistant");
  m.immune = strings(j, "immune");
  m.condition_immune = strings(j, "condition_immune");
  m.passive_perception = j.value("passive_perception", 10);
  m.cr = j.at("cr").get<double>();
  m.xp = j.value("xp", 0);
  m.legendary_actions = j.value("legendary_actions", 0);
  m.legendary_resistances = j.value("legendary_resistances", 0);
  if (j.contains("attacks"))
    for (const auto& a : j.at("attacks")) {
      MonsterAttack at;
      at.name = a.at("name").get<std::map<std::string, std::string>>();
      if (a.contains("bonus")) at.bonus = a.at("bonus").get<int>();
      at.save = a.value("save", "");
      at.dc = a.value("dc", 0);
      for (const auto& d : a.value("damage", json::array()))
        at.damage.push_back({d.at("dice").get<std::string>(), d.at("type").get<std::string>()});
      m.attacks.push_back(std::move(at));
    }
  return m;
}

// [SECTION] search ----------------------------------------------------------------------------------------------------
void put_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

char32_t fold(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;  // А..Я
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;  // Ѐ..Џ (Є І Ї)
  if (c == 0x490) return 0x491;                   // Ґ
  if (c == 0x2019 || c == 0x2BC) return '\'';
  static const std::pair<const char32_t*, char> latin[] = {
      {U"áÁàäÄâ", 'a'}, {U"čČçÇ", 'c'}, {U"ďĎ", 'd'}, {U"éÉěĚëèê", 'e'}, {U"íÍïî", 'i'}, {U"ňŇñ", 'n'},
      {U"óÓöÖô", 'o'}, {U"řŘ", 'r'}, {U"šŠ", 's'}, {U"ťŤ", 't'}, {U"úÚůŮüÜû", 'u'}, {U"ýÝ", 'y'}, {U"žŽ", 'z'}};
  for (const auto& [chars, base] : latin)
    for (const char32_t* p = chars; *p; ++p)
      if (*p == c) return static_cast<char32_t>(base);
  return c;
}

// [SECTION] data field, events, commands ------------------------------------------------------------------------------
// The number after the monster's SRD name in any language ("Skřet 2" → " 2", "Goblin" → ""); nullopt when the name
// is not the SRD's (the DM typed her own).
std::optional<std::string> default_name_suffix(const Monster& m, const std::string& name) {
  for (const auto& [lang, base] : m.name) {
    if (base.empty() || name.rfind(base, 0) != 0) continue;
    const std::string rest = name.substr(base.size());
    if (rest.empty()) return rest;
    if (rest.size() >= 2 && rest.size() <= 7 && rest[0] == ' ' &&
        std::all_of(rest.begin() + 1, rest.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      return rest;
  }
  return std::nullopt;
}

// The table link and the live view carry what the monster is ("M": its SRD id) only while it bears the SRD's name,
// so the player's phone writes that name in her language ("Skřet 2" → "Гоблін 2"); a name the DM typed stays as
// she typed it and tells nothing of what it is. The player's copy keeps the name only, not the id.
campaign::WireCodec monster_wire() {
  campaign::WireCodec w;
  w.key = "M";
  w.encode = [](const json& shown) { return shown.is_string() ? shown : json(); };
  w.for_reader = [](const json& compact, const std::string& path, Lang reader, json& creature) {
    if (!compact.is_string() || compact.get_ref<const std::string&>().size() > kMaxName)
      throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "an SRD monster id"});
    const Monster* m = find_srd_monster(compact.get_ref<const std::string&>());
    if (!m) throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "an SRD monster id"});
    auto name = creature.find("name");
    if (name == creature.end() || !name->is_string()) return;
    if (auto suffix = default_name_suffix(*m, name->get_ref<const std::string&>())) *name = m->name_in(reader) + *suffix;
  };
  return w;
}

campaign::DataField monster_field() {
  campaign::DataField f{kMonster, "string: the SRD monster id the creature was added as (\"goblin\")", false, [](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            if (!find_srd_monster(v.get<std::string>()))
              campaign::jr::fail_value("not_one_of", jobj{"value", v.get<std::string>(), "allowed", "an SRD monster id"});
          }};
  f.for_others_of = [](const json& v, const Creature& x) {
    const Monster* m = v.is_string() ? find_srd_monster(v.get<std::string>()) : nullptr;
    return m && default_name_suffix(*m, x.name) ? v : json();
  };
  f.wire = monster_wire();
  return f;
}

const Monster& monster_param(const json& cmd) {
  const std::string id = param::str(cmd, kMonster);
  const Monster* m = find_srd_monster(id);
  if (!m) throw UserError("rules.err.monster_unknown", jobj{"value", id});
  return *m;
}

std::string base_name(const Campaign& c, const json& cmd, const Monster& m) {
  std::string name = param::str(cmd, "name", "");
  const auto a = name.find_first_not_of(' '), b = name.find_last_not_of(' ');
  name = a == std::string::npos ? std::string() : name.substr(a, b - a + 1);
  if (name.size() > kMaxName) throw UserError("state.err.too_long", jobj{"path", "name", "max", kMaxName});
  if (!name.empty()) return name;
  Lang lang = Lang::en;
  for (Lang l : kLangs)
    if (lang_code(l) == c.settings.language) lang = l;
  return m.name_in(lang);
}

int highest_number(const Campaign& c, const std::string& base) {
  int best = 0;
  const std::string prefix = base + " ";
  for (const auto& x : c.creatures) {
    if (x.name.rfind(prefix, 0) != 0) continue;
    const std::string rest = x.name.substr(prefix.size());
    if (rest.empty() || rest.size() > 6 || !std::all_of(rest.begin(), rest.end(), ::isdigit)) continue;
    best = std::max(best, std::stoi(rest));
  }
  return best;
}

bool is_damage_type(const std::string& t) {
  const auto& all = campaign::damage_types();
  return std::find(all.begin(), all.end(), t) != all.end();
}

Creature creature_for(const Monster& m) {
  Creature c;
  c.kind = "monster";
  c.size = m.size;
  c.abilities.str = m.abilities[0], c.abilities.dex = m.abilities[1], c.abilities.con = m.abilities[2];
  c.abilities.int_ = m.abilities[3], c.abilities.wis = m.abilities[4], c.abilities.cha = m.abilities[5];
  c.ac = m.ac;
  c.max_hp = c.hp = m.hp;
  c.speed = m.speed.count("walk") ? m.speed.at("walk") : 0;
  c.level = std::clamp(static_cast<int>(std::floor(m.cr)), 0, 30);
  c.legendary_actions = m.legendary_actions;
  c.legendary_resistances = m.legendary_resistances;
  // plain damage types only, each in one list (immunity over resistance over vulnerability)
  auto add = [&](std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& t : from) {
      if (!is_damage_type(t)) continue;
      const bool taken = std::find(c.immunities.begin(), c.immunities.end(), t) != c.immunities.end() ||
                         std::find(c.resistances.begin(), c.resistances.end(), t) != c.resistances.end() ||
                         std::find(c.vulnerabilities.begin(), c.vulnerabilities.end(), t) != c.vulnerabilities.end();
      if (!taken) to.push_back(t);
    }
  };
  add(c.immunities, m.immune);
  add(c.resistances, m.resistant);
  add(c.vulnerabilities, m.vulnerable);
  const auto& conds = campaign::condition_immunity_ids();
  for (const auto& t : m.condition_immune)
    if (std::find(conds.begin(), conds.end(), t) != conds.end()) c.condition_immunities.push_back(t);
  c.modules[kSrdMonsters] = {{kMonster, m.id}};
  return c;
}

void validate_add(const Campaign& c, const json& cmd) {
  const Monster& m = monster_param(cmd);
  param::integer(cmd, "count", 1, kMaxCount, 1);
  param::boolean(cmd, "roll_hp", false);
  if (param::boolean(cmd, "join", false) && !c.encounter) throw UserError("campaign.err.no_encounter");
  base_name(c, cmd, m);
}

void execute_add(Ctx& ctx, const json& cmd) {
  const Monster& m = monster_param(cmd);
  const int count = static_cast<int>(param::integer(cmd, "count", 1, kMaxCount, 1));
  const bool roll = param::boolean(cmd, "roll_hp", srd_roll_hp(ctx.state()));  // absent: the campaign's choice
  const std::string base = base_name(ctx.state(), cmd, m);
  const int first = count > 1 ? highest_number(ctx.state(), base) + 1 : 0;
  const Creature tmpl = creature_for(m);
  std::vector<std::string> ids;
  for (int k = 0; k < count; ++k) {
    Creature c = tmpl;
    c.id = ctx.new_id("c");
    c.name = count > 1 ? base + " " + std::to_string(first + k) : base;
    json data = json::object();
    if (roll) {
      const dice::Roll r = dice::roll(m.hp_dice, ctx.rng());
      const int total = std::clamp(static_cast<int>(std::floor(r.total)), 1, 1'000'000);
      c.max_hp = c.hp = total;
      data["hp_roll"] = jobj{"expr", m.hp_dice, "total", total, "text", r.text};
    }
    data["creature"] = campaign::compact_json(c);
    ids.push_back(c.id);
    ctx.emit("creature_added", std::move(data));
  }
  std::string cr;
  for (const auto& row : cr_table())
    if (std::abs(row.value - m.cr) < 1e-9) cr = row.cr;
  json saves = json::array();
  for (const char* a : kAbil)
    if (m.saves.count(a)) saves.push_back(a);
  for (const auto& id : ids) {
    if (!cr.empty() && ctx.module_enabled(kChallengeRating))
      ctx.emit("challenge_rating_set", jobj{"creature", id, "old", nullptr, "new", cr});
    if (!saves.empty() && ctx.module_enabled(kSaveProficiencies))
      ctx.emit("save_proficiencies_set", jobj{"creature", id, "abilities", saves});
  }
  if (param::boolean(cmd, "join", false))
    for (const auto& id : ids) ctx.run(jobj{"type", "JoinEncounter", "target", id});
}

const Creature& attacker_param(const Campaign& c, const json& cmd, const Monster** m, const MonsterAttack** at) {
  const Creature& x = actions::require(c, param::str(cmd, "attacker"));
  *m = srd_monster_of(x);
  if (!*m) throw UserError("rules.err.not_srd_monster", jobj{"name", x.name});
  if ((*m)->attacks.empty()) throw UserError("rules.err.monster_no_attacks", jobj{"name", x.name});
  const int max = static_cast<int>((*m)->attacks.size()) - 1;
  const int i = static_cast<int>(param::integer(cmd, "attack", 0, max, 0));
  *at = &(*m)->attacks[static_cast<size_t>(i)];
  return x;
}

void validate_attack(const Campaign& c, const json& cmd) {
  const Monster* m = nullptr;
  const MonsterAttack* at = nullptr;
  attacker_param(c, cmd, &m, &at);
  if (param::find(cmd, "target")) actions::require(c, param::str(cmd, "target"));
  opt_int(cmd, "roll", 1, 20);
  param::boolean(cmd, "apply", false);
}

// "2d6+3" → "4d6+3": every die term's count doubled (a critical hit; "d8" counts as 1d8).
std::string doubled(const std::string& expr) {
  std::string out;
  size_t i = 0;
  while (i < expr.size()) {
    size_t j = i;
    while (j < expr.size() && std::isdigit(static_cast<unsigned char>(expr[j]))) ++j;
    const bool die = j < expr.size() && expr[j] == 'd' && j + 1 < expr.size() &&
                     std::isdigit(static_cast<unsigned char>(expr[j + 1])) &&
                     (i == 0 || !std::isalnum(static_cast<unsigned char>(expr[i - 1])));
    if (die) {
      const int n = j == i ? 1 : std::stoi(expr.substr(i, j - i));
      out += std::to_string(2 * n);
      i = j;
    } else if (j > i) {
      out += expr.substr(i, j - i);
      i = j;
      continue;
    }
    out += expr[i++];
  }
  return out;
}

void execute_attack(Ctx& ctx, const json& cmd) {
  const Monster* m = nullptr;
  const MonsterAttack* at = nullptr;
  const Creature& x = attacker_param(ctx.state(), cmd, &m, &at);
  const int index = static_cast<int>(param::integer(cmd, "attack", 0, 100, 0));
  // "attack": the English name (as before); "attack_name": all three, the log line takes the reader's language
  json data = jobj{"creature", x.id, "attack", at->name_in(Lang::en), "attack_name", at->name, "index", index};
  const Creature* target = param::find(cmd, "target") ? &actions::require(ctx.state(), param::str(cmd, "target")) : nullptr;
  if (target) data["target"] = target->id;
  bool critical = false, hit = true;
  if (at->bonus) {
    const auto entered = opt_int(cmd, "roll", 1, 20);
    const int d20 = entered ? *entered : static_cast<int>(dice::roll("1d20", ctx.rng()).total);
    const int total = d20 + *at->bonus;
    critical = d20 == 20;
    data["d20"] = d20, data["bonus"] = *at->bonus, data["total"] = total, data["critical"] = critical;
    if (target) {
      hit = critical || (d20 != 1 && total >= target->ac);
      data["ac"] = target->ac, data["hit"] = hit;
    }
  } else {
    data["save"] = at->save, data["dc"] = at->dc;
  }
  json damage = json::array();
  for (const auto& d : at->damage) {
    const std::string expr = critical ? doubled(d.dice) : d.dice;
    const DamageRoll r = roll_damage(ctx, expr, x.id);  // Mechanus (planes rule): the mean, rounded down
    damage.push_back(jobj{"dice", expr, "type", d.type, "total", std::max(0, r.total), "text", r.text});
    if (r.average) damage.back()["average"] = true;
  }
  data["damage"] = damage;
  const std::string target_id = target ? target->id : "";
  ctx.emit("monster_attack_rolled", std::move(data));
  if (target && at->bonus && hit && param::boolean(cmd, "apply", false))
    for (const auto& d : damage) {
      if (d.at("total").get<int>() <= 0) continue;
      json dmg = jobj{"type", "ApplyDamage", "target", target_id, "amount", d.at("total")};
      if (is_damage_type(d.at("type").get<std::string>())) dmg["damage_type"] = d.at("type");
      ctx.run(dmg);
    }
}

void apply_attack(Campaign&, const json& d) {
  d.at("creature").get<std::string>();  // a roll: the state stays as it is
}

std::string damage_text(Lang lang, const json& d) {
  std::string out;
  for (const auto& part : d.value("damage", json::array())) {
    const std::string type = part.value("type", "");
    std::string t = label(lang, "campaign.damage." + type, type);
    append(out, ", ", tr(lang, "rules.srd_monsters.damage_part",
                         jobj{"total", part.value("total", 0), "dice", part.value("dice", ""), "type", t}));
  }
  return out.empty() ? tr(lang, "rules.srd_monsters.no_damage") : out;
}

// The attack's name in the reader's language: from "attack_name" {en, cs, uk}, else (older events) "attack".
std::string attack_text(const json& d, Lang lang) {
  const auto it = d.find("attack_name");
  if (it != d.end() && it->is_object()) {
    const std::string s = it->value(std::string(lang_code(lang)), "");
    if (!s.empty()) return s;
  }
  return d.value("attack", "");
}

std::string render_attack(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d), "attack", attack_text(d, lc.lang), "damage", damage_text(lc.lang, d)};
  if (d.contains("dc")) {
    const std::string ab = d.value("save", "");
    args["dc"] = d.value("dc", 0);
    args["save"] = label(lc.lang, "rules.srd_monsters.save." + ab, ab);
    return tr(lc.lang, "event.monster_attack_rolled.save", args);
  }
  args["d20"] = d.value("d20", 0);
  args["bonus"] = signed_text(d.value("bonus", 0));
  args["total"] = d.value("total", 0);
  std::string crit = d.value("critical", false) ? tr(lc.lang, "rules.srd_monsters.critical") : "";
  args["critical"] = crit;
  if (d.contains("target")) {
    args["target"] = name_of(lc, d, "target");
    args["ac"] = d.value("ac", 0);
    args["result"] = tr(lc.lang, d.value("hit", false) ? "rules.srd_monsters.hit" : "rules.srd_monsters.miss");
    return tr(lc.lang, "event.monster_attack_rolled.target", args);
  }
  return tr(lc.lang, "event.monster_attack_rolled", args);
}

campaign::DataField roll_hp_field() {
  return {kRollHp, "bool true: SRD monsters added get rolled HP, each its own roll (absent: the average)", false,
          [](const json& v) {
            if (!v.is_boolean() || !v.get<bool>()) campaign::jr::fail_type("true");
          }};
}

void apply_roll_hp_set(Campaign& c, const json& d) {
  json& m = data_ref(c, kSrdMonsters);
  if (d.at("value").get<bool>())
    m[kRollHp] = true;
  else
    m.erase(kRollHp);
  if (m.empty()) c.modules.erase(kSrdMonsters);
}

void check_roll_hp_param(Ctx&, const json& cmd) {
  if (param::find(cmd, kRollHpParam)) param::boolean(cmd, kRollHpParam, false);
}

void set_roll_hp_param(Ctx& ctx, const json& cmd) {
  if (!param::find(cmd, kRollHpParam)) return;
  const bool wanted = param::boolean(cmd, kRollHpParam, false);
  if (wanted != srd_roll_hp(ctx.state())) ctx.emit("srd_roll_hp_set", jobj{"value", wanted});
}

void install(Engine& e) {
  event(e, "monster_attack_rolled", apply_attack, render_attack);
  event(e, "srd_roll_hp_set", apply_roll_hp_set, [](const json& d, const LogContext& lc) {
    return tr(lc.lang, "event.srd_roll_hp_set",
              jobj{"mode", tr(lc.lang, d.value("value", false) ? "rules.srd.hp_rolled" : "rules.srd.hp_average")});
  });
  for (const char* base : {"CreateCampaign", "SetSettings"}) {
    e.allow_params(base, {kRollHpParam});
    e.before(base, check_roll_hp_param);
    e.after(base, set_roll_hp_param);
  }
  command(e, "AddMonsters", {kMonster, "count", "name", "roll_hp", "join"}, validate_add, execute_add);
  command(e, "MonsterAttack", {"attacker", "attack", "target", "roll", "apply"}, validate_attack, execute_attack);
}

}  // namespace

namespace {
const std::string& name_in_map(const std::map<std::string, std::string>& name, Lang lang) {
  auto it = name.find(std::string(lang_code(lang)));
  if (it != name.end() && !it->second.empty()) return it->second;
  return name.at("en");
}
}  // namespace

bool srd_roll_hp(const Campaign& c) { return data_at(c, kSrdMonsters, kRollHp) == true; }

const std::string& Monster::name_in(Lang lang) const { return name_in_map(name, lang); }
const std::string& MonsterAttack::name_in(Lang lang) const { return name_in_map(name, lang); }

const std::vector<Monster>& srd_monster_list() {
  static const std::vector<Monster> list = [] {
    std::vector<Monster> v;
    for (const auto& j : assets::json("data/monsters.json")) v.push_back(read_monster(j));
    return v;
  }();
  return list;
}

const Monster* find_srd_monster(std::string_view id) {
  for (const auto& m : srd_monster_list())
    if (m.id == id) return &m;
  return nullptr;
}

std::vector<std::string> search_words(std::string_view query) {
  const std::string q = fold_for_search(query);
  std::vector<std::string> words;
  for (size_t i = 0; i < q.size();) {
    const size_t j = q.find_first_of(" ,", i);
    const std::string w = q.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (!w.empty()) words.push_back(w);
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return words;
}

std::string fold_for_search(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    char32_t c = b;
    size_t n = 1;
    if (b >= 0xF0 && i + 3 < text.size()) {
      c = ((b & 0x07u) << 18) | ((text[i + 1] & 0x3Fu) << 12) | ((text[i + 2] & 0x3Fu) << 6) | (text[i + 3] & 0x3Fu);
      n = 4;
    } else if (b >= 0xE0 && i + 2 < text.size()) {
      c = ((b & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3Fu);
      n = 3;
    } else if (b >= 0xC0 && i + 1 < text.size()) {
      c = ((b & 0x1Fu) << 6) | (text[i + 1] & 0x3Fu);
      n = 2;
    }
    i += n;
    if (n == 4) {
      out.append(text.substr(i - 4, 4));
      continue;
    }
    put_utf8(out, fold(c));
  }
  return out;
}

std::vector<const Monster*> search_srd_monsters(std::string_view query, Lang lang) {
  const std::vector<std::string> words = search_words(query);
  std::string joined;
  for (const auto& w : words) append(joined, " ", w);
  std::vector<std::pair<int, const Monster*>> hits;
  for (const auto& m : srd_monster_list()) {
    const std::string own = fold_for_search(m.name_in(lang));
    const std::string hay = own + " | " + fold_for_search(m.name_in(Lang::en)) + " | " + m.id;
    if (!std::all_of(words.begin(), words.end(), [&](const std::string& w) { return hay.find(w) != std::string::npos; }))
      continue;
    const int rank = joined.empty() ? 2 : own == joined ? 0 : own.rfind(joined, 0) == 0 ? 1 : 2;
    hits.push_back({rank, &m});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const Monster*> out;
  for (const auto& h : hits) out.push_back(h.second);
  return out;
}

std::string cr_text(double cr) {
  for (const auto& row : cr_table())
    if (std::abs(row.value - cr) < 1e-9) return row.cr;
  return std::to_string(static_cast<int>(cr));
}

json srd_monster_json(const Monster& m, Lang lang) {
  json attacks = json::array();
  for (const auto& a : m.attacks) {
    json j = jobj{"name", a.name_in(lang)};
    if (a.bonus) j["bonus"] = *a.bonus;
    if (!a.save.empty()) j["save"] = a.save, j["dc"] = a.dc;
    json dmg = json::array();
    for (const auto& d : a.damage) dmg.push_back(jobj{"dice", d.dice, "type", d.type});
    j["damage"] = dmg;
    attacks.push_back(j);
  }
  return jobj{"id", m.id,
          "name", m.name_in(lang),
          "size", m.size,
          "type", m.type,
          "alignment", m.alignment,
          "ac", m.ac,
          "hp", m.hp,
          "hp_dice", m.hp_dice,
          "speed", m.speed,
          "abilities", m.abilities,
          "saves", json(m.saves),
          "skills", json(m.skills),
          "vulnerable", m.vulnerable,
          "resistant", m.resistant,
          "immune", m.immune,
          "condition_immune", m.condition_immune,
          "passive_perception", m.passive_perception,
          "cr", m.cr,
          "xp", m.xp,
          "legendary_actions", m.legendary_actions,
          "legendary_resistances", m.legendary_resistances,
          "attacks", attacks};
}

const Monster* srd_monster_of(const Creature& x) {
  const json& v = creature_data(x, kSrdMonsters, kMonster);
  return v.is_string() ? find_srd_monster(v.get<std::string>()) : nullptr;
}

Module srd_monsters() {
  return {kSrdMonsters, /*default_on*/ true, install, {.creature_data = {monster_field()}, .campaign_data = {roll_hp_field()}}};
}

std::vector<std::pair<std::string, std::string>> srd_monsters_added(const campaign::Ctx& ctx) {
  std::vector<std::pair<std::string, std::string>> added;
  for (const auto& ev : ctx.events())
    if (ev.type == "creature_added") {
      const json& cr = ev.data.at("creature");
      const json mods = cr.value("modules", json::object());
      if (mods.contains(kSrdMonsters)) added.push_back({cr.value("id", ""), mods[kSrdMonsters].value("monster", "")});
    }
  return added;
}

}  // namespace druzina::rules
