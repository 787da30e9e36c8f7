// The crafting house rules' arithmetic: mundane, art and magic projects, overtime, the value of an art object,
// scroll prices and magic item values (numbers in assets/data/rules/{crafting,art-value,scrolls,
// magic-item-values}.json), and their calculators craft, craft-overtime, art-value, scroll, magic-item-value.
#include <algorithm>

#include "core/assets.hpp"
#include "core/calc/check.hpp"
#include "core/calc/params.hpp"
#include "core/error.hpp"
#include "core/rules/crafting/crafting.hpp"
#include "core/json_obj.hpp"

namespace druzina::calc {

using detail::require_range;
using nlohmann::json;

namespace {

const json& crafting_data() {
  static const json data = assets::json("data/rules/crafting.json");
  return data;
}

// The row of a level-keyed rate table that applies to `level` (the last row whose level ≤ level).
const json& rate_row(const std::string& table, int level) {
  require_range("level", level, 1, 20);
  const json* found = nullptr;
  for (const auto& row : crafting_data().at("rates").at(table))
    if (row.at("level").get<int>() <= level) found = &row;
  return *found;  // the tables start at level 1
}

long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }

}  // namespace

int mundane_rate_gp(int level) { return rate_row("mundane", level).at("gp_per_hour").get<int>(); }
int magic_rate_gp(int level) { return rate_row("magic", level).at("gp_per_hour").get<int>(); }
std::string magic_max_rarity(int level) { return rate_row("magic", level).at("max_rarity").get<std::string>(); }

const std::vector<std::string>& rarities() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> out;
    const json data = assets::json("data/rules/magic-item-values.json");  // named: a temporary would dangle
    for (const auto& r : data.at("rarities"))
      out.push_back(r.at("rarity").get<std::string>());
    return out;
  }();
  return list;
}

int rarity_rank(std::string_view rarity) {
  const auto& list = rarities();
  auto it = std::find(list.begin(), list.end(), rarity);
  return it == list.end() ? -1 : static_cast<int>(it - list.begin());
}

std::optional<CraftKind> parse_craft_kind(std::string_view text) {
  if (text == "mundane") return CraftKind::mundane;
  if (text == "art") return CraftKind::art;
  if (text == "magic") return CraftKind::magic;
  return std::nullopt;
}

Craft craft(CraftKind kind, int level, long long value_gp, const std::vector<int>& collaborators,
            const std::optional<std::string>& rarity) {
  require_range("level", level, 1, 20);
  require_range("value", value_gp, 1, 1000000000);
  for (int l : collaborators) require_range("crafters-levels", l, 1, 20);
  const char* kind_name = kind == CraftKind::mundane ? "mundane" : kind == CraftKind::art ? "art" : "magic";
  const json& rules = crafting_data().at("kinds").at(kind_name);
  const std::string rates = rules.at("rates").get<std::string>();

  Craft out;
  out.gp_per_hour = rate_row(rates, level).at("gp_per_hour").get<int>();
  for (int l : collaborators) out.gp_per_hour += rate_row(rates, l).at("gp_per_hour").get<int>();
  out.goal_cp = value_gp * rules.at("goal_percent_of_value").get<long long>();  // value·100 cp · percent / 100
  out.materials_cp = out.goal_cp * rules.at("materials_percent_of_goal").get<long long>() / 100;
  out.hours = ceil_div(out.goal_cp, out.gp_per_hour * 100);
  out.days = ceil_div(out.hours, crafting_data().at("hours_per_day").get<long long>());

  if (kind == CraftKind::magic) {
    out.max_rarity = magic_max_rarity(level);
    if (rarity) {
      if (rarity_rank(*rarity) < 0)
        throw UserError("calc.err.not_allowed", jobj{"param", "rarity", "value", *rarity, "allowed", "common, uncommon, rare, very-rare, legendary"});
      if (rarity_rank(*rarity) > rarity_rank(*out.max_rarity))
        throw UserError("calc.err.rarity_too_high", jobj{"rarity", *rarity, "level", level, "max", *out.max_rarity});
    }
  } else if (rarity) {
    throw UserError("calc.err.rarity_only_magic", jobj{"kind", kind_name});
  }
  return out;
}

Overtime craft_overtime(int hour) {
  require_range("hour", hour, 1, 24);
  const json& o = crafting_data().at("overtime");
  const int normal = crafting_data().at("hours_per_day").get<int>();
  Overtime out;
  if (hour > normal) {
    out.save_needed = true;
    out.dc = o.at("base_dc").get<int>() + o.at("dc_per_hour_past").get<int>() * (hour - normal);
  }
  return out;
}

ArtValue art_value(long long cost_gp, int check) {
  require_range("cost", cost_gp, 1, 1000000000);
  require_range("check", check, -20, 100);
  static const json data = assets::json("data/rules/art-value.json");
  for (const auto& band : data.at("bands")) {
    if (band.contains("lo") && check < band.at("lo").get<int>()) continue;
    if (band.contains("hi") && check > band.at("hi").get<int>()) continue;
    ArtValue out;
    out.worthless = band.value("worthless", false);
    const long long percent = band.at("base_percent").get<long long>() +
                              band.at("per_point_percent").get<long long>() * (check - band.at("pivot").get<int>());
    out.value_cp = out.worthless ? 0 : cost_gp * percent;  // cost·100 cp · percent / 100
    return out;
  }
  throw std::logic_error("art-value.json: no band for check " + std::to_string(check));
}

Scroll scroll(int spell_level, long long components_gp) {
  require_range("level", spell_level, 0, 9);
  require_range("components-gp", components_gp, 0, 1000000000);
  static const json data = assets::json("data/rules/scrolls.json");
  for (const auto& row : data.at("levels")) {
    if (row.at("level").get<int>() != spell_level) continue;
    Scroll out;
    out.rarity = row.at("rarity").get<std::string>();
    out.save_dc = row.at("save_dc").get<int>();
    out.attack_bonus = row.at("attack_bonus").get<int>();
    out.price_gp = row.at("price_gp").get<long long>() + components_gp;
    return out;
  }
  throw std::logic_error("scrolls.json: no row for level " + std::to_string(spell_level));
}

ValueRange magic_item_value(std::string_view rarity) {
  static const json data = assets::json("data/rules/magic-item-values.json");
  for (const auto& row : data.at("rarities")) {
    if (row.at("rarity").get<std::string>() != rarity) continue;
    ValueRange out;
    out.min_gp = row.at("min_gp").get<long long>();
    if (!row.at("max_gp").is_null()) out.max_gp = row.at("max_gp").get<long long>();
    return out;
  }
  throw UserError("calc.err.not_allowed", jobj{"param", "rarity", "value", std::string(rarity), "allowed", "common, uncommon, rare, very-rare, legendary"});
}

}  // namespace druzina::calc

namespace druzina::rules {

namespace {

using calc::choice_param;
using calc::int_param;
using nlohmann::json;

// Money in cp → JSON gp: an integer when whole, else a decimal (5 sp = 0.5).
json gp(long long cp) {
  if (cp % 100 == 0) return cp / 100;
  return static_cast<double>(cp) / 100.0;
}

const std::vector<std::string> kRarityIds = {"common", "uncommon", "rare", "very-rare", "legendary"};

calc::Calculator craft_calculator() {
  calc::Param crafters;
  crafters.name = "crafters-levels";
  crafters.type = calc::ParamType::int_list;
  crafters.required = false;
  crafters.min = 1;
  crafters.max = 20;
  crafters.description_key = "calc.param.craft.crafters_levels";
  return {"craft", "calc.desc.craft",
          {choice_param("kind", "calc.param.craft.kind", {"mundane", "art", "magic"}),
           int_param("level", "calc.param.craft.level", 1, 20), int_param("value", "calc.param.craft.value", 1, 1000000000),
           crafters, choice_param("rarity", "calc.param.craft.rarity", kRarityIds, false)},
          [](const json& p, Rng&) -> json {
            std::vector<int> others;
            if (p.contains("crafters-levels")) others = p.at("crafters-levels").get<std::vector<int>>();
            std::optional<std::string> rarity;
            if (p.contains("rarity")) rarity = p.at("rarity").get<std::string>();
            auto r = calc::craft(*calc::parse_craft_kind(p.at("kind").get<std::string>()), p.at("level").get<int>(),
                                 p.at("value").get<long long>(), others, rarity);
            return jobj{"gp_per_hour", r.gp_per_hour, "goal_gp", gp(r.goal_cp), "hours", r.hours, "days", r.days,
                    "materials_gp", gp(r.materials_cp),
                    "max_rarity", r.max_rarity ? json(*r.max_rarity) : json(nullptr)};
          }};
}

calc::Calculator overtime_calculator() {
  return {"craft-overtime", "calc.desc.craft_overtime", {int_param("hour", "calc.param.craft_overtime.hour", 1, 24)},
          [](const json& p, Rng&) -> json {
            auto r = calc::craft_overtime(p.at("hour").get<int>());
            return jobj{"save_needed", r.save_needed, "dc", calc::json_or_null(r.dc)};
          }};
}

calc::Calculator art_value_calculator() {
  return {"art-value", "calc.desc.art_value",
          {int_param("cost", "calc.param.art_value.cost", 1, 1000000000),
           int_param("check", "calc.param.art_value.check", -20, 100)},
          [](const json& p, Rng&) -> json {
            auto r = calc::art_value(p.at("cost").get<long long>(), p.at("check").get<int>());
            return jobj{"value_gp", gp(r.value_cp), "worthless", r.worthless};
          }};
}

calc::Calculator scroll_calculator() {
  return {"scroll", "calc.desc.scroll",
          {int_param("level", "calc.param.scroll.level", 0, 9),
           int_param("components-gp", "calc.param.scroll.components_gp", 0, 1000000000, false, 0)},
          [](const json& p, Rng&) -> json {
            auto r = calc::scroll(p.at("level").get<int>(), p.at("components-gp").get<long long>());
            return jobj{"rarity", r.rarity, "save_dc", r.save_dc, "attack_bonus", r.attack_bonus,
                    "price_gp", r.price_gp};
          }};
}

calc::Calculator magic_item_value_calculator() {
  return {"magic-item-value", "calc.desc.magic_item_value",
          {choice_param("rarity", "calc.param.magic_item_value.rarity", kRarityIds)},
          [](const json& p, Rng&) -> json {
            auto r = calc::magic_item_value(p.at("rarity").get<std::string>());
            return jobj{"min_gp", r.min_gp, "max_gp", r.max_gp ? json(*r.max_gp) : json(nullptr)};
          }};
}

}  // namespace

std::vector<calc::Calculator> crafting_calculators() {
  return {craft_calculator(), overtime_calculator(), art_value_calculator(), scroll_calculator(),
          magic_item_value_calculator()};
}

}  // namespace druzina::rules
