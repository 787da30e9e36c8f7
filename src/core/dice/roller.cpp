// Stage 2 → 3 of the dice engine: AST + Rng → result tree (result.hpp).
//
// Operator semantics (after avrae/d20; every operator looks only at dice still kept):
//   k S   keep the selected dice, drop the other kept ones      p S   drop the selected dice
//   rr S  reroll each selected die; a new die that matches a value selector (X, >X, <X) is rerolled again
//   ro S  reroll each selected die once                          ra S  reroll the first selected die once, add it
//   e S   each selected die explodes: roll one more die, which explodes again while it matches a value selector
//   mi X  raise every die below X to X                           ma X  lower every die above X to X
//   hX / lX select the X highest / lowest kept dice (ties as avrae: h takes later dice, l earlier ones); they select
//   once, never in a chain.
// Replaced dice stay in the result (rerolled, not kept) right before their replacement; an explosion's new die
// follows the die that exploded. Every die rolled counts against kMaxDice, so "1d6rr<7" ends with an error.
#include <algorithm>
#include <limits>

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

// Errors are thrown out of line (cold), so the rolling functions keep small frames.
[[noreturn, gnu::cold, gnu::noinline]] static void overflow() { throw UserError("dice.err.overflow"); }
[[noreturn, gnu::cold, gnu::noinline]] static void division_by_zero() { throw UserError("dice.err.division_by_zero"); }
[[noreturn, gnu::cold, gnu::noinline]] static void too_many_rolls() {
  throw UserError("dice.err.too_many_rolls", jobj{"max", kMaxDice});
}

static std::int64_t checked(std::int64_t v) {
  if (v > kMaxValue || v < -kMaxValue) overflow();
  return v;
}

std::int64_t apply_binary(BinOp op, std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  switch (op) {
    case BinOp::add:
      if (__builtin_add_overflow(a, b, &r)) overflow();
      return checked(r);
    case BinOp::sub:
      if (__builtin_sub_overflow(a, b, &r)) overflow();
      return checked(r);
    case BinOp::mul:
      if (__builtin_mul_overflow(a, b, &r)) overflow();
      return checked(r);
    case BinOp::div:
    case BinOp::floordiv: {
      if (b == 0) division_by_zero();
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1) overflow();
      std::int64_t q = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
      return q;
    }
    case BinOp::mod: {
      if (b == 0) division_by_zero();
      if (b == -1) return 0;
      std::int64_t m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      return m;
    }
    case BinOp::eq: return a == b;
    case BinOp::ne: return a != b;
    case BinOp::ge: return a >= b;
    case BinOp::le: return a <= b;
    case BinOp::gt: return a > b;
    case BinOp::lt: return a < b;
  }
  return 0;
}

namespace {

class Roller {
 public:
  Roller(const ast::Ast& ast, Rng& rng, RollTree& tree) : ast_(ast), rng_(rng), t_(tree) {}

  std::int64_t eval(int id) {
    const Node& n = ast_.node(id);
    NodeResult& r = t_.nodes[static_cast<size_t>(id)];
    std::int64_t v = 0;
    switch (n.kind) {
      case Kind::literal: v = n.value; break;
      case Kind::dice: v = dice(n, r); break;
      case Kind::paren: v = eval(ast_.children[n.first_child]); break;
      case Kind::set: v = set(n); break;
      case Kind::unary: {
        std::int64_t x = eval(n.a);
        if (n.negate) {
          if (x == std::numeric_limits<std::int64_t>::min()) overflow();
          x = -x;
        }
        v = x;
        break;
      }
      case Kind::binary: {
        std::int64_t a = eval(n.a);
        std::int64_t b = eval(n.b);
        v = apply_binary(n.bop, a, b);
        break;
      }
    }
    r.value = v;  // t_.nodes is sized before rolling and never grows, so r is still valid
    return v;
  }

 private:
  const ast::Ast& ast_;
  Rng& rng_;
  RollTree& t_;

  int roll_die(int sides) {
    if (++t_.rolled > kMaxDice) too_many_rolls();
    return rng_.die(sides);
  }

  const Selector* sels(const Op& op) const { return ast_.sels.data() + op.first_sel; }

  bool chain_match(const Op& op, int value, int sides) const {
    const Selector* s = sels(op);
    for (std::uint32_t i = 0; i < op.sel_count; ++i)
      if (s[i].by_value() && s[i].matches(value, sides)) return true;
    return false;
  }

  // Marks in flags[0..count) the candidates selected by op. Candidates: value(i) for i with kept(i).
  template <class Value, class Kept>
  void select(const Op& op, std::uint32_t count, int sides, Value value, Kept kept) {
    auto& flags = t_.scratch.flags;
    flags.assign(count, 0);
    const Selector* s = sels(op);
    for (std::uint32_t k = 0; k < op.sel_count; ++k) {
      const Selector& sel = s[k];
      if (sel.by_value()) {
        for (std::uint32_t i = 0; i < count; ++i)
          if (kept(i) && sel.matches(value(i), sides)) flags[i] = 1;
        continue;
      }
      auto& idx = t_.scratch.index;
      idx.clear();
      for (std::uint32_t i = 0; i < count; ++i)
        if (kept(i)) idx.push_back(i);
      auto want = static_cast<size_t>(std::min<std::int64_t>(sel.value, static_cast<std::int64_t>(idx.size())));
      if (want == idx.size()) {
        for (auto i : idx) flags[i] = 1;
        continue;
      }
      if (want == 0) continue;
      bool high = sel.kind == SelKind::highest;
      auto before = [&](std::uint32_t a, std::uint32_t b) {  // ties: h takes the later die, l the earlier
        auto va = value(a), vb = value(b);
        if (va != vb) return high ? va > vb : va < vb;
        return high ? a > b : a < b;
      };
      std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(want), idx.end(), before);
      for (size_t i = 0; i < want; ++i) flags[idx[i]] = 1;
    }
  }

  std::int64_t dice(const Node& n, NodeResult& r) {
    auto& all = t_.dice;
    const auto begin = static_cast<std::uint32_t>(all.size());
    if (t_.rolled + n.count <= kMaxDice) {  // within the budget: no check per die (the dice are the same)
      t_.rolled += n.count;
      all.resize(begin + static_cast<std::uint32_t>(n.count));
      Die* d = all.data() + begin;
      for (int i = 0; i < n.count; ++i) {
        d[i].sides = n.sides;
        d[i].value = rng_.die(n.sides);
      }
    } else {
      for (int i = 0; i < n.count; ++i) {
        Die d;
        d.sides = n.sides;
        d.value = roll_die(n.sides);
        all.push_back(d);
      }
    }
    for (std::uint32_t o = 0; o < n.op_count; ++o) apply(ast_.ops[n.first_op + o], begin, n.sides);
    std::int64_t sum = 0;
    for (size_t i = begin; i < all.size(); ++i)
      if (all[i].kept) sum += all[i].value;
    r.dice_begin = begin;
    r.dice_end = static_cast<std::uint32_t>(all.size());
    return sum;
  }

  // k/p with one hX/lX selector that moves only a few dice ("4d6kh3", "2d20kl1"): a few linear scans, no
  // sorting and no buffers. Returns false when the general path should handle it.
  bool keep_drop_fast(const Op& op, Die* pool, std::uint32_t count) {
    if ((op.kind != OpKind::keep && op.kind != OpKind::drop) || op.sel_count != 1) return false;
    const Selector& s = sels(op)[0];
    if (s.by_value()) return false;
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < count; ++i) kept += pool[i].kept;
    const auto x = static_cast<std::uint32_t>(std::min<std::int64_t>(s.value, kept));
    const bool high = s.kind == SelKind::highest;
    // Dice to drop, from which end: keep-high drops the lowest, keep-low the highest, drop-high the highest …
    const std::uint32_t m = op.kind == OpKind::keep ? kept - x : x;
    const bool drop_lowest = (op.kind == OpKind::keep) == high;
    if (m > 8) return false;
    drop_extremes(pool, count, m, drop_lowest);
    return true;
  }

  void apply(const Op& op, std::uint32_t begin, int sides) {
    auto& all = t_.dice;
    const auto count = static_cast<std::uint32_t>(all.size() - begin);
    Die* pool = all.data() + begin;
    if (keep_drop_fast(op, pool, count)) return;
    select(
        op, count, sides, [&](std::uint32_t i) { return static_cast<std::int64_t>(all[begin + i].value); },
        [&](std::uint32_t i) { return all[begin + i].kept; });
    const auto& flags = t_.scratch.flags;
    switch (op.kind) {
      case OpKind::keep:
        for (std::uint32_t i = 0; i < count; ++i)
          if (!flags[i]) pool[i].kept = false;
        return;
      case OpKind::drop:
        for (std::uint32_t i = 0; i < count; ++i)
          if (flags[i]) pool[i].kept = false;
        return;
      case OpKind::minimum:
      case OpKind::maximum: {
        const Selector* s = sels(op);
        for (std::uint32_t i = 0; i < count; ++i) {
          if (!pool[i].kept) continue;
          for (std::uint32_t k = 0; k < op.sel_count; ++k) {
            auto x = static_cast<int>(s[k].value);
            if (op.kind == OpKind::minimum ? pool[i].value < x : pool[i].value > x) pool[i].value = x;
          }
        }
        return;
      }
      default: break;
    }
    // rr, ro, ra, e: rebuild the pool with the new dice placed right after the die that caused them.
    bool any = false;
    for (std::uint32_t i = 0; i < count && !any; ++i) any = flags[i] != 0;
    if (!any) return;
    auto& out = t_.scratch.pool;
    out.clear();
    bool added_one = false;
    for (std::uint32_t i = 0; i < count; ++i) {
      Die d = all[begin + i];
      if (!flags[i] || (op.kind == OpKind::reroll_add && added_one)) {
        out.push_back(d);
        continue;
      }
      Die nd;
      nd.sides = sides;
      switch (op.kind) {
        case OpKind::reroll:
        case OpKind::reroll_once:
          d.rerolled = true;
          d.kept = false;
          out.push_back(d);
          for (;;) {
            nd.value = roll_die(sides);
            if (op.kind == OpKind::reroll && chain_match(op, nd.value, sides)) {
              Die old = nd;
              old.rerolled = true;
              old.kept = false;
              out.push_back(old);
              continue;
            }
            out.push_back(nd);
            break;
          }
          break;
        case OpKind::reroll_add:
          added_one = true;
          out.push_back(d);
          nd.value = roll_die(sides);
          nd.added = true;
          out.push_back(nd);
          break;
        case OpKind::explode:
          d.exploded = true;
          out.push_back(d);
          for (;;) {
            nd.value = roll_die(sides);
            nd.added = true;
            nd.exploded = chain_match(op, nd.value, sides);
            out.push_back(nd);
            if (!nd.exploded) break;
          }
          break;
        default: break;
      }
    }
    all.resize(begin);
    all.insert(all.end(), out.begin(), out.end());
  }

  std::int64_t set(const Node& n) {
    const int* kids = ast_.children.data() + n.first_child;
    for (std::uint32_t i = 0; i < n.child_count; ++i) {
      eval(kids[i]);
      t_.nodes[static_cast<size_t>(kids[i])].kept = true;
    }
    for (std::uint32_t o = 0; o < n.op_count; ++o) {
      const Op& op = ast_.ops[n.first_op + o];
      auto node = [&](std::uint32_t i) -> NodeResult& { return t_.nodes[static_cast<size_t>(kids[i])]; };
      select(
          op, n.child_count, 0, [&](std::uint32_t i) { return node(i).value; },
          [&](std::uint32_t i) { return node(i).kept; });
      const auto& flags = t_.scratch.flags;
      for (std::uint32_t i = 0; i < n.child_count; ++i) {
        if (op.kind == OpKind::keep && !flags[i]) node(i).kept = false;
        if (op.kind == OpKind::drop && flags[i]) node(i).kept = false;
      }
    }
    std::int64_t sum = 0;
    for (std::uint32_t i = 0; i < n.child_count; ++i) {
      const NodeResult& c = t_.nodes[static_cast<size_t>(kids[i])];
      if (c.kept) sum = checked(sum + c.value);  // each element is within ±kMaxValue: no int64 overflow
    }
    return sum;
  }
};

}  // namespace

std::int64_t roll_node(const ast::Ast& ast, int node, Rng& rng, RollTree& tree) {
  if (tree.nodes.size() != ast.nodes.size()) tree.nodes.assign(ast.nodes.size(), NodeResult{});
  return Roller(ast, rng, tree).eval(node);
}

std::int64_t roll_tree(const ast::Ast& ast, Rng& rng, RollTree& tree) {
  tree.dice.clear();
  if (tree.dice.capacity() < static_cast<size_t>(ast.dice_upper)) tree.dice.reserve(static_cast<size_t>(ast.dice_upper));
  tree.rolled = 0;
  return roll_node(ast, ast.root, rng, tree);
}

}  // namespace druzina::dice
