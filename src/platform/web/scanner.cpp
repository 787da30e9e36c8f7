// Web side of platform/scanner.hpp: getUserMedia into a <video> laid over the page, frames drawn into a canvas
// and decoded by BarcodeDetector (where the browser has it) or jsQR (jsqr.js beside the page, loaded on first
// use; the page's CSP allows scripts of its own origin only). Module.druzinaScan holds the state.
#include "platform/scanner.hpp"

#include <emscripten.h>

#include <cstdlib>

namespace {

// The decoder (once): the browser's own, else jsQR from this origin. S.decoderReady resolves to a function
// (an image source → Promise of the text or null).
EM_JS(void, js_scan_init, (), {
  var S = Module.druzinaScan || (Module.druzinaScan = { state: 0, text: null });
  if (S.decoderReady) return;
  S.decoderReady = new Promise(function (resolve, reject) {
    if (typeof BarcodeDetector === "function") {
      try {
        var d = new BarcodeDetector({ formats: ["qr_code"] });
        resolve(function (source) {
          return d.detect(source).then(function (codes) { return codes.length ? codes[0].rawValue : null; });
        });
        return;
      } catch (e) {}
    }
    var done = function () {
      if (typeof jsQR !== "function") { reject(new Error("jsqr")); return; }
      resolve(function (source) {
        var c = S.canvas || (S.canvas = document.createElement("canvas"));
        var sw = source.videoWidth || source.width, sh = source.videoHeight || source.height;
        if (!sw || !sh) return Promise.resolve(null);
        var k = Math.min(1, 800 / Math.max(sw, sh));
        c.width = Math.round(sw * k); c.height = Math.round(sh * k);
        var g = c.getContext("2d", { willReadFrequently: true });
        g.drawImage(source, 0, 0, c.width, c.height);
        var img = g.getImageData(0, 0, c.width, c.height);
        var code = jsQR(img.data, img.width, img.height, { inversionAttempts: "attemptBoth" });
        return Promise.resolve(code ? code.data : null);
      });
    };
    if (typeof jsQR === "function") { done(); return; }
    var s = document.createElement("script");
    s.src = "jsqr.js";
    s.onload = done;
    s.onerror = function () { reject(new Error("jsqr")); };
    document.head.appendChild(s);
  });
});

EM_JS(void, js_scan_open, (float x, float y, float w, float h), {
  var S = Module.druzinaScan || (Module.druzinaScan = { state: 0, text: null });
  var wake = function () { if (Module.druzinaWake) Module.druzinaWake(); };
  if (S.state === 1 || S.state === 2) return;
  S.state = 1;
  S.text = null;
  S.decoderReady.catch(function () { if (S.state) { S.state = 4; wake(); } });
  var box = document.createElement("div");
  box.id = "druzina-scanner";
  // (pointer-events none: a finger or a wheel on the picture scrolls the app's screen under it, as anywhere else)
  box.style.cssText = "position:fixed;z-index:20;background:#000;overflow:hidden;border-radius:12px;" +
    "pointer-events:none;left:" + x +
    "px;top:" + y + "px;width:" + w + "px;height:" + h + "px";
  var video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.style.cssText = "width:100%;height:100%;object-fit:cover";
  box.appendChild(video);
  document.body.appendChild(box);
  S.box = box;
  S.video = video;
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { S.state = 3; wake(); return; }
  navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then(function (stream) {
    if (S.state !== 1) { stream.getTracks().forEach(function (t) { t.stop(); }); return; }
    S.stream = stream;
    video.srcObject = stream;
    video.play().catch(function () {});
    S.state = 2;
    wake();
    var tick = function () {
      if (S.state !== 2) return;
      S.decoderReady.then(function (decode) { return video.readyState >= 2 ? decode(video) : null; })
        .then(function (text) {
          if (text && text !== S.last) { S.text = text; S.last = text; wake(); }
        })
        .catch(function () {})
        .then(function () { if (S.state === 2) S.timer = setTimeout(tick, 150); });
    };
    tick();
  }).catch(function () { S.state = 3; wake(); });
});

EM_JS(void, js_scan_close, (), {
  var S = Module.druzinaScan;
  if (!S) return;
  S.state = 0;
  clearTimeout(S.timer);
  if (S.stream) S.stream.getTracks().forEach(function (t) { t.stop(); });
  S.stream = null;
  if (S.box) S.box.remove();
  S.box = null;
  S.last = null;
});

EM_JS(void, js_scan_place, (float x, float y, float w, float h), {
  var S = Module.druzinaScan;
  if (!S || !S.box) return;
  var st = S.box.style;
  if (w < 1 || h < 1) { st.display = "none"; return; }
  st.display = "";
  st.left = x + "px"; st.top = y + "px"; st.width = w + "px"; st.height = h + "px";
});

EM_JS(int, js_scan_status, (), { return Module.druzinaScan ? Module.druzinaScan.state : 0; });

EM_JS(char*, js_scan_take, (), {
  var S = Module.druzinaScan;
  if (!S || !S.text) return 0;
  var t = S.text;
  S.text = null;
  return stringToNewUTF8(t.length > 8192 ? "" : t);
});

EM_JS(void, js_scan_pick, (), {
  var S = Module.druzinaScan || (Module.druzinaScan = { state: 0, text: null });
  var wake = function () { if (Module.druzinaWake) Module.druzinaWake(); };
  var input = document.createElement("input");
  input.type = "file";
  input.accept = "image/*";
  input.onchange = function () {
    var f = input.files && input.files[0];
    if (!f || f.size > 20 * 1024 * 1024) return;
    Promise.all([S.decoderReady, createImageBitmap(f)]).then(function (r) { return r[0](r[1]); })
      .then(function (text) { if (text) S.text = text; else S.state = 4; wake(); })
      .catch(function () { S.state = 4; wake(); });
  };
  input.click();
});

std::string take(char* s) {
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

}  // namespace

namespace druzina::platform::scanner {

void prepare() { js_scan_init(); }
void open(float x, float y, float width, float height) {
  js_scan_init();
  js_scan_open(x, y, width, height);
}
void place(float x, float y, float width, float height) { js_scan_place(x, y, width, height); }
void close() { js_scan_close(); }
Status status() { return static_cast<Status>(js_scan_status()); }
std::optional<std::string> take() {
  char* s = js_scan_take();
  if (!s) return std::nullopt;
  std::string t = ::take(s);
  if (t.empty()) return std::nullopt;
  return t;
}
void pick_image() {
  js_scan_init();
  js_scan_pick();
}

}  // namespace druzina::platform::scanner
