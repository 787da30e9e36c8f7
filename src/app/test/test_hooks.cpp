// Test hooks for the browser tests (tests/e2e), linked only into the test page build/web/test/ (never into the
// published index.html: cmake/web.cmake). Exported C functions the page can call through
// Module.ccall. They only read; tests act by tapping the widgets' real screen positions.
//   druzina_test_widgets() → JSON [{id, label, x, y, w, h, visible}] of tracked widgets (CSS px)
//   druzina_test_state()   → JSON {tab, lang, frames (run through ImGui), drawn (of those, drawn on the canvas:
//                            src/app/main.cpp step()), font_px (body text height in CSS px), font_atlas_px (the
//                            body font as rasterised, device px), font_scale (ImGui's FontGlobalScale),
//                            save ("saved"|"pending"|"failed"|"blocked"), readOnly ("no"|"newer"|"other_tab"),
//                            campaignId (the library's id of the open campaign)}
//   druzina_test_overflows() → JSON [{where: "button"|"window"|"overlap"|"covered", what, by}]: text that did not fit in the
//     last frame, two widgets drawn over each other ("<id> / <id>"), a control a notice covers for good ("<id> / notice")
//   druzina_test_campaign() → the campaign state as JSON (settings, creatures, …)
//   druzina_test_dispatch(json) → runs one command like a screen would (test set-up only); 1 = done
// The JSON is made by report.cpp, which the native UI tests (tests/ui) read too.
#include <emscripten.h>

#include <string>

#include "app/test/report.hpp"
#include "ui/model.hpp"

namespace test = druzina::app::test;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* druzina_test_widgets() {
  static std::string out;
  out = test::text(test::widgets());
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_overflows() {
  static std::string out;
  out = test::text(test::overflows());
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_state() {
  static std::string out;
  out = test::state().dump();
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_campaign() {
  static std::string out;
  out = test::campaign().dump();
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE int druzina_test_dispatch(const char* command) { return test::dispatch(command) ? 1 : 0; }

// The storage budget the app measures against (Settings → Campaigns, the 80 % warning): a test brings "almost
// full" without writing megabytes.
EMSCRIPTEN_KEEPALIVE void druzina_test_set_storage_budget(double bytes) {
  druzina::ui::model().set_storage_budget(static_cast<long long>(bytes));
}

// The library's clock moved ahead (an hour of play in a moment): backups are made at most every 10 minutes.
EMSCRIPTEN_KEEPALIVE void druzina_test_advance_library_clock(double ms) {
  druzina::ui::model().advance_library_clock(static_cast<long long>(ms));
}

}  // extern "C"
