// The number pad: a full-width sheet with 0–9, ← (backspace) and big action buttons, used instead of typing
// numbers on a phone keyboard. One pad at a time; a screen opens it with a Request and calls draw() once per
// frame (Party, Combat and Downtime all do; only the visible screen draws).
//   open_hp(creature)  → "Damage" / "Heal" / "Temp HP" (ApplyDamage / Heal / SetTempHp), the log as a notice
//   open_value(…)      → "OK" writes the number through a setter (steppers, initiative, checks)
// Test ids: pad.0 … pad.9, pad.back, pad.minus, pad.value, pad.close, and one per action (pad.damage, pad.heal,
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
};

void open(Request request);
void open_hp(const std::string& creature_id);
void open_value(const std::string& title, int current, int lo, int hi, std::function<void(int)> set,
                bool allow_negative = false);
bool is_open();
void close();
void draw();

}  // namespace druzina::ui::pad
