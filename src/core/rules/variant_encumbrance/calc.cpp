// The carrying arithmetic and calculator `carrying --str N --size tiny|small|medium|large|huge|gargantuan` →
// {"encumbered_over", "heavily_encumbered_over", "max"}: lb thresholds, medium 5/10/15 × STR, small 4/8/12, large
// ×2, huge ×4, gargantuan ×8, tiny ×½ of medium (assets/data/rules/carrying.json).
#include "core/assets.hpp"
#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/rules/variant_encumbrance/variant_encumbrance.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

std::optional<Size> parse_size(std::string_view text) {
  if (text == "tiny") return Size::tiny;
  if (text == "small") return Size::small;
  if (text == "medium") return Size::medium;
  if (text == "large") return Size::large;
  if (text == "huge") return Size::huge;
  if (text == "gargantuan") return Size::gargantuan;
  return std::nullopt;
}

static std::string_view size_name(Size size) {
  switch (size) {
    case Size::tiny: return "tiny";
    case Size::small: return "small";
    case Size::medium: return "medium";
    case Size::large: return "large";
    case Size::huge: return "huge";
    case Size::gargantuan: return "gargantuan";
  }
  return "medium";
}

Carrying carrying(int strength, Size size) {
  detail::require_range("str", strength, 1, 30);
  static const nlohmann::json data = assets::json("data/rules/carrying.json");
  const auto& m = data.at("sizes").at(std::string(size_name(size)));
  Carrying out;
  out.encumbered_over = strength * m.at(0).get<double>();
  out.heavily_encumbered_over = strength * m.at(1).get<double>();
  out.max = strength * m.at(2).get<double>();
  return out;
}

}  // namespace druzina::calc

namespace druzina::rules {

calc::Calculator carrying_calculator() {
  return {"carrying",
          "calc.desc.carrying",
          {calc::int_param("str", "calc.param.carrying.str", 1, 30),
           calc::choice_param("size", "calc.param.carrying.size",
                              {"tiny", "small", "medium", "large", "huge", "gargantuan"})},
          [](const nlohmann::json& p, Rng&) -> nlohmann::json {
            auto r = calc::carrying(p.at("str").get<int>(), *calc::parse_size(p.at("size").get<std::string>()));
            auto num = [](double v) -> nlohmann::json {
              if (v == static_cast<double>(static_cast<long long>(v))) return static_cast<long long>(v);
              return v;
            };
            return jobj{"encumbered_over", num(r.encumbered_over),
                    "heavily_encumbered_over", num(r.heavily_encumbered_over),
                    "max", num(r.max)};
          }};
}

}  // namespace druzina::rules
