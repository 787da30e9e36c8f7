// The Share screen (see share_ui.hpp).
#include <imgui.h>

#include <string>
#include <vector>

#include "core/share/link.hpp"
#include "platform/clipboard.hpp"
#include "platform/files.hpp"
#include "platform/link.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/share/qr.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/share/share_ui.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

struct State {
  bool open = false;
  ShareKind kind = ShareKind::table;
  std::string creature;
  // The link as last made, and what it was made from (re-made when the campaign changes).
  std::string made_from;
  ShareKind made_kind = ShareKind::table;
  std::string made_creature;
  std::string url;    // page address + fragment
  std::string error;  // the codec's refusal, in the user's language
  bool to_top = false;  // just opened: the screen area starts at its top (not where the sheet was scrolled)
};

State& st() {
  static State s;
  return s;
}

share::LinkKind link_kind(ShareKind k) {
  switch (k) {
    case ShareKind::table: return share::LinkKind::table;
    case ShareKind::character: return share::LinkKind::character;
    case ShareKind::campaign: return share::LinkKind::campaign;
  }
  return share::LinkKind::table;
}

bool shareable_character(const campaign::Creature& c) {
  return campaign::in_party(c) && !c.hidden;
}

void remake() {
  State& s = st();
  const std::string& now = model().last_saved();
  if (!s.url.empty() || !s.error.empty())
    if (s.made_from == now && s.made_kind == s.kind && s.made_creature == s.creature) return;
  s.made_from = now;
  s.made_kind = s.kind;
  s.made_creature = s.creature;
  s.url.clear();
  s.error.clear();
  if (s.kind == ShareKind::character && s.creature.empty()) return;
  try {
    share::LinkOptions options;
    options.campaign_id = share_ids::campaign_id(model().campaign_id());
    options.made_at = platform::link::wall_clock_ms();
    std::string fragment = share::encode(link_kind(s.kind), model().session(), s.creature, options);
    s.url = platform::link::page_url() + fragment;
  } catch (const UserError& e) {
    s.error = e.message(ui().lang);
  } catch (const std::exception&) {
    s.error = T("ui.share.err.make");
  }
}

std::string file_name(const char* suffix) {
  const std::string& name = model().state().name;
  std::string file = "druzina-" + (name.empty() ? std::string("campaign") : name) + "-" + suffix + ".txt";
  for (char& ch : file)
    if (ch == '/' || ch == '\\' || ch == ':' || ch == ' ') ch = '-';
  return file;
}

void draw_kind_picker() {
  State& s = st();
  const bool player = ui_player_mode();
  std::vector<Option> options = {{"table", T("ui.share.kind.table")}, {"character", T("ui.share.kind.character")}};
  std::vector<ShareKind> kinds = {ShareKind::table, ShareKind::character};
  if (!player) {
    options.push_back({"campaign", T("ui.share.kind.campaign")});
    kinds.push_back(ShareKind::campaign);
  }
  int current = 0;
  for (size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == s.kind) current = static_cast<int>(i);
  if (segmented("share.kind", options, current)) s.kind = kinds[static_cast<size_t>(current)];

  if (s.kind == ShareKind::character) {
    std::vector<Option> people;
    std::vector<std::string> ids;
    for (const auto& c : model().state().creatures)
      if (shareable_character(c)) {
        people.push_back({c.id, c.name});
        ids.push_back(c.id);
      }
    if (ids.empty()) {
      muted(T("ui.share.no_characters"));
      return;
    }
    int who = -1;
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == s.creature) who = static_cast<int>(i);
    if (who < 0) {
      who = 0;
      s.creature = ids[0];
    }
    small_label(T("ui.share.which_character"));
    if (segmented("share.who", people, who, 2)) s.creature = ids[static_cast<size_t>(who)];
  }
  const char* hint = s.kind == ShareKind::table       ? "ui.share.hint.table"
                     : s.kind == ShareKind::character ? (player ? "ui.share.hint.character_back" : "ui.share.hint.character")
                                                      : "ui.share.hint.campaign";
  muted(T(hint));
}

}  // namespace

void open_share(ShareKind kind, const std::string& creature_id) {
  State& s = st();
  s.open = true;
  s.to_top = true;
  s.kind = kind;
  s.creature = creature_id;
  s.url.clear();
  s.error.clear();
}

bool share_open() { return st().open; }
void close_share() { st().open = false; }

void draw_share() {
  State& s = st();
  if (s.to_top) {
    ImGui::SetScrollY(0);
    s.to_top = false;
  }
  {
    const float w = ImGui::GetContentRegionAvail().x;
    if (big_button(T("ui.share.back"), ImVec2(std::min(160.0f, w * 0.4f), kTouchTarget))) {
      s.open = false;
      return;
    }
    track("share.back", T("ui.share.back"));
  }
  heading(T("ui.share.title"));
  track("screen.share", T("ui.share.title"));
  draw_kind_picker();
  remake();
  ImGui::Spacing();
  if (!s.error.empty()) {
    error_text(s.error.c_str());
    track("share.error", s.error);
    return;
  }
  if (s.url.empty()) return;

  const size_t length = s.url.size();
  const QrInfo qr = qr_info(s.url);
  const float side = std::min(ImGui::GetContentRegionAvail().x, 520.0f);
  if (qr.ok) {
    draw_qr(s.url, side);
    track("share.qr", std::to_string(qr.modules));
  } else {
    error_text(T("ui.share.qr_too_long"));
    track("share.qr_too_long", T("ui.share.qr_too_long"));
  }
  ImGui::Spacing();
  std::string len = Tf("ui.share.length", jobj{"n", static_cast<long long>(length)});
  if (qr.ok) len += " · " + Tf("ui.share.qr_size", jobj{"modules", qr.modules});
  ImGui::TextWrapped("%s", len.c_str());
  track("share.length", std::to_string(length));

  const bool long_link = length > share::kLongLink;
  if (long_link) {
    error_text(T("ui.share.too_long"));
    track("share.too_long", T("ui.share.too_long"));
  }
  const float gap = 10.0f;
  const bool can_share = platform::link::can_share();
  const float half = (ImGui::GetContentRegionAvail().x - gap) * 0.5f;
  if (big_button(T("ui.share.copy"), ImVec2(can_share ? half : 0, kTouchTarget))) {
    if (platform::copy_text(s.url)) model().notify(T("ui.share.copied"));
    else model().notify(T("ui.share.copy_failed"), true);
  }
  track("share.copy", T("ui.share.copy"));
  if (can_share) {
    ImGui::SameLine(0, gap);
    if (big_button(T("ui.share.send"), ImVec2(half, kTouchTarget))) {
      if (!platform::link::share_url(T("ui.share.sheet_title"), s.url)) model().notify(T("ui.share.send_failed"), true);
    }
    track("share.send", T("ui.share.send"));
  }
  if (long_link || !qr.ok) {
    if (big_button(T("ui.share.file"))) {
      const char* suffix = s.kind == ShareKind::table ? "table" : s.kind == ShareKind::character ? "character" : "campaign";
      const std::string name = file_name(suffix);
      const bool sent = platform::can_share_files() ? platform::share_file(name, s.url + "\n", "text/plain")
                                                    : platform::download_text(name, s.url + "\n", "text/plain");
      if (!sent) model().notify(T("ui.share.send_failed"), true);
    }
    track("share.file", T("ui.share.file"));
  }
  ImGui::Spacing();
  small_label(T("ui.share.link"));
  // The address itself, small: a person can check where it points; the test reads it from here.
  ImGui::PushFont(ui().fonts.small);
  const size_t shown = std::min<size_t>(s.url.size(), 400);
  std::string text = s.url.substr(0, shown) + (shown < s.url.size() ? "…" : "");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  track("share.link", s.url);
}

}  // namespace druzina::ui
