#include "ui/style.hpp"

#include <imgui.h>

#include "ui/ui.hpp"

namespace druzina::ui {

void apply_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowPadding = ImVec2(14, 12);
  s.FramePadding = ImVec2(12, 10);
  s.ItemSpacing = ImVec2(10, 10);
  s.ItemInnerSpacing = ImVec2(8, 6);
  s.TouchExtraPadding = ImVec2(2, 2);
  s.ScrollbarSize = 6;
  s.GrabMinSize = 28;
  s.FrameRounding = 10;
  s.GrabRounding = 10;
  s.ChildRounding = 10;
  s.PopupRounding = 10;
  s.WindowRounding = 0;
  s.WindowBorderSize = 0;
  s.FrameBorderSize = 0;
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.114f, 0.106f, 0.180f, 1.0f);  // #1d1b2e
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = ImVec4(0.16f, 0.15f, 0.24f, 1.0f);
  c[ImGuiCol_Text] = ImVec4(0.96f, 0.94f, 0.88f, 1.0f);          // #f5efe0
  c[ImGuiCol_TextDisabled] = ImVec4(0.70f, 0.68f, 0.76f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.18f, 0.30f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.25f, 0.22f, 0.36f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.30f, 0.26f, 0.42f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.23f, 0.18f, 0.33f, 1.0f);        // #3a2f55
  c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.24f, 0.43f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.55f, 0.40f, 0.18f, 1.0f);
  c[ImGuiCol_CheckMark] = ImVec4(0.91f, 0.69f, 0.29f, 1.0f);     // #e8b04a
  c[ImGuiCol_SliderGrab] = c[ImGuiCol_CheckMark];
  c[ImGuiCol_Header] = ImVec4(0.23f, 0.18f, 0.33f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.30f, 0.24f, 0.43f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.36f, 0.29f, 0.50f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.09f, 0.085f, 0.15f, 1.0f);
  c[ImGuiCol_Separator] = ImVec4(0.30f, 0.27f, 0.40f, 1.0f);
}

bool load_fonts(const char* path, float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static const ImWchar ranges[] = {
      0x0020, 0x00FF,  // Basic Latin + Latin-1
      0x0100, 0x017F,  // Latin Extended-A: č ř ě š ž ů ň ť ď
      0x0400, 0x052F,  // Cyrillic + Supplement: ї і є ґ
      0x2010, 0x205E,  // punctuation: – — „ “ « » …
      0x2190, 0x2193, 0x21B6, 0x21BB, 0x2212, 0x2212, 0x2302, 0x2302, 0x25B2, 0x25B2, 0x25B6, 0x25B6,
      0x25BC, 0x25BC, 0x25C0, 0x25C0, 0x2605, 0x2605, 0x2620, 0x2620, 0x2630, 0x2630, 0x263C, 0x263C,
      0x2665, 0x2665, 0x2680, 0x2685, 0x2691, 0x2699, 0x2713, 0x2713, 0x2715, 0x2715, 0x270E, 0x270E,
      0x2726, 0x2726, 0x2764, 0x2764, 0};
  ImFontConfig cfg;
  cfg.OversampleH = 1;  // rasterised at the device resolution already
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  Fonts& f = ui().fonts;
  f.body = io.Fonts->AddFontFromFileTTF(path, 19.0f * dpr, &cfg, ranges);
  f.small = io.Fonts->AddFontFromFileTTF(path, 14.0f * dpr, &cfg, ranges);
  f.big = io.Fonts->AddFontFromFileTTF(path, 27.0f * dpr, &cfg, ranges);
  if (!f.body || !f.small || !f.big) {
    io.Fonts->Clear();
    f.body = f.small = f.big = io.Fonts->AddFontDefault();
    io.FontGlobalScale = 1.0f;
    return false;
  }
  io.FontDefault = f.body;
  io.FontGlobalScale = 1.0f / dpr;
  return true;
}

}  // namespace druzina::ui
