// A tiny static file server for build/web (used by scripts/serve, scripts/lighthouse and the browser tests).
// usage: node scripts/static-server.mjs DIR [PORT] [HOST]   (PORT 0 = any free port; prints the URL)
// With STATIC_GZIP=1 (or serve(…, { gzip: true })) text and wasm go gzipped to a browser that accepts it, as a
// static host sends them.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm",
  ".json": "application/json", ".webmanifest": "application/manifest+json", ".png": "image/png",
  ".svg": "image/svg+xml", ".ttf": "font/ttf", ".css": "text/css", ".data": "application/octet-stream",
};

const compressible = new Set([".html", ".js", ".css", ".wasm", ".json", ".webmanifest", ".svg"]);

export function serve(dir, port = 0, host = "127.0.0.1", { gzip = process.env.STATIC_GZIP === "1" } = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    // A request the server cannot read ("//", a broken %-escape) gets 400, not a crash of the server; a path that
    // leads out of the folder (also into a sibling whose name starts alike: build/web-other) gets 403.
    let file;
    try {
      file = path.normalize(path.join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request");
      return;
    }
    if (file !== root && !file.startsWith(root + path.sep)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404, { "content-type": "text/plain" }).end("not found"); return; }
      const headers = { "content-type": types[path.extname(file)] || "application/octet-stream",
                        "cache-control": "no-cache" };
      if (gzip && compressible.has(path.extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] || "")) {
        data = zlib.gzipSync(data, { level: 6 });
        headers["content-encoding"] = "gzip";
      }
      headers["content-length"] = data.length;  // as a static host sends it (the page's download progress reads it)
      res.writeHead(200, headers);
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => {
    resolve({ server, url: `http://${host}:${server.address().port}/` });
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = "build/web", port = "8080", host = "127.0.0.1"] = process.argv.slice(2);
  const { url } = await serve(dir, Number(port), host);
  console.log(`Družina is served at ${url}  (Ctrl-C stops)`);
}
