#include "ui/screens/log/log.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/session.hpp"
#include "platform/lifecycle.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/row_cull.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

constexpr long long kSessionGapMs = 3LL * 60 * 60 * 1000;

struct Row {
  long long tx = 0;
  std::string meta;  // "#12 · day 1, 08:02 · 21:40 · player"
  std::string text;  // the lines, one per line
  int session = 0;            // play sessions counted oldest first
  bool session_start = false;  // the first row shown of its session (its newest step)
  std::string session_title;
};

struct State {
  bool open = false;
  long long focus = 0;   // the step to scroll to (0 = none)
  int scroll_frames = 0;  // frames left to keep it in view (the layout settles in the first frames)
  bool to_top = false;    // just opened: from the top (the screen area kept the tab's scroll)
  // the rows, rebuilt when the history, the language or the mode changed
  std::string key;
  std::vector<Row> rows;
};

State& st() {
  static State s;
  return s;
}

std::string cache_key() {
  const auto& s = model().session();
  return std::to_string(model().state().last_tx) + "/" + std::to_string(s.undo_depth()) + "/" +
         std::to_string(s.redo_depth()) + "/" + std::string(lang_code(ui().lang)) + "/" +
         (ui_player_mode() ? "p" : "d") + "/" + model().campaign_id();
}

void rebuild() {
  State& s = st();
  s.key = cache_key();
  s.rows.clear();
  const auto audience = ui_player_mode() ? campaign::LogAudience::player : campaign::LogAudience::dm;
  auto log = model().session().log(ui().lang, audience);
  const std::string lang(lang_code(ui().lang));
  // Sessions are found oldest first (a gap opens a new one), then shown newest first.
  std::optional<long long> last_wall;
  int session = 0;
  for (const auto& e : log) {
    Row r;
    r.tx = e.tx;
    const bool starts = session == 0 || (e.wall && (!last_wall || *e.wall - *last_wall > kSessionGapMs));
    if (starts) ++session;
    if (e.wall) last_wall = e.wall;
    r.session = session;
    r.session_title = !starts ? s.rows.back().session_title
                      : e.wall ? Tf("ui.log.session", {{"date", platform::local_date(*e.wall, lang)}})
                               : std::string(T("ui.log.session_undated"));
    r.meta = "#" + std::to_string(e.tx) + " \xC2\xB7 " + clock_text(e.at);
    if (e.wall) r.meta += " \xC2\xB7 " + platform::local_clock(*e.wall, lang);
    if (e.by == "player") r.meta += " \xC2\xB7 " + std::string(T("ui.log.by_player"));
    r.text = join_lines(e.lines);
    s.rows.push_back(std::move(r));
  }
  std::reverse(s.rows.begin(), s.rows.end());
  for (size_t i = 0; i < s.rows.size(); ++i)  // a title above each session's newest step
    s.rows[i].session_start = i == 0 || s.rows[i].session != s.rows[i - 1].session;
}

}  // namespace

bool log_open() { return st().open; }

void open_log(long long tx) {
  State& s = st();
  s.open = true;
  s.focus = tx;
  s.scroll_frames = tx ? 3 : 0;
  s.key.clear();
  s.to_top = true;
}

void close_log() { st().open = false; }

void draw_log() {
  State& s = st();
  if (s.key != cache_key()) rebuild();
  if (s.to_top) {
    ImGui::SetScrollY(0);
    s.to_top = false;
  }
  const float close_w = 56.0f;
  ImGui::PushFont(ui().fonts.big);
  ImGui::TextUnformatted(T("ui.log.title"));
  ImGui::PopFont();
  ImGui::SameLine(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - close_w);
  if (big_button("\xE2\x9C\x95##log", ImVec2(close_w, kTouchTarget))) {  // ✕
    close_log();
    return;
  }
  track("log.close", T("ui.common.close"));
  muted(T(ui_player_mode() ? "ui.log.hint_player" : "ui.log.hint"));
  if (s.rows.empty()) {
    muted(T("ui.log.empty"));
    track("log.empty", T("ui.log.empty"));
    return;
  }
  int session_n = 0;
  RowCull cull("log", s.rows.size() > RowCull::kFrom);
  for (const Row& r : s.rows) {
    if (r.session_start) {
      ImGui::Spacing();
      section(r.session_title.c_str());
      track("log.session." + std::to_string(++session_n), r.session_title);
    }
    const bool focused = r.tx == s.focus;
    if (!cull.begin(std::to_string(r.tx), !(focused && s.scroll_frames > 0))) {
      track("log.entry." + std::to_string(r.tx), r.text);
      continue;
    }
    ImGui::PushID(static_cast<int>(r.tx));
    begin_card("##entry", focused ? ImGui::GetStyleColorVec4(ImGuiCol_FrameBgActive) : ImVec4(0, 0, 0, 0));
    ImGui::PushFont(ui().fonts.small);
    ImGui::PushStyleColor(ImGuiCol_Text, col_muted());
    ImGui::TextUnformatted(r.meta.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(r.text.c_str());
    ImGui::PopTextWrapPos();
    end_card();
    track("log.entry." + std::to_string(r.tx), r.text);
    if (focused && s.scroll_frames > 0) {
      ImGui::SetScrollHereY(0.3f);
      --s.scroll_frames;
    }
    ImGui::PopID();
    cull.end();
  }
  ImGui::Spacing();
  muted(T("ui.log.older"));
  track("log.older", T("ui.log.older"));
}

}  // namespace druzina::ui
