// The flanking arithmetic and calculator `flanking --position direct|side|none` → {"attack_bonus"}: +2 / +1 / 0,
// never advantage.
#include "core/calc/params.hpp"
#include "core/rules/attack_roll/attack_roll.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

std::optional<Flank> parse_flank(std::string_view text) {
  if (text == "direct") return Flank::direct;
  if (text == "side") return Flank::side;
  if (text == "none") return Flank::none;
  return std::nullopt;
}

int flanking_bonus(Flank position) {
  switch (position) {
    case Flank::direct: return 2;
    case Flank::side: return 1;
    case Flank::none: return 0;
  }
  return 0;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator flanking_calculator() {
  return {"flanking",
          "calc.desc.flanking",
          {calc::choice_param("position", "calc.param.flanking.position", {"direct", "side", "none"})},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            return jobj{"attack_bonus", calc::flanking_bonus(*calc::parse_flank(p.at("position").get<std::string>()))};
          }};
}

}  // namespace druzina::rules
