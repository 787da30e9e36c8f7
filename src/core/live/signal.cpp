// The live table's handshake codes. See signal.hpp for the format.
#include "core/live/signal.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/json_obj.hpp"
#include "core/share/link.hpp"

namespace druzina::live {

namespace {

[[noreturn]] void bad_sdp(const char* what) { throw UserError("live.err.sdp", jobj{"what", what}); }
[[noreturn]] void damaged() { throw UserError("live.err.damaged"); }

uint32_t checksum32(char role, std::string_view body) {
  std::string all(1, role);
  all.append(body);
  return static_cast<uint32_t>(io::fnv1a64(all));
}

// ICE ufrag/pwd: ice-char = ALPHA / DIGIT / "+" / "/" (RFC 8839); length 4–256 and 22–256.
bool ice_chars(std::string_view s, size_t min) {
  if (s.size() < min || s.size() > 255) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
  });
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

size_t hash_size(std::string_view hash) {
  return hash == "sha-256" ? 32 : hash == "sha-384" ? 48 : hash == "sha-512" ? 64 : 0;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_ipv4(std::string_view s, uint8_t out[4]) {
  int part = 0;
  size_t i = 0;
  for (; part < 4; ++part) {
    unsigned v = 0;
    auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v);
    if (ec != std::errc() || v > 255 || p == s.data() + i) return false;
    out[part] = static_cast<uint8_t>(v);
    i = static_cast<size_t>(p - s.data());
    if (part < 3) {
      if (i >= s.size() || s[i] != '.') return false;
      ++i;
    }
  }
  return i == s.size();
}

// An mDNS host name as browsers make them: a lowercase UUID + ".local".
bool parse_mdns(std::string_view s, uint8_t out[16]) {
  if (s.size() != 42 || s.substr(36) != ".local") return false;
  int k = 0;
  for (size_t i = 0; i < 36; ++i) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (s[i] != '-') return false;
      continue;
    }
    int hi = hex_digit(s[i]);
    if (hi < 0 || (s[i] >= 'A' && s[i] <= 'F')) return false;
    int lo = i + 1 < 36 ? hex_digit(s[i + 1]) : -1;
    if (lo < 0 || (s[i + 1] >= 'A' && s[i + 1] <= 'F')) return false;
    out[k++] = static_cast<uint8_t>(hi * 16 + lo);
    ++i;
  }
  return k == 16;
}

std::string mdns_text(const uint8_t* b) {
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s.push_back('-');
    s.push_back(hex[b[i] >> 4]);
    s.push_back(hex[b[i] & 15]);
  }
  return s + ".local";
}

// IPv6 in its full or "::" form (no embedded IPv4, no zone).
bool parse_ipv6(std::string_view s, uint8_t out[16]) {
  if (s.find('%') != std::string_view::npos || s.find('.') != std::string_view::npos) return false;
  std::vector<uint16_t> head, tail;
  bool gap = false;
  size_t i = 0;
  if (s.substr(0, 2) == "::") {
    gap = true;
    i = 2;
  }
  while (i < s.size()) {
    size_t j = s.find(':', i);
    std::string_view part = s.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
    if (part.empty() || part.size() > 4) return false;
    unsigned v = 0;
    for (char c : part) {
      int d = hex_digit(c);
      if (d < 0) return false;
      v = v * 16 + static_cast<unsigned>(d);
    }
    (gap ? tail : head).push_back(static_cast<uint16_t>(v));
    if (j == std::string_view::npos) break;
    i = j + 1;
    if (i < s.size() && s[i] == ':') {
      if (gap) return false;
      gap = true;
      ++i;
    } else if (i == s.size()) {
      return false;
    }
  }
  size_t n = head.size() + tail.size();
  if ((gap && n > 7) || (!gap && n != 8)) return false;
  std::vector<uint16_t> all = head;
  all.resize(8 - tail.size(), 0);
  all.insert(all.end(), tail.begin(), tail.end());
  for (int k = 0; k < 8; ++k) {
    out[2 * k] = static_cast<uint8_t>(all[static_cast<size_t>(k)] >> 8);
    out[2 * k + 1] = static_cast<uint8_t>(all[static_cast<size_t>(k)] & 0xff);
  }
  return true;
}

std::string ipv6_text(const uint8_t* b) {
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (int k = 0; k < 8; ++k) {
    if (k) s.push_back(':');
    unsigned v = (b[2 * k] << 8) | b[2 * k + 1];
    bool started = false;
    for (int sh = 12; sh >= 0; sh -= 4) {
      unsigned d = (v >> sh) & 15;
      if (d || started || sh == 0) {
        s.push_back(hex[d]);
        started = true;
      }
    }
  }
  return s;
}

bool host_name(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
}

// Reads bytes of the body one field at a time; any read past its end is a damaged code.
struct Reader {
  std::string_view b;
  size_t i = 0;
  uint8_t byte() {
    if (i >= b.size()) damaged();
    return static_cast<uint8_t>(b[i++]);
  }
  std::string_view take(size_t n) {
    if (b.size() - i < n) damaged();
    std::string_view out = b.substr(i, n);
    i += n;
    return out;
  }
};

}  // namespace

Signal from_sdp(std::string_view sdp, char role) {
  if (sdp.size() > 64 * 1024) bad_sdp("size");
  Signal s;
  s.role = role;
  bool fingerprint = false;
  size_t pos = 0;
  while (pos < sdp.size()) {
    size_t end = sdp.find('\n', pos);
    std::string_view line = sdp.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? sdp.size() : end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto value = [&](std::string_view prefix) -> std::optional<std::string_view> {
      if (line.substr(0, prefix.size()) != prefix) return std::nullopt;
      return line.substr(prefix.size());
    };
    if (auto v = value("a=ice-ufrag:")) {
      if (s.ufrag.empty()) s.ufrag = std::string(*v);
    } else if (auto v = value("a=ice-pwd:")) {
      if (s.pwd.empty()) s.pwd = std::string(*v);
    } else if (auto v = value("a=setup:")) {
      s.setup = std::string(*v);
    } else if (auto v = value("a=fingerprint:")) {
      if (fingerprint) continue;
      auto w = words(*v);
      if (w.size() != 2) bad_sdp("fingerprint");
      std::string hash(w[0]);
      std::transform(hash.begin(), hash.end(), hash.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
      size_t n = hash_size(hash);
      std::string_view hex = w[1];
      if (!n || hex.size() != n * 3 - 1) bad_sdp("fingerprint");
      s.hash = hash;
      for (size_t k = 0; k < n; ++k) {
        int hi = hex_digit(hex[3 * k]), lo = hex_digit(hex[3 * k + 1]);
        if (hi < 0 || lo < 0 || (k + 1 < n && hex[3 * k + 2] != ':')) bad_sdp("fingerprint");
        s.fingerprint.push_back(static_cast<uint8_t>(hi * 16 + lo));
      }
      fingerprint = true;
    } else if (auto v = value("a=candidate:")) {
      // foundation component transport priority address port "typ" type …
      auto w = words(*v);
      if (w.size() < 8 || w[6] != "typ") continue;
      if (w[1] != "1" || w[7] != "host") continue;
      std::string transport(w[2]);
      std::transform(transport.begin(), transport.end(), transport.begin(),
                     [](char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
      if (transport != "udp") continue;
      int port = 0;
      auto [p, ec] = std::from_chars(w[5].data(), w[5].data() + w[5].size(), port);
      if (ec != std::errc() || p != w[5].data() + w[5].size() || port < 1 || port > 65535) continue;
      if (!host_name(w[4]) && w[4].find(':') == std::string_view::npos) continue;
      if (s.candidates.size() < kMaxCandidates) s.candidates.push_back({std::string(w[4]), port});
    }
  }
  if (!ice_chars(s.ufrag, 4)) bad_sdp("ice-ufrag");
  if (!ice_chars(s.pwd, 22)) bad_sdp("ice-pwd");
  if (!fingerprint) bad_sdp("fingerprint");
  if (s.setup != "actpass" && s.setup != "active" && s.setup != "passive") bad_sdp("setup");
  if (s.candidates.empty()) bad_sdp("candidate");
  return s;
}

std::string to_sdp(const Signal& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string fp;
  for (size_t k = 0; k < s.fingerprint.size(); ++k) {
    if (k) fp.push_back(':');
    fp.push_back(hex[s.fingerprint[k] >> 4]);
    fp.push_back(hex[s.fingerprint[k] & 15]);
  }
  // Built with std::string, not an ostringstream: that would link libc++'s streams and locales into the web build.
  std::string o = "v=0\r\no=- " + std::to_string(io::fnv1a64(s.ufrag + s.pwd) >> 2) +
                  " 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n"
                  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n";
  for (size_t k = 0; k < s.candidates.size(); ++k)
    o += "a=candidate:" + std::to_string(k + 1) + " 1 udp " + std::to_string(2113937151 - static_cast<long long>(k)) +
         " " + s.candidates[k].address + " " + std::to_string(s.candidates[k].port) + " typ host generation 0\r\n";
  o += "a=end-of-candidates\r\na=ice-ufrag:" + s.ufrag + "\r\na=ice-pwd:" + s.pwd + "\r\na=fingerprint:" + s.hash +
       " " + fp + "\r\na=setup:" + s.setup + "\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";
  return o;
}

std::string encode_signal(const Signal& s) {
  if (s.role != 'o' && s.role != 'a') bad_sdp("role");
  if (!ice_chars(s.ufrag, 4)) bad_sdp("ice-ufrag");
  if (!ice_chars(s.pwd, 22)) bad_sdp("ice-pwd");
  size_t n = hash_size(s.hash);
  if (!n || s.fingerprint.size() != n) bad_sdp("fingerprint");
  if (s.candidates.empty() || s.candidates.size() > kMaxCandidates) bad_sdp("candidate");
  std::string body;
  body.push_back(static_cast<char>(s.ufrag.size()));
  body += s.ufrag;
  body.push_back(static_cast<char>(s.pwd.size()));
  body += s.pwd;
  body.push_back(static_cast<char>(n == 32 ? 1 : n == 48 ? 2 : 3));
  body.append(s.fingerprint.begin(), s.fingerprint.end());
  body.push_back(static_cast<char>(s.setup == "actpass" ? 0 : s.setup == "active" ? 1 : 2));
  body.push_back(static_cast<char>(s.candidates.size()));
  for (const auto& c : s.candidates) {
    uint8_t b[16];
    if (parse_ipv4(c.address, b)) {
      body.push_back('4');
      body.append(reinterpret_cast<const char*>(b), 4);
    } else if (parse_mdns(c.address, b)) {
      body.push_back('m');
      body.append(reinterpret_cast<const char*>(b), 16);
    } else if (parse_ipv6(c.address, b)) {
      body.push_back('6');
      body.append(reinterpret_cast<const char*>(b), 16);
    } else {
      if (!host_name(c.address) || c.address.size() > 255) bad_sdp("candidate");
      body.push_back('n');
      body.push_back(static_cast<char>(c.address.size()));
      body += c.address;
    }
    if (c.port < 1 || c.port > 65535) bad_sdp("candidate");
    body.push_back(static_cast<char>(c.port >> 8));
    body.push_back(static_cast<char>(c.port & 0xff));
  }
  uint32_t sum = checksum32(s.role, body);
  std::string bytes(1, s.role);
  for (int i = 3; i >= 0; --i) bytes.push_back(static_cast<char>((sum >> (8 * i)) & 0xff));
  bytes += body;
  return "#l" + std::to_string(kSignalVersion) + "." + share::base64url_encode(bytes);
}

bool is_signal(std::string_view text) {
  if (auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(hash + 1);
  size_t dot = text.find('.');
  return text.size() > 3 && text[0] == 'l' && dot != std::string_view::npos && dot >= 2 && dot <= 6 &&
         text.substr(1, dot - 1).find_first_not_of("0123456789") == std::string_view::npos;
}

Signal decode_signal(std::string_view text, char role) {
  if (text.size() > kMaxSignalChars) throw UserError("live.err.not_code");
  if (auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(hash + 1);
  std::string t;
  for (char ch : text)
    if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') t.push_back(ch);
  if (!is_signal(t)) throw UserError("live.err.not_code");
  size_t dot = t.find('.');
  int version = std::stoi(t.substr(1, dot - 1));
  if (version < 1) throw UserError("live.err.not_code");
  if (version > kSignalVersion)
    throw UserError("live.err.too_new", jobj{"version", version, "supported", kSignalVersion});
  auto bytes = share::base64url_decode(std::string_view(t).substr(dot + 1));
  if (!bytes || bytes->size() < 6) damaged();
  Signal s;
  s.role = (*bytes)[0];
  if (s.role != 'o' && s.role != 'a') damaged();
  uint32_t sum = 0;
  for (int i = 1; i <= 4; ++i) sum = (sum << 8) | static_cast<unsigned char>((*bytes)[i]);
  std::string_view body = std::string_view(*bytes).substr(5);
  if (checksum32(s.role, body) != sum) damaged();
  if (role && s.role != role)
    throw UserError("live.err.wrong_role", jobj{"expected", role == 'o' ? "offer" : "answer"});
  Reader r{body};
  s.ufrag = std::string(r.take(r.byte()));
  s.pwd = std::string(r.take(r.byte()));
  uint8_t h = r.byte();
  if (h < 1 || h > 3) damaged();
  s.hash = h == 1 ? "sha-256" : h == 2 ? "sha-384" : "sha-512";
  auto fp = r.take(hash_size(s.hash));
  s.fingerprint.assign(fp.begin(), fp.end());
  uint8_t setup = r.byte();
  if (setup > 2) damaged();
  s.setup = setup == 0 ? "actpass" : setup == 1 ? "active" : "passive";
  uint8_t count = r.byte();
  if (count < 1 || count > kMaxCandidates) damaged();
  for (int k = 0; k < count; ++k) {
    Candidate c;
    uint8_t type = r.byte();
    if (type == '4') {
      auto b = r.take(4);
      c.address = std::to_string(static_cast<uint8_t>(b[0])) + "." + std::to_string(static_cast<uint8_t>(b[1])) + "." +
                  std::to_string(static_cast<uint8_t>(b[2])) + "." + std::to_string(static_cast<uint8_t>(b[3]));
    } else if (type == '6') {
      c.address = ipv6_text(reinterpret_cast<const uint8_t*>(r.take(16).data()));
    } else if (type == 'm') {
      c.address = mdns_text(reinterpret_cast<const uint8_t*>(r.take(16).data()));
    } else if (type == 'n') {
      c.address = std::string(r.take(r.byte()));
      if (!host_name(c.address)) damaged();
    } else {
      damaged();
    }
    c.port = (r.byte() << 8);
    c.port |= r.byte();
    if (c.port < 1) damaged();
    s.candidates.push_back(std::move(c));
  }
  if (r.i != body.size() || !ice_chars(s.ufrag, 4) || !ice_chars(s.pwd, 22)) damaged();
  return s;
}

}  // namespace druzina::live
