#include "ui/share/qr.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

// The C edition of the library: the same codes as its C++ edition, without the streams and exceptions that one
// brings into the web build (docs/performance.md "Size of the web build").
#include "qrcodegen.h"

namespace druzina::ui {

namespace {

// The last text's code (the Share screen draws the same link every frame).
struct Cache {
  std::string text;
  std::array<std::uint8_t, qrcodegen_BUFFER_LEN_MAX> code{};
  bool ok = false;
  bool done = false;
};

const Cache& code_for(const std::string& text) {
  static Cache cache;
  if (!cache.done || cache.text != text) {
    cache.text = text;
    cache.done = true;
    cache.ok = false;
    // The lowest error correction keeps the modules large (a link is long); qrcodegen raises it for free when
    // the same version has room. A text longer than the largest code's buffer cannot fit (the caller offers the
    // file instead).
    if (text.size() <= qrcodegen_BUFFER_LEN_MAX) {
      static std::array<std::uint8_t, qrcodegen_BUFFER_LEN_MAX> temp;
      if (!text.empty()) std::memcpy(temp.data(), text.data(), text.size());
      cache.ok = qrcodegen_encodeBinary(temp.data(), text.size(), cache.code.data(), qrcodegen_Ecc_LOW,
                                        qrcodegen_VERSION_MIN, qrcodegen_VERSION_MAX, qrcodegen_Mask_AUTO, true);
    }
  }
  return cache;
}

bool module(const Cache& c, int x, int y) { return qrcodegen_getModule(c.code.data(), x, y); }

}  // namespace

QrInfo qr_info(const std::string& text) {
  const Cache& code = code_for(text);
  if (!code.ok) return {};
  const int n = qrcodegen_getSize(code.code.data());
  return {true, n, (n - 17) / 4};
}

void draw_qr(const std::string& text, float side) {
  const Cache& code = code_for(text);
  if (!code.ok) return;
  const int n = qrcodegen_getSize(code.code.data());
  const int total = n + 8;  // 4 modules of quiet zone on each side
  const float dpr = ImGui::GetIO().DisplayFramebufferScale.x > 0 ? ImGui::GetIO().DisplayFramebufferScale.x : 1.0f;
  // A whole number of device pixels per module.
  const float cell = std::max(1.0f, std::floor(side * dpr / static_cast<float>(total))) / dpr;
  const float size = cell * static_cast<float>(total);
  ImVec2 p = ImGui::GetCursorScreenPos();
  p.x = std::round(p.x * dpr) / dpr + std::floor((side - size) * 0.5f * dpr) / dpr;
  p.y = std::round(p.y * dpr) / dpr;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 light = IM_COL32(255, 255, 255, 255), dark = IM_COL32(0, 0, 0, 255);
  dl->AddRectFilled(p, ImVec2(p.x + size, p.y + size), light);
  const float ox = p.x + 4 * cell, oy = p.y + 4 * cell;
  for (int y = 0; y < n; ++y) {
    int x = 0;
    while (x < n) {
      if (!module(code, x, y)) {
        ++x;
        continue;
      }
      int run = x;
      while (run < n && module(code, run, y)) ++run;
      dl->AddRectFilled(ImVec2(ox + x * cell, oy + y * cell), ImVec2(ox + run * cell, oy + (y + 1) * cell), dark);
      x = run;
    }
  }
  ImGui::Dummy(ImVec2(side, size));
}

}  // namespace druzina::ui
