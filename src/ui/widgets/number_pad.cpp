#include "ui/widgets/number_pad.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::pad {

namespace {

struct State {
  Request req;
  std::string digits;  // what was typed (no sign)
  bool negative = false;
  bool pending_open = false;
  bool open = false;
  std::string result_key;  // open_for(): the control waiting for the number
  bool auto_ok = false;    // list mode: the last number is complete, the first action runs
};

State& st() {
  static State s;
  return s;
}

long long typed_value() {
  const State& s = st();
  if (s.digits.empty()) return 0;
  long long v = std::stoll(s.digits);
  return s.negative ? -v : v;
}

void key(const char* label, const std::string& id, float w, float h, const std::function<void()>& fn) {
  ImGui::PushFont(ui().fonts.big);
  if (big_button(label, ImVec2(w, h))) fn();
  ImGui::PopFont();
  track(id, label);
}

// Numbers confirmed on a pad opened by open_for(), waiting for their control to take them.
std::vector<std::pair<std::string, int>>& results() {
  static std::vector<std::pair<std::string, int>> r;
  return r;
}

}  // namespace

void open(Request request) {
  State& s = st();
  results().clear();  // a number nobody took (its control was not drawn again) is forgotten
  s.req = std::move(request);
  s.digits.clear();
  s.negative = false;
  s.auto_ok = false;
  if (s.req.show_initial) {
    s.negative = s.req.initial < 0;
    s.digits = std::to_string(s.req.initial < 0 ? -s.req.initial : s.req.initial);
  }
  s.pending_open = true;
  s.open = true;
}

void open_for(const std::string& key, const std::string& title, int current, int lo, int hi, bool prefill) {
  Request r;
  r.title = title;
  r.initial = current;
  r.show_initial = prefill;
  r.lo = lo;
  r.hi = hi;
  r.allow_negative = lo < 0;
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), [key](int n) { results().emplace_back(key, n); }});
  open(std::move(r));
}

bool take(const std::string& key, int& value) {
  auto& r = results();
  for (auto it = r.begin(); it != r.end(); ++it) {
    if (it->first != key) continue;
    value = it->second;
    r.erase(it);
    return true;
  }
  return false;
}

void close() { st().open = false; }

void open_value(const std::string& title, int current, int lo, int hi, std::function<void(int)> set, bool allow_negative) {
  Request r;
  r.title = title;
  r.initial = current;
  r.lo = lo;
  r.hi = hi;
  r.allow_negative = allow_negative;
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), std::move(set)});
  open(std::move(r));
}

namespace {

// The display: what was typed, right-aligned in big digits.
void draw_display() {
  const State& s = st();
  std::string shown = s.digits.empty() ? std::string(s.req.list || s.req.pin ? "" : "0") : (s.negative ? "\xE2\x88\x92" : "") + s.digits;
  if (s.req.pin) {
    shown.clear();
    for (size_t i = 0; i < s.digits.size(); ++i) shown += "\xE2\x80\xA2";  // •
  }
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float dw = ImGui::GetContentRegionAvail().x, dh = 64.0f;
  ImGui::Dummy(ImVec2(dw, dh));
  track("pad.value", s.digits.empty() ? "" : s.req.pin ? shown : s.req.list ? s.digits : std::to_string(typed_value()));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + dw, p.y + dh), ImGui::GetColorU32(ImGuiCol_FrameBg), 10.0f);
  ImFont* big = ui().fonts.big;
  float fs = big->FontSize * ImGui::GetIO().FontGlobalScale * 1.4f;
  ImVec2 ts = big->CalcTextSizeA(fs, FLT_MAX, 0, shown.c_str());
  ImU32 col = ImGui::GetColorU32(s.digits.empty() ? col_muted() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
  dl->AddText(big, fs, ImVec2(p.x + dw - ts.x - 16, p.y + (dh - ts.y) * 0.5f), col, shown.c_str());
}

// keys: 1 2 3 / 4 5 6 / 7 8 9 / (−) 0 ←
void draw_keys(float kh) {
  State& s = st();
  const float kw = split_width(3);
  auto tokens = [&s] {
    int n = 0;
    bool in = false;
    for (char ch : s.digits) {
      if (ch != ' ' && !in) ++n;
      in = ch != ' ';
    }
    return n;
  };
  auto press_digit = [&s, &tokens](char d) {
    if (s.req.pin) {
      if (s.digits.size() < 8) s.digits.push_back(d);
      return;
    }
    if (s.req.list) {
      // list mode: the current number (after the last space) grows until it cannot within list_max
      const size_t sp = s.digits.find_last_of(' ');
      std::string cur = sp == std::string::npos ? s.digits : s.digits.substr(sp + 1);
      if (cur.empty() && tokens() >= s.req.list_items) return;
      if (cur == "0") return;
      cur.push_back(d);
      if (cur.size() > 3 || std::stoi(cur) > s.req.list_max) return;
      s.digits.push_back(d);
      if (std::stoi(cur) * 10 > s.req.list_max && tokens() < s.req.list_items) s.digits.push_back(' ');
      else if (std::stoi(cur) * 10 > s.req.list_max && s.req.list_auto_ok) s.auto_ok = true;
      return;
    }
    if (s.digits.size() >= 6) return;
    if (s.digits == "0") s.digits.clear();
    s.digits.push_back(d);
  };
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) {
      char d = static_cast<char>('1' + row * 3 + col);
      char label[2] = {d, 0};
      if (col) ImGui::SameLine();
      key(label, std::string("pad.") + label, kw, kh, [&] { press_digit(d); });
    }
  }
  if (s.req.list) {
    key(T("ui.pad.space"), "pad.space", kw, kh, [&] {
      if (!s.digits.empty() && s.digits.back() != ' ' && tokens() < s.req.list_items) s.digits.push_back(' ');
    });
  } else if (s.req.allow_negative) {
    key("\xC2\xB1", "pad.minus", kw, kh, [&] { s.negative = !s.negative; });  // ±
  } else {
    key("C", "pad.clear", kw, kh, [&] {
      s.digits.clear();
      s.negative = false;
    });
  }
  ImGui::SameLine();
  key("0", "pad.0", kw, kh, [&] { press_digit('0'); });
  ImGui::SameLine();
  key("\xE2\x86\x90", "pad.back", kw, kh, [&] {  // ←
    if (s.req.list)  // a space typed by itself goes with the digit before it
      while (!s.digits.empty() && s.digits.back() == ' ') s.digits.pop_back();
    if (!s.digits.empty()) s.digits.pop_back();
  });
}

// The action buttons (Damage / Heal / Temp HP, or OK); returns the chosen one.
std::function<void(int)> draw_actions() {
  const State& s = st();
  const int n = static_cast<int>(s.req.actions.size());
  const float aw = split_width(std::max(1, n));
  const bool text_mode = s.req.list || s.req.pin;
  long long v = text_mode ? 0 : typed_value();
  const bool in_range = text_mode ? (s.req.list_valid && s.req.list_valid(s.digits)) : v >= s.req.lo && v <= s.req.hi;
  std::function<void(int)> chosen;
  for (int i = 0; i < n; ++i) {
    const Action& a = s.req.actions[static_cast<size_t>(i)];
    if (i) ImGui::SameLine();
    ImGui::BeginDisabled(s.digits.empty() ? !a.allow_empty : !in_range);
    ImGui::PushFont(ui().fonts.big);
    ImGui::PushID(i);
    if (colored_button(a.label.c_str(), a.color, ImVec2(aw, 66.0f), a.test_id)) {
      if (a.run_text) {
        chosen = [text = s.digits, f = a.run_text](int) { f(text); };
      } else {
        chosen = a.run;
      }
    }
    ImGui::PopID();
    ImGui::PopFont();
    ImGui::EndDisabled();
  }
  if (!in_range && !s.digits.empty() && !text_mode) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", Tf("ui.pad.range", jobj{"min", s.req.lo, "max", s.req.hi}).c_str());
    ImGui::PopStyleColor();
  }
  return chosen;
}

}  // namespace

void draw() {
  State& s = st();
  if (!s.open) return;
  if (s.pending_open) {
    ImGui::OpenPopup("##pad");
    s.pending_open = false;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // A short screen (a phone in landscape) cannot fit the pad in one column: the keys go to the right.
  const float avail_h = vp->Size.y - ui().safe_top - ui().safe_bottom - 16.0f;
  const bool wide = avail_h < 620.0f && vp->Size.x > vp->Size.y;
  const float w = std::min(vp->Size.x - 16.0f, wide ? 820.0f : 460.0f);
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y - 8.0f - ui().safe_bottom),
                          ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 14));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 16.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, 8));
  if (!ImGui::BeginPopupModal("##pad", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PopStyleVar(3);
    s.open = false;
    return;
  }
  const bool columns = wide && ImGui::BeginTable("##padcols", 2, ImGuiTableFlags_SizingStretchSame);
  if (columns) ImGui::TableNextColumn();
  bool close_now = false;
  // title row with a close button
  const float close_w = 56.0f;
  ImGui::PushFont(ui().fonts.big);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - close_w);
  ImGui::TextUnformatted(s.req.title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  track("pad.title", s.req.subtitle.empty() ? s.req.title : s.req.title + "\n" + s.req.subtitle);
  ImGui::SameLine(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - close_w);
  if (big_button("\xE2\x9C\x95", ImVec2(close_w, kTouchTarget))) close_now = true;  // ✕
  track("pad.close", T("ui.common.close"));
  if (!s.req.subtitle.empty()) muted(s.req.subtitle.c_str());
  draw_display();
  if (s.req.extra) s.req.extra();
  std::function<void(int)> chosen;
  if (columns) {
    ImGui::Spacing();
    chosen = draw_actions();
    ImGui::TableNextColumn();
    ImGui::Indent(16.0f);  // keep the keys clear of the close button
    draw_keys(50.0f);
    ImGui::Unindent(16.0f);
    ImGui::EndTable();
  } else {
    draw_keys(58.0f);
    ImGui::Spacing();
    chosen = draw_actions();
  }
  if (s.auto_ok) {
    s.auto_ok = false;
    if (!s.req.actions.empty() && s.req.actions[0].run_text && s.req.list_valid && s.req.list_valid(s.digits))
      chosen = [text = s.digits, f = s.req.actions[0].run_text](int) { f(text); };
  }
  if (chosen) close_now = true;
  if (close_now) {
    ImGui::CloseCurrentPopup();
    s.open = false;
  }
  ImGui::EndPopup();
  ImGui::PopStyleVar(3);
  if (chosen) chosen(static_cast<int>(s.digits.empty() ? 0 : typed_value()));
}

}  // namespace druzina::ui::pad
