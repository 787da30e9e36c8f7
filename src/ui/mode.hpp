// DM or player mode: a UI preference of this device (not campaign state). In player mode the screens hide the
// DM's secrets (Settings::dm_notes, the rules' secret data, hidden creatures, secret notes, HP as the DM chose), undo
// reaches only what was done in player mode (Transaction::by) and only the party rolls dice.
// Saved through platform::storage() under "ui.player_mode"; switched on the Settings screen.
//
// The DM can lock the way back with a PIN (4–8 digits, kept on this device as a hash under "ui.dm_pin"): while
// one is set, leaving player mode needs it. It keeps a player at the DM's phone from tapping over to the DM's
// side; it is not a safe (whoever clears the site's data clears it, with the campaigns).
#pragma once
#include <string>

namespace druzina::ui {

bool ui_player_mode();
// Switches the mode. Leaving player mode while a PIN is set is refused (false): use unlock_dm_mode.
bool set_player_mode(bool on);

bool dm_pin_set();
bool valid_pin(const std::string& pin);   // 4–8 digits
bool set_dm_pin(const std::string& pin);  // false when not valid_pin; "" removes it
bool unlock_dm_mode(const std::string& pin);  // the right PIN (or none set): DM mode, true

}  // namespace druzina::ui
