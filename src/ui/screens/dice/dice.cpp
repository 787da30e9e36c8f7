// The dice screen: one tap on d4…d100 rolls count × die + modifier (with advantage/disadvantage on a d20),
// or type any expression of the dice grammar (docs/dice.md) with a live error under the field; who rolls (in player
// mode only the party). Rolls here use model().rng(): they are not campaign commands (spending inspiration/hero
// points is). Its parts (parts.hpp): the result's card (result.cpp), inspiration and hero points after a d20
// (luck.cpp), favourite rolls and the roll history, kept on this device (saved.cpp).
//
// Index:
//   [SECTION] rolling
//   [SECTION] who rolls, and the controls
//   [SECTION] the screen
#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/campaign/engine.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/screens/dice/parts.hpp"
#include "ui/screens/dice/store.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace dice_screen {

using campaign::Creature;

State& st() {
  static State s;
  return s;
}

namespace {
const int kSides[] = {4, 6, 8, 10, 12, 20, 100};
}

// [SECTION] rolling ---------------------------------------------------------------------------------------------------
std::string trimmed(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n"), b = s.find_last_not_of(" \t\n");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

void revalidate() {
  State& s = st();
  s.error.reset();
  if (trimmed(s.expr).empty()) return;
  try {
    dice::validate(s.expr);
  } catch (const UserError& e) {
    s.error = e;
  }
}

namespace {

// Who may roll on this phone: anyone for the DM; in player mode only the party (PCs and sidekicks), never a
// monster, an NPC or a hidden creature.
bool may_roll_for(const Creature& x) {
  return !ui_player_mode() || (!x.hidden && campaign::in_party(x));
}

const Creature* roller() {
  if (st().who.empty()) return nullptr;
  const Creature* c = campaign::find_creature(model().state(), st().who);
  return c && may_roll_for(*c) ? c : nullptr;
}

}  // namespace

// Rolls the expression (advantage/disadvantage applied to its first single d20) for the chosen roller.
void roll_now(const std::string& typed) {
  State& s = st();
  std::string expr = s.mode == 1 ? dice::with_advantage(typed) : s.mode == 2 ? dice::with_disadvantage(typed) : typed;
  try {
    LastRoll lr;
    static long long rolls = 0;
    lr.id = "dice-" + std::to_string(static_cast<long long>(dice_store::wall_clock_ms())) + "-" + std::to_string(++rolls);
    lr.roll = dice::roll(expr, model().rng());
    if (const Creature* c = roller()) {
      lr.who_id = c->id;
      lr.who_name = c->name;
    }
    int kept20 = 0;
    for (size_t i = 0; i < lr.roll.dice.size(); ++i) {
      const dice::Die& d = lr.roll.dice[i];
      if (d.sides == 20 && d.kept) {
        ++kept20;
        lr.d20 = static_cast<int>(i);
      }
    }
    if (kept20 != 1) lr.d20 = -1;
    lr.shown_total = static_cast<long long>(lr.roll.total);
    dice_store::add_history({lr.who_name, lr.roll.expr, lr.roll.text, lr.shown_total, dice_store::wall_clock_ms(),
                             lr.roll.nat20, lr.roll.nat1});
    s.last = std::move(lr);
    s.reveal_result = 2;  // the card has its size a frame later
  } catch (const UserError& e) {
    model().notify(e.message(ui().lang), true);
  }
}

namespace {

std::string die_expr(int sides) {
  const State& s = st();
  std::string e = (s.count > 1 ? std::to_string(s.count) : std::string()) + "d" + std::to_string(sides);
  e = dice_notation(ui().lang, e);  // what the reader's table writes: 1k20, 1к20 (the parser takes every notation)
  if (s.modifier > 0) e += "+" + std::to_string(s.modifier);
  if (s.modifier < 0) e += "-" + std::to_string(-s.modifier);
  return e;
}

// [SECTION] who rolls, and the controls -------------------------------------------------------------------------------
void draw_who() {
  State& s = st();
  // on a player's phone her own character rolls by default, not "me" (once per campaign and character)
  if (ui_player_mode() && !share_ids::mine_here().empty()) {
    static std::string defaulted;
    const std::string key = model().campaign_id() + "/" + share_ids::mine_here();
    if (defaulted != key) {
      defaulted = key;
      s.who = share_ids::mine_here();
    }
  }
  const Creature* c = roller();
  if (!c) s.who.clear();
  std::string text = Tf("ui.dice.who", jobj{"name", c ? c->name : std::string(T("ui.dice.who_me"))});
  if (c && c->inspiration) text += "  \xE2\x98\x85";  // ★ has inspiration
  if (big_button((text + "##who").c_str())) open_popup("who");
  track("dice.who", text);
  if (begin_popup("who")) {
    small_label(T("ui.dice.who_title"));
    if (choice_button(T("ui.dice.who_me"), s.who.empty())) {
      s.who.clear();
      ImGui::CloseCurrentPopup();
    }
    track("dice.who.me", T("ui.dice.who_me"));
    for (const auto& x : model().state().creatures) {
      if (!may_roll_for(x)) continue;
      std::string l = x.name;
      if (x.inspiration) l += "  \xE2\x98\x85";
      if (const auto hero = rules::hero_points_view(model().state(), x); hero.on && hero.points > 0)
        l += "  " + Tf("ui.dice.hero_points_short", jobj{"n", hero.points});
      ImGui::PushID(x.id.c_str());
      if (choice_button(l.c_str(), s.who == x.id)) {
        s.who = x.id;
        ImGui::CloseCurrentPopup();
      }
      ImGui::PopID();
      track("dice.who." + x.id, l);
    }
    if (model().state().creatures.empty()) muted(T("ui.dice.who_none"));
    end_popup();
  }
}

void draw_controls() {
  State& s = st();
  draw_who();
  // the dice buttons: 4 + 3 per row
  const float spacing = 8;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
  ImGui::PushFont(ui().fonts.big);
  for (int row = 0; row < 2; ++row) {
    const int n = row == 0 ? 4 : 3;
    const float w = (ImGui::GetContentRegionAvail().x - spacing * static_cast<float>(n - 1)) / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
      int sides = kSides[row * 4 + i];
      if (i > 0) ImGui::SameLine();
      std::string l = "d" + std::to_string(sides);
      if (ImGui::Button(l.c_str(), ImVec2(w, 62))) {
        s.expr = die_expr(sides);
        revalidate();
        roll_now(s.expr);
      }
      track("dice.d" + std::to_string(sides), l);
    }
  }
  ImGui::PopFont();
  ImGui::PopStyleVar();
  // count and modifier
  // (placed by position, not SameLine: SameLine would align the second label to the buttons' text baseline)
  const float half = (ImGui::GetContentRegionAvail().x - 10) * 0.5f;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::BeginGroup();
  small_label(T("ui.dice.count"));
  stepper("dice.count", s.count, 1, 100, {.width = half});
  ImGui::EndGroup();
  const float y1 = ImGui::GetCursorScreenPos().y;
  ImGui::SetCursorScreenPos(ImVec2(p0.x + half + 10, p0.y));
  ImGui::BeginGroup();
  small_label(T("ui.dice.modifier"));
  stepper("dice.mod", s.modifier, -50, 50, {.show_sign = true, .width = half});
  ImGui::EndGroup();
  ImGui::SetCursorScreenPos(ImVec2(p0.x, std::max(y1, ImGui::GetCursorScreenPos().y)));
  // advantage / disadvantage
  segmented("dice.mode",
                 {{"normal", T("ui.dice.mode.normal")}, {"adv", T("ui.dice.mode.adv")}, {"dis", T("ui.dice.mode.dis")}},
                 s.mode);
  // typed expression
  ImGui::Spacing();
  small_label(T("ui.dice.expr_label"));
  if (text_field("##expr", T("ui.dice.expr_hint"), s.expr)) revalidate();
  bool enter = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGuiKey_Enter, false);
  track("dice.expr", s.expr);
  if (s.error) {
    std::string msg = s.error->message(ui().lang);
    error_text(msg.c_str());
    track("dice.error", msg);
  }
  const bool can_roll = !trimmed(s.expr).empty() && !s.error;
  ImGui::BeginDisabled(!can_roll);
  std::string roll_label = std::string(T("ui.dice.roll")) + "##roll";
  ImGui::PushFont(ui().fonts.big);
  bool roll = choice_button(roll_label.c_str(), true, ImVec2(0, 60));
  ImGui::PopFont();
  ImGui::EndDisabled();
  track("dice.roll", T("ui.dice.roll"));
  if ((roll || enter) && can_roll) roll_now(s.expr);
}

}  // namespace

}  // namespace dice_screen

// [SECTION] the screen ------------------------------------------------------------------------------------------------
void draw_dice() {
  using namespace dice_screen;
  heading(T("ui.tab.dice"));
  track("screen.dice", T("ui.tab.dice"));
  const bool wide = ImGui::GetContentRegionAvail().x >= 700;
  if (wide && ImGui::BeginTable("##dice2", 2, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    draw_controls();
    draw_favourites();
    ImGui::TableNextColumn();
    draw_result();
    draw_history();
    ImGui::EndTable();
    return;
  }
  draw_controls();
  draw_result();
  draw_favourites();
  draw_history();
}

}  // namespace druzina::ui
