// The dice engine's fast path for the most common shape of a roll from text: dice and whole numbers joined by + and
// -, each dice term with at most one k/p h/l operator, annotations, maybe a comment after whitespace ("4d6kh3+2",
// "1d20 + 5 attack", "2d6 + 3 [slashing]", "2d20kl1 - 1d4 + 3", "d%"). One pass over the text into a few fixed
// slots, then the dice, then both printed forms straight into stack buffers — no AST, no result tree, no allocation
// once the Roll's buffers are large enough.
//
// It gives exactly what the general path (grammar.cpp → roller.cpp → format.cpp → make_roll) gives: the same dice
// drawn in the same order, the same kept marks (both select through result.hpp's drop_extremes), the same text,
// normal form and comment. Anything else — another operator, a set, parentheses, unary minus, *, /, a comparison,
// a number near a limit, any error — is declined before a single die is drawn, and dice::roll then takes the
// general path, which decides it as before. So the grammar and the limits stay where they are; the bounds here only
// keep this path's arithmetic far from them. tests/unit/dice.roller.tests.cpp checks the two paths against each
// other ("the fast path and the general path agree").
#include <cstring>

#include "core/dice/result.hpp"

namespace druzina::dice {

namespace {

constexpr int kTerms = 16;                      // terms at most (more: the general path)
constexpr int kDice = 64;                       // dice at most, all terms together (≤ kMaxDice)
constexpr std::int64_t kNumber = 0x7fffffff;    // any number above: the general path (its limits are far above)
constexpr std::int64_t kSelector = 1'000'000'000;  // grammar.cpp's kMaxSelector: above it is an error there
constexpr unsigned kMoved = 8;                  // dice a k/p may drop (keep_drop_fast's bound; more: general path)
constexpr int kAnns = 8;                        // annotations at most, all terms together
// What annotations add to a printed form at most: each is " [" text "]", from at least "[" text "]" of the input.
constexpr std::size_t kAnnBytes = kMaxLength * 3 / 2 + 8;

struct Term {
  std::int64_t value;  // a number; a dice term: its sum once rolled
  int count, sides;    // dice (count 0: a number)
  std::uint32_t sel;   // the k/p selector's number
  bool sub;            // written after "-" (the first term: false)
  bool percent;        // d%
  char op;             // 0, 'k' or 'p'
  char which;          // 'h' or 'l'
  std::uint8_t ann_first, ann_count;  // its annotations ("[fire]") in the annotation list
};

struct Ann {  // "[fire]" as "fire" (no constructor: the slots are not cleared on every roll)
  const char* text;
  std::size_t size;
};

struct Parsed {
  Term terms[kTerms];
  Ann anns[kAnns];
  std::string_view comment;
  int n = 0, dice = 0, n_anns = 0;
};

// " [fire]" at o; returns the end.
inline char* put_ann(char* o, const Ann& a) {
  o[0] = ' ';
  o[1] = '[';
  std::memcpy(o + 2, a.text, a.size);
  o[2 + a.size] = ']';
  return o + 3 + a.size;
}

inline bool is_ws(char c) {  // ' ', \t \n \v \f \r (9–13): grammar.cpp's is_ws
  return c == ' ' || static_cast<unsigned char>(c - '\t') <= '\r' - '\t';
}
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// A run of digits (at least one, the caller checked) into v; false when it exceeds kNumber.
inline bool number(const char*& p, const char* end, std::int64_t& v) {
  v = 0;
  do {
    v = v * 10 + (*p - '0');
    if (v > kNumber) return false;
    ++p;
  } while (p < end && is_digit(*p));
  return true;
}

// Writes v (0 ≤ v < 10^20) in decimal at p; returns the end.
inline char* put_num(char* p, std::uint64_t v) {
  if (v < 10) {
    *p = static_cast<char>('0' + v);
    return p + 1;
  }
  if (v < 100) {
    p[0] = static_cast<char>('0' + v / 10);
    p[1] = static_cast<char>('0' + v % 10);
    return p + 2;
  }
  char tmp[20];
  char* t = tmp + 20;
  do {
    *--t = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  const auto n = static_cast<std::size_t>(tmp + 20 - t);
  std::memcpy(p, t, n);
  return p + n;
}

// The text as term ((+|-) term)* [WS comment], whitespace between terms, each term maybe with annotations, into
// out. False: not this shape (or an error, or a number near a limit): the general path's.
bool parse(std::string_view text, Parsed& out) {
  if (text.size() > kMaxLength) return false;
  const char* p = text.data();
  const char* const end = p + text.size();
  Term* const terms = out.terms;
  int& n = out.n;
  int& dice = out.dice;
  bool sub = false;
  while (p < end && is_ws(*p)) ++p;
  for (;;) {
    if (p == end || n == kTerms) return false;
    Term& t = terms[n++];
    t.sub = sub;
    t.op = 0;
    t.percent = false;
    std::int64_t count = 1;
    const bool has_count = is_digit(*p);
    if (has_count && !number(p, end, count)) return false;
    // The die's letter: d, D, k or K before a digit or %, к, К (grammar.cpp's die_letter).
    std::size_t letter = 0;
    if (p < end) {
      const char c = *p;
      if (c == 'd' || c == 'D') letter = 1;
      else if ((c == 'k' || c == 'K') && p + 1 < end && (is_digit(p[1]) || p[1] == '%')) letter = 1;
      else if (c == '\xD0' && p + 1 < end && (p[1] == '\xBA' || p[1] == '\x9A')) letter = 2;
    }
    if (letter == 0) {
      if (!has_count) return false;
      t.count = 0;
      t.value = count;
    } else {
      if (count < 1 || count > kDice - dice) return false;  // 0d6 and the limits: the general path
      p += letter;
      std::int64_t sides = 100;
      if (p < end && *p == '%') {
        t.percent = true;
        ++p;
      } else {
        if (p == end || !is_digit(*p) || !number(p, end, sides) || sides < 1 || sides > kMaxSides) return false;
      }
      t.count = static_cast<int>(count);
      t.sides = static_cast<int>(sides);
      dice += t.count;
      if (p < end && (lower(*p) == 'k' || lower(*p) == 'p')) {  // one k/p with h/l: "kh3", "pl1"
        if (p + 2 >= end) return false;
        const char w = lower(p[1]);
        if ((w != 'h' && w != 'l') || !is_digit(p[2])) return false;
        t.op = lower(*p);
        t.which = w;
        p += 2;
        std::int64_t sel;
        if (!number(p, end, sel) || sel > kSelector) return false;
        t.sel = static_cast<std::uint32_t>(sel);
        const auto x = static_cast<unsigned>(sel < count ? sel : count);
        if ((t.op == 'k' ? static_cast<unsigned>(count) - x : x) > kMoved) return false;
      }
    }
    // Annotations: "[fire]", whitespace allowed before each (grammar.cpp's term()). Then after the term: the end,
    // + or - (whitespace around), or after whitespace a comment (grammar.cpp's run(): the expression is complete);
    // anything else (another operator, an error) is the general path's. after: where the term or its last
    // annotation ends, p: the first character past the whitespace there.
    t.ann_first = static_cast<std::uint8_t>(out.n_anns);
    t.ann_count = 0;
    const char* after = p;
    while (p < end && is_ws(*p)) ++p;
    while (p < end && *p == '[') {
      ++p;
      const auto* close = static_cast<const char*>(std::memchr(p, ']', static_cast<std::size_t>(end - p)));
      if (!close || out.n_anns == kAnns) return false;  // unclosed: an error
      out.anns[out.n_anns++] = Ann{p, static_cast<std::size_t>(close - p)};
      ++t.ann_count;
      after = p = close + 1;
      while (p < end && is_ws(*p)) ++p;
    }
    if (p == end) break;
    if (*p != '+' && *p != '-') {
      if (p == after) return false;  // no whitespace: an operator or an error
      switch (*p) {
        case '*': case '/': case '%': case '=': case '!': case '<': case '>': case ')': case ',':
          return false;  // an operator, or what grammar.cpp takes for a mistyped one
        default: break;
      }
      const char* last = end;  // the rest is the comment, without its trailing whitespace (*p is not whitespace)
      while (is_ws(last[-1])) --last;
      out.comment = std::string_view(p, static_cast<std::size_t>(last - p));
      break;
    }
    sub = *p == '-';
    ++p;
    while (p < end && is_ws(*p)) ++p;
  }
  return true;
}

// A term's k/p on its freshly rolled dice d[0..count) (all kept): as roller.cpp's keep_drop_fast counts it.
inline void keep_drop(const Term& t, Die* d) {
  const auto count = static_cast<unsigned>(t.count);
  const unsigned x = t.sel < count ? t.sel : count;
  const unsigned m = t.op == 'k' ? count - x : x;
  drop_extremes(d, count, m, (t.op == 'k') == (t.which == 'h'));
}

// Each term's dice in order into all (roller.cpp's dice()), then its k/p; sets each term's value and nat20/nat1 (a
// kept d20 showing 20 / 1, as make_roll), returns the total.
std::int64_t roll_terms(Term* terms, int n, Rng& rng, Die* all, bool& nat20, bool& nat1) {
  Die* d = all;
  std::int64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Term& t = terms[i];
    if (t.count > 0) {
      for (int k = 0; k < t.count; ++k) {
        Die& e = d[k];
        e.sides = t.sides;
        e.value = rng.die(t.sides);
        e.kept = true;
        e.rerolled = e.exploded = e.added = false;
      }
      if (t.op) keep_drop(t, d);
      std::int64_t sum = 0;
      for (int k = 0; k < t.count; ++k)
        if (d[k].kept) sum += d[k].value;
      t.value = sum;
      if (t.sides == 20) {
        for (int k = 0; k < t.count; ++k) {
          if (!d[k].kept) continue;
          nat20 = nat20 || d[k].value == 20;
          nat1 = nat1 || d[k].value == 1;
        }
      }
      d += t.count;
    }
    total += t.sub ? -t.value : t.value;  // |total| < 17 · 2^31: far inside kMaxValue
  }
  return total;
}

// The normal form ("4d6kh3 + 2") into expr and the text ("4d6kh3 (6, 5, ~~1~~, 3) + 2 = 16") into text (format.cpp's
// format_roll for this shape), through stack buffers.
void print(const Parsed& in, const Die* all, std::int64_t total, std::string& expr, std::string& text) {
  const Term* const terms = in.terms;
  const int n = in.n;
  // Bounds: a term's head ≤ 4 + 1 + 5 + 2 + 10 bytes, its separator 3; a die ≤ 2 + 5 + 4 + 2 bytes (", ~~10000~~").
  constexpr std::size_t kExpr = kTerms * (3 + 22) + kAnnBytes + 32;  // + 32: a head is copied as 32 fixed bytes
  constexpr std::size_t kText = kExpr + kTerms * 3 + kDice * 13 + 3 + 21;
  char xbuf[kExpr], tbuf[kText];
  char* x = xbuf;
  char* w = tbuf;
  const Die* d = all;
  for (int i = 0; i < n; ++i) {
    const Term& t = terms[i];
    if (i > 0) {
      const char sep[4] = {' ', t.sub ? '-' : '+', ' ', 0};
      std::memcpy(x, sep, 4);
      std::memcpy(w, sep, 4);
      x += 3;
      w += 3;
    }
    char* const head = x;
    if (t.count == 0) {
      x = put_num(x, static_cast<std::uint64_t>(t.value));
    } else {
      x = put_num(x, static_cast<std::uint64_t>(t.count));
      *x++ = 'd';
      if (t.percent) *x++ = '%';
      else x = put_num(x, static_cast<std::uint64_t>(t.sides));
      if (t.op) {
        x[0] = t.op;
        x[1] = t.which;
        x = put_num(x + 2, t.sel);
      }
    }
    std::memcpy(w, head, 32);  // a head is at most 22 bytes: one fixed copy, inline
    w += x - head;
    if (t.count > 0) {
      w[0] = ' ';
      w[1] = '(';
      w += 2;
      for (int k = 0; k < t.count; ++k) {
        if (k) {
          w[0] = ',';
          w[1] = ' ';
          w += 2;
        }
        if (d[k].kept) {
          w = put_num(w, static_cast<std::uint64_t>(d[k].value));
        } else {
          w[0] = w[1] = '~';
          w = put_num(w + 2, static_cast<std::uint64_t>(d[k].value));
          w[0] = w[1] = '~';
          w += 2;
        }
      }
      *w++ = ')';
      d += t.count;
    }
    for (int a = t.ann_first; a < t.ann_first + t.ann_count; ++a) {  // " [fire]" in both
      x = put_ann(x, in.anns[a]);
      w = put_ann(w, in.anns[a]);
    }
  }
  std::memcpy(w, " = ", 3);
  w += 3;
  if (total < 0) {
    *w++ = '-';
    w = put_num(w, static_cast<std::uint64_t>(-total));
  } else {
    w = put_num(w, static_cast<std::uint64_t>(total));
  }

  expr.assign(xbuf, static_cast<std::size_t>(x - xbuf));
  text.assign(tbuf, static_cast<std::size_t>(w - tbuf));
}

}  // namespace

bool roll_plain(std::string_view text, Rng& rng, Roll& into) {
  Parsed in;
  if (!parse(text, in)) return false;  // nothing drawn, into untouched
  into.dice.resize(static_cast<std::size_t>(in.dice));
  Die* const all = into.dice.data();
  bool nat20 = false, nat1 = false;
  const std::int64_t total = roll_terms(in.terms, in.n, rng, all, nat20, nat1);
  print(in, all, total, into.expr, into.text);
  if (in.comment.empty())
    into.comment.clear();  // (most rolls: cheaper than an assignment)
  else
    into.comment.assign(in.comment);
  into.total = static_cast<double>(total);
  into.nat20 = nat20;
  into.nat1 = nat1;
  return true;
}

}  // namespace druzina::dice
