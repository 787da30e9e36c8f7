// Share links in the page: the URL fragment a link arrives in, the page's own address (to build a link), and
// the phone's share sheet. Implemented: [X] web (src/platform/web/link.cpp)  [X] native (in memory, no share sheet:
// src/platform/native/link.cpp). The CLI needs none of it.
#pragma once
#include <string>

namespace druzina::platform::link {

// The fragment (with its '#') if the page was opened with one or it changed since (hashchange); "" otherwise.
// Each fragment is handed out once.
std::string take_fragment();
// Removes the fragment from the address bar and the history entry (history.replaceState), so a reload or a
// bookmark does not open the link again.
void clear_fragment();
// The page's address without fragment or query, e.g. "https://druzina.example.org/".
std::string page_url();

long long wall_clock_ms();  // Date.now(): when a link is made (a newer link of a campaign updates a copy)

bool can_share();  // the browser has navigator.share (a phone's share sheet)
// Opens the share sheet with a link; false when the browser has none or refused at once. (A file: files.hpp.)
bool share_url(const std::string& title, const std::string& url);

}  // namespace druzina::platform::link
