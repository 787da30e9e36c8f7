// Družina's main loop in the browser: SDL2 window + WebGL 2 context, Dear ImGui, the UI.
// Battery: after ~0.6 s without input (and no touch inertia) no frame is rendered, and the loop slows to a
// timer; the page's input listeners wake it at once (platform::set_wake_callback). Until then a frame whose
// picture is the one on the canvas already is not drawn again (step()).
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/app.hpp"
#include "core/assets.hpp"
#include "platform/lang.hpp"
#include "platform/env.hpp"
#include "platform/keyboard.hpp"
#include "platform/lifecycle.hpp"
#include "ui/model.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/style.hpp"
#include "ui/touch.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::app {

namespace {

SDL_Window* window = nullptr;
SDL_GLContext gl = nullptr;
double last_activity_ms = 0;
int frames_since_activity = 0;  // ImGui needs a few frames to settle a layout, however slow the machine
bool idle = false;
float font_dpr = 0;
double notice_drawn = 0;  // the end time of the notice the last frame showed (0: none)
// A frame whose picture is the one on the canvas already is not drawn again (see step()): the canvas keeps what
// was drawn last. `repaint`: the next frame is drawn whatever it holds (woken, resized, input, context restored).
bool repaint = true;
std::uint64_t drawn_picture = 0;  // picture_of() the frame on the canvas

constexpr double kIdleAfterMs = 600;

// WebGL context loss (the GPU process restarted, the phone reclaimed memory): the campaign is saved at once and
// nothing is drawn until the browser restores the context; then the renderer's objects (shaders, buffers, the
// font texture) are created again and the app goes on where it was. The page is never reloaded for it.
bool gl_lost = false;
void wake();

EM_BOOL on_context_lost(int, const void*, void*) {
  gl_lost = true;
  ui::model().flush();
  return EM_TRUE;  // preventDefault: lets the browser restore the context
}

EM_BOOL on_context_restored(int, const void*, void*) {
  ImGui_ImplOpenGL3_DestroyDeviceObjects();
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  gl_lost = false;
  repaint = true;
  ui::model().notify(ui::T("ui.pwa.gl_restored"));
  wake();
  return EM_TRUE;
}

// Where ImGui wants the text caret (for the keyboard bridge's hidden textarea).
struct Caret {
  bool visible = false;
  float x = 0, y = 0, h = 0;
} caret;

void on_ime_data(ImGuiViewport*, ImGuiPlatformImeData* data) {
  caret.visible = data->WantVisible;
  caret.x = data->InputPos.x;
  caret.y = data->InputPos.y;
  caret.h = data->InputLineHeight;
}

// Text typed in the moment between the tap on a field and ImGui activating it (the textarea is focused inside
// the touch handler, before the frame that processes the tap) is held and handed over once a field is active.
std::string pending_text;
double pending_since_ms = 0;

void on_text(const char* utf8) {
  if (ImGui::GetIO().WantTextInput) {
    ImGui::GetIO().AddInputCharactersUTF8(utf8);
    return;
  }
  if (pending_text.empty()) pending_since_ms = emscripten_get_now();
  pending_text += utf8;
}

void flush_pending_text(double now) {
  if (pending_text.empty()) return;
  if (ImGui::GetIO().WantTextInput) {
    ImGui::GetIO().AddInputCharactersUTF8(pending_text.c_str());
    pending_text.clear();
  } else if (now - pending_since_ms > 1500) {
    pending_text.clear();  // no field took it
  }
}

void on_key(platform::keyboard::Key key, bool down) {
  using K = platform::keyboard::Key;
  ImGuiKey k = ImGuiKey_None;
  switch (key) {
    case K::backspace: k = ImGuiKey_Backspace; break;
    case K::enter: k = ImGuiKey_Enter; break;
    case K::tab: k = ImGuiKey_Tab; break;
    case K::escape: k = ImGuiKey_Escape; break;
    case K::left: k = ImGuiKey_LeftArrow; break;
    case K::right: k = ImGuiKey_RightArrow; break;
    case K::home: k = ImGuiKey_Home; break;
    case K::end: k = ImGuiKey_End; break;
    case K::del: k = ImGuiKey_Delete; break;
    case K::up: k = ImGuiKey_UpArrow; break;
    case K::down: k = ImGuiKey_DownArrow; break;
  }
  ImGui::GetIO().AddKeyEvent(k, down);
}

void wake() {
  last_activity_ms = emscripten_get_now();
  frames_since_activity = 0;
  repaint = true;  // the page's events include a resize, which clears the canvas (SDL sets its size again)
  if (idle) {
    idle = false;
    emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
  }
}

bool is_touch_mouse(const SDL_Event& e) {
  switch (e.type) {
    case SDL_MOUSEMOTION: return e.motion.which == SDL_TOUCH_MOUSEID;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: return e.button.which == SDL_TOUCH_MOUSEID;
    default: return false;
  }
}

void handle_event(const SDL_Event& e, double now) {
  if (is_touch_mouse(e)) {
    // Touch goes through our tap/drag/hold logic instead of straight to ImGui.
    if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT)
      ui::touch::down(static_cast<float>(e.button.x), static_cast<float>(e.button.y), now);
    else if (e.type == SDL_MOUSEBUTTONUP && e.button.button == SDL_BUTTON_LEFT)
      ui::touch::up(static_cast<float>(e.button.x), static_cast<float>(e.button.y), now);
    else if (e.type == SDL_MOUSEMOTION)
      ui::touch::move(static_cast<float>(e.motion.x), static_cast<float>(e.motion.y), now);
    return;
  }
  if (e.type == SDL_FINGERDOWN || e.type == SDL_FINGERUP || e.type == SDL_FINGERMOTION) return;
  ImGui_ImplSDL2_ProcessEvent(&e);
}

// Keeps the window (CSS px) equal to the canvas' CSS size, and the fonts matched to the pixel ratio and text size.
bool sync_size() {
  double css_w = 0, css_h = 0;
  platform::canvas_css_size(css_w, css_h);
  int w = 0, h = 0;
  SDL_GetWindowSize(window, &w, &h);
  bool changed = false;
  if (static_cast<int>(std::lround(css_w)) != w || static_cast<int>(std::lround(css_h)) != h) {
    SDL_SetWindowSize(window, static_cast<int>(std::lround(css_w)), static_cast<int>(std::lround(css_h)));
    changed = true;
  }
  float dpr = static_cast<float>(platform::device_pixel_ratio());
  // A new pixel ratio or text size: rasterise the fonts again (sharp at the new size) and rebuild the GL texture,
  // here between two ImGui frames (the atlas must not change while a frame is being built).
  if (dpr != font_dpr || ui::fonts_stale()) {
    font_dpr = dpr;
    ui::load_fonts(dpr);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    changed = true;
  }
  if (changed) {
    platform::Insets in = platform::safe_area();
    ui::Ui& u = ui::ui();
    u.safe_top = in.top;
    u.safe_right = in.right;
    u.safe_bottom = in.bottom;
    u.safe_left = in.left;
  }
  return changed;
}

// A fingerprint of a frame's picture: everything ImGui hands to the GL calls (vertices, indices, draw commands,
// the display's size and scale). Each 8 bytes go through an invertible step (xor, multiply by an odd number,
// xor-shift), so two frames that differ in a single 8-byte word always differ here.
struct Fingerprint {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  void add(const void* data, std::size_t n) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; p += 8, n -= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      step(w);
    }
    if (n) {
      std::uint64_t w = 0;
      std::memcpy(&w, p, n);
      step(w ^ (std::uint64_t{n} << 56));
    }
  }
  void step(std::uint64_t w) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
};

std::uint64_t picture_of(const ImDrawData& d) {
  Fingerprint f;
  const float view[6] = {d.DisplayPos.x, d.DisplayPos.y, d.DisplaySize.x, d.DisplaySize.y, d.FramebufferScale.x,
                         d.FramebufferScale.y};
  f.add(view, sizeof view);
  for (int i = 0; i < d.CmdListsCount; ++i) {
    const ImDrawList& l = *d.CmdLists[i];
    f.step(static_cast<std::uint64_t>(l.VtxBuffer.Size) << 32 | static_cast<std::uint32_t>(l.IdxBuffer.Size));
    f.add(l.VtxBuffer.Data, l.VtxBuffer.size_in_bytes());
    f.add(l.IdxBuffer.Data, l.IdxBuffer.size_in_bytes());
    for (const ImDrawCmd& c : l.CmdBuffer) {
      const float clip[4] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      f.add(clip, sizeof clip);
      f.step(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.TextureId)));
      f.step(static_cast<std::uint64_t>(c.VtxOffset) << 32 | c.IdxOffset);
      f.step(static_cast<std::uint64_t>(c.ElemCount) << 32 |
             static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(c.UserCallback)));
    }
  }
  return f.h;
}

// One frame of the main loop: input, the UI, and (when `draw`) the picture.
void step(bool draw) {
  if (gl_lost) return;
  double now = emscripten_get_now();
  bool input = false;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    handle_event(e, now);
    input = true;
  }
  input |= sync_size();
  if (input) repaint = true;
  ui::set_now_ms(now);
  ui::model().tick(now);  // the debounced save, retries of a failed one
  if (ui::live_tick()) wake();  // a live table's message, update or timeout (also while the loop idles)
  // Input ImGui has not taken yet keeps the loop awake: it spreads a tap's move, press and release over three
  // frames, and the frame after the one that takes the release draws what the tap changed. Counting the frames
  // to idle from here (not from the tap) keeps a slow device from going idle before that frame.
  const bool queued = ImGui::GetCurrentContext()->InputEventsQueue.Size > 0;
  // A notice is drawn when it comes and when it goes (it does not move in between): the loop is not kept awake
  // for the seconds it shows. One that came or went since the last drawn frame (expired, cleared, replaced by
  // another — each has its own end time) wakes the loop; an idle loop notices that within its 250 ms tick.
  const double notice_until = ui::notice_visible() ? ui::model().notice().until_ms : 0;
  bool busy = ui::touch::update(now) || notice_until != notice_drawn || ui::model().busy() || queued;
  if (input || busy) {
    last_activity_ms = now;
    frames_since_activity = 0;
  }
  if (now - last_activity_ms > kIdleAfterMs && frames_since_activity >= 3) {
    if (!idle) {
      idle = true;
      emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, 250);
    }
    return;  // nothing changed: render nothing
  }

  flush_pending_text(now);
  const double layout_start = emscripten_get_now();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  ui::draw_frame();
  ImGui::Render();
  const double layout_ms = emscripten_get_now() - layout_start;
  {
    std::vector<platform::keyboard::Rect> rects;
    for (const auto& f : ui::text_fields_this_frame()) rects.push_back({f.x, f.y, f.w, f.h});
    platform::keyboard::update(ImGui::GetIO().WantTextInput, caret.x, caret.y, caret.h, rects);
  }
  if (!draw) return;
  // The frames after a change show the same picture until the loop idles (kIdleAfterMs): such a frame is not
  // drawn again — the canvas keeps the last one, and drawing (the GPU's work, the browser's compositing) is most
  // of a frame's cost on a phone. The frame still counts: ImGui ran it.
  const std::uint64_t picture = picture_of(*ImGui::GetDrawData());
  const bool drawn = repaint || picture != drawn_picture;
  if (drawn) {
    ImGuiIO& io = ImGui::GetIO();
    glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
               static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    glClearColor(0.114f, 0.106f, 0.180f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    drawn_picture = picture;
    repaint = false;
  }
  note_frame_rendered(layout_ms, drawn);
  ++frames_since_activity;
  notice_drawn = notice_until;
}

void frame() { step(true); }

// The page is being hidden or closed: input that arrived since the last frame (a tap a moment ago) is run through
// frames now — ImGui spreads a press and its release over two — and then everything is saved.
void on_hidden() {
  // At least 4 frames, then until neither SDL nor ImGui holds input still to run (two quick taps need about six:
  // each press and each release gets a frame of its own); at most 16.
  // They are not drawn: nobody sees them, and on a slow phone drawing them could outlast the time the browser
  // gives a closing page.
  for (int i = 0; i < 16; ++i) {
    wake();
    step(false);
    if (i >= 3 && ImGui::GetCurrentContext()->InputEventsQueue.Size == 0 && !SDL_HasEvents(SDL_FIRSTEVENT, SDL_LASTEVENT))
      break;
  }
  ui::model().flush();
}

}  // namespace

}  // namespace druzina::app

int main(int, char**) {
  using namespace druzina;
  // The texts: the language packs the page fetched (web/lang.js), before anything reads an asset.
  for (const auto& pack : platform::lang::fetched_packs())
    if (auto why = assets::add_pack(pack); !why.empty()) std::fprintf(stderr, "Language pack refused: %s\n", why.c_str());
  if (!assets::has_language("cs") && !assets::has_language("uk") && !assets::has_language("en")) {
    platform::lang::fail_without_texts();
    return 1;
  }
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    EM_ASM({ if (window.druzinaFail) druzinaFail(); });
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  double css_w = 412, css_h = 915;
  platform::canvas_css_size(css_w, css_h);
  app::window = SDL_CreateWindow("Družina", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                 static_cast<int>(css_w), static_cast<int>(css_h),
                                 SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  app::gl = app::window ? SDL_GL_CreateContext(app::window) : nullptr;
  if (!app::gl) {
    EM_ASM({ if (window.druzinaFail) druzinaFail(); });
    return 1;
  }
  SDL_GL_MakeCurrent(app::window, app::gl);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is fixed; nothing to remember
  io.LogFilename = nullptr;
  io.ConfigInputTextCursorBlink = false;  // a blinking caret would keep the loop awake
  io.ConfigWindowsMoveFromTitleBarOnly = true;
  ui::apply_style();
  ImGui_ImplSDL2_InitForOpenGL(app::window, app::gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  io.SetPlatformImeDataFn = app::on_ime_data;  // after the SDL backend, which sets its own
  platform::keyboard::install({app::on_text, app::on_key});

  ui::init_language(platform::preferred_language());
  app::start(platform::random_seed());
  ui::model().start(platform::random_seed());
  platform::set_wake_callback(&app::wake);
  platform::on_page_hidden(&app::on_hidden);  // replaces the model's own (a plain save)
  emscripten_set_webglcontextlost_callback("#canvas", nullptr, EM_TRUE, app::on_context_lost);
  emscripten_set_webglcontextrestored_callback("#canvas", nullptr, EM_TRUE, app::on_context_restored);
  app::last_activity_ms = emscripten_get_now();
  emscripten_set_main_loop(app::frame, 0, false);
  return 0;
}
