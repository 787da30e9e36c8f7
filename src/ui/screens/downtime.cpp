// The downtime screen. For now it says what it will hold; the table-UI issue builds it.
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_downtime() {
  heading(T("ui.tab.downtime"));
  track("screen.downtime", T("ui.tab.downtime"));
  placeholder_card(T("ui.downtime.soon_title"), T("ui.downtime.soon_body"));
}

}  // namespace druzina::ui
