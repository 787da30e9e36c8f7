// Shared by the rules' calculators (rules/<rule>/calc.cpp): short ways to declare a parameter, and the JSON of a
// value that may not apply.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/calc/calc.hpp"

namespace druzina::calc {

// An integer parameter within [min, max] (nullopt: unbounded); def is used when it is absent and not required.
inline Param int_param(std::string name, std::string key, std::optional<long long> min, std::optional<long long> max,
                       bool required = true, nlohmann::json def = nullptr) {
  Param p;
  p.name = std::move(name);
  p.type = ParamType::integer;
  p.min = min;
  p.max = max;
  p.required = required;
  p.default_value = std::move(def);
  p.description_key = std::move(key);
  return p;
}

// One of `allowed`.
inline Param choice_param(std::string name, std::string key, std::vector<std::string> allowed, bool required = true) {
  Param p;
  p.name = std::move(name);
  p.type = ParamType::enumeration;
  p.allowed = std::move(allowed);
  p.required = required;
  p.description_key = std::move(key);
  return p;
}

// null means "does not apply" (no save → "dc": null).
inline nlohmann::json json_or_null(const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

}  // namespace druzina::calc
