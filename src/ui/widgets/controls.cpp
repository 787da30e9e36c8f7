// The shared controls of every screen: buttons, choices, steppers, rows and cards, small texts, the confirmation.
//
// Index:
//   [SECTION] buttons
//   [SECTION] choices
//   [SECTION] numbers
//   [SECTION] rows and cards
//   [SECTION] text
//   [SECTION] popups
#include "ui/widgets/controls.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <string>

#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

float font_px(ImFont* f) { return f->FontSize * ImGui::GetIO().FontGlobalScale; }

std::string id_of(std::string_view prefix, std::string_view suffix) {
  std::string s(prefix);
  s += '.';
  s += suffix;
  return s;
}

// "−" (U+2212) reads better than "-" on a big button.
const char* kMinus = "\xE2\x88\x92";

void push_selected() {
  ImGui::PushStyleColor(ImGuiCol_Button, color_selected_bg());
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, color_selected_bg());
  ImGui::PushStyleColor(ImGuiCol_Text, color_selected_text());
}

}  // namespace

// [SECTION] buttons ---------------------------------------------------------------------------------------------------
bool choice_button(const char* text, bool active, ImVec2 size) {
  if (active) push_selected();
  // A label wider than the button drops to the small font rather than being cut.
  float w = size.x > 0 ? size.x : ImGui::GetContentRegionAvail().x;
  const char* end = ImGui::FindRenderedTextEnd(text);
  bool shrink = ImGui::CalcTextSize(text, end).x > w - 2 * ImGui::GetStyle().FramePadding.x;
  if (shrink) ImGui::PushFont(ui().fonts.small);
  bool pressed = big_button(text, size);
  if (shrink) ImGui::PopFont();
  if (active) ImGui::PopStyleColor(3);
  return pressed;
}

bool colored_button(const char* label, ImVec4 color, ImVec2 size, const std::string& test_id) {
  ImGui::PushStyleColor(ImGuiCol_Button, color);
  ImVec4 hov = ImVec4(std::min(1.0f, color.x * 1.15f), std::min(1.0f, color.y * 1.15f), std::min(1.0f, color.z * 1.15f), color.w);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, hov);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, hov);
  // Light text on dark colours, dark text on light ones (gold in the dark theme, anything in the light one).
  const float lum = 0.299f * color.x + 0.587f * color.y + 0.114f * color.z;
  ImGui::PushStyleColor(ImGuiCol_Text, lum > 0.55f ? ImVec4(0.08f, 0.07f, 0.12f, 1) : ImVec4(1, 1, 1, 1));
  bool pressed = big_button(label, size);
  ImGui::PopStyleColor(4);
  track(test_id, label);
  return pressed;
}

bool toggle_button(const char* label, bool on, const std::string& test_id, ImVec2 size) {
  if (on) push_selected();
  std::string text = std::string(on ? "\xE2\x9C\x93 " : "") + label;  // ✓
  ImGui::PushID(test_id.c_str());
  bool pressed = big_button(text.c_str(), size);
  ImGui::PopID();
  if (on) ImGui::PopStyleColor(3);
  track(test_id, label);
  return pressed;
}

// [SECTION] choices ---------------------------------------------------------------------------------------------------
std::vector<Option> options(const std::vector<std::string>& ids, const std::vector<std::string>& labels) {
  std::vector<Option> out;
  for (size_t i = 0; i < labels.size(); ++i) out.push_back({i < ids.size() ? ids[i] : std::to_string(i), labels[i]});
  return out;
}

bool segmented(std::string_view prefix, const std::vector<Option>& options, int& current, int per_row) {
  const int n = static_cast<int>(options.size());
  if (n == 0) return false;
  if (per_row <= 0 || per_row > n) per_row = n;
  const float spacing = 6.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float w = (avail - spacing * static_cast<float>(per_row - 1)) / static_cast<float>(per_row);
  bool changed = false;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  for (int i = 0; i < n; ++i) {
    if (i % per_row != 0) ImGui::SameLine();
    ImGui::PushID(i);
    ImGui::PushID(prefix.data(), prefix.data() + prefix.size());
    if (choice_button(options[static_cast<size_t>(i)].label.c_str(), current == i, ImVec2(w, kTouchTarget)) &&
        current != i) {
      current = i;
      changed = true;
    }
    ImGui::PopID();
    ImGui::PopID();
    track(id_of(prefix, options[static_cast<size_t>(i)].id),
          options[static_cast<size_t>(i)].label + (current == i ? " [on]" : ""));
  }
  ImGui::PopStyleVar();
  return changed;
}

// [SECTION] numbers ---------------------------------------------------------------------------------------------------
namespace {

// The labelled row: the label wrapped on the left, [−] [value] [+] on the right.
bool labelled_stepper(const std::string& id, int& value, int lo, int hi, const StepperOptions& o) {
  const float bw = 56.0f, vw = 84.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float label_w = avail - 2 * bw - vw - 3 * gap();
  bool changed = false;
  ImVec2 start = ImGui::GetCursorPos();
  if (label_w > 40) {
    float th = ImGui::CalcTextSize(o.label, nullptr, false, label_w).y;
    ImGui::SetCursorPosY(start.y + std::max(0.0f, (kTouchTarget - th) * 0.5f));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + label_w);
    ImGui::TextUnformatted(o.label);
    ImGui::PopTextWrapPos();
    ImGui::SetCursorPos(ImVec2(start.x + label_w + gap(), start.y));
  }
  ImGui::BeginDisabled(value <= lo);
  if (big_button(kMinus, ImVec2(bw, kTouchTarget))) {
    value = std::max(lo, value - o.step);
    changed = true;
  }
  ImGui::EndDisabled();
  track(id_of(id, "minus"), "-");
  ImGui::SameLine();
  std::string v = o.show_sign ? signed_num(value) : std::to_string(value);
  if (big_button(v.c_str(), ImVec2(vw, kTouchTarget))) pad::open_for(id, o.label, value, lo, hi, false);
  track(id_of(id, "value"), v);
  ImGui::SameLine();
  ImGui::BeginDisabled(value >= hi);
  if (big_button("+", ImVec2(bw, kTouchTarget))) {
    value = std::min(hi, value + o.step);
    changed = true;
  }
  ImGui::EndDisabled();
  track(id_of(id, "plus"), "+");
  if (label_w > 40) {
    float th = ImGui::CalcTextSize(o.label, nullptr, false, label_w).y;
    if (th > kTouchTarget) ImGui::Dummy(ImVec2(1, th - kTouchTarget));
  }
  return changed;
}

// The wide form: [−] value [+] in big digits across the width.
bool wide_stepper(const std::string& id, int& value, int lo, int hi, const StepperOptions& o) {
  const float width = o.width > 0 ? o.width : ImGui::GetContentRegionAvail().x;
  const float bw = std::min(64.0f, width * 0.3f), spacing = 6.0f;
  const float vw = std::max(40.0f, width - 2 * bw - 2 * spacing);
  bool changed = false;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  ImGui::BeginGroup();
  ImGui::BeginDisabled(value <= lo);
  ImGui::PushFont(ui().fonts.big);
  if (ImGui::Button(kMinus, ImVec2(bw, kTouchTarget)) && value > lo) {
    value = std::max(lo, value - o.step);
    changed = true;
  }
  ImGui::PopFont();
  ImGui::EndDisabled();
  track(id_of(id, "minus"), kMinus);
  ImGui::SameLine();
  std::string shown = !o.show_sign ? std::to_string(value) : value == 0 ? std::string("0") : signed_num(value);
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::PushFont(ui().fonts.big);
  bool open = ImGui::Button((shown + "##value").c_str(), ImVec2(vw, kTouchTarget));
  ImGui::PopFont();
  ImGui::PopStyleColor();
  track(id_of(id, "value"), shown);
  ImGui::SameLine();
  ImGui::BeginDisabled(value >= hi);
  ImGui::PushFont(ui().fonts.big);
  if (ImGui::Button("+", ImVec2(bw, kTouchTarget)) && value < hi) {
    value = std::min(hi, value + o.step);
    changed = true;
  }
  ImGui::PopFont();
  ImGui::EndDisabled();
  track(id_of(id, "plus"), "+");
  ImGui::EndGroup();
  ImGui::PopStyleVar();
  if (open) pad::open_for(id, "", value, lo, hi, true);
  return changed;
}

}  // namespace

bool stepper(std::string_view test_id, int& value, int lo, int hi, const StepperOptions& o) {
  const std::string id(test_id);
  bool changed = false;
  int typed = value;
  if (pad::take(id, typed) && typed != value) {  // the number pad this stepper opened was confirmed
    value = std::clamp(typed, lo, hi);
    changed = true;
  }
  ImGui::PushID(id.c_str());
  changed = (o.label ? labelled_stepper(id, value, lo, hi, o) : wide_stepper(id, value, lo, hi, o)) || changed;
  ImGui::PopID();
  return changed;
}

// [SECTION] rows and cards --------------------------------------------------------------------------------------------
bool switch_row(std::string_view id, const char* text, bool on, const char* detail) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x;
  const float pill_w = 64, pill_h = 32;
  const float text_w = w - pill_w - 3 * st.FramePadding.x;
  ImFont* body = ImGui::GetFont();
  ImFont* small = ui().fonts.small;
  const float body_px = ImGui::GetFontSize(), small_px = font_px(small);
  ImVec2 t = body->CalcTextSizeA(body_px, FLT_MAX, text_w, text);
  ImVec2 d = detail ? small->CalcTextSizeA(small_px, FLT_MAX, text_w, detail) : ImVec2(0, 0);
  const float h = std::max(kTouchTarget + 8, t.y + (detail ? d.y + 4 : 0) + 2 * st.FramePadding.y);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(id.data(), id.data() + id.size());
  bool pressed = ImGui::InvisibleButton("##toggle", ImVec2(w, h));
  ImGui::PopID();
  bool held = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h),
                    ImGui::GetColorU32(held ? ImGuiCol_ButtonHovered : ImGuiCol_Button), st.FrameRounding);
  if (st.FrameBorderSize > 0)
    dl->AddRect(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImGuiCol_Border), st.FrameRounding, 0,
                st.FrameBorderSize);
  float ty = p.y + (h - t.y - (detail ? d.y + 4 : 0)) * 0.5f;
  dl->AddText(body, body_px, ImVec2(p.x + st.FramePadding.x, ty), ImGui::GetColorU32(ImGuiCol_Text), text, nullptr,
              text_w);
  if (detail)
    dl->AddText(small, small_px, ImVec2(p.x + st.FramePadding.x, ty + t.y + 4),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), detail, nullptr, text_w);
  ImVec2 a(p.x + w - pill_w - st.FramePadding.x, p.y + (h - pill_h) * 0.5f), b(a.x + pill_w, a.y + pill_h);
  dl->AddRectFilled(a, b, ImGui::GetColorU32(on ? color_selected_bg() : ImGui::GetStyleColorVec4(ImGuiCol_FrameBg)),
                    pill_h * 0.5f);
  if (st.FrameBorderSize > 0) dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_Border), pill_h * 0.5f, 0, 2);
  const float r = pill_h * 0.5f - 4;
  ImVec2 knob(on ? b.x - r - 4 : a.x + r + 4, a.y + pill_h * 0.5f);
  dl->AddCircleFilled(knob, r, ImGui::GetColorU32(on ? color_selected_text() : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)));
  track(id, std::string(text) + (on ? " [on]" : " [off]"));
  return pressed;
}

bool card_button(std::string_view id, const char* title, const char* body, bool highlight) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x, pad = 14;
  const float text_w = w - 2 * pad;
  ImFont* f = ImGui::GetFont();
  ImFont* small = ui().fonts.small;
  const float f_px = ImGui::GetFontSize(), s_px = font_px(small);
  ImVec2 t = f->CalcTextSizeA(f_px, FLT_MAX, text_w, title);
  ImVec2 b = body && *body ? small->CalcTextSizeA(s_px, FLT_MAX, text_w, body) : ImVec2(0, 0);
  const float h = std::max(kTouchTarget, t.y + (b.y > 0 ? b.y + 6 : 0) + 2 * 12.0f);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(id.data(), id.data() + id.size());
  bool pressed = ImGui::InvisibleButton("##card", ImVec2(w, h));
  ImGui::PopID();
  bool held = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec4 bg = highlight ? color_selected_bg() : held ? ImGui::GetStyleColorVec4(ImGuiCol_ButtonHovered) : color_card();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(bg), st.ChildRounding);
  dl->AddRect(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImGuiCol_Border), st.ChildRounding, 0,
              std::max(1.0f, st.FrameBorderSize));
  ImU32 tc = ImGui::GetColorU32(highlight ? color_selected_text() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
  dl->AddText(f, f_px, ImVec2(p.x + pad, p.y + 12), tc, title, nullptr, text_w);
  if (b.y > 0)
    dl->AddText(small, s_px, ImVec2(p.x + pad, p.y + 12 + t.y + 6),
                highlight ? tc : ImGui::GetColorU32(ImGuiCol_TextDisabled), body, nullptr, text_w);
  track(id, title);
  return pressed;
}

// [SECTION] text ------------------------------------------------------------------------------------------------------
void small_label(const char* text) {
  ImGui::PushFont(ui().fonts.small);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

void error_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color_error());
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void paragraph(const char* text) { ImGui::TextWrapped("%s", text); }

void bullet(const char* text) {
  ImGui::TextUnformatted("\xE2\x80\xA2");  // •
  ImGui::SameLine(0, 10);
  ImGui::TextWrapped("%s", text);
}

// [SECTION] popups ----------------------------------------------------------------------------------------------------
void open_popup(const char* id) { ImGui::OpenPopup(id); }

bool begin_popup(const char* id) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = 12.0f;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + margin, vp->Pos.y + vp->Size.y - 76), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x - 2 * margin, 0));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(vp->Size.x - 2 * margin, vp->Size.y * 0.8f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 14));
  bool open = ImGui::BeginPopup(id, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar();
  return open;
}

void end_popup() { ImGui::EndPopup(); }

namespace {

struct Confirm {
  std::string key, question, yes, no;
  bool pending = false;
  bool destructive = false;  // Yes in red
};

Confirm& confirm_state() {
  static Confirm c;
  return c;
}

}  // namespace

void ask_confirm(const std::string& key, const std::string& question, const char* yes, const char* no) {
  Confirm& c = confirm_state();
  c.key = key;
  c.question = question;
  c.yes = yes ? yes : "";
  c.no = no ? no : "";
  c.pending = true;
  c.destructive = false;
}

void ask_confirm_destructive(const std::string& key, const std::string& question, const char* yes, const char* no) {
  ask_confirm(key, question, yes, no);
  confirm_state().destructive = true;
}

bool confirm_popup(const std::string& key) {
  Confirm& c = confirm_state();
  if (c.key != key) return false;
  if (c.pending) {
    ImGui::OpenPopup("##confirm");
    c.pending = false;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float w = std::min(vp->Size.x - 24.0f, 460.0f);
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  bool result = false;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(18, 18));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 14.0f);
  if (ImGui::BeginPopupModal("##confirm", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(c.question.c_str());
    ImGui::PopTextWrapPos();
    track("confirm.question", c.question);
    ImGui::Spacing();
    const std::string no = c.no.empty() ? T("ui.common.cancel") : c.no;
    const std::string yes = c.yes.empty() ? T("ui.common.yes") : c.yes;
    const float bw = split_width(2);
    if (big_button(no.c_str(), ImVec2(bw, 56))) {
      c.key.clear();
      ImGui::CloseCurrentPopup();
    }
    track("confirm.no", no);
    ImGui::SameLine();
    if (colored_button(yes.c_str(), c.destructive ? col_bad() : col_accent(), ImVec2(bw, 56), "confirm.yes")) {
      result = true;
      c.key.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  ImGui::PopStyleVar(2);
  return result;
}

}  // namespace druzina::ui
