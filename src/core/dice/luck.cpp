// A second d20 for a rolled d20 (inspiration as luck, the Lucky feat): the roll as it now counts — the better of
// the two kept, the other struck, the total and the text with it ("1d20 + 5 (~~7~~, 20) = 25"), so a screen shows
// one result. The text is rewritten where the die's value stands in its group "NdS (…)"; the dice are in the
// text in the order of Roll::dice.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/dice/luck.hpp"

namespace druzina::dice {

namespace {

std::string num(double v) { return std::to_string(static_cast<long long>(std::floor(v))); }

// The [begin, end) of the n-th die's token ("7", "~~1~~", "6!") in a formatted roll, or npos when not found.
std::pair<size_t, size_t> die_token(const std::string& t, size_t n) {
  size_t seen = 0;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    // a group opens as "d<digits…> (" (the term's modifiers may stand between: "2d20kh1 (")
    if (t[i] != '(' || i < 2 || t[i - 1] != ' ') continue;
    size_t k = i - 1;
    while (k > 0 && t[k - 1] != ' ' && t[k - 1] != '(') --k;
    const std::string term = t.substr(k, i - 1 - k);
    const size_t d = term.find('d');
    if (d == std::string::npos || d + 1 >= term.size() ||
        !(std::isdigit(static_cast<unsigned char>(term[d + 1])) || term[d + 1] == '%'))
      continue;
    size_t p = i + 1;
    while (p < t.size() && t[p] != ')') {
      size_t q = p;
      if (t.compare(q, 2, "~~") == 0) {
        const size_t close = t.find("~~", q + 2);
        if (close == std::string::npos) return {std::string::npos, 0};
        q = close + 2;
      } else {
        while (q < t.size() && t[q] != ',' && t[q] != ')') ++q;
      }
      if (seen++ == n) return {p, q};
      p = q;
      if (p < t.size() && t[p] == ',') p += 2;  // ", "
    }
  }
  return {std::string::npos, 0};
}

}  // namespace

Roll with_second_d20(const Roll& r, size_t index, int second) {
  Roll out = r;
  if (index >= r.dice.size() || r.dice[index].sides != 20 || !r.dice[index].kept || second < 1 || second > 20)
    return out;
  const int first = r.dice[index].value;
  const bool better = second > first;
  Die extra{20, second, better, false, false, true};
  out.dice[index].kept = !better;
  out.dice.insert(out.dice.begin() + static_cast<long>(index) + 1, extra);
  out.total = r.total - first + std::max(first, second);
  const int kept = std::max(first, second);
  out.nat20 = kept == 20;
  out.nat1 = kept == 1;
  const auto [b, e] = die_token(r.text, index);
  if (b != std::string::npos) {
    const std::string was = r.text.substr(b, e - b);
    const std::string s = std::to_string(second);
    const std::string now = better ? "~~" + was + "~~, " + s : was + ", ~~" + s + "~~";
    out.text = r.text.substr(0, b) + now + r.text.substr(e);
  }
  const size_t eq = out.text.rfind(" = ");
  if (eq != std::string::npos) out.text = out.text.substr(0, eq + 3) + num(out.total);
  return out;
}

}  // namespace druzina::dice
