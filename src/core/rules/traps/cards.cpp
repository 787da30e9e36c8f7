// The SRD's eight sample traps as cards (assets/data/rules/traps.json, read once and checked) and the calculator
//   druzina rule sample-trap --id rolling-sphere → {"kind": "mechanical", "complex": true, "initiative_bonus": 8,
//     "spot_dc": 15, "spot_skill": "perception", "disarm_dc": null, "save": "dex", "save_dc": 15,
//     "attack_bonus": null, "damage": "10d10", "damage_type": "bludgeoning"}
// (null = does not apply); an unknown id exits 2 with the ids listed.
#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/assets.hpp"
#include "core/calc/params.hpp"
#include "core/rules/common.hpp"
#include "core/rules/traps/traps.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

namespace {

nlohmann::json str_or_null(const std::string& s) { return s.empty() ? nlohmann::json() : nlohmann::json(s); }

}  // namespace

std::string skill_ability(std::string_view skill) { return skill == "perception" ? "wis" : "int"; }

const std::vector<TrapCard>& trap_cards() {
  static const std::vector<TrapCard> list = [] {
    const nlohmann::json data = assets::json("data/rules/traps.json");
    static const std::set<std::string> skills = {"perception", "investigation", "arcana"};
    static const std::set<std::string> abilities = {"", "str", "dex", "con", "int", "wis", "cha"};
    return detail::read_catalogue<TrapCard>(data.at("traps"), "traps.json", [&](const nlohmann::json& j) {
      TrapCard t;
      t.id = j.at("id").get<std::string>();
      t.kind = j.at("kind").get<std::string>();
      t.complex = j.value("complex", false);
      t.initiative_bonus = j.value("initiative_bonus", 0);
      t.name = detail::catalogue_text(j.at("name"));
      t.spot_dc = j.at("spot").at("dc").get<int>();
      t.spot_skill = j.at("spot").at("skill").get<std::string>();
      const auto& d = j.at("disarm");
      if (d.contains("dc") && !d["dc"].is_null()) t.disarm_dc = d["dc"].get<int>();
      t.disarm_ability = d.value("ability", std::string());
      t.disarm_possible = d.value("possible", true);
      t.triggers_on_failure = d.value("triggers_on_failure", false);
      if (j.contains("save")) {
        t.save_ability = j["save"].at("ability").get<std::string>();
        t.save_dc = j["save"].at("dc").get<int>();
      }
      if (j.contains("attack_bonus")) t.attack_bonus = j["attack_bonus"].get<int>();
      t.attacks = j.value("attacks", 0);
      t.damage = j.value("damage", std::string());
      t.damage_type = j.value("damage_type", std::string());
      t.save_damage = j.value("save_damage", std::string());
      t.save_damage_type = j.value("save_damage_type", std::string());
      t.half_on_success = j.value("half_on_success", false);
      t.trigger = detail::catalogue_text(j.at("trigger"));
      t.effect = detail::catalogue_text(j.at("effect"));
      t.disarm_text = detail::catalogue_text(j.at("disarm_text"));
      if (t.kind != "mechanical" && t.kind != "magic") throw std::runtime_error("traps.json: kind of " + t.id);
      if (!skills.count(t.spot_skill) || t.spot_dc < 5 || t.spot_dc > 30) throw std::runtime_error("traps.json: spot of " + t.id);
      if (!abilities.count(t.save_ability) || !abilities.count(t.disarm_ability)) throw std::runtime_error("traps.json: ability of " + t.id);
      if (t.disarm_dc && (t.disarm_ability.empty() || !t.disarm_possible)) throw std::runtime_error("traps.json: disarm of " + t.id);
      if (t.complex != (t.initiative_bonus != 0)) throw std::runtime_error("traps.json: complex " + t.id);
      return t;
    });
  }();
  return list;
}

const TrapCard* find_trap_card(std::string_view id) { return detail::find_by_id(trap_cards(), id); }

std::vector<std::string> trap_card_ids() { return detail::ids_of(trap_cards()); }

calc::Calculator sample_trap_calculator() {
  return {"sample-trap", "calc.desc.sample_trap", {calc::choice_param("id", "calc.param.sample_trap.id", trap_card_ids())},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const TrapCard* t = find_trap_card(p.at("id").get<std::string>());
            return jobj{"kind", t->kind,
                    "complex", t->complex,
                    "initiative_bonus", t->complex ? nlohmann::json(t->initiative_bonus) : nlohmann::json(),
                    "spot_dc", t->spot_dc,
                    "spot_skill", t->spot_skill,
                    "disarm_dc", calc::json_or_null(t->disarm_dc),
                    "save", str_or_null(t->save_ability),
                    "save_dc", t->save_dc ? nlohmann::json(t->save_dc) : nlohmann::json(),
                    "attack_bonus", calc::json_or_null(t->attack_bonus),
                    "damage", str_or_null(t->damage),
                    "damage_type", str_or_null(t->damage_type)};
          }};
}

}  // namespace druzina::rules
