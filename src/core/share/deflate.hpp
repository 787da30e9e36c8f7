// Raw DEFLATE (RFC 1951) in plain C++: what a share link compresses its payload with. No zlib/gzip header or
// trailer — the link carries its own checksum.
//
// deflate(): LZ77 over a 32 KiB window (hash chains, lazy matching) and, per block, whichever of the fixed or
// a dynamic Huffman code (code lengths limited to 15 bits) is smaller, or a stored block when that is smaller
// still. Deterministic: the same input gives the same bytes.
// inflate(): a careful decoder in the manner of zlib's puff.c — every length, distance, code and block header is
// checked, the output never grows past `max_out` (a link that inflates to gigabytes stops at the cap), and input
// left over after the final block is an error. It never throws and never reads outside its input.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace druzina::share {

// max_chain: how many earlier positions are tried for each match (256: the share links' setting; a few: faster,
// a little larger).
std::string deflate(std::string_view data, int max_chain = 256);

enum class InflateResult {
  ok,
  truncated,  // the input ends inside a block
  corrupt,    // an invalid block type, code, length, distance, or bytes after the final block
  too_large,  // the output would exceed max_out
};

// Replaces `out` with the inflated bytes (on failure `out` holds what was decoded so far).
InflateResult inflate(std::string_view data, std::string& out, size_t max_out);

}  // namespace druzina::share
