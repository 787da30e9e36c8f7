// The first start: a short welcome in place of the first screen — the language, the campaign's name and whether
// this phone is the DM's or a player's. Shown once per device (platform storage "ui.welcomed"), only while the
// campaign is still empty; a tab tapped or "Just roll dice" skips it.
// Test ids: welcome.lang.<cs|uk|en>, welcome.role.<dm|player>, welcome.name, welcome.start, welcome.skip.
#pragma once

namespace druzina::ui {

bool welcome_open();
void close_welcome();  // remembered: it does not come back on this device
void draw_welcome();

}  // namespace druzina::ui
