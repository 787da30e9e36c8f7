// Clipboard and file download for the data section (export the campaign as JSON).
// Implemented: [X] web (src/platform/web/clipboard.cpp)  [X] native (in memory, for the UI tests:
// src/platform/native/clipboard.cpp). The CLI needs none of it.
#pragma once
#include <string>

namespace druzina::platform {

// Copies text to the system clipboard (navigator.clipboard, else a hidden textarea + execCommand). Returns
// false when the browser refused (no permission, no user gesture).
bool copy_text(const std::string& text);

// Offers text as a file download (a Blob link clicked by script), e.g. "druzina-campaign.json".
bool download_text(const std::string& filename, const std::string& text, const std::string& mime = "application/json");

}  // namespace druzina::platform
