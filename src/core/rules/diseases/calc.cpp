// Calculator `disease`: one disease's facts by id (its English name in kebab case).
//   druzina rule disease --disease sewer-plague →
//     {"kind": "sample", "save": "con", "save_dc": 11, "incubation": "1d4", "incubation_unit": "days",
//      "exhaustion": 1, "long_rest": "save_exhaustion"}
// The contagion spell's diseases: save_dc null (the caster's spell save DC), no "incubation", "incubation_unit":
// "saves" (three successes cure, three failures give the disease), "duration_days": 7.
// An unknown id exits 2 with the ids listed (calc.err.not_allowed).
#include "core/rules/diseases/diseases.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

calc::Calculator disease_calculator() {
  calc::Param p;
  p.name = "disease";
  p.type = calc::ParamType::enumeration;
  p.allowed = disease_ids();
  p.description_key = "calc.param.disease.disease";
  return {"disease", "calc.desc.disease", {p}, [](const nlohmann::json& params, Rng&) -> nlohmann::json {
            const Disease* d = find_disease(params.at("disease").get<std::string>());
            nlohmann::json out = jobj{"kind", d->kind, "save", d->save};
            out["save_dc"] = d->save_dc ? nlohmann::json(*d->save_dc) : nlohmann::json(nullptr);
            if (d->incubation_unit != "saves") out["incubation"] = d->incubation_dice;
            out["incubation_unit"] = d->incubation_unit;
            out["exhaustion"] = d->exhaustion;
            out["long_rest"] = d->long_rest;
            if (d->duration_minutes > 0) out["duration_days"] = d->duration_minutes / 1440;
            return out;
          }};
}

}  // namespace druzina::rules
