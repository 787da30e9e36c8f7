// Character house rules: the level-up HP roll, what Intelligence allows, variant encumbrance by size.
#include <algorithm>
#include <array>

#include "core/assets.hpp"
#include "core/calc/check.hpp"
#include "core/calc/formulas.hpp"

namespace druzina::calc {

using detail::require_range;

int hp_gain(int final_roll, int con_mod) {
  // A level always adds at least 1 hit point, even with a negative Constitution modifier (as in the SRD's
  // "minimum of 1" for hit dice); the house rule only changes how the die is rolled.
  return std::max(1, final_roll + con_mod);
}

HpRoll hp_roll(int die, int con_mod, Rng& rng) {
  require_range("die", die, 2, 100);
  require_range("con-mod", con_mod, -10, 20);
  HpRoll out;
  out.rolls.push_back(rng.die(die));
  if (out.rolls.back() == 1) out.rolls.push_back(rng.die(die));  // a 1 may be rerolled once; the reroll stands
  out.gain = hp_gain(out.rolls.back(), con_mod);
  return out;
}

int ability_modifier(int score) { return score >= 10 ? (score - 10) / 2 : -((11 - score) / 2); }

Intelligence intelligence(int score) {
  require_range("int", score, 1, 30);
  Intelligence out;
  out.can_read_write = score >= 10;
  out.can_count = score >= 7;
  out.can_speak = score >= 4;
  out.can_learn_reading = score >= 7;
  out.points = std::max(0, ability_modifier(score));
  return out;
}

std::optional<Size> parse_size(std::string_view text) {
  if (text == "tiny") return Size::tiny;
  if (text == "small") return Size::small;
  if (text == "medium") return Size::medium;
  if (text == "large") return Size::large;
  if (text == "huge") return Size::huge;
  if (text == "gargantuan") return Size::gargantuan;
  return std::nullopt;
}

static std::string_view size_name(Size size) {
  switch (size) {
    case Size::tiny: return "tiny";
    case Size::small: return "small";
    case Size::medium: return "medium";
    case Size::large: return "large";
    case Size::huge: return "huge";
    case Size::gargantuan: return "gargantuan";
  }
  return "medium";
}

Carrying carrying(int strength, Size size) {
  require_range("str", strength, 1, 30);
  static const nlohmann::json data = assets::json("data/rules/carrying.json");
  const auto& m = data.at("sizes").at(std::string(size_name(size)));
  Carrying out;
  out.encumbered_over = strength * m.at(0).get<double>();
  out.heavily_encumbered_over = strength * m.at(1).get<double>();
  out.max = strength * m.at(2).get<double>();
  return out;
}

}  // namespace druzina::calc
