// Rule "magic-items" on the sheet: the attunement slots (n of 3, the attuned items, free slots) and each magic item
// the creature holds (name, kind, rarity, identified or not, who is attuned, charges, worn, sentient personality,
// notes). The DM identifies it (Identify spell · Short rest — IdentifyItem), attunes and ends the attunement
// (AttuneItem / EndAttunement, each with its short rest); when attuning would be refused (three items, another copy,
// a prerequisite) the reason is shown in place of the button; spends a charge (UseItemCharge), uses up a consumable
// (UseConsumable), wears / takes off (SetItemWorn), removes (RemoveMagicItem), and adds an item by hand (name, kind,
// requires attunement, charges — AddMagicItem). Players read it. Stored items stay shown when the rule is off,
// without the buttons.
// A paired item (boots, gloves, bracers) shows "pair", or in red that only one of it is left (SetItemPair: One of
// the pair is lost / Both of the pair again); an item with a command word shows it and "Say «word»" activates it
// (ActivateItem); an item that casts spells lists them (level, charges, the save DC: the item's or the wielder's)
// with Cast <spell> (CastFromItem; a level stepper when it can be cast higher). An item that would not work (one of
// a pair, not attuned) says why in red instead of its use buttons. The add form's "Slot, command word, spell…"
// opens the slot, the pair, the command word and one spell with its DC.
// On the short-rest screen (Downtime → Rest), magic_items_rest() offers each resting creature what it may spend
// the rest on — attune, end an attunement, study — one item each: folded behind one button, unfolded a chip each
// and a refusal (a fourth attunement, a curse) in red; the pick stays as one ✓ chip until the rest is taken.
// Test ids: sheet.mi.slots (the slots line), sheet.mi.<item id> (its line), sheet.mi.<id>.{identify,study,attune,
// refusal,end,charge,use,wear,off,remove,word,spells,half,unusable,activate,pair,cast<i>,level<i>},
// sheet.mi.{open,name,kind.<kind>,attune_req,charges,add,close,more,slot.<slot>,paired,word,spell,spell_level,
// spell_cost,dc.<none|item|wielder>,dc_value}; rest.mi.<creature>.open, rest.mi.<creature>.<attune|end|identify>.<item>[.refusal].
//
// Index:
//   [SECTION] the add form
//   [SECTION] an item's lines and buttons
//   [SECTION] the panels: the sheet, the short rest
#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/rules/magic_items/magic_items.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/preview.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

std::string item_line(const rules::MagicItem& m) {
  std::string s = m.identified ? m.name : m.name + " (" + T("ui.mi.unidentified") + ")";
  std::string facts = Tk("ui.mi.kind.", m.kind);
  if (!m.rarity.empty()) facts += ", " + Tk("ui.mi.rarity.", m.rarity);
  if (m.charges) facts += " · " + Tf("ui.mi.charges", jobj{"n", *m.charges, "max", m.max_charges ? *m.max_charges : *m.charges});
  if (m.paired && !m.half) facts += " · " + std::string(T("ui.mi.pair"));
  if (m.worn) facts += " · " + std::string(T("ui.mi.worn"));
  if (m.attunement && m.attuned_by.empty()) facts += " · " + std::string(T("ui.mi.needs_attunement"));
  return s + " — " + facts;
}

// [SECTION] the add form ----------------------------------------------------------------------------------------------
// The add form's details: where it is worn (and whether it is a pair), a command word, one spell and its DC.
struct AddMore {
  bool open = false;
  int slot = 0;  // 0 = not worn, else kItemSlots[slot - 1]
  bool not_pair = false, concentration = false;
  std::string word, spell;
  int level = 1, cost = 1, dc_mode = 0, dc = 13;
};

void add_more(const Creature& c, AddMore& f) {
  if (!f.open) {
    if (big_button(T("ui.mi.more"), ImVec2(0, kTouchTarget))) f.open = true;
    track("sheet.mi.more", T("ui.mi.more"));
    return;
  }
  small_label(T("ui.mi.slot_label"));
  std::vector<std::string> ids = {"none"}, labels = {Tk("ui.mi.slot.", "none")};
  for (const auto& k : rules::kItemSlots) ids.push_back(k), labels.push_back(Tk("ui.mi.slot.", k));
  segmented("sheet.mi.slot", options(ids, labels), f.slot, 3);
  if (f.slot > 0 && rules::paired_slot(ids[static_cast<size_t>(f.slot)]))
    if (toggle_button(T("ui.mi.paired_toggle"), !f.not_pair, "sheet.mi.paired")) f.not_pair = !f.not_pair;
  small_label(T("ui.mi.word_label"));
  text_field("##mi_word", T("ui.mi.word_hint"), f.word);
  track("sheet.mi.word", f.word);
  small_label(T("ui.mi.spell_label"));
  text_field("##mi_spell", T("ui.mi.spell_hint"), f.spell);
  track("sheet.mi.spell", f.spell);
  if (f.spell.empty()) return;
  stepper("sheet.mi.spell_level", f.level, 0, 9, {.label = T("ui.mi.spell_level")});
  stepper("sheet.mi.spell_cost", f.cost, 0, 50, {.label = T("ui.mi.spell_cost")});
  if (toggle_button(T("ui.mi.spell_concentration"), f.concentration, "sheet.mi.spell_concentration")) f.concentration = !f.concentration;
  const std::vector<std::string> modes = {"none", "item", "wielder"};
  std::vector<std::string> mode_labels;
  for (const auto& k : modes) mode_labels.push_back(Tk("ui.mi.dc_mode.", k));
  small_label(T("ui.mi.dc_label"));
  segmented("sheet.mi.dc", options(modes, mode_labels), f.dc_mode, 3);
  if (f.dc_mode == 1) stepper("sheet.mi.dc_value", f.dc, 1, 30, {.label = T("ui.mi.dc_value")});
  (void)c;
}

// Writes the details into the AddMagicItem command.
void add_more_to(const AddMore& f, json& cmd) {
  if (f.slot > 0) {
    const std::string slot = rules::kItemSlots[static_cast<size_t>(f.slot - 1)];
    cmd["slot"] = slot;
    if (rules::paired_slot(slot) && f.not_pair) cmd["paired"] = false;
  }
  if (!f.word.empty()) cmd["command_word"] = f.word.substr(0, 60);
  if (!f.spell.empty()) {
    json spell = jobj{"name", f.spell.substr(0, 80), "level", f.level, "cost", f.cost};
    if (f.concentration) spell["concentration"] = true;
    cmd["spells"] = json::array({spell});
    if (f.dc_mode == 1) cmd["spell_dc"] = f.dc;
    if (f.dc_mode == 2) cmd["spell_dc"] = "wielder";
  }
}

void add_form(const Creature& c) {
  static std::map<std::string, bool> opened;
  static std::map<std::string, std::string> names;
  static std::map<std::string, int> kinds, charges;
  static std::map<std::string, bool> needs;
  static std::map<std::string, AddMore> more;
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
  AddMore& f = more[c.id];
  add_more(c, f);
  ImGui::BeginDisabled(name.empty());
  if (big_button(T("ui.mi.add_button"), ImVec2(0, kTouchTarget))) {
    json cmd = jobj{"type", "AddMagicItem", "target", c.id, "name", name.substr(0, 100), "kind", kinds_shown[static_cast<size_t>(kind)]};
    if (need) cmd["attunement"] = true;
    if (n > 0) cmd["max_charges"] = n;
    add_more_to(f, cmd);
    if (dispatch_and_tell(cmd, 6.0)) {
      name.clear();
      need = false;
      n = 0;
      f = AddMore{};
      open = false;
    }
  }
  track("sheet.mi.add", T("ui.mi.add_button"));
  ImGui::EndDisabled();
  if (big_button(T("ui.mi.close"), ImVec2(0, kTouchTarget))) open = false;
  track("sheet.mi.close", T("ui.mi.close"));
}

// [SECTION] an item's lines and buttons -------------------------------------------------------------------------------
void append_line(std::string& all, const std::string& line) {
  if (!all.empty()) all += "\n";
  all += line;
}

void red_line(const std::string& text, const std::string& id) {
  ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
  track(id, text);
}

// The lines under an item's name: who is attuned, its personality, the curse (DM), the command word and the
// spells and the notes (known once identified; the DM always), one of a pair.
void item_facts(const Creature& c, const rules::MagicItem& m, const rules::MagicItemsView& v, bool dm, const std::string& id) {
  if (!m.attuned_by.empty()) {
    const std::string who = m.attuned_by == c.id ? std::string(T("ui.mi.attuned_self")) : Tf("ui.mi.attuned_other", jobj{"name", creature_name(m.attuned_by)});
    muted(who.c_str());
  }
  if (m.sentient) {
    const auto& s = *m.sentient;
    muted(Tf("ui.mi.sentient", jobj{"int", s.int_, "wis", s.wis, "cha", s.cha, "alignment", Tk("rules.alignment.", s.alignment)}).c_str());
  }
  if (dm && std::find(v.cursed.begin(), v.cursed.end(), m.id) != v.cursed.end()) muted(T("ui.mi.cursed"));
  const bool known = dm || m.identified;
  if (known && !m.command_word.empty()) {
    const std::string word = Tf("ui.mi.command_word", jobj{"word", m.command_word});
    muted(word.c_str());
    track(id + ".word", word);
  }
  if (known && !m.spells.empty()) {
    std::string all;
    for (const auto& sp : m.spells) {
      std::string one = Tf(sp.level == 0 ? "ui.mi.spell_cantrip" : "ui.mi.spell", jobj{"spell", sp.name, "level", sp.level, "cost", sp.cost});
      if (sp.upcast > 0) one += ", " + Tf("ui.mi.spell_upcast", jobj{"upcast", sp.upcast});
      if (sp.concentration) one += ", " + std::string(T("ui.mi.spell_concentration_short"));
      append_line(all, one);
    }
    const auto dc = rules::item_spell_dc(c, m);
    if (dc.dc) append_line(all, Tf(dc.from == "item" ? "rules.magic_items.dc_item" : "rules.magic_items.dc_wielder", jobj{"dc", *dc.dc}));
    if (!dc.dc && dc.from == "wielder") append_line(all, Tf("ui.mi.dc_wielder_none", jobj{"name", c.name}));
    muted(all.c_str());
    track(id + ".spells", all);
  }
  if (m.half) red_line(T("ui.mi.half"), id + ".half");
  if (known && !m.notes.empty()) muted(m.notes.c_str());
}

// Cast <spell> buttons (a level stepper when it can be cast higher), greyed out without the charges it costs.
void spell_buttons(const Creature& c, const rules::MagicItem& m, const std::string& id) {
  static std::map<std::string, int> levels;
  for (size_t i = 0; i < m.spells.size(); ++i) {
    const auto& sp = m.spells[i];
    const std::string key = m.id + "#" + std::to_string(i);
    int& level = levels[key];
    level = std::clamp(level, sp.level, 9);
    if (sp.upcast > 0) stepper(id + ".level" + std::to_string(i), level, sp.level, 9, {.label = T("ui.mi.spell_level")});
    const int cost = sp.cost + (level - sp.level) * sp.upcast;
    const std::string label = Tf("ui.mi.cast", jobj{"spell", sp.name, "cost", cost});
    ImGui::BeginDisabled(cost > 0 && (!m.charges || *m.charges < cost));
    if (big_button(label.c_str(), ImVec2(0, kTouchTarget))) {
      json cmd = jobj{"type", "CastFromItem", "target", c.id, "item", m.id, "spell", static_cast<int>(i)};
      if (level != sp.level) cmd["level"] = level;
      if (dispatch_and_tell(cmd, 7.0)) level = sp.level;
    }
    track(id + ".cast" + std::to_string(i), label);
    ImGui::EndDisabled();
  }
}

void item_actions(const Creature& c, const rules::MagicItem& m, const std::string& id) {
  const auto& state = model().state();
  auto send = [&](json cmd) {
    cmd["target"] = c.id;
    cmd["item"] = m.id;
    dispatch_and_tell(cmd, 7.0);
  };
  // studying, attuning or ending an attunement takes the party's short rest: an hour passes, the rest's effects
  // apply; the question says so (and what the rest will do) before it happens
  auto ask_rest = [&](json cmd, const char* question) {
    cmd["target"] = c.id;
    cmd["item"] = m.id;
    ask_before(id + ".rest", Tf(question, jobj{"name", c.name, "item", m.name}), cmd, T("ui.mi.rest_yes"));
  };
  const float w = split_width(2);
  if (!m.identified) {  // one under the other: "Вивчити (короткий відпочинок)" does not fit half a phone
    if (big_button(T("ui.mi.identify"), ImVec2(0, kTouchTarget))) send(jobj{"type", "IdentifyItem", "means", "identify"});
    track(id + ".identify", T("ui.mi.identify"));
    if (big_button(T("ui.mi.study"), ImVec2(0, kTouchTarget)))
      ask_rest(jobj{"type", "IdentifyItem", "means", "short_rest"}, "ui.mi.study_q");
    track(id + ".study", T("ui.mi.study"));
  }
  if (m.attunement && m.attuned_by != c.id) {
    if (auto r = rules::attune_refusal(state, c, m)) {
      red_line(Tf(r->key, r->args), id + ".refusal");
    } else {
      if (big_button(T("ui.mi.attune"), ImVec2(0, kTouchTarget))) ask_rest(jobj{"type", "AttuneItem", "short_rest", true}, "ui.mi.attune_q");
      track(id + ".attune", T("ui.mi.attune"));
    }
  }
  if (!m.attuned_by.empty()) {
    if (big_button(T("ui.mi.end"), ImVec2(0, kTouchTarget))) ask_rest(jobj{"type", "EndAttunement", "short_rest", true}, "ui.mi.end_q");
    track(id + ".end", T("ui.mi.end"));
  }
  if (auto cmd = confirmed_command(id + ".rest")) dispatch_and_tell(*cmd, 7.0);
  const auto unusable = rules::use_refusal(c, m);
  if (unusable && (m.charges || !m.command_word.empty() || !m.spells.empty())) red_line(Tf(unusable->key, unusable->args), id + ".unusable");
  if (!unusable && !m.command_word.empty()) {
    const std::string say = Tf("ui.mi.activate", jobj{"word", m.command_word});
    if (big_button(say.c_str(), ImVec2(0, kTouchTarget))) send(jobj{"type", "ActivateItem"});
    track(id + ".activate", say);
  }
  if (!unusable) spell_buttons(c, m, id);
  bool row = false;
  if (m.charges && !unusable) {
    ImGui::BeginDisabled(*m.charges == 0);
    if (big_button(T("ui.mi.charge"), ImVec2(w, kTouchTarget))) send(jobj{"type", "UseItemCharge"});
    track(id + ".charge", T("ui.mi.charge"));
    ImGui::EndDisabled();
    row = true;
  }
  if (m.consumable) {
    if (row) ImGui::SameLine();
    if (big_button(T("ui.mi.use"), ImVec2(w, kTouchTarget))) send(jobj{"type", "UseConsumable"});
    track(id + ".use", T("ui.mi.use"));
  } else if (!m.slot.empty()) {
    if (row) ImGui::SameLine();
    const char* label = m.worn ? T("ui.mi.take_off") : T("ui.mi.wear");
    if (big_button(label, ImVec2(w, kTouchTarget))) send(jobj{"type", "SetItemWorn", "worn", !m.worn});
    track(id + (m.worn ? ".off" : ".wear"), label);
  }
  if (m.paired) {
    const char* label = m.half ? T("ui.mi.pair_whole") : T("ui.mi.lost_one");
    if (big_button(label, ImVec2(0, kTouchTarget))) send(jobj{"type", "SetItemPair", "half", !m.half});
    track(id + ".pair", label);
  }
  if (big_button(T("ui.mi.remove"), ImVec2(0, kTouchTarget))) send(jobj{"type", "RemoveMagicItem"});
  track(id + ".remove", T("ui.mi.remove"));
}

// [SECTION] the panels: the sheet, the short rest ---------------------------------------------------------------------
// The short-rest screen's picks: creature → "action:item" it spends the rest on; and whose offer is unfolded.
struct RestPicks {
  std::map<std::string, std::string> pick;
  std::set<std::string> open;
};

RestPicks& rest_picks() {
  static RestPicks r;
  return r;
}

}  // namespace

void magic_items(const Creature& c) {
  const auto& state = model().state();
  const auto v = rules::magic_items_view(state, c);
  if (!v.on && v.items.empty()) return;
  const bool dm = !ui_player_mode();
  const bool act = dm && v.on && !c.death_saves.dead;
  section(Tf("ui.mi.title", jobj{"n", static_cast<int>(v.attuned.size())}).c_str());
  // The attunement slots.
  std::string slots;
  for (const auto& m : v.attuned) slots += (slots.empty() ? "" : ", ") + m.name;
  for (size_t k = v.attuned.size(); k < static_cast<size_t>(rules::kMaxAttuned); ++k)
    slots += (slots.empty() ? "" : ", ") + std::string(T("ui.mi.free_slot"));
  const std::string slots_line = Tf("ui.mi.slots", jobj{"items", slots});
  ImGui::TextWrapped("%s", slots_line.c_str());
  track("sheet.mi.slots", slots_line);
  if (v.items.empty()) muted(T("ui.mi.none"));
  for (const auto& m : v.items) {
    ImGui::PushID(m.id.c_str());
    const std::string id = "sheet.mi." + m.id;
    const std::string text = item_line(m);
    ImGui::TextWrapped("%s", text.c_str());
    track(id, text);
    item_facts(c, m, v, dm, id);
    if (act) item_actions(c, m, id);
    ImGui::Spacing();
    ImGui::PopID();
  }
  if (act) add_form(c);
}

// Folded: one button (how many offers); unfolded: every offer, refusals in red; picked: only the pick (✓), which
// unfolds the offer again when tapped.
void magic_items_rest(const Creature& c, json& items) {
  if (!rule_on(rules::kMagicItems) || c.death_saves.dead) return;
  const auto offers = rules::short_rest_offers(model().state(), c);
  RestPicks& r = rest_picks();
  std::string& pick = r.pick[c.id];
  const rules::RestOffer* picked = nullptr;
  for (const auto& o : offers)
    if (!o.refusal && pick == o.action + ":" + o.item) picked = &o;
  if (!picked) pick.clear();
  if (offers.empty()) return;
  const std::string base = "rest.mi." + c.id;
  auto label_of = [](const rules::RestOffer& o) { return Tf("ui.mi.rest." + o.action, jobj{"item", o.name}); };
  if (picked && !r.open.count(c.id)) {
    if (toggle_button(label_of(*picked).c_str(), true, base + "." + picked->action + "." + picked->item)) pick.clear(), r.open.insert(c.id);
    if (!pick.empty()) items.push_back(jobj{"target", c.id, "item", picked->item, "action", picked->action});
    return;
  }
  if (!r.open.count(c.id)) {
    const std::string more = Tf("ui.mi.rest_open", jobj{"n", static_cast<int>(offers.size())});
    if (big_button(more.c_str(), ImVec2(0, kTouchTarget))) r.open.insert(c.id);
    track(base + ".open", more);
    return;
  }
  small_label(T("ui.mi.rest_title"));
  for (const auto& o : offers) {
    const std::string label = label_of(o);
    const std::string tid = base + "." + o.action + "." + o.item;
    if (o.refusal) {
      red_line(label + " — " + Tf(o.refusal->key, o.refusal->args), tid + ".refusal");
      continue;
    }
    if (toggle_button(label.c_str(), false, tid)) {
      pick = o.action + ":" + o.item;
      r.open.erase(c.id);
    }
  }
}

void magic_items_rest_done() {
  rest_picks().pick.clear();
  rest_picks().open.clear();
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels magic_items_ui() {
  return {
      {Slot::sheet_after_items, [](SlotContext& x) { panels::magic_items(*x.creature); }},
      {Slot::rest_creature, [](SlotContext& x) { panels::magic_items_rest(*x.creature, *x.params); }},
      {Slot::rest_done, [](SlotContext& x) { panels::magic_items_rest_done(); }}};
}

}  // namespace druzina::ui
