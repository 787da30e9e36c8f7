// House rule "Nosnost": variant encumbrance, live from the inventory (derived, nothing stored).
//   thresholds: calc::carrying(STR, size) — medium 5/10/15 × STR, Small 4/8/12 × STR, Large and up ×2 per size,
//               Tiny ×½;
//   over the first: encumbered, speed −10 ft; over the second: heavily encumbered, speed −20 ft and disadvantage
//   on ability checks, attack rolls and saving throws that use STR, DEX or CON; over the maximum: "over_max"
//   (speed −20 ft as well; the app shows that the creature carries more than it can).
//   Small creatures count worn armour, shields and clothing at half weight; a dwarf proficient with heavy armour
//   counts worn heavy armour at half weight (the race text says dwarf / trpaslík / дварф …, or the creature's
//   flag says so — SetDwarfArmor {target, value: true | false | null}; module data {"dwarf": {"<id>": bool}}).
// The module has no hooks: the UI calls encumbrance(campaign, creature) when the module is on.
#include <algorithm>

#include "core/reference/reference.hpp"
#include "core/rules/common.hpp"
#include "core/rules/variant_encumbrance/variant_encumbrance.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

bool is_dwarf_race(std::string_view race) {
  const std::string f = reference::fold(race);
  for (const char* w : {"dwarf", "trpaslik", "trpaslic", "дварф", "дворф"})
    if (f.find(w) != std::string::npos) return true;
  return false;
}

Encumbrance encumbrance(const Creature& x, std::optional<bool> dwarf) {
  Encumbrance out;
  const calc::Size size = calc::parse_size(x.size).value_or(calc::Size::medium);
  const bool small = size == calc::Size::small;
  const bool is_dwarf = dwarf.value_or(is_dwarf_race(x.race));
  for (const auto& it : x.inventory) {
    const double full = it.weight * it.qty;
    out.raw += full;
    const bool armour_or_clothing = it.kind.rfind("armor_", 0) == 0 || it.kind == "shield" || it.kind == "clothing";
    if (it.worn && small && armour_or_clothing) {
      out.carried += full / 2;
      out.small_halving = true;
    } else if (it.worn && is_dwarf && it.kind == "armor_heavy") {
      out.carried += full / 2;
      out.dwarf_halving = true;
    } else {
      out.carried += full;
    }
  }
  calc::Carrying t = calc::carrying(std::clamp(x.abilities.str, 1, 30), size);
  out.encumbered_over = t.encumbered_over;
  out.heavily_over = t.heavily_encumbered_over;
  out.max = t.max;
  if (out.carried > out.max) {
    out.level = "over_max";
  } else if (out.carried > out.heavily_over) {
    out.level = "heavily";
  } else if (out.carried > out.encumbered_over) {
    out.level = "encumbered";
  }
  if (out.level == "encumbered") out.speed_penalty = 10;
  if (out.level == "heavily" || out.level == "over_max") {
    out.speed_penalty = 20;
    out.disadvantage = {"str_dex_con_checks", "str_dex_con_attacks", "str_dex_con_saves"};
  }
  return out;
}

std::optional<bool> dwarf_armor_flag(const Campaign& c, const Creature& x) {
  const json& flag = data_at(c, kVariantEncumbrance, "dwarf", x.id);
  return flag.is_boolean() ? std::optional<bool>(flag.get<bool>()) : std::nullopt;
}

Encumbrance encumbrance(const Campaign& c, const Creature& x) { return encumbrance(x, dwarf_armor_flag(c, x)); }

json to_json(const Encumbrance& e) {
  return jobj{"carried", e.carried,
          "raw", e.raw,
          "encumbered_over", e.encumbered_over,
          "heavily_over", e.heavily_over,
          "max", e.max,
          "level", e.level,
          "speed_penalty", e.speed_penalty,
          "disadvantage", e.disadvantage,
          "small_halving", e.small_halving,
          "dwarf_halving", e.dwarf_halving};
}

Module variant_encumbrance() {
  return {kVariantEncumbrance,
          true,
          [](Engine& e) {
            event(
                e, "dwarf_armor_set",
                [](Campaign& c, const json& d) {
                  json& m = data_ref(c, kVariantEncumbrance);
                  const std::string& id = d.at("creature").get_ref<const std::string&>();
                  if (d.at("value").is_null()) {
                    if (m.contains("dwarf")) m["dwarf"].erase(id);
                  } else {
                    m["dwarf"][id] = d.at("value").get<bool>();
                  }
                },
                [](const json& d, const LogContext& lc) {
                  const json& v = d.at("value");
                  const char* key = v.is_null() ? "event.dwarf_armor_auto" : v.get<bool>() ? "event.dwarf_armor_on" : "event.dwarf_armor_off";
                  return tr(lc.lang, key, jobj{"name", name_of(lc, d)});
                });
            command(
                e, "SetDwarfArmor", {"target", "value"},
                [](const Campaign& c, const json& cmd) {
                  actions::require(c, param::str(cmd, "target"));
                  auto it = cmd.find("value");
                  if (it == cmd.end() || !(it->is_boolean() || it->is_null()))
                    throw UserError("campaign.err.param", jobj{"param", "value", "expected", "true / false / null"});
                },
                [](Ctx& ctx, const json& cmd) {
                  ctx.emit("dwarf_armor_set", jobj{"creature", param::str(cmd, "target"), "value", cmd.at("value")});
                });
          },
          {.seed = "Nosnost", .own_calculators = {carrying_calculator()}, .reference = {"hr-carrying"}}};
}

}  // namespace druzina::rules
