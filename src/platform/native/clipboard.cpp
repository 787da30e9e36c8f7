// Native clipboard and download (see platform/clipboard.hpp): in memory. The copied text is kept (headless.hpp:
// clipboard_text()), not put on the system's clipboard; a download is kept with its name, no file is written.
#include "platform/clipboard.hpp"

#include "platform/native/headless.hpp"

namespace druzina::platform {

namespace {
std::string copied;
std::vector<native::Download> downloaded;
}  // namespace

bool copy_text(const std::string& text) {
  copied = text;
  return true;
}

bool download_text(const std::string& filename, const std::string& text, const std::string& mime) {
  downloaded.push_back({filename, text, mime});
  return true;
}

const std::string& native::clipboard_text() { return copied; }
const std::vector<native::Download>& native::downloads() { return downloaded; }

}  // namespace druzina::platform
