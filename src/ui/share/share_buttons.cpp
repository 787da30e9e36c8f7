// Where the Share screen opens from: the Party screen (the table, DM), a character's sheet (that character, for
// its player — or, in player mode, back to the DM), Settings (the whole campaign, DM).
#include "ui/share/share_buttons.hpp"

#include <imgui.h>

#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/share/share_ui.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

void draw_party_share_button() {
  if (ui_player_mode() || model().state().creatures.empty()) return;
  if (big_button(T("ui.share.open_button"))) open_share(ShareKind::table);
  track("party.share", T("ui.share.open_button"));
}

void draw_sheet_share_button(const campaign::Creature& c) {
  if (!campaign::in_party(c) || c.hidden) return;
  const bool player = ui_player_mode();
  const char* label = T(player ? "ui.share.sheet_button_back" : "ui.share.sheet_button");
  ImGui::Spacing();
  if (big_button(label)) open_share(ShareKind::character, c.id);
  track("sheet.share", label);
}

void draw_settings_share_button() {
  if (ui_player_mode()) return;
  if (big_button(T("ui.share.settings_button"))) open_share(ShareKind::campaign);
  track("settings.share", T("ui.share.settings_button"));
}

}  // namespace druzina::ui
