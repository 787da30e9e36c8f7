// The app without a browser: Dear ImGui with no platform or renderer backend, the font atlas built on the CPU, the
// app's own frame (ui::draw_frame(), as src/app/main.cpp runs it) on a 412 × 915 CSS px phone, the draw data thrown
// away. A test taps widgets by their test id (ui/test_ids.hpp) through the app's touch handling (ui/touch.hpp), types
// through the keyboard bridge's callbacks, and reads the widgets, the state and the campaign as the browser tests'
// hooks do (src/app/test/report.hpp). Storage is the native one, in a fresh folder per process (DRUZINA_HOME).
// One Headless per process: the UI keeps its state in statics (tests/ui/main.cpp runs each test in a process).
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace druzina::uitest {

struct Widget {
  std::string id, label;
  float x = 0, y = 0, w = 0, h = 0;  // CSS px, the visible part
  bool visible = false;
};

struct Options {
  std::string browser_language = "en";  // navigator.languages[0]: the first start's language
  bool welcome = false;                  // false: the welcome was answered before (as the browser tests' openApp)
  double dpr = 2.625;                    // a phone's pixel ratio: the fonts rasterised as sharp as there
  double width = 412, height = 915;      // CSS px
  std::uint64_t seed = 7;
};

class Headless {
 public:
  explicit Headless(Options options = {});
  ~Headless();
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // n frames of the app's loop, 16 ms of its clock apart.
  void frame(int n = 1);
  // Frames until ImGui has taken every queued input event, then two more (the frame after the one that took a
  // release shows what it changed).
  void settle();

  std::vector<Widget> widgets() const;                     // tracked in the last frame
  std::optional<Widget> find(std::string_view id) const;   // by id; nullopt when not drawn
  std::vector<Widget> with_prefix(std::string_view prefix) const;
  // A finger's tap at the centre of the widget (which must be on screen), then settle().
  void tap(std::string_view id);
  void tap_at(float x, float y);
  // Drags the screen (a finger, held still at the end: no inertia) until the widget is on screen; false if it
  // never came. Down the screen, or with `up` back up.
  bool scroll_to(std::string_view id, bool up = false);
  // Text typed into the active field, as the keyboard bridge hands it over; then settle().
  void type(std::string_view utf8);

  bool dispatch(const nlohmann::json& command);  // as a screen does (report.hpp)
  nlohmann::json state() const;                   // {tab, lang, save, …}
  nlohmann::json campaign() const;
  nlohmann::json overflows() const;
  // Every character the last frame drew, in drawing order (a space is not drawn, so none is there): read back from
  // the draw data, each glyph's quad told by its place in the font atlas — what any widget draws, ImGui's own text
  // or a draw list's AddText. Only what is on the screen (make the screen tall to read a whole one).
  std::string drawn_text() const;
  // The colour (ImGui's packed RGBA) of the last solid shape the last frame filled at a point, CSS px: what is seen
  // there but for text and outlines (a button's fill); 0 when nothing solid is there.
  std::uint32_t fill_at(float x, float y) const;
  double now_ms() const { return now_; }

 private:
  void build_fonts();
  Options options_;
  double now_ = 1000;
};

}  // namespace druzina::uitest
