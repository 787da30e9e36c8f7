#include "platform/storage.hpp"
#include "ui/mode.hpp"

namespace druzina::ui {

namespace {
constexpr const char* kKey = "ui.player_mode";
int cached = -1;  // -1 = not read yet
}  // namespace

bool ui_player_mode() {
  if (cached < 0) {
    auto v = platform::storage().load(kKey);
    cached = v && *v == "1" ? 1 : 0;
  }
  return cached == 1;
}

void set_player_mode(bool on) {
  cached = on ? 1 : 0;
  platform::storage().save(kKey, on ? "1" : "0");
}

}  // namespace druzina::ui
