// Stage 1 → 2 of the dice engine: what was typed, as a flat tree (grammar.cpp builds it, everything else reads it).
// Nodes live in one vector and refer to each other by index, so a parsed expression is a handful of allocations
// and can be rolled any number of times (see dice::Expression).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace druzina::dice::ast {

enum class Kind : std::uint8_t {
  literal,  // 12
  dice,     // 4d6 (+ operators)
  set,      // (1d4 + 1, 3, 2d6) (+ k/p operators); also "(expr)kh1", a one-element set
  paren,    // (expr)
  unary,    // -x, +x
  binary,   // x + y, x >= y, ...
};

enum class BinOp : std::uint8_t { add, sub, mul, div, floordiv, mod, eq, ne, ge, le, gt, lt };

enum class OpKind : std::uint8_t {
  keep,         // k
  drop,         // p
  reroll,       // rr: reroll until no longer matching
  reroll_once,  // ro
  reroll_add,   // ra: reroll one matching die once and add it
  explode,      // e, !
  minimum,      // mi
  maximum,      // ma
};

enum class SelKind : std::uint8_t {
  value,    // X   (faces equal to X)
  highest,  // hX  (the X highest)
  lowest,   // lX  (the X lowest)
  greater,  // >X
  less,     // <X
  max_face, // "!" alone: the die's highest face
};

struct Selector {
  SelKind kind = SelKind::value;
  bool bang = false;        // written with '!' (explode only), for printing
  std::int64_t value = 0;
  bool by_value() const { return kind != SelKind::highest && kind != SelKind::lowest; }
  bool matches(std::int64_t v, int sides) const {
    switch (kind) {
      case SelKind::value: return v == value;
      case SelKind::greater: return v > value;
      case SelKind::less: return v < value;
      case SelKind::max_face: return v == sides;
      default: return false;
    }
  }
};

// One operator with all its selectors: consecutive operators of the same kind merge ("8d6k1k2" keeps 1s and 2s).
struct Op {
  OpKind kind = OpKind::keep;
  std::uint32_t first_sel = 0;
  std::uint32_t sel_count = 0;
};

struct Node {
  Kind kind = Kind::literal;
  BinOp bop = BinOp::add;
  bool negate = false;         // unary: '-' (else '+')
  bool percent = false;        // dice: written d%
  bool trailing_comma = false; // set: "(x,)"
  std::int64_t value = 0;      // literal
  int count = 0, sides = 0;    // dice
  int a = -1, b = -1;          // unary: a; binary: a, b
  std::uint32_t first_child = 0, child_count = 0;  // set / paren: into Ast::children
  std::uint32_t first_op = 0, op_count = 0;        // dice / set: into Ast::ops
  std::uint32_t first_ann = 0, ann_count = 0;      // into Ast::annotations
  std::uint32_t begin = 0, end = 0;                // byte span in Ast::source (annotations excluded)
};

struct Ast {
  std::string source;  // the input as given (columns and spans refer to it)
  std::vector<Node> nodes;
  std::vector<int> children;
  std::vector<Op> ops;
  std::vector<Selector> sels;
  std::vector<std::string> annotations;  // "[fire]" stored as "fire"
  int root = -1;
  std::string comment;  // trailing text after the expression
  int dice_upper = 0;   // dice rolled before any reroll/explosion (sum of counts), for quick budgeting

  const Node& node(int i) const { return nodes[static_cast<size_t>(i)]; }
};

// grammar.cpp: text → AST. Throws UserError (dice.err.*) on any syntax error or limit.
Ast parse(std::string_view text);
void parse_into(std::string_view text, Ast& out);  // the same, reusing out's buffers (cleared first)

// The expression part re-printed in a normal form: "4d6kh3 + 2", "(1d4 + 1, 3)kh1", "1d6 [fire]".
std::string to_string(const Ast& ast);  // format.cpp

}  // namespace druzina::dice::ast
