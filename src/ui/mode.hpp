// DM or player mode: a UI preference of this device (not campaign state). In player mode the screens hide the
// DM's secrets (Settings::dm_notes, Creature::loyalty, hidden creatures, secret notes, HP as the DM chose).
// Saved through platform::storage() under "ui.player_mode"; switched on the Settings screen.
#pragma once

namespace druzina::ui {

bool ui_player_mode();
void set_player_mode(bool on);

}  // namespace druzina::ui
