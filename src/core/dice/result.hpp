// Stage 3 of the dice engine: what was rolled. The result tree mirrors the AST node for node (one NodeResult per
// ast::Node, same index) and owns every die rolled, in order; dice nodes refer to their range of dice.
// roller.cpp fills it from an AST and an Rng; format.cpp prints it; stats.cpp samples subtrees with it.
#pragma once
#include <cstdint>
#include <vector>

#include "core/dice/ast.hpp"
#include "core/dice/dice.hpp"
#include "core/rng.hpp"

namespace druzina::dice {

struct NodeResult {
  std::int64_t value = 0;
  std::uint32_t dice_begin = 0, dice_end = 0;  // dice nodes: their dice in RollTree::dice
  bool kept = true;                            // false: a set element dropped by k/p
};

// Scratch space reused between rolls (selection flags, index buffers), so a hot loop allocates nothing.
struct RollScratch {
  std::vector<std::uint32_t> index;
  std::vector<std::uint8_t> flags;
  std::vector<Die> pool;
};

struct RollTree {
  std::vector<NodeResult> nodes;
  std::vector<Die> dice;
  int rolled = 0;  // dice rolled so far (the kMaxDice budget)
  RollScratch scratch;
};

// Drops m of the kept dice among pool[0..count), the lowest ones (drop_lowest) or the highest: of equal values the
// lowest drops the earliest, the highest the latest (select()'s ties). roller.cpp's k/p fast path and plain.cpp
// share it, so both pick the same dice. Each pick is a linear scan: for the few dice a k/p usually moves.
inline void drop_extremes(Die* pool, std::uint32_t count, std::uint32_t m, bool drop_lowest) {
  for (std::uint32_t k = 0; k < m; ++k) {
    Die* pick = nullptr;
    for (std::uint32_t i = 0; i < count; ++i) {
      Die& d = pool[i];
      if (!d.kept) continue;
      if (!pick || (drop_lowest ? d.value < pick->value : d.value >= pick->value)) pick = &d;
    }
    pick->kept = false;
  }
}

// roller.cpp: rolls the whole AST into tree (reusing its buffers); returns the total. Throws UserError
// (dice.err.too_many_rolls, division_by_zero, overflow).
std::int64_t roll_tree(const ast::Ast& ast, Rng& rng, RollTree& tree);
// Rolls one subtree only (stats.cpp samples with it). tree.rolled is the budget already used.
std::int64_t roll_node(const ast::Ast& ast, int node, Rng& rng, RollTree& tree);

// Integer arithmetic shared by the roller and stats (Python-style floor division and modulo; overflow → UserError).
std::int64_t apply_binary(ast::BinOp op, std::int64_t a, std::int64_t b);

// format.cpp: writes "4d6kh3 (6, 5, ~~1~~, 3) + 2 = 16" into text and, in the same walk, the expression's normal
// form (what ast::to_string gives: "4d6kh3 + 2") into expr, replacing what they held.
void format_roll(std::string& text, std::string& expr, const ast::Ast& ast, const RollTree& tree, std::int64_t total);

// stats.cpp: min/max/mean without rolling (exact where within reach, else sampled with exact = false).
Stats compute_stats(const ast::Ast& ast);

// dice.cpp: the Roll handed to callers, built from a rolled tree (text, effective kept marks, nat20/nat1) into r,
// replacing what it held (its strings and dice vector keep their capacity).
void make_roll(const ast::Ast& ast, const RollTree& tree, std::int64_t total, Roll& r);

// plain.cpp: the fast path of dice::roll(text) for the common shape ("4d6kh3+2": dice and numbers joined by + and -,
// at most one k/p h/l per dice term, small numbers, annotations, maybe a comment). Rolls into `into` exactly as the
// general path would and returns true; returns false — having drawn nothing and left `into` as it was — for
// anything else (errors included).
bool roll_plain(std::string_view text, Rng& rng, Roll& into);

}  // namespace druzina::dice
