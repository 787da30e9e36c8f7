#include "core/rng.hpp"

namespace druzina {

Rng::Rng(std::uint64_t seed, std::uint64_t stream) : inc_((stream << 1u) | 1u) {
  next();
  state_ += seed;
  next();
}

std::uint64_t Rng::below_slow(std::uint64_t m, std::uint32_t n) {
  std::uint32_t threshold = (0u - n) % n;
  auto low = static_cast<std::uint32_t>(m);
  while (low < threshold) {
    m = static_cast<std::uint64_t>(next()) * n;
    low = static_cast<std::uint32_t>(m);
  }
  return m;
}

}  // namespace druzina
