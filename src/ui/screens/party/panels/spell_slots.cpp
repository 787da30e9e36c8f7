// Rule "spell-slots" on the sheet: a caster's spell save DC and attack bonus, and her slots as pips per level — a
// tap on a lit pip spends one (SpendSpellSlot), a tap on a spent one gives it back (RegainSpellSlot); the pact slots
// on a row of their own; a wizard's Arcane Recovery in one tap (the highest spent slots that fit). A player tracks
// her own slots on her sheet in player mode; the DM any creature's. A player live on her copy of the DM's table
// (ui/screens/live) sends a spend of her own character's slot as a request (spell_slot) to the DM's phone, which
// keeps the slots; the sheet shows it as sent / waiting / accepted / declined until the DM's phone answers. The DM also sets a character's classes for a
// multiclass caster (SetSpellcasting {classes}: the slots by the multiclass table), from a button under the slots
// (on a character without slots too: a fighter taking a level of wizard): each class a level stepper and ✕, a tap
// on a caster class adds it at level 1, every change one command; a fighter becomes an Eldritch Knight and a rogue an
// Arcane Trickster (the third casters' table) in one tap (without a fighter or rogue among them: at level 3).
// Test ids: sheet.slots (label "DC 14 · +6"), sheet.slots.<level> (label "left/max"), sheet.slots.<level>.<i>,
// sheet.slots.pact, sheet.slots.pact.<i>, sheet.slots.recovery; sheet.slots.classes (the button, label: the classes),
// sheet.slots.class.<class>.minus/.value/.plus, sheet.slots.class.<class>.remove, sheet.slots.add.<class> (also
// eldritch-knight, arcane-trickster),
// sheet.slots.classes.done; live: sheet.slots.live (the hint), sheet.slots.request.<her request's number>.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/rules/classes/classes.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

// What a tap on a pip does: nothing, the command on this phone, or (a player live on her own character) a request
// to the DM's phone, which keeps the slots: a lit pip asks to spend it; only the DM gives a slot back.
enum class Tap { none, local, request };

// One row: "3." then max pips, the first `left` lit.
void pip_row(const Creature& c, const std::string& id, const std::string& label, int left, int max, int level, bool pact,
             Tap tap) {
  ImGui::PushID(id.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label.c_str());
  track(id, std::to_string(left) + "/" + std::to_string(max));
  const float pip = kTouchTarget;
  for (int i = 0; i < max; ++i) {
    ImGui::SameLine(i == 0 ? 118.0f : 0.0f);
    const bool lit = i < left;
    const std::string pip_id = id + "." + std::to_string(i);
    const std::string text = "##" + pip_id;
    // a spent pip: empty, outlined in the lit one's colour (a dark pip alone all but vanished on the dark sheet)
    if (!lit) {
      ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
      ImGui::PushStyleColor(ImGuiCol_Border, col_accent());
    }
    const bool tapped = colored_button(text.c_str(), lit ? col_accent() : col_card(), ImVec2(pip, pip), pip_id);
    if (!lit) {
      ImGui::PopStyleColor();
      ImGui::PopStyleVar();
    }
    if (tapped && tap == Tap::local) {
      json cmd = jobj{"type", lit ? "SpendSpellSlot" : "RegainSpellSlot", "target", c.id, "level", level};
      if (pact) cmd["pact"] = true;
      dispatch_and_tell(cmd);
    } else if (tapped && tap == Tap::request && lit) {
      json args = jobj{"level", level};
      if (pact) args["pact"] = true;
      if (!live_request("spell_slot", args)) model().notify(T("ui.slots.not_live"), true);
    }
  }
  ImGui::PopID();
}

// The spent slots Arcane Recovery takes back: the highest first (below the 6th level) while they fit the budget.
json recovery_pick(const rules::SlotsView& v) {
  json levels = json::array();
  int budget = v.recovery_levels;
  for (int lv = 5; lv >= 1; --lv)
    for (int spent = v.max[static_cast<size_t>(lv - 1)] - v.left[static_cast<size_t>(lv - 1)]; spent > 0 && lv <= budget; --spent) {
      levels.push_back(lv);
      budget -= lv;
    }
  return levels;
}

// The third casters are a fighter's or rogue's subclass, named by the slots' own texts; the rest the classes rule's.
bool third_caster(std::string_view cls) { return cls == "eldritch-knight" || cls == "arcane-trickster"; }

std::string class_label(const std::string& cls) {
  return third_caster(cls) ? std::string(T(("ui.slots.third." + cls).c_str())) : rules::class_name(ui().lang, cls);
}

std::string classes_text(const std::vector<calc::ClassLevel>& classes) {
  std::string out;
  for (const auto& k : classes) out += (out.empty() ? "" : ", ") + class_label(k.cls) + " " + std::to_string(k.level);
  return out;
}

// The DM's: the classes the slots count by (several: the multiclass table). Folded behind one button.
void classes_editor(const Creature& c) {
  static std::map<std::string, bool> open;
  bool& o = open[c.id];
  const std::vector<calc::ClassLevel> cur = rules::caster_classes(c);
  const auto send = [&](const std::vector<calc::ClassLevel>& next) {
    std::string text;
    for (const auto& k : next) text += (text.empty() ? "" : ",") + k.cls + ":" + std::to_string(k.level);
    dispatch_and_tell(jobj{"type", "SetSpellcasting", "target", c.id, "classes", text});
  };
  if (!o) {
    const std::string label = cur.empty() ? std::string(T("ui.slots.classes_none")) : Tf("ui.slots.classes", jobj{"classes", classes_text(cur)});
    if (big_button(label.c_str(), ImVec2(0, kTouchTarget))) o = true;
    track("sheet.slots.classes", label);
    return;
  }
  small_label(T("ui.slots.classes_title"));
  for (size_t i = 0; i < cur.size(); ++i) {
    const std::string id = "sheet.slots.class." + cur[i].cls;
    ImGui::PushID(id.c_str());
    int level = cur[i].level;
    const std::string name = class_label(cur[i].cls);
    // ✕ first (with two classes or more), then the class and its level (the stepper takes the rest of the row)
    bool removed = false;
    if (cur.size() > 1) {
      removed = big_button("\xE2\x9C\x95", ImVec2(kTouchTarget, kTouchTarget));
      track(id + ".remove", Tf("ui.slots.class_remove", jobj{"class", name}));
      ImGui::SameLine();
    }
    const bool changed = stepper(id, level, 1, 20, {.label = name.c_str()});
    ImGui::PopID();
    if (changed && level != cur[i].level) {
      auto next = cur;
      next[i].level = level;
      send(next);
      return;
    }
    if (removed) {
      auto next = cur;
      next.erase(next.begin() + static_cast<long>(i));
      send(next);
      return;
    }
  }
  small_label(T("ui.slots.class_add"));
  static const char* const casters[] = {"bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "warlock", "wizard"};
  const float w = split_width(4);
  int col = 0;
  for (const char* k : casters) {
    if (std::any_of(cur.begin(), cur.end(), [&](const calc::ClassLevel& x) { return x.cls == k; })) continue;
    if (col++ % 4) ImGui::SameLine();
    const std::string name = rules::class_name(ui().lang, k);
    ImGui::PushFont(ui().fonts.small);
    const bool add = big_button((fit_text(name, w - 12) + "##add" + k).c_str(), ImVec2(w, kTouchTarget));
    ImGui::PopFont();
    track(std::string("sheet.slots.add.") + k, name);
    if (add) {
      auto next = cur;
      next.push_back({k, 1});
      send(next);
      return;
    }
  }
  // a third caster: the fighter (rogue) she is becomes an Eldritch Knight (Arcane Trickster) at her level; without
  // one, the subclass joins at the 3rd level, the first with its slots
  static const std::pair<const char*, const char*> thirds[] = {{"eldritch-knight", "fighter"}, {"arcane-trickster", "rogue"}};
  small_label(T("ui.slots.third_add"));
  const float w2 = split_width(2);
  int col2 = 0;
  for (const auto& third : thirds) {
    const char* k = third.first;  // named, not a structured binding: the web build's clang does not capture those
    const char* base = third.second;
    if (std::any_of(cur.begin(), cur.end(), [&](const calc::ClassLevel& x) { return x.cls == k; })) continue;
    if (col2++ % 2) ImGui::SameLine();
    const std::string name = class_label(k);
    const bool add = big_button((name + "##third" + k).c_str(), ImVec2(w2, kTouchTarget));
    track(std::string("sheet.slots.add.") + k, name);
    if (add) {
      auto next = cur;
      auto it = std::find_if(next.begin(), next.end(), [&](const calc::ClassLevel& x) { return x.cls == base; });
      if (it != next.end()) it->cls = k;
      else next.push_back({k, 3});
      send(next);
      return;
    }
  }
  if (big_button(T("ui.slots.classes_done"), ImVec2(0, kTouchTarget))) o = false;
  track("sheet.slots.classes.done", T("ui.slots.classes_done"));
}

}  // namespace

void spell_slots(const Creature& c) {
  if (!rule_on(rules::kSpellSlots)) return;
  const rules::SlotsView v = rules::slots_view(model().state(), c);
  // a character without slots: only the DM's button for a caster class taken as a multiclass
  const bool classes = !ui_player_mode() && c.kind == "pc" && !c.death_saves.dead;
  if (v.highest() == 0) {
    if (classes) classes_editor(c);
    return;
  }
  section(T("ui.slots.title"));
  std::string line = Tf("ui.slots.dc", jobj{"dc", v.dc, "attack", signed_num(v.attack)});
  if (v.cantrips > 0) line += " · " + Tf("ui.slots.cantrips", jobj{"n", v.cantrips});
  if (v.prepared > 0) line += " · " + Tf("ui.slots.prepared", jobj{"n", v.prepared});
  if (v.known > 0) line += " · " + Tf("ui.slots.known", jobj{"n", v.known});
  if (v.dc > 0) ImGui::TextWrapped("%s", line.c_str());
  track("sheet.slots", line);
  // A player live on her copy: the DM's phone keeps the slots (each view replaces her copy). Her own character's
  // tap is a request; the others' are shown only. Not live (a table link's copy, a live copy after the table
  // ended, a phone passed around in player mode): the taps change this phone's copy, the party's as today.
  const std::string live_me = ui_player_mode() ? live_character_here() : std::string();
  const bool can_tap = !c.death_saves.dead && (!ui_player_mode() || campaign::in_party(c));
  const Tap tap = !can_tap ? Tap::none : live_me.empty() ? Tap::local : live_me == c.id ? Tap::request : Tap::none;
  for (int lv = 1; lv <= 9; ++lv) {
    const int max = v.max[static_cast<size_t>(lv - 1)];
    if (max > 0)
      pip_row(c, "sheet.slots." + std::to_string(lv), T(("spell_slots.level." + std::to_string(lv)).c_str()),
              v.left[static_cast<size_t>(lv - 1)], max, lv, false, tap);
  }
  if (v.pact_max > 0)
    pip_row(c, "sheet.slots.pact", Tf("ui.slots.pact", jobj{"level", v.pact_level}), v.pact_left, v.pact_max, v.pact_level,
            true, tap);
  if (tap == Tap::request) {
    muted(T("ui.slots.live_hint"));
    track("sheet.slots.live", T("ui.slots.live_hint"));
    // her slot requests and what became of them, newest first (the last three)
    draw_live_answers("spell_slot", "sheet.slots.request", [](const json& args) {
      return Tf(args.value("pact", false) ? "ui.slots.req.pact" : "ui.slots.req.slot", jobj{"level", args.value("level", 0)});
    });
  }
  const json pick = recovery_pick(v);
  if (tap == Tap::local && v.recovery_levels > 0 && !pick.empty()) {
    std::string levels;
    for (const auto& lv : pick) levels += (levels.empty() ? "" : ", ") + std::to_string(lv.get<int>());
    const std::string label = Tf("ui.slots.recovery", jobj{"levels", levels});
    if (big_button(label.c_str(), ImVec2(0, kTouchTarget)))
      dispatch_and_tell(jobj{"type", "ArcaneRecovery", "target", c.id, "levels", pick});
    track("sheet.slots.recovery", label);
  }
  if (classes) classes_editor(c);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels spell_slots_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::spell_slots(*x.creature); }}};
}

}  // namespace druzina::ui
