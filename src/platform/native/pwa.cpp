// Native PWA status (see platform/pwa.hpp): no service worker and no browser to install into: nothing is waiting,
// nothing is installable, nothing is stored offline; apply_update() and prompt_install() do nothing.
#include "platform/pwa.hpp"

namespace druzina::platform::pwa {

Status status() { return {}; }
void apply_update() {}
void prompt_install() {}

}  // namespace druzina::platform::pwa
