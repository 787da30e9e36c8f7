// Property test of the dice engine: 100,000 random expressions generated from the grammar (random nesting,
// operators, selectors, annotations, comments) and then often damaged (inserted, deleted, duplicated, swapped
// characters, cut short). Each one must either roll or throw a druzina::UserError with a dice.err.* key — never
// anything else, never a hang. Rolled ones must print a normal form that parses back to itself.
#include <catch2/catch.hpp>
#include <ctime>
#include <string>

#include "core/dice/dice.hpp"
#include "core/error.hpp"

using namespace druzina;

namespace {

// A "{name}" placeholder left in a message.
bool unfilled(const std::string& msg) {
  for (size_t open = msg.find('{'); open != std::string::npos; open = msg.find('{', open + 1)) {
    size_t i = open + 1;
    while (i < msg.size() && ((msg[i] >= 'a' && msg[i] <= 'z') || msg[i] == '_')) ++i;
    if (i > open + 1 && i < msg.size() && msg[i] == '}') return true;
  }
  return false;
}

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : r_(seed, 7) {}

  std::string expression() {
    std::string s = expr(static_cast<int>(r_.below(6)));
    if (chance(10)) s += " [" + word() + "]";
    if (chance(10)) s += "   " + word() + " " + word();
    if (chance(5)) s = "  " + s + " ";
    if (chance(35)) mutate(s, 1 + static_cast<int>(r_.below(3)));
    if (chance(2)) s = garbage();
    return s;
  }

 private:
  Rng r_;

  bool chance(int percent) { return static_cast<int>(r_.below(100)) < percent; }
  template <size_t N>
  const char* pick(const char* const (&items)[N]) {
    return items[r_.below(N)];
  }

  std::string number() {
    switch (r_.below(10)) {
      case 0: return "0";
      case 1: return std::to_string(r_.below(10000));
      case 2: return chance(50) ? "99999999999999999999" : (chance(50) ? "9007199254740991" : "2147483648");
      default: return std::to_string(r_.below(21));
    }
  }

  std::string sides() {
    switch (r_.below(12)) {
      case 0: return "%";
      case 1: return std::to_string(r_.below(20000));  // often over the limit
      case 2: return "0";
      case 3: return "1";
      default: {
        static const char* const common[] = {"2", "4", "6", "8", "10", "12", "20", "100"};
        return pick(common);
      }
    }
  }

  std::string selector() {
    static const char* const kinds[] = {"", "", "h", "l", ">", "<", "H", "L"};
    std::string n = chance(90) ? std::to_string(r_.below(8)) : number();
    return std::string(pick(kinds)) + n;
  }

  std::string ops(bool dice) {
    std::string s;
    int n = chance(40) ? static_cast<int>(r_.below(4)) : 0;
    for (int i = 0; i < n; ++i) {
      static const char* const dice_ops[] = {"k", "p", "rr", "ro", "ra", "e", "mi", "ma", "!", "K", "RR", "Mi"};
      static const char* const set_ops[] = {"k", "p", "k", "p", "rr", "e"};  // some invalid on purpose
      std::string op = dice ? pick(dice_ops) : pick(set_ops);
      s += op;
      if (op == "!" && chance(50)) continue;
      if ((op == "mi" || op == "ma" || op == "Mi") && chance(80))
        s += std::to_string(r_.below(8));
      else
        s += selector();
    }
    return s;
  }

  std::string dice() {
    std::string count = chance(20) ? "" : (chance(95) ? std::to_string(r_.below(12)) : number());
    return count + (chance(85) ? "d" : "D") + sides() + ops(true);
  }

  std::string word() {
    static const char* const words[] = {"fire", "útok", "goblin", "x", "ohnivý", "шкода", "1d6", "to hit", ""};
    return pick(words);
  }

  std::string atom(int depth) {
    switch (depth <= 0 ? r_.below(2) : r_.below(6)) {
      case 0: return number();
      case 1: return dice();
      case 2: return "(" + expr(depth - 1) + ")" + (chance(20) ? ops(false) : "");
      case 3: {
        std::string s = "(";
        int n = static_cast<int>(r_.below(5));
        for (int i = 0; i < n; ++i) s += (i ? ", " : "") + expr(depth - 1);
        if (chance(20)) s += ",";
        return s + ")" + ops(false);
      }
      case 4: return std::string(chance(80) ? "-" : "+") + atom(depth - 1);
      default: return dice();
    }
  }

  std::string expr(int depth) {
    std::string s = atom(depth);
    if (chance(15)) s += "[" + word() + "]";
    int n = static_cast<int>(r_.below(4));
    for (int i = 0; i < n; ++i) {
      static const char* const bin[] = {"+", "-", "*", "/", "//", "%", "+", "-", "==", "!=", ">=", "<=", ">", "<"};
      const char* space = chance(50) ? " " : "";
      s += space;
      s += pick(bin);
      s += space;
      s += atom(depth - 1);
    }
    return s;
  }

  void mutate(std::string& s, int times) {
    static const char alphabet[] = "0123456789dDkKphlrRoaemi!<>=+-*/%(),[] \t.x#\xC5\xBE\xD1";
    for (int t = 0; t < times && !s.empty(); ++t) {
      auto at = static_cast<size_t>(r_.below(static_cast<std::uint32_t>(s.size())));
      switch (r_.below(6)) {
        case 0: s.insert(at, 1, alphabet[r_.below(sizeof alphabet - 1)]); break;
        case 1: s.erase(at, 1); break;
        case 2: s.insert(at, s.substr(at, r_.below(8))); break;
        case 3: std::swap(s[at], s[r_.below(static_cast<std::uint32_t>(s.size()))]); break;
        case 4: s.resize(at); break;
        default: s[at] = alphabet[r_.below(sizeof alphabet - 1)]; break;
      }
    }
  }

  std::string garbage() {
    std::string s;
    int n = static_cast<int>(r_.below(40));
    for (int i = 0; i < n; ++i) s += static_cast<char>(1 + r_.below(255));
    if (chance(20)) s = std::string(r_.below(600), chance(50) ? '(' : '-') + "1";
    return s;
  }
};

}  // namespace

TEST_CASE("dice property: 100,000 random expressions roll or fail with a handled error", "[dice][property]") {
  Generator gen(20240611);
  Rng rng(1);
  int rolled = 0, refused = 0, stats_done = 0;
  double slowest = 0;
  std::string slowest_text;
  const std::clock_t t_start = std::clock();  // CPU time: a loaded machine does not count
  for (int i = 0; i < 100000; ++i) {
    std::string text = gen.expression();
    const std::clock_t t0 = std::clock();
    try {
      dice::Roll r = dice::roll(text, rng);
      ++rolled;
      // The normal form parses back to itself, and the text ends with the total.
      dice::Expression again(r.expr);
      if (again.text() != r.expr) FAIL_CHECK(text << " → " << r.expr << " → " << again.text());
      std::string tail = " = " + std::to_string(static_cast<long long>(r.total));
      if (r.text.size() < tail.size() || r.text.compare(r.text.size() - tail.size(), tail.size(), tail) != 0)
        FAIL_CHECK(text << ": text " << r.text);
      // Now and then, statistics too: they either work or fail with a handled error, and bound the roll.
      if (i % 25 == 0) {
        try {
          dice::Stats s = again.stats();
          ++stats_done;
          if (s.exact && (r.total < s.min - 1e-9 || r.total > s.max + 1e-9))
            FAIL_CHECK(text << ": total " << r.total << " outside [" << s.min << ", " << s.max << "]");
        } catch (const UserError& e) {
          if (e.key().rfind("dice.err.", 0) != 0) FAIL_CHECK(text << ": stats threw " << e.key());
        }
      }
    } catch (const UserError& e) {
      ++refused;
      if (e.key().rfind("dice.err.", 0) != 0) FAIL_CHECK(text << ": key " << e.key());
      std::string msg = e.message(Lang::en);
      if (unfilled(msg) || msg == e.key()) FAIL_CHECK(text << ": message " << msg);
    } catch (const std::exception& e) {
      FAIL_CHECK(text << ": unexpected exception " << e.what());
    }
    double dt = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    if (dt > slowest) slowest = dt, slowest_text = text;
  }
  double total = static_cast<double>(std::clock() - t_start) / CLOCKS_PER_SEC;
  INFO("rolled " << rolled << ", refused " << refused << ", stats " << stats_done << ", " << total
                 << " CPU s in all, slowest " << slowest << " s: " << slowest_text);
  CHECK(rolled > 20000);  // the generator mostly makes valid expressions …
  CHECK(refused > 10000);  // … and plenty of broken ones
  // Nothing comes near a hang, in CPU seconds (wall time on these shared machines says nothing; the stats of
  // "-10d9489>=() - (2/-d8)%2d100" took 0.19 s of CPU and 2.2 s of wall time under load).
  CHECK(slowest < 3.0);
  CHECK(total < 120.0);
  WARN("dice property: rolled " << rolled << ", refused " << refused << ", stats " << stats_done << " in " << total
                                << " CPU s; slowest " << slowest << " s: " << slowest_text);
}
