// The calculator registry: parameter declarations, validation, command-line parsing, description, lookup and
// running (the list of every calculator is the rule modules', campaign/calculators.cpp). Each belongs to a rule module, which defines it beside its behaviour (rules/<rule>/calc.cpp,
// Module::own_calculators; docs/adding-a-rule.md); its texts are calc.desc.* / calc.param.* in
// assets/i18n/*/calc.json.
#include <algorithm>

#include "core/calc/calc.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

using nlohmann::json;

// [SECTION] Parameters --------------------------------------------------------------------------------------

std::string_view type_name(ParamType type) {
  switch (type) {
    case ParamType::integer: return "int";
    case ParamType::string: return "string";
    case ParamType::enumeration: return "enum";
    case ParamType::int_list: return "int-list";
  }
  return "string";
}

const Param* Calculator::param(std::string_view wanted) const {
  for (const auto& p : params)
    if (p.name == wanted) return &p;
  return nullptr;
}

namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

void check_int(const Param& p, long long v) {
  if (!p.allowed_ints.empty() &&
      std::find(p.allowed_ints.begin(), p.allowed_ints.end(), v) == p.allowed_ints.end()) {
    std::vector<std::string> names;
    for (auto a : p.allowed_ints) names.push_back(std::to_string(a));
    throw UserError("calc.err.not_allowed", jobj{"param", p.name, "value", std::to_string(v), "allowed", join(names)});
  }
  if (p.min && v < *p.min) throw UserError("calc.err.too_small", jobj{"param", p.name, "value", v, "min", *p.min});
  if (p.max && v > *p.max) throw UserError("calc.err.too_large", jobj{"param", p.name, "value", v, "max", *p.max});
}

json checked(const Param& p, const json& v) {
  switch (p.type) {
    case ParamType::integer:
      if (!v.is_number_integer()) throw UserError("calc.err.not_integer", jobj{"param", p.name, "value", v.dump()});
      check_int(p, v.get<long long>());
      return v;
    case ParamType::string:
      if (!v.is_string() || v.get<std::string>().empty())
        throw UserError("calc.err.bad_value", jobj{"param", p.name, "value", v.dump()});
      return v;
    case ParamType::enumeration: {
      std::string s = v.is_string() ? v.get<std::string>() : v.dump();
      if (std::find(p.allowed.begin(), p.allowed.end(), s) == p.allowed.end())
        throw UserError("calc.err.not_allowed", jobj{"param", p.name, "value", s, "allowed", join(p.allowed)});
      return s;
    }
    case ParamType::int_list: {
      if (!v.is_array()) throw UserError("calc.err.not_int_list", jobj{"param", p.name, "value", v.dump()});
      if (v.size() > p.max_items)
        throw UserError("calc.err.too_many_items", jobj{"param", p.name, "max", p.max_items});
      for (const auto& item : v) {
        if (!item.is_number_integer())
          throw UserError("calc.err.not_int_list", jobj{"param", p.name, "value", v.dump()});
        check_int(p, item.get<long long>());
      }
      return v;
    }
  }
  return v;
}

}  // namespace

json normalize(const Calculator& calc, const json& params) {
  if (!params.is_null() && !params.is_object())
    throw UserError("calc.err.bad_value", jobj{"param", calc.name, "value", params.dump()});
  json out = json::object();
  if (params.is_object())
    for (const auto& [name, value] : params.items())
      if (!calc.param(name)) throw UserError("calc.err.unknown_param", jobj{"calculator", calc.name, "param", name});
  for (const auto& p : calc.params) {
    if (params.is_object() && params.contains(p.name) && !params.at(p.name).is_null()) {
      out[p.name] = checked(p, params.at(p.name));
    } else if (p.required) {
      throw UserError("calc.err.missing_param", jobj{"calculator", calc.name, "param", p.name});
    } else if (!p.default_value.is_null()) {
      out[p.name] = p.default_value;
    }
  }
  return out;
}

json parse_value(const Calculator& calc, const Param& p, std::string_view text) {
  auto integer = [&](std::string_view word) -> long long {
    std::string s(word);
    try {
      size_t used = 0;
      long long v = std::stoll(s, &used);
      if (used == s.size() && !s.empty()) return v;
    } catch (const std::exception&) {
    }
    if (p.type == ParamType::int_list)
      throw UserError("calc.err.not_int_list", jobj{"param", p.name, "value", std::string(text)});
    throw UserError("calc.err.not_integer", jobj{"param", p.name, "value", std::string(text)});
  };
  (void)calc;
  switch (p.type) {
    case ParamType::integer: return integer(text);
    case ParamType::string:
    case ParamType::enumeration: return std::string(text);
    case ParamType::int_list: {
      json list = json::array();
      std::string s(text);
      if (s.empty()) throw UserError("calc.err.not_int_list", jobj{"param", p.name, "value", s});
      // Split at the commas (a trailing comma yields no empty item: refused below).
      for (size_t at = 0; at < s.size();) {
        size_t comma = std::min(s.find(',', at), s.size());
        list.push_back(integer(s.substr(at, comma - at)));
        at = comma + 1;
      }
      if (!s.empty() && s.back() == ',') throw UserError("calc.err.not_int_list", jobj{"param", p.name, "value", s});
      return list;
    }
  }
  return std::string(text);
}

json describe(const Calculator& calc, Lang lang) {
  json params = json::array();
  for (const auto& p : calc.params) {
    json d = jobj{"name", p.name, "type", type_name(p.type), "required", p.required};
    if (!p.default_value.is_null()) d["default"] = p.default_value;
    if (!p.allowed.empty()) d["allowed"] = p.allowed;
    if (!p.allowed_ints.empty()) d["allowed"] = p.allowed_ints;
    if (p.min) d["min"] = *p.min;
    if (p.max) d["max"] = *p.max;
    d["description"] = tr(lang, p.description_key);
    params.push_back(std::move(d));
  }
  return jobj{"name", calc.name, "description", tr(lang, calc.description_key), "params", std::move(params)};
}

const Calculator& calculator(std::string_view name) {
  for (const auto& c : calculators())
    if (c.name == name) return c;
  throw UserError("calc.err.unknown", jobj{"name", std::string(name)});
}

json run(std::string_view name, const json& params, Rng& rng) {
  const Calculator& calc = calculator(name);
  json checked_params = normalize(calc, params);
  if (calc.param("seed") && checked_params.contains("seed")) {
    Rng seeded(checked_params.at("seed").get<std::uint64_t>());
    return calc.fn(checked_params, seeded);
  }
  return calc.fn(checked_params, rng);
}

}  // namespace druzina::calc
