// The resurrection ritual's arithmetic and calculator `resurrection --previous N --casting action|longer|
// true-resurrection|wish [--helper-successes K] [--helper-failures F]` → {"dc", "check_needed", "helpers_allowed"}:
// dc = 10 + N − 3K + F (not clamped; a natural 20 always succeeds); helpers (caster included, K+F ≤ 3) only for
// `longer`; true resurrection / wish: no check, dc null.
#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/resurrection_ritual/resurrection_ritual.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

std::optional<Casting> parse_casting(std::string_view text) {
  if (text == "action") return Casting::action;
  if (text == "longer") return Casting::longer;
  if (text == "true-resurrection") return Casting::true_resurrection;
  if (text == "wish") return Casting::wish;
  return std::nullopt;
}

Resurrection resurrection(int previous, Casting casting, int helper_successes, int helper_failures) {
  detail::require_range("previous", previous, 0, 1000);
  detail::require_range("helper-successes", helper_successes, 0, kMaxRitualHelpers);
  detail::require_range("helper-failures", helper_failures, 0, kMaxRitualHelpers);
  const int helpers = helper_successes + helper_failures;
  Resurrection out;
  switch (casting) {
    case Casting::true_resurrection:
    case Casting::wish:
      // Only these mighty spells skip the check, and they do not raise the creature's DC.
      if (helpers > 0) throw UserError("calc.err.helpers_only_longer", jobj{"helpers", helpers});
      return out;
    case Casting::action:
      if (helpers > 0) throw UserError("calc.err.helpers_only_longer", jobj{"helpers", helpers});
      out.check_needed = true;
      out.dc = 10 + previous;
      return out;
    case Casting::longer:
      if (helpers > kMaxRitualHelpers)
        throw UserError("calc.err.too_many_helpers", jobj{"helpers", helpers, "max", kMaxRitualHelpers});
      out.check_needed = true;
      out.helpers_allowed = kMaxRitualHelpers;
      out.dc = 10 + previous - 3 * helper_successes + helper_failures;
      return out;
  }
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator resurrection_calculator() {
  using calc::int_param;
  return {
      "resurrection",
      "calc.desc.resurrection",
      {int_param("previous", "calc.param.resurrection.previous", 0, 1000),
       calc::choice_param("casting", "calc.param.resurrection.casting",
                          {"action", "longer", "true-resurrection", "wish"}),
       int_param("helper-successes", "calc.param.resurrection.helper_successes", 0, calc::kMaxRitualHelpers, false, 0),
       int_param("helper-failures", "calc.param.resurrection.helper_failures", 0, calc::kMaxRitualHelpers, false, 0)},
      [](const nlohmann::json& p, Rng&) -> nlohmann::json {
        auto r =
            calc::resurrection(p.at("previous").get<int>(), *calc::parse_casting(p.at("casting").get<std::string>()),
                               p.at("helper-successes").get<int>(), p.at("helper-failures").get<int>());
        return jobj{
            "dc", calc::json_or_null(r.dc), "check_needed", r.check_needed, "helpers_allowed", r.helpers_allowed};
      }};
}

}  // namespace druzina::rules
