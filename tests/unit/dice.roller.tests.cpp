// Dice roller and formatter: golden rolls with fixed seeds, the meaning of every operator and selector checked over
// many seeds, natural 20/1, limits at roll time, division by zero, and a χ² uniformity test of 1d20.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>

#include "core/dice/dice.hpp"
#include "core/dice/result.hpp"  // roll_plain: which texts the fast path takes
#include "core/error.hpp"

using namespace druzina;
using dice::Die;
using dice::Roll;

namespace {

std::string error_key(const std::string& text, std::uint64_t seed = 1) {
  Rng rng(seed);
  try {
    dice::roll(text, rng);
  } catch (const UserError& e) {
    return e.key();
  }
  return "";
}

long long kept_sum(const Roll& r) {
  long long s = 0;
  for (const Die& d : r.dice)
    if (d.kept) s += d.value;
  return s;
}

// Rolls text with seeds 1..n and hands each roll to check.
void for_seeds(const char* text, int n, const std::function<void(const Roll&)>& check) {
  for (int seed = 1; seed <= n; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    Roll r = dice::roll(text, rng);
    INFO(text << " seed " << seed << ": " << r.text);
    check(r);
  }
}

}  // namespace

TEST_CASE("dice roller: golden rolls with fixed seeds", "[dice][roller]") {
  // Any change here means saved replays would roll differently: change it only on purpose.
  const std::tuple<const char*, std::uint64_t, const char*> table[] = {
      {"4d6kh3", 1, "4d6kh3 (6, 5, 6, ~~4~~) = 17"},
      {"4d6kh3", 2, "4d6kh3 (5, 5, ~~1~~, 4) = 14"},
      {"4d6kh3+2", 3, "4d6kh3 (4, 6, 3, ~~2~~) + 2 = 15"},
      {"2d20kh1", 1, "2d20kh1 (19, ~~14~~) = 19"},
      {"2d20kl1", 1, "2d20kl1 (~~19~~, 14) = 14"},
      {"4d6rr1", 5, "4d6rr1 (4, ~~1~~, 5, ~~1~~, 2, 2) = 13"},
      {"4d6rr1", 2, "4d6rr1 (5, 5, ~~1~~, 2, 4) = 16"},
      {"8d6mi2", 5, "8d6mi2 (4, 2, 2, 2, 5, 2, 6, 2) = 25"},
      {"8d6ma3", 5, "8d6ma3 (3, 1, 1, 2, 3, 2, 3, 2) = 17"},
      {"3d6!", 1, "3d6! (6!, 4, 5, 6!, 2) = 23"},
      {"2d6e6", 1, "2d6e6 (6!, 6!, 4, 5) = 21"},
      {"3d6ra1", 2, "3d6ra1 (5, 5, 1, 4) = 15"},
      {"(1d4+1, 3, 2d6)", 1, "(1d4 (4) + 1, 3, 2d6 (5, 6)) = 19"},
      {"(1d20+5, 1d20+5)kh1", 1, "(1d20 (19) + 5, ~~1d20 (14) + 5~~)kh1 = 24"},
      {"1d6[fire]+2", 1, "1d6 (6) [fire] + 2 = 8"},
      {"-1d4", 2, "-1d4 (3) = -3"},
      {"(1d8+2)*2", 1, "(1d8 (8) + 2) * 2 = 20"},
      {"4d6p<3", 5, "4d6p<3 (4, ~~1~~, ~~1~~, ~~2~~) = 4"},
      {"10d6k>4", 1, "10d6k>4 (6, 5, 6, ~~4~~, ~~2~~, 5, ~~1~~, ~~4~~, ~~2~~, ~~1~~) = 22"},
      {"1d20+5 attack", 1, "1d20 (19) + 5 = 24"},
  };
  for (const auto& [text, seed, expected] : table) {
    Rng rng(seed);
    CHECK(dice::roll(text, rng).text == expected);
  }
}

TEST_CASE("dice roller: the same seed rolls the same, compiled or not", "[dice][roller]") {
  dice::Expression e("4d6kh3 + 1d8e8 + (1d20, 1d20)kl1 [x]");
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Rng a(seed), b(seed), c(seed);
    Roll ra = dice::roll("4d6kh3 + 1d8e8 + (1d20, 1d20)kl1 [x]", a);
    Roll rb = e.roll(b);
    CHECK(ra.text == rb.text);
    CHECK(ra.total == e.roll_total(c));
  }
}

TEST_CASE("dice roller: rolling into a reused Roll gives what a fresh one holds", "[dice][roller]") {
  // Longer and shorter texts, more and fewer dice, a comment and none, nat20/nat1 set and cleared, a dropped set.
  const char* texts[] = {"20d20 + 5 attack", "1d6", "(1d20, 1d20)kh1 [x] goblin", "4d6kh3 + 2", "1d20", "3"};
  Roll reused;
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    for (const char* text : texts) {
      Rng a(seed), b(seed);
      Roll fresh = dice::roll(text, a);
      dice::roll(text, b, reused);
      INFO(text << " seed " << seed);
      CHECK(reused.to_json() == fresh.to_json());
      CHECK(a.next() == b.next());
    }
  // An error leaves the Roll as it was.
  const auto before = reused.to_json();
  Rng rng(1);
  CHECK_THROWS_AS(dice::roll("1d6 +", rng, reused), UserError);
  CHECK_THROWS_AS(dice::roll("1d6rr<7", rng, reused), UserError);
  CHECK(reused.to_json() == before);
}

TEST_CASE("dice roller: the fast path and the general path agree", "[dice][roller]") {
  // dice::roll(text) takes a one-pass path for "dice and numbers joined by + and -, at most one k/p h/l per dice
  // term" (core/dice/plain.cpp) and the parser otherwise; Expression::roll always rolls the parsed tree. Both must
  // give the same Roll, draw the same numbers and fail alike, at the fast path's bounds and just past them.
  const std::string many(400, ' ');
  const std::string texts[] = {
      "4d6kh3+2", "4D6KH3 + 2", " 1d20 ", "d20", "D20", "k20", "1K20", "2к6", "2К6 + 1", "d%", "3k%", "1d%+1d%",
      "2d20kl1", "2d20kh1 - 1", "4d6pl1", "4D6Ph1", "4d6kh0", "4d6kh4", "4d6kh9", "4d6pl9", "4d6kl2", "9d6kh1",
      "10d6kh1", "10d6kl9", "12d6pl8", "12d6pl9", "12d6ph9", "64d2", "65d2", "32d6+32d6", "32d6 + 33d6", "1d10000",
      "1d10001", "0d6", "1d0", "1000d6", "1001d6", "4d6kh1000000000", "4d6kh1000000001", "2147483647+1",
      "2147483648+1", "9007199254740991", "9007199254740992", "1d6+9007199254740991", "1 - 1d6 - 5", "3",
      "007d06kh03+0002", "1d6\t+\n2\v", "1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4",
      "1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1d4-1d4+1", "1d20+1d20-20", "4d6" + many,
      "4d6" + many + "+ 1", "4d6 kh3", "4d6kh3kh2", "4d6kh3pl1", "4d6k3", "4d6kh", "4d6k", "4d6+", "4d6 -", "+4d6",
      "-4d6", "4d6 + -2", "4d6*2", "4d6 # note", "4d6 attack", "4d6[fire]", "4d6 [fire]", "(4d6)", "4d6e6", "4d6!",
      "4d6!=3", "1d20 >= 10", "", "   ", "4d", "4d6d6", "4 d6", "4d6x", "1d6 +2 foo", "4d6kh3)", "4dd6", "4k6kh3",
      "2kh1", "1d20ro1", "1d6rr<7", std::string(600, ' ') + "1d6", "1d20+5 attack on goblin  ", "1d20 5",
      "1d20 (x)", "1d6 kh1", "1d20\tx\n", "4d6kh3 + 2 #1 \t", "1d20 é", "1d20 = 3", "1d20 == 3", "1d20 != 3", "1d20 !x",
      "1d20 )", "1d20 ,", "1d20 * 2", "1d20 / 2", "1d20 % 2", "1d20 < 3", "1d20 > 3", "1d20 [x]", "1d20x", "1d20 +x",
      "1d20 + 5 d6", "3 goblins", "1d20 + 5 [fire]", "4d6kh3[x][y] + 2 [ z ] goblin", "1d6 [fire", "1d6 []",
      "1d6 [a]x", "1d6 [a] x", "1d6 [a] [b]", "1d6\t[a]\n+ 2", "d%[ü] - 1", "1d6 ] x", "1d6 [a]]",
      "1[a]+1[b]+1[c]+1[d]+1[e]+1[f]+1[g]+1[h]", "1[a]+1[b]+1[c]+1[d]+1[e]+1[f]+1[g]+1[h]+1[i]",
      "1d6 [" + std::string(480, 'x') + "]"};
  for (const std::string& text : texts)
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      INFO(text << " seed " << seed);
      Rng a(seed), b(seed);
      std::string err_a, err_b;
      nlohmann::json args_a, args_b, roll_a, roll_b;
      try {
        roll_a = dice::roll(text, a).to_json();
      } catch (const UserError& e) {
        err_a = e.key(), args_a = e.args();
      }
      try {
        dice::Expression e(text);
        roll_b = e.roll(b).to_json();
        CHECK(e.text() == roll_b["expr"]);
      } catch (const UserError& e) {
        err_b = e.key(), args_b = e.args();
      }
      CHECK(err_a == err_b);
      CHECK(args_a == args_b);
      CHECK(roll_a == roll_b);
      CHECK(a.next() == b.next());
    }
  // Which of them the fast path takes (the others it declines without drawing: the general path decides).
  for (const char* text : {"4d6kh3+2", "4D6KH3 + 2", "d20", "k20", "2к6", "3k%", "9d6kh1", "12d6pl8", "64d2",
                           "4d6kh1000000000", "2147483647+1", "007d06kh03+0002", "1 - 1d6 - 5",
                           "1d20+5 attack  ", "1d20 5", "3 goblins", "1d20 + 5 [fire]", "1d6 [a] [b] x"}) {
    INFO(text);
    Rng rng(1);
    Roll r;
    CHECK(dice::roll_plain(text, rng, r));
  }
  for (const char* text : {"10d6kh1", "12d6pl9", "65d2", "0d6", "1d10001", "4d6kh1000000001", "2147483648+1",
                           "4d6kh3kh2", "4d6x", "1d20 = 3", "1d20 !x", "-4d6", "4d6*2", "4d6 [fire", "(4d6)", "1d6 +", ""}) {
    INFO(text);
    Rng rng(1), untouched(1);
    Roll r;
    r.text = "before";
    CHECK_FALSE(dice::roll_plain(text, rng, r));
    CHECK(r.text == "before");
    CHECK(rng.next() == untouched.next());
  }
}

TEST_CASE("dice roller: the result keeps every die and its marks", "[dice][roller]") {
  Rng rng(1);
  Roll r = dice::roll("4d6kh3 + 2 goblin", rng);
  CHECK(r.expr == "4d6kh3 + 2");
  CHECK(r.comment == "goblin");
  REQUIRE(r.dice.size() == 4);
  CHECK(std::count_if(r.dice.begin(), r.dice.end(), [](const Die& d) { return !d.kept; }) == 1);
  CHECK(r.total == kept_sum(r) + 2);
  auto j = r.to_json();
  CHECK(j["expr"] == "4d6kh3 + 2");
  CHECK(j["total"] == 19);
  CHECK(j["dice"].size() == 4);
  CHECK(j["dice"][0]["sides"] == 6);
  CHECK(j["dice"][3]["kept"] == false);
  CHECK(j["text"] == r.text);
  CHECK(j["comment"] == "goblin");
  CHECK(j["nat20"] == false);
  CHECK(j["nat1"] == false);
  Rng rng2(1);
  CHECK_FALSE(dice::roll("1d6", rng2).to_json().contains("comment"));
}

TEST_CASE("dice roller: every operator and selector does what it says", "[dice][roller]") {
  SECTION("kh / kl keep the highest / lowest") {
    for_seeds("4d6kh3", 300, [](const Roll& r) {
      REQUIRE(r.dice.size() == 4);
      int dropped = 0, low_kept = 7, dropped_value = 0;
      for (const Die& d : r.dice) {
        if (d.kept) low_kept = std::min(low_kept, d.value);
        else ++dropped, dropped_value = d.value;
      }
      CHECK(dropped == 1);
      CHECK(dropped_value <= low_kept);
      CHECK(r.total == kept_sum(r));
    });
    for_seeds("2d20kl1", 300, [](const Roll& r) {
      CHECK(r.total == std::min(r.dice[0].value, r.dice[1].value));
    });
  }
  SECTION("ph / pl drop the highest / lowest") {
    for_seeds("3d6ph1", 200, [](const Roll& r) {
      int hi = std::max({r.dice[0].value, r.dice[1].value, r.dice[2].value});
      CHECK(r.total == r.dice[0].value + r.dice[1].value + r.dice[2].value - hi);
    });
    for_seeds("3d6pl2", 200, [](const Roll& r) {
      CHECK(r.total == std::max({r.dice[0].value, r.dice[1].value, r.dice[2].value}));
    });
  }
  SECTION("value selectors: X, >X, <X") {
    for_seeds("6d6k>3", 200, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.kept == (d.value > 3));
    });
    for_seeds("6d6p<3", 200, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.kept == (d.value >= 3));
    });
    for_seeds("6d6p6", 200, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.kept == (d.value != 6));
    });
    for_seeds("8d6k1k2", 200, [](const Roll& r) {  // merged selectors: keep 1s and 2s
      for (const Die& d : r.dice) CHECK(d.kept == (d.value <= 2));
    });
    for_seeds("4d6kh1kl1", 200, [](const Roll& r) {
      CHECK(std::count_if(r.dice.begin(), r.dice.end(), [](const Die& d) { return d.kept; }) == 2);
    });
  }
  SECTION("rr rerolls until no longer matching") {
    for_seeds("6d6rr<3", 300, [](const Roll& r) {
      int kept = 0;
      for (size_t i = 0; i < r.dice.size(); ++i) {
        const Die& d = r.dice[i];
        if (d.rerolled) {
          CHECK(d.value < 3);
          CHECK_FALSE(d.kept);
          REQUIRE(i + 1 < r.dice.size());
        } else {
          CHECK(d.value >= 3);
          CHECK(d.kept);
          ++kept;
        }
      }
      CHECK(kept == 6);
    });
  }
  SECTION("ro rerolls once; the new die may match again") {
    bool saw_second_one = false;
    for_seeds("10d6ro1", 400, [&](const Roll& r) {
      int kept = 0;
      for (size_t i = 0; i < r.dice.size(); ++i) {
        const Die& d = r.dice[i];
        if (d.rerolled) {
          CHECK(d.value == 1);
          REQUIRE(i + 1 < r.dice.size());
          CHECK_FALSE(r.dice[i + 1].rerolled);  // no chain
          saw_second_one |= r.dice[i + 1].value == 1;
        } else {
          ++kept;
        }
      }
      CHECK(kept == 10);
    });
    CHECK(saw_second_one);
  }
  SECTION("ra rerolls one matching die and adds it") {
    for_seeds("4d6ra6", 300, [](const Roll& r) {
      bool any_six = false;
      for (int i = 0; i < 4; ++i) any_six |= r.dice[static_cast<size_t>(i)].value == 6;
      long long added = std::count_if(r.dice.begin(), r.dice.end(), [](const Die& d) { return d.added; });
      CHECK(added == (any_six ? 1 : 0));
      for (const Die& d : r.dice) CHECK(d.kept);
      CHECK(r.total == kept_sum(r));
    });
  }
  SECTION("e and ! explode, and keep exploding while matching") {
    bool chained = false;
    for (const char* text : {"3d6e6", "3d6!"}) {
      for_seeds(text, 300, [&](const Roll& r) {
        long long exploded = 0, added = 0;
        for (size_t i = 0; i < r.dice.size(); ++i) {
          const Die& d = r.dice[i];
          CHECK(d.exploded == (d.value == 6));
          exploded += d.exploded;
          added += d.added;
          if (d.exploded) {
            REQUIRE(i + 1 < r.dice.size());
            CHECK(r.dice[i + 1].added);
            chained |= d.added;
          }
        }
        CHECK(exploded == added);
        CHECK(r.total == kept_sum(r));
      });
    }
    CHECK(chained);
    for_seeds("4d6!>4", 100, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.exploded == (d.value > 4));
    });
  }
  SECTION("mi and ma clamp every die") {
    for_seeds("8d6mi3", 100, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.value >= 3);
    });
    for_seeds("8d6ma2", 100, [](const Roll& r) {
      for (const Die& d : r.dice) CHECK(d.value <= 2);
    });
  }
  SECTION("operators apply in order and look only at kept dice") {
    for_seeds("4d6rr1kh3", 200, [](const Roll& r) {
      int dropped = 0;
      for (const Die& d : r.dice) dropped += !d.kept && !d.rerolled;
      CHECK(dropped == 1);
      for (const Die& d : r.dice)
        if (d.kept) CHECK(d.value != 1);
    });
    for_seeds("4d6kh3mi6", 100, [](const Roll& r) { CHECK(r.total == 18); });
  }
  SECTION("sets: k and p keep or drop whole elements, and their dice") {
    for_seeds("(1d20+5, 1d20+5)kh1", 200, [](const Roll& r) {
      CHECK(r.total == std::max(r.dice[0].value, r.dice[1].value) + 5);
      CHECK(r.dice[0].kept != r.dice[1].kept);
    });
    for_seeds("(1d6, 1d6, 1d6)p<3", 200, [](const Roll& r) {
      long long s = 0;
      for (const Die& d : r.dice) {
        CHECK(d.kept == (d.value >= 3));
        if (d.value >= 3) s += d.value;
      }
      CHECK(r.total == s);
    });
    for_seeds("(2d6, 1d12)kh1", 100, [](const Roll& r) {
      long long a = r.dice[0].value + r.dice[1].value, b = r.dice[2].value;
      CHECK(r.total == std::max(a, b));
      CHECK(r.text.find("~~") != std::string::npos);
    });
  }
}

TEST_CASE("dice roller: natural 20 and natural 1 on a kept d20", "[dice][roller]") {
  int nat20 = 0, nat1 = 0;
  for_seeds("1d20+3", 400, [&](const Roll& r) {
    CHECK(r.nat20 == (r.dice[0].value == 20));
    CHECK(r.nat1 == (r.dice[0].value == 1));
    nat20 += r.nat20;
    nat1 += r.nat1;
  });
  CHECK(nat20 > 0);
  CHECK(nat1 > 0);
  for_seeds("2d20kl1", 400, [](const Roll& r) {
    int kept = r.dice[0].kept ? r.dice[0].value : r.dice[1].value;
    CHECK(r.nat20 == (kept == 20));  // a dropped 20 is no natural 20
    CHECK(r.nat1 == (kept == 1));
  });
  for_seeds("1d6+1d8", 50, [](const Roll& r) { CHECK_FALSE((r.nat20 || r.nat1)); });
}

TEST_CASE("dice roller: limits and arithmetic errors at roll time", "[dice][roller][limits]") {
  CHECK(error_key("1d6rr<7") == "dice.err.too_many_rolls");  // every face matches: stops, no hang
  CHECK(error_key("10d1rr1") == "dice.err.too_many_rolls");
  CHECK(error_key("1d6e<7") == "dice.err.too_many_rolls");
  CHECK(error_key("1d1!") == "dice.err.too_many_rolls");
  CHECK(error_key("1000d6+1d6") == "dice.err.too_many_rolls");
  CHECK(error_key("600d6+600d6") == "dice.err.too_many_rolls");
  CHECK(error_key("1000d6") == "");
  CHECK(error_key("999d6ro1") != "");  // ~166 rerolls on top of 999 dice
  CHECK(error_key("1/0") == "dice.err.division_by_zero");
  CHECK(error_key("1d6//0") == "dice.err.division_by_zero");
  CHECK(error_key("1d6%(1d1-1)") == "dice.err.division_by_zero");
  CHECK(error_key("1000000000*1000000000*1000000000") == "dice.err.overflow");
  CHECK(error_key("0-9007199254740991-1") == "dice.err.overflow");  // past 2^53: no longer exact in a double
  CHECK(error_key("9007199254740991+1d1") == "dice.err.overflow");
  CHECK(error_key("9007199254740991") == "");
  CHECK(error_key("(9007199254740991, 1)") == "dice.err.overflow");
}

TEST_CASE("dice roller: 1d20 is uniform (chi-squared, fixed seed)", "[dice][roller][rng]") {
  Rng rng(20240611);
  dice::Expression d20("1d20");
  constexpr int kRolls = 20000;
  int counts[21] = {};
  for (int i = 0; i < kRolls; ++i) {
    long long v = d20.roll_total(rng);
    REQUIRE(v >= 1);
    REQUIRE(v <= 20);
    ++counts[v];
  }
  double expected = kRolls / 20.0, chi2 = 0;
  for (int f = 1; f <= 20; ++f) chi2 += (counts[f] - expected) * (counts[f] - expected) / expected;
  INFO("chi2 = " << chi2);
  CHECK(chi2 < 43.82);  // 0.999 quantile of chi-squared with 19 degrees of freedom
}
