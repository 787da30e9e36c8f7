#include "core/rng.hpp"

namespace druzina {

Rng::Rng(std::uint64_t seed, std::uint64_t stream) : inc_((stream << 1u) | 1u) {
  next();
  state_ += seed;
  next();
}

std::uint32_t Rng::next() {
  std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::uint32_t Rng::below(std::uint32_t n) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply, reject the biased low band.
  std::uint64_t m = static_cast<std::uint64_t>(next()) * n;
  auto low = static_cast<std::uint32_t>(m);
  if (low < n) {
    std::uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(next()) * n;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32u);
}

int Rng::between(int lo, int hi) {
  auto span = static_cast<std::uint32_t>(static_cast<std::int64_t>(hi) - lo + 1);
  return lo + static_cast<int>(below(span));
}

}  // namespace druzina
