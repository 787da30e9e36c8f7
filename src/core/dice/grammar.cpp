// Stage 1 of the dice engine: text → AST (ast.hpp), by recursive descent.
//
//   roll        := expr [WS comment]
//   expr        := additive (("==" | "!=" | ">=" | "<=" | ">" | "<") additive)*
//   additive    := multiplicative (("+" | "-") multiplicative)*
//   multiplicative := unary (("*" | "/" | "//" | "%") unary)*
//   unary       := ("-" | "+") unary | term
//   term        := atom op* annotation*
//   atom        := INT | [INT] DIE (INT | "%") | "(" ")" | "(" expr ")" | "(" expr "," [expr ("," expr)*] [","] ")"
//   DIE         := "d" | "D" | "к" | "К" | ("k" | "K") before a digit or "%"   (cs writes 2k6, uk 2к6)
//   op          := ("k" | "p" | "rr" | "ro" | "ra" | "e" | "mi" | "ma") selector | "!" [selector]
//   selector    := ["h" | "l" | ">" | "<"] INT
//   annotation  := "[" any text but "]" "]"
//
// Whitespace may separate tokens, except inside a dice term ("4d6kh3" is one word). When the expression is complete
// and whitespace is followed by something that cannot continue it, the rest is a comment ("1d20+5 attack on goblin");
// a comment may not start with "=", "!", ")" or ",", which are taken as mistyped operators instead.
// Every error is a UserError: dice.err.expected_<what>[_end] with {column (1-based, in characters), mark (the typed
// text around the spot, marked with ‸), found, expected},
// or a limit (dice.err.too_long, too_deep, dice_count, sides, number_too_large, set_operator, selector_number).
//
// Index:
//   [SECTION] The parser: entry point and state
//   [SECTION] Scanning: whitespace, die letters, error messages
//   [SECTION] Nodes
//   [SECTION] Expressions: comparison, +/−, ×/÷, unary
//   [SECTION] Terms: numbers, dice, sets, operators
//   [SECTION] parse()
#include <algorithm>
#include <vector>

#include "core/dice/ast.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::dice::ast {

namespace {

constexpr std::int64_t kMaxSelector = 1'000'000'000;  // keeps mi/ma results inside a Die's int

size_t utf8_length(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0u) != 0x80u;
  return n;
}

// [SECTION] The parser: entry point and state -------------------------------------------------------------------------
class Parser {
 public:
  Parser(std::string_view text, Ast& out) : s_(text), ast_(out) {}

  void run() {
    ast_.source.assign(s_);
    ast_.nodes.clear();
    ast_.children.clear();
    ast_.ops.clear();
    ast_.sels.clear();
    ast_.annotations.clear();
    ast_.comment.clear();
    ast_.root = -1;
    ast_.dice_upper = 0;
    items_.clear();  // (a parse that threw may have left some)
    if (s_.size() > kMaxLength && utf8_length(s_) > kMaxLength)  // characters ≤ bytes: count only when it can matter
      throw UserError("dice.err.too_long", jobj{"length", utf8_length(s_), "max", kMaxLength});
    skip_ws();
    if (at_end()) throw UserError("dice.err.empty");
    ast_.nodes.reserve(8);
    ast_.root = expr();
    // Here the expression is complete: anything after whitespace is a comment, anything else an error.
    if (!at_end()) {
      // A comment never starts with what looks like a broken operator ("1d20 = 3", "1d20 )").
      char c = peek();
      bool opish = c == '=' || c == '!' || c == ')' || c == ',';
      if (pos_ > 0 && is_ws(s_[pos_ - 1]) && !opish) {
        size_t end = s_.size();
        while (end > pos_ && is_ws(s_[end - 1])) --end;
        ast_.comment = std::string(s_.substr(pos_, end - pos_));
      } else {
        fail("operator");
      }
    }
  }

 private:
  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0;
  Ast& ast_;
  std::vector<int>& items_ = group_items();  // group(): the elements of the groups being parsed, innermost last

  // [SECTION] Scanning: whitespace, die letters, error messages -------------------------------------------------------
  // One per thread, kept from parse to parse (cleared by run()): a set or parentheses allocate nothing.
  static std::vector<int>& group_items() {
    thread_local std::vector<int> items;
    return items;
  }

  static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
  bool at_end() const { return pos_ >= s_.size(); }
  char peek(size_t ahead = 0) const { return pos_ + ahead < s_.size() ? s_[pos_ + ahead] : '\0'; }
  char lower(size_t ahead = 0) const {
    char c = peek(ahead);
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  // The length in bytes of the die letter at the current position, 0 if there is none. A Latin k is a die only
  // where keep cannot stand (at the start of a term or right after its count) and a number or % follows.
  size_t die_letter() const {
    char c = lower();
    if (c == 'd') return 1;
    if (c == 'k' && (is_digit(peek(1)) || peek(1) == '%')) return 1;
    if (peek() == '\xD0' && (peek(1) == '\xBA' || peek(1) == '\x9A')) return 2;  // к К
    return 0;
  }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  void skip_ws() {
    while (!at_end() && is_ws(s_[pos_])) ++pos_;
  }

  int column(size_t at) const { return static_cast<int>(utf8_length(s_.substr(0, at))) + 1; }
  // Where an error is, for the message: the typed text around it with ‸ at the spot ("1d20 + ‸x"), at most
  // 24 bytes before and 8 after, cut at whole characters.
  std::string mark(size_t at) const {
    auto starts_char = [&](size_t i) {
      return i >= s_.size() || (static_cast<unsigned char>(s_[i]) & 0xC0u) != 0x80u;
    };
    at = std::min(at, s_.size());
    size_t from = at > 24 ? at - 24 : 0, to = std::min(s_.size(), at + 8);
    while (from > 0 && !starts_char(from)) --from;  // (a fuzzed text need not be UTF-8)
    while (!starts_char(to)) ++to;
    std::string m = from > 0 ? "\xE2\x80\xA6" : "";  // …
    m.append(s_.substr(from, at - from)).append("\xE2\x80\xB8").append(s_.substr(at, to - at));  // ‸
    if (to < s_.size()) m += "\xE2\x80\xA6";
    return m;
  }

  std::string found_at(size_t at) const {
    if (at >= s_.size()) return {};
    size_t len = 1;
    auto c = static_cast<unsigned char>(s_[at]);
    if (c >= 0xF0) len = 4;
    else if (c >= 0xE0) len = 3;
    else if (c >= 0xC0) len = 2;
    return std::string(s_.substr(at, len));
  }

  // Syntax error at the current position: "expected <what>, found <found>" (or "... the expression ends").
  // Errors are built out of line (cold): the hot parsing functions then keep small frames.
  [[noreturn, gnu::cold, gnu::noinline]] void fail(const char* what) const { fail_at(what, pos_); }
  [[noreturn, gnu::cold, gnu::noinline]] void fail_at(const char* what, size_t at) const {
    std::string key = std::string("dice.err.expected_") + what;
    if (at >= s_.size()) key += "_end";
    throw UserError(key, jobj{"column", column(at), "mark", mark(at), "found", found_at(at), "expected", what});
  }
  [[noreturn, gnu::cold, gnu::noinline]] void too_large(size_t at) const {
    throw UserError("dice.err.number_too_large", jobj{"column", column(at), "mark", mark(at)});
  }
  [[noreturn, gnu::cold, gnu::noinline]] void too_many_dice(size_t at, std::int64_t count) const {
    throw UserError("dice.err.dice_count",
                    jobj{"column", column(at), "mark", mark(at), "count", count, "max", kMaxDice});
  }
  [[noreturn, gnu::cold, gnu::noinline]] void bad_sides(size_t at, std::int64_t sides) const {
    throw UserError("dice.err.sides", jobj{"column", column(at), "mark", mark(at), "sides", sides, "max", kMaxSides});
  }
  [[noreturn, gnu::cold, gnu::noinline]] void too_deep(size_t at) const {
    throw UserError("dice.err.too_deep", jobj{"column", column(at), "mark", mark(at), "max", kMaxDepth});
  }
  // An operator that cannot stand here: column at `at`, the operator's name is the text at op_at, op_len bytes.
  [[noreturn, gnu::cold, gnu::noinline]] void op_error(const char* key, size_t at, size_t op_at, size_t op_len) const {
    throw UserError(key, jobj{"column", column(at), "mark", mark(at), "op", std::string(s_.substr(op_at, op_len))});
  }

  // [SECTION] Nodes ---------------------------------------------------------------------------------------------------
  int add(Node n) {
    ast_.nodes.push_back(n);
    return static_cast<int>(ast_.nodes.size()) - 1;
  }

  std::int64_t integer() {
    size_t start = pos_;
    std::int64_t v = 0;
    while (is_digit(peek())) {
      int d = peek() - '0';
      if (v * 10 + d > kMaxValue) too_large(start);  // v ≤ kMaxValue: no overflow; same as v > (kMaxValue - d) / 10
      v = v * 10 + d;
      ++pos_;
    }
    return v;
  }

  // A new node built in place at the end of ast_.nodes (no 64-byte temporary); returns it and its id in id.
  Node& emplace(int& id) {
    id = static_cast<int>(ast_.nodes.size());
    return ast_.nodes.emplace_back();
  }

  int binary(BinOp op, int a, int b) {
    const std::uint32_t begin = ast_.nodes[static_cast<size_t>(a)].begin;  // read before the vector may grow
    const std::uint32_t end = ast_.nodes[static_cast<size_t>(b)].end;
    int id;
    Node& n = emplace(id);
    n.kind = Kind::binary;
    n.bop = op;
    n.a = a;
    n.b = b;
    n.begin = begin;
    n.end = end;
    return id;
  }

  // [SECTION] Expressions: comparison, +/−, ×/÷, unary ----------------------------------------------------------------
  int expr() {
    int left = additive();
    for (;;) {
      skip_ws();
      BinOp op;
      char c = peek(), d = peek(1);
      if (c == '=' && d == '=') op = BinOp::eq;
      else if (c == '!' && d == '=') op = BinOp::ne;
      else if (c == '>' && d == '=') op = BinOp::ge;
      else if (c == '<' && d == '=') op = BinOp::le;
      else if (c == '>') op = BinOp::gt;
      else if (c == '<') op = BinOp::lt;
      else return left;
      pos_ += (op == BinOp::gt || op == BinOp::lt) ? 1 : 2;
      left = binary(op, left, additive());
    }
  }

  int additive() {
    int left = multiplicative();
    for (;;) {
      skip_ws();
      char c = peek();
      if (c != '+' && c != '-') return left;
      ++pos_;
      left = binary(c == '+' ? BinOp::add : BinOp::sub, left, multiplicative());
    }
  }

  int multiplicative() {
    int left = unary();
    for (;;) {
      skip_ws();
      char c = peek();
      BinOp op;
      if (c == '*') op = BinOp::mul;
      else if (c == '/' && peek(1) == '/') op = BinOp::floordiv;
      else if (c == '/') op = BinOp::div;
      else if (c == '%') op = BinOp::mod;
      else return left;
      pos_ += op == BinOp::floordiv ? 2 : 1;
      left = binary(op, left, unary());
    }
  }

  int unary() {
    skip_ws();
    char c = peek();
    if (c == '-' || c == '+') {
      size_t start = pos_++;
      int child = unary();
      Node n;
      n.kind = Kind::unary;
      n.negate = c == '-';
      n.a = child;
      n.begin = static_cast<std::uint32_t>(start);
      n.end = ast_.nodes[static_cast<size_t>(child)].end;
      return add(n);
    }
    return term();
  }

  // [SECTION] Terms: numbers, dice, sets, operators -------------------------------------------------------------------
  int term() {
    skip_ws();
    size_t start = pos_;
    char c = lower();
    int id;
    if (c == '(') {
      id = group();
    } else if (is_digit(c) || die_letter() > 0) {
      id = number_or_dice();
    } else {
      fail("operand");
    }
    ops(id);
    // Annotations: "[fire]", whitespace allowed before each.
    for (;;) {
      size_t save = pos_;
      skip_ws();
      if (peek() != '[') {
        pos_ = save;
        break;
      }
      ++pos_;
      size_t close = s_.find(']', pos_);
      if (close == std::string_view::npos) {
        pos_ = s_.size();
        fail("bracket");
      }
      Node& n = ast_.nodes[static_cast<size_t>(id)];
      if (n.ann_count == 0) n.first_ann = static_cast<std::uint32_t>(ast_.annotations.size());
      ast_.annotations.emplace_back(s_.substr(pos_, close - pos_));
      // Annotations of one node are contiguous: nothing else is parsed between them.
      ++n.ann_count;
      pos_ = close + 1;
    }
    ast_.nodes[static_cast<size_t>(id)].begin = static_cast<std::uint32_t>(start);
    return id;
  }

  int number_or_dice() {
    size_t start = pos_;
    bool has_count = is_digit(peek());
    std::int64_t count = has_count ? integer() : 1;
    size_t letter = die_letter();
    int id;
    if (letter == 0) {
      Node& n = emplace(id);
      n.kind = Kind::literal;
      n.value = count;
      n.begin = static_cast<std::uint32_t>(start);
      n.end = static_cast<std::uint32_t>(pos_);
      return id;
    }
    if (count > kMaxDice) too_many_dice(start, count);
    pos_ += letter;  // d, k or к
    bool percent = false;
    std::int64_t sides = 100;
    if (peek() == '%') {
      ++pos_;
      percent = true;
    } else {
      if (!is_digit(peek())) fail("sides");
      size_t sides_at = pos_;
      sides = integer();
      if (sides < 1 || sides > kMaxSides) bad_sides(sides_at, sides);
    }
    Node& n = emplace(id);  // after every check: a refused term adds no node
    n.kind = Kind::dice;
    n.count = static_cast<int>(count);
    n.percent = percent;
    n.sides = static_cast<int>(sides);
    n.begin = static_cast<std::uint32_t>(start);
    n.end = static_cast<std::uint32_t>(pos_);
    ast_.dice_upper += n.count;
    return id;
  }

  int group() {
    size_t start = pos_;
    if (++depth_ > kMaxDepth) too_deep(start);
    ++pos_;  // (
    // The elements' ids on a stack shared by nested groups (each takes back what it pushed): no vector per group.
    const size_t first = items_.size();
    bool comma = false;
    skip_ws();
    if (peek() != ')') {
      for (;;) {
        const int item = expr();
        items_.push_back(item);
        skip_ws();
        if (peek() == ',') {
          ++pos_;
          comma = true;
          skip_ws();
          if (peek() == ')') break;
          continue;
        }
        if (peek() == ')') break;
        fail("close");
      }
    }
    ++pos_;  // )
    --depth_;
    const size_t count = items_.size() - first;
    Node n;
    n.kind = (count == 1 && !comma) ? Kind::paren : Kind::set;
    n.trailing_comma = comma && count == 1;
    n.first_child = static_cast<std::uint32_t>(ast_.children.size());
    n.child_count = static_cast<std::uint32_t>(count);
    ast_.children.insert(ast_.children.end(), items_.begin() + static_cast<std::ptrdiff_t>(first), items_.end());
    items_.resize(first);
    n.begin = static_cast<std::uint32_t>(start);
    n.end = static_cast<std::uint32_t>(pos_);
    return add(n);
  }

  // Operators right after a dice or set term: "kh3", "rr1", "!", "mi2" …  Consecutive ones of one kind merge.
  void ops(int id) {
    for (;;) {
      size_t at = pos_;
      char c = lower();
      if (c != 'r' && c != 'm' && c != 'k' && c != 'p' && c != 'e' && c != '!') return;  // no operator (most terms)
      char d = lower(1);
      OpKind kind;
      size_t len = 1;
      bool bang = false;
      if (c == 'r' && d == 'r') kind = OpKind::reroll, len = 2;
      else if (c == 'r' && d == 'o') kind = OpKind::reroll_once, len = 2;
      else if (c == 'r' && d == 'a') kind = OpKind::reroll_add, len = 2;
      else if (c == 'm' && d == 'i') kind = OpKind::minimum, len = 2;
      else if (c == 'm' && d == 'a') kind = OpKind::maximum, len = 2;
      else if (c == 'k') kind = OpKind::keep;
      else if (c == 'p') kind = OpKind::drop;
      else if (c == 'e') kind = OpKind::explode;
      else if (c == '!' && d != '=') kind = OpKind::explode, bang = true;
      else return;
      Node& n = ast_.nodes[static_cast<size_t>(id)];
      if (n.kind == Kind::literal) fail_at("operator", at);
      if (n.kind != Kind::dice && kind != OpKind::keep && kind != OpKind::drop)
        op_error("dice.err.set_operator", at, at, len);
      if (n.kind == Kind::paren) n.kind = Kind::set;  // "(1d20 + 5)kh1": a set of one
      pos_ += len;

      Selector sel;
      sel.bang = bang;
      char t = lower();
      if (bang && !is_digit(t) && t != 'h' && t != 'l' && t != '>' && t != '<') {
        sel.kind = SelKind::max_face;
      } else {
        size_t sel_at = pos_;
        if (t == 'h') sel.kind = SelKind::highest, ++pos_;
        else if (t == 'l') sel.kind = SelKind::lowest, ++pos_;
        else if (t == '>') sel.kind = SelKind::greater, ++pos_;
        else if (t == '<') sel.kind = SelKind::less, ++pos_;
        else if (!is_digit(t)) fail("selector");
        if (!is_digit(peek())) fail("number");
        if (sel.kind != SelKind::value && (kind == OpKind::minimum || kind == OpKind::maximum))
          op_error("dice.err.selector_number", sel_at, at, len);
        size_t num_at = pos_;
        sel.value = integer();
        if (sel.value > kMaxSelector) too_large(num_at);
      }
      if (n.op_count > 0 && ast_.ops.back().kind == kind) {
        ++ast_.ops.back().sel_count;
      } else {
        if (n.op_count == 0) n.first_op = static_cast<std::uint32_t>(ast_.ops.size());
        Op op;
        op.kind = kind;
        op.first_sel = static_cast<std::uint32_t>(ast_.sels.size());
        op.sel_count = 1;
        ast_.ops.push_back(op);
        ++n.op_count;
      }
      ast_.sels.push_back(sel);
      n.end = static_cast<std::uint32_t>(pos_);
    }
  }
};

}  // namespace

void parse_into(std::string_view text, Ast& out) { Parser(text, out).run(); }

// [SECTION] parse() ---------------------------------------------------------------------------------------------------
Ast parse(std::string_view text) {
  Ast ast;
  parse_into(text, ast);
  return ast;
}

}  // namespace druzina::dice::ast
