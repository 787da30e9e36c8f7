// Calculator `cr`: a challenge rating → the XP a monster of that rating is worth and its proficiency bonus.
//   druzina rule cr --cr 1/4 → {"xp": 50, "proficiency_bonus": 2}
//   CR 0 → {"xp": 10, "proficiency_bonus": 2, "xp_no_attacks": 0} (the SRD: "0 or 10": 0 XP when it has no
//   effective attacks). Anything that is not a rating of the table exits 2 (calc.err.not_allowed, allowed listed).
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator cr_calculator() {
  calc::Param p;
  p.name = "cr";
  p.type = calc::ParamType::enumeration;
  p.allowed = cr_names();
  p.description_key = "calc.param.cr.cr";
  return {"cr", "calc.desc.cr", {p}, [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const auto row = cr_row(params.at("cr").get<std::string>());
            nlohmann::json out = jobj{"xp", row->xp, "proficiency_bonus", row->proficiency_bonus};
            if (row->value == 0) out["xp_no_attacks"] = kCrZeroXpNoAttacks;
            return out;
          }};
}

}  // namespace druzina::rules
