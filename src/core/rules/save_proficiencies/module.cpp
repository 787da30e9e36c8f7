// Saving-throw proficiencies: the CON saves the house rules ask for (massive damage, injuries that make acting
// in combat hard, crafting overtime) are rolled as d20 + CON modifier + the proficiency bonus when the creature
// is proficient in CON saves. Creature fields are a fixed list, so the proficiencies live in module data:
//   Campaign::modules["save-proficiencies"] = {"<creature id>": ["con", "wis"], …}
// Command: SetSaveProficiencies {target, abilities: ["str"…"cha"]} (an empty list clears them).
#include <algorithm>

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {
const std::vector<std::string> kAbilities = {"str", "dex", "con", "int", "wis", "cha"};

std::vector<std::string> read_abilities(const json& cmd) {
  const json* v = param::find(cmd, "abilities");
  if (!v || !v->is_array()) throw UserError("campaign.err.param", jobj{"param", "abilities", "expected", "str, dex, con, int, wis, cha"});
  std::vector<std::string> out;
  for (const auto& a : *v) {
    if (!a.is_string() || std::find(kAbilities.begin(), kAbilities.end(), a.get<std::string>()) == kAbilities.end())
      throw UserError("campaign.err.param", jobj{"param", "abilities", "expected", "str, dex, con, int, wis, cha"});
    if (std::find(out.begin(), out.end(), a.get<std::string>()) == out.end()) out.push_back(a.get<std::string>());
  }
  // Keep the canonical order so equal sets compare equal.
  std::vector<std::string> sorted;
  for (const auto& k : kAbilities)
    if (std::find(out.begin(), out.end(), k) != out.end()) sorted.push_back(k);
  return sorted;
}
}  // namespace

bool save_proficient(const Campaign& c, const Creature& x, std::string_view ability) {
  const json& list = data_at(c, kSaveProficiencies, x.id);
  if (!list.is_array()) return false;
  return std::any_of(list.begin(), list.end(), [&](const json& a) { return a.is_string() && a.get<std::string>() == ability; });
}

int save_bonus(const Campaign& c, const Creature& x, std::string_view ability) {
  int mod = campaign::modifier(x, ability);
  if (save_proficient(c, x, ability)) mod += campaign::proficiency_bonus(x.level);
  return mod;
}

std::string d20_plus(int modifier) {
  if (modifier == 0) return "1d20";
  return "1d20" + signed_text(modifier);
}

Module save_proficiencies() {
  return {kSaveProficiencies, true, [](Engine& e) {
            event(
                e, "save_proficiencies_set",
                [](Campaign& c, const json& d) {
                  json& m = data_ref(c, kSaveProficiencies);
                  const std::string& id = d.at("creature").get_ref<const std::string&>();
                  if (d.at("abilities").empty())
                    m.erase(id);
                  else
                    m[id] = d.at("abilities");
                },
                [](const json& d, const LogContext& lc) {
                  std::string list;
                  for (const auto& a : d.value("abilities", json::array()))
                    append(list, ", ", label(lc.lang, "rules.ability." + a.get<std::string>(), a.get<std::string>()));
                  if (list.empty()) list = "—";
                  return tr(lc.lang, "event.save_proficiencies_set", jobj{"name", name_of(lc, d), "abilities", list});
                });
            command(
                e, "SetSaveProficiencies", {"target", "abilities"},
                [](const Campaign& c, const json& cmd) {
                  actions::require(c, param::str(cmd, "target"));
                  read_abilities(cmd);
                },
                [](Ctx& ctx, const json& cmd) {
                  ctx.emit("save_proficiencies_set", jobj{"creature", param::str(cmd, "target"), "abilities", read_abilities(cmd)});
                });
          },
          {}};
}

}  // namespace druzina::rules
