// The rules screen. For now a search field (the keyboard bridge's first user) and what it will hold; the
// table-UI issue builds the searchable reference.
#include <string>

#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets.hpp"

namespace druzina::ui {

void draw_rules() {
  static std::string query;
  heading(T("ui.tab.rules"));
  track("screen.rules", T("ui.tab.rules"));
  text_field("##search", T("ui.rules.search"), query);
  track("rules.search", query);
  placeholder_card(T("ui.rules.soon_title"), T("ui.rules.soon_body"));
}

}  // namespace druzina::ui
