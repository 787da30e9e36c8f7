// Browser test helpers: Debian's chromium (never a downloaded browser) driven by playwright-core, emulating a
// phone (412×915 CSS px, devicePixelRatio 2.625, touch). The app exports test hooks from C++
// (src/app/test_hooks.cpp): tests find widgets by id and tap their real screen position.
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../scripts/static-server.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const shots = process.env.DRUZINA_SHOTS_DIR ? path.resolve(process.env.DRUZINA_SHOTS_DIR) : path.join(root, "build/e2e");

export const phone = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, hasTouch: true,
                       isMobile: true, locale: "en-US" };

const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

export async function launch() {
  fs.mkdirSync(shots, { recursive: true });
  // DRUZINA_WEB_DIR lets a developer test another build folder (e.g. build/web-mine); default build/web.
  const webDir = process.env.DRUZINA_WEB_DIR ? path.resolve(process.env.DRUZINA_WEB_DIR) : path.join(root, "build/web");
  const { server, url } = await serve(webDir, 0);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox",
           "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
           "--disable-default-apps", "--disable-quic"],
  });
  return { browser, url, close: async () => { await browser.close(); server.close(); } };
}

// Opens the app in a fresh phone context; collects console errors and page errors.
export async function openApp(env, options = {}) {
  const context = options.context || await env.browser.newContext({ ...phone, ...(options.device || {}) });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.url);
  await waitForApp(page);
  return { context, page, errors };
}

export async function waitForApp(page) {
  await page.waitForFunction(() => window.Module && Module.calledRun && Module._druzina_test_state &&
                                   JSON.parse(Module.UTF8ToString(Module._druzina_test_state())).frames > 2,
                             null, { timeout: 30000 });
}

export async function state(page) {
  return page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_state())));
}

export async function widgets(page) {
  return page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_widgets())));
}

// Waits (these machines are shared and slow at times) until the widget is visible and matches `where`.
export async function widget(page, id, { timeout = 10000, where = () => true } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === id && x.visible && where(x));
    if (w) return w;
    if (Date.now() > end) throw new Error(`widget ${id} not visible; have: ${(await widgets(page)).map((x) => x.id).join(", ")}`);
    await page.waitForTimeout(50);
  }
}

// A real touch tap at the widget's centre.
export async function tap(page, id) {
  const w = await widget(page, id);
  await page.touchscreen.tap(w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(120);
}

export async function until(page, predicate, what, timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (predicate(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; state: ${JSON.stringify(s)}`);
    await page.waitForTimeout(50);
  }
}

export async function shot(page, name) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}
