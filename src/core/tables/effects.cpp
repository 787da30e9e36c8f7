// Validation of the roll-table effect vocabulary (see effects.hpp and docs/tables.md).
#include "core/tables/effects.hpp"

#include <algorithm>
#include <functional>
#include <map>

namespace druzina::tables {

using nlohmann::json;

const std::vector<std::string>& roll_kinds() {
  static const std::vector<std::string> list = {
      "attacks",          "ranged_attacks",   "ability_checks",    "perception_sight",
      "perception_hearing", "perception_smell", "persuasion",       "intimidation",
      "sleight_of_hand_injured_hand", "fine_tools_injured_hand", "dex_balance"};
  return list;
}

const std::vector<std::string>& item_categories() {
  static const std::vector<std::string> list = {"weapon", "armor", "shield", "other"};
  return list;
}

const std::vector<std::string>& effect_conditions() {
  static const std::vector<std::string> list = {"bad_weather"};
  return list;
}

const std::vector<std::string>& durations() {
  static const std::vector<std::string> list = {"end_of_next_turn", "start_of_next_turn", "while_it_lasts"};
  return list;
}

const std::vector<std::string>& condition_ids() {
  static const std::vector<std::string> list = {"blinded",    "charmed",       "deafened", "frightened", "grappled",
                                                "incapacitated", "invisible", "paralyzed", "petrified", "poisoned",
                                                "prone",      "restrained",    "stunned",  "unconscious"};
  return list;
}

namespace {

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

bool is_snake_id(const json& v) {
  if (!v.is_string()) return false;
  const auto& s = v.get_ref<const std::string&>();
  if (s.empty() || s.front() == '_' || s.back() == '_') return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

bool is_true(const json& v) { return v.is_boolean() && v.get<bool>(); }
bool int_in(const json& v, long long lo, long long hi) {
  return v.is_number_integer() && v.get<long long>() >= lo && v.get<long long>() <= hi;
}

bool list_of(const json& v, const std::vector<std::string>& allowed) {
  if (!v.is_array() || v.empty()) return false;
  for (const auto& item : v)
    if (!item.is_string() || !contains(allowed, item.get<std::string>())) return false;
  return true;
}

std::string join(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& s : list) out += (out.empty() ? "" : "|") + s;
  return out;
}

void check_cure(const json& cure, std::vector<std::string>& problems) {
  if (!cure.is_object() || cure.empty()) {
    problems.push_back("cure: must be a non-empty object");
    return;
  }
  using Check = std::function<bool(const json&)>;
  const std::map<std::string, std::pair<Check, std::string>> keys = {
      {"magic", {is_true, "true"}},
      {"magic_min_level", {[](const json& v) { return int_in(v, 1, 9); }, "a spell level 1–9"}},
      {"regrowth", {is_true, "true"}},
      {"remove_poison", {is_true, "true"}},
      {"medicine_dc", {[](const json& v) { return int_in(v, 1, 30); }, "a DC 1–30"}},
      {"medicine_minutes", {[](const json& v) { return int_in(v, 1, 1440); }, "minutes"}},
      {"healer_kit", {is_true, "true"}},
      {"retry_hours", {[](const json& v) { return int_in(v, 1, 720); }, "hours"}},
      {"splint", {is_true, "true"}},
      {"rest_days", {[](const json& v) { return int_in(v, 1, 365); }, "days"}},
      {"rest_only_days", {[](const json& v) { return int_in(v, 1, 365); }, "days"}},
  };
  for (const auto& [key, value] : cure.items()) {
    auto it = keys.find(key);
    if (it == keys.end())
      problems.push_back("cure." + key + ": unknown cure");
    else if (!it->second.first(value))
      problems.push_back("cure." + key + ": must be " + it->second.second);
  }
  if (cure.contains("splint") && (!cure.contains("medicine_dc") || !cure.contains("rest_days")))
    problems.push_back("cure.splint: needs medicine_dc and rest_days");
  for (const char* k : {"medicine_minutes", "healer_kit", "retry_hours"})
    if (cure.contains(k) && !cure.contains("medicine_dc")) problems.push_back(std::string("cure.") + k + ": needs medicine_dc");
  if (cure.contains("medicine_dc") && !cure.contains("splint") && !cure.contains("healer_kit"))
    problems.push_back("cure.medicine_dc: say how it works (splint + rest_days, or healer_kit treatment)");
}

void check(const json& e, bool nested, std::vector<std::string>& problems) {
  if (!e.is_object() || e.empty()) {
    problems.push_back("effects: must be a non-empty object");
    return;
  }
  auto bad = [&](const std::string& key, const std::string& what) { problems.push_back(key + ": must be " + what); };
  bool lasting = false;  // keys whose effect needs a duration: `until`, an injury, or a nested at_count
  for (const auto& [key, v] : e.items()) {
    if (key == "hp_to_zero" || key == "stable") {
      if (!is_true(v)) bad(key, "true");
    } else if (key == "destroy_item") {
      if (!list_of(v, item_categories())) bad(key, "a list of " + join(item_categories()));
    } else if (key == "until") {
      if (!v.is_string() || !contains(durations(), v.get<std::string>())) bad(key, join(durations()));
    } else if (key == "condition") {
      lasting = true;
      if (!v.is_string() || !contains(condition_ids(), v.get<std::string>())) bad(key, "an SRD condition id");
    } else if (key == "no_reactions" || key == "needs_crutch" || key == "dash_prone" || key == "one_hand" ||
               key == "action_or_bonus") {
      lasting = true;
      if (!is_true(v)) bad(key, "true");
    } else if (key == "advantage" || key == "disadvantage") {
      lasting = true;
      if (!list_of(v, roll_kinds())) bad(key, "a list of roll kinds (" + join(roll_kinds()) + ")");
    } else if (key == "injury" || key == "as_injury") {
      if (!is_snake_id(v)) bad(key, "a snake_case id");
    } else if (key == "scar" || key == "leaves_scar") {
      if (!is_true(v)) bad(key, "true");
    } else if (key == "when") {
      lasting = true;
      if (!v.is_string() || !contains(effect_conditions(), v.get<std::string>())) bad(key, join(effect_conditions()));
    } else if (key == "speed") {
      lasting = true;
      if (!(v == "half" || int_in(v, -120, -1))) bad(key, "\"half\" or a negative number of feet");
    } else if (key == "dash_save_dc" || key == "combat_action_save_dc") {
      lasting = true;
      if (!int_in(v, 1, 30)) bad(key, "a DC 1–30");
    } else if (key == "verbal_spell_fail_d20") {
      lasting = true;
      if (!int_in(v, 1, 19)) bad(key, "a d20 result 1–19 (fails on that or lower)");
    } else if (key == "max_hp_per_day" || key == "hp_per_hour") {
      lasting = true;
      if (!int_in(v, -100, -1)) bad(key, "a negative whole number");
    } else if (key == "exhaustion") {
      lasting = true;
      if (!int_in(v, 1, 10)) bad(key, "an exhaustion level 1–10");
    } else if (key == "at_count") {
      if (nested) problems.push_back("at_count: cannot nest");
      if (!v.is_object() || !int_in(v.value("n", json()), 2, 20) || !v.contains("effects")) {
        bad(key, "{\"n\": 2–20, \"per\"?: \"hand\", \"effects\": {...}}");
      } else {
        for (const auto& [k, _] : v.items())
          if (k != "n" && k != "per" && k != "effects") problems.push_back("at_count." + k + ": unknown key");
        if (v.contains("per") && v["per"] != "hand") bad("at_count.per", "\"hand\"");
        std::vector<std::string> inner;
        check(v["effects"], true, inner);
        for (auto& p : inner) problems.push_back("at_count.effects." + p);
      }
    } else if (key == "cure") {
      check_cure(v, problems);
    } else {
      problems.push_back(key + ": not in the effect vocabulary (docs/tables.md)");
    }
  }
  const bool injury = e.contains("injury");
  for (const char* k : {"cure", "scar", "leaves_scar", "at_count"})
    if (e.contains(k) && !injury) problems.push_back(std::string(k) + ": only for an injury (needs \"injury\")");
  if (injury && !e.contains("cure")) problems.push_back("injury: needs a \"cure\"");
  if (injury && e.contains("until")) problems.push_back("until: an injury lasts until cured, not until a turn");
  if (lasting && !injury && !nested && !e.contains("until"))
    problems.push_back("effects: lasting effects need \"until\" or an \"injury\"");
  if (e.contains("until") && !lasting) problems.push_back("until: nothing here lasts");
  if (e.contains("stable") && !e.contains("hp_to_zero")) problems.push_back("stable: only with hp_to_zero");
}

}  // namespace

std::vector<std::string> validate_effects(const json& effects) {
  std::vector<std::string> problems;
  check(effects, false, problems);
  return problems;
}

void collect_injury_ids(const json& effects, std::vector<std::string>& out) {
  if (!effects.is_object()) return;
  for (const char* k : {"injury", "as_injury"})
    if (effects.contains(k) && effects[k].is_string()) out.push_back(effects[k].get<std::string>());
  if (effects.contains("at_count") && effects["at_count"].is_object())
    collect_injury_ids(effects["at_count"].value("effects", json()), out);
}

}  // namespace druzina::tables
