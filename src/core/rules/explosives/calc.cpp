// Calculators of the "explosives" rule.
//   druzina rule dynamite --sticks 4 → {"damage": "6d6", "radius_ft": 20}: one stick 3d6 in 5 ft, each extra stick
//     +1d6 and +5 ft, at most 10d6 (reached at 8 sticks) and 20 ft (reached at 4). Sticks 1–100; anything else exits 2.
//   druzina rule firearm --id revolver → {"era": "modern", "damage": "2d8", "damage_type": "piercing",
//     "range": [40, 120], "shots": 6, "price_gp": null, "weight_lb": 3, "properties": "ammunition, reload"}
//     (price null = priceless); an unknown id exits 2 with the ids listed.
#include <algorithm>
#include <cmath>

#include "core/calc/params.hpp"
#include "core/rules/explosives/explosives.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

std::optional<DynamiteBlast> dynamite_blast(int sticks) {
  if (sticks < 1) return std::nullopt;
  DynamiteBlast b;
  const int extra = sticks - 1;
  b.dice = std::min(10, 3 + extra);
  b.radius_ft = std::min(20, 5 + 5 * extra);
  return b;
}

calc::Calculator dynamite_calculator() {
  return {"dynamite", "calc.desc.dynamite", {calc::int_param("sticks", "calc.param.dynamite.sticks", 1, 100)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const auto b = dynamite_blast(p.at("sticks").get<int>());
            return jobj{"damage", std::to_string(b->dice) + "d6", "radius_ft", b->radius_ft};
          }};
}

calc::Calculator firearm_calculator() {
  return {"firearm", "calc.desc.firearm", {calc::choice_param("id", "calc.param.firearm.id", firearm_ids())},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const Firearm* f = find_firearm(p.at("id").get<std::string>());
            std::string props;
            for (const auto& x : f->properties) props += (props.empty() ? "" : ", ") + x;
            return {{"era", f->era},
                    {"damage", f->damage},
                    {"damage_type", f->damage_type},
                    {"range", {f->range.first, f->range.second}},
                    {"shots", f->shots},
                    {"price_gp", calc::json_or_null(f->price_gp)},
                    {"weight_lb", f->weight_lb == std::floor(f->weight_lb) ? nlohmann::json(static_cast<int>(f->weight_lb))
                                                                        : nlohmann::json(f->weight_lb)},
                    {"properties", props}};
          },
          {"range"}};
}

}  // namespace druzina::rules
