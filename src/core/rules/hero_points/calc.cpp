// Calculator `hero-points --level L` → {"points"}: a character's hero points after reaching level L (5 at level 1,
// then 5 + L / 2 rounded down; the unspent points of the level before are lost).
#include "core/rules/hero_points/hero_points.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator hero_points_calculator() {
  calc::Param level;
  level.name = "level";
  level.type = calc::ParamType::integer;
  level.min = 1;
  level.max = 20;
  level.description_key = "calc.param.hero_points.level";
  return {"hero-points", "calc.desc.hero_points", {level}, [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            return jobj{"points", hero_points_for_level(p.at("level").get<int>())};
          }};
}

}  // namespace druzina::rules
