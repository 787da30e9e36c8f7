#include "ui/screens/welcome/welcome.hpp"

#include <imgui.h>

#include <string>

#include "platform/storage.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

constexpr const char* kKey = "ui.welcomed";

struct State {
  int seen = -1;  // -1 = not read yet
  int role = 0;   // 0 DM, 1 player
  std::string name;
};

State& st() {
  static State s;
  return s;
}

bool blank(const std::string& s) { return s.find_first_not_of(' ') == std::string::npos; }

void language_row() {
  static const Lang langs[] = {Lang::cs, Lang::uk, Lang::en};
  static const char* const names[] = {"Čeština", "Українська", "English"};
  const float w = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine();
    if (choice_button(names[i], ui().lang == langs[i], ImVec2(w, 48))) set_language(langs[i]);
    track(std::string("welcome.lang.") + std::string(lang_code(langs[i])), names[i]);
  }
}

}  // namespace

bool welcome_open() {
  State& s = st();
  if (s.seen < 0) s.seen = platform::storage().load(kKey) ? 1 : 0;
  if (s.seen) return false;
  const auto& c = model().state();
  // A campaign came (a link, an import, a script): not a first start. Nothing is written: only the user's own
  // answer is remembered.
  return c.name.empty() && c.creatures.empty();
}

void close_welcome() {
  st().seen = 1;
  platform::storage().save(kKey, "1");
}

void draw_welcome() {
  State& s = st();
  heading(T("ui.welcome.title"));
  track("screen.welcome", T("ui.welcome.title"));
  paragraph(T("ui.welcome.intro"));
  ImGui::Spacing();
  small_label(T("ui.welcome.language"));
  language_row();
  ImGui::Spacing();
  small_label(T("ui.welcome.role"));
  segmented("welcome.role", {{"dm", T("ui.welcome.role.dm")}, {"player", T("ui.welcome.role.player")}}, s.role);
  ImGui::Spacing();
  if (s.role == 0) {
    small_label(T("ui.welcome.name"));
    text_field("##welcome_name", T("ui.settings.data.name_hint"), s.name);
    track("welcome.name", s.name);
    muted(T("ui.welcome.dm_hint"));
  } else {
    muted(T("ui.welcome.player_hint"));
  }
  ImGui::Spacing();
  const bool dm = s.role == 0;
  ImGui::BeginDisabled(dm && blank(s.name));
  const bool start = big_button(T(dm ? "ui.welcome.start_dm" : "ui.welcome.start_player"), ImVec2(0, 60));
  ImGui::EndDisabled();
  track("welcome.start", T(dm ? "ui.welcome.start_dm" : "ui.welcome.start_player"));
  if (start && (!dm || model().dispatch(jobj{"type", "CreateCampaign", "name", s.name}))) {
    set_player_mode(!dm);
    close_welcome();
    ui().tab = Tab::party;
  }
  ImGui::Spacing();
  if (ImGui::Button(T("ui.welcome.skip"), ImVec2(ImGui::GetContentRegionAvail().x, 48))) {
    close_welcome();
    ui().tab = Tab::dice;
  }
  track("welcome.skip", T("ui.welcome.skip"));
  muted(T("ui.welcome.later"));
}

}  // namespace druzina::ui
