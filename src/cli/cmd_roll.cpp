// `druzina roll EXPR [--seed N] [--adv|--dis]`, `druzina stats EXPR` and the benchmark helper
// `druzina bench-roll EXPR [--count N] [--rounds R]` (used by scripts/bench). Words after the command are joined
// with spaces, so `druzina roll 1d20 + 5 attack` and `druzina roll "1d20+5 attack"` are the same roll.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "cli/cli.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"

namespace druzina::cli {
namespace {

// The expression: every positional word ("roll 1d20 + 5" works without quotes).
std::string expression(const Args& args) {
  std::string expr;
  for (const auto& word : args.positional) {
    if (!expr.empty()) expr += ' ';
    expr += word;
  }
  if (expr.empty()) throw UserError("cli.err.missing_argument", {{"argument", "EXPR"}});
  return expr;
}

nlohmann::json number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}

std::string decimal(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

Output run_roll(const Args& args) {
  std::string expr = expression(args);
  bool adv = args.has("adv"), dis = args.has("dis");
  if (adv && !dis) expr = dice::with_advantage(expr);
  if (dis && !adv) expr = dice::with_disadvantage(expr);  // both at once cancel out, as in the rules
  std::uint64_t seed;
  if (auto s = args.seed()) {
    seed = *s;
  } else {
    std::random_device rd;
    // 53 bits: --seed takes it back, and JavaScript reads it from the JSON without rounding.
    seed = ((static_cast<std::uint64_t>(rd()) << 32) ^ rd()) & ((std::uint64_t{1} << 53) - 1);
  }
  Rng rng(seed);
  dice::Roll r = dice::roll(expr, rng);
  Output out;
  out.json = r.to_json();
  out.json["seed"] = seed;
  if (!r.comment.empty()) out.text = r.comment + ": ";
  out.text += dice_notation(args.lang, r.text);  // cs 2k6, uk 2к6 (the JSON keeps the d)
  if (r.nat20) out.text += " — " + tr(args.lang, "dice.text.nat20");
  if (r.nat1) out.text += " — " + tr(args.lang, "dice.text.nat1");
  return out;
}

Output run_stats(const Args& args) {
  dice::Expression e(expression(args));
  dice::Stats s = e.stats();
  Output out;
  out.json = {{"expr", e.text()}, {"min", number(s.min)}, {"max", number(s.max)}, {"mean", s.mean}, {"exact", s.exact}};
  out.text = tr(args.lang, "dice.text.stats",
                {{"expr", e.text()}, {"min", decimal(s.min)}, {"max", decimal(s.max)}, {"mean", decimal(s.mean)}});
  if (!s.exact) out.text += " " + tr(args.lang, "dice.text.estimated");
  return out;
}

// Rolls per second: "compiled" parses once and rolls the total only (the app's hot path); "full" calls
// dice::roll() on the text every time (parse, roll, every die, formatted text), like a one-off roll, into one Roll
// reused from roll to roll (as a caller rolling again and again would: its text and dice keep their buffers).
// --rounds R splits each count into R rounds, compiled and full taking turns; rolls_per_second is the median of
// the rounds' rates (on a shared, loaded machine one preempted stretch then moves one round, not the figure),
// round_rates lists them all. bench/dice_baseline.mjs measures the node side the same way.
Output run_bench(const Args& args) {
  std::string expr = expression(args);
  long long count = args.integer("count", 1'000'000);
  if (count < 1) throw UserError("cli.err.not_integer", {{"option", "count"}, {"value", std::to_string(count)}});
  long long rounds = args.integer("rounds", 1);
  if (rounds < 1 || rounds > count)
    throw UserError("cli.err.not_integer", {{"option", "rounds"}, {"value", std::to_string(rounds)}});
  using clock = std::chrono::steady_clock;
  Rng rng(args.seed().value_or(1));
  dice::Expression e(expr);
  long long sum = 0;
  for (long long i = 0; i < count / 100 + 1; ++i) sum += e.roll_total(rng);  // warm-up
  const long long per_round = std::max(1LL, count / rounds), full_per_round = std::max(1LL, count / 4 / rounds);
  double compiled = 0, full = 0, full_sum = 0;
  std::vector<double> compiled_rates, full_rates;
  dice::Roll last;
  for (long long round = 0; round < rounds; ++round) {
    auto t0 = clock::now();
    for (long long i = 0; i < per_round; ++i) sum += e.roll_total(rng);
    double dt = std::chrono::duration<double>(clock::now() - t0).count();
    compiled += dt;
    compiled_rates.push_back(static_cast<double>(per_round) / dt);
    t0 = clock::now();
    for (long long i = 0; i < full_per_round; ++i) {
      dice::roll(expr, rng, last);
      full_sum += last.total;
    }
    dt = std::chrono::duration<double>(clock::now() - t0).count();
    full += dt;
    full_rates.push_back(static_cast<double>(full_per_round) / dt);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  };
  const long long compiled_count = per_round * rounds, full_count = full_per_round * rounds;
  Output out;
  out.json = {{"expr", e.text()},
              {"compiled", {{"rolls", compiled_count}, {"seconds", compiled}, {"rolls_per_second", median(compiled_rates)},
                            {"round_rates", compiled_rates}}},
              {"full", {{"rolls", full_count}, {"seconds", full}, {"rolls_per_second", median(full_rates)},
                        {"round_rates", full_rates}}},
              {"rounds", rounds},
              {"mean_total", (static_cast<double>(sum) + full_sum) /
                                 static_cast<double>(compiled_count + count / 100 + 1 + full_count)}};
  out.text = e.text() + ": " + std::to_string(static_cast<long long>(median(compiled_rates))) +
             " rolls/s compiled, " + std::to_string(static_cast<long long>(median(full_rates))) + " rolls/s from text";
  return out;
}

const bool reg_roll = register_command({"roll", "roll EXPR [--seed N] [--adv|--dis]",
                                        "Roll dice: 4d6kh3, 1d20+5, 2d6e6, (1d20, 1d20)kh1 … (see docs/dice.md)",
                                        run_roll});
const bool reg_stats = register_command(
    {"stats", "stats EXPR", "Minimum, maximum and mean of a dice expression, without rolling", run_stats});
const bool reg_bench = register_command({"bench-roll", "bench-roll EXPR [--count N] [--rounds R] [--seed N]",
                                         "(benchmark) rolls per second of an expression, for scripts/bench",
                                         run_bench, true});

}  // namespace
}  // namespace druzina::cli
