// Rule "variant-encumbrance" on the sheet, at the top of the inventory: the load bar (carried / max with the
// encumbered and heavily-encumbered marks), the level and its speed penalty, the thresholds, disadvantages, the
// halving notes; and "a dwarf proficient with heavy armour": by race / yes / no (SetDwarfArmor value null / true /
// false), shown for a dwarf by race, a set flag or heavy armour in the inventory; read-only in player mode.
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/rules/rules.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;
using sheet::quiet;

namespace {

void dwarf_armor_control(const Creature& c) {
  const std::optional<bool> flag = rules::dwarf_armor_flag(model().state(), c);
  const bool by_race = rules::is_dwarf_race(c.race);
  bool heavy = false;
  for (const auto& it : c.inventory) heavy = heavy || it.kind == "armor_heavy";
  if (!flag && !by_race && !heavy) return;
  ImGui::TextWrapped("%s", T("ui.load.dwarf"));
  int index = flag ? (*flag ? 1 : 2) : 0;
  const std::vector<std::string> labels = {
      Tf("ui.load.dwarf_auto", jobj{"value", T(by_race ? "ui.load.dwarf_yes" : "ui.load.dwarf_no")}), T("ui.load.dwarf_yes"),
      T("ui.load.dwarf_no")};
  ImGui::BeginDisabled(ui_player_mode());
  if (segmented("sheet.dwarf", options({"auto", "yes", "no"}, labels), index)) {
    json value = index == 0 ? json(nullptr) : json(index == 1);
    dispatch_and_tell(jobj{"type", "SetDwarfArmor", "target", c.id, "value", value});
  }
  ImGui::EndDisabled();
}

}  // namespace

bool variant_encumbrance(const Creature& c) {
  if (!rule_on(rules::kVariantEncumbrance)) return false;
  rules::Encumbrance e = rules::encumbrance(model().state(), c);
  const float w = ImGui::GetContentRegionAvail().x, h = 26;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImVec4(0, 0, 0, 0.35f)), 6);
  double maxv = std::max(1.0, e.max);
  float f = static_cast<float>(std::min(1.0, e.carried / maxv));
  ImVec4 col = e.level == "none" ? col_good() : e.level == "encumbered" ? col_hp(0.4f) : col_bad();
  if (f > 0) dl->AddRectFilled(p, ImVec2(p.x + w * f, p.y + h), ImGui::GetColorU32(col), 6);
  for (double t : {e.encumbered_over, e.heavily_over}) {
    float x = p.x + w * static_cast<float>(t / maxv);
    dl->AddLine(ImVec2(x, p.y), ImVec2(x, p.y + h), ImGui::GetColorU32(ImGuiCol_Text), 2);
  }
  std::string label = Tf("ui.load.carried", jobj{"lb", sheet::fmt_lb(e.carried), "max", sheet::fmt_lb(e.max)});
  ImFont* small = ui().fonts.small;
  float ss = small->FontSize * ImGui::GetIO().FontGlobalScale;
  dl->AddText(small, ss, ImVec2(p.x + 8, p.y + (h - ss) * 0.5f), IM_COL32(255, 255, 255, 255), label.c_str());
  track("sheet.load", e.level);
  std::string level = Tk("ui.load.", e.level);
  if (e.speed_penalty) level += "  \xC2\xB7  " + Tf("ui.load.speed", jobj{"ft", e.speed_penalty});
  ImGui::TextWrapped("%s", level.c_str());
  muted(Tf("ui.load.thresholds", jobj{"enc", sheet::fmt_lb(e.encumbered_over), "heavy", sheet::fmt_lb(e.heavily_over)}).c_str());
  if (!e.disadvantage.empty()) muted(T("ui.load.disadvantage"));
  if (e.small_halving || e.dwarf_halving) muted(T("ui.load.halved"));
  dwarf_armor_control(c);
  return true;
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels variant_encumbrance_ui() {
  return {
      {Slot::sheet_inventory, [](SlotContext& x) { x.done = panels::variant_encumbrance(*x.creature); }},
      {Slot::combat_reminders, [](SlotContext& x) {  // a load that slows her
         if (!rule_on(rules::kVariantEncumbrance)) return;
         const rules::Encumbrance e = rules::encumbrance(model().state(), *x.creature);
         if (e.level != "none") x.facts->push_back(Tk("ui.load.", e.level));
       }}};
}

}  // namespace druzina::ui
