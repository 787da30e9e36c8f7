// Shared widgets sized for fingers: every tap target is at least 44 CSS px tall.
#pragma once
#include <imgui.h>

namespace druzina::ui {

inline constexpr float kTouchTarget = 48.0f;  // CSS px

bool big_button(const char* label, ImVec2 size = ImVec2(0, 0));  // width 0 = full width
void heading(const char* text);                                  // large text with spacing
void muted(const char* text);                                    // secondary, wrapped text
void placeholder_card(const char* title, const char* body);      // a framed note for screens not built yet

}  // namespace druzina::ui
