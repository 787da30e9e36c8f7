// Hostile input guard: every JSON text that comes from outside (a stored campaign, an imported file, a share
// link, a CLI script or save) goes through parse_json() — never straight to nlohmann::json::parse.
//
// Before the parser sees a byte, one non-recursive pass checks:
//   - the size (InputLimits::max_bytes)                                      → UserError io.err.too_large
//   - that the text is valid UTF-8 (no overlong forms, no surrogates)        → io.err.not_utf8 {offset}
//   - that arrays/objects nest at most InputLimits::max_depth levels         → io.err.too_deep {limit}
//     (the parser recurses per level: 100,000 levels would overflow the stack; a save needs ~15)
//   - that every number fits a double (`1e400` does not)                     → io.err.number {number}
// Then nlohmann parses; a syntax error becomes io.err.not_json {line, column, reason_cs/uk/en} — the reason is
// our own text ("the text ends too early", "unexpected “x”"), never the library's message.
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace druzina::io {

struct InputLimits {
  size_t max_bytes = size_t{16} << 20;  // 16 MiB: localStorage holds ~5 MB; an export of every campaign fits
  int max_depth = 64;                   // a save nests ~15 levels; commands and module data a few more
};

// Throws UserError io.err.too_large / not_utf8 / too_deep / number.
void check_json_text(std::string_view text, const InputLimits& limits = {});

// check_json_text, then parse. Throws UserError io.err.* (see above); never a library exception.
nlohmann::json parse_json(std::string_view text, const InputLimits& limits = {});

// The members of the top-level object as they stand in the text: key → the raw text of its value.
using JsonMembers = std::vector<std::pair<std::string, std::string_view>>;
// parse_json that also gives the top-level object's members' raw text (empty when the text is no object, or when
// nlohmann's parser had to parse it).
nlohmann::json parse_json(std::string_view text, const InputLimits& limits, JsonMembers* members);

// The fast parser parse_json runs first (io/json_fast.cpp): the same document as nlohmann::json::parse, or false
// for anything it does not take (a syntax error, a byte order mark …: then nlohmann's parser decides).
bool parse_json_fast(std::string_view text, nlohmann::json& out, JsonMembers* members = nullptr);

// For a reader that takes one big value of a document straight from its text (io/save.cpp: a campaign's notes).
// parse_json_fast, except that the member at `path` (object keys from the top) is not built: the document holds
// null there and *raw its text (empty when the text has no such member). Only its brackets are matched: the
// caller reads *raw strictly, and on any doubt parses the whole text again with parse_json. It also refuses
// (false) whatever check_json_text would refuse within what it parses (the size and nesting of InputLimits{},
// invalid UTF-8, a number that is not a finite double), so its caller need not run the guard first when every
// byte of *raw is read with read_json_string and nothing in it may nest.
bool parse_json_fast_skipping(std::string_view text, nlohmann::json& out, JsonMembers* members,
                              const std::vector<std::string_view>& path, std::string_view* raw);
// A JSON string at p (its opening quote) into out, escapes decoded as parse_json_fast does; p moves past its
// closing quote. False when there is none, for invalid UTF-8, or for what parse_json_fast leaves to nlohmann (a
// lone surrogate).
bool read_json_string(const char*& p, const char* end, std::string& out);

// What j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) writes (compact, UTF-8 kept, invalid
// UTF-8 replaced), appended to out: the save's writer (io/json_fast.cpp; the same bytes, without a call per byte).
void dump_json(const nlohmann::json& j, std::string& out);
std::string dump_json(const nlohmann::json& j);

// Length of the valid UTF-8 sequence at p (its first byte >= 0x80), or 0 when it is not one (overlong forms,
// UTF-16 surrogates, past U+10FFFF, cut short by end).
inline size_t utf8_length(const char* p, const char* end) {
  auto at = [&](std::ptrdiff_t k) -> unsigned { return k < end - p ? static_cast<unsigned char>(p[k]) : 0u; };
  auto cont = [&](std::ptrdiff_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    unsigned b = at(k);
    return b >= lo && b <= hi;
  };
  const unsigned b = at(0);
  if (b >= 0xC2 && b <= 0xDF) return cont(1) ? 2 : 0;
  if (b == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
  if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) return cont(1) && cont(2) ? 3 : 0;
  if (b == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;  // no UTF-16 surrogates
  if (b == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b >= 0xF1 && b <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

// True when the bytes are valid UTF-8.
bool valid_utf8(std::string_view text);

// Nesting depth of a JSON value (a scalar is 0, [] is 1, [[1]] is 2), computed without recursion.
int json_depth(const nlohmann::json& value);

// FNV-1a, 64 bit: the checksum of saves and share links. Any single changed byte changes it.
std::uint64_t fnv1a64(std::string_view bytes);
// The saves' checksum since envelope version 2: FNV-1a's step over the text's 64-bit little-endian words in four
// interleaved lanes (the last < 32 bytes byte by byte into the first), then the lanes and the length folded into
// one. Four independent multiplies per 32 bytes instead of a chain of one per byte: 15x faster than fnv1a64 on a
// long campaign's save. Any change within one word changes it (each step is a bijection), as does the length.
std::uint64_t fnv1a64w4(std::string_view bytes);
std::string hex64(std::uint64_t value);  // 16 lowercase hex digits

}  // namespace druzina::io
