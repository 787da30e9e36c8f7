// Native tabs (see platform/tabs.hpp): one process, no other tabs.
#include "platform/tabs.hpp"

namespace druzina::platform::tabs {

void install(void (*)(const char*)) {}
void post(const std::string&) {}

}  // namespace druzina::platform::tabs
