// A phone's first visit (phone 412×915, touch): the loading screen shows the download as a bar with the bytes
// received of the total, in the browser's language, and goes once the app runs; a download that stands says so
// after 10 s, and one that is cut off says what to do. The app's code is unpacked off the main thread.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { launch, phone, root, shot, screenshotFailures } from "./lib.mjs";
import { serve } from "../../scripts/static-server.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const webDir = process.env.DRUZINA_WEB_DIR ? path.resolve(process.env.DRUZINA_WEB_DIR) : path.join(root, "build/web");

// Every text and bar width the loading screen shows, from the page's first script on.
async function watchLoading(context) {
  await context.addInitScript(() => {
    window.__loading = [];
    document.addEventListener("DOMContentLoaded", () => {
      const text = document.getElementById("status-text"), fill = document.getElementById("progress-fill");
      const note = () => window.__loading.push({ text: text.textContent, width: fill.style.width,
                                                  shown: !document.getElementById("progress").classList.contains("hidden") });
      new MutationObserver(note).observe(document.getElementById("status"), { subtree: true, childList: true,
                                                                                attributes: true, characterData: true });
    });
  });
}

test("a first visit shows the download's progress in the browser's language, and the bar goes when the app runs", async () => {
  for (const [locale, word, unit] of [["cs-CZ", /^Načítám Družinu… [\d\u00a0\u202f ]+ kB \/ [\d\u00a0\u202f ]+ kB$/, "kB"],
                                      ["uk-UA", /^Завантажую Дружину… [\d\u00a0\u202f ]+ кБ \/ [\d\u00a0\u202f ]+ кБ$/, "кБ"]]) {
    const context = await env.browser.newContext({ ...phone, locale });
    await watchLoading(context);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(env.site);
    await page.waitForFunction(() => window.Module && Module.calledRun &&
                                     document.getElementById("status").classList.contains("hidden"), null, { timeout: 60000 });
    const seen = await page.evaluate(() => window.__loading);
    // Until both downloads (the code and the texts) have said their size, the bar shows the bytes without a total.
    const shown = seen.filter((s) => s.shown);
    const loading = word.source.slice(1, word.source.indexOf(" "));
    assert.ok(shown.every((s) => s.text.startsWith(loading) && s.text.includes(unit)), JSON.stringify(shown.map((s) => s.text)));
    const counted = shown.filter((s) => s.text.includes(" / "));
    assert.ok(counted.length >= 2, `progress with its total: ${JSON.stringify(shown.map((s) => s.text))}`);
    assert.ok(counted.every((s) => word.test(s.text)), `${locale}: ${JSON.stringify(counted.map((s) => s.text))}`);
    const widths = counted.map((s) => parseFloat(s.width));
    assert.ok(widths.every((w, i) => i === 0 || w >= widths[i - 1]), `the bar only grows: ${widths}`);
    assert.ok(widths.at(-1) > 95, `it ends full: ${widths.at(-1)}`);
    // The wasm was unpacked by the worker: the page fetched the packed file through it (a worker's request).
    assert.equal(await page.evaluate(() => performance.getEntriesByName("druzina.wasm-unpacked").length), 1);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A host that sends half of the packed code and then stands still for `standMs`, then cuts the connection.
function cuttingHost(dir, standMs) {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
    const file = path.join(dir, name);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404).end(); return; }
    const data = fs.readFileSync(file);
    const type = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
                   ".wasm": "application/wasm" }[path.extname(file)] || "application/octet-stream";
    res.writeHead(200, { "content-type": type, "content-length": data.length, "cache-control": "no-store" });
    if (!name.endsWith(".wasm.lzma")) { res.end(data); return; }
    res.write(data.subarray(0, data.length >> 1));
    setTimeout(() => res.destroy(), standMs);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () =>
    resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}

test("a download that stands says so after 10 s, and one cut off says to connect and reload (en, uk)", async () => {
  const { server, url } = await cuttingHost(webDir, 12000);
  try {
    for (const locale of ["en-US", "uk-UA"]) {
      const context = await env.browser.newContext({ ...phone, locale, serviceWorkers: "block" });
      const page = await context.newPage();
      await page.goto(url);
      const text = () => page.evaluate(() => document.getElementById("status-text").textContent);
      const stands = locale === "en-US" ? /download has stopped: waiting/ : /Завантаження стоїть/;
      await page.waitForFunction((re) => new RegExp(re).test(document.getElementById("status-text").textContent),
                                 stands.source, { timeout: 20000 });
      if (locale === "uk-UA") await shot(page, "first-start-uk-stands");
      const cut = locale === "en-US" ? /download was cut off\. Connect to the internet and reload/ : /перервалося\. Підʼєднайся/;
      await page.waitForFunction((re) => new RegExp(re).test(document.getElementById("status-text").textContent),
                                 cut.source, { timeout: 20000 });
      assert.match(await text(), cut);
      assert.equal(await page.evaluate(() => document.getElementById("status").classList.contains("error")), true);
      if (locale === "en-US") await shot(page, "first-start-en-cut-off");
      await context.close();
    }
  } finally {
    server.close();
  }
});
