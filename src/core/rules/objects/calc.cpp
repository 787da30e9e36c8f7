// Calculator `object`: an object's AC and hit points from its material, size and resilience (SRD "Objects").
//   druzina rule object --material wood --size medium --resilience resilient → {"ac": 15, "hp": "4d8", "hp_avg": 18}
// A material, size or resilience not in the table exits 2 with the allowed values (calc.err.not_allowed).
#include "core/rules/objects/objects.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator object_calculator() {
  auto choice = [](const char* name, std::vector<std::string> allowed) {
    calc::Param p;
    p.name = name;
    p.type = calc::ParamType::enumeration;
    p.allowed = std::move(allowed);
    p.description_key = std::string("calc.param.object.") + name;
    return p;
  };
  return {"object", "calc.desc.object",
          {choice("material", object_materials()), choice("size", object_sizes()),
           choice("resilience", {"fragile", "resilient"})},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            const auto hp = object_hp(p.at("size").get<std::string>(), p.at("resilience") == "resilient");
            return jobj{"ac", *object_ac(p.at("material").get<std::string>()), "hp", hp->dice, "hp_avg", hp->average};
          }};
}

}  // namespace druzina::rules
