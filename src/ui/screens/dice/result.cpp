// The dice screen's result card (parts.hpp): who rolled what, every die as a tile (dropped and rerolled dice dimmed
// and struck through, exploded dice marked, natural 20 / 1 highlighted), the total large, the result line, and
// under it inspiration and hero points (luck.cpp).
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <utility>
#include <vector>

#include "core/dice/dice.hpp"
#include "ui/screens/dice/parts.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::dice_screen {

namespace {
std::string total_text(long long v) { return std::to_string(v); }
}  // namespace

// Text with "~~x~~" parts drawn struck through (the dice formatter marks dropped dice so), wrapped at words.
void struck_text(const std::string& text, ImFont* font, ImU32 color) {
  const float px = font->FontSize * ImGui::GetIO().FontGlobalScale;
  const float left = ImGui::GetCursorScreenPos().x;
  const float right = left + ImGui::GetContentRegionAvail().x;
  float x = left, y = ImGui::GetCursorScreenPos().y;
  const float space = font->CalcTextSizeA(px, FLT_MAX, 0, " ").x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  bool struck = false;
  size_t i = 0;
  ImU32 dim = (color & 0x00FFFFFF) | (static_cast<ImU32>(((color >> 24) & 0xFF) * 0.55f) << 24);
  while (i < text.size()) {
    // next word: up to a space, toggling strike at "~~"
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    std::string word = text.substr(i, j - i);
    // split the word at ~~ markers into pieces
    std::vector<std::pair<std::string, bool>> pieces;
    size_t k = 0;
    std::string cur;
    while (k < word.size()) {
      if (word.compare(k, 2, "~~") == 0) {
        if (!cur.empty()) pieces.push_back({cur, struck});
        cur.clear();
        struck = !struck;
        k += 2;
      } else {
        cur += word[k++];
      }
    }
    if (!cur.empty()) pieces.push_back({cur, struck});
    float w = 0;
    for (auto& p : pieces) w += font->CalcTextSizeA(px, FLT_MAX, 0, p.first.c_str()).x;
    if (x > left && x + w > right) {
      x = left;
      y += px * 1.25f;
    }
    for (auto& p : pieces) {
      float pw = font->CalcTextSizeA(px, FLT_MAX, 0, p.first.c_str()).x;
      dl->AddText(font, px, ImVec2(x, y), p.second ? dim : color, p.first.c_str());
      if (p.second) dl->AddLine(ImVec2(x - 1, y + px * 0.55f), ImVec2(x + pw + 1, y + px * 0.55f), color, 2.0f);
      x += pw;
    }
    x += space;
    i = j + 1;
  }
  ImGui::SetCursorScreenPos(ImVec2(left, y));
  ImGui::Dummy(ImVec2(right - left, px * 1.25f));
}

namespace {
void draw_die(size_t index, const dice::Die& d) {
  const float w = 58, h = 62;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  const bool dropped = !d.kept;
  const bool nat20 = d.kept && d.sides == 20 && d.value == 20;
  const bool nat1 = d.kept && d.sides == 20 && d.value == 1;
  std::string label = std::to_string(d.value);
  if (d.rerolled) label += " rerolled";
  else if (dropped) label += " dropped";
  if (d.exploded) label += " exploded";
  if (d.added) label += " added";
  if (nat20) label += " nat20";
  if (nat1) label += " nat1";
  track("dice.die." + std::to_string(index), label);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float alpha = dropped ? 0.4f : 1.0f;
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
  ImVec4 fg = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImVec4 edge = ImGui::GetStyleColorVec4(ImGuiCol_Border);
  float edge_w = 1.5f;
  if (nat20) {
    edge = color_good();
    fg = color_good();
    edge_w = 3.5f;
  } else if (nat1) {
    edge = color_bad();
    fg = color_bad();
    edge_w = 3.5f;
  }
  bg.w *= alpha;
  fg.w *= alpha;
  edge.w *= alpha;
  ImVec2 b(p.x + w, p.y + h);
  dl->AddRectFilled(p, b, ImGui::GetColorU32(bg), 10);
  dl->AddRect(p, b, ImGui::GetColorU32(edge), 10, 0, edge_w);
  ImFont* big = ui().fonts.big;
  ImFont* small = ui().fonts.small;
  const float gs = ImGui::GetIO().FontGlobalScale;
  std::string v = std::to_string(d.value);
  ImVec2 vs = big->CalcTextSizeA(big->FontSize * gs, FLT_MAX, 0, v.c_str());
  ImVec2 vp(p.x + (w - vs.x) * 0.5f, p.y + 6);
  dl->AddText(big, big->FontSize * gs, vp, ImGui::GetColorU32(fg), v.c_str());
  std::string sides = "d" + std::to_string(d.sides);
  ImVec2 ss = small->CalcTextSizeA(small->FontSize * gs, FLT_MAX, 0, sides.c_str());
  ImVec4 muted = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  muted.w *= alpha;
  dl->AddText(small, small->FontSize * gs, ImVec2(p.x + (w - ss.x) * 0.5f, b.y - ss.y - 4), ImGui::GetColorU32(muted),
              sides.c_str());
  if (dropped) {  // struck through
    ImVec4 line = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    dl->AddLine(ImVec2(p.x + 6, b.y - 8), ImVec2(b.x - 6, p.y + 8), ImGui::GetColorU32(line), 2.5f);
  }
  if (d.exploded) {  // a star in the corner: this die exploded into another
    ImVec2 sp(b.x - 16, p.y + 2);
    dl->AddText(small, small->FontSize * gs, sp, ImGui::GetColorU32(color_good()), "\xE2\x9C\xA6");  // ✦
  }
  if (d.added) dl->AddText(small, small->FontSize * gs, ImVec2(p.x + 4, p.y + 2), ImGui::GetColorU32(muted), "+");
}
}  // namespace

void draw_result() {
  State& s = st();
  if (!s.last) return;
  LastRoll& lr = *s.last;
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12.0f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, color_card());
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 12));
  ImGui::BeginChild("##result", ImVec2(0, 0),
                    ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding | ImGuiChildFlags_Border);
  std::string head = lr.who_name.empty() ? std::string(T("ui.dice.who_me")) : lr.who_name;
  head += ": " + dice_notation(ui().lang, lr.roll.expr);
  small_label(head.c_str());
  track("dice.result.head", head);
  // every die
  const size_t shown = std::min<size_t>(lr.roll.dice.size(), 60);
  const float spacing = 8, w = 58;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int per_row = std::max(1, static_cast<int>((avail + spacing) / (w + spacing)));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  for (size_t i = 0; i < shown; ++i) {
    if (i % static_cast<size_t>(per_row) != 0) ImGui::SameLine();
    draw_die(i, lr.roll.dice[i]);
  }
  ImGui::PopStyleVar();
  if (lr.roll.dice.size() > shown)
    small_label(Tf("ui.dice.more_dice", jobj{"n", static_cast<long long>(lr.roll.dice.size() - shown)}).c_str());
  // the total, large
  ImGui::PushFont(ui().fonts.big);
  ImGui::SetWindowFontScale(1.6f);
  std::string total = total_text(lr.shown_total);
  ImVec4 tc = lr.roll.nat20 ? color_good() : lr.roll.nat1 ? color_bad() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImGui::PushStyleColor(ImGuiCol_Text, tc);
  ImGui::TextUnformatted(total.c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();
  track("dice.total", total);
  if (lr.roll.nat20 || lr.roll.nat1) {
    ImGui::SameLine();
    ImGui::PushFont(ui().fonts.big);
    ImGui::PushStyleColor(ImGuiCol_Text, lr.roll.nat20 ? color_good() : color_bad());
    const char* nat = T(lr.roll.nat20 ? "ui.dice.nat20" : "ui.dice.nat1");
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 10);
    ImGui::TextUnformatted(nat);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    track("dice.nat", nat);
  }
  const std::string result = dice_notation(ui().lang, lr.roll.text);
  struck_text(result, ui().fonts.small, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  track("dice.result", result);
  draw_luck(lr);
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
  if (s.reveal_result > 0 && --s.reveal_result == 0) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 top = ImGui::GetWindowPos();
    const float bottom = top.y + ImGui::GetWindowHeight();
    if (a.y < top.y) ImGui::SetScrollFromPosY(a.y - top.y - 8, 0.0f);
    else if (b.y > bottom) ImGui::SetScrollFromPosY(std::min(b.y, a.y + ImGui::GetWindowHeight() - 16) - top.y, 1.0f);
  }
}

}  // namespace druzina::ui::dice_screen
