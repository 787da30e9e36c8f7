#include "ui/share/qr.hpp"

#include <imgui.h>

#include <cmath>
#include <optional>

#include "qrcodegen.hpp"

namespace druzina::ui {

namespace {

// The last text's code (the Share screen draws the same link every frame).
struct Cache {
  std::string text;
  std::optional<qrcodegen::QrCode> code;
  bool done = false;
};

const std::optional<qrcodegen::QrCode>& code_for(const std::string& text) {
  static Cache cache;
  if (!cache.done || cache.text != text) {
    cache.text = text;
    cache.done = true;
    cache.code.reset();
    try {
      // The lowest error correction keeps the modules large (a link is long); qrcodegen raises it for free when
      // the same version has room.
      std::vector<std::uint8_t> bytes(text.begin(), text.end());
      cache.code = qrcodegen::QrCode::encodeBinary(bytes, qrcodegen::QrCode::Ecc::LOW);
    } catch (const std::exception&) {
      cache.code.reset();  // data_too_long: the caller offers the file instead
    }
  }
  return cache.code;
}

}  // namespace

QrInfo qr_info(const std::string& text) {
  const auto& code = code_for(text);
  if (!code) return {};
  return {true, code->getSize(), code->getVersion()};
}

void draw_qr(const std::string& text, float side) {
  const auto& code = code_for(text);
  if (!code) return;
  const int n = code->getSize();
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
      if (!code->getModule(x, y)) {
        ++x;
        continue;
      }
      int run = x;
      while (run < n && code->getModule(run, y)) ++run;
      dl->AddRectFilled(ImVec2(ox + x * cell, oy + y * cell), ImVec2(ox + run * cell, oy + (y + 1) * cell), dark);
      x = run;
    }
  }
  ImGui::Dummy(ImVec2(side, size));
}

}  // namespace druzina::ui
