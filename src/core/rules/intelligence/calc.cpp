// The intelligence arithmetic and calculator `intelligence --int N` → {"can_read_write", "can_count", "can_speak",
// "can_learn_reading", "points"}: INT ≤ 9 cannot read/write, ≤ 6 cannot count and can never learn reading/writing,
// ≤ 3 cannot speak; points = the positive INT modifier.
#include <algorithm>

#include "core/calc/check.hpp"
#include "core/calc/formulas.hpp"
#include "core/calc/params.hpp"
#include "core/rules/intelligence/intelligence.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

Intelligence intelligence(int score) {
  detail::require_range("int", score, 1, 30);
  Intelligence out;
  out.can_read_write = score >= 10;
  out.can_count = score >= 7;
  out.can_speak = score >= 4;
  out.can_learn_reading = score >= 7;
  out.points = std::max(0, ability_modifier(score));
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator intelligence_calculator() {
  return {"intelligence",
          "calc.desc.intelligence",
          {calc::int_param("int", "calc.param.intelligence.int", 1, 30)},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            auto r = calc::intelligence(p.at("int").get<int>());
            return jobj{"can_read_write", r.can_read_write,
                    "can_count", r.can_count,
                    "can_speak", r.can_speak,
                    "can_learn_reading", r.can_learn_reading,
                    "points", r.points};
          }};
}

}  // namespace druzina::rules
