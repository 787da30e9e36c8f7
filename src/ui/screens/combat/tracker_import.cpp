// Rule "tracker-import" on the Combat screen's setup (DM only): "Import from another tracker" opens the file
// picker; the file is read by the core (rules::preview_import) into a preview — how many monsters, characters and
// encounters, each creature's fields that do not map, the entries left out — or the reason it is refused; Import
// runs ImportCreatures (one undo step), Cancel drops the preview. Test ids: combat.import, combat.import.summary,
// combat.import.unmapped, combat.import.skipped, combat.import.error, combat.import.do, combat.import.cancel.
#include <imgui.h>

#include <optional>

#include "core/error.hpp"
#include "core/json_obj.hpp"
#include "core/rules/tracker_import/tracker_import.hpp"
#include "platform/files.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

namespace {

constexpr const char* kFormatKey = "rules.import.format.";  // + ii | 5etools | fc5

struct ImportUi {
  std::optional<rules::ImportPreview> preview;
  std::optional<UserError> error;
  std::string file;
};

ImportUi& iu() {
  static ImportUi s;
  return s;
}

void on_file(const char* name, const char* text, int ok) {
  ImportUi& s = iu();
  s = ImportUi{};
  s.file = name ? name : "";
  try {
    if (!ok) throw UserError("rules.err.import_too_large", jobj{"max_mb", rules::kMaxImportBytes >> 20});
    s.preview = rules::preview_import(text ? text : "");
  } catch (const UserError& e) {
    s.error = e;
  }
}

void draw_tracker_import() {
  if (ui_player_mode() || !rule_on(rules::kTrackerImport)) return;
  ImportUi& s = iu();
  if (!s.preview && !s.error) {
    if (big_button(T("ui.import.title"))) platform::pick_file(&on_file, static_cast<int>(rules::kMaxImportBytes));
    track("combat.import", T("ui.import.title"));
    return;
  }
  begin_card("##import");
  section(T("ui.import.title"));
  if (!s.file.empty()) muted(s.file.c_str());
  bool close = false;
  if (s.error) {
    const std::string msg = s.error->message(ui().lang);
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", msg.c_str());
    ImGui::PopStyleColor();
    track("combat.import.error", msg);
    if (big_button(T("ui.common.cancel"))) close = true;
    track("combat.import.cancel", T("ui.common.cancel"));
  } else {
    const rules::ImportPreview& p = *s.preview;
    const std::string summary = Tf("ui.import.summary", jobj{"monsters", p.monsters.size(), "party", p.party.size(),
                                                            "encounters", p.encounters.size()});
    ImGui::TextWrapped("%s", (T(std::string(kFormatKey) + p.format) + std::string(": ") + summary).c_str());
    track("combat.import.summary", summary);
    std::string unmapped;
    auto list = [&](const std::string& who, const std::vector<std::string>& fields) {
      for (const auto& f : fields) unmapped += who + " \xE2\x80\x94 " + f + "\n";  // —
    };
    for (const auto& x : p.monsters) list(x.creature.name, x.unmapped);
    for (const auto& x : p.party) list(x.creature.name, x.unmapped);
    for (const auto& e : p.encounters) list(e.name, e.unmapped);
    if (!unmapped.empty()) {
      ImGui::TextWrapped("%s", T("ui.import.unmapped"));
      ImGui::PushFont(ui().fonts.small);
      ImGui::TextWrapped("%s", unmapped.c_str());
      ImGui::PopFont();
      track("combat.import.unmapped", unmapped);
    }
    if (!p.skipped.empty()) {
      std::string skipped;
      for (const auto& k : p.skipped) skipped += (skipped.empty() ? "" : ", ") + k;
      muted((std::string(T("ui.import.skipped")) + " " + skipped).c_str());
      track("combat.import.skipped", skipped);
    }
    const float w = split_width(2);
    if (big_button(T("ui.common.cancel"), ImVec2(w, kTouchTarget))) close = true;
    track("combat.import.cancel", T("ui.common.cancel"));
    ImGui::SameLine();
    if (colored_button(T("ui.import.do"), col_good(), ImVec2(w, kTouchTarget), "combat.import.do") &&
        dispatch_and_tell(rules::import_command(p)))
      close = true;
  }
  end_card();
  if (close) s = ImportUi{};
}

}  // namespace

RulePanels tracker_import_ui() { return {{Slot::combat_add, [](SlotContext&) { draw_tracker_import(); }}}; }

}  // namespace druzina::ui
