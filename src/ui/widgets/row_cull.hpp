// Long lists (a 100-creature fight, a big party): a row wholly outside the window is not laid out — only the
// height it had when last drawn is skipped. ImGui's list clipper for rows of different heights.
//
//   RowCull cull("combat", order.size() > RowCull::kFrom);
//   for (each row) {
//     if (!cull.begin(key)) { track(row_id, name); continue; }   // skipped: the row's space, tracked for the tests
//     … draw the row …
//     cull.end();
//   }
//
// A row not yet measured is drawn (so every row is measured once it has been on screen or near it); one that
// changes height while off screen is measured again when it comes back into view. Short lists are drawn whole.
#pragma once
#include <string>
#include <unordered_map>

namespace druzina::ui {

class RowCull {
 public:
  static constexpr size_t kFrom = 16;  // lists longer than this are culled
  RowCull(const char* list, bool on);
  // True: draw the row now and call end() after it. False: it is off screen and was skipped (its space kept,
  // its rectangle the last item, so a test id can be tracked on it).
  // may_skip false: always drawn (the row whose turn it is, which scrolls itself into view).
  bool begin(const std::string& key, bool may_skip = true);
  void end();

 private:
  std::unordered_map<std::string, float>& heights_;
  bool on_;
  std::string key_;
  float top_ = 0;
};

}  // namespace druzina::ui
