// The installed web app (PWA): what the page's service worker and the browser's install offer say, read from
// window.druzinaPwa (web/shell.js). Implemented: [X] web (src/platform/web/pwa.cpp)  [X] native (no service worker,
// not installable: src/platform/native/pwa.cpp). The CLI needs none of it.
#pragma once

namespace druzina::platform::pwa {

struct Status {
  bool update_waiting = false;  // a newer build is installed and waits for a reload
  bool can_install = false;     // the browser offered beforeinstallprompt: an Install button can open it
  bool ios_hint = false;        // iPhone/iPad, not on the home screen yet: "Share → Add to Home Screen"
  bool standalone = false;      // running as the installed app
  bool offline_ready = false;   // this build is stored by the service worker: it starts without the network
};

Status status();
void apply_update();   // lets the waiting build take over; the page reloads into it
void prompt_install(); // opens the browser's install dialog (only after can_install)

}  // namespace druzina::platform::pwa
