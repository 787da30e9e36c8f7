// Web side of platform/link.hpp: location.hash, hashchange, history.replaceState, navigator.share.
#include "platform/link.hpp"

#include <emscripten.h>

#include <cstdlib>

namespace {

// Module.druzinaFragment holds a fragment not yet taken: the one the page opened with, then each new one.
EM_JS(char*, js_link_take, (), {
  if (!Module.druzinaLinkInstalled) {
    Module.druzinaLinkInstalled = true;
    Module.druzinaFragment = location.hash && location.hash.length > 1 ? location.hash : "";
    window.addEventListener("hashchange", function () {
      if (location.hash && location.hash.length > 1) {
        Module.druzinaFragment = location.hash;
        if (Module.druzinaWake) Module.druzinaWake();
      }
    });
  }
  var f = Module.druzinaFragment || "";
  Module.druzinaFragment = "";
  return f ? stringToNewUTF8(f) : 0;
});

EM_JS(void, js_link_clear, (), {
  try { history.replaceState(history.state, "", location.pathname + location.search); } catch (e) {}
});

EM_JS(char*, js_page_url, (), {
  return stringToNewUTF8(location.origin + location.pathname);
});

EM_JS(double, js_now, (), { return Date.now(); });

EM_JS(int, js_can_share, (), { return navigator.share ? 1 : 0; });

EM_JS(int, js_share_url, (const char* title, const char* url), {
  if (!navigator.share) return 0;
  try {
    var p = navigator.share({ title: UTF8ToString(title), url: UTF8ToString(url) });
    if (p && p.catch) p.catch(function () {});  // the user closed the sheet: nothing to say
    Module.druzinaLastShared = UTF8ToString(url);
    return 1;
  } catch (e) { return 0; }
});

std::string take(char* s) {
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

}  // namespace

namespace druzina::platform::link {

std::string take_fragment() { return take(js_link_take()); }
void clear_fragment() { js_link_clear(); }
std::string page_url() { return take(js_page_url()); }
long long wall_clock_ms() { return static_cast<long long>(js_now()); }
bool can_share() { return js_can_share() == 1; }
bool share_url(const std::string& title, const std::string& url) { return js_share_url(title.c_str(), url.c_str()) == 1; }

}  // namespace druzina::platform::link
