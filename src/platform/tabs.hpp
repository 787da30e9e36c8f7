// Tabs: other tabs (or the installed app) of the same site on this device. Messages go through a
// BroadcastChannel; a change another tab wrote to the storage arrives as the page's storage event (the fallback
// where BroadcastChannel is missing). Implemented: [X] web (src/platform/web/tabs.cpp)  [X] native (no-op).
#pragma once
#include <string>

namespace druzina::platform::tabs {

// `message` gets each message another tab posted (a JSON text), and {"t":"storage","key":K} when another tab
// changed the stored value under K (without the "druzina." prefix).
void install(void (*message)(const char* json));
void post(const std::string& json);

}  // namespace druzina::platform::tabs
