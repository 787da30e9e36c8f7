// A stored value in compressed form: how the library keeps its backups (docs/storage.md "Backups").
//
//   "dzpack1:" <length of the text, decimal> ":" <FNV-1a 64 of the text, 16 hex digits> ":" base64url(raw DEFLATE)
//
// Printable ASCII only (the browser's localStorage glue passes values as C strings and counts UTF-16 code units:
// one per character here). The compressor is the project's own DEFLATE (core/share/deflate), run with a short
// match search (kPackEffort) so a long campaign packs in tens of milliseconds. A save text starts with '{', so a
// packed value is never mistaken for one, and a value without the prefix is left as it is (an older app's
// backup is a plain save text).
//
// unpack() never throws and never allocates more than the declared length, which is refused past kMaxUnpacked
// before anything is decoded; the length and the checksum of what comes out must match the header.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace druzina::store {

inline constexpr std::string_view kPackedPrefix = "dzpack1:";
inline constexpr size_t kMaxUnpacked = 32u * 1024 * 1024;  // far above anything localStorage (≈5 M units) holds
inline constexpr int kPackEffort = 16;                     // deflate's match search (share links use 256)

std::string pack(std::string_view text);
bool is_packed(std::string_view value);

enum class UnpackStatus {
  ok,
  not_packed,  // no "dzpack1:" prefix: the value is a plain text
  bad_header,  // the length or the checksum field is malformed
  too_large,   // the declared length is over kMaxUnpacked, or the data inflates past it
  damaged,     // not base64url, a broken DEFLATE stream, or a length or checksum that does not match
};

// Replaces `out` with the unpacked text when ok (left empty otherwise).
UnpackStatus unpack(std::string_view value, std::string& out);

// The translation key (store.err.*) telling the user why a packed value did not unpack.
const char* unpack_error_key(UnpackStatus status);

}  // namespace druzina::store
