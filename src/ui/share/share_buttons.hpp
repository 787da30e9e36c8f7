// Buttons that open the Share screen, one per place it is offered (see share_ui.hpp).
#pragma once
#include "core/campaign/state.hpp"

namespace druzina::ui {

void draw_party_share_button();                             // Party list, DM: the table for players
void draw_sheet_share_button(const campaign::Creature& c);  // a PC's or sidekick's sheet
void draw_settings_share_button();                          // Settings → data, DM: the whole campaign

}  // namespace druzina::ui
