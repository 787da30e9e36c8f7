// The one source of randomness in the core: a seedable PCG32 (O'Neill, pcg-random.org), injected into every
// function that rolls. Same seed, same rolls, on every platform — replay tests and `--seed` depend on it.
#pragma once
#include <cstdint>

namespace druzina {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0x853c49e6748fea9bULL, std::uint64_t stream = 0xda3e39cb94b95bdbULL);

  std::uint32_t next();                 // 32 uniformly random bits
  std::uint32_t below(std::uint32_t n); // uniform in [0, n), no modulo bias (Lemire's method); n ≥ 1
  int between(int lo, int hi);          // uniform in [lo, hi], inclusive; lo ≤ hi
  int die(int sides) { return between(1, sides); }

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
};

}  // namespace druzina
