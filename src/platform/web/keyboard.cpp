// Web keyboard bridge (see platform/keyboard.hpp). All of its JS lives here.
#include "platform/keyboard.hpp"

#include <emscripten.h>

#include <string>

namespace {

druzina::platform::keyboard::Callbacks callbacks;
bool shown = false;
std::string last_fields;

EM_JS(void, js_kbd_install, (), {
  var ta = document.getElementById("kbd");
  if (!ta) return;
  // No backslash escapes inside EM_JS (they break emscripten's metadata): build the characters instead.
  var ZWSP = String.fromCharCode(0x200b), NL = String.fromCharCode(10);
  var SENTINEL = ZWSP + ZWSP;  // lets Backspace on an "empty" field still produce an input event
  var reset = function () { ta.value = SENTINEL; ta.setSelectionRange(SENTINEL.length, SENTINEL.length); };
  reset();
  var send = function (s) {
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    _druzina_kbd_text(p);
    _free(p);
  };
  var key = function (k) { _druzina_kbd_key(k, 1); _druzina_kbd_key(k, 0); };
  var composing = false;
  ta.addEventListener("compositionstart", function () { composing = true; });
  ta.addEventListener("compositionend", function () { composing = false; flush(); });
  var flush = function () {
    var v = ta.value;
    if (v.indexOf(SENTINEL) === 0) {
      var added = v.slice(SENTINEL.length).split(NL).join("");
      if (added.length) send(added);
    } else {
      // Characters of the sentinel were deleted: one Backspace per missing character.
      var kept = 0;
      while (kept < v.length && v[kept] === ZWSP) kept++;
      for (var i = kept; i < SENTINEL.length; i++) key(1);
      var rest = v.slice(kept).split(NL).join("");
      if (rest.length) send(rest);
    }
    reset();
  };
  ta.addEventListener("input", function (e) {
    Module.druzinaWake && Module.druzinaWake();
    if (!composing) flush();
  });
  var codes = { Enter: 2, Tab: 3, Escape: 4, ArrowLeft: 5, ArrowRight: 6, Home: 7, End: 8, Delete: 9,
                ArrowUp: 10, ArrowDown: 11 };
  ta.addEventListener("keydown", function (e) {
    e.stopPropagation();
    Module.druzinaWake && Module.druzinaWake();
    var k = codes[e.key];
    if (k) { e.preventDefault(); key(k); }
    else if (e.key === "Backspace" && ta.value === SENTINEL) { e.preventDefault(); key(1); }
  });
  ta.addEventListener("keyup", function (e) { e.stopPropagation(); });
  // iOS shows the keyboard only for a focus() inside the touch handler: if the finger lifts on a text field,
  // focus now (the app knows the fields' rectangles from the last frame).
  Module.druzinaTextRects = [];
  document.getElementById("canvas").addEventListener("touchend", function (e) {
    var t = e.changedTouches && e.changedTouches[0];
    if (!t) return;
    var r = Module.druzinaTextRects;
    for (var i = 0; i < r.length; i++) {
      if (t.clientX >= r[i][0] && t.clientX <= r[i][0] + r[i][2] && t.clientY >= r[i][1] && t.clientY <= r[i][1] + r[i][3]) {
        ta.focus({ preventScroll: true });
        return;
      }
    }
  }, { passive: true });
  Module.druzinaKbd = ta;
});

EM_JS(void, js_kbd_show, (int show, float x, float y, float h), {
  var ta = Module.druzinaKbd;
  if (!ta) return;
  if (show) {
    ta.style.left = Math.max(0, x) + "px";
    ta.style.top = Math.max(0, y) + "px";
    ta.style.height = Math.max(16, h) + "px";
    if (document.activeElement !== ta) ta.focus({ preventScroll: true });
  } else if (document.activeElement === ta) {
    ta.blur();
  }
});

EM_JS(void, js_kbd_fields, (const char* json), { Module.druzinaTextRects = JSON.parse(UTF8ToString(json)); });

}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE void druzina_kbd_text(const char* utf8) {
  if (callbacks.text) callbacks.text(utf8);
}
EMSCRIPTEN_KEEPALIVE void druzina_kbd_key(int key, int down) {
  if (callbacks.key) callbacks.key(static_cast<druzina::platform::keyboard::Key>(key), down != 0);
}
}

namespace druzina::platform::keyboard {

void install(Callbacks cb) {
  callbacks = cb;
  js_kbd_install();
}

void update(bool want_text, float caret_x, float caret_y, float line_height, const std::vector<Rect>& fields) {
  if (want_text || shown) js_kbd_show(want_text ? 1 : 0, caret_x, caret_y, line_height);
  shown = want_text;
  std::string json = "[";
  for (const Rect& r : fields) {
    if (json.size() > 1) json += ',';
    json += "[" + std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.w) + "," +
            std::to_string(r.h) + "]";
  }
  json += "]";
  if (json != last_fields) {
    last_fields = json;
    js_kbd_fields(json.c_str());
  }
}

}  // namespace druzina::platform::keyboard
