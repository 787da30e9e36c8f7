// The dice screen after a d20 rolled by a creature (parts.hpp): inspiration as luck and hero points, offered under
// the result and spent through the rules' commands (UseInspiration, UseHeroPoint: undoable, logged); the card then
// shows what they did, and the history keeps it.
#include <string>

#include "core/campaign/engine.hpp"
#include "core/dice/luck.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "core/rules/inspiration_luck/inspiration_luck.hpp"
#include "ui/model.hpp"
#include "ui/screens/dice/parts.hpp"
#include "ui/screens/dice/store.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::dice_screen {

namespace {

using campaign::Creature;

// Inspiration as luck (house rule "inspiration-luck"): after seeing a d20, roll another and keep the better; the
// inspiration is spent. The engine's UseInspiration rolls the second die (undoable, logged).
void use_inspiration() {
  State& s = st();
  if (!s.last || s.last->d20 < 0) return;
  LastRoll& lr = *s.last;
  const int first = lr.roll.dice[static_cast<size_t>(lr.d20)].value;
  const long long rest = lr.shown_total - first;  // everything but the d20: modifiers, other dice
  nlohmann::json cmd = jobj{"type", "UseInspiration", "target", lr.who_id, "first_roll", first};
  const bool with_rest = rest >= -50 && rest <= 50;  // the command takes a modifier of −50…50
  if (with_rest) cmd["modifier"] = rest;
  const Outcome o = model().dispatch(cmd);
  if (!o) return;
  // The rule's result: the second d20, the die kept and the total (the modifier added when the command had it).
  const auto used = rules::luck_reroll(o.events);
  if (!used) return;
  const int second = used->second, kept = used->kept;
  const long long total = with_rest ? used->total : kept + rest;
  lr.shown_total = total;
  // one result, the one that counts: the tiles, the line and the total all show the kept die
  lr.roll = dice::with_second_d20(lr.roll, static_cast<size_t>(lr.d20), second);
  if (second > first) lr.d20 += 1;
  lr.luck = Tf("ui.dice.luck.inspiration_done", jobj{"first", first, "second", second, "total", total});
  dice_store::add_history({lr.who_name, lr.roll.expr + " + " + T("ui.dice.luck.inspiration_short"), lr.luck, total,
                           dice_store::wall_clock_ms(), kept == 20, false});
}

// Hero point (the DM's optional rule "hero-points"): roll a d6 and add it to the d20 roll.
void use_hero_point() {
  State& s = st();
  if (!s.last || s.last->d20 < 0) return;
  LastRoll& lr = *s.last;
  nlohmann::json cmd = jobj{"type", "UseHeroPoint", "target", lr.who_id, "roll_id", lr.id};
  if (lr.shown_total >= -100 && lr.shown_total <= 1000) cmd["total"] = lr.shown_total;
  const Outcome o = model().dispatch(cmd);
  if (!o) return;
  const auto spent = rules::hero_point_spent(o.events);
  const int d6 = spent ? spent->d6 : 0;
  lr.shown_total += d6;
  lr.luck = Tf("ui.dice.luck.hero_done", jobj{"d6", d6, "total", lr.shown_total});
  dice_store::add_history({lr.who_name, lr.roll.expr + " + " + T("ui.dice.luck.hero_short"), lr.luck, lr.shown_total,
                           dice_store::wall_clock_ms(), false, false});
}

}  // namespace

void draw_luck(LastRoll& lr) {
  if (!lr.luck.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_good());
    ImGui::TextWrapped("%s", lr.luck.c_str());
    ImGui::PopStyleColor();
    track("dice.luck", lr.luck);
  } else if (lr.d20 >= 0 && !lr.who_id.empty()) {
    const Creature* c = campaign::find_creature(model().state(), lr.who_id);
    if (c && c->inspiration && rule_on("inspiration-luck")) {
      if (choice_button(T("ui.dice.luck.inspiration"), true)) use_inspiration();
      track("dice.use_inspiration", T("ui.dice.luck.inspiration"));
    }
    c = campaign::find_creature(model().state(), lr.who_id);
    const rules::HeroPointsView hero = c ? rules::hero_points_view(model().state(), *c) : rules::HeroPointsView{};
    if (hero.on && hero.points > 0 && lr.luck.empty()) {
      std::string l = Tf("ui.dice.luck.hero", jobj{"n", hero.points});
      if (big_button(l.c_str())) use_hero_point();
      track("dice.use_hero_point", l);
    }
  }
}

}  // namespace druzina::ui::dice_screen
