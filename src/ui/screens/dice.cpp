// The dice screen. For now it says what it will hold; the table-UI issue builds it.
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_dice() {
  heading(T("ui.tab.dice"));
  track("screen.dice", T("ui.tab.dice"));
  placeholder_card(T("ui.dice.soon_title"), T("ui.dice.soon_body"));
}

}  // namespace druzina::ui
