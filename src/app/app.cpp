#include "app/app.hpp"

namespace druzina::app {

namespace {
long long frames = 0;
std::uint64_t run_seed = 0;
}  // namespace

void start(std::uint64_t seed) { run_seed = seed; }
void note_frame_rendered() { ++frames; }
long long frames_rendered() { return frames; }

}  // namespace druzina::app
