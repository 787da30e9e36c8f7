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
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

struct Row {
  long long tx = 0;
  std::string meta;  // "#12 · day 1, 08:02 · 21:40 · player"
  std::string text;  // the lines, one per line
  int session = 0;             // the history's session number (oldest = 1)
  bool session_start = false;  // the session's title goes above this row (its newest step, or its summary)
  std::string session_title;
  std::string summary;         // a folded session's line ("" = none): drawn under the title
  bool foldable = false;       // a Fold button under the title (DM mode, a past session)
  bool summary_only = false;   // the row is the title + summary, no step
  long long hidden_steps = 0;  // a session not opened: its steps, behind a Show button
};

constexpr int kOpenNewest = 2;  // sessions shown in full without a tap (older ones: title, summary, Show)

struct State {
  bool open = false;
  long long focus = 0;   // the step to scroll to (0 = none)
  int scroll_frames = 0;  // frames left to keep it in view (the layout settles in the first frames)
  bool to_top = false;    // just opened: from the top (the screen area kept the tab's scroll)
  // the rows, rebuilt when the history, the language or the mode changed
  std::string key;
  std::vector<Row> rows;
  bool older = false;     // the history starts after the campaign's first step (a save from before it was kept)
  std::vector<int> opened;  // older sessions opened with Show
};

State& st() {
  static State s;
  return s;
}

std::string cache_key() {
  const auto& s = model().session();
  return std::to_string(model().state().last_tx) + "/" + std::to_string(s.undo_depth()) + "/" +
         std::to_string(s.redo_depth()) + "/" + std::string(lang_code(ui().lang)) + "/" +
         (ui_player_mode() ? "p" : "d") + "/" + model().campaign_id() + "/" + std::to_string(st().opened.size());
}

std::string session_title(const campaign::HistView& v, const std::string& lang) {
  std::string title = v.first_wall ? Tf("ui.log.session", jobj{"date", platform::local_date(*v.first_wall, lang)})
                                   : std::string(T("ui.log.session_undated"));
  return title + " \xC2\xB7 " + Tf("ui.log.session_n", jobj{"n", static_cast<long long>(v.n)});
}

std::string summary_line(const campaign::HistView& v) {
  std::string line = Tf("ui.log.summary", jobj{"summary", v.summary});
  if (v.automatic) line += " " + std::string(T("ui.log.summary_auto"));
  return line;
}

// The history session by session (campaign::Session::history_log), newest session first, each newest step first.
void rebuild() {
  State& s = st();
  s.key = cache_key();
  s.rows.clear();
  const bool player = ui_player_mode();
  auto sessions = model().session().history_log(
      ui().lang, player ? campaign::LogAudience::player : campaign::LogAudience::dm, {kOpenNewest, s.opened});
  const std::string lang(lang_code(ui().lang));
  s.older = !sessions.empty() && sessions.front().first_tx > 1;
  for (auto v = sessions.rbegin(); v != sessions.rend(); ++v) {
    if (v->entries.empty() && v->summary.empty() && !v->collapsed) continue;
    const std::string title = session_title(*v, lang);
    const size_t first = s.rows.size();
    for (auto e = v->entries.rbegin(); e != v->entries.rend(); ++e) {
      Row r;
      r.tx = e->tx;
      r.session = v->n;
      r.meta = "#" + std::to_string(e->tx) + " \xC2\xB7 " + clock_text(e->at);
      if (e->wall) r.meta += " \xC2\xB7 " + platform::local_clock(*e->wall, lang);
      if (e->player) r.meta += " \xC2\xB7 " + std::string(T("ui.log.by_player"));
      r.text = join_lines(e->lines);
      s.rows.push_back(std::move(r));
    }
    if (s.rows.size() == first) {  // folded whole: the title and the summary alone
      Row r;
      r.session = v->n;
      r.summary_only = true;
      s.rows.push_back(std::move(r));
    }
    Row& head = s.rows[first];
    head.session_start = true;
    head.session_title = title;
    head.summary = v->summary.empty() ? std::string() : summary_line(*v);
    head.foldable = v->foldable && !player;
    if (v->collapsed) head.hidden_steps = static_cast<long long>(v->unfolded);
  }
}

// A session's title, its summary (a folded session) and its Fold button.
void draw_session_head(const Row& r) {
  ImGui::Spacing();
  section(r.session_title.c_str());
  const std::string n = std::to_string(r.session);
  track("log.session." + n, r.session_title);
  if (!r.summary.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(r.summary.c_str());
    ImGui::PopTextWrapPos();
    track("log.summary." + n, r.summary);
  }
  if (r.hidden_steps > 0) {
    const std::string label = Tf("ui.log.show", jobj{"n", r.hidden_steps});
    if (big_button((label + "##show" + n).c_str())) st().opened.push_back(r.session);
    track("log.show." + n, label);
  }
  if (r.foldable) {
    if (big_button((std::string(T("ui.log.fold")) + "##fold" + n).c_str()))
      model().dispatch(jobj{"type", "FoldSession", "session", r.session});
    track("log.fold." + n, T("ui.log.fold"));
  }
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
  RowCull cull("log", s.rows.size() > RowCull::kFrom);
  for (const Row& r : s.rows) {
    if (r.session_start) draw_session_head(r);
    if (r.summary_only) continue;
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
  if (!s.older) return;
  ImGui::Spacing();
  muted(T("ui.log.older"));
  track("log.older", T("ui.log.older"));
}

}  // namespace druzina::ui
