// DM rule "objects": the SRD's numbers for objects (AC by material, HP by size and resilience): the calculator
// `object` answers in the CLI and the reference links it (dm-object-ac, dm-object-hp); and an object as a target in a
// fight:
//   AddObject {name, material, size, resilience, hp_mode?: average (default) | roll} → a nested AddCreature of kind
//     monster (the creature model has no object kind: a target with AC, HP and immunities is all a fight needs) with
//     the material's AC, the HP dice of its size and resilience (the average, or rolled), immune to poison and psychic
//     damage, then object_added {creature, material, size, resilience}: the creature's modules.objects.object marks
//     it as an object (the sheet and the log can say so). At 0 HP it is destroyed as a monster dies.
#include <algorithm>
#include <set>
#include <utility>

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/rules/objects/objects.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

struct Material {
  const char* id;
  int ac;
};
constexpr Material kMaterials[] = {{"cloth", 11}, {"paper", 11},   {"rope", 11},       {"crystal", 13}, {"glass", 13},
                                   {"ice", 13},   {"wood", 15},    {"bone", 15},       {"stone", 17},   {"iron", 19},
                                   {"steel", 19}, {"mithral", 21}, {"adamantine", 23}};

struct SizeHp {
  const char* size;
  int fragile_sides, resilient_dice, resilient_sides;
};
// fragile: 1dN; resilient: KdN (tiny 2d4, small 3d6, medium 4d8, large 5d10)
constexpr SizeHp kSizes[] = {{"tiny", 4, 2, 4}, {"small", 6, 3, 6}, {"medium", 8, 4, 8}, {"large", 10, 5, 10}};

constexpr const char* kObject = "object";

campaign::DataField object_field() {
  return {kObject, "{material, size, resilience}: the creature is an object (AddObject)", false, [](const json& v) {
            if (!v.is_object()) jr::fail_type("object");
            for (const auto& [k, x] : v.items()) {
              jr::PathGuard g(k);
              if (!x.is_string()) jr::fail_type("string");
              const std::string s = x.get<std::string>();
              const bool ok = k == "material"     ? object_ac(s).has_value()
                              : k == "size"       ? object_hp(s, false).has_value()
                              : k == "resilience" ? (s == "fragile" || s == "resilient")
                                                  : false;
              if (!ok) jr::fail_value("not_one_of", jobj{"value", k + " " + s, "allowed", "material, size, resilience of the object table"});
            }
          }};
}

std::string one_of(const json& cmd, const char* name, const std::vector<std::string>& allowed) {
  const std::string v = param::str(cmd, name);
  if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) {
    std::string all;
    for (const auto& a : allowed) append(all, ", ", a);
    throw UserError("rules.err.object_param", jobj{"param", name, "value", v, "allowed", all});
  }
  return v;
}

void validate_add(const Campaign&, const json& cmd) {
  param::str(cmd, "name");
  one_of(cmd, "material", object_materials());
  one_of(cmd, "size", object_sizes());
  one_of(cmd, "resilience", {"fragile", "resilient"});
  const std::string mode = param::str(cmd, "hp_mode", "average");
  if (mode != "average" && mode != "roll") throw UserError("campaign.err.param", jobj{"param", "hp_mode", "expected", "average | roll"});
}

void execute_add(Ctx& ctx, const json& cmd) {
  const std::string material = param::str(cmd, "material"), size = param::str(cmd, "size"),
                    resilience = param::str(cmd, "resilience");
  const auto hp = object_hp(size, resilience == "resilient");
  ctx.run({{"type", "AddCreature"}, {"name", param::str(cmd, "name")}, {"kind", "object"}, {"size", size},
           {"ac", *object_ac(material)}, {"hp", hp->dice}, {"hp_mode", param::str(cmd, "hp_mode", "average")},
           {"immunities", {"poison", "psychic"}}});
  const std::string who = ctx.state().creatures.back().id;
  ctx.emit("object_added", jobj{"creature", who, "material", material, "size", size, "resilience", resilience});
}

void apply_added(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kObjects, kObject,
                    jobj{"material", d.at("material"), "size", d.at("size"), "resilience", d.at("resilience")});
}

std::string render_added(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.object_added",
            jobj{"name", name_of(lc, d), "material", label(lc.lang, "ui.rules.calc.value." + d.value("material", ""), d.value("material", "")),
             "size", label(lc.lang, "ui.rules.calc.value." + d.value("size", ""), d.value("size", "")),
             "resilience", label(lc.lang, "ui.rules.calc.value." + d.value("resilience", ""), d.value("resilience", ""))});
}

void install(Engine& e) {
  event(e, "object_added", apply_added, render_added);
  command(e, "AddObject", {"name", "material", "size", "resilience", "hp_mode"}, validate_add, execute_add);
}

}  // namespace

const std::vector<std::string>& object_materials() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> out;
    for (const auto& m : kMaterials) out.emplace_back(m.id);
    return out;
  }();
  return list;
}

std::optional<int> object_ac(std::string_view material) {
  for (const auto& m : kMaterials)
    if (material == m.id) return m.ac;
  return std::nullopt;
}

const std::vector<std::string>& object_sizes() {
  static const std::vector<std::string> list = {"tiny", "small", "medium", "large"};
  return list;
}

std::optional<ObjectHp> object_hp(std::string_view size, bool resilient) {
  for (const auto& s : kSizes) {
    if (size != s.size) continue;
    const int n = resilient ? s.resilient_dice : 1, sides = resilient ? s.resilient_sides : s.fragile_sides;
    // The average of NdS is N × (S + 1) / 2, printed rounded down (2d4 → 5, 1d10 → 5, 5d10 → 27).
    return ObjectHp{std::to_string(n) + "d" + std::to_string(sides), n * (sides + 1) / 2};
  }
  return std::nullopt;
}

Module objects() {
  return {kObjects, true, install,
          {.seed = "Предмети",
           .own_calculators = {object_calculator()},
           .reference = {"dm-objects", "dm-object-ac", "dm-object-hp", "dm-damage-threshold"},
           .creature_data = {object_field()}}};
}

}  // namespace druzina::rules
