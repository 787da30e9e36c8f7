// The live table's message frame and per-kind checks. See protocol.hpp.
#include "core/live/protocol.hpp"

#include <array>

#include "core/error.hpp"
#include "core/io/guard.hpp"
#include "core/json_obj.hpp"

namespace druzina::live {

using json = nlohmann::json;

namespace {

constexpr std::array<std::string_view, 6> kKinds = {"view", "res", "bye", "hello", "req", "resync"};

std::string hex32(uint32_t v) {
  static const char* hex = "0123456789abcdef";
  std::string s(8, '0');
  for (int i = 7; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = hex[v & 15];
  return s;
}

[[noreturn]] void field(const std::string& name) { throw UserError("live.err.field", jobj{"field", name}); }

void need_int(const json& m, const char* key, long long lo, long long hi, bool optional = false) {
  auto it = m.find(key);
  if (it == m.end()) {
    if (optional) return;
    field(key);
  }
  if (!it->is_number_integer()) field(key);
  long long v = it->get<long long>();
  if (v < lo || v > hi) field(key);
}

void need_str(const json& m, const char* key, size_t max, bool optional = false) {
  auto it = m.find(key);
  if (it == m.end()) {
    if (optional) return;
    field(key);
  }
  if (!it->is_string() || it->get_ref<const std::string&>().size() > max) field(key);
}

constexpr long long kMaxSeq = (1LL << 53) - 1;

void check_fields(const json& m) {
  const std::string& k = m["k"].get_ref<const std::string&>();
  if (k == "view") {
    need_int(m, "s", 0, kMaxSeq);
    need_int(m, "t", 0, kMaxSeq);
    need_str(m, "h", 16);
    if (m["h"].get_ref<const std::string&>().size() != 16) field("h");
    bool whole = m.contains("v"), delta = m.contains("d");
    if (whole == delta) field(whole ? "d" : "v");
    if (whole && !m["v"].is_object()) field("v");
    need_str(m, "id", 64, true);
    if (m.contains("id")) {
      const std::string& id = m["id"].get_ref<const std::string&>();
      if (id.empty() || id.find_first_not_of("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-") !=
                            std::string::npos)
        field("id");
    }
    if (delta) {
      if (!m["d"].is_object()) field("d");
      need_int(m, "b", 0, kMaxSeq);
    }
    if (m.contains("p")) {
      if (!m["p"].is_array() || m["p"].size() > 16) field("p");
      for (const auto& p : m["p"])
        if (!p.is_string() || p.get_ref<const std::string&>().size() > 200) field("p");
    }
  } else if (k == "res") {
    need_int(m, "id", 0, kMaxSeq);
    need_str(m, "st", 16);
    const std::string& st = m["st"].get_ref<const std::string&>();
    if (st != "queued" && st != "accepted" && st != "declined" && st != "refused") field("st");
    if (m.contains("why")) {
      const json& w = m["why"];
      if (!w.is_object() || !w.contains("key") || !w["key"].is_string() || w["key"].get_ref<const std::string&>().size() > 100)
        field("why");
      if (w.contains("args") && !w["args"].is_object()) field("why");
    }
  } else if (k == "hello") {
    need_str(m, "who", 64);
    need_str(m, "name", 200, true);
  } else if (k == "req") {
    need_int(m, "id", 0, kMaxSeq);
    need_str(m, "r", 32);
    need_str(m, "c", 64);
    if (m.contains("a") && !m["a"].is_object()) field("a");
  }
}

}  // namespace

bool known_kind(std::string_view kind) {
  for (auto k : kKinds)
    if (k == kind) return true;
  return false;
}

std::string encode(const json& message) {
  if (!message.is_object() || !message.contains("k") || !message["k"].is_string() ||
      !known_kind(message["k"].get_ref<const std::string&>()))
    throw UserError("live.err.unknown_kind", jobj{"kind", message.is_object() ? message.value("k", json()).dump() : ""});
  std::string body = io::dump_json(message);
  std::string out = "L";  // (one append at a time: GCC 12 warns falsely on "L" + std::string)
  out += std::to_string(kProtocolVersion);
  out += '.';
  out += hex32(static_cast<uint32_t>(io::fnv1a64(body)));
  out += '.';
  out += body;
  return out;
}

json decode(std::string_view text) {
  if (text.size() > kMaxMessage) throw UserError("live.err.too_large", jobj{"limit", kMaxMessage});
  // "L<version>.<8 hex>.<json>"
  size_t dot = text.find('.');
  if (text.size() < 2 || text[0] != 'L' || dot == std::string_view::npos || dot < 2 || dot > 6 ||
      text.substr(1, dot - 1).find_first_not_of("0123456789") != std::string_view::npos)
    throw UserError("live.err.damaged");
  int version = std::stoi(std::string(text.substr(1, dot - 1)));
  if (version > kProtocolVersion)
    throw UserError("live.err.too_new", jobj{"version", version, "supported", kProtocolVersion});
  if (version < 1 || text.size() < dot + 10 || text[dot + 9] != '.') throw UserError("live.err.damaged");
  std::string_view sum = text.substr(dot + 1, 8), body = text.substr(dot + 10);
  if (hex32(static_cast<uint32_t>(io::fnv1a64(body))) != sum) throw UserError("live.err.damaged");
  json m = io::parse_json(body, io::InputLimits{kMaxMessage, kMaxDepth});
  if (!m.is_object() || !m.contains("k") || !m["k"].is_string()) field("k");
  const std::string& k = m["k"].get_ref<const std::string&>();
  if (!known_kind(k)) throw UserError("live.err.unknown_kind", jobj{"kind", k.size() > 32 ? k.substr(0, 32) : k});
  check_fields(m);
  return m;
}

}  // namespace druzina::live
