// Native tabs (see platform/tabs.hpp): one process, no other tabs. The UI tests play another tab through
// native::deliver_tab_message (headless.hpp): what the installed handler gets is what a BroadcastChannel would bring.
#include "platform/tabs.hpp"

#include "platform/native/headless.hpp"

namespace druzina::platform::tabs {

namespace {
void (*handler)(const char*) = nullptr;
}

void install(void (*message)(const char* json)) { handler = message; }
void post(const std::string&) {}

}  // namespace druzina::platform::tabs

namespace druzina::platform::native {
void deliver_tab_message(const std::string& json) {
  if (tabs::handler) tabs::handler(json.c_str());
}
}  // namespace druzina::platform::native
