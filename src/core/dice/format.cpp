// Stage 4 of the dice engine: printing. Two forms, both from the AST:
//   to_string    the expression in a normal form: "4d6kh3 + 2", "(1d4 + 1, 3)kh1", "1d6 [fire]"
//   format_roll  the rolled result: "4d6kh3 (6, 5, ~~1~~, 3) + 2 = 16" — dropped and rerolled dice struck with
//                ~~ ~~, a die that exploded marked "6!", a dropped set element struck as a whole.
// Both write through a small Writer (one capacity check per token, not per character, into a reused buffer):
// formatting is most of the cost of a one-off roll. format_roll writes the normal form in the same walk (a one-off
// roll needs both, and the second walk cost as much as the first).
#include <algorithm>
#include <charconv>
#include <cstring>

#include "core/dice/ast.hpp"
#include "core/dice/result.hpp"

namespace druzina::dice {

using namespace ast;

namespace {

// Writes into a scratch buffer that keeps its capacity (one per thread and use); done() copies the result out in
// one piece. The common case (room left, a number below 100) stays inline; growing and long numbers do not.
class Writer {
 public:
  Writer(std::string& buffer, std::size_t guess) : out_(buffer) {
    if (out_.size() < guess) out_.resize(guess);
    p_ = out_.data();
    end_ = p_ + out_.size();
  }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  void done(std::string& to) const { to.assign(out_.data(), static_cast<std::size_t>(p_ - out_.data())); }

  void put(char c) {
    room(1);
    *p_++ = c;
  }
  void put(const char* s, std::size_t n) {
    room(n);
    std::memcpy(p_, s, n);
    p_ += n;
  }
  template <std::size_t N>
  void lit(const char (&s)[N]) {
    put(s, N - 1);
  }
  void put(std::string_view s) { put(s.data(), s.size()); }
  std::size_t size() const { return static_cast<std::size_t>(p_ - out_.data()); }
  // Appends what `from` holds past its offset `since` (the same text written once, copied to the other writer).
  // A short piece (a number, "4d6kh3") is copied as 16 fixed bytes, inline, when both buffers have them.
  void copy(const Writer& from, std::size_t since) {
    const char* src = from.out_.data() + since;
    const auto n = static_cast<std::size_t>(from.p_ - src);
    if (n <= 16 && static_cast<std::size_t>(end_ - p_) >= 16 &&
        static_cast<std::size_t>(from.out_.data() + from.out_.size() - src) >= 16) {
      std::memcpy(p_, src, 16);
      p_ += n;
      return;
    }
    put(src, n);
  }
  // Room for n more bytes, for a run of unchecked writes (put_raw, num_raw) that cannot exceed it.
  void reserve(std::size_t n) { room(n); }
  template <std::size_t N>
  void lit_raw(const char (&s)[N]) {
    std::memcpy(p_, s, N - 1);
    p_ += N - 1;
  }
  void put_raw(char c) { *p_++ = c; }
  void num_raw(std::int64_t v) {  // at most 20 bytes
    if (v >= 0 && v < 10) {
      *p_++ = static_cast<char>('0' + v);
    } else if (v >= 10 && v < 100) {
      p_[0] = static_cast<char>('0' + v / 10);
      p_[1] = static_cast<char>('0' + v % 10);
      p_ += 2;
    } else {
      long_num(v);
    }
  }
  void num(std::int64_t v) {
    room(24);
    num_raw(v);
  }

 private:
  std::string& out_;
  char* p_;
  char* end_;

  void room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) < n) grow(n);
  }
  [[gnu::noinline]] void grow(std::size_t n) {
    auto used = static_cast<std::size_t>(p_ - out_.data());
    out_.resize(std::max(out_.size() * 2, used + n + 32));
    p_ = out_.data() + used;
    end_ = out_.data() + out_.size();
  }
  [[gnu::noinline]] void long_num(std::int64_t v) { p_ = std::to_chars(p_, end_, v).ptr; }
};

std::string& text_buffer() {
  thread_local std::string buffer;
  return buffer;
}
std::string& expr_buffer() {
  thread_local std::string buffer;
  return buffer;
}

void op_name(Writer& w, OpKind k) {
  switch (k) {
    case OpKind::keep: w.put('k'); return;
    case OpKind::drop: w.put('p'); return;
    case OpKind::reroll: w.lit("rr"); return;
    case OpKind::reroll_once: w.lit("ro"); return;
    case OpKind::reroll_add: w.lit("ra"); return;
    case OpKind::explode: w.put('e'); return;
    case OpKind::minimum: w.lit("mi"); return;
    case OpKind::maximum: w.lit("ma"); return;
  }
}

void bin_name(Writer& w, BinOp op) {
  switch (op) {
    case BinOp::add: w.lit(" + "); return;
    case BinOp::sub: w.lit(" - "); return;
    case BinOp::mul: w.lit(" * "); return;
    case BinOp::div: w.lit(" / "); return;
    case BinOp::floordiv: w.lit(" // "); return;
    case BinOp::mod: w.lit(" % "); return;
    case BinOp::eq: w.lit(" == "); return;
    case BinOp::ne: w.lit(" != "); return;
    case BinOp::ge: w.lit(" >= "); return;
    case BinOp::le: w.lit(" <= "); return;
    case BinOp::gt: w.lit(" > "); return;
    case BinOp::lt: w.lit(" < "); return;
  }
}

void ops(Writer& w, const Ast& ast, const Node& n) {
  for (std::uint32_t o = 0; o < n.op_count; ++o) {
    const Op& op = ast.ops[n.first_op + o];
    for (std::uint32_t k = 0; k < op.sel_count; ++k) {
      const Selector& s = ast.sels[op.first_sel + k];
      if (s.bang)
        w.put('!');
      else
        op_name(w, op.kind);
      switch (s.kind) {
        case SelKind::max_face: continue;
        case SelKind::highest: w.put('h'); break;
        case SelKind::lowest: w.put('l'); break;
        case SelKind::greater: w.put('>'); break;
        case SelKind::less: w.put('<'); break;
        case SelKind::value: break;
      }
      w.num(s.value);
    }
  }
}

void annotations(Writer& w, const Ast& ast, const Node& n) {
  for (std::uint32_t i = 0; i < n.ann_count; ++i) {
    w.lit(" [");
    w.put(ast.annotations[n.first_ann + i]);
    w.put(']');
  }
}

void dice_head(Writer& w, const Node& n) {
  w.num(n.count);
  w.put('d');
  if (n.percent)
    w.put('%');
  else
    w.num(n.sides);
}

void node(Writer& w, const Ast& ast, int id) {
  const Node& n = ast.node(id);
  switch (n.kind) {
    case Kind::literal: w.num(n.value); break;
    case Kind::dice:
      dice_head(w, n);
      ops(w, ast, n);
      break;
    case Kind::paren:
    case Kind::set:
      w.put('(');
      for (std::uint32_t i = 0; i < n.child_count; ++i) {
        if (i) w.lit(", ");
        node(w, ast, ast.children[n.first_child + i]);
      }
      if (n.trailing_comma) w.put(',');
      w.put(')');
      ops(w, ast, n);
      break;
    case Kind::unary:
      w.put(n.negate ? '-' : '+');
      node(w, ast, n.a);
      break;
    case Kind::binary:
      node(w, ast, n.a);
      bin_name(w, n.bop);
      node(w, ast, n.b);
      break;
  }
  if (n.ann_count) annotations(w, ast, n);
}

// The rolled result into w and, in the same walk, the expression's normal form (what node() writes) into x: x gets
// everything but the dice lists, the strike marks and the total.
void result(Writer& w, Writer& x, const Ast& ast, const RollTree& tree, int id, bool in_dropped) {
  const Node& n = ast.node(id);
  const NodeResult& r = tree.nodes[static_cast<std::size_t>(id)];
  switch (n.kind) {
    case Kind::literal: {
      const std::size_t at = x.size();
      x.num(n.value);
      w.copy(x, at);
      break;
    }
    case Kind::dice: {
      const std::size_t at = x.size();
      dice_head(x, n);
      ops(x, ast, n);
      w.copy(x, at);
      // One capacity check for the whole list: " (" + per die at most ", ~~" + 11 (an int) + "!~~" + ")".
      w.reserve(3 + static_cast<std::size_t>(r.dice_end - r.dice_begin) * 18);
      w.lit_raw(" (");
      for (auto i = r.dice_begin; i < r.dice_end; ++i) {
        const Die& d = tree.dice[i];
        if (i != r.dice_begin) w.lit_raw(", ");
        bool struck = !d.kept && !in_dropped;  // inside a struck element the marks would nest
        if (struck) w.lit_raw("~~");
        w.num_raw(d.value);
        if (d.exploded) w.put_raw('!');
        if (struck) w.lit_raw("~~");
      }
      w.put_raw(')');
      break;
    }
    case Kind::paren:
    case Kind::set:
      w.put('(');
      x.put('(');
      for (std::uint32_t i = 0; i < n.child_count; ++i) {
        int c = ast.children[n.first_child + i];
        if (i) {
          w.lit(", ");
          x.lit(", ");
        }
        bool dropped = !tree.nodes[static_cast<std::size_t>(c)].kept && n.kind == Kind::set && !in_dropped;
        if (dropped) w.lit("~~");
        result(w, x, ast, tree, c, in_dropped || dropped);
        if (dropped) w.lit("~~");
      }
      if (n.trailing_comma) {
        w.put(',');
        x.put(',');
      }
      w.put(')');
      x.put(')');
      if (n.op_count) {
        const std::size_t at = x.size();
        ops(x, ast, n);
        w.copy(x, at);
      }
      break;
    case Kind::unary:
      w.put(n.negate ? '-' : '+');
      x.put(n.negate ? '-' : '+');
      result(w, x, ast, tree, n.a, in_dropped);
      break;
    case Kind::binary:
      result(w, x, ast, tree, n.a, in_dropped);
      bin_name(w, n.bop);
      bin_name(x, n.bop);
      result(w, x, ast, tree, n.b, in_dropped);
      break;
  }
  if (n.ann_count) {
    annotations(w, ast, n);
    annotations(x, ast, n);
  }
}

}  // namespace

void format_roll(std::string& text, std::string& expr, const Ast& ast, const RollTree& tree, std::int64_t total) {
  Writer w(text_buffer(), ast.source.size() * 2 + tree.dice.size() * 4 + 32);
  Writer x(expr_buffer(), ast.source.size() * 2 + 32);
  result(w, x, ast, tree, ast.root, false);
  w.lit(" = ");
  w.num(total);
  w.done(text);
  x.done(expr);
}

}  // namespace druzina::dice

namespace druzina::dice::ast {

std::string to_string(const Ast& ast) {
  Writer w(expr_buffer(), ast.source.size() * 2 + 32);
  node(w, ast, ast.root);
  std::string out;
  w.done(out);
  return out;
}

}  // namespace druzina::dice::ast
