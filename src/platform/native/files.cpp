// Native files (see platform/files.hpp): a terminal has no share sheet or file picker; the CLI reads paths.
#include "platform/files.hpp"

namespace druzina::platform {

bool can_share_files() { return false; }
bool share_file(const std::string&, const std::string&, const std::string&) { return false; }
void pick_file(void (*done)(const char*, const char*, int), int) {
  if (done) done("", "", 0);
}

}  // namespace druzina::platform
