// Calculator `poison`: one of the SRD's poisons by id (its English name in kebab case).
//   druzina rule poison --id serpent-venom → {"type": "injury", "save_dc": 11, "price_gp": 200}
// An unknown id exits 2 with the ids listed (calc.err.not_allowed).
#include "core/rules/poisons/poisons.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator poison_calculator() {
  calc::Param p;
  p.name = "id";
  p.type = calc::ParamType::enumeration;
  p.allowed = poison_ids();
  p.description_key = "calc.param.poison.id";
  return {"poison", "calc.desc.poison", {p}, [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const Poison* x = find_poison(params.at("id").get<std::string>());
            return jobj{"type", x->type, "save_dc", x->save_dc, "price_gp", x->price_gp};
          }};
}

}  // namespace druzina::rules
