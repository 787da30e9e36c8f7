#include "ui/widgets/widgets.hpp"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "ui/test_ids.hpp"
#include "ui/ui.hpp"

namespace druzina::ui {

namespace {

// The visible part of `text` (up to `end`) cut at a UTF-8 character boundary and ended with "…" so it fits `room`.
std::string elided(const char* text, const char* end, float room) {
  const char* ell = "\xE2\x80\xA6";  // …
  const float ell_w = ImGui::CalcTextSize(ell).x;
  const char* cut = end;
  while (cut > text) {
    do --cut;
    while (cut > text && (static_cast<unsigned char>(*cut) & 0xC0) == 0x80);
    if (ImGui::CalcTextSize(text, cut).x + ell_w <= room) break;
  }
  std::string out(text, cut);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + ell;
}

}  // namespace

std::string fit_text(const std::string& text, float room) {
  if (ImGui::CalcTextSize(text.c_str()).x <= room) return text;
  return elided(text.c_str(), text.c_str() + text.size(), room);
}

std::string signed_num(int n) { return (n >= 0 ? "+" : "\xE2\x88\x92") + std::to_string(n >= 0 ? n : -n); }

bool big_button(const char* label, ImVec2 size) {
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  if (size.y <= 0) size.y = kTouchTarget;
  // A label wider than its button steps down to a smaller font of ours; when even the small font is too wide it
  // is cut with "…" (the button keeps its ID). Never a label clipped mid-letter at the button's edge.
  const char* end = ImGui::FindRenderedTextEnd(label);
  // ImGui lets a label run into the button's padding (it clips at the frame): a few px of margin are enough
  const float room = size.x - 2 * std::min(ImGui::GetStyle().FramePadding.x, 4.0f);
  if (ImGui::CalcTextSize(label, end).x <= room) return ImGui::Button(label, size);
  const float now = ImGui::GetFontSize();
  for (ImFont* f : {ui().fonts.body, ui().fonts.small}) {
    if (!f) continue;
    ImGui::PushFont(f);
    const bool smaller = ImGui::GetFontSize() < now - 0.5f;
    if (smaller && ImGui::CalcTextSize(label, end).x <= room) {
      bool pressed = ImGui::Button(label, size);
      ImGui::PopFont();
      return pressed;
    }
    ImGui::PopFont();
  }
  const bool small_is_smaller = ui().fonts.small != nullptr;
  if (small_is_smaller) ImGui::PushFont(ui().fonts.small);
  note_cut(std::string_view(label, static_cast<size_t>(end - label)), ImGui::CalcTextSize(label, end).x - room);
  std::string shown = elided(label, end, room) + "###" + label;
  bool pressed = ImGui::Button(shown.c_str(), size);
  if (small_is_smaller) ImGui::PopFont();
  return pressed;
}

void heading(const char* text) {
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextWrapped("%s", text);
  ImGui::PopFont();
  ImGui::Spacing();
}

void muted(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

namespace {
std::vector<FieldRect> fields;
}

void begin_text_fields() { fields.clear(); }
const std::vector<FieldRect>& text_fields_this_frame() { return fields; }

bool text_field(const char* id, const char* hint, std::string& value, ImGuiInputTextFlags flags) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  // as tall as a button: a finger's target, not the desktop frame height
  const ImVec2 padding = ImGui::GetStyle().FramePadding;
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                      ImVec2(padding.x, std::max(padding.y, (kTouchTarget - ImGui::GetFontSize()) * 0.5f)));
  bool changed = ImGui::InputTextWithHint(id, hint, &value, flags);
  ImGui::PopStyleVar();
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  fields.push_back({a.x, a.y, b.x - a.x, b.y - a.y});
  return changed;
}

bool text_area(const char* id, std::string& value, float height, ImGuiInputTextFlags flags) {
  bool changed = ImGui::InputTextMultiline(id, &value, ImVec2(ImGui::GetContentRegionAvail().x, height), flags);
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  fields.push_back({a.x, a.y, b.x - a.x, b.y - a.y});
  return changed;
}

}  // namespace druzina::ui
