#include "headless.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <array>
#include <chrono>
#include <map>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <unistd.h>

#include "app/app.hpp"
#include "app/test/report.hpp"
#include "platform/env.hpp"
#include "platform/keyboard.hpp"
#include "platform/lifecycle.hpp"
#include "platform/native/headless.hpp"
#include "platform/storage.hpp"
#include "ui/model.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/style.hpp"
#include "ui/touch.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::uitest {

namespace {

namespace fs = std::filesystem;

// The native storage keeps files in $DRUZINA_HOME: a folder of this process's own, emptied at the start.
void fresh_storage() {
  static fs::path home;
  if (home.empty()) {
    home = fs::temp_directory_path() / ("druzina-ui-" + std::to_string(::getpid()));
    fs::remove_all(home);
    fs::create_directories(home);
    ::setenv("DRUZINA_HOME", home.c_str(), 1);
    std::atexit([] { std::error_code ec; fs::remove_all(home, ec); });
  }
  for (const auto& key : platform::storage().keys()) platform::storage().remove(key);
}

// What the keyboard bridge's text and keys do in the app (src/app/main.cpp on_text, on_key): into ImGui.
void on_text(const char* utf8) { ImGui::GetIO().AddInputCharactersUTF8(utf8); }
void on_key(platform::keyboard::Key key, bool down) {
  using K = platform::keyboard::Key;
  static const std::pair<K, ImGuiKey> keys[] = {
      {K::backspace, ImGuiKey_Backspace}, {K::enter, ImGuiKey_Enter},     {K::tab, ImGuiKey_Tab},
      {K::escape, ImGuiKey_Escape},       {K::left, ImGuiKey_LeftArrow},  {K::right, ImGuiKey_RightArrow},
      {K::home, ImGuiKey_Home},           {K::end, ImGuiKey_End},         {K::del, ImGuiKey_Delete},
      {K::up, ImGuiKey_UpArrow},          {K::down, ImGuiKey_DownArrow}};
  for (const auto& [k, imgui_key] : keys)
    if (k == key) ImGui::GetIO().AddKeyEvent(imgui_key, down);
}

void page_hidden() { ui::model().flush(); }
void wake() {}

}  // namespace

Headless::Headless(Options options) : options_(std::move(options)) {
  if (ImGui::GetCurrentContext()) throw std::logic_error("one Headless per process (the UI keeps state in statics)");
  fresh_storage();
  platform::native::set_preferred_language(options_.browser_language);
  platform::native::set_device_pixel_ratio(options_.dpr);
  platform::native::set_canvas_css_size(options_.width, options_.height);
  if (!options_.welcome) platform::storage().save("ui.welcomed", "1");

  // As src/app/main.cpp main() sets ImGui and the app up.
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.ConfigInputTextCursorBlink = false;
  io.ConfigWindowsMoveFromTitleBarOnly = true;
  ui::apply_style();
  platform::keyboard::install({on_text, on_key});
  double w = 0, h = 0;
  platform::canvas_css_size(w, h);
  io.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));  // the SDL window is the canvas' CSS size
  const float dpr = static_cast<float>(platform::device_pixel_ratio());
  io.DisplayFramebufferScale = ImVec2(dpr, dpr);
  build_fonts();

  ui::init_language(platform::preferred_language());
  app::start(options_.seed);
  ui::model().start(options_.seed);
  platform::set_wake_callback(&wake);
  platform::on_page_hidden(&page_hidden);
  frame(3);  // ImGui settles a layout over a few frames
}

Headless::~Headless() {
  ui::model().flush();
  ImGui::DestroyContext();
}

// ui::load_fonts() at the pixel ratio, then the atlas rasterised into RGBA as a renderer backend uploads it.
void Headless::build_fonts() {
  ui::load_fonts(static_cast<float>(platform::device_pixel_ratio()));
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  if (!pixels || w <= 0 || h <= 0) throw std::runtime_error("the font atlas was not built");
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(1)));  // no GPU texture: a marker
}

// One iteration of src/app/main.cpp step(): the fonts kept up to date (sync_size), the clock, the model's tick, the
// touch timers, the UI's frame, Render(); what the keyboard bridge is told.
void Headless::frame(int n) {
  for (int i = 0; i < n; ++i) {
    now_ += 16;
    if (ui::fonts_stale()) build_fonts();
    ui::set_now_ms(now_);
    ui::model().tick(now_);
    ui::live_tick();
    ui::touch::update(now_);
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 0.016f;
    const auto start = std::chrono::steady_clock::now();
    ImGui::NewFrame();
    ui::draw_frame();
    ImGui::Render();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::vector<platform::keyboard::Rect> rects;
    for (const auto& f : ui::text_fields_this_frame()) rects.push_back({f.x, f.y, f.w, f.h});
    platform::keyboard::update(io.WantTextInput, 0, 0, 0, rects);
    app::note_frame_rendered(ms, false);  // nothing is drawn: the draw data is thrown away
  }
}

std::string Headless::drawn_text() const {
  // The glyphs of every font by their atlas rectangle: a glyph's quad is written with exactly these UVs
  // (ImFont::RenderText: top-left, top-right, bottom-right, bottom-left).
  std::map<std::array<float, 4>, unsigned> glyphs;
  for (const ImFont* font : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible) glyphs.emplace(std::array<float, 4>{g.U0, g.V0, g.U1, g.V1}, g.Codepoint);
  std::string out;
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return out;
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImVector<ImDrawVert>& v = data->CmdLists[n]->VtxBuffer;
    for (int k = 0; k + 3 < v.Size;) {
      auto g = glyphs.find({v[k].uv.x, v[k].uv.y, v[k + 2].uv.x, v[k + 2].uv.y});
      if (g == glyphs.end() || v[k + 1].uv.x != v[k + 2].uv.x || v[k + 3].uv.x != v[k].uv.x) {
        ++k;
        continue;
      }
      char utf8[5] = {};
      ImTextCharToUtf8(utf8, g->second);
      out += utf8;
      k += 4;
    }
    out += '\n';
  }
  return out;
}

std::uint32_t Headless::fill_at(float x, float y) const {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  const ImDrawData* data = ImGui::GetDrawData();
  std::uint32_t out = 0;
  if (!data) return out;
  auto side = [](ImVec2 a, ImVec2 b, float px, float py) { return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x); };
  for (int n = 0; n < data->CmdListsCount; ++n) {  // in drawing order: what comes later covers what came before
    const ImDrawList* list = data->CmdLists[n];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (x < cmd.ClipRect.x || y < cmd.ClipRect.y || x >= cmd.ClipRect.z || y >= cmd.ClipRect.w) continue;
      for (unsigned k = 0; k + 2 < cmd.ElemCount; k += 3) {
        const ImDrawVert* v[3];
        for (int i = 0; i < 3; ++i) v[i] = &list->VtxBuffer[cmd.VtxOffset + list->IdxBuffer[cmd.IdxOffset + k + i]];
        // A solid fill: the atlas' white pixel, one colour, opaque (not a glyph, not an anti-aliased fringe).
        bool solid = true;
        for (const ImDrawVert* p : v)
          solid = solid && p->uv.x == white.x && p->uv.y == white.y && p->col == v[0]->col && (p->col >> 24) == 0xFF;
        if (!solid) continue;
        const float d0 = side(v[0]->pos, v[1]->pos, x, y), d1 = side(v[1]->pos, v[2]->pos, x, y),
                    d2 = side(v[2]->pos, v[0]->pos, x, y);
        if ((d0 >= 0 && d1 >= 0 && d2 >= 0) || (d0 <= 0 && d1 <= 0 && d2 <= 0)) out = v[0]->col;
      }
    }
  }
  return out;
}

void Headless::settle() {
  for (int i = 0; i < 30 && (ImGui::GetCurrentContext()->InputEventsQueue.Size > 0 || ui::touch::active()); ++i)
    frame();
  frame(2);
}

std::vector<Widget> Headless::widgets() const {
  std::vector<Widget> out;
  for (const auto& w : app::test::widgets())
    out.push_back({w["id"], w["label"], w["x"], w["y"], w["w"], w["h"], w["visible"]});
  return out;
}

std::optional<Widget> Headless::find(std::string_view id) const {
  for (auto& w : widgets())
    if (w.id == id) return w;
  return std::nullopt;
}

std::vector<Widget> Headless::with_prefix(std::string_view prefix) const {
  std::vector<Widget> out;
  for (auto& w : widgets())
    if (std::string_view(w.id).substr(0, prefix.size()) == prefix) out.push_back(w);
  return out;
}

void Headless::tap(std::string_view id) {
  const auto w = find(id);
  if (!w) throw std::runtime_error("no widget " + std::string(id) + " on screen");
  if (!w->visible) throw std::runtime_error("widget " + std::string(id) + " is not visible");
  tap_at(w->x + w->w / 2, w->y + w->h / 2);
}

void Headless::tap_at(float x, float y) {
  ui::touch::down(x, y, now_);
  frame();
  ui::touch::up(x, y, now_ + 16);
  settle();
}

bool Headless::scroll_to(std::string_view id, bool up) {
  const float bottom = static_cast<float>(options_.height) - 100;  // above the tab bar
  for (int tries = 0; tries < 40; ++tries) {
    const auto w = find(id);
    if (w && w->visible && w->h >= 20) return true;
    // The finger goes up the screen: the content moves up, what was below comes on screen; held still before
    // it lifts, so nothing scrolls on by inertia.
    // (up: the other way, back to what was above)
    const float x = static_cast<float>(options_.width) / 2, from = up ? bottom - 350 : bottom - 50,
                to = up ? bottom - 50 : bottom - 350;
    ui::touch::down(x, from, now_);
    frame();
    for (int step = 1; step <= 6; ++step) {
      ui::touch::move(x, from + (to - from) * static_cast<float>(step) / 6, now_);
      frame();
    }
    frame(8);
    ui::touch::up(x, to, now_);
    settle();
  }
  return false;
}

void Headless::type(std::string_view utf8) {
  const auto& bridge = platform::native::keyboard_callbacks();
  if (!bridge.text) throw std::runtime_error("no keyboard bridge installed");
  if (!platform::native::keyboard_state().want_text) throw std::runtime_error("no text field is active");
  bridge.text(std::string(utf8).c_str());
  settle();
}

bool Headless::dispatch(const nlohmann::json& command) {
  const bool done = app::test::dispatch(command.dump());
  frame(2);
  return done;
}

nlohmann::json Headless::state() const { return app::test::state(); }
nlohmann::json Headless::campaign() const { return app::test::campaign(); }
nlohmann::json Headless::overflows() const { return app::test::overflows(); }

}  // namespace druzina::uitest
