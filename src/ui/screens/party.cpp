// The party screen. For now it says what it will hold; the table-UI issue builds it.
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_party() {
  heading(T("ui.tab.party"));
  track("screen.party", T("ui.tab.party"));
  placeholder_card(T("ui.party.soon_title"), T("ui.party.soon_body"));
}

}  // namespace druzina::ui
