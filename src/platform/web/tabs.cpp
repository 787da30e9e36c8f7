// Web tabs (see platform/tabs.hpp): a BroadcastChannel "druzina" and the page's storage event.
#include "platform/tabs.hpp"

#include <emscripten.h>

namespace {

void (*message_callback)(const char*) = nullptr;

EM_JS(void, js_tabs_install, (), {
  if (Module.druzinaTabs) return;
  var send = function (s) {
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    try { _druzina_tab_message(p); } finally { _free(p); }
    if (Module.druzinaWake) Module.druzinaWake();
  };
  Module.druzinaTabs = { post: function () {} };
  try {
    if (typeof BroadcastChannel !== "undefined") {
      var ch = new BroadcastChannel("druzina");
      ch.onmessage = function (e) { if (typeof e.data === "string") send(e.data); };
      Module.druzinaTabs.post = function (s) { try { ch.postMessage(s); } catch (e) {} };
    }
  } catch (e) {}
  window.addEventListener("storage", function (e) {
    if (e.storageArea && e.storageArea !== window.localStorage) return;
    var key = e.key === null ? "" : e.key;
    if (key !== "" && key.indexOf("druzina.") !== 0) return;
    send(JSON.stringify({ t: "storage", key: key.slice(8) }));
  });
});

EM_JS(void, js_tabs_post, (const char* json), { Module.druzinaTabs && Module.druzinaTabs.post(UTF8ToString(json)); });

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void druzina_tab_message(const char* json) {
  if (message_callback) message_callback(json);
}

namespace druzina::platform::tabs {

void install(void (*message)(const char*)) {
  message_callback = message;
  js_tabs_install();
}

void post(const std::string& json) { js_tabs_post(json.c_str()); }

}  // namespace druzina::platform::tabs
