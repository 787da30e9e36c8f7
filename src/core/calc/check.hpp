// Shared by the calculator sources: range checks that throw the calculators' user errors.
#pragma once
#include <string>

#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc::detail {

inline void require_range(const std::string& param, long long value, long long min, long long max) {
  if (value < min) throw UserError("calc.err.too_small", jobj{"param", param, "value", value, "min", min});
  if (value > max) throw UserError("calc.err.too_large", jobj{"param", param, "value", value, "max", max});
}

}  // namespace druzina::calc::detail
