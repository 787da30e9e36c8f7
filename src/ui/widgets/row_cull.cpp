#include "ui/widgets/row_cull.hpp"

#include <imgui.h>

#include <algorithm>

namespace druzina::ui {

namespace {
std::unordered_map<std::string, float>& heights_of(const char* list) {
  static std::unordered_map<std::string, std::unordered_map<std::string, float>> all;
  return all[list];
}
}  // namespace

RowCull::RowCull(const char* list, bool on) : heights_(heights_of(list)), on_(on) {}

bool RowCull::begin(const std::string& key, bool may_skip) {
  key_ = key;
  top_ = ImGui::GetCursorPosY();
  if (!on_ || !may_skip) return true;
  auto it = heights_.find(key);
  if (it == heights_.end()) return true;
  const float h = it->second;
  const float w = ImGui::GetContentRegionAvail().x;
  if (ImGui::IsRectVisible(ImVec2(w, h))) return true;
  // off screen: the row's space (its height less the spacing Dummy adds after itself)
  ImGui::Dummy(ImVec2(w, std::max(1.0f, h - ImGui::GetStyle().ItemSpacing.y)));
  return false;
}

void RowCull::end() {
  if (on_) heights_[key_] = ImGui::GetCursorPosY() - top_;
}

}  // namespace druzina::ui
