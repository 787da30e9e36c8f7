#include <catch2/catch.hpp>

#include "core/rng.hpp"

using druzina::Rng;

TEST_CASE("rng: same seed gives the same sequence", "[rng]") {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    REQUIRE(x == b.next());
    differs |= x != c.next();
  }
  CHECK(differs);
}

TEST_CASE("rng: between stays inside its bounds and reaches both ends", "[rng]") {
  Rng rng(7);
  bool lo = false, hi = false;
  for (int i = 0; i < 2000; ++i) {
    int v = rng.between(-3, 3);
    REQUIRE(v >= -3);
    REQUIRE(v <= 3);
    lo |= v == -3;
    hi |= v == 3;
  }
  CHECK(lo);
  CHECK(hi);
  CHECK(rng.die(1) == 1);
}
