#include "ui/style.hpp"

#include <imgui.h>

#include <cstddef>
#include <string>

#include "platform/storage.hpp"
#include "ui/ui.hpp"

namespace druzina::ui {

namespace {

Theme theme_now = Theme::dark;
bool theme_loaded = false;
TextSize size_now = TextSize::normal;
bool size_loaded = false;
float fonts_dpr = 1.0f;
float fonts_scale = 1.0f;  // the text scale the atlas was rasterised at
bool fonts_from_file = false;  // false: ImGui's default font (scaled, never re-rasterised)

constexpr const char* kThemeKey = "ui.theme";
constexpr const char* kSizeKey = "ui.text_size";

void load_prefs() {
  if (!theme_loaded) {
    theme_loaded = true;
    if (auto v = platform::storage().load(kThemeKey)) {
      if (*v == "light") theme_now = Theme::light;
      else if (*v == "contrast") theme_now = Theme::contrast;
    }
  }
  if (!size_loaded) {
    size_loaded = true;
    if (auto v = platform::storage().load(kSizeKey)) {
      if (*v == "small") size_now = TextSize::small;
      else if (*v == "large") size_now = TextSize::large;
    }
  }
}

float scale_of(TextSize s) {
  switch (s) {
    case TextSize::small: return 0.85f;
    case TextSize::normal: return 1.0f;
    case TextSize::large: return 1.2f;
  }
  return 1.0f;
}

ImVec4 rgb(int hex, float a = 1.0f) {
  return ImVec4(((hex >> 16) & 0xFF) / 255.0f, ((hex >> 8) & 0xFF) / 255.0f, (hex & 0xFF) / 255.0f, a);
}

void sizes(ImGuiStyle& s) {
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
  s.PopupBorderSize = 1;
  s.DisabledAlpha = 0.45f;
}

void dark(ImGuiStyle& s) {
  ImGui::StyleColorsDark(&s);
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = rgb(0x1d1b2e);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = ImVec4(0.16f, 0.15f, 0.24f, 1.0f);
  c[ImGuiCol_Text] = rgb(0xf5efe0);
  c[ImGuiCol_TextDisabled] = ImVec4(0.70f, 0.68f, 0.76f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.18f, 0.30f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.25f, 0.22f, 0.36f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.30f, 0.26f, 0.42f, 1.0f);
  c[ImGuiCol_Button] = rgb(0x3a2f55);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.24f, 0.43f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.55f, 0.40f, 0.18f, 1.0f);
  c[ImGuiCol_CheckMark] = rgb(0xe8b04a);
  c[ImGuiCol_SliderGrab] = c[ImGuiCol_CheckMark];
  c[ImGuiCol_Header] = ImVec4(0.23f, 0.18f, 0.33f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.30f, 0.24f, 0.43f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.36f, 0.29f, 0.50f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.09f, 0.085f, 0.15f, 1.0f);
  c[ImGuiCol_Separator] = ImVec4(0.30f, 0.27f, 0.40f, 1.0f);
  c[ImGuiCol_Border] = ImVec4(0.30f, 0.27f, 0.40f, 1.0f);
  c[ImGuiCol_TextSelectedBg] = ImVec4(0.91f, 0.69f, 0.29f, 0.35f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.6f);
}

void light(ImGuiStyle& s) {
  ImGui::StyleColorsLight(&s);
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = rgb(0xf6f1e6);  // parchment
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = rgb(0xfffaf0);
  c[ImGuiCol_Text] = rgb(0x1d1b2e);
  c[ImGuiCol_TextDisabled] = rgb(0x55506a);
  c[ImGuiCol_FrameBg] = rgb(0xe7dfcf);
  c[ImGuiCol_FrameBgHovered] = rgb(0xe0d6c2);
  c[ImGuiCol_FrameBgActive] = rgb(0xd8ccb4);
  c[ImGuiCol_Button] = rgb(0xdcd2ee);
  c[ImGuiCol_ButtonHovered] = rgb(0xd0c4e8);
  c[ImGuiCol_ButtonActive] = rgb(0xe8b04a);
  c[ImGuiCol_CheckMark] = rgb(0x9a5b00);
  c[ImGuiCol_SliderGrab] = c[ImGuiCol_CheckMark];
  c[ImGuiCol_Header] = rgb(0xdcd2ee);
  c[ImGuiCol_HeaderHovered] = rgb(0xd0c4e8);
  c[ImGuiCol_HeaderActive] = rgb(0xc4b6e0);
  c[ImGuiCol_MenuBarBg] = rgb(0xe9e1d0);
  c[ImGuiCol_Separator] = rgb(0xc9bfae);
  c[ImGuiCol_Border] = rgb(0xc9bfae);
  c[ImGuiCol_TextSelectedBg] = ImVec4(0.91f, 0.69f, 0.29f, 0.45f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.35f);
}

void contrast(ImGuiStyle& s) {
  ImGui::StyleColorsDark(&s);
  s.FrameBorderSize = 2;
  s.PopupBorderSize = 2;
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = rgb(0x000000);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = rgb(0x000000);
  c[ImGuiCol_Text] = rgb(0xffffff);
  c[ImGuiCol_TextDisabled] = rgb(0xe6e6e6);
  c[ImGuiCol_FrameBg] = rgb(0x1a1a1a);
  c[ImGuiCol_FrameBgHovered] = rgb(0x262626);
  c[ImGuiCol_FrameBgActive] = rgb(0x333333);
  c[ImGuiCol_Button] = rgb(0x141414);
  c[ImGuiCol_ButtonHovered] = rgb(0x262626);
  c[ImGuiCol_ButtonActive] = rgb(0xffd800);
  c[ImGuiCol_CheckMark] = rgb(0xffd800);
  c[ImGuiCol_SliderGrab] = c[ImGuiCol_CheckMark];
  c[ImGuiCol_Header] = rgb(0x141414);
  c[ImGuiCol_HeaderHovered] = rgb(0x262626);
  c[ImGuiCol_HeaderActive] = rgb(0x333333);
  c[ImGuiCol_MenuBarBg] = rgb(0x000000);
  c[ImGuiCol_Separator] = rgb(0xffffff);
  c[ImGuiCol_Border] = rgb(0xffffff);
  c[ImGuiCol_TextSelectedBg] = ImVec4(1.0f, 0.85f, 0.0f, 0.5f);
  c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.75f);
}

}  // namespace

void apply_style() {
  load_prefs();
  apply_style(theme_now);
}

void apply_style(Theme theme) {
  theme_now = theme;
  ImGuiStyle& s = ImGui::GetStyle();
  switch (theme) {
    case Theme::dark: dark(s); break;
    case Theme::light: light(s); break;
    case Theme::contrast: contrast(s); break;
  }
  sizes(s);
  if (theme == Theme::contrast) {
    s.FrameBorderSize = 2;
    s.PopupBorderSize = 2;
  }
}

Theme current_theme() {
  load_prefs();
  return theme_now;
}

void set_theme(Theme theme) {
  apply_style(theme);
  const char* v = theme == Theme::light ? "light" : theme == Theme::contrast ? "contrast" : "dark";
  platform::storage().save(kThemeKey, v);
}

TextSize current_text_size() {
  load_prefs();
  return size_now;
}

void set_text_size(TextSize size) {
  load_prefs();
  size_now = size;
  const char* v = size == TextSize::small ? "small" : size == TextSize::large ? "large" : "normal";
  platform::storage().save(kSizeKey, v);
  // For the rest of this frame, scale the glyphs already rasterised; the app rebuilds the atlas before the next.
  ImGui::GetIO().FontGlobalScale = scale_of(size) / fonts_scale / fonts_dpr;
}

bool fonts_stale() {
  load_prefs();
  return fonts_from_file && scale_of(size_now) != fonts_scale;
}

// The UI font subset, compiled in by cmake/embed_font.cmake (no file system in the web build).
extern const unsigned char font_ttf[];
extern const std::size_t font_ttf_size;

bool load_fonts(float dpr) {
  load_prefs();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static const ImWchar ranges[] = {
      0x0020, 0x00FF,  // Basic Latin + Latin-1
      0x0100, 0x017F,  // Latin Extended-A: č ř ě š ž ů ň ť ď
      0x02BC, 0x02BC,  // ʼ, the Ukrainian apostrophe (пʼять)
      0x0400, 0x052F,  // Cyrillic + Supplement: ї і є ґ
      0x2010, 0x205E,  // punctuation: – — „ “ « » …
      0x2190, 0x2193, 0x21B6, 0x21BB, 0x2212, 0x2212, 0x2264, 0x2265, 0x2302, 0x2302, 0x25B2, 0x25B2,
      0x25B6, 0x25B6, 0x25BC, 0x25BC, 0x25C0, 0x25C0, 0x2605, 0x2605, 0x2620, 0x2620, 0x2630, 0x2630, 0x263C, 0x263C,
      0x2665, 0x2665, 0x2680, 0x2685, 0x2691, 0x2699, 0x2713, 0x2713, 0x2715, 0x2715, 0x270E, 0x270E,
      0x2726, 0x2726, 0x2764, 0x2764, 0};
  ImFontConfig cfg;
  cfg.OversampleH = 1;  // rasterised at the device resolution already
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  cfg.FontDataOwnedByAtlas = false;  // the bytes are the program's own (read only, never freed)
  const float scale = scale_of(size_now);
  const float px = dpr * scale;
  Fonts& f = ui().fonts;
  void* ttf = const_cast<unsigned char*>(font_ttf);  // ImGui only reads it (FontDataOwnedByAtlas = false)
  const int ttf_size = static_cast<int>(font_ttf_size);
  f.body = io.Fonts->AddFontFromMemoryTTF(ttf, ttf_size, 19.0f * px, &cfg, ranges);
  f.small = io.Fonts->AddFontFromMemoryTTF(ttf, ttf_size, 14.0f * px, &cfg, ranges);
  f.big = io.Fonts->AddFontFromMemoryTTF(ttf, ttf_size, 27.0f * px, &cfg, ranges);
  fonts_dpr = dpr;
  if (!f.body || !f.small || !f.big) {
    io.Fonts->Clear();
    f.body = f.small = f.big = io.Fonts->AddFontDefault();
    io.FontGlobalScale = scale;
    fonts_scale = 1.0f;
    fonts_dpr = 1.0f;
    fonts_from_file = false;
    return false;
  }
  fonts_scale = scale;
  fonts_from_file = true;
  io.FontDefault = f.body;
  io.FontGlobalScale = 1.0f / dpr;
  return true;
}

ImVec4 color_selected_bg() {
  switch (theme_now) {
    case Theme::dark: return ImVec4(0.55f, 0.40f, 0.18f, 1.0f);
    case Theme::light: return rgb(0xe8b04a);
    case Theme::contrast: return rgb(0xffd800);
  }
  return rgb(0xe8b04a);
}

ImVec4 color_selected_text() {
  switch (theme_now) {
    case Theme::dark: return rgb(0xfff8e8);
    case Theme::light: return rgb(0x1d1b2e);
    case Theme::contrast: return rgb(0x000000);
  }
  return rgb(0xffffff);
}

ImVec4 color_error() {
  switch (theme_now) {
    case Theme::dark: return rgb(0xff8a80);
    case Theme::light: return rgb(0xb00020);
    case Theme::contrast: return rgb(0xff6060);
  }
  return rgb(0xff8a80);
}

ImVec4 color_good() {
  switch (theme_now) {
    case Theme::dark: return rgb(0xe8b04a);
    case Theme::light: return rgb(0x8a5a00);
    case Theme::contrast: return rgb(0xffd800);
  }
  return rgb(0xe8b04a);
}

ImVec4 color_bad() {
  switch (theme_now) {
    case Theme::dark: return rgb(0xff6b6b);
    case Theme::light: return rgb(0xb00020);
    case Theme::contrast: return rgb(0xff5050);
  }
  return rgb(0xff6b6b);
}

ImVec4 color_card() {
  switch (theme_now) {
    case Theme::dark: return ImVec4(0.16f, 0.15f, 0.25f, 1.0f);
    case Theme::light: return rgb(0xfffaf0);
    case Theme::contrast: return rgb(0x0d0d0d);
  }
  return ImVec4(0.16f, 0.15f, 0.25f, 1.0f);
}

}  // namespace druzina::ui
