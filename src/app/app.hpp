// App-wide state outside ImGui: the random seed for this run and counters the tests and benchmarks read.
#pragma once
#include <cstdint>

namespace druzina::app {

void start(std::uint64_t seed);
// A frame the loop ran through ImGui (`drawn`: its picture drawn on the canvas; not drawn when the canvas shows
// that picture already). The tests wait for frames run: each one has taken the input before it.
void note_frame_rendered(double layout_ms, bool drawn);
long long frames_rendered();
long long frames_drawn();
// Milliseconds spent building the rendered frames (ImGui's new frame, the screens, Render(); not the GL calls that
// hand the draw data to the browser), summed since start — for benchmarks.
double layout_ms_total();

}  // namespace druzina::app
