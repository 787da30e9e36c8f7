// Web side of platform/lang.hpp: web/lang.js keeps Module.druzinaPacks (fetched before the app started).
#include "platform/lang.hpp"

#include <emscripten.h>

namespace {

EM_JS(int, js_pack_count, (), { return (Module.druzinaPacks || []).length; });
EM_JS(int, js_pack_size, (int i), { return Module.druzinaPacks[i].bytes.length; });
EM_JS(void, js_pack_copy, (int i, char* out), { HEAPU8.set(Module.druzinaPacks[i].bytes, out); });
EM_JS(void, js_packs_taken, (), { Module.druzinaPacks = null; });

EM_JS(void, js_fetch_and_restart, (const char* code, const char* file), {
  var c = UTF8ToString(code), f = UTF8ToString(file);
  Module.druzinaLangFailed = false;
  fetch(f).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.arrayBuffer();
  }).then(function () {
    try { localStorage.setItem("druzina.lang", c); } catch (e) {}
    location.reload();
  }).catch(function () {
    Module.druzinaLangFailed = true;
    if (Module.druzinaWake) Module.druzinaWake();
  });
});

EM_JS(int, js_take_fetch_failure, (), {
  var failed = !!Module.druzinaLangFailed;
  Module.druzinaLangFailed = false;
  return failed ? 1 : 0;
});

EM_JS(void, js_fail_without_texts, (), { if (window.druzinaFail) druzinaFail("nopack"); });

}  // namespace

namespace druzina::platform::lang {

std::vector<std::string> fetched_packs() {
  std::vector<std::string> out;
  for (int i = 0, n = js_pack_count(); i < n; ++i) {
    std::string bytes(static_cast<size_t>(js_pack_size(i)), '\0');
    js_pack_copy(i, bytes.data());
    out.push_back(std::move(bytes));
  }
  js_packs_taken();
  return out;
}

void fetch_and_restart(std::string_view code, std::string_view file) {
  js_fetch_and_restart(std::string(code).c_str(), std::string(file).c_str());
}

bool take_fetch_failure() { return js_take_fetch_failure() != 0; }

void fail_without_texts() { js_fail_without_texts(); }

}  // namespace druzina::platform::lang
