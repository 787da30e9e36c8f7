// The installable, offline app (phone 412×915, touch): the published page carries no test hooks; the manifest
// is complete for installation; after one visit the app starts offline with the campaign (a reload and a cold
// start); no request ever leaves the origin and the Content-Security-Policy is in force; a new build shows
// "update available — reload" and replaces the old cache; the Install button and the iPhone hint; a lost WebGL
// context keeps the campaign and the app draws again.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, openApp, waitForApp, phone, root, campaign, dispatch, state, shot, waitWidget, tapCarefully,
         openTab, freshFrames, scrollIntoView, settled, tapAt, widgets, screenshotFailures } from "./lib.mjs";
import { serve } from "../../scripts/static-server.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const webDir = process.env.DRUZINA_WEB_DIR ? path.resolve(process.env.DRUZINA_WEB_DIR) : path.join(root, "build/web");

// Resolves once a service worker controls the page and the build is precached.
async function offlineReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller &&
                                   window.druzinaPwa && druzinaPwa.offlineReady, null, { timeout: 30000 });
}

// Waits for the published page (no hooks): the runtime started and the loading status is gone.
async function waitForSite(page) {
  await page.waitForFunction(() => window.Module && Module.calledRun &&
                                   document.getElementById("status").classList.contains("hidden"),
                             null, { timeout: 30000 });
}

// The app section is near the end of the long Settings screen: big wheel steps first, then the careful scroll.
async function toAppSection(page, id) {
  await openTab(page, "settings");
  await page.mouse.move(206, 450);
  for (let i = 0; i < 6; i++) {
    const w = (await widgets(page)).find((x) => x.id === id);
    if (w && w.visible && w.h > 0) break;
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(250);
  }
  return scrollIntoView(page, id);
}

// Every request of a context (pages and service workers), to check none leaves the origin.
function recordRequests(context) {
  const urls = [];
  context.on("request", (r) => urls.push(r.url()));
  return urls;
}
function foreign(urls) {
  return urls.filter((u) => !u.startsWith("data:") && !u.startsWith("blob:") && new URL(u).origin !== env.origin);
}

// Content-Security-Policy violations, collected from the first script on.
async function watchCsp(context) {
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

test("the published page starts without any test hook; the test page has them", async () => {
  const context = await env.browser.newContext(phone);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.site);
  await waitForSite(page);
  const exported = await page.evaluate(() => Object.keys(Module).filter((k) => /^_druzina/.test(k)).sort());
  // What the page may offer: the platform glue's callbacks (a picked file, the page hidden, another tab's message,
  // the keyboard bridge's typing, waking the loop) — nothing that changes the campaign by itself.
  assert.deepEqual(exported, ["_druzina_file_picked", "_druzina_kbd_key", "_druzina_kbd_text", "_druzina_page_hidden",
                              "_druzina_tab_message", "_druzina_wake"]);
  // Emscripten also puts the exports on window; the shell adds its two objects, web/unlzma.js its function.
  const globals = await page.evaluate(() => Object.keys(window).filter((k) => /druzina/i.test(k)).sort());
  assert.deepEqual(globals, [...exported, "druzinaFail", "druzinaProgress", "druzinaPwa", "druzinaUnlzma"].sort());
  assert.deepEqual(await page.evaluate(() => Object.keys(window).filter((k) => /_test_|dispatch|bench/i.test(k))), []);
  const pwaApi = await page.evaluate(() => Object.keys(druzinaPwa).filter((k) => typeof druzinaPwa[k] === "function").sort());
  // (setPacks: web/lang.js tells which language packs the app started with, for the worker to keep offline.)
  assert.deepEqual(pwaApi, ["applyUpdate", "changed", "install", "setPacks"]);
  assert.deepEqual(errors, []);
  await context.close();

  const { page: testPage, context: c2 } = await openApp(env);
  assert.equal(await testPage.evaluate(() => typeof Module._druzina_test_dispatch), "function");
  assert.equal(await testPage.evaluate(() => typeof Module._druzina_bench_saveload), "function");
  await c2.close();
});

// The folder a host publishes (scripts/site, what CI puts on GitHub Pages), every file in it relative to it.
function listFiles(dir, sub = "") {
  return fs.readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.join(sub, e.name)) : [path.join(sub, e.name)]));
}

test("the published folder (scripts/site): the wasm and the language packs travel packed, the worker keeps the wasm unpacked, offline after", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "druzina-site-"));
  execFileSync(path.join(root, "scripts/site"), [dir, webDir]);
  const files = listFiles(dir).sort();
  assert.deepEqual(files.filter((f) => !/^lang\/(cs|uk|en)\.[0-9a-f]{16}\.pack$|^icons\/[a-z0-9-]+\.png$/.test(f)),
                   ["index.html", "index.js", "index.wasm.lzma", "jsqr.js", "manifest.webmanifest", "shell.css", "shell.js",
                    "sw.js", "unlzma.js", "unpack-worker.js"]);
  assert.equal(files.filter((f) => f.startsWith("lang/")).length, 3);
  const { server, url } = await serve(dir);
  const served = [];
  server.on("request", (req) => served.push(new URL(req.url, url).pathname));
  try {
    const context = await env.browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(url);
    await waitForSite(page);
    // The first visit (no worker yet): the page fetched the packed wasm and unpacked it; the raw one never left.
    assert.ok(served.includes("/index.wasm.lzma"), JSON.stringify(served));
    assert.ok(!served.includes("/index.wasm"), JSON.stringify(served));
    const pack = served.find((p) => /^\/lang\/en\.[0-9a-f]{16}\.pack$/.test(p));
    assert.ok(pack, JSON.stringify(served));
    const bytes = await page.evaluate(async (p) => {
      const b = new Uint8Array(await (await fetch(p)).arrayBuffer());
      return { wire: new TextDecoder().decode(b.subarray(0, 12)), unpacked: new TextDecoder().decode(druzinaUnlzma(b).subarray(0, 17)) };
    }, pack);
    assert.notEqual(bytes.wire, "druzina-pack");
    assert.equal(bytes.unpacked, "druzina-pack 1 en");
    // Once the worker has installed the build: a start takes the unpacked wasm from its cache, nothing from the server.
    await page.waitForFunction(() => navigator.serviceWorker.controller && druzinaPwa.offlineReady, null, { timeout: 30000 });
    const cached = await page.evaluate(async () => {
      const out = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys())
          if (/index\.wasm/.test(req.url)) out.push([new URL(req.url).pathname, (await caches.match(req)).headers.get("content-type")]);
      return out;
    });
    assert.deepEqual(cached, [["/index.wasm", "application/wasm"]]);
    // After the start language's pack the worker keeps the other two, in the background: a reload before they are
    // kept would fetch them again (not what the reload below counts).
    const end = Date.now() + 30000;
    while ((await page.evaluate(async () => {
      let n = 0;
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) if (/\/lang\/(cs|uk|en)\.[0-9a-f]{16}\.pack$/.test(req.url)) n++;
      return n;
    })) < 3) {
      assert.ok(Date.now() < end, "the worker keeps the three language packs");
      await page.waitForTimeout(200);
    }
    served.length = 0;
    await page.reload();
    await waitForSite(page);
    assert.deepEqual(served.filter((p) => /wasm|\.pack$/.test(p)), []);
    assert.ok(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/index\.wasm$/.test(e.name))));
    // and with the network gone
    await context.setOffline(true);
    await page.reload();
    await waitForSite(page);
    await context.close();
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the manifest is complete for installation", async () => {
  const { page, context } = await openApp(env);
  const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
  const m = await page.evaluate(async (u) => (await fetch(u)).json(), href);
  for (const k of ["id", "name", "short_name", "start_url", "scope", "display", "background_color", "theme_color"])
    assert.ok(m[k], `manifest has ${k}`);
  assert.equal(m.display, "standalone");
  const base = new URL(href);
  assert.equal(new URL(m.start_url, base).origin, env.origin);
  assert.ok(new URL(m.start_url, base).href.startsWith(new URL(m.scope, base).href), "start_url inside scope");
  assert.ok(m.icons.some((i) => i.purpose === "maskable"), "a maskable icon");
  assert.ok(m.icons.some((i) => i.sizes === "192x192") && m.icons.some((i) => i.sizes === "512x512"), "192 and 512 px icons");
  for (const icon of m.icons) {
    // The PNG header's width and height are the declared size.
    const dims = await page.evaluate(async (u) => {
      const b = new DataView(await (await fetch(u)).arrayBuffer());
      return [b.getUint32(16), b.getUint32(20), b.getUint32(0)];
    }, new URL(icon.src, base).href);
    assert.equal(dims[2], 0x89504e47, `${icon.src} is a PNG`);
    assert.equal(`${dims[0]}x${dims[1]}`, icon.sizes, `${icon.src} size`);
  }
  await context.close();
});

test("offline after the first visit: a reload and a cold start open the app with the campaign", async () => {
  const context = await env.browser.newContext(phone);
  const urls = recordRequests(context);
  const { page } = await openApp(env, { context });
  await offlineReady(page);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Sklep" }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 }), 1);
  // The published page too, once online.
  const site = await context.newPage();
  await site.goto(env.site);
  await waitForSite(site);
  await site.waitForFunction(() => navigator.serviceWorker.controller && druzinaPwa.offlineReady, null, { timeout: 30000 });
  await site.close();

  await context.setOffline(true);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await page.reload();
  await waitForApp(page);
  let c = await campaign(page);
  assert.equal(c.name, "Sklep");
  assert.deepEqual(c.creatures.map((x) => x.name), ["Mira"]);
  await openTab(page, "party");
  await shot(page, "pwa-offline-reload-party");
  await page.close();

  // A cold start: a new page, still offline, at the start URL with a query (as a home-screen icon may add).
  const cold = await context.newPage();
  await cold.goto(env.url + "?source=homescreen");
  await waitForApp(cold);
  c = await campaign(cold);
  assert.equal(c.name, "Sklep");
  await toAppSection(cold, "settings.app.offline");
  // The shell learns it from the service worker (navigator.serviceWorker.ready) a moment after the start.
  const offline = await waitWidget(cold, "settings.app.offline", { where: (w) => /without the internet/.test(w.label) });
  assert.match(offline.label, /without the internet/);
  await shot(cold, "pwa-offline-cold-settings");
  // The worker fetched the other languages in the background once the app ran: offline, a switch to Czech restarts
  // the app in Czech, on the same screen.
  await cold.waitForFunction(async () => {
    let packs = 0;
    for (const name of await caches.keys())
      if (name.startsWith("druzina-test-"))
        packs += (await (await caches.open(name)).keys()).filter((r) => /\/lang\/(cs|uk|en)\./.test(r.url)).length;
    return packs === 3;
  }, null, { timeout: 30000, polling: 250 });
  const reloaded = cold.waitForEvent("load", { timeout: 30000 });  // the app restarts in the new language
  await tapCarefully(cold, "settings.lang.cs");
  await reloaded;
  await waitForApp(cold);
  assert.equal((await state(cold)).lang, "cs");
  assert.equal((await campaign(cold)).name, "Sklep");
  await shot(cold, "pwa-offline-language-switched");
  const published = await context.newPage();
  await published.goto(env.site);
  await waitForSite(published);
  assert.deepEqual(foreign(urls), []);
  await context.close();
});

test("no request leaves the origin, and the Content-Security-Policy is in force", async () => {
  const context = await env.browser.newContext(phone);
  await watchCsp(context);
  const urls = recordRequests(context);
  const { page, errors } = await openApp(env, { context });
  await offlineReady(page);
  for (const tab of ["party", "combat", "downtime", "rules", "settings", "dice"]) await openTab(page, tab);
  const site = await context.newPage();
  await site.goto(env.site);
  await waitForSite(site);
  assert.ok(urls.length >= 8, `requests seen: ${urls.length}`);
  assert.deepEqual(foreign(urls), []);
  assert.deepEqual(await page.evaluate(() => window.__csp), [], "no CSP violation by the app itself");
  assert.deepEqual(await site.evaluate(() => window.__csp), []);
  assert.deepEqual(errors, []);
  const csp = await site.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content);
  assert.doesNotMatch(csp, /https?:|\*|unsafe-inline|'unsafe-eval'/, "only 'self' (+ 'wasm-unsafe-eval')");
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  // The policy holds: a fetch to another origin and an inline script are refused by the browser, not sent.
  const blocked = await site.evaluate(async () => {
    let fetched = "sent";
    try { await fetch("https://192.0.2.1/x"); } catch (e) { fetched = "refused"; }
    const s = document.createElement("script");
    s.textContent = "window.__inline = 1";
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 100));
    return { fetched, inline: window.__inline === 1, violations: window.__csp.map((v) => v.split(" ")[0]) };
  });
  assert.equal(blocked.fetched, "refused");
  assert.equal(blocked.inline, false);
  assert.ok(blocked.violations.includes("connect-src") && blocked.violations.some((v) => v.startsWith("script-src")),
            JSON.stringify(blocked.violations));
  assert.deepEqual(foreign(urls), [], "the refused fetch never reached the network");
  await context.close();
});

test("a new build: 'update available — reload' replaces the old cache", async () => {
  // A copy of the build on a server of its own, so its service worker can be changed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "druzina-pwa-"));
  fs.cpSync(webDir, dir, { recursive: true, filter: (src) => !/CMakeFiles|\.ninja|json-include|gen$|fonts$/.test(src) });
  const { server, url } = await serve(dir, 0);
  try {
    const context = await env.browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(url + "test/");
    await waitForApp(page);
    await offlineReady(page);
    const before = await page.evaluate(() => caches.keys());
    assert.equal(before.filter((k) => k.startsWith("druzina-test-")).length, 1, JSON.stringify(before));
    // The next build: another content hash in the worker (as cmake/pwa.cmake writes for changed files).
    const swPath = path.join(dir, "test/sw.js");
    const sw = fs.readFileSync(swPath, "utf8");
    const oldHash = sw.match(/hash: "([0-9a-f]+)"/)[1];
    fs.writeFileSync(swPath, sw.replace(`hash: "${oldHash}"`, 'hash: "0000000000000002"'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const banner = await waitWidget(page, "pwa.update");
    assert.match(banner.label, /new version/);
    const reload = await waitWidget(page, "pwa.update.reload");
    assert.ok(reload.h >= 44 && reload.y >= 50 && reload.y + reload.h < 200, JSON.stringify(reload));
    await shot(page, "pwa-update-banner-en");
    // The tap reloads the page: the reload is its sign (tapCarefully would wait for a frame of the page it left).
    await freshFrames(page);
    const r = await settled(page, "pwa.update.reload");
    const navigated = page.waitForNavigation({ timeout: 30000 });
    await tapAt(page, r.x + r.w / 2, r.y + r.h / 2);
    await navigated;
    await waitForApp(page);
    await page.waitForFunction(async () => {
      const keys = await caches.keys();
      return keys.includes("druzina-test-0000000000000002") && keys.filter((k) => k.startsWith("druzina-test-")).length === 1;
    }, null, { timeout: 30000, polling: 200 });
    const after = await page.evaluate(() => caches.keys());
    assert.ok(!after.includes(`druzina-test-${oldHash}`), `old cache deleted: ${JSON.stringify(after)}`);
    // The language the app runs in stays offline: the new build's worker kept its pack (web/sw.js, install).
    const kept = await page.evaluate(async () =>
      (await (await caches.open("druzina-test-0000000000000002")).keys()).map((r) => r.url));
    assert.ok(kept.some((u) => /\/lang\/en\.[0-9a-f]{16}\.pack$/.test(u)), `the English pack kept: ${JSON.stringify(kept)}`);
    await freshFrames(page);
    assert.equal((await page.evaluate(() => druzinaPwa.updateWaiting)), false);
    await context.close();
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("Install: a button where the browser offers it, the Add to Home Screen hint on an iPhone", async () => {
  const { page, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await toAppSection(page, "settings.app.offline");
  const hint = await waitWidget(page, "settings.app.menu_hint");
  assert.match(hint.label, /nabídce prohlížeče/);
  // What Chromium does when the page can be installed: a beforeinstallprompt event the page may keep.
  await page.evaluate(() => {
    const e = new Event("beforeinstallprompt", { cancelable: true });
    e.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; return Promise.resolve(); };
    e.userChoice = Promise.resolve({ outcome: "accepted" });
    window.dispatchEvent(e);
  });
  const button = await waitWidget(page, "settings.app.install");
  assert.equal(button.label, "Nainstalovat Družinu");
  await shot(page, "pwa-install-cs");
  await tapCarefully(page, "settings.app.install");
  await page.waitForFunction(() => window.__prompted === 1);
  await freshFrames(page);
  assert.ok(!(await widgets(page)).some((w) => w.id === "settings.app.install" && w.visible),
            "the prompt is used once: the button goes");
  await context.close();

  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
  const { page: p2, context: c2 } = await openApp(env, { device: { userAgent: iphone, locale: "uk-UA" } });
  await toAppSection(p2, "settings.app.offline");
  const ios = await waitWidget(p2, "settings.app.ios_hint");
  assert.match(ios.label, /На початковий екран/);
  await scrollIntoView(p2, "settings.app.ios_hint");
  await shot(p2, "pwa-ios-hint-uk");
  await c2.close();
});

test("a lost WebGL context keeps the campaign, and the app draws again when it is restored", async () => {
  const { page, context, errors } = await openApp(env);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "GPU" }), 1);
  await openTab(page, "party");
  await page.evaluate(() => { window.__lose = document.getElementById("canvas").getContext("webgl2").getExtension("WEBGL_lose_context"); __lose.loseContext(); });
  await page.waitForFunction(() => document.getElementById("canvas").getContext("webgl2").isContextLost());
  const saved = await page.evaluate(() => {
    const lib = JSON.parse(localStorage.getItem("druzina.library"));
    const entry = lib.campaigns.find((c) => c.id === lib.active);
    return JSON.parse(localStorage.getItem(`druzina.${entry.key}`));
  });
  assert.ok(JSON.stringify(saved).includes("GPU"), "the campaign is in storage while the context is gone");
  const framesLost = (await state(page)).frames;
  await page.waitForTimeout(300);
  await page.evaluate(() => __lose.restoreContext());
  await page.waitForFunction(() => !document.getElementById("canvas").getContext("webgl2").isContextLost());
  await freshFrames(page, 3);
  assert.ok((await state(page)).frames > framesLost, "frames again after the restore");
  const notice = await waitWidget(page, "notice");
  assert.match(notice.label, /Nothing was lost/);
  assert.equal((await state(page)).tab, "party", "the app went on where it was (no reload)");
  assert.equal((await campaign(page)).name, "GPU");
  // Something was drawn: the screenshot is not a flat colour.
  const png = await page.screenshot();
  assert.ok(png.length > 20000, `screenshot after restore: ${png.length} B`);
  await shot(page, "pwa-gl-restored");
  assert.deepEqual(errors.filter((e) => !/WebGL|GL_INVALID|context/i.test(e)), []);
  await context.close();
});
