// The combat screen. For now it says what it will hold; the table-UI issue builds it.
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_combat() {
  heading(T("ui.tab.combat"));
  track("screen.combat", T("ui.tab.combat"));
  placeholder_card(T("ui.combat.soon_title"), T("ui.combat.soon_body"));
}

}  // namespace druzina::ui
