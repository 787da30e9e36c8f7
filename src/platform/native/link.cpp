// Native share links (see platform/link.hpp): no address bar. A fragment is "opened" in memory (headless.hpp:
// open_fragment()) and taken once; the page's address is a setting; there is no share sheet (can_share() false,
// share_url() keeps the link and reports that nothing was shared).
#include "platform/link.hpp"

#include <utility>

#include "platform/lifecycle.hpp"
#include "platform/native/headless.hpp"

namespace druzina::platform::link {

namespace {
std::string fragment;
std::string url = "http://localhost/";
std::vector<std::string> shared;
}  // namespace

std::string take_fragment() { return std::exchange(fragment, std::string()); }
void clear_fragment() { fragment.clear(); }
std::string page_url() { return url; }
long long wall_clock_ms() { return wall_ms(); }
bool can_share() { return false; }
bool share_url(const std::string&, const std::string& link) {
  shared.push_back(link);
  return false;
}

}  // namespace druzina::platform::link

namespace druzina::platform::native {
void open_fragment(const std::string& f) { link::fragment = f; }
void set_page_url(const std::string& u) { link::url = u; }
const std::vector<std::string>& shared_urls() { return link::shared; }
}  // namespace druzina::platform::native
