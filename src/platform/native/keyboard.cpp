// Native keyboard bridge (see platform/keyboard.hpp): there is no on-screen keyboard to raise. What each frame
// tells the bridge is kept (headless.hpp: keyboard_state()), and the installed callbacks are there for a test to
// type through, as the page's hidden textarea does.
#include "platform/keyboard.hpp"

#include "platform/native/headless.hpp"

namespace druzina::platform::keyboard {

namespace {
Callbacks installed;
native::KeyboardState last;
}  // namespace

void install(Callbacks callbacks) { installed = callbacks; }

void update(bool want_text, float caret_x, float caret_y, float line_height, const std::vector<Rect>& fields) {
  last = {want_text, caret_x, caret_y, line_height, fields};
}

}  // namespace druzina::platform::keyboard

namespace druzina::platform::native {

const KeyboardState& keyboard_state() { return keyboard::last; }
const keyboard::Callbacks& keyboard_callbacks() { return keyboard::installed; }

}  // namespace druzina::platform::native
