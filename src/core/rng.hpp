// The one source of randomness in the core: a seedable PCG32 (O'Neill, pcg-random.org), injected into every
// function that rolls. Same seed, same rolls, on every platform — replay tests and `--seed` depend on it.
// The step, below() and between() are defined here, inline: a roll from text draws a number per die and the call
// cost as much as the step itself. below()'s rare rejection path (its division) stays out of line in rng.cpp.
#pragma once
#include <cstdint>

namespace druzina {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0x853c49e6748fea9bULL, std::uint64_t stream = 0xda3e39cb94b95bdbULL);

  std::uint32_t next() {  // 32 uniformly random bits
    std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }
  // Uniform in [0, n), no modulo bias; n ≥ 1. Lemire, "Fast Random Integer Generation in an Interval" (2019):
  // multiply, reject the biased low band (only a low part below n can be in it: then the slow path decides).
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = static_cast<std::uint64_t>(next()) * n;
    if (static_cast<std::uint32_t>(m) < n) m = below_slow(m, n);
    return static_cast<std::uint32_t>(m >> 32u);
  }
  int between(int lo, int hi) {  // uniform in [lo, hi], inclusive; lo ≤ hi
    auto span = static_cast<std::uint32_t>(static_cast<std::int64_t>(hi) - lo + 1);
    return lo + static_cast<int>(below(span));
  }
  int die(int sides) { return between(1, sides); }

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;

  std::uint64_t below_slow(std::uint64_t m, std::uint32_t n);  // below()'s rejection loop; returns the kept m
};

}  // namespace druzina
