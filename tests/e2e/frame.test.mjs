// Framing: a page of another origin that shows the app inside a frame (clickjacking) gets the page's refusal, not
// the app (web/shell.js); the same origin's frame and the top window start as ever. Served from web/ itself (the
// refusal comes before the runtime is loaded, so no build is needed): host pages on "localhost" frame the app on
// "127.0.0.1", another origin of the same server.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath, chromiumArgs } from "./lib.mjs";

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "web");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
let server, port, browser;

before(async () => {
  server = http.createServer((req, res) => {
    const name = new URL(req.url, "http://x").pathname;
    if (name === "/host.html") {  // a page that frames the app at the origin the query names
      const src = new URL(req.url, "http://x").searchParams.get("src");
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><iframe id="f" src="${src}" width="412" height="915"></iframe>`);
      return;
    }
    const file = path.join(web, name === "/" ? "index.html" : path.basename(name));
    if (!fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    res.end(fs.readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  port = server.address().port;
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => { await browser?.close(); server?.close(); });

// The app's page as loaded in the frame of a host page at `host`: whether it refused, and what its status says.
async function framed(host) {
  const page = await browser.newPage({ locale: "en-US" });
  await page.goto(`http://${host}:${port}/host.html?src=${encodeURIComponent(`http://127.0.0.1:${port}/index.html#d1.x`)}`);
  const frame = await (await page.waitForSelector("#f")).contentFrame();
  await frame.waitForSelector("#status-text");
  await frame.waitForFunction(() => window.druzinaFramed !== undefined || window.Module !== undefined);
  const out = await frame.evaluate(() => ({
    refused: window.druzinaFramed === true,
    text: document.getElementById("status-text").textContent,
    link: document.querySelector("#status-text a")?.href || "",
    canvas: getComputedStyle(document.getElementById("canvas")).display,
  }));
  await page.close();
  return out;
}

test("inside a frame of another origin the app does not start and says why, with a link to open it alone", async () => {
  const r = await framed("localhost");
  assert.equal(r.refused, true);
  assert.match(r.text, /does not run inside another site's page/);
  assert.equal(r.link, `http://127.0.0.1:${port}/index.html`);  // without the fragment
  assert.equal(r.canvas, "none");
});

test("in a frame of its own origin and in a window of its own it starts as ever", async () => {
  const r = await framed("127.0.0.1");
  assert.equal(r.refused, false);
  assert.doesNotMatch(r.text, /another site/);
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  await page.waitForFunction(() => window.Module !== undefined);
  assert.equal(await page.evaluate(() => window.druzinaFramed === true), false);
  await page.close();
});
