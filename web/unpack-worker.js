// Unpacks a packed file off the page's main thread (started by web/wasm.js for index.wasm.lzma on a first visit):
// fetches it, unpacks it as it arrives (web/unlzma.js) and hands the bytes back without a copy. Messages to the
// page: {received, total} as the download goes (total 0 when the host does not say), then {bytes} or {error}.
importScripts("unlzma.js");  // self.druzinaUnlzma

self.onmessage = function (e) {
  var url = e.data && e.data.url;
  fetch(url).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    var total = Number(r.headers.get("content-length")) || 0, received = 0;
    var counted = !r.body || !self.TransformStream ? r : new Response(r.body.pipeThrough(new TransformStream({
      transform: function (chunk, out) {
        received += chunk.length;
        self.postMessage({ received: received, total: total });
        out.enqueue(chunk);
      }
    })), { headers: r.headers });
    return self.druzinaUnlzma.fromResponse(counted);
  }).then(function (bytes) {
    self.postMessage({ bytes: bytes }, [bytes.buffer]);
  }, function (err) {
    self.postMessage({ error: String((err && err.message) || err) });
  });
};
