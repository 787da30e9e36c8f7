// Packed (compressed) stored values. See packed.hpp for the form and the guarantees.
#include "core/store/packed.hpp"

#include <charconv>
#include <cstdint>

#include "core/io/guard.hpp"
#include "core/share/deflate.hpp"
#include "core/share/link.hpp"

namespace druzina::store {

namespace {

// The field up to the next ':' into `out`, `rest` advanced past the ':'; false when there is no ':'.
bool field(std::string_view& rest, std::string_view& out) {
  size_t colon = rest.find(':');
  if (colon == std::string_view::npos) return false;
  out = rest.substr(0, colon);
  rest.remove_prefix(colon + 1);
  return true;
}

}  // namespace

std::string pack(std::string_view text) {
  std::string out(kPackedPrefix);
  out += std::to_string(text.size());
  out += ':';
  out += io::hex64(io::fnv1a64(text));
  out += ':';
  out += share::base64url_encode(share::deflate(text, kPackEffort));
  return out;
}

bool is_packed(std::string_view value) { return value.substr(0, kPackedPrefix.size()) == kPackedPrefix; }

UnpackStatus unpack(std::string_view value, std::string& out) {
  out.clear();
  if (!is_packed(value)) return UnpackStatus::not_packed;
  std::string_view rest = value.substr(kPackedPrefix.size()), len_text, sum_text;
  if (!field(rest, len_text) || !field(rest, sum_text)) return UnpackStatus::bad_header;
  // The length: decimal digits only, no sign, checked against the cap before anything is decoded.
  if (len_text.size() > 12) return UnpackStatus::too_large;  // (from_chars would overflow before the cap)
  unsigned long long length = 0;
  auto [end, ec] = std::from_chars(len_text.data(), len_text.data() + len_text.size(), length);
  if (ec != std::errc() || end != len_text.data() + len_text.size()) return UnpackStatus::bad_header;
  if (length > kMaxUnpacked) return UnpackStatus::too_large;
  if (sum_text.size() != 16) return UnpackStatus::bad_header;
  std::uint64_t sum = 0;
  auto [end2, ec2] = std::from_chars(sum_text.data(), sum_text.data() + sum_text.size(), sum, 16);
  if (ec2 != std::errc() || end2 != sum_text.data() + sum_text.size()) return UnpackStatus::bad_header;
  std::optional<std::string> bytes = share::base64url_decode(rest);
  if (!bytes) return UnpackStatus::damaged;
  std::string text;
  // Never more than the declared length: a stream that inflates past it is damaged (or hostile).
  if (share::inflate(*bytes, text, static_cast<size_t>(length)) != share::InflateResult::ok) return UnpackStatus::damaged;
  if (text.size() != length || io::fnv1a64(text) != sum) return UnpackStatus::damaged;
  out = std::move(text);
  return UnpackStatus::ok;
}

const char* unpack_error_key(UnpackStatus status) {
  switch (status) {
    case UnpackStatus::too_large: return "store.err.packed_too_large";
    case UnpackStatus::ok:
    case UnpackStatus::not_packed: return "store.err.unreadable";
    default: return "store.err.packed_damaged";
  }
}

}  // namespace druzina::store
