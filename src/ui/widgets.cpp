#include "ui/widgets.hpp"

#include <imgui_stdlib.h>

#include "ui/ui.hpp"

namespace druzina::ui {

bool big_button(const char* label, ImVec2 size) {
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  if (size.y <= 0) size.y = kTouchTarget;
  return ImGui::Button(label, size);
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

void placeholder_card(const char* title, const char* body) {
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 10.0f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild(title, ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding);
  ImGui::TextWrapped("%s", title);
  ImGui::Spacing();
  muted(body);
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
}

namespace {
std::vector<FieldRect> fields;
}

void begin_text_fields() { fields.clear(); }
const std::vector<FieldRect>& text_fields_this_frame() { return fields; }

bool text_field(const char* id, const char* hint, std::string& value, ImGuiInputTextFlags flags) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  bool changed = ImGui::InputTextWithHint(id, hint, &value, flags);
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
