// Files: the phone's share sheet with a file (navigator.share with files) and a file picker for imports.
// Downloads are in clipboard.hpp (download_text). Implemented: [X] web (src/platform/web/files.cpp)
// [X] native (src/platform/native/files.cpp: nothing to share or pick, reports so).
#pragma once
#include <string>

namespace druzina::platform {

// Whether the browser can share a file (navigator.canShare({files})).
bool can_share_files();
// Opens the share sheet with the text as a file; false when the browser cannot (then offer the download).
bool share_file(const std::string& filename, const std::string& text, const std::string& mime = "application/json");

// Opens the file picker (.json); later, on the main loop, `done` gets the file's name and text (ok = 1), or
// ok = 0 when it could not be read (too big: more than `max_bytes`; unreadable). Nothing when the user cancels.
void pick_file(void (*done)(const char* name, const char* text, int ok), int max_bytes);

}  // namespace druzina::platform
