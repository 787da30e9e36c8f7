// `druzina rules` — every rule calculator with its parameters; `druzina rule NAME --param value …` — runs one.
// Options are parsed by the calculator's declared parameter types; an option it does not declare is an error.
#include <random>

#include "cli/cli.hpp"
#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/error.hpp"

namespace {

using namespace druzina;
using nlohmann::json;

std::string value_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

cli::Output list_rules(const cli::Args& args) {
  json list = json::array();
  std::string text;
  for (const auto& c : calc::calculators()) {
    json d = calc::describe(c, args.lang);
    // The rule module the calculator belongs to (its description lists it), or null for shared maths.
    const std::string owner = campaign::Engine::standard().calculator_module(c.name);
    d["module"] = owner.empty() ? json(nullptr) : json(owner);
    std::string line = c.name;
    for (const auto& p : d["params"]) {
      std::string shape;
      if (p.contains("allowed"))
        for (const auto& a : p["allowed"]) shape.append(shape.empty() ? "" : "|").append(value_text(a));
      else
        shape = p["type"].get<std::string>();
      const bool required = p["required"].get<bool>();
      line.append(required ? " --" : " [--").append(p["name"].get<std::string>()).append(" ").append(shape);
      if (!required) line.append("]");
    }
    if (!text.empty()) text.append("\n");
    if (!owner.empty()) line.append("  (").append(owner).append(")");
    text.append(line).append("\n    ").append(d["description"].get<std::string>());
    list.push_back(std::move(d));
  }
  return {list, text};
}

cli::Output run_rule(const cli::Args& args) {
  const auto& calculator = calc::calculator(args.arg(0, "NAME"));
  json params = json::object();
  for (const auto& [name, value] : args.options) {
    const calc::Param* p = calculator.param(name);
    if (!p) throw UserError("calc.err.unknown_param", {{"calculator", calculator.name}, {"param", name}});
    params[name] = calc::parse_value(calculator, *p, value);
  }
  Rng rng(std::random_device{}() | (static_cast<std::uint64_t>(std::random_device{}()) << 32));
  json result = calc::run(calculator.name, params, rng);
  std::string text;
  for (const auto& [key, value] : result.items()) {
    if (!text.empty()) text.append("\n");
    text.append(key).append(": ").append(value_text(value));
  }
  return {result, text};
}

const bool reg_rules = cli::register_command(
    {"rules", "rules", "List the rule calculators and their parameters", list_rules});
const bool reg_rule = cli::register_command(
    {"rule", "rule NAME --param value ...", "Run a rule calculator (see `rules`)", run_rule});

}  // namespace
