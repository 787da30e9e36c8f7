// Rule "srd_monsters" on the sheet of a monster added from the SRD (DM): its attacks, each one tap to roll the
// d20 and the damage (MonsterAttack; the log line is shown as a notice), and what the creature has no field for
// (the type, speeds, skills, passive Perception, the SRD's qualified resistances).
// Test ids: sheet.srd.kind, sheet.srd.attack.<index>, sheet.srd.more.
#include <imgui.h>

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "ui/mode.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/screens/party/srd_picker.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

namespace {

// "any non-good alignment" → "any_non_good_alignment" (the key's tail)
std::string key_of(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (ch >= 'A' && ch <= 'Z') out += static_cast<char>(ch - 'A' + 'a');
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

// A damage type of the stat block in the reader's language: a plain type, one of the SRD's qualified phrases, or
// (never in the shipped data) the text as it is.
std::string damage_text(const std::string& s) {
  if (const std::string plain = "campaign.damage." + s; has_key(ui().lang, plain)) return T(plain);
  static const char* const qualified[] = {
      "bludgeoning, piercing, and slashing from nonmagical weapons",
      "bludgeoning, piercing, and slashing from nonmagical weapons that aren't silvered",
      "bludgeoning, piercing, and slashing from nonmagical weapons that aren't adamantine",
      "damage from spells",
      "bludgeoning, piercing, and slashing from nonmagical attacks (from stoneskin)",
      "piercing from magic weapons wielded by good creatures",
      "piercing and slashing from nonmagical weapons that aren't adamantine"};
  for (size_t i = 0; i < std::size(qualified); ++i)
    if (s == qualified[i]) {
      const std::string phrase = "ui.srd.q." + std::to_string(i);  // ui.srd.q.0 … ui.srd.q.6
      return T(phrase);
    }
  return s;
}

std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& s : list) out += (out.empty() ? "" : ", ") + damage_text(s);
  return out;
}

// A key of ours when it exists, else the SRD's English word.
std::string word(const std::string& key, const std::string& fallback) {
  return has_key(ui().lang, key) ? std::string(T(key)) : fallback;
}

std::string kind_line(const rules::Monster& m) {
  return word("ui.edit.size." + m.size, m.size) + " · " + word("ui.srd.type." + key_of(m.type), m.type) + " · " +
         word("ui.srd.align." + key_of(m.alignment), m.alignment) + " · " +
         Tf("ui.srd.xp", jobj{"cr", rules::cr_text(m.cr), "xp", m.xp});
}

std::string more_facts(const rules::Monster& m) {
  std::string speed, skills;
  for (const auto& [k, v] : m.speed)
    speed += (speed.empty() ? "" : ", ") + word("ui.srd.move." + k, k) + " " + Tf("ui.srd.feet", jobj{"n", v});
  for (const auto& [k, v] : m.skills) skills += (skills.empty() ? "" : ", ") + word("ui.srd.skill." + k, k) + " " + signed_num(v);
  std::string out = Tf("ui.srd.speed", jobj{"speed", speed});
  if (!skills.empty()) out += "\n" + Tf("ui.srd.skills", jobj{"skills", skills});
  out += "\n" + Tf("ui.srd.passive", jobj{"n", m.passive_perception});
  if (!m.vulnerable.empty()) out += "\n" + Tf("ui.srd.vulnerable", jobj{"list", joined(m.vulnerable)});
  if (!m.resistant.empty()) out += "\n" + Tf("ui.srd.resistant", jobj{"list", joined(m.resistant)});
  if (!m.immune.empty()) out += "\n" + Tf("ui.srd.immune", jobj{"list", joined(m.immune)});
  return out;
}

}  // namespace

std::string srd_attack_label(const rules::MonsterAttack& a) {
  std::string label = a.name_in(ui().lang);
  if (a.bonus) label += "  " + signed_num(*a.bonus);
  else if (a.dc) label += "  " + Tf("ui.prompt.dc", jobj{"dc", a.dc});
  for (const auto& d : a.damage) label += "  " + dice_notation(ui().lang, d.dice);
  return label;
}

void srd_monsters(const campaign::Creature& c) {
  const rules::Monster* m = rules::srd_monster_of(c);
  if (!m || ui_player_mode()) return;
  section(T("ui.srd.sheet_title"));
  const std::string kind = kind_line(*m);
  muted(kind.c_str());
  track("sheet.srd.kind", kind);
  const bool can_roll = rule_on(rules::kSrdMonsters) && !c.death_saves.dead;
  for (size_t i = 0; i < m->attacks.size(); ++i) {
    const auto& a = m->attacks[i];
    const std::string label = srd_attack_label(a);
    const std::string id = "sheet.srd.attack." + std::to_string(i);
    ImGui::BeginDisabled(!can_roll);
    if (big_button(label.c_str(), ImVec2(0, 52)))
      dispatch_and_tell(jobj{"type", "MonsterAttack", "attacker", c.id, "attack", static_cast<int>(i)}, 10.0);
    ImGui::EndDisabled();
    track(id, label);
  }
  const std::string more = more_facts(*m);
  muted(more.c_str());
  track("sheet.srd.more", more);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels srd_monsters_ui() {
  return {
      {Slot::sheet_top, [](SlotContext& x) { panels::srd_monsters(*x.creature); }},
      {Slot::combat_add, [](SlotContext&) {  // monsters from the SRD straight into the fight's setup
         if (ui_player_mode() || !rule_on(rules::kSrdMonsters)) return;
         ImGui::Spacing();
         if (big_button(T("ui.srd.add_button"), ImVec2(0, kTouchTarget))) open_srd_picker(true);
         track("combat.add_srd", T("ui.srd.add_button"));
       }},
      {Slot::combat_join, [](SlotContext&) {  // new SRD monsters join the fight straight away
         if (!rule_on(rules::kSrdMonsters)) return;
         if (big_button(T("ui.srd.add_button"), ImVec2(0, kTouchTarget))) open_srd_picker(true);
         track("combat.join.srd", T("ui.srd.add_button"));
       }},
      {Slot::combat_reminders, [](SlotContext& x) {  // at a glance, without the sheet: the DM's monster's attacks
         if (const rules::Monster* m = rules::srd_monster_of(*x.creature); m && !ui_player_mode())
           for (const auto& a : m->attacks) x.facts->push_back("\xE2\x9A\x94\xC2\xA0" + panels::srd_attack_label(a));  // ⚔
       }}};
}

}  // namespace druzina::ui
