// Rule "initiative-variants" (DM only): its choices under its switch in Settings → Rules (SetSettings
// {initiative_variant, initiative_ties}), and before a fight (under Start) a line saying which variant the fight
// will run by, when it is not the base one. The variants themselves are the core's (rules::initiative_variant).
// Test ids: settings.initiative.variant.<standard | reroll | side>, settings.initiative.ties.<standard |
// dex_rolloff>, combat.initiative_variant.
#include <imgui.h>

#include <string>
#include <vector>

#include "core/json_obj.hpp"
#include "core/rules/initiative_variants/initiative_variants.hpp"
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

const std::vector<std::string> kVariants = {"standard", "reroll", "side"};
const std::vector<std::string> kTies = {"standard", "dex_rolloff"};

int index_of(const std::vector<std::string>& list, const std::string& v) {
  for (size_t k = 0; k < list.size(); ++k)
    if (list[k] == v) return static_cast<int>(k);
  return 0;
}

// One setting: a label, a button per value (the chosen one highlighted) and what the chosen one means.
void choice(const char* setting, const std::vector<std::string>& values, const std::string& now, const char* param) {
  small_label(T(std::string("rules.initiative.") + setting));
  std::vector<std::string> labels;
  for (const auto& v : values) labels.push_back(Tk(std::string("ui.initiative.") + setting + ".", v));
  int at = index_of(values, now);
  if (segmented(std::string("settings.initiative.") + setting, options(values, labels), at, 1))
    model().dispatch(jobj{"type", "SetSettings", param, values[static_cast<size_t>(at)]});
  muted(Tk(std::string("rules.initiative.") + setting + ".", now).c_str());
}

void settings_panel(SlotContext& x) {
  if (x.rule != rules::kInitiativeVariants) return;
  const rules::InitiativeVariant v = rules::initiative_variant(model().state());
  choice("variant", kVariants, v.variant, "initiative_variant");
  choice("ties", kTies, v.ties, "initiative_ties");
}

// Before a fight: the variant it will run by (nothing for the base rules).
void setup_line(SlotContext&) {
  if (ui_player_mode() || !rule_on(rules::kInitiativeVariants)) return;
  const rules::InitiativeVariant v = rules::initiative_variant(model().state());
  std::string text;
  if (v.variant != "standard") text = std::string(T("rules.initiative.variant")) + ": " + Tk("rules.initiative.variant.", v.variant);
  if (v.ties != "standard") {
    if (!text.empty()) text += "\n";
    text += std::string(T("rules.initiative.ties")) + ": " + Tk("rules.initiative.ties.", v.ties);
  }
  if (text.empty()) return;
  muted(text.c_str());
  track("combat.initiative_variant", text);
}

}  // namespace

RulePanels initiative_variants_ui() {
  return {{Slot::settings_rule, settings_panel}, {Slot::combat_setup, setup_line}};
}

}  // namespace druzina::ui
