// Env: what the app needs to know about the browser page it runs in.
// Implemented: [X] web (src/platform/web/env.cpp)  [X] native (a phone described in memory, for the UI tests:
// src/platform/native/env.cpp). The CLI needs none of it.
#pragma once
#include <cstdint>
#include <string>

namespace druzina::platform {

struct Insets {
  float top = 0, right = 0, bottom = 0, left = 0;  // CSS pixels (notches, home indicator)
};

std::string preferred_language();    // navigator.languages[0], e.g. "cs-CZ"
double device_pixel_ratio();
void canvas_css_size(double& width, double& height);
Insets safe_area();
std::uint64_t random_seed();         // 64 bits from crypto.getRandomValues
void set_wake_callback(void (*wake)());  // called by the page on any input while the app idles

}  // namespace druzina::platform
