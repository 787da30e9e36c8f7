// Settings: language (more settings come with the table-UI issue) and About, with the SRD credit.
#include <imgui.h>

#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

namespace {

void language_button(Lang lang, const char* name) {
  bool active = ui().lang == lang;
  if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (big_button(name)) set_language(lang);
  if (active) ImGui::PopStyleColor();
  track(std::string("settings.lang.") + std::string(lang_code(lang)), name);
}

}  // namespace

void draw_settings() {
  heading(T("ui.tab.settings"));
  track("screen.settings", T("ui.tab.settings"));
  ImGui::TextUnformatted(T("ui.settings.language"));
  language_button(Lang::cs, "Čeština");
  language_button(Lang::uk, "Українська");
  language_button(Lang::en, "English");
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  heading(T("ui.about.title"));
  ImGui::TextWrapped("%s", T("ui.about.version"));
  ImGui::SameLine();
  ImGui::TextUnformatted(DRUZINA_VERSION);
  ImGui::Spacing();
  muted(T("ui.about.body"));
  ImGui::Spacing();
  muted(T("ui.about.srd"));
  track("about.srd", T("ui.about.srd"));
  ImGui::Spacing();
  muted(T("ui.about.libraries"));
}

}  // namespace druzina::ui
