// Stage 5 of the dice engine: minimum, maximum and mean of an expression without rolling it.
//
// The parts:
//   Pmf            probability mass functions over consecutive integers, convolution
//   Dice pools     per-die state machine: mi/ma, value k/p, ro/rr, then at most one "terminal" step:
//                  order statistics (kh/kl/ph/pl), reroll-and-add, explosion (geometric chain)
//   Enumeration    exact brute force for small pools/sets whose operators do not fit the state machine
//   Sampling       Monte Carlo with a fixed seed, only when nothing exact is within reach (exact = false)
//   Tree           literal, dice, set, paren, unary, binary
//
// Every node yields a Dist: min/max/mean (analytic where possible, e.g. NdM, sums, products of independent terms)
// and, when affordable, the exact distribution, which parents need for /, %, comparisons and set selections.
// A work budget (multiply-adds) bounds the exact computations; past it a node keeps only its summary, and a node
// that needs a missing distribution is sampled. Explosions: the mean is E[G]/(1-p) per chain (exact); the maximum is
// the largest total reachable within kMaxDice dice.
//
// Index:
//   [SECTION] Pmf
//   [SECTION] Generic selection over values (sets and enumerated pools), same rules as roller.cpp
//   [SECTION] Tree
//   [SECTION] Sampling
//   [SECTION] Dice pools
//   [SECTION] Enumeration
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/dice/result.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::dice {

using ast::BinOp;
using ast::Kind;
using ast::Node;
using ast::Op;
using ast::OpKind;
using ast::SelKind;
using ast::Selector;

namespace {

constexpr std::size_t kMaxSupport = 1u << 18;  // values a distribution may span
constexpr double kWorkBudget = 4e7;            // multiply-adds for one stats() call
constexpr double kTail = 1e-17;                // explosion chains are followed until this much mass is left
constexpr std::int64_t kMcDiceBudget = 1'000'000;  // dice rolled by sampling in one stats() call

// [SECTION] Pmf -------------------------------------------------------------------------------------------------------

struct Pmf {
  std::int64_t lo = 0;
  std::vector<double> p;
  std::int64_t hi() const { return lo + static_cast<std::int64_t>(p.size()) - 1; }
  double at(std::int64_t v) const {
    return (v < lo || v > hi()) ? 0.0 : p[static_cast<std::size_t>(v - lo)];
  }
  double mass() const {
    double m = 0;
    for (double x : p) m += x;
    return m;
  }
  double mean() const {
    double m = 0;
    for (std::size_t i = 0; i < p.size(); ++i) m += p[i] * static_cast<double>(lo + static_cast<std::int64_t>(i));
    return m;
  }
  void trim() {
    std::size_t a = 0, b = p.size();
    while (a < b && p[a] <= 0) ++a;
    while (b > a && p[b - 1] <= 0) --b;
    if (a == b) {
      p.clear();
      return;
    }
    lo += static_cast<std::int64_t>(a);
    p.erase(p.begin() + static_cast<std::ptrdiff_t>(b), p.end());
    p.erase(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(a));
  }
  bool empty() const { return p.empty(); }
};

Pmf point(std::int64_t v) { return Pmf{v, {1.0}}; }

Pmf uniform(int sides) { return Pmf{1, std::vector<double>(static_cast<std::size_t>(sides), 1.0 / sides)}; }

// Adds mass at value v, growing the support as needed.
void put(Pmf& f, std::int64_t v, double m) {
  if (m == 0) return;
  if (f.p.empty()) {
    f.lo = v;
    f.p.assign(1, m);
    return;
  }
  if (v < f.lo) {
    f.p.insert(f.p.begin(), static_cast<std::size_t>(f.lo - v), 0.0);
    f.lo = v;
  } else if (v > f.hi()) {
    f.p.resize(static_cast<std::size_t>(v - f.lo + 1), 0.0);
  }
  f.p[static_cast<std::size_t>(v - f.lo)] += m;
}

struct Dist {
  double min = 0, max = 0, mean = 0;
  bool exact = true;
  std::optional<Pmf> pmf;
};

Dist from_pmf(Pmf f) {
  f.trim();
  Dist d;
  if (f.empty()) f = point(0);
  d.min = static_cast<double>(f.lo);
  d.max = static_cast<double>(f.hi());
  double m = f.mass();
  d.mean = f.mean() / (m > 0 ? m : 1);
  d.pmf = std::move(f);
  return d;
}

// [SECTION] Generic selection over values (sets and enumerated pools), same rules as roller.cpp -----------------------

void select_values(const std::vector<std::int64_t>& vals, const std::vector<char>& kept, const Selector* sels,
                   std::uint32_t n_sels, int sides, std::vector<char>& flags, std::vector<std::size_t>& idx) {
  flags.assign(vals.size(), 0);
  for (std::uint32_t k = 0; k < n_sels; ++k) {
    const Selector& s = sels[k];
    if (s.by_value()) {
      for (std::size_t i = 0; i < vals.size(); ++i)
        if (kept[i] && s.matches(vals[i], sides)) flags[i] = 1;
      continue;
    }
    idx.clear();
    for (std::size_t i = 0; i < vals.size(); ++i)
      if (kept[i]) idx.push_back(i);
    auto want = static_cast<std::size_t>(std::min<std::int64_t>(s.value, static_cast<std::int64_t>(idx.size())));
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return vals[a] < vals[b]; });
    if (s.kind == SelKind::highest) std::reverse(idx.begin(), idx.end());  // ties: h later dice, l earlier ones
    for (std::size_t i = 0; i < want; ++i) flags[idx[i]] = 1;
  }
}

// [SECTION] Tree ------------------------------------------------------------------------------------------------------

class Analyzer {
 public:
  explicit Analyzer(const ast::Ast& ast) : ast_(ast) {}

  Dist eval(int id) {
    const Node& n = ast_.node(id);
    switch (n.kind) {
      case Kind::literal: return from_pmf(point(n.value));
      case Kind::paren: return eval(ast_.children[n.first_child]);
      case Kind::dice: return dice(id, n);
      case Kind::set: return set(id, n);
      case Kind::unary: {
        Dist d = eval(n.a);
        if (!n.negate) return d;
        Dist r;
        r.min = -d.max;
        r.max = -d.min;
        r.mean = -d.mean;
        r.exact = d.exact;
        if (d.pmf) {
          Pmf f;
          f.lo = -d.pmf->hi();
          f.p.assign(d.pmf->p.rbegin(), d.pmf->p.rend());
          r.pmf = std::move(f);
        }
        return r;
      }
      case Kind::binary: return binary(id, n);
    }
    return {};
  }

 private:
  const ast::Ast& ast_;
  double work_ = 0;
  std::int64_t mc_dice_ = 0;

  bool afford(double cost) {
    if (work_ + cost > kWorkBudget) return false;
    work_ += cost;
    return true;
  }

  std::optional<Pmf> convolve(const Pmf& a, const Pmf& b) {
    if (a.empty() || b.empty()) return std::nullopt;
    std::size_t size = a.p.size() + b.p.size() - 1;
    if (size > kMaxSupport || !afford(static_cast<double>(a.p.size()) * static_cast<double>(b.p.size())))
      return std::nullopt;
    Pmf r;
    r.lo = a.lo + b.lo;
    r.p.assign(size, 0.0);
    for (std::size_t i = 0; i < a.p.size(); ++i) {
      double x = a.p[i];
      if (x == 0) continue;
      double* out = r.p.data() + i;
      for (std::size_t j = 0; j < b.p.size(); ++j) out[j] += x * b.p[j];
    }
    return r;
  }

  // N independent copies of one die's distribution, summed.
  std::optional<Pmf> power(const Pmf& die, int n) {
    if (n == 0) return point(0);
    double width = static_cast<double>(die.p.size() - 1) * n + 1;
    if (die.empty() || width > static_cast<double>(kMaxSupport)) return std::nullopt;
    if (work_ + width * static_cast<double>(die.p.size()) * n / 2 > kWorkBudget) return std::nullopt;
    Pmf acc = die;  // each convolve() below charges its own cost
    for (int i = 1; i < n; ++i) {
      auto next = convolve(acc, die);
      if (!next) return std::nullopt;
      acc = std::move(*next);
    }
    return acc;
  }

  // NdM with no operators: the distribution by a sliding window (O(N·support)); the summary is analytic anyway.
  std::optional<Pmf> plain_sum(int n, int sides) {
    if (n == 0) return point(0);
    double width = static_cast<double>(n) * (sides - 1) + 1;
    if (width > static_cast<double>(kMaxSupport) || !afford(width * n)) return std::nullopt;
    std::vector<double> cur(1, 1.0), next;
    for (int k = 0; k < n; ++k) {
      next.assign(cur.size() + static_cast<std::size_t>(sides) - 1, 0.0);
      double window = 0;
      for (std::size_t j = 0; j < next.size(); ++j) {
        if (j < cur.size()) window += cur[j];
        if (j >= static_cast<std::size_t>(sides) && j - sides < cur.size()) window -= cur[j - sides];
        next[j] = window > 0 ? window / sides : 0.0;
      }
      cur.swap(next);
    }
    return Pmf{n, std::move(cur)};
  }

  // [SECTION] Sampling ------------------------------------------------------------------------------------------------

  Dist sample(int id) {
    Rng rng(0x5eed5eedULL, 0x57a75ULL);
    RollTree tree;
    tree.nodes.assign(ast_.nodes.size(), NodeResult{});
    double sum = 0;
    double lo = 0, hi = 0;
    int ok = 0, failed = 0;
    std::optional<UserError> limit;
    for (int i = 0; i < 20000; ++i) {
      if (i >= 200 && mc_dice_ > kMcDiceBudget) break;
      tree.dice.clear();
      tree.rolled = 0;
      try {
        auto v = static_cast<double>(roll_node(ast_, id, rng, tree));
        if (ok == 0 || v < lo) lo = v;
        if (ok == 0 || v > hi) hi = v;
        sum += v;
        ++ok;
      } catch (const UserError& e) {
        if (e.key() != "dice.err.too_many_rolls") throw;
        if (!limit) limit = e;
        ++failed;
      }
      mc_dice_ += tree.rolled;
    }
    if (ok == 0) throw *limit;
    Dist d;
    d.min = lo;
    d.max = hi;
    d.mean = sum / ok;
    d.exact = false;
    return d;
  }

  // [SECTION] Dice pools ----------------------------------------------------------------------------------------------

  const Selector* sels(const Op& op) const { return ast_.sels.data() + op.first_sel; }

  static bool matches(const Selector* s, std::uint32_t n, std::int64_t v, int sides) {
    for (std::uint32_t i = 0; i < n; ++i)
      if (s[i].matches(v, sides)) return true;
    return false;
  }

  bool all_by_value(const Op& op) const {
    for (std::uint32_t i = 0; i < op.sel_count; ++i)
      if (!sels(op)[i].by_value()) return false;
    return true;
  }

  Dist dice(int id, const Node& n) {
    const int N = n.count, M = n.sides;
    if (N == 0) return from_pmf(point(0));
    if (n.op_count == 0) {
      Dist d;
      d.min = N;
      d.max = static_cast<double>(N) * M;
      d.mean = N * (M + 1) / 2.0;
      d.pmf = plain_sum(N, M);
      return d;
    }
    if (auto d = dice_machine(n)) return std::move(*d);
    if (auto d = enumerate_pool(n)) return std::move(*d);
    return sample(id);
  }

  // The per-die state: distribution of a kept die's value, plus the mass of "dropped" (counts 0, never selected).
  struct DieState {
    Pmf kept;
    double drop = 0;
  };

  // Handles pools whose operators act on each die alone, followed by at most one order-statistic, reroll-and-add
  // or explosion step. Returns nothing when the pool is outside that shape or beyond the budget.
  std::optional<Dist> dice_machine(const Node& n) {
    const int N = n.count, M = n.sides;
    const Pmf raw = uniform(M);
    DieState st{raw, 0};
    const Op* terminal = nullptr;
    double per_die = 1;  // dice rolled on average for each of the N (rerolls and explosions add)
    for (std::uint32_t o = 0; o < n.op_count; ++o) {
      const Op& op = ast_.ops[n.first_op + o];
      if (terminal) return std::nullopt;
      const Selector* s = sels(op);
      bool by_value = all_by_value(op);
      switch (op.kind) {
        case OpKind::minimum:
        case OpKind::maximum: {
          Pmf next;
          for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v) {
            std::int64_t w = v;
            for (std::uint32_t k = 0; k < op.sel_count; ++k)
              w = op.kind == OpKind::minimum ? std::max(w, s[k].value) : std::min(w, s[k].value);
            put(next, w, st.kept.at(v));
          }
          st.kept = std::move(next);
          break;
        }
        case OpKind::keep:
        case OpKind::drop:
          if (by_value) {
            Pmf next;
            for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v) {
              bool m = matches(s, op.sel_count, v, M);
              if (m == (op.kind == OpKind::keep))
                put(next, v, st.kept.at(v));
              else
                st.drop += st.kept.at(v);
            }
            st.kept = std::move(next);
          } else if (op.sel_count == 1) {
            terminal = &op;
          } else {
            return std::nullopt;
          }
          break;
        case OpKind::reroll_once:
        case OpKind::reroll: {
          if (!by_value) return std::nullopt;
          double hit = 0;
          Pmf next;
          for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v) {
            if (matches(s, op.sel_count, v, M))
              hit += st.kept.at(v);
            else
              put(next, v, st.kept.at(v));
          }
          if (hit > 0) {
            Pmf fresh;
            for (std::int64_t v = 1; v <= M; ++v)
              if (op.kind == OpKind::reroll_once || !matches(s, op.sel_count, v, M)) put(fresh, v, 1.0);
            if (fresh.empty()) throw UserError("dice.err.too_many_rolls", jobj{"max", kMaxDice});
            per_die += hit * (op.kind == OpKind::reroll_once ? 1.0 : M / fresh.mass());
            double each = hit / static_cast<double>(op.kind == OpKind::reroll_once ? M : fresh.mass());
            for (std::int64_t v = fresh.lo; v <= fresh.hi(); ++v)
              if (fresh.at(v) > 0) put(next, v, each);
          }
          st.kept = std::move(next);
          break;
        }
        case OpKind::reroll_add:
        case OpKind::explode:
          if (!by_value) return std::nullopt;
          terminal = &op;
          break;
      }
    }
    if (st.kept.empty() && st.drop <= 0) return std::nullopt;
    if (terminal && terminal->kind == OpKind::explode) {
      double first_hit = 0, p_hit = 0;
      for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v)
        if (matches(sels(*terminal), terminal->sel_count, v, M)) first_hit += st.kept.at(v);
      for (int v = 1; v <= M; ++v) p_hit += matches(sels(*terminal), terminal->sel_count, v, M) ? 1.0 / M : 0.0;
      if (p_hit < 1) per_die += first_hit / (1 - p_hit);
    }
    // A pool that needs more than kMaxDice dice on average fails nearly every roll: say so, as roll() would.
    if (N * per_die > kMaxDice + 1e-9) throw UserError("dice.err.too_many_rolls", jobj{"max", kMaxDice});
    if (!terminal) {
      Pmf die = st.kept;
      put(die, 0, st.drop);
      die.trim();
      Dist d;
      double mean = die.mean();
      d.mean = N * mean;
      d.min = static_cast<double>(N) * static_cast<double>(die.lo);
      d.max = static_cast<double>(N) * static_cast<double>(die.hi());
      d.pmf = power(die, N);
      return d;
    }
    switch (terminal->kind) {
      case OpKind::keep:
      case OpKind::drop: return order_statistic(st, N, *terminal);
      case OpKind::reroll_add: return reroll_add(st, N, M, *terminal);
      case OpKind::explode: return explode(st, N, M, *terminal);
      default: return std::nullopt;
    }
  }

  static double binomial(int r, int c, double q) {
    if (q <= 0) return c == 0 ? 1.0 : 0.0;
    if (q >= 1) return c == r ? 1.0 : 0.0;
    return std::exp(std::lgamma(r + 1.0) - std::lgamma(c + 1.0) - std::lgamma(r - c + 1.0) + c * std::log(q) +
                    (r - c) * std::log1p(-q));
  }

  // kh/kl/ph/pl X over N i.i.d. dice: dynamic programming over the dice values from the selected end, tracking how
  // many dice are placed and the running sum of the counted ones.
  std::optional<Dist> order_statistic(const DieState& st, int N, const Op& op) {
    const Selector& s = sels(op)[0];
    const bool high = s.kind == SelKind::highest, keep = op.kind == OpKind::keep;
    struct Outcome {
      std::int64_t v;
      double f;
      bool dropped;
    };
    std::vector<Outcome> outs;
    for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v)
      if (st.kept.at(v) > 0) outs.push_back({v, st.kept.at(v), false});
    if (high) std::reverse(outs.begin(), outs.end());
    if (st.drop > 0) outs.push_back({0, st.drop, true});
    if (outs.empty()) return std::nullopt;
    std::int64_t minv = std::min<std::int64_t>(0, st.kept.empty() ? 0 : st.kept.lo);
    std::int64_t maxv = std::max<std::int64_t>(0, st.kept.empty() ? 0 : st.kept.hi());
    if (static_cast<double>(N) * (static_cast<double>(maxv) - static_cast<double>(minv)) + 1 >
        static_cast<double>(kMaxSupport))
      return std::nullopt;  // checked in double first: set elements may hold huge values
    const std::int64_t offset = N * minv;
    const auto S = static_cast<std::size_t>(N * (maxv - minv) + 1);
    const double cost = static_cast<double>(outs.size()) * (N + 1.0) * (N + 2.0) / 2 * static_cast<double>(S);
    if (!afford(cost)) return std::nullopt;
    const auto rows = static_cast<std::size_t>(N + 1);
    std::vector<double> dp(rows * S, 0.0), ndp(rows * S, 0.0), binom(rows, 0.0);
    dp[static_cast<std::size_t>(0 - offset)] = 1.0;
    double remaining = 0;
    for (const auto& o : outs) remaining += o.f;
    for (std::size_t k = 0; k < outs.size(); ++k) {
      const auto& o = outs[k];
      double q = k + 1 == outs.size() ? 1.0 : std::min(1.0, o.f / remaining);
      std::fill(ndp.begin(), ndp.end(), 0.0);
      for (int j = 0; j <= N; ++j) {
        const double* row = dp.data() + static_cast<std::size_t>(j) * S;
        bool any = false;
        for (std::size_t x = 0; x < S && !any; ++x) any = row[x] != 0;
        if (!any) continue;
        int r = N - j;
        for (int c = 0; c <= r; ++c) binom[static_cast<std::size_t>(c)] = binomial(r, c, q);
        for (int c = 0; c <= r; ++c) {
          double pc = binom[static_cast<std::size_t>(c)];
          if (pc == 0) continue;
          std::int64_t sel = std::clamp<std::int64_t>(s.value - j, 0, c);
          std::int64_t counted = o.dropped ? 0 : (keep ? sel : c - sel);
          std::int64_t shift = counted * o.v;
          double* out = ndp.data() + static_cast<std::size_t>(j + c) * S;
          for (std::size_t x = 0; x < S; ++x) {
            if (row[x] == 0) continue;
            out[static_cast<std::size_t>(static_cast<std::int64_t>(x) + shift)] += row[x] * pc;
          }
        }
      }
      dp.swap(ndp);
      remaining -= o.f;
    }
    Pmf result;
    result.lo = offset;
    result.p.assign(dp.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(N) * S),
                    dp.begin() + static_cast<std::ptrdiff_t>(rows * S));
    return from_pmf(std::move(result));
  }

  // ra: if any kept die matches, one fresh die is added: total = sum_nomatch + (sum_all - sum_nomatch) ⊛ die.
  std::optional<Dist> reroll_add(const DieState& st, int N, int M, const Op& op) {
    const Selector* s = sels(op);
    Pmf all = st.kept, clean;
    put(all, 0, st.drop);
    for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v)
      if (!matches(s, op.sel_count, v, M)) put(clean, v, st.kept.at(v));
    put(clean, 0, st.drop);
    auto sum_all = power(all, N);
    if (!sum_all) return std::nullopt;
    Pmf hit = *sum_all;
    if (!clean.empty()) {
      auto sum_clean = power(clean, N);
      if (!sum_clean) return std::nullopt;
      for (std::int64_t v = sum_clean->lo; v <= sum_clean->hi(); ++v) put(hit, v, -sum_clean->at(v));
      for (double& x : hit.p)
        if (x < 1e-15) x = 0;
      auto added = convolve(hit, uniform(M));
      if (!added) return std::nullopt;
      Pmf total = *sum_clean;
      for (std::int64_t v = added->lo; v <= added->hi(); ++v) put(total, v, added->at(v));
      return from_pmf(std::move(total));
    }
    auto added = convolve(hit, uniform(M));
    if (!added) return std::nullopt;
    return from_pmf(std::move(*added));
  }

  // e / !: each kept die that matches starts a chain C = G + [G matches]·C of fresh dice G.
  std::optional<Dist> explode(const DieState& st, int N, int M, const Op& op) {
    const Selector* s = sels(op);
    Pmf g_hit, g_stop;
    for (int v = 1; v <= M; ++v) put(matches(s, op.sel_count, v, M) ? g_hit : g_stop, v, 1.0 / M);
    double p_hit = g_hit.empty() ? 0 : g_hit.mass();
    double e_g = (M + 1) / 2.0;
    bool first_hits = false;
    for (std::int64_t v = st.kept.lo; v <= st.kept.hi() && !first_hits; ++v)
      first_hits = st.kept.at(v) > 0 && matches(s, op.sel_count, v, M);
    if (first_hits && g_stop.empty()) throw UserError("dice.err.too_many_rolls", jobj{"max", kMaxDice});
    double e_chain = g_stop.empty() ? 0 : e_g / (1 - p_hit);

    // Summary of one die T (first value, plus a chain when it matches).
    double mean_t = 0, min_t = 0, max_first_stop = -1e300, max_first_hit = -1e300;
    bool have_min = false;
    auto see_min = [&](double v) {
      if (!have_min || v < min_t) min_t = v;
      have_min = true;
    };
    const double min_chain = g_stop.empty() ? 0 : static_cast<double>(g_stop.lo);
    for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v) {
      double f = st.kept.at(v);
      if (f <= 0) continue;
      bool hit = matches(s, op.sel_count, v, M);
      mean_t += f * (static_cast<double>(v) + (hit ? e_chain : 0));
      see_min(static_cast<double>(v) + (hit ? min_chain : 0));
      double& mx = hit ? max_first_hit : max_first_stop;
      mx = std::max(mx, static_cast<double>(v));
    }
    if (st.drop > 0) {
      see_min(0);
      max_first_stop = std::max(max_first_stop, 0.0);
    }
    // Largest total within the dice budget: e chains explode, using every spare die (E of them); each chain ends on
    // the highest non-matching face, the others show the highest matching face. Linear in e, so try the ends.
    const double s_max = g_hit.empty() ? 0 : static_cast<double>(g_hit.hi());
    const double u_max = g_stop.empty() ? 0 : static_cast<double>(g_stop.hi());
    const int E = kMaxDice - N;
    double best = -1e300;
    auto consider = [&](int e) {
      if (e < 0 || e > N || e > E) return;
      if (e < N && max_first_stop <= -1e299) return;
      if (e > 0 && max_first_hit <= -1e299) return;
      double t = e * max_first_hit + (N - e) * max_first_stop;
      if (e > 0) t += e * u_max + (E - e) * s_max;
      best = std::max(best, t);
    };
    consider(0);
    consider(1);
    consider(std::min(N, E));
    Dist d;
    d.mean = N * mean_t;
    d.min = N * min_t;
    d.max = best > -1e299 ? best : d.min;

    // The distribution, when the chain's tail vanishes quickly enough.
    {
      Pmf chain = g_stop, term = g_stop;
      double left = first_hits ? p_hit : 0;
      while (left > kTail) {
        auto next = convolve(term, g_hit);
        if (!next) return d;
        term = std::move(*next);
        for (std::int64_t v = term.lo; v <= term.hi(); ++v) put(chain, v, term.at(v));
        left *= p_hit;
        if (chain.p.size() > kMaxSupport) return d;
      }
      Pmf die;
      for (std::int64_t v = st.kept.lo; v <= st.kept.hi(); ++v) {
        double f = st.kept.at(v);
        if (f <= 0) continue;
        if (!matches(s, op.sel_count, v, M)) {
          put(die, v, f);
          continue;
        }
        if (!afford(static_cast<double>(chain.p.size()))) return d;
        for (std::int64_t c = chain.lo; c <= chain.hi(); ++c) put(die, v + c, f * chain.at(c));
      }
      put(die, 0, st.drop);
      if (die.p.size() > kMaxSupport) return d;
      d.pmf = power(die, N);
    }
    return d;
  }

  // [SECTION] Enumeration ---------------------------------------------------------------------------------------------

  // Small pools with only k/p/mi/ma (deterministic operators): every outcome of the N dice, weighted equally.
  std::optional<Dist> enumerate_pool(const Node& n) {
    const int N = n.count, M = n.sides;
    for (std::uint32_t o = 0; o < n.op_count; ++o) {
      OpKind k = ast_.ops[n.first_op + o].kind;
      if (k != OpKind::keep && k != OpKind::drop && k != OpKind::minimum && k != OpKind::maximum) return std::nullopt;
    }
    double outcomes = std::pow(static_cast<double>(M), N);
    if (outcomes > 2e5 || !afford(outcomes * (N + 4) * n.op_count)) return std::nullopt;
    std::vector<int> face(static_cast<std::size_t>(N), 1);
    std::vector<std::int64_t> vals(static_cast<std::size_t>(N));
    std::vector<char> kept(static_cast<std::size_t>(N)), flags;
    std::vector<std::size_t> idx;
    std::map<std::int64_t, double> acc;
    const double w = 1.0 / outcomes;
    for (;;) {
      for (int i = 0; i < N; ++i) vals[static_cast<std::size_t>(i)] = face[static_cast<std::size_t>(i)];
      std::fill(kept.begin(), kept.end(), 1);
      for (std::uint32_t o = 0; o < n.op_count; ++o) {
        const Op& op = ast_.ops[n.first_op + o];
        const Selector* s = sels(op);
        if (op.kind == OpKind::minimum || op.kind == OpKind::maximum) {
          for (int i = 0; i < N; ++i) {
            auto& v = vals[static_cast<std::size_t>(i)];
            if (!kept[static_cast<std::size_t>(i)]) continue;
            for (std::uint32_t k = 0; k < op.sel_count; ++k)
              v = op.kind == OpKind::minimum ? std::max(v, s[k].value) : std::min(v, s[k].value);
          }
          continue;
        }
        select_values(vals, kept, s, op.sel_count, M, flags, idx);
        for (int i = 0; i < N; ++i) {
          auto u = static_cast<std::size_t>(i);
          if (op.kind == OpKind::keep ? !flags[u] : flags[u]) kept[u] = 0;
        }
      }
      std::int64_t sum = 0;
      for (int i = 0; i < N; ++i)
        if (kept[static_cast<std::size_t>(i)]) sum += vals[static_cast<std::size_t>(i)];
      acc[sum] += w;
      int i = 0;
      while (i < N && ++face[static_cast<std::size_t>(i)] > M) face[static_cast<std::size_t>(i++)] = 1;
      if (i == N) break;
    }
    return from_map(acc);
  }

  std::optional<Dist> from_map(const std::map<std::int64_t, double>& acc) {
    if (acc.empty()) return std::nullopt;
    double width = static_cast<double>(acc.rbegin()->first - acc.begin()->first) + 1;
    if (width > static_cast<double>(kMaxSupport)) {
      Dist d;
      d.min = static_cast<double>(acc.begin()->first);
      d.max = static_cast<double>(acc.rbegin()->first);
      for (auto& [v, p] : acc) d.mean += static_cast<double>(v) * p;
      return d;
    }
    Pmf f;
    f.lo = acc.begin()->first;
    f.p.assign(static_cast<std::size_t>(width), 0.0);
    for (auto& [v, p] : acc) f.p[static_cast<std::size_t>(v - f.lo)] += p;
    return from_pmf(std::move(f));
  }

  // Sets: plain sums; value selectors per element; anything else by enumerating the elements' joint outcomes.
  Dist set(int id, const Node& n) {
    std::vector<Dist> parts;
    parts.reserve(n.child_count);
    for (std::uint32_t i = 0; i < n.child_count; ++i) parts.push_back(eval(ast_.children[n.first_child + i]));
    if (n.op_count == 0) {
      Dist acc = from_pmf(point(0));
      for (auto& p : parts) acc = combine_sum(acc, p, false);
      return acc;
    }
    bool have_pmfs = true;
    for (auto& p : parts) have_pmfs = have_pmfs && p.pmf && p.exact;
    if (!have_pmfs) return sample(id);
    // Each element alone decides its fate under value selectors: kept → its value, dropped → 0.
    if (n.op_count == 1 && all_by_value(ast_.ops[n.first_op])) {
      const Op& op = ast_.ops[n.first_op];
      Dist acc = from_pmf(point(0));
      for (auto& part : parts) {
        Pmf f;
        for (std::int64_t v = part.pmf->lo; v <= part.pmf->hi(); ++v) {
          bool m = matches(sels(op), op.sel_count, v, 0);
          put(f, (m == (op.kind == OpKind::keep)) ? v : 0, part.pmf->at(v));
        }
        acc = combine_sum(acc, from_pmf(std::move(f)), false);
      }
      return acc;
    }
    // Identical independent elements under one hX/lX ("(1d20, 1d20, 1d20)kh1"): order statistics, as for dice.
    if (!parts.empty() && n.op_count == 1 && ast_.ops[n.first_op].sel_count == 1 &&
        !all_by_value(ast_.ops[n.first_op])) {
      bool same = true;
      for (auto& p : parts) same = same && p.pmf->lo == parts[0].pmf->lo && p.pmf->p == parts[0].pmf->p;
      if (same) {
        if (auto d = order_statistic(DieState{*parts[0].pmf, 0}, static_cast<int>(parts.size()), ast_.ops[n.first_op]))
          return std::move(*d);
      }
    }
    double combos = 1;
    for (auto& p : parts) combos *= static_cast<double>(p.pmf->p.size());
    if (combos > 2e5 || !afford(combos * (parts.size() + 4) * n.op_count)) return sample(id);
    std::vector<std::int64_t> vals(parts.size());
    std::vector<char> kept(parts.size()), flags;
    std::vector<std::size_t> idx, at(parts.size(), 0);
    std::map<std::int64_t, double> acc;
    for (;;) {
      double w = 1;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        vals[i] = parts[i].pmf->lo + static_cast<std::int64_t>(at[i]);
        w *= parts[i].pmf->p[at[i]];
      }
      if (w > 0) {
        std::fill(kept.begin(), kept.end(), 1);
        for (std::uint32_t o = 0; o < n.op_count; ++o) {
          const Op& op = ast_.ops[n.first_op + o];
          select_values(vals, kept, sels(op), op.sel_count, 0, flags, idx);
          for (std::size_t i = 0; i < vals.size(); ++i)
            if (op.kind == OpKind::keep ? !flags[i] : flags[i]) kept[i] = 0;
        }
        std::int64_t sum = 0;
        for (std::size_t i = 0; i < vals.size(); ++i)
          if (kept[i]) sum += vals[i];
        acc[sum] += w;
      }
      std::size_t i = 0;
      while (i < parts.size() && ++at[i] >= parts[i].pmf->p.size()) at[i++] = 0;
      if (i == parts.size()) break;
    }
    if (auto d = from_map(acc)) return std::move(*d);
    return from_pmf(point(0));
  }

  // a + b (or a - b): summaries add; the distribution when both are known and affordable.
  Dist combine_sum(const Dist& a, const Dist& b, bool subtract) {
    Dist r;
    r.exact = a.exact && b.exact;
    r.mean = subtract ? a.mean - b.mean : a.mean + b.mean;
    r.min = subtract ? a.min - b.max : a.min + b.min;
    r.max = subtract ? a.max - b.min : a.max + b.max;
    if (a.pmf && b.pmf) {
      Pmf nb = *b.pmf;
      if (subtract) {
        nb.lo = -b.pmf->hi();
        std::reverse(nb.p.begin(), nb.p.end());
      }
      r.pmf = convolve(*a.pmf, nb);
    }
    return r;
  }

  Dist binary(int id, const Node& n) {
    Dist a = eval(n.a), b = eval(n.b);
    switch (n.bop) {
      case BinOp::add: return combine_sum(a, b, false);
      case BinOp::sub: return combine_sum(a, b, true);
      case BinOp::mul: {
        Dist r;
        r.exact = a.exact && b.exact;
        r.mean = a.mean * b.mean;  // independent factors
        double c[] = {a.min * b.min, a.min * b.max, a.max * b.min, a.max * b.max};
        r.min = *std::min_element(c, c + 4);
        r.max = *std::max_element(c, c + 4);
        if (a.pmf && b.pmf) r.pmf = pairwise(*a.pmf, *b.pmf, n.bop);
        return r;
      }
      default: break;
    }
    // /, //, %, comparisons: from the two distributions.
    if (!(a.pmf && b.pmf && a.exact && b.exact)) return sample(id);
    if ((n.bop == BinOp::div || n.bop == BinOp::floordiv || n.bop == BinOp::mod) && b.pmf->at(0) > 0)
      throw UserError("dice.err.division_by_zero");
    auto f = pairwise(*a.pmf, *b.pmf, n.bop);
    if (!f) return sample(id);
    return from_pmf(std::move(*f));
  }

  // The distribution of a op b over every pair of values (two passes: range, then mass).
  std::optional<Pmf> pairwise(const Pmf& a, const Pmf& b, BinOp op) {
    double pairs = static_cast<double>(a.p.size()) * static_cast<double>(b.p.size());
    if (!afford(2 * pairs)) return std::nullopt;
    std::int64_t lo = 0, hi = 0;
    bool first = true;
    for (std::size_t i = 0; i < a.p.size(); ++i) {
      if (a.p[i] <= 0) continue;
      for (std::size_t j = 0; j < b.p.size(); ++j) {
        if (b.p[j] <= 0) continue;
        std::int64_t v = apply_binary(op, a.lo + static_cast<std::int64_t>(i), b.lo + static_cast<std::int64_t>(j));
        if (first || v < lo) lo = v;
        if (first || v > hi) hi = v;
        first = false;
      }
    }
    if (first) return std::nullopt;
    if (static_cast<double>(hi) - static_cast<double>(lo) + 1 > static_cast<double>(kMaxSupport)) return std::nullopt;
    Pmf r;
    r.lo = lo;
    r.p.assign(static_cast<std::size_t>(hi - lo + 1), 0.0);
    for (std::size_t i = 0; i < a.p.size(); ++i) {
      if (a.p[i] <= 0) continue;
      for (std::size_t j = 0; j < b.p.size(); ++j) {
        if (b.p[j] <= 0) continue;
        std::int64_t v = apply_binary(op, a.lo + static_cast<std::int64_t>(i), b.lo + static_cast<std::int64_t>(j));
        r.p[static_cast<std::size_t>(v - lo)] += a.p[i] * b.p[j];
      }
    }
    return r;
  }
};

}  // namespace

Stats compute_stats(const ast::Ast& ast) {
  Analyzer an(ast);
  Dist d = an.eval(ast.root);
  Stats s;
  s.min = d.min + 0.0;
  s.max = d.max + 0.0;
  s.mean = d.mean + 0.0;
  s.exact = d.exact;
  return s;
}

}  // namespace druzina::dice
