// A QR code drawn by the app (Nayuki's qrcodegen, from Debian's source package qr-code-generator): dark modules
// on white with the standard 4-module quiet zone, whatever the theme, each module a whole number of device
// pixels so the edges stay sharp for a camera.
#pragma once
#include <string>

namespace druzina::ui {

struct QrInfo {
  bool ok = false;  // false: the text is too long for any QR code
  int modules = 0;  // the code's width in modules (without the quiet zone)
  int version = 0;  // 1 … 40
};

QrInfo qr_info(const std::string& text);
// Draws the code `side` CSS px wide (a square, quiet zone included) at the cursor and advances it.
void draw_qr(const std::string& text, float side);

}  // namespace druzina::ui
