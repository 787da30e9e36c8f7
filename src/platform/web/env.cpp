// Web implementation of platform/env.hpp. All EM_JS for page facts lives here.
#include "platform/env.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>

namespace {

EM_JS(char*, js_preferred_language, (), {
  var l = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return stringToNewUTF8(l);
});

EM_JS(void, js_safe_area, (float* out), {
  var el = document.getElementById("safe-area");
  var r = el ? el.getBoundingClientRect() : null;
  var w = window.innerWidth, h = window.innerHeight;
  HEAPF32[(out >> 2) + 0] = r ? r.top : 0;
  HEAPF32[(out >> 2) + 1] = r ? Math.max(0, w - r.right) : 0;
  HEAPF32[(out >> 2) + 2] = r ? Math.max(0, h - r.bottom) : 0;
  HEAPF32[(out >> 2) + 3] = r ? r.left : 0;
});

EM_JS(void, js_random_seed, (unsigned int* out), {
  var a = new Uint32Array(2);
  if (self.crypto && crypto.getRandomValues) crypto.getRandomValues(a);
  else { a[0] = (Math.random() * 4294967296) >>> 0; a[1] = (Date.now() >>> 0); }
  HEAPU32[(out >> 2) + 0] = a[0];
  HEAPU32[(out >> 2) + 1] = a[1];
});

EM_JS(void, js_install_wake, (), {
  var fn = function () { Module._druzina_wake(); };
  ["pointerdown", "pointermove", "touchstart", "touchmove", "wheel", "keydown", "resize", "focus",
   "visibilitychange"].forEach(function (type) {
    window.addEventListener(type, fn, { capture: true, passive: true });
  });
  Module.druzinaWake = fn;
});

void (*wake_callback)() = nullptr;

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void druzina_wake() {
  if (wake_callback) wake_callback();
}

namespace druzina::platform {

std::string preferred_language() {
  char* s = js_preferred_language();
  std::string out = s ? s : "en";
  std::free(s);
  return out;
}

double device_pixel_ratio() { return emscripten_get_device_pixel_ratio(); }

void canvas_css_size(double& width, double& height) { emscripten_get_element_css_size("#canvas", &width, &height); }

Insets safe_area() {
  float v[4] = {0, 0, 0, 0};
  js_safe_area(v);
  return {v[0], v[1], v[2], v[3]};
}

std::uint64_t random_seed() {
  unsigned int v[2] = {0, 0};
  js_random_seed(v);
  return (static_cast<std::uint64_t>(v[0]) << 32) | v[1];
}

void set_wake_callback(void (*wake)()) {
  wake_callback = wake;
  js_install_wake();
}

}  // namespace druzina::platform
