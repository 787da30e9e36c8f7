// Web side of platform/pwa.hpp: window.druzinaPwa is kept by web/shell.js.
#include "platform/pwa.hpp"

#include <emscripten.h>

namespace {

EM_JS(int, js_pwa_status, (), {
  var p = window.druzinaPwa;
  if (!p) return 0;
  return (p.updateWaiting ? 1 : 0) | (p.canInstall ? 2 : 0) | (p.ios ? 4 : 0) | (p.standalone ? 8 : 0) |
         (p.offlineReady ? 16 : 0);
});

EM_JS(void, js_pwa_apply_update, (), {
  if (window.druzinaPwa) druzinaPwa.applyUpdate(); else location.reload();
});

EM_JS(void, js_pwa_install, (), {
  if (window.druzinaPwa) druzinaPwa.install();
});

}  // namespace

namespace druzina::platform::pwa {

Status status() {
  const int s = js_pwa_status();
  return {(s & 1) != 0, (s & 2) != 0, (s & 4) != 0, (s & 8) != 0, (s & 16) != 0};
}

void apply_update() { js_pwa_apply_update(); }
void prompt_install() { js_pwa_install(); }

}  // namespace druzina::platform::pwa
