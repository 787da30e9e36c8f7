#include "ui/screens/party/sheet_rules.hpp"

#include <imgui.h>

#include <string>
#include <vector>

#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

void literacy_controls(const Creature& c, const rules::IntelligenceView& v) {
  if (ui_player_mode() || c.death_saves.dead || !has_command("LearnLiteracy")) return;
  if (!v.can_read_write) {
    // Enabled below INT 7 too: the core says why it cannot be learned (the notice).
    if (big_button(T("ui.int.learn_reading"), ImVec2(0, 48)))
      dispatch_and_tell({{"type", "LearnLiteracy"}, {"target", c.id}, {"skill", "reading"}}, 8.0);
    track("sheet.int.learn_reading", T("ui.int.learn_reading"));
  }
  if (!v.can_count) {
    if (big_button(T("ui.int.learn_counting"), ImVec2(0, 48)))
      dispatch_and_tell({{"type", "LearnLiteracy"}, {"target", c.id}, {"skill", "counting"}}, 8.0);
    track("sheet.int.learn_counting", T("ui.int.learn_counting"));
  }
}

void pick_window_control(const Creature& c, const rules::IntelligenceView& v) {
  if (ui_player_mode() || !has_command("OpenIntelligencePicks") || !has_command("CloseIntelligencePicks")) return;
  if (v.window_open) {
    if (big_button(T("ui.int.close_window"), ImVec2(0, 48)))
      dispatch_and_tell({{"type", "CloseIntelligencePicks"}, {"target", c.id}});
    track("sheet.int.window_close", T("ui.int.close_window"));
  } else {
    if (big_button(T("ui.int.open_window"), ImVec2(0, 48)))
      dispatch_and_tell({{"type", "OpenIntelligencePicks"}, {"target", c.id}});
    track("sheet.int.window_open", T("ui.int.open_window"));
  }
}

void dwarf_armor_control(const Creature& c) {
  if (!has_command("SetDwarfArmor")) return;
  const json& all = model().state().modules;
  const json* flag = nullptr;
  if (auto m = all.find(rules::kVariantEncumbrance); m != all.end() && m->is_object())
    if (auto d = m->find("dwarf"); d != m->end() && d->is_object())
      if (auto f = d->find(c.id); f != d->end() && f->is_boolean()) flag = &*f;
  const bool by_race = rules::is_dwarf_race(c.race);
  bool heavy = false;
  for (const auto& it : c.inventory) heavy = heavy || it.kind == "armor_heavy";
  if (!flag && !by_race && !heavy) return;
  ImGui::TextWrapped("%s", T("ui.load.dwarf"));
  int index = flag ? (flag->get<bool>() ? 1 : 2) : 0;
  const std::vector<std::string> labels = {
      Tf("ui.load.dwarf_auto", {{"value", T(by_race ? "ui.load.dwarf_yes" : "ui.load.dwarf_no")}}), T("ui.load.dwarf_yes"),
      T("ui.load.dwarf_no")};
  ImGui::BeginDisabled(ui_player_mode());
  if (segmented("dwarf", labels, index, "sheet.dwarf", {"auto", "yes", "no"})) {
    json value = index == 0 ? json(nullptr) : json(index == 1);
    dispatch_and_tell({{"type", "SetDwarfArmor"}, {"target", c.id}, {"value", value}});
  }
  ImGui::EndDisabled();
}

}  // namespace druzina::ui
