// Native QR scanner (see platform/scanner.hpp): no camera. open() puts it in "scanning"; a test hands it what a
// code would read (headless.hpp: scan_code), and take() gives that once.
#include "platform/scanner.hpp"

#include <utility>

#include "platform/native/headless.hpp"

namespace druzina::platform::scanner {

namespace {
Status now = Status::closed;
std::optional<std::string> read;
}  // namespace

void prepare() {}
void open(float, float, float, float) { now = Status::scanning; }
void close() { now = Status::closed; }
Status status() { return now; }
std::optional<std::string> take() { return std::exchange(read, std::nullopt); }
void pick_image() {}

}  // namespace druzina::platform::scanner

namespace druzina::platform::native {
void scan_code(const std::string& text) { druzina::platform::scanner::read = text; }
}  // namespace druzina::platform::native
