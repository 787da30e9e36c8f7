// Web files (see platform/files.hpp): navigator.share with a file, and a hidden <input type=file> for imports.
// All JS guarded: a refusal is a status, not a throw.
#include "platform/files.hpp"

#include <emscripten.h>

namespace {

void (*picked_callback)(const char*, const char*, int) = nullptr;

EM_JS(int, js_can_share_files, (), {
  try {
    if (!navigator.share || !navigator.canShare || typeof File === "undefined") return 0;
    var f = new File(["{}"], "x.json", { type: "application/json" });
    return navigator.canShare({ files: [f] }) ? 1 : 0;
  } catch (e) { return 0; }
});

EM_JS(int, js_share_file, (const char* name, const char* text, const char* mime), {
  try {
    var f = new File([UTF8ToString(text)], UTF8ToString(name), { type: UTF8ToString(mime) });
    if (!navigator.share || !navigator.canShare || !navigator.canShare({ files: [f] })) return 0;
    navigator.share({ files: [f], title: f.name }).catch(function () {});
    Module.druzinaLastShared = f.name;
    return 1;
  } catch (e) { return 0; }
});

EM_JS(void, js_pick_file, (int max_bytes), {
  var send = function (name, text, ok) {
    var n1 = lengthBytesUTF8(name) + 1, p1 = _malloc(n1);
    stringToUTF8(name, p1, n1);
    var n2 = lengthBytesUTF8(text) + 1, p2 = _malloc(n2);
    stringToUTF8(text, p2, n2);
    try { _druzina_file_picked(p1, p2, ok); } finally { _free(p1); _free(p2); }
    if (Module.druzinaWake) Module.druzinaWake();
  };
  try {
    var input = document.getElementById("druzina-file");
    if (!input) {
      input = document.createElement("input");
      input.type = "file";
      input.id = "druzina-file";
      input.accept = ".json,.xml,application/json,text/xml,application/xml,text/plain";
      input.style.display = "none";
      document.body.appendChild(input);
    }
    input.value = "";
    input.onchange = function () {
      var f = input.files && input.files[0];
      if (!f) return;
      if (f.size > max_bytes) { send(f.name, "", 0); return; }
      var r = new FileReader();
      r.onload = function () { send(f.name, String(r.result), 1); };
      r.onerror = function () { send(f.name, "", 0); };
      r.readAsText(f);
    };
    input.click();
  } catch (e) { send("", "", 0); }
});

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void druzina_file_picked(const char* name, const char* text, int ok) {
  if (picked_callback) picked_callback(name, text, ok);
}

namespace druzina::platform {

bool can_share_files() { return js_can_share_files() == 1; }

bool share_file(const std::string& filename, const std::string& text, const std::string& mime) {
  return js_share_file(filename.c_str(), text.c_str(), mime.c_str()) == 1;
}

void pick_file(void (*done)(const char*, const char*, int), int max_bytes) {
  picked_callback = done;
  js_pick_file(max_bytes);
}

}  // namespace druzina::platform
