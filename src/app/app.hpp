// App-wide state outside ImGui: the random seed for this run and counters the tests and benchmarks read.
#pragma once
#include <cstdint>

namespace druzina::app {

void start(std::uint64_t seed);
void note_frame_rendered();
long long frames_rendered();

}  // namespace druzina::app
