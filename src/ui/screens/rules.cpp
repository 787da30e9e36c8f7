// The rules screen. For now it says what it will hold; the table-UI issue builds it.
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_rules() {
  heading(T("ui.tab.rules"));
  track("screen.rules", T("ui.tab.rules"));
  placeholder_card(T("ui.rules.soon_title"), T("ui.rules.soon_body"));
}

}  // namespace druzina::ui
