// The dice screen's own memory on this device (not campaign state): favourite rolls and the roll history,
// kept as JSON through platform::storage() under "dice.favourites" and "dice.history". The history is
// bounded (kMaxHistory, newest first) so it never crowds the campaign out of the browser's storage.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace druzina::ui::dice_store {

inline constexpr size_t kMaxHistory = 100;
inline constexpr size_t kMaxFavourites = 40;

struct Favourite {
  std::string name;
  std::string expr;
};

struct HistoryEntry {
  std::string who;   // a name as it was when rolled ("" = the user)
  std::string expr;  // what was rolled
  std::string text;  // the formatted result: "4d6kh3 (6, 5, ~~1~~, 3) = 14"
  long long total = 0;
  double at_ms = 0;  // wall clock, ms since 1970
  bool nat20 = false, nat1 = false;
};

const std::vector<Favourite>& favourites();
bool add_favourite(Favourite f);    // false when full or the same expression is already there
void remove_favourite(size_t index);

const std::vector<HistoryEntry>& history();  // newest first
void add_history(HistoryEntry e);
void clear_history();

double wall_clock_ms();
// "14:05" today, "3. 2. 14:05" (cs/uk "3. 2.", en "2/3") on other days.
std::string when_text(double at_ms);

}  // namespace druzina::ui::dice_store
