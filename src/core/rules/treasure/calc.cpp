// Calculators of the treasure rule.
//   druzina rule alien-tech --complexity simple|complex → {"successes_needed": 2|4, "breaks_after_failures": 4}
//   druzina rule sell --category weapon|armor|gear|gem|jewelry|art|trade-good --price GP → {"gold"}: half for
//     weapons, armour and gear, the full price for the rest (halves print as 7.5).
#include <stdexcept>

#include "core/calc/params.hpp"
#include "core/rules/treasure/treasure.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

AlienTech alien_tech(bool complex) { return {complex ? 4 : 2, 4}; }

namespace {
bool half_price(std::string_view category) {
  if (category == "weapon" || category == "armor" || category == "gear") return true;
  if (category == "gem" || category == "jewelry" || category == "art" || category == "trade-good") return false;
  throw std::invalid_argument("sell category");
}
}  // namespace

double sell_gold(std::string_view category, long long price_gp) {
  return half_price(category) ? static_cast<double>(price_gp) / 2.0 : static_cast<double>(price_gp);
}

long long sell_cp(std::string_view category, long long price_cp) { return half_price(category) ? price_cp / 2 : price_cp; }

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator alien_tech_calculator() {
  return {"alien-tech",
          "calc.desc.alien_tech",
          {calc::choice_param("complexity", "calc.param.alien_tech.complexity", {"simple", "complex"})},
          [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const auto a = calc::alien_tech(params.at("complexity").get<std::string>() == "complex");
            return jobj{"successes_needed", a.successes_needed, "breaks_after_failures", a.breaks_after_failures};
          }};
}

calc::Calculator sell_calculator() {
  return {"sell",
          "calc.desc.sell",
          {calc::choice_param("category", "calc.param.sell.category", kSellCategories),
           calc::int_param("price", "calc.param.sell.price", 0, 100'000'000)},
          [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const double gold = calc::sell_gold(params.at("category").get<std::string>(), params.at("price").get<long long>());
            const auto whole = static_cast<long long>(gold);
            return jobj{"gold", static_cast<double>(whole) == gold ? nlohmann::json(whole) : nlohmann::json(gold)};
          }};
}

}  // namespace druzina::rules
