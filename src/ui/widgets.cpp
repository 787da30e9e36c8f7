#include "ui/widgets.hpp"

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

}  // namespace druzina::ui
