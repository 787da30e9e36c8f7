// Parts of the dice screen (dice.cpp: its state, rolling, who rolls, the controls and the screen's layout):
//   result.cpp — the last roll's card: every die (dropped and rerolled struck through, exploded marked, natural 20 / 1
//                highlighted), the total large, the result line;
//   luck.cpp   — under the card, after a d20 rolled by a creature: inspiration as luck and hero points
//                (UseInspiration, UseHeroPoint) and what they did;
//   saved.cpp  — favourite rolls and the roll history, kept on this device (store.hpp).
#pragma once
#include <imgui.h>

#include <optional>
#include <string>

#include "core/dice/dice.hpp"
#include "core/error.hpp"

namespace druzina::ui::dice_screen {

struct LastRoll {
  dice::Roll roll;
  std::string who_id, who_name;
  int d20 = -1;          // index of the one kept d20 (inspiration / hero points apply), else -1
  std::string luck;      // what inspiration or a hero point did, once used
  long long shown_total = 0;
  std::string id;        // "dice-<ms>-<n>": the roll's id for UseHeroPoint (one hero point per roll)
};

struct State {
  int count = 1, modifier = 0, mode = 0;  // mode: 0 normal, 1 advantage, 2 disadvantage
  std::string expr;
  std::optional<UserError> error;
  std::string who;  // creature id; "" = me
  std::optional<LastRoll> last;
  bool adding_fav = false;
  int reveal_result = 0;  // frames until the new result is scrolled the new result into view (e.g. after rolling a favourite below it)
  std::string fav_name;
  size_t fav_menu = 0;
};

State& st();  // the screen's state

std::string trimmed(const std::string& s);
void revalidate();                       // the typed expression's error, live
void roll_now(const std::string& typed);  // rolls it for the chosen roller: the new last roll, in the history

// Text with "~~x~~" parts drawn struck through (the dice formatter marks dropped dice so), wrapped at words.
void struck_text(const std::string& text, ImFont* font, ImU32 color);

void draw_result();
void draw_luck(LastRoll& lr);  // in the result's card: what inspiration or a hero point did, or the offer to use them
void draw_favourites();
void draw_history();

}  // namespace druzina::ui::dice_screen
