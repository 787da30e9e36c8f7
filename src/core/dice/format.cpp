// Stage 4 of the dice engine: printing. Two forms, both from the AST:
//   to_string      the expression in a normal form: "4d6kh3 + 2", "(1d4 + 1, 3)kh1", "1d6 [fire]"
//   append_result  the rolled result: "4d6kh3 (6, 5, ~~1~~, 3) + 2" — dropped and rerolled dice struck with ~~ ~~,
//                  a die that exploded marked "6!", a dropped set element struck as a whole.
#include <charconv>

#include "core/dice/ast.hpp"
#include "core/dice/result.hpp"

namespace druzina::dice::ast {

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, res.ptr);
}

namespace {

const char* op_name(OpKind k) {
  switch (k) {
    case OpKind::keep: return "k";
    case OpKind::drop: return "p";
    case OpKind::reroll: return "rr";
    case OpKind::reroll_once: return "ro";
    case OpKind::reroll_add: return "ra";
    case OpKind::explode: return "e";
    case OpKind::minimum: return "mi";
    case OpKind::maximum: return "ma";
  }
  return "?";
}

const char* bin_name(BinOp op) {
  switch (op) {
    case BinOp::add: return " + ";
    case BinOp::sub: return " - ";
    case BinOp::mul: return " * ";
    case BinOp::div: return " / ";
    case BinOp::floordiv: return " // ";
    case BinOp::mod: return " % ";
    case BinOp::eq: return " == ";
    case BinOp::ne: return " != ";
    case BinOp::ge: return " >= ";
    case BinOp::le: return " <= ";
    case BinOp::gt: return " > ";
    case BinOp::lt: return " < ";
  }
  return " ? ";
}

}  // namespace

void append_ops(std::string& out, const Ast& ast, const Node& n) {
  for (std::uint32_t o = 0; o < n.op_count; ++o) {
    const Op& op = ast.ops[n.first_op + o];
    for (std::uint32_t k = 0; k < op.sel_count; ++k) {
      const Selector& s = ast.sels[op.first_sel + k];
      out += s.bang ? "!" : op_name(op.kind);
      switch (s.kind) {
        case SelKind::max_face: continue;
        case SelKind::highest: out += 'h'; break;
        case SelKind::lowest: out += 'l'; break;
        case SelKind::greater: out += '>'; break;
        case SelKind::less: out += '<'; break;
        case SelKind::value: break;
      }
      append_int(out, s.value);
    }
  }
}

static void append_annotations(std::string& out, const Ast& ast, const Node& n) {
  for (std::uint32_t i = 0; i < n.ann_count; ++i) {
    out += " [";
    out += ast.annotations[n.first_ann + i];
    out += ']';
  }
}

static void append_dice_head(std::string& out, const Node& n) {
  append_int(out, n.count);
  out += 'd';
  if (n.percent)
    out += '%';
  else
    append_int(out, n.sides);
}

void append_node(std::string& out, const Ast& ast, int id) {
  const Node& n = ast.node(id);
  switch (n.kind) {
    case Kind::literal: append_int(out, n.value); break;
    case Kind::dice:
      append_dice_head(out, n);
      append_ops(out, ast, n);
      break;
    case Kind::paren:
    case Kind::set:
      out += '(';
      for (std::uint32_t i = 0; i < n.child_count; ++i) {
        if (i) out += ", ";
        append_node(out, ast, ast.children[n.first_child + i]);
      }
      if (n.trailing_comma) out += ',';
      out += ')';
      append_ops(out, ast, n);
      break;
    case Kind::unary:
      out += n.negate ? '-' : '+';
      append_node(out, ast, n.a);
      break;
    case Kind::binary:
      append_node(out, ast, n.a);
      out += bin_name(n.bop);
      append_node(out, ast, n.b);
      break;
  }
  append_annotations(out, ast, n);
}

std::string to_string(const Ast& ast) {
  std::string out;
  out.reserve(ast.source.size() + 8);
  append_node(out, ast, ast.root);
  return out;
}

}  // namespace druzina::dice::ast

namespace druzina::dice {

using namespace ast;

void append_result(std::string& out, const Ast& ast, const RollTree& tree, int id, bool in_dropped) {
  const Node& n = ast.node(id);
  const NodeResult& r = tree.nodes[static_cast<size_t>(id)];
  switch (n.kind) {
    case Kind::literal: append_int(out, n.value); break;
    case Kind::dice:
      append_dice_head(out, n);
      append_ops(out, ast, n);
      out += " (";
      for (auto i = r.dice_begin; i < r.dice_end; ++i) {
        const Die& d = tree.dice[i];
        if (i != r.dice_begin) out += ", ";
        bool struck = !d.kept && !in_dropped;
        if (struck) out += "~~";
        append_int(out, d.value);
        if (d.exploded) out += '!';
        if (struck) out += "~~";
      }
      out += ')';
      break;
    case Kind::paren:
    case Kind::set:
      out += '(';
      for (std::uint32_t i = 0; i < n.child_count; ++i) {
        int c = ast.children[n.first_child + i];
        if (i) out += ", ";
        bool dropped = !tree.nodes[static_cast<size_t>(c)].kept && n.kind == Kind::set && !in_dropped;
        if (dropped) out += "~~";
        append_result(out, ast, tree, c, in_dropped || dropped);
        if (dropped) out += "~~";
      }
      if (n.trailing_comma) out += ',';
      out += ')';
      append_ops(out, ast, n);
      break;
    case Kind::unary:
      out += n.negate ? '-' : '+';
      append_result(out, ast, tree, n.a, in_dropped);
      break;
    case Kind::binary:
      append_result(out, ast, tree, n.a, in_dropped);
      out += bin_name(n.bop);
      append_result(out, ast, tree, n.b, in_dropped);
      break;
  }
  append_annotations(out, ast, n);
}

}  // namespace druzina::dice
