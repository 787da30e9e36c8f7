// A JSON parser for the load path: builds the same nlohmann::json document as nlohmann::json::parse, faster.
//
// Why: nlohmann's lexer reads one character per call (get(), then token_buffer.push_back()), and the web build's
// core at -Os is compiled with -fno-inline-functions (emcc adds it to every -Os/-Oz), so loading a save made a few
// function calls per byte. Here the loops over characters (white space, strings, numbers) are plain loops inside
// one function, helpers are always_inline, a string without escapes is copied in one go, and an object's members
// are appended at the end of its map (keys come sorted from our own writer: constant time per member).
//
// Same result: values, types (integer / unsigned / float, as nlohmann's lexer chooses them: strtoull / strtoll,
// strtod for fractions, exponents and overflow), a repeated key keeps its last value. Anything unusual — a syntax
// error, a byte order mark, a lone surrogate escape — returns false and the caller runs nlohmann's parser, which
// parses it or reports the error exactly as before (tests/unit/json_fast.tests.cpp compares the two). The text
// Strings must be valid UTF-8 (checked here as well as by parse_json's check_json_text): their bytes are copied as
// they are. Nesting deeper than InputLimits{}.max_depth and numbers that are no finite double return false too, so
// the parser refuses whatever the guard would (parse_json_fast_skipping's caller relies on that).
//
// Index:
//   [SECTION] writing
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/io/guard.hpp"

namespace druzina::io {

using json = nlohmann::json;

namespace {

#define DZ_ALWAYS_INLINE [[gnu::always_inline]] inline

constexpr int kMaxDepth = InputLimits{}.max_depth;  // containers nest at most this deep, as the guard allows

struct Parser {
  const char* p;
  const char* end;
  JsonMembers* members;
  std::string scratch;
  // parse_json_fast_skipping: the member at skip_path is not built (its text goes to *skip_raw). skip_depth is
  // how many of its keys the objects being parsed have matched so far.
  const std::vector<std::string_view>* skip_path = nullptr;
  std::string_view* skip_raw = nullptr;
  size_t skip_depth = 0;

  // Past a value without building it: brackets balanced outside strings, nothing else checked (the caller reads
  // the text strictly). False when the text ends first.
  bool skip_value() {
    int open = 0;
    while (p < end) {
      char c = *p;
      if (c == '"') {
        for (++p; p < end && *p != '"'; ++p)
          if (*p == '\\') ++p;
        if (p >= end) return false;
      } else if (c == '[' || c == '{') {
        ++open;
      } else if (c == ']' || c == '}') {
        if (open == 0) return true;
        if (--open == 0) {
          ++p;
          return true;
        }
      } else if (c == ',' && open == 0) {
        return true;
      }
      ++p;
    }
    return open == 0;
  }

  // The member just read (key at depth) is on skip_path: 1 = it is the one to skip, 2 = an object on the way.
  int on_skip_path(const std::string& key, int depth) const {
    if (!skip_path || skip_depth != static_cast<size_t>(depth) || skip_depth >= skip_path->size() ||
        (*skip_path)[skip_depth] != key)
      return 0;
    return skip_depth + 1 == skip_path->size() ? 1 : 2;
  }

  DZ_ALWAYS_INLINE void ws() {
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
  }

  DZ_ALWAYS_INLINE static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // Four hex digits after "\u" at p; -1 when they are not.
  DZ_ALWAYS_INLINE long hex4() {
    if (end - p < 4) return -1;
    long v = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex(p[i]);
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    p += 4;
    return v;
  }

  static void put_utf8(std::string& out, long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // Past a string's plain bytes: up to a quote, a backslash, a control character or the end. A byte >= 0x80 must
  // start a valid UTF-8 sequence: false when it does not.
  DZ_ALWAYS_INLINE bool plain() {
    while (p < end) {
      const unsigned char c = static_cast<unsigned char>(*p);
      if (c >= 0x80) {
        const size_t n = utf8_length(p, end);
        if (!n) return false;
        p += n;
      } else if (c == '"' || c == '\\' || c < 0x20) {
        return true;
      } else {
        ++p;
      }
    }
    return true;
  }

  // The rest of a string whose first escape is at p (out holds what came before it).
  bool escaped(std::string& out) {
    while (p < end) {
      const char* run = p;
      if (!plain()) return false;
      out.append(run, static_cast<size_t>(p - run));
      if (p >= end || static_cast<unsigned char>(*p) < 0x20) return false;
      if (*p == '"') {
        ++p;
        return true;
      }
      if (++p >= end) return false;
      char c = *p++;
      switch (c) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          long cp = hex4();
          if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {  // a surrogate pair: \uD8xx\uDCxx
            if (end - p < 2 || p[0] != '\\' || p[1] != 'u') return false;
            p += 2;
            long lo = hex4();
            if (lo < 0xDC00 || lo > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          put_utf8(out, cp);
          break;
        }
        default: return false;
      }
    }
    return false;
  }

  // A string at p (its opening quote).
  DZ_ALWAYS_INLINE bool string(std::string& out) {
    const char* start = ++p;
    if (!plain() || p >= end || static_cast<unsigned char>(*p) < 0x20) return false;
    out.assign(start, static_cast<size_t>(p - start));
    if (*p == '"') {
      ++p;
      return true;
    }
    return escaped(out);
  }

  bool number(json& out) {
    const char* start = p;
    bool negative = *p == '-';
    if (negative) ++p;
    if (p >= end || *p < '0' || *p > '9') return false;
    std::uint64_t v = 0;
    bool overflow = false;
    if (*p == '0') {
      ++p;
    } else {
      while (p < end && *p >= '0' && *p <= '9') {
        unsigned d = static_cast<unsigned>(*p - '0');
        if (v > (UINT64_MAX - d) / 10) overflow = true;
        v = v * 10 + d;
        ++p;
      }
    }
    bool is_float = false;
    if (p < end && *p == '.') {
      ++p;
      if (p >= end || *p < '0' || *p > '9') return false;
      while (p < end && *p >= '0' && *p <= '9') ++p;
      is_float = true;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
      ++p;
      if (p < end && (*p == '+' || *p == '-')) ++p;
      if (p >= end || *p < '0' || *p > '9') return false;
      while (p < end && *p >= '0' && *p <= '9') ++p;
      is_float = true;
    }
    if (!is_float && !overflow) {
      if (!negative) {
        out = static_cast<json::number_unsigned_t>(v);
        return true;
      }
      if (v <= static_cast<std::uint64_t>(INT64_MAX)) {
        out = -static_cast<json::number_integer_t>(v);
        return true;
      }
      if (v == static_cast<std::uint64_t>(INT64_MAX) + 1) {
        out = static_cast<json::number_integer_t>(INT64_MIN);
        return true;
      }
    }
    // nlohmann's way: strtod of the token (an integer too large for 64 bits becomes a float as well)
    scratch.assign(start, static_cast<size_t>(p - start));
    char* stop = nullptr;
    errno = 0;
    double d = std::strtod(scratch.c_str(), &stop);
    if (stop != scratch.c_str() + scratch.size() || !std::isfinite(d) || scratch.size() > 400) return false;
    out = d;
    return true;
  }

  DZ_ALWAYS_INLINE bool literal(const char* word, size_t n) {
    if (static_cast<size_t>(end - p) < n || std::memcmp(p, word, n) != 0) return false;
    p += n;
    return true;
  }

  bool object(json& out, int depth) {
    out = json::object();
    auto& obj = *out.get_ptr<json::object_t*>();
    ++p;
    ws();
    if (p < end && *p == '}') {
      ++p;
      return true;
    }
    std::string key;
    while (true) {
      if (p >= end || *p != '"' || !string(key)) return false;
      ws();
      if (p >= end || *p != ':') return false;
      ++p;
      ws();
      const int skip = on_skip_path(key, depth);
      auto it = obj.emplace_hint(obj.end(), std::move(key), nullptr);  // a repeated key: its last value wins
      const char* start = p;
      if (skip == 1) {
        if (!skip_value()) return false;
        *skip_raw = std::string_view(start, static_cast<size_t>(p - start));
        it->second = nullptr;
      } else {
        if (skip == 2) *skip_raw = {};  // a repeated key on the way: only the last one's member counts
        skip_depth += skip == 2;
        bool ok = value(it->second, depth + 1);
        skip_depth -= skip == 2;
        if (!ok) return false;
      }
      if (depth == 0 && members) members->emplace_back(it->first, std::string_view(start, static_cast<size_t>(p - start)));
      ws();
      if (p >= end) return false;
      if (*p == ',') {
        ++p;
        ws();
        key.clear();
        continue;
      }
      if (*p != '}') return false;
      ++p;
      return true;
    }
  }

  bool array(json& out, int depth) {
    out = json::array();
    auto& arr = *out.get_ptr<json::array_t*>();
    ++p;
    ws();
    if (p < end && *p == ']') {
      ++p;
      return true;
    }
    while (true) {
      arr.emplace_back();
      if (!value(arr.back(), depth + 1)) return false;
      ws();
      if (p >= end) return false;
      if (*p == ',') {
        ++p;
        ws();
        continue;
      }
      if (*p != ']') return false;
      ++p;
      return true;
    }
  }

  bool value(json& out, int depth) {
    if (p >= end) return false;
    switch (*p) {
      case '{': return depth < kMaxDepth && object(out, depth);  // (the root container is depth 0)
      case '[': return depth < kMaxDepth && array(out, depth);
      case '"': {
        std::string s;
        if (!string(s)) return false;
        out = std::move(s);
        return true;
      }
      case 't':
        if (!literal("true", 4)) return false;
        out = true;
        return true;
      case 'f':
        if (!literal("false", 5)) return false;
        out = false;
        return true;
      case 'n':
        if (!literal("null", 4)) return false;
        out = nullptr;
        return true;
      default:
        if (*p == '-' || (*p >= '0' && *p <= '9')) return number(out);
        return false;
    }
  }
};

// [SECTION] writing ---------------------------------------------------------------------------------------------------

void dump_string(const std::string& s, std::string& out) {
  const char* p = s.data();
  const char* end = p + s.size();
  for (const char* q = p; q < end; ++q)
    if (static_cast<unsigned char>(*q) >= 0x80) {
      if (!valid_utf8(s)) {  // nlohmann's replacement of invalid bytes, as before
        out += json(s).dump(-1, ' ', false, json::error_handler_t::replace);
        return;
      }
      break;
    }
  out += '"';
  while (p < end) {
    const char* run = p;
    while (p < end && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20) ++p;
    out.append(run, static_cast<size_t>(p - run));
    if (p >= end) break;
    const unsigned char c = static_cast<unsigned char>(*p++);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      default: {
        static const char* hexd = "0123456789abcdef";
        char u[6] = {'\\', 'u', '0', '0', hexd[c >> 4], hexd[c & 15]};
        out.append(u, 6);
      }
    }
  }
  out += '"';
}

void dump_integer(std::uint64_t v, bool negative, std::string& out) {
  char buf[24];
  char* q = buf + sizeof buf;
  do {
    *--q = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  if (negative) *--q = '-';
  out.append(q, static_cast<size_t>(buf + sizeof buf - q));
}

}  // namespace

void dump_json(const json& j, std::string& out) {
  switch (j.type()) {
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : *j.get_ptr<const json::object_t*>()) {
        if (!first) out += ',';
        first = false;
        dump_string(key, out);
        out += ':';
        dump_json(value, out);
      }
      out += '}';
      return;
    }
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const auto& value : *j.get_ptr<const json::array_t*>()) {
        if (!first) out += ',';
        first = false;
        dump_json(value, out);
      }
      out += ']';
      return;
    }
    case json::value_t::string: dump_string(*j.get_ptr<const json::string_t*>(), out); return;
    case json::value_t::boolean: out += *j.get_ptr<const json::boolean_t*>() ? "true" : "false"; return;
    case json::value_t::null: out += "null"; return;
    case json::value_t::number_unsigned: dump_integer(*j.get_ptr<const json::number_unsigned_t*>(), false, out); return;
    case json::value_t::number_integer: {
      const json::number_integer_t v = *j.get_ptr<const json::number_integer_t*>();
      dump_integer(v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v), v < 0, out);
      return;
    }
    default:  // floats (nlohmann's shortest form), binary, discarded
      out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

std::string dump_json(const json& j) {
  std::string out;
  dump_json(j, out);
  return out;
}

bool read_json_string(const char*& p, const char* end, std::string& out) {
  if (p >= end || *p != '"') return false;
  Parser parser{p, end, nullptr, {}};
  if (!parser.string(out)) return false;
  p = parser.p;
  return true;
}

namespace {
// The whole text as one value; out is only assigned when it parses.
bool parse_all(Parser& parser, json& out) {
  if (parser.members) parser.members->clear();
  parser.ws();
  json result;
  if (!parser.value(result, 0)) return false;
  parser.ws();
  if (parser.p != parser.end) return false;
  out = std::move(result);
  return true;
}
}  // namespace

bool parse_json_fast_skipping(std::string_view text, json& out, JsonMembers* members,
                              const std::vector<std::string_view>& path, std::string_view* raw) {
  *raw = {};
  if (text.size() > InputLimits{}.max_bytes) return false;
  Parser parser{text.data(), text.data() + text.size(), members, {}};
  parser.skip_path = &path;
  parser.skip_raw = raw;
  return parse_all(parser, out);
}

bool parse_json_fast(std::string_view text, json& out, JsonMembers* members) {
  Parser parser{text.data(), text.data() + text.size(), members, {}};
  return parse_all(parser, out);
}

}  // namespace druzina::io
