// Test hooks for the browser tests (tests/e2e), linked only into the test page build/web/test/ (never into the
// published index.html: cmake/web.cmake). Exported C functions the page can call through
// Module.ccall. They only read; tests act by tapping the widgets' real screen positions.
//   druzina_test_widgets() → JSON [{id, label, x, y, w, h, visible}] of tracked widgets (CSS px)
//   druzina_test_state()   → JSON {tab, lang, frames (run through ImGui), drawn (of those, drawn on the canvas:
//                            src/app/main.cpp step()), font_px (body text height in CSS px), font_atlas_px (the
//                            body font as rasterised, device px), font_scale (ImGui's FontGlobalScale),
//                            save ("saved"|"pending"|"failed"|"blocked"), readOnly ("no"|"newer"|"other_tab"),
//                            campaignId (the library's id of the open campaign)}
//   druzina_test_overflows() → JSON [{where: "button"|"window", what, by}]: text that did not fit in the last frame
//   druzina_test_campaign() → the campaign state as JSON (settings, creatures, …)
//   druzina_test_dispatch(json) → runs one command like a screen would (test set-up only); 1 = done
#include <emscripten.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <string>

#include "app/app.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"

using druzina::ui::ui;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* druzina_test_widgets() {
  static std::string out;
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : druzina::ui::tracked())
    list.push_back({{"id", t.id}, {"label", t.label}, {"x", t.x}, {"y", t.y}, {"w", t.w}, {"h", t.h},
                    {"visible", t.visible}});
  out = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);  // a label cut mid-character
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_overflows() {
  static std::string out;
  nlohmann::json list = nlohmann::json::array();
  for (const auto& o : druzina::ui::overflows()) list.push_back({{"where", o.where}, {"what", o.what}, {"by", o.by}});
  out = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_state() {
  static std::string out;
  nlohmann::json s = {{"tab", druzina::ui::tab_id(ui().tab)},
                      {"lang", std::string(druzina::lang_code(ui().lang))},
                      {"frames", druzina::app::frames_rendered()},
                      {"drawn", druzina::app::frames_drawn()},
                      {"layout_ms", druzina::app::layout_ms_total()},
                      // an ImGui text field is active and takes typed keys (the keyboard bridge's text goes to it)
                      {"textInput", ImGui::GetIO().WantTextInput}};
  {  // storage: whether every change is stored, read-only, which campaign of the library is open
    using druzina::ui::SaveState;
    using druzina::ui::ReadOnly;
    const auto& m = druzina::ui::model();
    const SaveState ss = m.save_state();
    s["save"] = ss == SaveState::saved ? "saved" : ss == SaveState::pending ? "pending" : ss == SaveState::failed ? "failed" : "blocked";
    s["readOnly"] = m.read_only() == ReadOnly::no ? "no" : m.read_only() == ReadOnly::newer ? "newer" : "other_tab";
    s["campaignId"] = m.campaign_id();
  }
  if (const ImFont* body = ui().fonts.body) {
    const float scale = ImGui::GetIO().FontGlobalScale;
    s["font_px"] = body->FontSize * scale;
    s["font_atlas_px"] = body->FontSize;
    s["font_scale"] = scale;
  }
  out = s.dump();
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* druzina_test_campaign() {
  static std::string out;
  out = nlohmann::json(druzina::ui::model().state()).dump();
  return out.c_str();
}

EMSCRIPTEN_KEEPALIVE int druzina_test_dispatch(const char* command) {
  auto cmd = nlohmann::json::parse(command, nullptr, false);
  if (cmd.is_discarded()) return 0;
  return druzina::ui::model().dispatch(cmd) ? 1 : 0;
}

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
