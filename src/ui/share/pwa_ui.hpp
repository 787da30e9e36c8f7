// The installed app in the UI: the "update available — reload" strip under the top bar, and the Settings
// section "The app on this device" (Install button where the browser offers one, the iPhone/iPad hint for Add
// to Home Screen, whether it works offline). Facts come from platform::pwa.
#pragma once

namespace druzina::ui {

void draw_update_banner();   // nothing when no new build waits
void draw_app_section();     // a Settings section

}  // namespace druzina::ui
