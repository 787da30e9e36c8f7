// Web lifecycle (see platform/lifecycle.hpp): Date.now(), the page being hidden, navigator.storage.persist().
#include "platform/lifecycle.hpp"

#include <emscripten.h>

#include <cstdlib>

namespace {

void (*hidden_callback)() = nullptr;

EM_JS(double, js_wall_ms, (), { return Date.now(); });

EM_JS(char*, js_local_time, (double ms, const char* lang), {
  var d = new Date(ms), s;
  try {
    s = d.toLocaleString(UTF8ToString(lang), { day: "numeric", month: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
  } catch (e) { s = d.toISOString().slice(0, 16).replace("T", " "); }
  return stringToNewUTF8(s);
});

// what: 0 date with the weekday, 1 time of day
EM_JS(char*, js_local_part, (double ms, const char* lang, int what), {
  var d = new Date(ms), s;
  try {
    s = what === 0 ? d.toLocaleDateString(UTF8ToString(lang), { weekday: "short", day: "numeric", month: "numeric", year: "numeric" })
                   : d.toLocaleTimeString(UTF8ToString(lang), { hour: "numeric", minute: "2-digit" });
  } catch (e) { s = what === 0 ? d.toISOString().slice(0, 10) : d.toISOString().slice(11, 16); }
  return stringToNewUTF8(s);
});

EM_JS(void, js_install_hidden, (), {
  if (Module.druzinaHiddenInstalled) return;
  Module.druzinaHiddenInstalled = true;
  var fire = function () { try { _druzina_page_hidden(); } catch (e) {} };
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") fire();
  });
  window.addEventListener("pagehide", fire);
  document.addEventListener("freeze", fire);
});

// 0 unknown (pending), 1 granted, 2 refused, 3 unsupported
EM_JS(void, js_request_persistence, (), {
  if (Module.druzinaPersistence !== undefined) return;
  Module.druzinaPersistence = 0;
  try {
    if (!navigator.storage || !navigator.storage.persist) { Module.druzinaPersistence = 3; return; }
    var ask = function () {
      navigator.storage.persist().then(function (g) { Module.druzinaPersistence = g ? 1 : 2; },
                                       function () { Module.druzinaPersistence = 2; });
    };
    if (navigator.storage.persisted) {
      navigator.storage.persisted().then(function (p) { if (p) Module.druzinaPersistence = 1; else ask(); }, ask);
    } else {
      ask();
    }
  } catch (e) { Module.druzinaPersistence = 3; }
});

EM_JS(int, js_persistence, (), { return Module.druzinaPersistence | 0; });

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void druzina_page_hidden() {
  if (hidden_callback) hidden_callback();
}

namespace druzina::platform {

long long wall_ms() { return static_cast<long long>(js_wall_ms()); }

std::string local_time(long long ms, const std::string& lang) {
  char* s = js_local_time(static_cast<double>(ms), lang.c_str());
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

namespace {
std::string local_part(long long ms, const std::string& lang, int what) {
  char* s = js_local_part(static_cast<double>(ms), lang.c_str(), what);
  std::string out = s ? s : "";
  std::free(s);
  return out;
}
}  // namespace

std::string local_date(long long ms, const std::string& lang) { return local_part(ms, lang, 0); }
std::string local_clock(long long ms, const std::string& lang) { return local_part(ms, lang, 1); }

void on_page_hidden(void (*fn)()) {
  hidden_callback = fn;
  js_install_hidden();
}

void request_persistence() { js_request_persistence(); }

Persistence persistence() {
  switch (js_persistence()) {
    case 1: return Persistence::granted;
    case 2: return Persistence::refused;
    case 3: return Persistence::unsupported;
    default: return Persistence::unknown;
  }
}

}  // namespace druzina::platform
