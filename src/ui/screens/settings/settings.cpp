// Settings: language, look (theme, text size), DM or player mode, what players see of HP (DM only), the
// campaign's rules (rule modules on/off, under a rule's switch its own choices: the settings_rule slot; exhaustion
// edition, potion warning), data (rename, export as JSON: copy
// or download, start a new campaign), and About with the SRD credit; two columns on wide screens. Campaign
// settings change through SetSettings (undoable); look and mode are preferences of this device
// (platform::storage(), through style.hpp and mode.hpp); a new campaign goes through the model (Model::reset).
#include <imgui.h>

#include <functional>
#include <map>
#include <string>

#include "core/campaign/engine.hpp"
#include "core/rules/potions/potions.hpp"
#include "core/io/save.hpp"
#include "platform/clipboard.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/settings/storage_ui.hpp"
#include "ui/share/pwa_ui.hpp"
#include "ui/share/share_buttons.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

struct State {
  int scroll_to_campaign = 0;  // frames left to scroll to the campaign's name (the top bar's name was tapped)
  bool export_open = false;
  std::string export_text;
  std::string name;
  bool name_dirty = false;
  std::string new_name;
  std::map<std::string, bool> open_groups;  // rule groups unfolded (all folded at first)
};

State& st() {
  static State s;
  return s;
}

void language_button(Lang lang, const char* name) {
  if (choice_button(name, ui().lang == lang)) set_language(lang);
  track(std::string("settings.lang.") + std::string(lang_code(lang)), name);
}

void draw_look() {
  ruled_section(T("ui.settings.look"));
  small_label(T("ui.settings.theme"));
  int theme = static_cast<int>(current_theme());
  if (segmented("settings.theme",
                     {{"dark", T("ui.settings.theme.dark")},
                      {"light", T("ui.settings.theme.light")},
                      {"contrast", T("ui.settings.theme.contrast")}},
                     theme))
    set_theme(static_cast<Theme>(theme));
  small_label(T("ui.settings.text_size"));
  int size = static_cast<int>(current_text_size());
  if (segmented("settings.text",
                     {{"small", T("ui.settings.text.small")},
                      {"normal", T("ui.settings.text.normal")},
                      {"large", T("ui.settings.text.large")}},
                     size))
    set_text_size(static_cast<TextSize>(size));
}

// The PIN pad: `title`, OK enabled for 4–8 digits, `then` gets them.
void open_pin_pad(const char* title, std::function<void(const std::string&)> then) {
  pad::Request r;
  r.title = title;
  r.pin = true;
  r.list_valid = valid_pin;
  pad::Action ok;
  ok.label = T("ui.pad.ok");
  ok.test_id = "pad.ok";
  ok.color = col_good();
  ok.run_text = std::move(then);
  r.actions.push_back(std::move(ok));
  pad::open(std::move(r));
}

void ask_pin_to_unlock() {
  open_pin_pad(T("ui.settings.pin.enter"), [](const std::string& pin) {
    if (unlock_dm_mode(pin)) model().notify(T("ui.settings.pin.unlocked"));
    else model().notify(T("ui.settings.pin.wrong"), true);
  });
}

// A new PIN, typed twice (a typo would lock the DM out of her own side).
void ask_new_pin() {
  open_pin_pad(T("ui.settings.pin.new"), [](const std::string& first) {
    open_pin_pad(T("ui.settings.pin.again"), [first](const std::string& second) {
      if (second != first) {
        model().notify(T("ui.settings.pin.mismatch"), true);
        return;
      }
      set_dm_pin(first);
      model().notify(T("ui.settings.pin.saved"));
    });
  });
}

void draw_mode() {
  ruled_section(T("ui.settings.mode"));
  int mode = ui_player_mode() ? 1 : 0;
  if (segmented("settings.mode", {{"dm", T("ui.settings.mode.dm")}, {"player", T("ui.settings.mode.player")}},
                     mode)) {
    if (mode == 1) set_player_mode(true);
    else if (!set_player_mode(false)) ask_pin_to_unlock();  // locked: the PIN first
  }
  muted(T(ui_player_mode() ? "ui.settings.mode.player_hint" : "ui.settings.mode.dm_hint"));
  if (ui_player_mode()) {
    if (dm_pin_set()) muted(T("ui.settings.pin.locked"));
    return;
  }
  if (!dm_pin_set()) {
    if (big_button(T("ui.settings.pin.lock"))) ask_new_pin();
    track("settings.pin.lock", T("ui.settings.pin.lock"));
  } else {
    muted(T("ui.settings.pin.on"));
    if (big_button(T("ui.settings.pin.remove"))) {
      set_dm_pin("");
      model().notify(T("ui.settings.pin.removed"));
    }
    track("settings.pin.remove", T("ui.settings.pin.remove"));
  }
  muted(T("ui.settings.pin.hint"));
}

// What player mode (and a player's share link) shows of HP: the party's and the NPCs'/monsters' separately.
// The DM's choice for the campaign (SetSettings, undoable); players do not see the control.
void draw_hp_visibility() {
  if (ui_player_mode()) return;
  ruled_section(T("ui.settings.hp_vis"));
  muted(T("ui.settings.hp_vis_hint"));
  const auto& v = model().state().settings.hp_visibility;
  static const char* const kModes[] = {"exact", "status", "hidden"};
  auto index_of = [](const std::string& mode) {
    for (int i = 0; i < 3; ++i)
      if (mode == kModes[i]) return i;
    return 0;
  };
  const std::vector<Option> options = {{"exact", T("ui.settings.hp_vis.exact")},
                                            {"status", T("ui.settings.hp_vis.status")},
                                            {"hidden", T("ui.settings.hp_vis.hidden")}};
  small_label(T("ui.settings.hp_vis.others"));
  int others = index_of(v.others);
  if (segmented("settings.hp_others", options, others))
    model().dispatch({{"type", "SetSettings"}, {"hp_visibility", {{"others", kModes[others]}}}});
  small_label(T("ui.settings.hp_vis.party"));
  int party = index_of(v.party);
  if (segmented("settings.hp_party", options, party))
    model().dispatch({{"type", "SetSettings"}, {"hp_visibility", {{"party", kModes[party]}}}});
}

// The rule switches in three groups (house rules, the DM's rules, the table's helpers), each folded under a card
// that says how many of its rules are on: the column stays short enough to find the rest of Settings.
void draw_rule_group(const char* group, const char* title_key, const std::vector<campaign::RuleSwitch>& switches,
                     bool player) {
  int on = 0, total = 0;
  for (const auto& s : switches)
    if (s.group == group) total += 1, on += s.on ? 1 : 0;
  if (total == 0) return;
  bool& open = st().open_groups[group];
  const std::string id = std::string("settings.rules.") + group;
  const std::string title = std::string(open ? "\xE2\x88\x92 " : "+ ") + T(title_key);
  if (card_button(id, title.c_str(), Tf("ui.settings.group.count", jobj{"on", on, "n", total}).c_str(), open))
    open = !open;
  if (!open) return;
  ImGui::BeginDisabled(player);
  for (const auto& s : switches) {
    if (s.group != group) continue;
    std::string name = has_key(ui().lang, s.name_key) ? std::string(T(s.name_key)) : s.id;
    const char* desc = has_key(ui().lang, s.desc_key) ? T(s.desc_key) : nullptr;
    if (switch_row("settings.rule." + s.id, name.c_str(), s.on, desc))
      model().dispatch({{"type", "SetSettings"}, {"rules", {{s.id, !s.on}}}});
    if (s.on) {  // the rule's own choices, under its switch
      SlotContext ctx;
      ctx.rule = s.id;
      ImGui::Indent(gap());
      draw_slot(Slot::settings_rule, ctx);
      ImGui::Unindent(gap());
    }
  }
  ImGui::EndDisabled();
}

void draw_campaign_rules() {
  ruled_section(T("ui.settings.rules"));
  const auto& settings = model().state().settings;
  const bool player = ui_player_mode();
  if (player) muted(T("ui.settings.rules_player"));
  const auto switches = campaign::Engine::standard().rule_switches(model().state());
  if (switches.empty()) muted(T("ui.settings.rules_none"));
  draw_rule_group("house", "ui.settings.group.house", switches, player);
  draw_rule_group("dm", "ui.settings.group.dm", switches, player);
  draw_rule_group("table", "ui.settings.group.table", switches, player);
  ImGui::BeginDisabled(player);
  ImGui::Spacing();
  small_label(T("ui.settings.exhaustion"));
  int ed = settings.exhaustion_edition == 2024 ? 1 : 0;
  if (segmented("settings.exhaustion",
                     {{"2014", T("ui.settings.exhaustion.2014")}, {"2024", T("ui.settings.exhaustion.2024")}}, ed))
    model().dispatch({{"type", "SetSettings"}, {"exhaustion_edition", ed == 1 ? 2024 : 2014}});
  if (rule_on(rules::kPotions)) {  // (the potions rule's own setting: refused while it is off)
    small_label(T("ui.settings.potions"));
    int potions = rules::potion_warning_threshold(model().state());
    if (stepper("settings.potions", potions, 0, 99))
      model().dispatch(jobj{"type", "SetSettings", "potion_warning_threshold", potions});
  }
  ImGui::EndDisabled();
}

void reset_campaign() {
  // A new campaign beside the others (the list in Campaigns below); the current one stays as it is.
  if (!model().new_campaign()) return;
  st() = State{};
  model().notify(T("ui.settings.data.reset_done"));
}

void draw_data() {
  State& s = st();
  if (s.scroll_to_campaign > 0) {  // the section's heading at the top (a few frames: the first is laid out with
    ImGui::SetScrollHereY(0.0f);   // the previous screen's height, which clamps the scroll)
    --s.scroll_to_campaign;
  }
  ruled_section(T("ui.settings.data"));
  const auto& c = model().state();
  const bool player = ui_player_mode();
  if (c.name.empty()) {
    small_label(T("ui.settings.data.create_label"));
    text_field("##newname", T("ui.settings.data.name_hint"), s.new_name);
    track("settings.campaign.new_name", s.new_name);
    ImGui::BeginDisabled(s.new_name.find_first_not_of(' ') == std::string::npos);
    if (choice_button(T("ui.settings.data.create"), true))
      if (model().dispatch(jobj{"type", "CreateCampaign", "name", s.new_name})) s.new_name.clear();
    ImGui::EndDisabled();
    track("settings.campaign.create", T("ui.settings.data.create"));
  } else if (!player) {
    if (!s.name_dirty) s.name = c.name;
    small_label(T("ui.settings.data.name"));
    if (text_field("##name", T("ui.settings.data.name_hint"), s.name)) s.name_dirty = true;
    track("settings.campaign.name", s.name);
    if (s.name_dirty) {
      ImGui::BeginDisabled(s.name.find_first_not_of(' ') == std::string::npos);
      if (choice_button(T("ui.settings.data.rename"), true))
        if (model().dispatch(jobj{"type", "SetSettings", "name", s.name})) s.name_dirty = false;
      ImGui::EndDisabled();
      track("settings.campaign.rename", T("ui.settings.data.rename"));
    }
  }
  ImGui::Spacing();
  if (switch_row("settings.export", T("ui.settings.data.export"), s.export_open, T("ui.settings.data.export_hint"))) {
    s.export_open = !s.export_open;
    if (s.export_open) {
      // Indented, so a person can read it in the field; still the same JSON for an import.
      std::string text = io::save(model().session());
      auto doc = nlohmann::json::parse(text, nullptr, false);
      s.export_text = doc.is_discarded() ? text : doc.dump(1);
    }
  }
  if (s.export_open) {
    // The buttons come first: the field scrolls on its own, so a swipe over it would not reach them.
    const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
    if (big_button(T("ui.settings.data.copy"), ImVec2(half, kTouchTarget))) {
      if (platform::copy_text(s.export_text)) model().notify(T("ui.settings.data.copied"));
      else model().notify(T("ui.settings.data.copy_failed"), true);
    }
    track("settings.export.copy", T("ui.settings.data.copy"));
    ImGui::SameLine(0, 10);
    if (big_button(T("ui.settings.data.download"), ImVec2(half, kTouchTarget))) {
      std::string file = "druzina-" + (c.name.empty() ? std::string("campaign") : c.name) + ".json";
      for (char& ch : file)
        if (ch == '/' || ch == '\\' || ch == ':' || ch == ' ') ch = '-';
      if (!platform::download_text(file, s.export_text)) model().notify(T("ui.settings.data.copy_failed"), true);
    }
    track("settings.export.download", T("ui.settings.data.download"));
    text_area("##export", s.export_text, 160, ImGuiInputTextFlags_ReadOnly);
    track("settings.export.text", std::to_string(s.export_text.size()));
  }
  ImGui::Spacing();
  draw_settings_share_button();
  if (!player) {
    ImGui::Spacing();
    if (big_button(T("ui.settings.data.reset")))
      ask_confirm("settings.reset", T("ui.settings.data.reset_q"), T("ui.settings.data.reset_yes"), T("ui.ctl.cancel"));
    track("settings.reset", T("ui.settings.data.reset"));
    if (confirm_popup("settings.reset"))
      reset_campaign();
  }
}

void draw_about() {
  ruled_section(T("ui.about.title"));
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

}  // namespace

void ruled_section(const char* title) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  heading(title);
}

void show_campaign_settings() {
  ui().tab = Tab::settings;
  st().scroll_to_campaign = 3;
}

void draw_settings() {
  heading(T("ui.tab.settings"));
  track("screen.settings", T("ui.tab.settings"));
  ImGui::TextUnformatted(T("ui.settings.language"));
  language_button(Lang::cs, "Čeština");
  language_button(Lang::uk, "Українська");
  language_button(Lang::en, "English");
  // Wide screens (landscape, tablet): two columns of about equal length.
  const bool wide = ImGui::GetMainViewport()->Size.x >= 700.0f;  // as wide_layout() (widgets/creature_ui.hpp)
  if (wide && ImGui::BeginTable("##settings2", 2, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX)) {
    ImGui::TableNextColumn();
    draw_look();
    draw_mode();
    draw_hp_visibility();
    draw_live_settings();
    draw_data();
    draw_campaigns();
    draw_recovery();
    ImGui::TableNextColumn();
    draw_campaign_rules();  // the longest section: a column of its own
    draw_app_section();
    draw_about();
    ImGui::EndTable();
    return;
  }
  draw_look();
  draw_mode();
  draw_hp_visibility();
  draw_live_settings();
  draw_campaign_rules();
  draw_data();
  draw_campaigns();
  draw_recovery();
  draw_app_section();
  draw_about();
}

}  // namespace druzina::ui
