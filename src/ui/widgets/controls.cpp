#include "ui/widgets/controls.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cstdlib>
#include <string>

#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui::ctl {

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

std::string signed_text(int v, bool show_sign) {
  if (!show_sign) return std::to_string(v);
  if (v > 0) return "+" + std::to_string(v);
  if (v < 0) return std::string(kMinus) + std::to_string(-v);
  return "0";
}

// Number pad state (one pad open at a time).
std::string pad_id;
std::string pad_text;

}  // namespace

bool choice_button(const char* text, bool active, ImVec2 size) {
  if (active) {
    ImGui::PushStyleColor(ImGuiCol_Button, color_selected_bg());
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, color_selected_bg());
    ImGui::PushStyleColor(ImGuiCol_Text, color_selected_text());
  }
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

bool stepper(std::string_view id, int& value, int lo, int hi, bool show_sign, float width) {
  if (width <= 0) width = ImGui::GetContentRegionAvail().x;
  const float bw = std::min(64.0f, width * 0.3f), spacing = 6.0f;
  const float vw = std::max(40.0f, width - 2 * bw - 2 * spacing);
  bool changed = false;
  ImGui::PushID(id.data(), id.data() + id.size());
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  ImGui::BeginGroup();
  ImGui::BeginDisabled(value <= lo);
  ImGui::PushFont(ui().fonts.big);
  if (ImGui::Button(kMinus, ImVec2(bw, kTouchTarget)) && value > lo) {
    --value;
    changed = true;
  }
  ImGui::PopFont();
  ImGui::EndDisabled();
  track(id_of(id, "minus"), kMinus);
  ImGui::SameLine();
  std::string shown = signed_text(value, show_sign);
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
    ++value;
    changed = true;
  }
  ImGui::PopFont();
  ImGui::EndDisabled();
  track(id_of(id, "plus"), "+");
  ImGui::EndGroup();
  ImGui::PopStyleVar();
  if (open) open_number_pad("pad", value);
  int typed = value;
  if (number_pad("pad", typed, lo, hi) && typed != value) {
    value = typed;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

bool toggle(std::string_view id, const char* text, bool on, const char* detail) {
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

void label(const char* text) {
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

void open_number_pad(std::string_view id, int start) {
  pad_id = std::string(id);
  pad_text = start == 0 ? "" : std::to_string(start);
  ImGui::OpenPopup(pad_id.c_str());
}

bool number_pad(std::string_view id, int& value, int lo, int hi) {
  std::string pid(id);
  if (!begin_popup(pid.c_str())) return false;
  bool done = false;
  ImGui::PushFont(ui().fonts.big);
  std::string shown = pad_text.empty() ? "0" : pad_text;
  long long typed = pad_text.empty() || pad_text == "-" ? 0 : std::atoll(pad_text.c_str());
  bool in_range = typed >= lo && typed <= hi;
  ImGui::PushStyleColor(ImGuiCol_Text, in_range ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : color_error());
  ImVec2 sz = ImGui::CalcTextSize(shown.c_str());
  ImGui::SetCursorPosX(std::max(0.0f, (ImGui::GetContentRegionAvail().x - sz.x) * 0.5f + ImGui::GetCursorPosX()));
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopStyleColor();
  track("numpad.display", shown);
  const float spacing = 8.0f;
  const float w = (ImGui::GetContentRegionAvail().x - 2 * spacing) / 3.0f;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  static const char* keys[12] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "\xC2\xB1", "0", "\xE2\x86\x90"};  // ± 0 ← (backspace)
  static const char* ids[12] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "sign", "0", "back"};
  for (int i = 0; i < 12; ++i) {
    if (i % 3 != 0) ImGui::SameLine();
    bool disabled = i == 9 && lo >= 0;
    ImGui::BeginDisabled(disabled);
    ImGui::PushID(i);
    bool pressed = ImGui::Button(keys[i], ImVec2(w, 56));
    ImGui::PopID();
    ImGui::EndDisabled();
    track(std::string("numpad.") + ids[i], keys[i]);
    if (!pressed) continue;
    if (i == 11) {
      if (!pad_text.empty()) pad_text.pop_back();
    } else if (i == 9) {
      if (!pad_text.empty() && pad_text[0] == '-') pad_text.erase(0, 1);
      else pad_text.insert(0, "-");
    } else if (pad_text.size() < 10) {
      if (pad_text == "0") pad_text.clear();
      pad_text += keys[i];
    }
  }
  ImGui::PopFont();
  const float half = (ImGui::GetContentRegionAvail().x - spacing) * 0.5f;
  if (big_button(T("ui.ctl.cancel"), ImVec2(half, kTouchTarget))) ImGui::CloseCurrentPopup();
  track("numpad.cancel", T("ui.ctl.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!in_range);
  if (choice_button(T("ui.ctl.ok"), true, ImVec2(half, kTouchTarget))) {
    value = static_cast<int>(typed);
    done = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  track("numpad.ok", T("ui.ctl.ok"));
  if (!in_range) error_text(Tf("ui.ctl.range", {{"min", lo}, {"max", hi}}).c_str());
  ImGui::PopStyleVar();
  end_popup();
  return done;
}

void open_confirm(const char* id) { ImGui::OpenPopup(id); }

bool confirm(const char* id, const char* question, const char* yes, const char* no) {
  if (!begin_popup(id)) return false;
  bool done = false;
  ImGui::TextWrapped("%s", question);
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Button, color_bad());
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, color_bad());
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  if (big_button(yes)) {
    done = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::PopStyleColor(3);
  track(std::string(id) + ".yes", yes);
  if (big_button(no)) ImGui::CloseCurrentPopup();
  track(std::string(id) + ".no", no);
  end_popup();
  return done;
}

}  // namespace druzina::ui::ctl
