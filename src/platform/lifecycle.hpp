// Lifecycle: the page's clock, the moment it is hidden (the last safe moment to save: a phone may kill a hidden
// page without any unload event), and whether the browser promised to keep this site's storage.
// Implemented: [X] web (src/platform/web/lifecycle.cpp)  [X] native (src/platform/native/lifecycle.cpp)
#pragma once
#include <string>

namespace druzina::platform {

long long wall_ms();  // the wall clock (Date.now()), ms since 1970
// A wall-clock time as the reader's locale writes a short date and time ("1. 12. 2026 9:41"); lang "cs"/"uk"/"en".
std::string local_time(long long wall_ms, const std::string& lang);
// Its date alone with the weekday ("st 2. 12. 2026"), and its time of day alone ("21:40", "9:40 PM").
std::string local_date(long long wall_ms, const std::string& lang);
std::string local_clock(long long wall_ms, const std::string& lang);

// Calls fn when the page becomes hidden (visibilitychange → hidden), is put away (pagehide) or frozen: fn saves
// synchronously. Never relies on unload.
void on_page_hidden(void (*fn)());

// Asks navigator.storage.persist() (once; the answer arrives later) and reports the state.
enum class Persistence { unknown, granted, refused, unsupported };
void request_persistence();
Persistence persistence();

}  // namespace druzina::platform
