#include "app/app.hpp"

namespace druzina::app {

namespace {
long long frames = 0;
long long drawn_frames = 0;
double layout_ms = 0;
std::uint64_t run_seed = 0;
}  // namespace

void start(std::uint64_t seed) { run_seed = seed; }
void note_frame_rendered(double ms, bool drawn) {
  ++frames;
  if (drawn) ++drawn_frames;
  layout_ms += ms;
}
long long frames_rendered() { return frames; }
long long frames_drawn() { return drawn_frames; }
double layout_ms_total() { return layout_ms; }

}  // namespace druzina::app
