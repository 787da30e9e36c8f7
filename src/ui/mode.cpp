#include "ui/mode.hpp"

#include <cstdint>
#include <cstdio>

#include "platform/storage.hpp"

namespace druzina::ui {

namespace {
constexpr const char* kKey = "ui.player_mode";
constexpr const char* kPinKey = "ui.dm_pin";
int cached = -1;  // -1 = not read yet

// FNV-1a of a salted PIN, as 16 hex digits: the stored value does not show the PIN at a glance.
std::string pin_hash(const std::string& pin) {
  std::uint64_t h = 1469598103934665603ULL;
  for (char ch : std::string("druzina.dm_pin:") + pin) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ULL;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

std::string stored_pin() {
  auto v = platform::storage().load(kPinKey);
  return v ? *v : std::string();
}
}  // namespace

bool ui_player_mode() {
  if (cached < 0) {
    auto v = platform::storage().load(kKey);
    cached = v && *v == "1" ? 1 : 0;
  }
  return cached == 1;
}

bool set_player_mode(bool on) {
  if (!on && ui_player_mode() && dm_pin_set()) return false;
  cached = on ? 1 : 0;
  platform::storage().save(kKey, on ? "1" : "0");
  return true;
}

bool dm_pin_set() { return !stored_pin().empty(); }

bool valid_pin(const std::string& pin) {
  if (pin.size() < 4 || pin.size() > 8) return false;
  for (char ch : pin)
    if (ch < '0' || ch > '9') return false;
  return true;
}

bool set_dm_pin(const std::string& pin) {
  if (pin.empty()) {
    platform::storage().remove(kPinKey);
    return true;
  }
  if (!valid_pin(pin)) return false;
  platform::storage().save(kPinKey, pin_hash(pin));
  return true;
}

bool unlock_dm_mode(const std::string& pin) {
  if (dm_pin_set() && pin_hash(pin) != stored_pin()) return false;
  cached = 0;
  platform::storage().save(kKey, "0");
  return true;
}

}  // namespace druzina::ui
