// What the native platform keeps in memory where the web build asks the browser (clipboard, env, keyboard, lang,
// link, pwa; one file each beside this one). Only the native UI tests (tests/ui) read or set these: the web build
// has no such functions, and the screens never call them.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "platform/env.hpp"
#include "platform/keyboard.hpp"

namespace druzina::platform::native {

// clipboard.cpp: the text last copied, and the last "download" (a file name and its text; nothing is written).
const std::string& clipboard_text();
struct Download {
  std::string filename, text, mime;
};
const std::vector<Download>& downloads();

// env.cpp: the page the app believes it runs in (defaults: "en", a 412 × 915 CSS px phone at pixel ratio 1, no
// notch). random_seed() is std::random_device's.
void set_preferred_language(const std::string& language);
void set_device_pixel_ratio(double dpr);
void set_canvas_css_size(double width, double height);
void set_safe_area(Insets insets);

// keyboard.cpp: what the last rendered frame told the keyboard bridge (no keyboard is raised), and the callbacks
// the app installed, through which a test can type as the bridge would.
struct KeyboardState {
  bool want_text = false;
  float caret_x = 0, caret_y = 0, line_height = 0;
  std::vector<keyboard::Rect> fields;
};
const KeyboardState& keyboard_state();
const keyboard::Callbacks& keyboard_callbacks();

// lang.cpp: the languages a fetch_and_restart() asked for (the native build embeds every language: nothing to
// fetch, no page to restart; the request is kept and reported as failed once, like an offline fetch).
const std::vector<std::string>& requested_languages();

// link.cpp: a fragment the page "was opened with" (taken once by link::take_fragment()), and the page's address.
void open_fragment(const std::string& fragment);
void set_page_url(const std::string& url);
// The links share_url() was asked to share (no share sheet: share_url returns false, as a desktop browser does).
const std::vector<std::string>& shared_urls();

// tabs.cpp: a message "another tab" posts (a JSON text, as platform/tabs.hpp), handed to the app's handler.
void deliver_tab_message(const std::string& json);

// live.cpp: the loopback's connections. drop_live() breaks a connection from both ends (a phone that left the
// Wi-Fi); live_sent() is every text sent on any connection, oldest first (what a capture of the channel holds).
void drop_live(int id);
// Puts a connection (both ends) into `reconnecting` (a phone locked a moment) and back: what is sent meanwhile
// arrives once it is back.
void interrupt_live(int id, bool interrupted);
const std::vector<std::string>& live_sent();
// Answers are taken but no connection comes up (phones on networks that cannot reach each other).
void set_live_unreachable(bool unreachable);
// scanner.cpp: no camera; the next take() gives this text, as if the camera had read a code.
void scan_code(const std::string& text);
// Where the camera's preview is (x, y, width, height in CSS px; all 0: closed or hidden).
std::array<float, 4> scanner_box();

}  // namespace druzina::platform::native
