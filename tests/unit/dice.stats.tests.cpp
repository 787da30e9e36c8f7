// Dice statistics without rolling: exact values for the usual shapes, agreement with many real rolls, errors and
// speed.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/dice/dice.hpp"
#include "core/error.hpp"

using namespace druzina;

namespace {

struct Exact {
  const char* expr;
  double min, max, mean;
};

}  // namespace

TEST_CASE("dice stats: exact minimum, maximum and mean", "[dice][stats]") {
  const Exact table[] = {
      {"7", 7, 7, 7},
      {"8d6", 8, 48, 28},
      {"1d20+5", 6, 25, 15.5},
      {"d%", 1, 100, 50.5},
      {"-1d4", -4, -1, -2.5},
      {"4d6kh3", 3, 18, 15869.0 / 1296},  // 12.2446…
      {"4d6pl1", 3, 18, 15869.0 / 1296},
      {"4d6ph1", 3, 18, 14 - (6 - 979.0 / 1296)},  // the sum less the highest die
      {"2d20kh1", 1, 20, 13.825},
      {"2d20kl1", 1, 20, 7.175},
      {"1d20ro1", 1, 20, 10.975},
      {"1d6rr1", 2, 6, 4},
      {"1d6rr<3", 3, 6, 4.5},
      {"8d6mi2", 16, 48, 8 * 22.0 / 6},
      {"8d6ma3", 8, 24, 20},
      {"6d6p<3", 0, 36, 18},
      {"6d6k6", 0, 36, 6},
      {"2d6ra6", 2, 18, 7 + 11.0 / 36 * 3.5},
      {"1d20ra1", 2, 21, 10.5 + 0.05 * 10.5},  // a 1 and the added die
      {"1d6e6", 1, 999 * 6 + 5, 4.2},
      {"3d6!", 3, 3 * 6 + 3 * 5 + 994 * 6, 12.6},
      {"1d2e2", 1, 999 * 2 + 1, 3},
      {"4d6rr1kh3", 6, 18, 13.4336},
      {"4d6kh1kl1", 2, 12, 7},
      {"(1d20+5, 1d20+5)kh1", 6, 25, 18.825},
      {"(1d6, 1d6, 1d6)p<3", 0, 18, 9},
      {"(1d20, 1d20, 1d20, 1d20, 1d20, 1d20)kh1", 1, 20, 0},  // identical elements: order statistics, mean below
      {"(1d20, 1d20, 1d20)kh1", 1, 20, 0},  // mean checked below
      {"1d20>=11", 0, 1, 0.5},
      {"1d20==20", 0, 1, 0.05},
      {"1d6e6>=7", 0, 1, 1.0 / 6},
      {"1d6*1d6", 1, 36, 12.25},
      {"1d6/2", 0, 3, 1.5},
      {"1d6//2", 0, 3, 1.5},
      {"1d6%3", 0, 2, 1},
      {"(1d4+1)*2", 4, 10, 7},
      {"1000d10000", 1000, 10'000'000, 5'000'500},
      {"0d6", 0, 0, 0},
  };
  for (const auto& row : table) {
    INFO(row.expr);
    dice::Stats s = dice::stats(row.expr);
    CHECK(s.exact);
    CHECK(s.min == Approx(row.min));
    CHECK(s.max == Approx(row.max));
    if (std::string(row.expr).rfind("(1d20, 1d20, 1d20", 0) == 0) {
      double n = std::string(row.expr).size() > 25 ? 6 : 3;
      double mean = 0;  // E[max of n d20] = Σ_k P(max ≥ k)
      for (int k = 1; k <= 20; ++k) mean += 1 - std::pow((k - 1) / 20.0, n);
      CHECK(s.mean == Approx(mean).epsilon(1e-12));
    } else if (std::string(row.expr) == "4d6rr1kh3") {
      CHECK(s.mean == Approx(13.4336).epsilon(1e-5));
    } else {
      CHECK(s.mean == Approx(row.mean).epsilon(1e-12));
    }
  }
}

TEST_CASE("dice stats: the mean agrees with many real rolls, every roll inside [min, max]", "[dice][stats]") {
  const char* exprs[] = {"4d6kh3",      "4d6kh3+2",     "2d20kl1",         "3d6ph1",        "5d6k>3kh2",
                         "1d20ro1",     "4d6rr<3",      "8d6mi3ma5",       "6d6p<3",        "3d6ra1",
                         "2d6e6",       "3d6!>4",       "4d6mi2e6",        "2d8p1e8",       "(1d20+2, 1d12+4)kh1",
                         "(2d6, 1d12, 7)kl2", "(1d6, 1d8)p<3", "1d20 >= 1d20", "1d12 // 1d4", "1d20 % 1d6",
                         "(1d8+1, 1d8+1, 1d8+1, 1d8+1, 1d8+1, 1d8+1)ph2",
                         "1d6 * (1d4 - 2)", "2d10kh1 - 1d10e10", "4d6rr1kh3",   "10d6k6",        "1d4 == 1d4"};
  for (const char* text : exprs) {
    INFO(text);
    dice::Expression e(text);
    dice::Stats s = e.stats();
    CHECK(s.exact);
    Rng rng(99);
    constexpr int kRolls = 40000;
    double sum = 0, sq = 0;
    long long lo = 0, hi = 0;
    for (int i = 0; i < kRolls; ++i) {
      long long v = e.roll_total(rng);
      sum += static_cast<double>(v);
      sq += static_cast<double>(v) * static_cast<double>(v);
      if (i == 0 || v < lo) lo = v;
      if (i == 0 || v > hi) hi = v;
    }
    double mean = sum / kRolls, var = sq / kRolls - mean * mean;
    double se = std::sqrt(std::max(var, 1e-12) / kRolls);
    INFO("sample mean " << mean << ", exact " << s.mean << ", se " << se);
    CHECK(std::fabs(mean - s.mean) < 5 * se + 1e-9);
    CHECK(lo >= s.min);
    CHECK(hi <= s.max);
  }
}

TEST_CASE("dice stats: what cannot be computed exactly is estimated and says so", "[dice][stats]") {
  dice::Stats s = dice::stats("100d100kh50");  // beyond the exact budget: sampled
  CHECK_FALSE(s.exact);
  CHECK(s.mean == Approx(3763).epsilon(0.01));
  dice::Stats t = dice::stats("4d6kh3rr1");  // reroll after keep: sampled
  CHECK_FALSE(t.exact);
  CHECK(t.min >= 3);
  CHECK(t.max <= 18);
}

TEST_CASE("dice stats: errors match what rolling would do", "[dice][stats]") {
  auto key = [](const char* text) {
    try {
      dice::stats(text);
    } catch (const UserError& e) {
      return e.key();
    }
    return std::string();
  };
  CHECK(key("1d6rr<7") == "dice.err.too_many_rolls");
  CHECK(key("1d6e<7") == "dice.err.too_many_rolls");
  CHECK(key("1000d6!") == "dice.err.too_many_rolls");  // ~1200 dice on average
  CHECK(key("1/0") == "dice.err.division_by_zero");
  CHECK(key("1d6/(1d2-1)") == "dice.err.division_by_zero");
  CHECK(key("1d20+") == "dice.err.expected_operand_end");
  CHECK(key("800d6rr1") == "");
}

// Everyday expressions are computed exactly (the exact path is the fast one: microseconds, see scripts/bench dice);
// a change that sent one of them to sampling would show here. No wall-clock check: these machines are shared.
TEST_CASE("dice stats: everyday expressions are exact", "[dice][stats]") {
  for (const char* text : {"8d6", "4d6kh3", "2d20kh1", "1d20+5", "2d6e6", "(1d20, 1d20)kh1 + 5"}) {
    INFO(text);
    CHECK(dice::stats(text).exact);
  }
}
