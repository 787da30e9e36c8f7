// The live table's handshake, carried by QR codes: a WebRTC offer (the DM's phone) and an answer (a player's)
// reduced to what the handshake needs, as a link of this app whose data is in the URL fragment (never sent to a
// server).
//
//   fragment = "#l1." base64url( role byte ('o' offer, 'a' answer) · checksum (4 bytes) · body )
//   body     = ufrag (length byte, bytes) · pwd (length byte, bytes) · fingerprint (hash byte: 1 sha-256,
//              2 sha-384, 3 sha-512; then its 32/48/64 bytes) · setup byte (0 actpass, 1 active, 2 passive) ·
//              candidate count (≤ kMaxCandidates) · each candidate: address type (4 IPv4: 4 bytes, 6 IPv6: 16
//              bytes, 'm' an mDNS name <uuid>.local: 16 bytes, 'n' another name: length byte, bytes) · port
//              (2 bytes, big-endian)
//
// The checksum is the low 32 bits of FNV-1a-64 over the role byte and the body: a changed or cut code is refused.
// Only UDP host candidates are kept (no ICE servers: a phone's own addresses on the Wi-Fi or the hotspot).
// A data-channel-only SDP is rebuilt from it on the other side (to_sdp), which RTCPeerConnection accepts.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace druzina::live {

inline constexpr int kSignalVersion = 1;
inline constexpr size_t kMaxCandidates = 8;
inline constexpr size_t kMaxSignalChars = 4096;  // a longer text is refused before decoding

struct Candidate {
  std::string address;  // "192.168.1.7", "fe80::1", "<uuid>.local"
  int port = 0;
};

struct Signal {
  char role = 'o';           // 'o' offer (the DM), 'a' answer (a player)
  std::string ufrag, pwd;    // a=ice-ufrag, a=ice-pwd
  std::string hash = "sha-256";
  std::vector<uint8_t> fingerprint;  // a=fingerprint's bytes
  std::string setup = "actpass";     // actpass | active | passive
  std::vector<Candidate> candidates;
};

// Reads what the handshake needs from an SDP (RTCPeerConnection.localDescription.sdp after ICE gathering).
// Throws UserError live.err.sdp {what} when a needed line is missing or malformed.
Signal from_sdp(std::string_view sdp, char role);
// A data-channel SDP from a signal: what setRemoteDescription takes.
std::string to_sdp(const Signal& s);

// "#l1.…"
std::string encode_signal(const Signal& s);
// Accepts "#l1.…", "l1.…" or a whole URL whose fragment is it. Throws UserError live.err.not_code,
// live.err.too_new {version, supported}, live.err.damaged, live.err.wrong_role {expected: "offer"|"answer"}
// when `role` is not 0 and the code is of the other role.
Signal decode_signal(std::string_view text, char role = 0);
// True when the text (a URL or its fragment) is a live-table code, whether or not it decodes.
bool is_signal(std::string_view text);

}  // namespace druzina::live
