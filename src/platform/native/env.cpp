// Native env (see platform/env.hpp): a page that is not there, described in memory (headless.hpp sets it): the
// language, the phone's size and pixel ratio, its safe area. The seed comes from std::random_device.
#include "platform/env.hpp"

#include <random>

#include "platform/native/headless.hpp"

namespace druzina::platform {

namespace {
std::string language = "en";
double dpr = 1.0;
double css_w = 412, css_h = 915;
Insets insets;
void (*wake_fn)() = nullptr;
}  // namespace

std::string preferred_language() { return language; }
double device_pixel_ratio() { return dpr; }
void canvas_css_size(double& width, double& height) {
  width = css_w;
  height = css_h;
}
Insets safe_area() { return insets; }

std::uint64_t random_seed() {
  std::random_device rd;
  return (static_cast<std::uint64_t>(rd()) << 32) | rd();
}

// No page sends input while the app idles: the callback is kept and never called.
void set_wake_callback(void (*wake)()) { wake_fn = wake; }

void native::set_preferred_language(const std::string& l) { language = l; }
void native::set_device_pixel_ratio(double r) { dpr = r; }
void native::set_canvas_css_size(double w, double h) {
  css_w = w;
  css_h = h;
}
void native::set_safe_area(Insets in) { insets = in; }

}  // namespace druzina::platform
