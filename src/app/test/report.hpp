// What the tests read of the running app, as JSON: the browser tests through the test page's hooks
// (test_hooks.cpp, Module.ccall) and the native UI tests (tests/ui/headless.cpp) directly — the same code, so
// both see the same widgets, ids, labels and state. Linked only into the test page and the tests.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

namespace druzina::app::test {

// [{id, label, x, y, w, h, visible}] of the widgets tracked in the last frame (CSS px; ui/test_ids.hpp).
nlohmann::json widgets();
// [{where: "button"|"window", what, by}]: text that did not fit in the last frame.
nlohmann::json overflows();
// {tab, lang, frames, drawn, layout_ms, textInput, save, readOnly, campaignId, font_px, font_atlas_px, font_scale}
// (test_hooks.cpp says what each means).
nlohmann::json state();
// The open campaign's state (settings, creatures, …).
nlohmann::json campaign();
// Runs one command as a screen would (through the model: validated, logged, undoable, saved). False: not JSON, or
// refused (the refusal is the notice on screen).
bool dispatch(const std::string& command);
// A JSON value as text for a hook (a label cut mid-character is replaced, never thrown on).
std::string text(const nlohmann::json& value);

}  // namespace druzina::app::test
