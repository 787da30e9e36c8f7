// DM rule "objects": the SRD's numbers for objects (AC by material, HP by size and resilience). No commands yet: the
// calculator `object` answers in the CLI and the reference links it (dm-object-ac, dm-object-hp).
#include <utility>

#include "core/rules/common.hpp"
#include "core/rules/objects/objects.hpp"

namespace druzina::rules {

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
  return {kObjects, true, [](campaign::Engine&) {},
          {.seed = "Предмети",
           .own_calculators = {object_calculator()},
           .reference = {"dm-objects", "dm-object-ac", "dm-object-hp", "dm-damage-threshold"}}};
}

}  // namespace druzina::rules
