// Combat house rules: massive damage, flanking, the resurrection ritual's DC.
#include "core/calc/check.hpp"
#include "core/calc/formulas.hpp"
#include "core/error.hpp"

namespace druzina::calc {

using detail::require_range;

MassiveDamage massive_damage(int max_hp, int damage) {
  require_range("max-hp", max_hp, 1, 1000000);
  require_range("damage", damage, 0, 1000000);
  MassiveDamage out;
  // "at least half the maximum" without rounding: 2·damage ≥ max (max 17: 8 is not enough, 9 is).
  out.triggered = 2LL * damage >= max_hp;
  if (out.triggered) out.dc = kMassiveDamageDc;
  return out;
}

std::optional<Flank> parse_flank(std::string_view text) {
  if (text == "direct") return Flank::direct;
  if (text == "side") return Flank::side;
  if (text == "none") return Flank::none;
  return std::nullopt;
}

int flanking_bonus(Flank position) {
  switch (position) {
    case Flank::direct: return 2;
    case Flank::side: return 1;
    case Flank::none: return 0;
  }
  return 0;
}

std::optional<Casting> parse_casting(std::string_view text) {
  if (text == "action") return Casting::action;
  if (text == "longer") return Casting::longer;
  if (text == "true-resurrection") return Casting::true_resurrection;
  if (text == "wish") return Casting::wish;
  return std::nullopt;
}

Resurrection resurrection(int previous, Casting casting, int helper_successes, int helper_failures) {
  require_range("previous", previous, 0, 1000);
  require_range("helper-successes", helper_successes, 0, kMaxRitualHelpers);
  require_range("helper-failures", helper_failures, 0, kMaxRitualHelpers);
  const int helpers = helper_successes + helper_failures;
  Resurrection out;
  switch (casting) {
    case Casting::true_resurrection:
    case Casting::wish:
      // Only these mighty spells skip the check, and they do not raise the creature's DC.
      if (helpers > 0) throw UserError("calc.err.helpers_only_longer", {{"helpers", helpers}});
      return out;
    case Casting::action:
      if (helpers > 0) throw UserError("calc.err.helpers_only_longer", {{"helpers", helpers}});
      out.check_needed = true;
      out.dc = 10 + previous;
      return out;
    case Casting::longer:
      if (helpers > kMaxRitualHelpers)
        throw UserError("calc.err.too_many_helpers", {{"helpers", helpers}, {"max", kMaxRitualHelpers}});
      out.check_needed = true;
      out.helpers_allowed = kMaxRitualHelpers;
      out.dc = 10 + previous - 3 * helper_successes + helper_failures;
      return out;
  }
  return out;
}

}  // namespace druzina::calc
