// Native QR scanner (see platform/scanner.hpp): no camera. open() puts it in "scanning"; a test hands it what a
// code would read (headless.hpp: scan_code), and take() gives that once.
#include "platform/scanner.hpp"

#include <array>
#include <utility>

#include "platform/native/headless.hpp"

namespace druzina::platform::scanner {

namespace {
Status now = Status::closed;
std::optional<std::string> read;
std::array<float, 4> box{};
}  // namespace

void prepare() {}
void open(float x, float y, float w, float h) {
  now = Status::scanning;
  box = {x, y, w, h};
}
void place(float x, float y, float w, float h) { box = {x, y, w, h}; }
void close() {
  now = Status::closed;
  box = {};
}
Status status() { return now; }
std::optional<std::string> take() { return std::exchange(read, std::nullopt); }
void pick_image() {}

}  // namespace druzina::platform::scanner

namespace druzina::platform::native {
void scan_code(const std::string& text) { druzina::platform::scanner::read = text; }
std::array<float, 4> scanner_box() { return druzina::platform::scanner::box; }
}  // namespace druzina::platform::native
