// Rules → Tables (Generators) → Explosives and firearms (rule "explosives" on): the items' data as the module has
// it — the dynamite calculator (sticks → damage and radius), each explosive (damage, area, DEX save, half or none,
// price, weight) and the firearm calculator (a weapon's table row). Using them in a fight is on the Combat screen.
// Test ids: explosives.item.<id>.
#include <imgui.h>

#include <string>

#include "core/rules/explosives/explosives.hpp"
#include "ui/screens/rules/calculator.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

std::string item_text(const rules::Explosive& e) {
  std::string s;
  if (!e.damage.empty())
    s = Tf("ui.explosives.item_damage", jobj{"damage", dice_notation(ui().lang, e.damage),
                                         "type", Tk_or("campaign.damage.", e.damage_type, e.damage_type),
                                         "radius", e.radius_ft, "dc", e.save_dc}) +
        "  \xC2\xB7  " + T(e.half_on_success ? "ui.explosives.half" : "ui.explosives.no_half");
  else
    s = T("ui.explosives.no_damage");
  if (e.throw_ft > 0) s += "\n" + Tf("ui.explosives.throw", jobj{"ft", e.throw_ft});
  s += "\n" + (e.price_gp ? Tf("ui.explosives.price", jobj{"gp", *e.price_gp}) : std::string(T("ui.explosives.priceless")));
  return s;
}

}  // namespace

void draw_explosives_generator() {
  const Lang lang = ui().lang;
  heading(T("ui.explosives.title"));
  track("explosives.title", T("ui.explosives.title"));
  muted(T("ui.explosives.hint"));
  draw_calculator("dynamite");
  section(T("ui.explosives.items"));
  for (const auto& e : rules::explosive_list()) {
    ImGui::PushID(e.id.c_str());
    begin_card("##expl");
    ImGui::TextWrapped("%s", e.name.in(lang).c_str());
    const std::string body = item_text(e);
    ImGui::PushStyleColor(ImGuiCol_Text, col_good());
    ImGui::TextWrapped("%s", body.c_str());
    ImGui::PopStyleColor();
    track("explosives.item." + e.id, e.name.in(lang) + "\n" + body);
    end_card();
    ImGui::PopID();
  }
  section(T("ui.explosives.firearms"));
  draw_calculator("firearm");
}

}  // namespace druzina::ui

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels explosives_ui() {
  return {{Slot::tables, [](SlotContext&) { draw_explosives_generator(); },
           [](const SlotContext&) { return rule_on(rules::kExplosives); }, "explosives", "ui.explosives.title",
           "ui.explosives.card_body"}};
}

}  // namespace druzina::ui
