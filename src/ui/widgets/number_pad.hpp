// The number pad, the app's only one: a full-width sheet with 0–9, ← (backspace) and big action buttons, used
// instead of typing numbers on a phone keyboard. One pad at a time; it is opened with a Request and drawn by the
// root (draw_root calls draw() once per frame, whatever the screen).
//   open_value(…)  → "OK" hands the number to a callback (initiative, checks, spell levels)
//   open_for(key…) → "OK" keeps the number for the control that opened it: take(key) collects it (steppers)
//   hp_pad.hpp's open_hp(creature) → "Damage" / "Heal" / "Temp HP"
// Test ids: pad.0 … pad.9, pad.back, pad.minus, pad.space (list mode), pad.value, pad.title (label: the title, then
// the subtitle on its own line), pad.close, and one per action (pad.damage, pad.heal,
// pad.temp, pad.ok, …).
#pragma once
#include <imgui.h>

#include <functional>
#include <string>
#include <vector>

namespace druzina::ui::pad {

struct Action {
  std::string label;
  std::string test_id;  // "pad.damage"
  ImVec4 color;
  std::function<void(int)> run;  // called with the entered number; the pad closes afterwards
  bool allow_empty = false;      // enabled with nothing typed (the value is then 0)
  std::function<void(const std::string&)> run_text;  // list mode: called with what was typed ("15 14 13")
};

struct Request {
  std::string title;
  std::string subtitle;
  int initial = 0;
  bool show_initial = false;  // start with `initial` typed in (else empty)
  int lo = 0, hi = 9999;
  bool allow_negative = false;
  std::vector<Action> actions;
  std::function<void()> extra;  // extra controls drawn above the keys (toggles)
  // List mode (several numbers in one go, e.g. six ability scores): the bottom-left key types a space
  // (pad.space), a number that cannot grow within list_max (15 of 30; 4…9) is followed by one by itself, and
  // the actions are enabled when list_valid(text) says so.
  // list_auto_ok: the last number typed in full (it cannot grow) runs the first action at once.
  bool list = false, list_auto_ok = false;
  int list_items = 6, list_max = 30;
  std::function<bool(const std::string&)> list_valid;
  // PIN mode: up to 8 digits, leading zeros kept, shown as dots; the actions get the digits through run_text and
  // are enabled when list_valid(digits) says so.
  bool pin = false;
};

void open(Request request);
void open_value(const std::string& title, int current, int lo, int hi, std::function<void(int)> set,
                bool allow_negative = false);
void open_for(const std::string& key, const std::string& title, int current, int lo, int hi, bool prefill);
bool take(const std::string& key, int& value);  // true once, with the number confirmed for `key`
void close();
void draw();

}  // namespace druzina::ui::pad
