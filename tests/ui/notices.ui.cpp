// Notices that wait (Model::notify_after): a message that must not push away the one showing — the storage warning
// after a start's alert about a damaged value (4 MB of junk in the value fill most of the storage) — shows when
// that one has gone, expired or cleared (Settings → Recovery clears the start's alert once it shows it there).
#include <catch2/catch.hpp>

#include <string>

#include "headless.hpp"
#include "ui/model.hpp"

using druzina::uitest::Headless;

namespace {

std::string notice(const Headless& app) {
  const auto w = app.find("notice");
  return w ? w->label : "(no notice)";
}

}  // namespace

TEST_CASE("a notice that waits shows after the one showing, not instead of it", "[ui][notice]") {
  Headless app;
  auto& m = druzina::ui::model();
  m.notify("The saved campaign could not be read …", true, 0.5);
  m.notify_after("Storage 84 % full …", true, 0.5);
  app.frame(2);
  CHECK(notice(app) == "The saved campaign could not be read …");
  app.frame(20);  // 320 ms: still the first
  CHECK(notice(app) == "The saved campaign could not be read …");
  app.frame(20);  // past its 500 ms: the waiting one
  CHECK(notice(app) == "Storage 84 % full …");
  app.frame(40);  // and it goes in its turn
  CHECK(notice(app) == "(no notice)");
}

TEST_CASE("a notice that waits comes at once when nothing shows, or when the one showing is cleared", "[ui][notice]") {
  Headless app;
  auto& m = druzina::ui::model();
  m.clear_notice();  // (whatever the start said)
  app.frame(2);
  REQUIRE(notice(app) == "(no notice)");
  m.notify_after("first", false, 5.0);
  app.frame(2);
  CHECK(notice(app) == "first");
  m.notify_after("second", false, 5.0);
  app.frame(2);
  CHECK(notice(app) == "first");
  m.clear_notice();
  app.frame(2);
  CHECK(notice(app) == "second");
}
