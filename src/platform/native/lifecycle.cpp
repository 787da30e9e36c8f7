// Native lifecycle (see platform/lifecycle.hpp): the system clock; a process has no page to hide, and files
// need no persistence grant.
#include "platform/lifecycle.hpp"

#include <chrono>
#include <ctime>

namespace druzina::platform {

long long wall_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string local_time(long long ms, const std::string&) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

namespace {
std::string local_format(long long ms, const char* format) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}
}  // namespace

std::string local_date(long long ms, const std::string&) { return local_format(ms, "%a %Y-%m-%d"); }
std::string local_clock(long long ms, const std::string&) { return local_format(ms, "%H:%M"); }

void on_page_hidden(void (*)()) {}
void request_persistence() {}
Persistence persistence() { return Persistence::granted; }

}  // namespace druzina::platform
