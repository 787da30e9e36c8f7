// Keyboard bridge: SDL2 cannot raise a phone's on-screen keyboard (libsdl-org/SDL #7348), and mobile keyboards
// send keyCode 229 instead of keys. A hidden <textarea id="kbd"> does the typing instead:
//   - it is focused when a text field becomes active (and synchronously inside touchend when the finger lands
//     on a text field's rectangle, as iOS only shows the keyboard for focus inside a user gesture);
//   - its input events are diffed against a sentinel and turned into typed text and Backspace, so Czech háčky
//     and Cyrillic arrive through the phone's own keyboard, no IME code needed;
//   - Enter, Tab, Escape, arrows, Home/End, Delete come from keydown; nothing reaches SDL while it has focus.
// Implemented: [X] web (src/platform/web/keyboard.cpp)  [X] native (no keyboard; what the frames tell it is kept, for
// the UI tests: src/platform/native/keyboard.cpp).
#pragma once
#include <vector>

namespace druzina::platform::keyboard {

enum class Key { backspace = 1, enter, tab, escape, left, right, home, end, del, up, down };

struct Callbacks {
  void (*text)(const char* utf8) = nullptr;
  void (*key)(Key key, bool down) = nullptr;
};

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;  // CSS px
};

void install(Callbacks callbacks);
// Each rendered frame: whether a text field is active and where its caret is (CSS px), and the rectangles of
// the text fields on screen (for the synchronous focus on touch).
void update(bool want_text, float caret_x, float caret_y, float line_height, const std::vector<Rect>& fields);

}  // namespace druzina::platform::keyboard
