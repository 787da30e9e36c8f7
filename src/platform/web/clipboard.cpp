// Web clipboard and download (see platform/clipboard.hpp). All JS guarded: a refusal is a status, not a throw.
#include "platform/clipboard.hpp"

#include <emscripten.h>

namespace {

EM_JS(int, js_copy_text, (const char* text), {
  var s = UTF8ToString(text);
  var fallback = function () {
    try {
      var ta = document.createElement("textarea");
      ta.value = s;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.left = "-9999px";
      document.body.appendChild(ta);
      ta.select();
      var ok = document.execCommand("copy");
      document.body.removeChild(ta);
      return ok ? 1 : 0;
    } catch (e) { return 0; }
  };
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(s).catch(function () { fallback(); });
      Module.druzinaLastCopied = s;
      return 1;
    }
  } catch (e) {}
  var r = fallback();
  if (r) Module.druzinaLastCopied = s;
  return r;
});

EM_JS(int, js_download_text, (const char* name, const char* text, const char* mime), {
  try {
    var blob = new Blob([UTF8ToString(text)], { type: UTF8ToString(mime) });
    var url = URL.createObjectURL(blob);
    var a = document.createElement("a");
    a.href = url;
    a.download = UTF8ToString(name);
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    document.body.removeChild(a);
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    Module.druzinaLastDownload = a.download;
    return 1;
  } catch (e) { return 0; }
});

}  // namespace

namespace druzina::platform {

bool copy_text(const std::string& text) { return js_copy_text(text.c_str()) == 1; }

bool download_text(const std::string& filename, const std::string& text, const std::string& mime) {
  return js_download_text(filename.c_str(), text.c_str(), mime.c_str()) == 1;
}

}  // namespace druzina::platform
