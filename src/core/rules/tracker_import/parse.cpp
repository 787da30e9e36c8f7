// The three formats read into an ImportPreview (tracker_import.hpp). Every reader maps what the app keeps a
// field for — name, size, the six scores, AC, HP, speed, initiative modifier, damage resistances / vulnerabilities /
// immunities that are plain damage types, condition immunities, challenge rating (a monster) or level (a
// character), the number of legendary actions — puts traits, actions, reactions, legendary actions and the
// description into the creature's notes as text, and lists everything else in `unmapped` with its value.
//
// Index:
//   [SECTION] errors and text
//   [SECTION] the creature builder
//   [SECTION] JSON helpers that refuse a wrong type
//   [SECTION] Improved Initiative
//   [SECTION] 5etools homebrew
//   [SECTION] Fight Club 5 / DnDAppFiles XML
//   [SECTION] the entry points: preview and the import command
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include "core/campaign/derived.hpp"
#include "core/campaign/json_read.hpp"
#include "core/campaign/state.hpp"
#include "core/error.hpp"
#include "core/i18n.hpp"
#include "core/io/guard.hpp"
#include "core/json_obj.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/tracker_import/tracker_import.hpp"
#include "core/rules/tracker_import/xml.hpp"

namespace druzina::rules {

using campaign::Creature;
using json = nlohmann::json;

namespace {

constexpr size_t kMaxText = 2000;     // one unmapped value or note line, cut beyond
constexpr size_t kMaxNotes = 20000;   // a creature's notes from an import
constexpr size_t kMaxName = 60;

// [SECTION] errors and text -------------------------------------------------------------------------------------------
// What a field should be, in the reader's language (the format's own field names stay as they are).
json expected_text(const std::string& e) {
  static const std::map<std::string, std::array<const char*, 2>> words = {  // cs, uk
      {"number", {"číslo", "число"}},   {"a number", {"číslo", "число"}},  {"text", {"text", "текст"}},
      {"list", {"seznam", "список"}},   {"object", {"objekt", "об’єкт"}}, {"list of texts", {"seznam textů", "список текстів"}}};
  const auto it = words.find(e);
  if (it == words.end()) return e;
  return jobj{"en", e, "cs", it->second[0], "uk", it->second[1]};
}
[[noreturn]] void wrong_type(const std::string& entry, const std::string& field, const char* expected) {
  throw UserError("rules.err.import_wrong_type", jobj{"entry", entry, "field", field, "expected", expected_text(expected)});
}
[[noreturn]] void wrong_value(const std::string& entry, const std::string& field, const std::string& value) {
  throw UserError("rules.err.import_wrong_value", jobj{"entry", entry, "field", field, "value", value.substr(0, 80)});
}
void too_many(size_t n) {
  if (n > kMaxImportEntries) throw UserError("rules.err.import_too_many", jobj{"count", n, "max", kMaxImportEntries});
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}
std::string trim(std::string_view t) {
  const auto a = t.find_first_not_of(" \t\r\n"), b = t.find_last_not_of(" \t\r\n");
  return a == std::string_view::npos ? std::string() : std::string(t.substr(a, b - a + 1));
}
std::string cut(std::string s, size_t max = kMaxText) {
  if (s.size() <= max) return s;
  size_t k = max;
  while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;  // not inside a UTF-8 sequence
  return s.substr(0, k) + "…";
}
std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t a = 0;
  while (a <= s.size()) {
    size_t b = s.find_first_of(",;", a);  // "," or ";" between items
    if (b == std::string::npos) b = s.size();
    if (auto t = trim(std::string_view(s).substr(a, b - a)); !t.empty()) out.push_back(t);
    a = b + 1;
  }
  return out;
}
// The first integer in a text ("15 (leather armor)" → 15), or nullopt.
std::optional<long long> first_int(const std::string& s) {
  size_t k = 0;
  while (k < s.size() && !std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
  if (k == s.size()) return std::nullopt;
  long long v = 0;
  for (; k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) && v < 100'000'000; ++k) v = v * 10 + (s[k] - '0');
  return v;
}

// [SECTION] the creature builder --------------------------------------------------------------------------------------
// What one creature is being built into, with the entry's name for error messages.
struct Builder {
  ImportedCreature out;
  std::string entry;
  Creature& c() { return out.creature; }

  void unmapped(const std::string& field, const std::string& value) {
    if (value.empty()) return;
    out.unmapped.push_back(cut(field + ": " + value, 300));
  }
  void note(const std::string& line) {
    if (line.empty() || c().notes.size() >= kMaxNotes) return;
    c().notes += (c().notes.empty() ? "" : "\n") + cut(line);
  }
  void name(const std::string& n) {
    std::string t = trim(n);
    if (t.empty()) wrong_value(entry, "name", n);
    if (t.size() > kMaxName) wrong_value(entry, "name", t);
    c().name = t;
    entry = t;
  }
  void score(const char* field, long long v, int& into) {
    if (v < 1 || v > 30) wrong_value(entry, field, std::to_string(v));
    into = static_cast<int>(v);
  }
  void hp(long long v) {
    if (v < 1 || v > 1'000'000) wrong_value(entry, "HP", std::to_string(v));
    c().max_hp = c().hp = static_cast<int>(v);
  }
  void ac(long long v) {
    if (v < 0 || v > 50) wrong_value(entry, "AC", std::to_string(v));
    c().ac = static_cast<int>(v);
  }
  void size_letter(const std::string& s) {
    static const std::map<std::string, std::string> sizes = {{"t", "tiny"},  {"s", "small"}, {"m", "medium"},
                                                             {"l", "large"}, {"h", "huge"},  {"g", "gargantuan"}};
    const std::string l = lower(trim(s));
    if (auto it = sizes.find(l); it != sizes.end()) return void(c().size = it->second);
    for (const auto& [k, v] : sizes)
      if (l == v) return void(c().size = v);
    unmapped("Size", s);
  }
  // A damage list: each part of it (split at ";") that is only plain damage types ("fire", "bludgeoning,
  // piercing, and slashing") goes into the list; a qualified part ("… from nonmagical attacks") is listed whole.
  void damage(const char* field, std::vector<std::string>& into, const std::string& text) {
    size_t a = 0;
    while (a <= text.size()) {
      size_t b = text.find(';', a);
      if (b == std::string::npos) b = text.size();
      const std::string segment = trim(std::string_view(text).substr(a, b - a));
      a = b + 1;
      if (segment.empty()) continue;
      std::vector<std::string> types;
      bool plain = true;
      for (const auto& part : split_commas(segment)) {
        std::string t = lower(part);
        if (t.rfind("and ", 0) == 0) t = trim(t.substr(4));
        const auto& all = campaign::damage_types();
        if (std::find(all.begin(), all.end(), t) == all.end()) plain = false;
        types.push_back(t);
      }
      if (!plain) {
        unmapped(field, segment);
        continue;
      }
      for (const auto& t : types)
        if (std::find(into.begin(), into.end(), t) == into.end() && !listed_elsewhere(t))
          into.push_back(t);
        else
          unmapped(field, t);
    }
  }
  bool listed_elsewhere(const std::string& t) {
    for (auto* l : {&c().resistances, &c().vulnerabilities, &c().immunities})
      if (std::find(l->begin(), l->end(), t) != l->end()) return true;
    return false;
  }
  void condition_immunity(const std::string& text) {
    for (const auto& part : split_commas(text)) {
      const std::string t = lower(part);
      const auto& ids = campaign::condition_immunity_ids();
      if (std::find(ids.begin(), ids.end(), t) != ids.end() &&
          std::find(c().condition_immunities.begin(), c().condition_immunities.end(), t) == c().condition_immunities.end())
        c().condition_immunities.push_back(t);
      else
        unmapped("Condition immunities", part);
    }
  }
  // "30 ft., fly 60 ft." → speed 30, the rest listed.
  void speeds(const std::string& text) {
    bool walked = false;
    for (const auto& part : split_commas(text)) {
      const bool plain = !part.empty() && std::isdigit(static_cast<unsigned char>(part[0]));
      if (plain && !walked) {
        if (auto v = first_int(part); v && *v <= 1000) {
          c().speed = static_cast<int>(*v);
          walked = true;
          continue;
        }
      }
      unmapped("Speed", part);
    }
  }
  void challenge(const std::string& cr) {
    const std::string t = trim(cr);
    if (t.empty()) return;
    if (auto row = cr_row(t)) {
      c().modules[kChallengeRating] = jobj{"cr", row->cr};
      c().level = static_cast<int>(row->value);
    } else {
      unmapped("Challenge", t);
    }
  }
  void level(const std::string& text) {
    auto v = first_int(text);
    if (v && *v >= 1 && *v <= 20)
      c().level = static_cast<int>(*v);
    else
      unmapped("Level", text);
  }
  ImportedCreature done() {
    try {
      Creature probe = c();
      probe.id = "c1";  // the campaign gives the id; the rest must already be a valid creature
      campaign::jr::reset_path();
      campaign::validate_creature(probe);
    } catch (const UserError& e) {
      json reason = json::object();
      for (Lang l : kLangs) reason[std::string(lang_code(l))] = e.message(l);
      throw UserError("rules.err.import_bad_entry", jobj{"entry", entry, "reason", reason});
    }
    return std::move(out);
  }
};

std::string value_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  if ((v.is_array() || v.is_object()) && v.empty()) return "";
  return cut(v.dump(), 300);
}

// [SECTION] JSON helpers that refuse a wrong type ---------------------------------------------------------------------
const json& need(const json& o, const char* key, const std::string& entry, json::value_t type, const char* expected) {
  static const json null;
  if (!o.contains(key)) return null;
  const json& v = o.at(key);
  const bool ok = type == json::value_t::number_integer ? v.is_number() : v.type() == type;
  if (!ok && !v.is_null()) wrong_type(entry, key, expected);
  return v;
}
std::optional<long long> int_at(const json& o, const char* key, const std::string& entry) {
  const json& v = need(o, key, entry, json::value_t::number_integer, "number");
  if (!v.is_number()) return std::nullopt;
  const double d = v.get<double>();
  if (d < -1e9 || d > 1e9) wrong_value(entry, key, v.dump());
  return static_cast<long long>(d);
}
std::string str_at(const json& o, const char* key, const std::string& entry) {
  const json& v = need(o, key, entry, json::value_t::string, "text");
  return v.is_string() ? v.get<std::string>() : std::string();
}
std::vector<std::string> strs_at(const json& o, const char* key, const std::string& entry) {
  std::vector<std::string> out;
  const json& v = need(o, key, entry, json::value_t::array, "list");
  if (!v.is_array()) return out;
  for (const auto& x : v) {
    if (!x.is_string()) wrong_type(entry, key, "list of texts");
    out.push_back(x.get<std::string>());
  }
  return out;
}
std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// [SECTION] Improved Initiative ---------------------------------------------------------------------------------------
// A StatBlock (common/StatBlock.ts of Improved Initiative): Name, Type, Source, HP {Value, Notes}, AC {Value, Notes},
// Speed [..], Abilities {Str … Cha}, InitiativeModifier, Damage*/ConditionImmunities [..], Saves/Skills
// [{Name, Modifier}], Senses, Languages, Challenge, Traits/Actions/Reactions/LegendaryActions [{Name, Content,
// Usage?}], Description, Player ("player" for a character), ImageURL, Id, Path, Version.
ImportedCreature ii_stat_block(const json& sb, const std::string& where, bool pc) {
  if (!sb.is_object()) wrong_type(where, "StatBlock", "object");
  Builder b;
  b.entry = where;
  b.c().kind = pc ? "pc" : "monster";
  b.name(str_at(sb, "Name", where));
  for (const char* key : {"HP", "AC"}) {
    const json& v = need(sb, key, b.entry, json::value_t::object, "object {Value, Notes}");
    if (!v.is_object()) continue;
    if (auto n = int_at(v, "Value", b.entry)) std::string(key) == "HP" ? b.hp(*n) : b.ac(*n);
    const std::string notes = str_at(v, "Notes", b.entry);
    if (std::string(key) == "HP" && !notes.empty()) {
      // "(2d6)" is the hit dice the HP came from; nothing else is kept of it
      b.unmapped("HP notes", notes);
    } else if (!notes.empty()) {
      b.unmapped("AC notes", notes);
    }
  }
  const json& ab = need(sb, "Abilities", b.entry, json::value_t::object, "object {Str … Cha}");
  if (ab.is_object()) {
    auto& a = b.c().abilities;
    const std::pair<const char*, int*> scores[] = {{"Str", &a.str}, {"Dex", &a.dex}, {"Con", &a.con},
                                                   {"Int", &a.int_}, {"Wis", &a.wis}, {"Cha", &a.cha}};
    for (auto [k, into] : scores)
      if (auto v = int_at(ab, k, b.entry)) b.score(k, *v, *into);
  }
  if (auto m = int_at(sb, "InitiativeModifier", b.entry)) {
    if (*m < -10 || *m > 30) wrong_value(b.entry, "InitiativeModifier", std::to_string(*m));
    if (*m != campaign::modifier(b.c(), "dex")) b.c().initiative_bonus = static_cast<int>(*m);
  }
  b.speeds(join(strs_at(sb, "Speed", b.entry)));
  for (const auto& s : strs_at(sb, "DamageResistances", b.entry)) b.damage("Damage resistances", b.c().resistances, s);
  for (const auto& s : strs_at(sb, "DamageVulnerabilities", b.entry)) b.damage("Damage vulnerabilities", b.c().vulnerabilities, s);
  for (const auto& s : strs_at(sb, "DamageImmunities", b.entry)) b.damage("Damage immunities", b.c().immunities, s);
  for (const auto& s : strs_at(sb, "ConditionImmunities", b.entry)) b.condition_immunity(s);
  if (pc)
    b.level(str_at(sb, "Challenge", b.entry));
  else
    b.challenge(str_at(sb, "Challenge", b.entry));
  for (const char* key : {"Saves", "Skills"}) {
    const json& v = need(sb, key, b.entry, json::value_t::array, "list of {Name, Modifier}");
    if (!v.is_array()) continue;
    std::string list;
    for (const auto& x : v) {
      if (!x.is_object()) wrong_type(b.entry, key, "list of {Name, Modifier}");
      const auto mod = int_at(x, "Modifier", b.entry).value_or(0);
      list += (list.empty() ? "" : ", ") + str_at(x, "Name", b.entry) + (mod >= 0 ? " +" : " ") + std::to_string(mod);
    }
    b.unmapped(key, list);
  }
  for (const char* key : {"Traits", "Actions", "BonusActions", "Reactions", "LegendaryActions"}) {
    const json& v = need(sb, key, b.entry, json::value_t::array, "list of {Name, Content}");
    if (!v.is_array()) continue;
    for (const auto& x : v) {
      if (!x.is_object()) wrong_type(b.entry, key, "list of {Name, Content}");
      std::string usage = str_at(x, "Usage", b.entry);
      b.note(str_at(x, "Name", b.entry) + (usage.empty() ? "" : " (" + usage + ")") + ". " + str_at(x, "Content", b.entry));
    }
    if (std::string(key) == "LegendaryActions" && !v.empty()) b.c().legendary_actions = 3;
  }
  b.note(str_at(sb, "Description", b.entry));
  static const std::vector<std::string> known = {
      "Name", "HP", "AC", "Abilities", "InitiativeModifier", "Speed", "DamageResistances", "DamageVulnerabilities",
      "DamageImmunities", "ConditionImmunities", "Challenge", "Saves", "Skills", "Traits", "Actions", "BonusActions",
      "Reactions", "LegendaryActions", "Description", "Player", "Id", "Path", "Version", "LastUpdateMs"};
  for (auto it = sb.begin(); it != sb.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end()) b.unmapped(it.key(), value_text(it.value()));
  return b.done();
}

ImportPreview read_ii(const json& doc) {
  ImportPreview p;
  p.format = "improved-initiative";
  too_many(doc.size());
  std::map<std::string, size_t> monster_by_name;
  auto add_monster = [&](ImportedCreature m) {
    auto [it, fresh] = monster_by_name.try_emplace(m.creature.name, p.monsters.size());
    if (fresh) p.monsters.push_back(std::move(m));
    return it->first;
  };
  std::vector<std::pair<std::string, const json*>> encounters;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string key = it.key();
    const json& v = it.value();
    if (key == "Creatures" || key == "PersistentCharacters" || key == "SavedEncounters" || key == "Spells") {
      if (!v.is_array()) wrong_type(key, key, "list of ids");  // the index of the list
      continue;
    }
    if (key.rfind("Creatures.", 0) == 0) {
      if (!v.is_object()) wrong_type(key, key, "object");
      const bool pc = str_at(v, "Player", key) == "player";
      ImportedCreature x = ii_stat_block(v, key, pc);
      if (pc)
        p.party.push_back(std::move(x));
      else
        add_monster(std::move(x));
    } else if (key.rfind("PersistentCharacters.", 0) == 0) {
      if (!v.is_object()) wrong_type(key, key, "object");
      ImportedCreature x = ii_stat_block(v.contains("StatBlock") ? v.at("StatBlock") : json(), key, true);
      if (auto hp = int_at(v, "CurrentHP", key); hp && *hp >= 0 && *hp <= x.creature.max_hp) x.creature.hp = static_cast<int>(*hp);
      if (const std::string notes = str_at(v, "Notes", key); !notes.empty()) x.unmapped.push_back(cut("Notes: " + notes, 300));
      p.party.push_back(std::move(x));
    } else if (key.rfind("SavedEncounters.", 0) == 0) {
      if (!v.is_object()) wrong_type(key, key, "object");
      encounters.emplace_back(key, &v);
    } else {
      p.skipped.push_back(key);
    }
  }
  for (const auto& [key, v] : encounters) {
    ImportedEncounter e;
    e.name = trim(str_at(*v, "Name", key));
    if (e.name.empty() || e.name.size() > kMaxName) wrong_value(key, "Name", e.name);
    const json& list = need(*v, "Combatants", key, json::value_t::array, "list of combatants");
    if (list.is_array()) {
      too_many(list.size());
      std::map<std::string, int> counts;
      std::vector<std::string> order;
      for (const auto& cb : list) {
        if (!cb.is_object()) wrong_type(key, "Combatants", "list of combatants");
        static const json none = json::object();
        const json& sb = cb.contains("StatBlock") && cb.at("StatBlock").is_object() ? cb.at("StatBlock") : none;
        if (cb.contains("PersistentCharacterId") || str_at(sb, "Player", key) == "player") {
          e.unmapped.push_back("Combatant: " + str_at(sb, "Name", key) + " (a character: the party)");
          continue;
        }
        const std::string name = add_monster(ii_stat_block(cb.contains("StatBlock") ? cb.at("StatBlock") : json(), key, false));
        if (counts[name]++ == 0) order.push_back(name);
        for (const char* f : {"Alias", "CurrentHP", "Initiative", "Tags"})
          if (cb.contains(f) && !value_text(cb.at(f)).empty() && value_text(cb.at(f)) != "0")
            e.unmapped.push_back(cut(name + " " + f + ": " + value_text(cb.at(f)), 300));
      }
      for (const auto& n : order) e.members.emplace_back(n, counts[n]);
    }
    if (!e.members.empty()) p.encounters.push_back(std::move(e));
  }
  too_many(p.monsters.size() + p.party.size() + p.encounters.size() + p.skipped.size());
  return p;
}

// [SECTION] 5etools homebrew ------------------------------------------------------------------------------------------
// Strips 5etools' inline tags: {@hit 4} → +4, {@h} → Hit:, {@atk mw} → Melee Weapon Attack:, {@dc 13} → DC 13,
// {@damage 1d6 + 2} → 1d6 + 2, {@tag text|source|…} → text.
std::string untag(const std::string& s) {
  std::string out;
  size_t k = 0;
  int guard = 0;
  while (k < s.size()) {
    if (s.compare(k, 2, "{@") == 0 && ++guard < 10000) {
      const size_t close = s.find('}', k);
      if (close == std::string::npos) break;
      const std::string inner = s.substr(k + 2, close - k - 2);
      const size_t sp = inner.find(' ');
      const std::string tag = inner.substr(0, sp);
      std::string text = sp == std::string::npos ? "" : inner.substr(sp + 1);
      text = text.substr(0, text.find('|'));
      if (tag == "hit") out += (text.rfind('-', 0) == 0 ? "" : "+") + text;
      else if (tag == "h") out += "Hit: ";
      else if (tag == "atk") out += text.find('r') != std::string::npos && text.find('m') == std::string::npos ? "Ranged Weapon Attack:" : text.find('r') != std::string::npos ? "Melee or Ranged Weapon Attack:" : "Melee Weapon Attack:";
      else if (tag == "dc") out += "DC " + text;
      else if (tag == "recharge") out += "(Recharge " + (text.empty() ? std::string("6") : text + "–6") + ")";
      else out += text;
      k = close + 1;
    } else {
      out += s[k++];
    }
  }
  return out;
}

// The text of 5etools "entries" (strings, and objects with their own entries or items), flattened.
std::string entries_text(const json& v, int depth = 0) {
  if (depth > 8) return "";
  if (v.is_string()) return untag(v.get<std::string>());
  std::string out;
  if (v.is_array()) {
    for (const auto& x : v) {
      std::string t = entries_text(x, depth + 1);
      if (!t.empty()) out += (out.empty() ? "" : " ") + t;
    }
  } else if (v.is_object()) {
    if (v.contains("name") && v.at("name").is_string()) out += v.at("name").get<std::string>() + ". ";
    for (const char* k : {"entries", "items", "entry"})
      if (v.contains(k)) out += entries_text(v.at(k), depth + 1);
  }
  return out;
}

// A 5etools damage list: strings, or objects {resist|immune|vulnerable: [...], note?, cond?} (qualified: listed).
void fivee_damage(Builder& b, const json& v, const char* key, const char* field, std::vector<std::string>& into) {
  if (v.is_null()) return;
  if (!v.is_array()) wrong_type(b.entry, key, "list");
  for (const auto& x : v) {
    if (x.is_string())
      b.damage(field, into, x.get<std::string>());
    else if (x.is_object() || x.is_array())
      b.unmapped(field, entries_text(x).empty() ? value_text(x) : value_text(x));
    else
      wrong_type(b.entry, key, "list");
  }
}

ImportedCreature fivee_monster(const json& m, size_t index) {
  const std::string where = "monster[" + std::to_string(index) + "]";
  if (!m.is_object()) wrong_type(where, "monster", "object");
  Builder b;
  b.entry = where;
  b.c().kind = "monster";
  b.name(str_at(m, "name", where));
  const std::vector<std::string> handled = {
      "name", "size", "ac", "hp", "speed", "str", "dex", "con", "int", "wis", "cha", "resist", "immune", "vulnerable",
      "conditionImmune", "cr", "trait", "action", "bonus", "reaction", "legendary", "legendaryActions", "source"};
  if (m.contains("size")) {
    const json& s = m.at("size");
    if (s.is_array() && !s.empty() && s[0].is_string()) {
      b.size_letter(s[0].get<std::string>());
      if (s.size() > 1) b.unmapped("size", value_text(s));
    } else if (s.is_string()) {
      b.size_letter(s.get<std::string>());
    } else {
      wrong_type(b.entry, "size", "list of size letters");
    }
  }
  if (m.contains("ac")) {
    const json& ac = m.at("ac");
    const json& first = ac.is_array() && !ac.empty() ? ac[0] : ac;
    if (first.is_number()) b.ac(static_cast<long long>(first.get<double>()));
    else if (first.is_object() && first.contains("ac") && first.at("ac").is_number()) {
      b.ac(static_cast<long long>(first.at("ac").get<double>()));
      if (first.contains("from")) b.unmapped("ac from", entries_text(first.at("from")));
    } else wrong_type(b.entry, "ac", "number or list of {ac, from}");
    if (ac.is_array() && ac.size() > 1) b.unmapped("ac (other)", value_text(json(std::vector<json>(ac.begin() + 1, ac.end()))));
  }
  if (m.contains("hp")) {
    const json& hp = m.at("hp");
    if (!hp.is_object()) wrong_type(b.entry, "hp", "object {average, formula}");
    if (auto avg = int_at(hp, "average", b.entry)) b.hp(*avg);
    else b.unmapped("hp", value_text(hp));
    if (const std::string f = str_at(hp, "formula", b.entry); !f.empty()) b.unmapped("hp formula", f);
  }
  if (m.contains("speed")) {
    const json& sp = m.at("speed");
    if (!sp.is_object()) wrong_type(b.entry, "speed", "object {walk, fly …}");
    for (auto it = sp.begin(); it != sp.end(); ++it) {
      const json& v = it.value();
      const json& n = v.is_object() && v.contains("number") ? v.at("number") : v;
      if (it.key() == "walk" && n.is_number() && n.get<double>() >= 0 && n.get<double>() <= 1000)
        b.c().speed = static_cast<int>(n.get<double>());
      else
        b.unmapped("speed " + it.key(), value_text(v));
    }
  }
  auto& a = b.c().abilities;
  const std::pair<const char*, int*> scores[] = {{"str", &a.str}, {"dex", &a.dex}, {"con", &a.con},
                                                 {"int", &a.int_}, {"wis", &a.wis}, {"cha", &a.cha}};
  for (auto [k, into] : scores)
    if (auto v = int_at(m, k, b.entry)) b.score(k, *v, *into);
  fivee_damage(b, m.value("resist", json()), "resist", "resist", b.c().resistances);
  fivee_damage(b, m.value("vulnerable", json()), "vulnerable", "vulnerable", b.c().vulnerabilities);
  fivee_damage(b, m.value("immune", json()), "immune", "immune", b.c().immunities);
  if (m.contains("conditionImmune")) {
    const json& ci = m.at("conditionImmune");
    if (!ci.is_array()) wrong_type(b.entry, "conditionImmune", "list");
    for (const auto& x : ci) {
      if (x.is_string()) b.condition_immunity(x.get<std::string>());
      else b.unmapped("conditionImmune", value_text(x));
    }
  }
  if (m.contains("cr")) {
    const json& cr = m.at("cr");
    if (cr.is_string()) b.challenge(cr.get<std::string>());
    else if (cr.is_object() && cr.contains("cr") && cr.at("cr").is_string()) {
      b.challenge(cr.at("cr").get<std::string>());
      for (auto it = cr.begin(); it != cr.end(); ++it)
        if (it.key() != "cr") b.unmapped("cr " + it.key(), value_text(it.value()));
    } else wrong_type(b.entry, "cr", "text or {cr}");
  }
  for (const char* key : {"trait", "action", "bonus", "reaction", "legendary"}) {
    if (!m.contains(key)) continue;
    const json& list = m.at(key);
    if (!list.is_array()) wrong_type(b.entry, key, "list of {name, entries}");
    for (const auto& x : list) {
      if (!x.is_object()) wrong_type(b.entry, key, "list of {name, entries}");
      b.note(untag(str_at(x, "name", b.entry)) + ". " + entries_text(x.value("entries", json())));
    }
    if (std::string(key) == "legendary" && !list.empty()) b.c().legendary_actions = 3;
  }
  if (auto n = int_at(m, "legendaryActions", b.entry)) {
    if (*n < 0 || *n > 10) wrong_value(b.entry, "legendaryActions", std::to_string(*n));
    b.c().legendary_actions = static_cast<int>(*n);
  }
  for (auto it = m.begin(); it != m.end(); ++it)
    if (std::find(handled.begin(), handled.end(), it.key()) == handled.end()) b.unmapped(it.key(), value_text(it.value()));
  if (m.contains("source")) b.unmapped("source", value_text(m.at("source")));
  return b.done();
}

ImportPreview read_5etools(const json& doc) {
  ImportPreview p;
  p.format = "5etools";
  const json& list = doc.contains("monster") ? doc.at("monster") : json();
  if (!list.is_null() && !list.is_array()) wrong_type("monster", "monster", "list");
  if (list.is_array()) too_many(list.size());
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (it.key() == "monster" || it.key() == "_meta") continue;
    const size_t n = it.value().is_array() ? it.value().size() : 1;
    too_many(n);
    p.skipped.push_back(it.key() + " ×" + std::to_string(n));
  }
  if (list.is_array())
    for (size_t k = 0; k < list.size(); ++k) {
      ImportedCreature m = fivee_monster(list[k], k);
      const bool dup = std::any_of(p.monsters.begin(), p.monsters.end(), [&](const ImportedCreature& x) { return x.creature.name == m.creature.name; });
      if (dup) wrong_value("monster[" + std::to_string(k) + "]", "name", m.creature.name + " (twice)");
      p.monsters.push_back(std::move(m));
    }
  return p;
}

// [SECTION] Fight Club 5 / DnDAppFiles XML ----------------------------------------------------------------------------
// <compendium><monster><name/><size>S</size><type/><alignment/><ac>15 (leather armor)</ac><hp>7 (2d6)</hp>
// <speed>30 ft.</speed><str/>…<cha/><save/><skill/><resist/><vulnerable/><immune/><conditionImmune/><senses/>
// <passive/><languages/><cr>1/4</cr><trait><name/><text/></trait><action><name/><text/><attack/></action>
// <reaction/><legendary/><spells/><description/></monster>…</compendium>
ImportedCreature fc5_monster(const xml::Element& m, size_t index) {
  Builder b;
  b.entry = "monster " + std::to_string(index + 1);
  b.c().kind = "monster";
  b.name(m.child_text("name"));
  const std::vector<std::string> handled = {"name", "size", "ac", "hp", "speed", "str", "dex", "con", "int", "wis", "cha",
                                            "resist", "vulnerable", "immune", "conditionImmune", "cr", "trait", "action",
                                            "reaction", "legendary", "description"};
  if (const std::string s = m.child_text("size"); !s.empty()) b.size_letter(s);
  if (const std::string s = m.child_text("ac"); !s.empty()) {
    auto v = first_int(s);
    if (!v) wrong_value(b.entry, "ac", s);
    b.ac(*v);
    if (auto p = s.find('('); p != std::string::npos) b.unmapped("ac", s.substr(p));
  }
  if (const std::string s = m.child_text("hp"); !s.empty()) {
    auto v = first_int(s);
    if (!v) wrong_value(b.entry, "hp", s);
    b.hp(*v);
    if (auto p = s.find('('); p != std::string::npos) b.unmapped("hp", s.substr(p));
  }
  b.speeds(m.child_text("speed"));
  auto& a = b.c().abilities;
  const std::pair<const char*, int*> scores[] = {{"str", &a.str}, {"dex", &a.dex}, {"con", &a.con},
                                                 {"int", &a.int_}, {"wis", &a.wis}, {"cha", &a.cha}};
  for (auto [k, into] : scores) {
    const std::string s = m.child_text(k);
    if (s.empty()) continue;
    auto v = first_int(s);
    if (!v || s.find_first_not_of("0123456789 ") != std::string::npos) wrong_type(b.entry, k, "a number");
    b.score(k, *v, *into);
  }
  b.damage("resist", b.c().resistances, m.child_text("resist"));
  b.damage("vulnerable", b.c().vulnerabilities, m.child_text("vulnerable"));
  b.damage("immune", b.c().immunities, m.child_text("immune"));
  b.condition_immunity(m.child_text("conditionImmune"));
  b.challenge(m.child_text("cr"));
  for (const char* key : {"trait", "action", "reaction", "legendary"}) {
    const auto list = m.children_named(key);
    for (const auto* x : list) {
      std::string text;
      for (const auto* t : x->children_named("text")) text += (text.empty() ? "" : " ") + trim(t->text);
      b.note(x->child_text("name") + ". " + text);
      for (const auto* at : x->children_named("attack")) b.unmapped(std::string(key) + " attack", trim(at->text));
    }
    if (std::string(key) == "legendary" && !list.empty()) b.c().legendary_actions = 3;
  }
  b.note(m.child_text("description"));
  for (const auto& ch : m.children)
    if (std::find(handled.begin(), handled.end(), ch.name) == handled.end()) b.unmapped(ch.name, trim(ch.text));
  return b.done();
}

ImportPreview read_fc5(std::string_view text) {
  xml::Limits lim;
  lim.max_bytes = kMaxImportBytes;
  lim.max_depth = kMaxImportDepth;
  const xml::Element root = xml::parse(text, lim);
  if (root.name != "compendium") throw UserError("rules.err.import_unknown_format");
  ImportPreview p;
  p.format = "fc5";
  too_many(root.children.size());
  std::map<std::string, int> other;
  size_t k = 0;
  for (const auto& ch : root.children) {
    if (ch.name != "monster") {
      ++other[ch.name];
      continue;
    }
    ImportedCreature m = fc5_monster(ch, k++);
    const bool dup = std::any_of(p.monsters.begin(), p.monsters.end(), [&](const ImportedCreature& x) { return x.creature.name == m.creature.name; });
    if (dup) wrong_value("monster " + std::to_string(k), "name", m.creature.name + " (twice)");
    p.monsters.push_back(std::move(m));
  }
  for (const auto& [name, n] : other) p.skipped.push_back("<" + name + "> ×" + std::to_string(n));
  return p;
}

// [SECTION] the entry points: preview and the import command ----------------------------------------------------------
json creature_json(const ImportedCreature& x) {
  json c = campaign::compact_json(x.creature);
  c.erase("id");
  return c;
}

}  // namespace

ImportPreview preview_import(std::string_view text) {
  if (text.size() > kMaxImportBytes) throw UserError("rules.err.import_too_large", jobj{"max_mb", kMaxImportBytes >> 20});
  size_t k = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") k = 3;
  while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
  if (k == text.size()) throw UserError("rules.err.import_unknown_format");
  if (text[k] == '<') return read_fc5(text);
  io::InputLimits lim;
  lim.max_bytes = kMaxImportBytes;
  lim.max_depth = kMaxImportDepth;
  const json doc = io::parse_json(text.substr(k), lim);
  if (!doc.is_object()) throw UserError("rules.err.import_unknown_format");
  if (doc.contains("monster") || doc.contains("_meta")) return read_5etools(doc);
  for (auto it = doc.begin(); it != doc.end(); ++it)
    for (const char* prefix : {"Creatures.", "PersistentCharacters.", "SavedEncounters."})
      if (it.key().rfind(prefix, 0) == 0) return read_ii(doc);
  throw UserError("rules.err.import_unknown_format");
}

json preview_json(const ImportPreview& p) {
  json out = jobj{"format", p.format, "monsters", json::array(), "party", json::array(), "encounters", json::array(),
                  "skipped", p.skipped};
  for (const auto* list : {&p.monsters, &p.party})
    for (const auto& x : *list)
      out[list == &p.monsters ? "monsters" : "party"].push_back(
          jobj{"name", x.creature.name, "creature", creature_json(x), "unmapped", x.unmapped});
  for (const auto& e : p.encounters) {
    json members = json::array();
    for (const auto& [name, n] : e.members) members.push_back(jobj{"monster", name, "count", n});
    out["encounters"].push_back(jobj{"name", e.name, "members", members, "unmapped", e.unmapped});
  }
  return out;
}

json import_command(const ImportPreview& p) {
  json cmd = jobj{"type", "ImportCreatures", "format", p.format, "monsters", json::array(), "party", json::array(),
                  "encounters", json::array()};
  for (const auto& x : p.monsters) cmd["monsters"].push_back(creature_json(x));
  for (const auto& x : p.party) cmd["party"].push_back(creature_json(x));
  for (const auto& e : p.encounters) {
    json members = json::array();
    for (const auto& [name, n] : e.members) members.push_back(jobj{"monster", name, "count", n});
    cmd["encounters"].push_back(jobj{"name", e.name, "members", members});
  }
  return cmd;
}

}  // namespace druzina::rules
