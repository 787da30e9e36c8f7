// Hostile input guard. See guard.hpp.
#include "core/io/guard.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <vector>

#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::io {

using json = nlohmann::json;

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (a byte >= 0x80), or 0 when it is not valid.
size_t utf8_sequence(std::string_view text, size_t i) {
  return utf8_length(text.data() + i, text.data() + text.size());
}

bool number_char(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

json reasons(const UserError& e) {
  return jobj{"reason_cs", e.message(Lang::cs), "reason_uk", e.message(Lang::uk), "reason_en", e.message(Lang::en)};
}

// The character at byte i as the message shows it: a printable one in quotes, anything else as U+XXXX.
std::string shown_char(std::string_view text, size_t i) {
  unsigned char b = static_cast<unsigned char>(text[i]);
  if (b >= 0x80) {
    size_t len = utf8_sequence(text, i);
    if (len) return "“" + std::string(text.substr(i, len)) + "”";
  }
  if (b > 0x20 && b < 0x7F) return "“" + std::string(1, static_cast<char>(b)) + "”";
  static const char* hex = "0123456789ABCDEF";
  return std::string("U+00") + hex[b >> 4] + hex[b & 15];
}

}  // namespace

bool valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t len = utf8_sequence(text, i);
    if (!len) return false;
    i += len;
  }
  return true;
}

void check_json_text(std::string_view text, const InputLimits& limits) {
  if (text.size() > limits.max_bytes)
    throw UserError("io.err.too_large", jobj{"size", text.size(), "limit", limits.max_bytes});
  const size_t n = text.size();
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < n;) {
    if (in_string) {  // most of a save is text in strings: its plain bytes in one tight loop
      while (i < n && text[i] != '"' && text[i] != '\\' && static_cast<unsigned char>(text[i]) < 0x80) ++i;
      if (i == n) break;
    }
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      size_t len = utf8_sequence(text, i);
      if (!len) throw UserError("io.err.not_utf8", jobj{"offset", i});
      i += len;
      continue;
    }
    if (in_string) {
      if (c == '\\' && i + 1 < n && static_cast<unsigned char>(text[i + 1]) < 0x80) i += 2;
      else {
        if (c == '"') in_string = false;
        ++i;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        ++i;
        break;
      case '[':
      case '{':
        if (++depth > limits.max_depth) throw UserError("io.err.too_deep", jobj{"limit", limits.max_depth});
        ++i;
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        ++i;
        break;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          size_t j = i;
          while (j < n && number_char(text[j])) ++j;
          std::string_view token = text.substr(i, j - i);
          // A syntactically bad number is the parser's to report; one that parses to ±inf is ours. Without an
          // exponent only 309+ digits overflow, so the common case needs no strtod.
          bool exponent = token.find_first_of("eE") != std::string_view::npos;
          if (exponent || token.size() > 300) {
            std::string t(token);
            double v = std::strtod(t.c_str(), nullptr);
            if (!std::isfinite(v) || token.size() > 400)
              throw UserError("io.err.number", jobj{"number", token.size() > 40 ? t.substr(0, 40) + "…" : t});
          }
          i = j;
        } else {
          ++i;
        }
    }
  }
}

json parse_json(std::string_view text, const InputLimits& limits) { return parse_json(text, limits, nullptr); }

json parse_json(std::string_view text, const InputLimits& limits, JsonMembers* members) {
  check_json_text(text, limits);
  json fast;
  if (parse_json_fast(text, fast, members)) return fast;
  if (members) members->clear();
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    size_t byte = e.byte == 0 ? 0 : e.byte - 1;  // the offending byte (0-based)
    size_t line = 1, column = 1;
    for (size_t i = 0; i < byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    bool blank = text.find_first_not_of(" \t\r\n") == std::string_view::npos;
    UserError reason = blank                ? UserError("io.reason.empty")
                       : byte >= text.size() ? UserError("io.reason.truncated")
                                             : UserError("io.reason.unexpected", jobj{"char", shown_char(text, byte)});
    json args = reasons(reason);
    args["line"] = line;
    args["column"] = column;
    throw UserError("io.err.not_json", args);
  } catch (const json::exception&) {
    // nlohmann refuses a number that overflows (out_of_range.406); the scan above catches those first.
    throw UserError("io.err.number", jobj{"number", "?"});
  }
}

int json_depth(const json& value) {
  int best = 0;
  std::vector<std::pair<const json*, int>> stack = {{&value, 0}};
  while (!stack.empty()) {
    auto [v, d] = stack.back();
    stack.pop_back();
    if (!v->is_structured()) continue;
    best = std::max(best, d + 1);
    for (const auto& child : *v) stack.push_back({&child, d + 1});
  }
  return best;
}

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char b : bytes) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::uint64_t fnv1a64w4(std::string_view bytes) {
  constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t lane[4] = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL, 0xcbf29ce484222324ULL, 0x84222325cbf29ce5ULL};
  const char* p = bytes.data();
  const size_t n = bytes.size();
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    for (int k = 0; k < 4; ++k) {
      std::uint64_t word;
      std::memcpy(&word, p + i + 8 * k, 8);
      if constexpr (std::endian::native == std::endian::big) {  // the words are read little-endian everywhere
        std::uint64_t swapped = 0;
        for (int b = 0; b < 8; ++b) swapped |= ((word >> (8 * b)) & 0xFF) << (8 * (7 - b));
        word = swapped;
      }
      lane[k] = (lane[k] ^ word) * kPrime;
    }
  }
  for (; i < n; ++i) lane[0] = (lane[0] ^ static_cast<unsigned char>(p[i])) * kPrime;
  std::uint64_t h = 0xcbf29ce484222325ULL ^ n;
  for (std::uint64_t v : lane) {
    h = (h ^ v) * kPrime;
    h ^= h >> 29;
  }
  return h;
}

std::string hex64(std::uint64_t value) {
  static const char* hex = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[i] = hex[value & 15];
  return out;
}

}  // namespace druzina::io
