// Rule "magic-items" on the sheet: the attunement slots (n of 3, the attuned items, free slots) and each magic item
// the creature holds (name, kind, rarity, identified or not, who is attuned, charges, worn, sentient personality,
// notes). The DM identifies it (Identify spell · Short rest — IdentifyItem), attunes and ends the attunement
// (AttuneItem / EndAttunement, each with its short rest); when attuning would be refused (three items, another copy,
// a prerequisite) the reason is shown in place of the button; spends a charge (UseItemCharge), uses up a consumable
// (UseConsumable), wears / takes off (SetItemWorn), removes (RemoveMagicItem), and adds an item by hand (name, kind,
// requires attunement, charges — AddMagicItem). Players read it. Stored items stay shown when the rule is off,
// without the buttons.
// Test ids: sheet.mi.slots (the slots line), sheet.mi.<item id> (its line), sheet.mi.<id>.{identify,study,attune,
// refusal,end,charge,use,wear,off,remove}, sheet.mi.{open,name,kind.<kind>,attune_req,charges,add,close}.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/rules/magic_items/magic_items.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

std::string item_line(const rules::MagicItem& m) {
  std::string s = m.identified ? m.name : m.name + " (" + T("ui.mi.unidentified") + ")";
  std::string facts = Tk("ui.mi.kind.", m.kind);
  if (!m.rarity.empty()) facts += ", " + Tk("ui.mi.rarity.", m.rarity);
  if (m.charges) facts += " · " + Tf("ui.mi.charges", {{"n", *m.charges}, {"max", m.max_charges ? *m.max_charges : *m.charges}});
  if (m.worn) facts += " · " + std::string(T("ui.mi.worn"));
  if (m.attunement && m.attuned_by.empty()) facts += " · " + std::string(T("ui.mi.needs_attunement"));
  return s + " — " + facts;
}

void add_form(const Creature& c) {
  static std::map<std::string, bool> opened;
  static std::map<std::string, std::string> names;
  static std::map<std::string, int> kinds, charges;
  static std::map<std::string, bool> needs;
  bool& open = opened[c.id];
  if (!open) {
    if (big_button(T("ui.mi.add"), ImVec2(0, kTouchTarget))) open = true;
    track("sheet.mi.open", T("ui.mi.add"));
    return;
  }
  small_label(T("ui.mi.add"));
  std::string& name = names[c.id];
  text_field("##mi_name", T("ui.mi.name_hint"), name);
  track("sheet.mi.name", name);
  static const std::vector<std::string> kinds_shown = {"wondrous", "ring", "weapon", "armor", "potion", "scroll", "wand", "staff", "rod"};
  std::vector<std::string> labels;
  for (const auto& k : kinds_shown) labels.push_back(Tk("ui.mi.kind.", k));
  int& kind = kinds[c.id];
  segmented("sheet.mi.kind", options(kinds_shown, labels), kind, 3);
  bool& need = needs[c.id];
  if (toggle_button(T("ui.mi.attune_req"), need, "sheet.mi.attune_req")) need = !need;
  int& n = charges[c.id];
  StepperOptions o;
  o.label = T("ui.mi.max_charges");
  stepper("sheet.mi.charges", n, 0, 50, o);
  ImGui::BeginDisabled(name.empty());
  if (big_button(T("ui.mi.add_button"), ImVec2(0, kTouchTarget))) {
    json cmd = {{"type", "AddMagicItem"}, {"target", c.id}, {"name", name.substr(0, 100)}, {"kind", kinds_shown[static_cast<size_t>(kind)]}};
    if (need) cmd["attunement"] = true;
    if (n > 0) cmd["max_charges"] = n;
    if (dispatch_and_tell(cmd, 6.0)) {
      name.clear();
      need = false;
      n = 0;
      open = false;
    }
  }
  track("sheet.mi.add", T("ui.mi.add_button"));
  ImGui::EndDisabled();
  if (big_button(T("ui.mi.close"), ImVec2(0, kTouchTarget))) open = false;
  track("sheet.mi.close", T("ui.mi.close"));
}

}  // namespace

void magic_items(const Creature& c) {
  const auto& state = model().state();
  const auto v = rules::magic_items_view(state, c);
  if (!v.on && v.items.empty()) return;
  const bool dm = !ui_player_mode();
  const bool act = dm && v.on && !c.death_saves.dead;
  section(Tf("ui.mi.title", {{"n", static_cast<int>(v.attuned.size())}}).c_str());
  // The attunement slots.
  std::string slots;
  for (const auto& m : v.attuned) slots += (slots.empty() ? "" : ", ") + m.name;
  for (size_t k = v.attuned.size(); k < static_cast<size_t>(rules::kMaxAttuned); ++k)
    slots += (slots.empty() ? "" : ", ") + std::string(T("ui.mi.free_slot"));
  const std::string slots_line = Tf("ui.mi.slots", {{"items", slots}});
  ImGui::TextWrapped("%s", slots_line.c_str());
  track("sheet.mi.slots", slots_line);
  if (v.items.empty()) muted(T("ui.mi.none"));
  for (const auto& m : v.items) {
    ImGui::PushID(m.id.c_str());
    const std::string id = "sheet.mi." + m.id;
    const std::string text = item_line(m);
    ImGui::TextWrapped("%s", text.c_str());
    track(id, text);
    if (!m.attuned_by.empty()) {
      const std::string who = m.attuned_by == c.id ? std::string(T("ui.mi.attuned_self")) : Tf("ui.mi.attuned_other", {{"name", creature_name(m.attuned_by)}});
      muted(who.c_str());
    }
    if (m.sentient) {
      const auto& s = *m.sentient;
      muted(Tf("ui.mi.sentient", {{"int", s.int_}, {"wis", s.wis}, {"cha", s.cha}, {"alignment", Tk("rules.alignment.", s.alignment)}}).c_str());
    }
    if (dm && std::find(v.cursed.begin(), v.cursed.end(), m.id) != v.cursed.end()) muted(T("ui.mi.cursed"));
    if (!m.notes.empty()) muted(m.notes.c_str());
    if (act) {
      auto send = [&](json cmd) {
        cmd["target"] = c.id;
        cmd["item"] = m.id;
        dispatch_and_tell(cmd, 7.0);
      };
      const float w = split_width(2);
      if (!m.identified) {
        if (big_button(T("ui.mi.identify"), ImVec2(w, kTouchTarget))) send({{"type", "IdentifyItem"}, {"means", "identify"}});
        track(id + ".identify", T("ui.mi.identify"));
        ImGui::SameLine();
        if (big_button(T("ui.mi.study"), ImVec2(w, kTouchTarget))) send({{"type", "IdentifyItem"}, {"means", "short_rest"}});
        track(id + ".study", T("ui.mi.study"));
      }
      if (m.attunement && m.attuned_by != c.id) {
        if (auto r = rules::attune_refusal(state, c, m)) {
          const std::string why = Tf(r->key, r->args);
          ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
          ImGui::TextWrapped("%s", why.c_str());
          ImGui::PopStyleColor();
          track(id + ".refusal", why);
        } else {
          if (big_button(T("ui.mi.attune"), ImVec2(0, kTouchTarget))) send({{"type", "AttuneItem"}, {"short_rest", true}});
          track(id + ".attune", T("ui.mi.attune"));
        }
      }
      if (!m.attuned_by.empty()) {
        if (big_button(T("ui.mi.end"), ImVec2(0, kTouchTarget))) send({{"type", "EndAttunement"}, {"short_rest", true}});
        track(id + ".end", T("ui.mi.end"));
      }
      if (m.charges) {
        ImGui::BeginDisabled(*m.charges == 0);
        if (big_button(T("ui.mi.charge"), ImVec2(w, kTouchTarget))) send({{"type", "UseItemCharge"}});
        track(id + ".charge", T("ui.mi.charge"));
        ImGui::EndDisabled();
        ImGui::SameLine();
      }
      if (m.consumable) {
        if (big_button(T("ui.mi.use"), ImVec2(w, kTouchTarget))) send({{"type", "UseConsumable"}});
        track(id + ".use", T("ui.mi.use"));
      } else if (!m.slot.empty()) {
        const char* label = m.worn ? T("ui.mi.take_off") : T("ui.mi.wear");
        if (big_button(label, ImVec2(w, kTouchTarget))) send({{"type", "SetItemWorn"}, {"worn", !m.worn}});
        track(id + (m.worn ? ".off" : ".wear"), label);
      } else if (m.charges) {
        ImGui::NewLine();
      }
      if (big_button(T("ui.mi.remove"), ImVec2(0, kTouchTarget))) send({{"type", "RemoveMagicItem"}});
      track(id + ".remove", T("ui.mi.remove"));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  if (act) add_form(c);
}

}  // namespace druzina::ui::panels
