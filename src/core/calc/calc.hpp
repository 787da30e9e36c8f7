// Rule calculators: small pure functions that answer one rules question each ("does this damage trigger massive
// damage?", "what is this painting worth?"), listed in one registry so the CLI (`druzina rules`, `druzina rule
// NAME --param value …`) and the app can discover them, validate their parameters and run them as JSON.
//
// A calculator declares its parameters (name, type, bounds, default, translation key of its description) and a
// function params → result. run() checks the parameters first — unknown, missing, mistyped or out-of-range ones
// throw druzina::UserError("calc.err.*") — and fills in defaults, so a calculator only ever sees valid input.
// The typed C++ functions behind each calculator live beside the rule they belong to (rules/<rule>/<rule>.hpp).
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fn.hpp"
#include "core/i18n.hpp"
#include "core/rng.hpp"

namespace druzina::calc {

enum class ParamType {
  integer,      // JSON integer; bounds min/max; optionally a fixed set of allowed values
  string,       // any non-empty text
  enumeration,  // one of `allowed`
  int_list,     // JSON array of integers (CLI: "3,5,7"); each item within min/max
};
std::string_view type_name(ParamType type);  // "int", "string", "enum", "int-list"

struct Param {
  std::string name;                      // as on the command line, without "--": "max-hp"
  ParamType type = ParamType::integer;
  bool required = true;
  nlohmann::json default_value;          // used when absent and not required; null = stays absent
  std::vector<std::string> allowed;      // enumeration values
  std::vector<long long> allowed_ints;   // integer: if not empty, the only values accepted
  std::optional<long long> min, max;     // integer and int_list items
  size_t max_items = 20;                 // int_list
  std::string description_key;          // calc.param.<calculator>.<param>
};

// A calculator that rolls dice takes the Rng it is given; when it declares a "seed" parameter and the caller
// passes one, run() rolls with a fresh Rng(seed) instead, so `--seed` reproduces a result.
using CalcFn = Fn<nlohmann::json(const nlohmann::json& params, Rng& rng)>;

struct Calculator {
  std::string name;             // "massive-damage"
  std::string description_key;  // calc.desc.<name with '_'>
  std::vector<Param> params;
  CalcFn fn;
  std::vector<std::string> ranges{};  // result keys whose value [low, high] is a range (shown "12–15")
  const Param* param(std::string_view name) const;
};

const std::vector<Calculator>& calculators();            // in a stable, documented order (campaign/calculators.cpp)
const Calculator& calculator(std::string_view name);     // throws UserError("calc.err.unknown", {name})

// Checks params (an object) against the declaration and returns them with defaults filled in.
nlohmann::json normalize(const Calculator& calc, const nlohmann::json& params);
// normalize + run. The result is always a JSON object.
nlohmann::json run(std::string_view name, const nlohmann::json& params, Rng& rng);

// Turns a command-line word into the parameter's JSON value (integers parsed, lists split at commas); the
// result still goes through normalize(), which checks bounds and allowed values.
nlohmann::json parse_value(const Calculator& calc, const Param& param, std::string_view text);

// {"name", "description", "params":[{"name","type","required","default"?,"allowed"?,"min"?,"max"?,
//  "description"}]} with descriptions rendered in lang.
nlohmann::json describe(const Calculator& calc, Lang lang);

}  // namespace druzina::calc
