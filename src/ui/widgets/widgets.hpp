// Shared widgets sized for fingers: every tap target is at least 44 CSS px tall.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace druzina::ui {

inline constexpr float kTouchTarget = 48.0f;  // CSS px

bool big_button(const char* label, ImVec2 size = ImVec2(0, 0));  // width 0 = full width
std::string fit_text(const std::string& text, float room);  // text, or its start ended with "…" to fit room px
void heading(const char* text);                                  // large text with spacing
void muted(const char* text);                                    // secondary, wrapped text
// A modifier as the screens print it: "+3", "−2" (U+2212), "+0".
std::string signed_num(int n);

// A text field that works with the phone keyboard (the bridge needs to know where text fields are).
bool text_field(const char* id, const char* hint, std::string& value, ImGuiInputTextFlags flags = 0);
// The same for several lines (notes): full width, `height` CSS px.
bool text_area(const char* id, std::string& value, float height, ImGuiInputTextFlags flags = 0);
struct FieldRect {
  float x, y, w, h;
};
const std::vector<FieldRect>& text_fields_this_frame();
void begin_text_fields();

}  // namespace druzina::ui
