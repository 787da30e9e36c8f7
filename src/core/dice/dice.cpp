// The dice engine's public entry points (dice.hpp): parse → roll → format, stats, advantage helpers, and the
// compiled Expression. The stages themselves live in grammar.cpp, roller.cpp, format.cpp and stats.cpp.
#include "core/dice/dice.hpp"

#include "core/dice/ast.hpp"
#include "core/dice/result.hpp"
#include "core/json_obj.hpp"

namespace druzina::dice {

nlohmann::json Roll::to_json() const {
  nlohmann::json dice_json = nlohmann::json::array();
  for (const Die& d : dice)
    dice_json.push_back(jobj{"sides", d.sides,
                         "value", d.value,
                         "kept", d.kept,
                         "rerolled", d.rerolled,
                         "exploded", d.exploded,
                         "added", d.added});
  nlohmann::json j = jobj{"expr", expr, "total", static_cast<long long>(total), "dice", std::move(dice_json),
                      "text", text, "nat20", nat20,                          "nat1", nat1};
  if (!comment.empty()) j["comment"] = comment;
  return j;
}

namespace {

// The dice of a subtree are contiguous in RollTree::dice (the roller appends depth-first).
void dice_span(const ast::Ast& ast, const RollTree& tree, int id, std::uint32_t& lo, std::uint32_t& hi) {
  const ast::Node& n = ast.node(id);
  switch (n.kind) {
    case ast::Kind::dice: {
      const NodeResult& r = tree.nodes[static_cast<size_t>(id)];
      if (r.dice_begin < lo) lo = r.dice_begin;
      if (r.dice_end > hi) hi = r.dice_end;
      return;
    }
    case ast::Kind::set:
    case ast::Kind::paren:
      for (std::uint32_t i = 0; i < n.child_count; ++i) dice_span(ast, tree, ast.children[n.first_child + i], lo, hi);
      return;
    case ast::Kind::unary: dice_span(ast, tree, n.a, lo, hi); return;
    case ast::Kind::binary:
      dice_span(ast, tree, n.a, lo, hi);
      dice_span(ast, tree, n.b, lo, hi);
      return;
    case ast::Kind::literal: return;
  }
}

}  // namespace

void make_roll(const ast::Ast& ast, const RollTree& tree, std::int64_t total, Roll& r) {
  r.comment = ast.comment;  // assignments: the strings and the vector reuse what r had
  r.total = static_cast<double>(total);
  format_roll(r.text, r.expr, ast, tree, total);
  r.dice = tree.dice;
  r.nat20 = r.nat1 = false;
  // A dropped set element drops its dice too (the formatter already struck the element as a whole).
  for (size_t id = 0; id < ast.nodes.size(); ++id) {
    const ast::Node& n = ast.nodes[id];
    if (n.kind != ast::Kind::set || n.op_count == 0) continue;
    for (std::uint32_t i = 0; i < n.child_count; ++i) {
      int c = ast.children[n.first_child + i];
      if (tree.nodes[static_cast<size_t>(c)].kept) continue;
      std::uint32_t lo = UINT32_MAX, hi = 0;
      dice_span(ast, tree, c, lo, hi);
      for (std::uint32_t k = lo; k < hi; ++k) r.dice[k].kept = false;
    }
  }
  for (const Die& d : r.dice) {
    if (d.sides != 20 || !d.kept) continue;
    r.nat20 = r.nat20 || d.value == 20;
    r.nat1 = r.nat1 || d.value == 1;
  }
}

void roll(std::string_view expression, Rng& rng, Roll& into) {
  if (roll_plain(expression, rng, into)) return;  // the common shape, in one pass (plain.cpp); else:
  thread_local ast::Ast ast;   // parsed anew every time, into buffers reused from roll to roll
  thread_local RollTree tree;
  ast::parse_into(expression, ast);
  tree.nodes.clear();
  std::int64_t total = roll_tree(ast, rng, tree);
  make_roll(ast, tree, total, into);  // errors come from parsing and rolling: into is untouched until here
}

Roll roll(std::string_view expression, Rng& rng) {
  Roll r;
  roll(expression, rng, r);
  return r;
}

Stats stats(std::string_view expression) { return compute_stats(ast::parse(expression)); }

void validate(std::string_view expression) { (void)ast::parse(expression); }

static std::string advantage(std::string_view expression, const char* keep) {
  ast::Ast ast = ast::parse(expression);
  for (const ast::Node& n : ast.nodes) {  // nodes are created left to right, so the first match is the first d20
    if (n.kind != ast::Kind::dice || n.count != 1 || n.sides != 20 || n.percent) continue;
    bool selects = false;
    for (std::uint32_t o = 0; o < n.op_count; ++o) {
      auto k = ast.ops[n.first_op + o].kind;
      selects = selects || k == ast::OpKind::keep || k == ast::OpKind::drop;
    }
    if (selects) continue;
    // "1d20" / "d20" / "1k20" / "к20": the count goes, "2" comes; the die's letter stays as written (d, D, k, K
    // or the Cyrillic к, К, which is not found by looking for a "d").
    size_t d = n.begin;
    while (d < n.end && expression[d] >= '0' && expression[d] <= '9') ++d;
    std::string out;
    out.reserve(expression.size() + 4);
    out.append(expression.substr(0, n.begin)).append("2");
    out.append(expression.substr(d, n.end - d)).append(keep).append(expression.substr(n.end));
    return out;
  }
  return std::string(expression);
}

std::string with_advantage(std::string_view expression) { return advantage(expression, "kh1"); }
std::string with_disadvantage(std::string_view expression) { return advantage(expression, "kl1"); }

// [SECTION] Expression ------------------------------------------------------------------------------------------------

struct Expression::Impl {
  ast::Ast ast;
  std::string text;
  mutable RollTree tree;
};

Expression::Expression(std::string_view text) : impl_(std::make_unique<Impl>()) {
  impl_->ast = ast::parse(text);
  impl_->text = ast::to_string(impl_->ast);
}
Expression::Expression(Expression&&) noexcept = default;
Expression& Expression::operator=(Expression&&) noexcept = default;
Expression::~Expression() = default;

Roll Expression::roll(Rng& rng) const {
  std::int64_t total = roll_tree(impl_->ast, rng, impl_->tree);
  Roll r;
  make_roll(impl_->ast, impl_->tree, total, r);
  return r;
}

long long Expression::roll_total(Rng& rng) const { return roll_tree(impl_->ast, rng, impl_->tree); }

Stats Expression::stats() const { return compute_stats(impl_->ast); }
const std::string& Expression::text() const { return impl_->text; }
const std::string& Expression::comment() const { return impl_->ast.comment; }

}  // namespace druzina::dice
