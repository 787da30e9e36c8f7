// The dice engine's public face. Stages, each in its own file (after avrae/d20):
//   grammar.cpp (text → AST, ast.hpp) → roller.cpp (AST + Rng → result tree, result.hpp)
//   → format.cpp (result → "4d6kh3 (6, 5, ~~1~~, 3) = 14"); stats.cpp (AST → min/max/mean without rolling);
//   dice.cpp ties them together; plain.cpp rolls the common shape ("4d6kh3+2", "1d20+5 attack") from text in one
//   pass with the same result. The grammar, operators and limits are documented in docs/dice.md.
// Every failure is a druzina::UserError with a dice.err.* key (syntax errors carry column, found, expected).
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace druzina::dice {

inline constexpr int kMaxDice = 1000;         // dice rolled per expression, explosions and rerolls included
inline constexpr int kMaxSides = 10000;
inline constexpr size_t kMaxLength = 500;     // characters of an expression
inline constexpr int kMaxDepth = 32;          // nesting of parentheses / sets
inline constexpr long long kMaxValue = (1LL << 53) - 1;  // |numbers and results|: exact in a double (Roll::total)

struct Die {
  int sides = 0;
  int value = 0;
  bool kept = true;       // counts toward the total; false when dropped by k/p (or its set element was dropped),
                          // and for every rerolled die
  bool rerolled = false;  // replaced by a later die (rr/ro originals; ra keeps its original and adds a die)
  bool exploded = false;  // caused another die (e / !)
  bool added = false;     // came from an explosion or ra
};

struct Roll {
  std::string expr;        // as typed (normalised whitespace), without the trailing comment
  std::string comment;     // text after the expression, if any
  double total = 0;        // integers in practice; '/' yields floored integers
  std::vector<Die> dice;   // every die in order of appearance
  std::string text;        // formatted: "4d6kh3 (6, 5, ~~1~~, 3) = 14"
  bool nat20 = false;      // a kept d20 showed 20
  bool nat1 = false;       // a kept d20 showed 1
  nlohmann::json to_json() const;  // {"expr","total","dice":[{sides,value,kept,...}],"text","nat20","nat1","comment"}
};

struct Stats {
  double min = 0, max = 0, mean = 0;
  bool exact = true;  // false when the mean had to be estimated (e.g. rerolls/explosions beyond exact reach)
};

Roll roll(std::string_view expression, Rng& rng);
// The same roll into `into`, replacing everything it held but keeping its buffers (text, dice): a caller that rolls
// again and again into one Roll (a repeated roll, the benchmark) allocates nothing once they are large enough. On
// an error `into` is left as it was.
void roll(std::string_view expression, Rng& rng, Roll& into);
Stats stats(std::string_view expression);
void validate(std::string_view expression);  // parses only; throws UserError like roll()

// Advantage / disadvantage: the first single d20 ("1d20", "d20", also "1d20ro1") becomes 2d20kh1 / 2d20kl1
// ("2d20ro1kh1"); the rest of the text, comment included, stays. Without such a d20 the text is returned as is.
std::string with_advantage(std::string_view expression);
std::string with_disadvantage(std::string_view expression);

// A parsed expression, rolled any number of times without parsing again (the app's repeated rolls, benchmarks).
// Not thread-safe: roll_total() reuses buffers held inside.
class Expression {
 public:
  explicit Expression(std::string_view text);  // throws UserError like roll()
  Expression(Expression&&) noexcept;
  Expression& operator=(Expression&&) noexcept;
  ~Expression();

  Roll roll(Rng& rng) const;                   // everything: dice, text, nat20/nat1
  long long roll_total(Rng& rng) const;        // the total only; allocates nothing after the first call
  Stats stats() const;
  const std::string& text() const;             // normal form, e.g. "4d6kh3 + 2"
  const std::string& comment() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace druzina::dice
