// The spell-slot arithmetic (spell_slots.hpp) and its calculators spell-slots and spell-dc.
#include <algorithm>
#include <cctype>

#include "core/assets.hpp"
#include "core/calc/params.hpp"
#include "core/campaign/derived.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"

namespace druzina::calc {

namespace {

struct Tables {
  std::array<std::array<int, 9>, 20> full{};
  std::array<std::array<int, 2>, 20> pact{};
};

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    const nlohmann::json j = assets::json("data/rules/spell-slots.json");
    for (size_t lv = 0; lv < 20; ++lv) {
      for (size_t k = 0; k < 9; ++k) out.full[lv][k] = j.at("full").at(lv).at(k).get<int>();
      for (size_t k = 0; k < 2; ++k) out.pact[lv][k] = j.at("pact").at(lv).at(k).get<int>();
    }
    return out;
  }();
  return t;
}

std::array<int, 9> full_at(int caster_level) {
  if (caster_level < 1) return {};
  return tables().full[static_cast<size_t>(std::min(caster_level, 20) - 1)];
}

}  // namespace

std::string caster_kind(std::string_view cls) {
  for (const char* k : {"bard", "cleric", "druid", "sorcerer", "wizard"})
    if (cls == k) return "full";
  if (cls == "paladin" || cls == "ranger") return "half";
  if (cls == "eldritch-knight" || cls == "arcane-trickster") return "third";
  if (cls == "warlock") return "pact";
  return {};
}

Slots spell_slots(const std::vector<ClassLevel>& classes) {
  Slots out;
  int full = 0, half = 0, third = 0, casting_classes = 0;
  for (const auto& c : classes) {
    const std::string kind = caster_kind(c.cls);
    const int lv = std::clamp(c.level, 0, 20);
    if (kind == "pact" && lv > 0) {
      const auto& p = tables().pact[static_cast<size_t>(lv - 1)];
      out.pact_slots = p[0];
      out.pact_level = p[1];
    }
    if (kind == "full") full += lv;
    if (kind == "half") half += lv;
    if (kind == "third") third += lv;
    if (kind == "full" || kind == "half" || kind == "third") ++casting_classes;
  }
  if (casting_classes == 1) {  // one class: its own table, rounded up (none before the 2nd / 3rd level)
    const int level = full + (half >= 2 ? (half + 1) / 2 : 0) + (third >= 3 ? (third + 2) / 3 : 0);
    out.slots = full_at(level);
  } else if (casting_classes > 1) {
    out.slots = full_at(full + half / 2 + third / 3);
  }
  return out;
}

std::vector<ClassLevel> parse_class_levels(std::string_view text) {
  std::vector<ClassLevel> out;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find(',', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view part = text.substr(i, j - i);
    const size_t colon = part.find(':');
    if (colon == std::string_view::npos || colon == 0 || part.size() - colon > 3 || out.size() >= 12)
      throw UserError("calc.err.classes", jobj{"value", std::string(text)});
    int level = 0;
    for (char ch : part.substr(colon + 1)) {
      if (!std::isdigit(static_cast<unsigned char>(ch))) throw UserError("calc.err.classes", jobj{"value", std::string(text)});
      level = level * 10 + (ch - '0');
    }
    if (level < 1 || level > 20) throw UserError("calc.err.classes", jobj{"value", std::string(text)});
    out.push_back({std::string(part.substr(0, colon)), level});
    i = j + 1;
  }
  return out;
}

SpellDc spell_dc(int ability_score, int level) {
  const int mod = campaign::ability_modifier(ability_score), prof = campaign::proficiency_bonus(level);
  return {8 + prof + mod, prof + mod};
}

}  // namespace druzina::calc

namespace druzina::rules {

std::vector<calc::Calculator> spell_slots_calculators() {
  calc::Param cls;
  cls.name = "class";
  cls.type = calc::ParamType::enumeration;
  cls.allowed = {"bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "warlock", "wizard", "eldritch-knight",
                 "arcane-trickster"};
  cls.required = false;
  cls.description_key = "calc.param.spell_slots.class";
  calc::Param classes;
  classes.name = "classes";
  classes.type = calc::ParamType::string;
  classes.required = false;
  classes.description_key = "calc.param.spell_slots.classes";
  calc::Calculator slots = {
      "spell-slots", "calc.desc.spell_slots",
      {cls, calc::int_param("level", "calc.param.spell_slots.level", 1, 20, false), classes},
      [](const nlohmann::json& p, Rng&) -> nlohmann::json {
        std::vector<calc::ClassLevel> list;
        if (p.contains("classes")) {
          if (p.contains("class") || p.contains("level")) throw UserError("calc.err.classes_or_class");
          list = calc::parse_class_levels(p.at("classes").get<std::string>());
        } else {
          if (!p.contains("class") || !p.contains("level")) throw UserError("calc.err.classes_or_class");
          list.push_back({p.at("class").get<std::string>(), p.at("level").get<int>()});
        }
        for (const auto& c : list)
          if (calc::caster_kind(c.cls).empty()) throw UserError("calc.err.not_a_caster", jobj{"value", c.cls});
        const calc::Slots s = calc::spell_slots(list);
        nlohmann::json out = nlohmann::json::object();
        const bool others = std::any_of(list.begin(), list.end(), [](const auto& c) { return c.cls != "warlock"; });
        if (others) out["slots"] = s.slots;
        if (s.pact_slots > 0) out["pact"] = jobj{"slots", s.pact_slots, "level", s.pact_level};
        return out;
      }};
  calc::Calculator dc = {"spell-dc", "calc.desc.spell_dc",
                         {calc::int_param("ability-score", "calc.param.spell_dc.ability_score", 1, 30),
                          calc::int_param("level", "calc.param.spell_dc.level", 1, 30)},
                         [](const nlohmann::json& p, Rng&) -> nlohmann::json {
                           const auto r = calc::spell_dc(p.at("ability-score").get<int>(), p.at("level").get<int>());
                           return jobj{"dc", r.dc, "attack", r.attack};
                         }};
  return {slots, dc};
}

}  // namespace druzina::rules
