// A new character's six scores: point buy (27 points, scores 8..15 costing 0 1 2 3 4 5 7 9), the standard array
// (15 14 13 12 10 8) and 4d6 keep the highest three, rolled in order; the calculators
//   point-buy --scores A,B,C,D,E,F → {"cost", "valid"}
//   ability-scores --method standard|roll [--seed S] → {"scores": [6], "dice": [[4]…] (roll only)}
#include <algorithm>
#include <cctype>
#include <string>

#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

int point_buy_cost(int score) {
  static constexpr int kCost[] = {0, 1, 2, 3, 4, 5, 7, 9};  // scores 8..15
  if (score < 8 || score > 15) throw UserError("calc.err.point_buy_range", jobj{"value", score});
  return kCost[score - 8];
}

PointBuy point_buy(const std::vector<int>& scores) {
  if (scores.size() != 6) throw UserError("calc.err.point_buy_count", jobj{"count", scores.size()});
  PointBuy out;
  for (int s : scores) out.cost += point_buy_cost(s);
  out.valid = out.cost <= kPointBuyBudget;
  return out;
}

AbilityRoll roll_4d6kh3(Rng& rng) {
  AbilityRoll out;
  for (int i = 0; i < 6; ++i) {
    auto& d = out.dice[i];
    for (int& v : d) v = rng.die(6);
    std::array<int, 4> sorted = d;
    std::sort(sorted.begin(), sorted.end());
    out.scores[i] = sorted[1] + sorted[2] + sorted[3];  // the lowest die dropped
  }
  return out;
}

std::array<int, 6> standard_array_for(std::string_view cls) {
  // The abilities from the highest score to the lowest (0 str, 1 dex, 2 con, 3 int, 4 wis, 5 cha).
  struct Order {
    const char* cls;
    int order[6];
  };
  static constexpr Order kOrders[] = {
      {"barbarian", {0, 2, 1, 4, 5, 3}}, {"bard", {5, 1, 2, 4, 3, 0}},    {"cleric", {4, 2, 0, 1, 5, 3}},
      {"druid", {4, 2, 1, 3, 5, 0}},     {"fighter", {0, 2, 1, 4, 5, 3}}, {"monk", {1, 4, 2, 0, 3, 5}},
      {"paladin", {0, 5, 2, 4, 1, 3}},   {"ranger", {1, 4, 2, 0, 3, 5}},  {"rogue", {1, 3, 2, 5, 4, 0}},
      {"sorcerer", {5, 2, 1, 4, 3, 0}},  {"warlock", {5, 2, 1, 4, 3, 0}}, {"wizard", {3, 2, 1, 4, 5, 0}},
  };
  for (const auto& o : kOrders) {
    if (cls != o.cls) continue;
    std::array<int, 6> out{};
    for (int i = 0; i < 6; ++i) out[static_cast<size_t>(o.order[i])] = kStandardArray[static_cast<size_t>(i)];
    return out;
  }
  return kStandardArray;
}

int starting_hp(int hit_die, int level, int con_mod) {
  detail::require_range("die", hit_die, 1, 100);
  detail::require_range("level", level, 0, 30);
  int hp = std::max(1, hit_die + con_mod);
  for (int l = 2; l <= level; ++l) hp += std::max(1, hit_die / 2 + 1 + con_mod);
  return hp;
}

std::optional<std::array<int, 6>> parse_scores(std::string_view text) {
  std::array<int, 6> out{};
  size_t n = 0, i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == ' ' || ch == ',' || ch == ';' || ch == '\t') {
      ++i;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
    int v = 0;
    size_t digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      v = v * 10 + (text[i] - '0');
      ++i;
      if (++digits > 2) return std::nullopt;
    }
    if (n == 6 || v < 1 || v > 30) return std::nullopt;
    out[n++] = v;
  }
  if (n != 6) return std::nullopt;
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

std::vector<calc::Calculator> classes_calculators() {
  calc::Param scores;
  scores.name = "scores";
  scores.type = calc::ParamType::int_list;
  scores.min = 1;
  scores.max = 30;
  scores.max_items = 6;
  scores.description_key = "calc.param.point_buy.scores";
  calc::Calculator point_buy = {"point-buy", "calc.desc.point_buy", {scores},
                                [](const nlohmann::json& p, Rng&) -> nlohmann::json {
                                  auto r = calc::point_buy(p.at("scores").get<std::vector<int>>());
                                  return jobj{"cost", r.cost, "valid", r.valid};
                                }};
  calc::Calculator ability_scores = {
      "ability-scores",
      "calc.desc.ability_scores",
      {calc::choice_param("method", "calc.param.ability_scores.method", {"standard", "roll"}),
       calc::int_param("seed", "calc.param.seed", 0, std::nullopt, false)},
      [](const nlohmann::json& p, Rng& rng) -> nlohmann::json {
        if (p.at("method") == "standard") return jobj{"scores", calc::kStandardArray};
        auto r = calc::roll_4d6kh3(rng);
        return jobj{"scores", r.scores, "dice", r.dice};
      }};
  return {point_buy, ability_scores};
}

}  // namespace druzina::rules
