// Calculator `limbo --action move|alter|stabilize (--size tiny|small|medium|large|huge | --radius-ft R)` → {"dc"}:
// the Intelligence check DCs of Limbo's "power of the mind" (DMG): move an object by its size, alter it, stabilize
// a sphere around oneself by its radius.
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/planes/planes.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

int limbo_move_dc(std::string_view size) {
  if (size == "tiny") return 5;
  if (size == "small") return 10;
  if (size == "medium") return 15;
  if (size == "large") return 20;
  if (size == "huge" || size == "gargantuan") return 25;  // "Huge or larger"
  return -1;
}

int limbo_alter_dc(std::string_view size) {
  if (size == "tiny") return 10;
  if (size == "small") return 15;
  if (size == "medium") return 20;
  if (size == "large" || size == "huge" || size == "gargantuan") return 25;  // "Large or larger"
  return -1;
}

int limbo_stabilize_dc(int radius_ft) {
  if (radius_ft <= 10) return 5;
  return 5 + 5 * ((radius_ft - 10 + 9) / 10);  // +5 per further 10 feet, a part of 10 feet counting whole
}

calc::Calculator limbo_calculator() {
  calc::Param size = calc::choice_param("size", "calc.param.limbo.size", {"tiny", "small", "medium", "large", "huge"}, false);
  return {"limbo",
          "calc.desc.limbo",
          {calc::choice_param("action", "calc.param.limbo.action", {"move", "alter", "stabilize"}),
           size,
           calc::int_param("radius-ft", "calc.param.limbo.radius_ft", 1, 1000, false)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const std::string action = p.at("action").get<std::string>();
            const bool has_size = p.contains("size") && !p["size"].is_null();
            const bool has_radius = p.contains("radius-ft") && !p["radius-ft"].is_null();
            if (action == "stabilize") {
              if (has_size) throw UserError("calc.err.limbo_radius_not_size");
              if (!has_radius) throw UserError("calc.err.missing_param", jobj{"calculator", "limbo", "param", "radius-ft"});
              return jobj{"dc", limbo_stabilize_dc(p["radius-ft"].get<int>())};
            }
            if (has_radius) throw UserError("calc.err.limbo_size_not_radius", jobj{"action", action});
            if (!has_size) throw UserError("calc.err.missing_param", jobj{"calculator", "limbo", "param", "size"});
            const std::string s = p["size"].get<std::string>();
            return jobj{"dc", action == "move" ? limbo_move_dc(s) : limbo_alter_dc(s)};
          }};
}

}  // namespace druzina::rules
