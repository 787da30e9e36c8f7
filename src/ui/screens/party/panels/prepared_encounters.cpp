// Rule "prepared-encounters" on the sheet of a monster or NPC (DM only): "Save among the DM's monsters" keeps its
// stat block for reuse (SaveMonster; the same name again replaces it), and says so when one of that name is saved.
// Test ids: sheet.prep.save, sheet.prep.saved.
#include <imgui.h>

#include <string>

#include "core/rules/prepared_encounters/prepared_encounters.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

void prepared_encounters(const campaign::Creature& c) {
  if (ui_player_mode() || c.kind == "pc" || c.kind == "sidekick" || !rule_on(rules::kPreparedEncounters)) return;
  const std::string base = rules::base_name(c.name);  // "Goblin 3" is saved as "Goblin"
  for (const auto& m : rules::own_monsters(model().state()))
    if (m.name == base) {
      const std::string text = Tf("ui.prep.saved_as", jobj{"name", m.name});
      muted(text.c_str());
      track("sheet.prep.saved", text);
    }
  if (big_button(T("ui.prep.save_monster"), ImVec2(0, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "SaveMonster", "creature", c.id});
  track("sheet.prep.save", T("ui.prep.save_monster"));
}

}  // namespace druzina::ui::panels
