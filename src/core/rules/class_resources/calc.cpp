// The class resources' counts (class_resources.hpp) from assets/data/rules/class-resources.json, and the calculator
// class-resources (`druzina --json rule class-resources --class monk --level 5`, or --classes fighter:2,cleric:3).
#include <algorithm>
#include <stdexcept>

#include "core/assets.hpp"
#include "core/calc/params.hpp"
#include "core/campaign/derived.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/class_resources/class_resources.hpp"

namespace druzina::calc {

namespace {

using nlohmann::json;

const json& data() {
  static const json d = assets::json("data/rules/class-resources.json");
  return d;
}

// The class a level counts for: the third casters are a fighter's and a rogue's subclass.
std::string base_class(const std::string& cls) {
  if (cls == "eldritch-knight") return "fighter";
  if (cls == "arcane-trickster") return "rogue";
  return cls;
}

int level_of(const std::vector<ClassLevel>& classes, const std::string& cls) {
  int n = 0;
  for (const auto& k : classes)
    if (base_class(k.cls) == cls) n += k.level;
  return std::clamp(n, 0, 20);
}

// One source's count at this class level (0: none yet).
int source_count(const json& s, int level, int cha_mod) {
  if (level < 1) return 0;
  if (s.contains("table")) return s.at("table").at(static_cast<size_t>(level - 1)).get<int>();
  if (level < s.value("from", 1)) return 0;
  if (s.contains("per_level")) return s.at("per_level").get<int>() * level;
  if (s.contains("count")) return s.at("count").get<int>();
  if (s.contains("ability")) return std::max(s.value("min", 0), cha_mod + s.value("plus", 0));
  throw std::runtime_error("class-resources.json: a source with no count");
}

}  // namespace

const std::vector<std::string>& class_resource_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const auto& r : data().at("resources")) out.push_back(r.at("id").get<std::string>());
    return out;
  }();
  return ids;
}

std::vector<ResourceCount> class_resources(const std::vector<ClassLevel>& classes, int cha_mod) {
  std::vector<ResourceCount> out;
  for (const auto& r : data().at("resources")) {
    ResourceCount c;
    c.id = r.at("id").get<std::string>();
    int level = 0;  // the level of the class that gives the most (several: Channel Divinity of a cleric-paladin)
    for (const auto& s : r.at("sources")) {
      const int lv = level_of(classes, s.at("class").get<std::string>());
      const int n = source_count(s, lv, cha_mod);
      if (n > c.max || (n == c.max && lv > level)) {
        c.max = std::max(c.max, n);
        level = lv;
      }
      if (lv > 0 && lv >= r.value("unlimited_from", 99)) c.unlimited = true;
    }
    if (c.max <= 0 && !c.unlimited) continue;
    if (c.unlimited) c.max = 0;
    c.short_rest = r.value("rest", "long") == "short" || level >= r.value("short_rest_from", 99);
    c.pool = r.value("pool", false);
    c.heal = r.value("heal", "");
    c.heal_dice = r.value("heal_dice", "");
    if (!c.heal_dice.empty()) c.heal_bonus = level;
    if (r.contains("die")) c.die = r.at("die").at(static_cast<size_t>(level - 1)).get<int>();
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

std::vector<calc::Calculator> class_resources_calculators() {
  calc::Param cls = calc::choice_param("class", "calc.param.class_resources.class", srd_classes(), false);
  calc::Param classes;
  classes.name = "classes";
  classes.type = calc::ParamType::string;
  classes.required = false;
  classes.description_key = "calc.param.class_resources.classes";
  calc::Calculator c = {
      "class-resources", "calc.desc.class_resources",
      {cls, calc::int_param("level", "calc.param.class_resources.level", 1, 20, false), classes,
       calc::int_param("cha", "calc.param.class_resources.cha", 1, 30, false, 10)},
      [](const nlohmann::json& p, Rng&) -> nlohmann::json {
        std::vector<calc::ClassLevel> list;
        if (p.contains("classes")) {
          if (p.contains("class") || p.contains("level")) throw UserError("calc.err.classes_or_class");
          list = calc::parse_class_levels(p.at("classes").get<std::string>());
          for (const auto& k : list)
            if (!is_srd_class(k.cls)) throw UserError("calc.err.class_resources_class", jobj{"value", k.cls});
        } else {
          if (!p.contains("class") || !p.contains("level")) throw UserError("calc.err.classes_or_class");
          list.push_back({p.at("class").get<std::string>(), p.at("level").get<int>()});
        }
        const int cha = campaign::ability_modifier(p.value("cha", 10));
        nlohmann::json out = nlohmann::json::object();
        for (const auto& r : calc::class_resources(list, cha)) {
          nlohmann::json one = jobj{"max", r.unlimited ? nlohmann::json("unlimited") : nlohmann::json(r.max), "rest",
                                    r.short_rest ? "short" : "long"};
          if (r.die > 0) one["die"] = r.die;
          if (!r.heal_dice.empty()) one["heal"] = r.heal_dice + "+" + std::to_string(r.heal_bonus);
          out[r.id] = std::move(one);
        }
        return out;
      }};
  return {c};
}

}  // namespace druzina::rules
