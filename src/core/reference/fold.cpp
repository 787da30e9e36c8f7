// fold(): the small UTF-8 folding behind reference and price search (no ICU): lower case, Latin diacritics
// stripped, apostrophes dropped, Cyrillic lower-cased, punctuation turned into single spaces.
#include <cstdint>

#include "core/reference/reference.hpp"

namespace druzina::reference {

namespace {

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Decodes one code point at s[i], advancing i; returns 0xFFFFFFFF for an invalid sequence (one byte skipped).
char32_t next_code_point(std::string_view s, size_t& i) {
  auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  int len = (b0 & 0xE0) == 0xC0 ? 2 : (b0 & 0xF0) == 0xE0 ? 3 : (b0 & 0xF8) == 0xF0 ? 4 : 0;
  if (len == 0 || i + static_cast<size_t>(len) > s.size()) {
    ++i;
    return 0xFFFFFFFF;
  }
  char32_t cp = len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (int k = 1; k < len; ++k) {
    auto b = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return 0xFFFFFFFF;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  i += static_cast<size_t>(len);
  return cp;
}

// Latin-1 Supplement and Latin Extended-A (U+00C0–U+017F) without diacritics, lower case.
const char* latin_base(char32_t cp) {
  static const char* const kC0[64] = {
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",    // C0–CF
      "d", "n", "o", "o", "o", "o", "o", " ", "o", "u", "u", "u", "u", "y", "th", "ss",   // D0–DF
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",    // E0–EF
      "d", "n", "o", "o", "o", "o", "o", " ", "o", "u", "u", "u", "u", "y", "th", "y"};   // F0–FF
  if (cp >= 0xC0 && cp <= 0xFF) return kC0[cp - 0xC0];
  struct Range {
    char32_t lo, hi;
    const char* base;
  };
  static const Range kExtA[] = {
      {0x100, 0x105, "a"}, {0x106, 0x10D, "c"}, {0x10E, 0x111, "d"}, {0x112, 0x11B, "e"}, {0x11C, 0x123, "g"},
      {0x124, 0x127, "h"}, {0x128, 0x131, "i"}, {0x132, 0x133, "ij"}, {0x134, 0x135, "j"}, {0x136, 0x138, "k"},
      {0x139, 0x142, "l"}, {0x143, 0x14B, "n"}, {0x14C, 0x151, "o"}, {0x152, 0x153, "oe"}, {0x154, 0x159, "r"},
      {0x15A, 0x161, "s"}, {0x162, 0x167, "t"}, {0x168, 0x173, "u"}, {0x174, 0x175, "w"}, {0x176, 0x178, "y"},
      {0x179, 0x17E, "z"}, {0x17F, 0x17F, "s"}};
  for (const auto& r : kExtA)
    if (cp >= r.lo && cp <= r.hi) return r.base;
  return nullptr;
}

bool is_apostrophe(char32_t cp) {
  return cp == U'\'' || cp == U'`' || cp == 0x2018 || cp == 0x2019 || cp == 0x02BC || cp == 0x00B4 || cp == 0x02B9;
}

bool is_separator(char32_t cp) {
  if (cp < 0x80) return !((cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z') || (cp >= U'0' && cp <= U'9'));
  if (cp >= 0x80 && cp <= 0xBF) return cp != 0xB2 && cp != 0xB3 && cp != 0xB9 && cp != 0xBC && cp != 0xBD && cp != 0xBE;
  if (cp >= 0x2000 && cp <= 0x206F) return true;  // general punctuation: dashes, quotes, ellipsis, spaces
  if (cp >= 0x3000 && cp <= 0x303F) return true;
  return false;
}

char32_t cyrillic_lower(char32_t cp) {
  if (cp >= 0x400 && cp <= 0x40F) return cp + 0x50;  // Ѐ … Џ, incl. Є І Ї Ў
  if (cp >= 0x410 && cp <= 0x42F) return cp + 0x20;  // А … Я
  if (cp >= 0x460 && cp <= 0x4BF && cp % 2 == 0 && !(cp >= 0x482 && cp <= 0x489)) return cp + 1;  // Ґ Ѣ …
  return cp;
}

}  // namespace

std::string fold(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  auto emit = [&](std::string_view piece) {
    if (pending_space && !out.empty()) out.push_back(' ');
    pending_space = false;
    out.append(piece);
  };
  for (size_t i = 0; i < s.size();) {
    char32_t cp = next_code_point(s, i);
    if (cp == 0xFFFFFFFF || is_apostrophe(cp)) continue;
    if (is_separator(cp)) {
      pending_space = true;
      continue;
    }
    if (cp >= U'A' && cp <= U'Z') cp += 32;
    if (cp < 0x80) {
      char c = static_cast<char>(cp);
      emit(std::string_view(&c, 1));
      continue;
    }
    if (const char* base = latin_base(cp)) {
      if (base[0] == ' ') {
        pending_space = true;
        continue;
      }
      emit(base);
      continue;
    }
    std::string buf;
    append_utf8(buf, cyrillic_lower(cp));
    emit(buf);
  }
  return out;
}

std::vector<std::string> terms(std::string_view query) {
  std::vector<std::string> out;
  std::string folded = fold(query);
  size_t start = 0;
  while (start < folded.size()) {
    size_t end = folded.find(' ', start);
    if (end == std::string::npos) end = folded.size();
    if (end > start) out.push_back(folded.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace druzina::reference
