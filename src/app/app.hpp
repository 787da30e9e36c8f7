// App-wide state outside ImGui: the random seed for this run and counters the tests and benchmarks read.
#pragma once
#include <cstdint>

namespace druzina::app {

void start(std::uint64_t seed);
void note_frame_rendered(double layout_ms);
long long frames_rendered();
// Milliseconds spent building the rendered frames (ImGui's new frame, the screens, Render(); not the GL calls that
// hand the draw data to the browser), summed since start — for benchmarks.
double layout_ms_total();

}  // namespace druzina::app
