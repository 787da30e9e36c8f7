// Browser test helpers: Debian's chromium (never a downloaded browser) driven by playwright-core, emulating a
// phone (412×915 CSS px, touch; devicePixelRatio 1, or 2.625 for sharp screenshots: see testPhone). The tests
// open the test page, build/web/test/ (the app linked with the test hooks of src/app/test/*.cpp): tests find
// widgets by id and tap their real screen position. The published page (build/web/index.html, env.site) has no hooks.
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../scripts/static-server.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const shots = process.env.DRUZINA_SHOTS_DIR ? path.resolve(process.env.DRUZINA_SHOTS_DIR) : path.join(root, "build/e2e");

export const phone = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, hasTouch: true,
                       isMobile: true, locale: "en-US" };
// The phone the screen tests open (openApp): devicePixelRatio 1 unless DRUZINA_E2E_DPR says otherwise (2.625, a
// real phone's, for sharp screenshots to look at; the tests that are about the ratio itself pin it). Measured:
// rules.test.mjs took 141 s at 2.625 and 67 s at 1 — the browser draws every frame in software (SwiftShader),
// 6.9× the pixels at 2.625. Text is rasterised at whole device pixels (19 CSS px high at 1, 18.67 at 2.625), so a
// test must scroll to the line it reads (see(page, id, { minH: 8 })) rather than count on where it sits.
export const testPhone = { ...phone, deviceScaleFactor: Number(process.env.DRUZINA_E2E_DPR || 1) };

export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
export const chromiumArgs = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  "--disable-gpu-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--no-first-run", "--disable-default-apps", "--disable-quic"];

// The browser: the one tests/e2e/run.mjs started for the whole run (DRUZINA_BROWSER_WS), or a new one when a file
// is run on its own (`node --test tests/e2e/FILE.test.mjs`). Each file has its own static server, so its own origin.
export async function launch() {
  fs.mkdirSync(shots, { recursive: true });
  // DRUZINA_WEB_DIR lets a developer test another build folder (e.g. build/web-mine); default build/web.
  const webDir = process.env.DRUZINA_WEB_DIR ? path.resolve(process.env.DRUZINA_WEB_DIR) : path.join(root, "build/web");
  const { server, url } = await serve(webDir, 0);
  const shared = process.env.DRUZINA_BROWSER_WS;
  const browser = shared ? await chromium.connect(shared)
                         : await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  // env.url: the test page (with hooks), env.site: the published page (no hooks), env.origin: both's origin
  return { browser, url: url + "test/", site: url, origin: new URL(url).origin,
           close: async () => { await browser.close(); server.close(); } };
}

// Opens the app in a fresh phone context; collects console errors and page errors.
// The first start's welcome (src/ui/screens/welcome) is taken as seen unless `welcome: true`: every other test
// starts where a returning user does.
// The errors each page has logged: a wait that times out names them (a crashed app draws no more frames).
const pageErrors = new WeakMap();
const crashed = (page) => (pageErrors.get(page)?.length ? `; page errors: ${pageErrors.get(page).join(" | ")}` : "");

export async function openApp(env, options = {}) {
  const context = options.context || await env.browser.newContext({ ...testPhone, ...(options.device || {}) });
  if (!options.welcome) await context.addInitScript(() => {
    try { if (localStorage.getItem("druzina.ui.welcomed") === null) localStorage.setItem("druzina.ui.welcomed", "1"); } catch (e) {}
  });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  pageErrors.set(page, errors);
  await page.goto(env.url);
  await waitForApp(page);
  return { context, page, errors };
}

// Waits for the app's first frames (up to 2 minutes: a loaded machine may need more than 30 s).
export async function waitForApp(page) {
  // Polls and nudges: under load the app may go idle before its third frame, and then waits for input.
  const end = Date.now() + 120000;
  for (;;) {
    const frames = await page.evaluate(() => {
      try {
        if (!(window.Module && Module.calledRun && Module._druzina_test_state)) return -1;
        return JSON.parse(Module.UTF8ToString(Module._druzina_test_state())).frames;
      } catch (e) { return -1; }
    });
    if (frames > 2) return;
    if (Date.now() > end) throw new Error(`the app did not start (frames ${frames})`);
    if (frames >= 0) await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    await afterFrame(page, frames, 250);
  }
}

// ---- the app's own signal: frames drawn --------------------------------------------------------------------
// The app draws a frame only when something changed (input, a notice coming or going, a save; src/app/main.cpp)
// and idles otherwise; widgets and state change only with a drawn frame. So the waits below poll in the page (no
// round trip to this process per look) and return as soon as the app has drawn the frame they wait for, instead
// of sleeping a fixed time: on a quiet machine a frame takes a few ms, on a loaded one the wait simply lasts longer.
// ("Drawn" here: run through ImGui — the state's `frames`. Of those the app puts on the canvas only the ones whose
// picture changed — its `drawn` — so the ~600 ms of frames after each input cost the browser little.)

// Resolves (in the page) once the app has drawn more than `since` frames, or after `ms`; returns the count (-1
// before the app runs). `wake`: first wake the app as any input does (Module.druzinaWake: its idle loop runs
// every 250 ms, a woken one every animation frame).
export async function afterFrame(page, since, ms, { wake = false } = {}) {
  return page.evaluate(([since, ms, wake]) => new Promise((resolve) => {
    const end = performance.now() + ms;
    const count = () => {
      try {
        if (!(window.Module && Module.calledRun && Module._druzina_test_state)) return -1;
        return JSON.parse(Module.UTF8ToString(Module._druzina_test_state())).frames;
      } catch (e) { return -1; }
    };
    if (wake && window.Module && Module.druzinaWake) Module.druzinaWake();
    const look = () => {
      const f = count();
      if (f > since || performance.now() >= end) resolve(f);
      else setTimeout(look, 4);
    };
    look();
  }), [since, ms, wake]);
}

// The frames the app has drawn so far.
export const framesNow = (page) => afterFrame(page, Infinity, 0);

// After a tap sent at frame `before`: waits until the app has drawn the frame that shows what the tap changed.
// ImGui spreads a tap's move, press and release over three frames, and the frame after the release draws the
// change: four frames after the tap (src/app/main.cpp, frame()). Up to 3 s: a test then waits for what it expects.
async function tapDrawn(page, before) {
  const end = Date.now() + 3000;
  let f = before;
  while (f < before + 4 && Date.now() < end) f = await afterFrame(page, f, Math.max(1, end - Date.now()), { wake: true });
}

export async function state(page) {
  return page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_state())));
}

export async function widgets(page) {
  return page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_widgets())));
}

// The frames drawn and the widgets of the last one, in one look.
async function framesAndWidgets(page) {
  return page.evaluate(() => ({ frames: JSON.parse(Module.UTF8ToString(Module._druzina_test_state())).frames,
                                all: JSON.parse(Module.UTF8ToString(Module._druzina_test_widgets())) }));
}

// Waits (these machines are shared and slow at times) until the widget is visible and matches `where`.
export async function widget(page, id, { timeout = 10000, where = () => true } = {}) {
  return waitWidget(page, id, { timeout, where });
}

// A real (trusted) touch tap at (x, y) CSS px. Both touch events are sent to the browser at once, so they reach
// the page back to back: page.touchscreen.tap waits for the page to take the first before it sends the second,
// and on a busy machine that gap grew past the app's long press (550 ms) — the tap became a long press and was
// lost. A finger's tap is short; this one is too, however slow the machine.
const cdpSessions = new WeakMap();
async function cdp(page) {  // one DevTools session per page, for every touch event sent
  if (!cdpSessions.has(page)) cdpSessions.set(page, await page.context().newCDPSession(page));
  return cdpSessions.get(page);
}
export async function tapAt(page, x, y) {
  const c = await cdp(page);
  const point = { x, y, radiusX: 1, radiusY: 1, force: 1, id: 1 };
  await Promise.all([c.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] }),
                     c.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] })]);
}

// A real touch tap at the widget's centre.
export async function tap(page, id) {
  lastPage = page, lastTapped = id;
  const w = await widget(page, id);
  const before = await framesNow(page);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await tapDrawn(page, before);
}

export async function until(page, predicate, what, timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (predicate(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; state: ${JSON.stringify(s)}${crashed(page)}`);
    await afterFrame(page, s.frames, 50);
  }
}

// The picture is taken once the app has drawn a frame after now (woken: an idle app draws none), so it shows the
// current state; at most 150 ms (an app that draws nothing more shows what it drew last).
export async function shot(page, name) {
  const f = await framesNow(page);
  const end = Date.now() + 150;
  for (let g = f; g < f + 2 && Date.now() < end;) g = await afterFrame(page, g, Math.max(1, end - Date.now()), { wake: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

// ---- Patient helpers for the screen tests ----------------------------------------------------------------
// These shared machines are slow at times: a frame can come late, the app can go idle before drawing the frame
// after a tap, and a swipe can turn into a press. The helpers below wait for fresh frames, nudge the app awake,
// scroll with the mouse wheel and never tap a widget that is moving or covered.

let lastPage;  // the page a test last tapped on: screenshotted when the test fails (see screenshotFailures)
let lastTapped;  // the widget id tapped last on lastPage (pad() taps it again when the pad it opens never came)

// Like widget(), but patient (30 s) and nudging the app awake.
export async function waitWidget(page, id, { timeout = 30000, where = () => true } = {}) {
  const end = Date.now() + timeout;
  let nudge = Date.now() + 1000;
  for (;;) {
    const { frames, all } = await framesAndWidgets(page);
    const w = all.find((x) => x.id === id && x.visible && where(x));
    if (w) return w;
    if (Date.now() > end) throw new Error(`widget ${id} not visible; have: ${all.map((x) => `${x.id}=${x.label}`).join(", ")}${crashed(page)}`);
    if (Date.now() > nudge) {
      await page.evaluate(() => window.dispatchEvent(new Event("resize")));
      nudge = Date.now() + 1000;
    }
    await afterFrame(page, frames, 60);  // widgets change only with a drawn frame
  }
}

// Waits until the widget is visible and holds still (a popup settles its size and place over two frames).
export async function settled(page, id, { timeout = 30000, where = () => true } = {}) {
  const end = Date.now() + timeout;
  let last = await waitWidget(page, id, { timeout, where });
  for (;;) {
    // Two new frames drawn (woken), then the widget is read again: equal reads are two frames apart, never both a
    // popup's first frame, which is laid out but not yet hit-testable (a tap then lands "outside" and closes the
    // popup). (It waited two frames more before the first comparison: two frames per tap, for nothing.)
    await freshFrames(page, 2);
    const w = await waitWidget(page, id, { timeout: Math.max(1000, end - Date.now()), where });
    if (w.x === last.x && w.y === last.y && w.w === last.w && w.h === last.h) return w;
    last = w;
    if (Date.now() > end) throw new Error(`widget ${id} never settled`);
  }
}

// A tap on a settled widget (popups, number pads).
export async function tapSettled(page, id) {
  lastPage = page, lastTapped = id;
  const w = await settled(page, id);
  const before = await framesNow(page);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await tapDrawn(page, before);
}

// Waits until the app has drawn `n` new frames, so widget positions reflect the latest change.
export async function freshFrames(page, n = 2, timeout = 10000) {
  const start = await framesNow(page);
  const end = Date.now() + timeout;
  // woken before each wait (a resize event, as before: it wakes the app and is taken as input)
  for (let f = start; f < start + n && Date.now() < end;) {
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    f = await afterFrame(page, f, Math.min(50, Math.max(1, end - Date.now())));
  }
}

// Scrolls until the widget is fully on screen (between the top bar and the tab bar), with the mouse wheel over
// the middle of the screen: a swipe on a slow machine can turn into a press on whatever is under the finger.
// A text line is shorter than a button: pass { minH: 10 } for one.
export async function scrollIntoView(page, id, { timeout = 30000, minH = 20 } = {}) {
  const size = page.viewportSize() || phone.viewport;
  const top = 56, bottom = size.height - 72;
  const end = Date.now() + timeout;
  let lastDir = 0, damp = 1;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === id);
    if (w && w.visible && w.y >= top && w.y + w.h <= bottom && w.h >= minH) return w;
    if (Date.now() > end) throw new Error(`could not scroll ${id} into view: ${JSON.stringify(w)}`);
    if (!w) { await afterFrame(page, await framesNow(page), 100); continue; }
    const mid = (top + bottom) / 2;
    const dy = Math.max(-300, Math.min(300, w.y + w.h / 2 - mid));
    // A clipped widget is where it was last drawn, off the edge it left by: several wheel notches at a time toward
    // it (one notch scrolls a line or two; a long column such as the rule switches is dozens of notches). Jumping
    // past it to the other edge halves the stride, so the scroll settles on it instead of swinging both ways
    // (a notch scrolls farther at devicePixelRatio 1 than at 2.625).
    const dir = Math.sign(dy);
    if (lastDir && dir && dir !== lastDir) damp = Math.max(0.1, damp / 2);
    lastDir = dir || lastDir;
    const notches = (!w.visible || w.h === 0) && damp === 1 ? 4 : 1;
    const step = dy * damp;
    await page.mouse.move(w.x + w.w / 2, mid);  // over the widget's own column (two columns in landscape)
    const f = await framesNow(page);
    for (let k = 0; k < notches; k++) await page.mouse.wheel(0, Math.abs(step) < 40 ? dir * 40 : step);
    // the wheel wakes the app; the scroll shows in the widgets three frames on (at most 150 ms)
    const stop = Date.now() + 150;
    for (let g = f; g < f + 3 && Date.now() < stop;) g = await afterFrame(page, g, Math.max(1, stop - Date.now()));
  }
}

// Chooses a language with its button (Settings' settings.lang.<code> or the welcome's welcome.lang.<code>): one
// whose texts the app has shows at once; another's are fetched and the page restarts in it, on the same tab
// (src/ui/ui.cpp set_language; docs/performance.md "Language packs"). Waits for the app drawn in that language.
export async function chooseLanguage(page, id, lang, tapWith = tapCarefully) {
  const restart = (e) => /context was destroyed|navigat|Target closed|frame was detached/i.test(String(e));
  try { await tapWith(page, id); } catch (e) { if (!restart(e)) throw e; }
  const end = Date.now() + 120000;
  for (;;) {
    try {
      await waitForApp(page);
      // The restart can come between the look above (still the old page) and this one: a page whose app has not
      // started yet has no state (null), and is waited for as the old one is.
      const s = await page.evaluate(() => (window.Module && Module.calledRun && Module._druzina_test_state
        ? JSON.parse(Module.UTF8ToString(Module._druzina_test_state())) : null));
      if (s && s.lang === lang && s.frames > 2) return s;
      await afterFrame(page, s ? s.frames : -1, 100);
    } catch (e) {
      if (!restart(e)) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (Date.now() > end) throw new Error(`the app did not switch to ${lang}${crashed(page)}`);
  }
}

// Taps a widget like a careful person: after fresh frames, scrolled into view, once it holds still. (A notice
// over it does not matter: notices take no input.)
export async function tapCarefully(page, id) {
  lastPage = page, lastTapped = id;
  await freshFrames(page);
  await scrollIntoView(page, id);
  const w = await settled(page, id);
  const before = await framesNow(page);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await tapDrawn(page, before);
}

// Settings → the campaign's rules: unfolds the switch's group ("house", "dm" or "table": its card reads "+ …"
// folded, "− …" open) and scrolls the switch into view; returns the switch.
export async function ruleSwitch(page, module, group) {
  const card = `settings.rules.${group}`;
  await scrollIntoView(page, card);
  if ((await settled(page, card)).label.startsWith("+")) {
    await tapCarefully(page, card);
    await waitWidget(page, card, { where: (w) => !w.label.startsWith("+") });
  }
  return scrollIntoView(page, `settings.rule.${module}`);
}

// Replaces a text field's content through the keyboard bridge, one key at a time; taps again when the bridge did
// not take the tap, types again when a key got lost.
export async function typeReplacing(page, id, text) {
  await scrollIntoView(page, id);
  for (let i = 0; ; i++) {
    await tapCarefully(page, id);
    try {
      await page.waitForFunction(() => document.activeElement && document.activeElement.id === "kbd", null, { timeout: 5000 });
      break;
    } catch (e) {
      if (i === 2) throw e;
    }
  }
  await until(page, (s) => s.textInput, `${id} active`);  // the field becomes active on the frame after the tap
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = (await waitWidget(page, id)).label;
    for (let i = 0; i < [...now].length; i++) await page.keyboard.press("Backspace", { delay: 40 });
    await waitWidget(page, id, { where: (w) => w.label === "" });
    await page.keyboard.type(text, { delay: 80 });
    try {
      await waitWidget(page, id, { where: (w) => w.label === text, timeout: 5000 });
      return;
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
}

// Types a number on the open number pad and taps the action (e.g. "pad.ok", "pad.damage").
// The pad opens from the tap just before: on a loaded machine that tap is lost now and then (the app drew fresh
// frames and still shows no pad), and then the opener is tapped once more, as a person would.
export async function pad(page, number, action) {
  await padOpen(page);
  for (const d of String(number)) await tapSettled(page, `pad.${d}`);
  await waitWidget(page, "pad.value", { where: (w) => w.label === String(number) });
  await tapSettled(page, action);
}

async function padOpen(page) {
  const opener = lastPage === page && lastTapped && !lastTapped.startsWith("pad.") ? lastTapped : undefined;
  for (let attempt = 0; opener && attempt < 2; attempt++) {
    try {
      return await waitWidget(page, "pad.value", { timeout: 8000 });
    } catch { /* not yet: see whether the tap was lost */ }
    await freshFrames(page, 3);
    const all = await widgets(page);
    const w = all.find((x) => x.id === opener && x.visible);
    if (all.some((x) => x.id === "pad.value") || !w) break;
    await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  }
  return waitWidget(page, "pad.value");
}

export async function openTab(page, tab) {
  await tapSettled(page, `tab.${tab}`);
  await until(page, (s) => s.tab === tab, `${tab} tab`);
}

// Taps a stepper's + (id "….plus") n times, waiting for each step to show on "….value".
export async function tapTimes(page, id, n) {
  const valueId = id.replace(/\.plus$/, ".value");
  await scrollIntoView(page, id);  // its value is read before the first tap: the stepper must be in view
  for (let i = 0; i < n; i++) {
    const before = Number((await waitWidget(page, valueId)).label);
    await tapCarefully(page, id);
    await waitWidget(page, valueId, { where: (w) => Number(w.label) === before + 1 });
  }
}

// The campaign as the app holds it, and a set-up command run straight through the engine (1 = accepted).
export const campaign = (page) => page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_campaign())));
export const dispatch = (page, command) =>
  page.evaluate((c) => Module.ccall("druzina_test_dispatch", "number", ["string"], [JSON.stringify(c)]), command);

// A set-up command the engine must accept: a refusal fails the test and names the command.
export async function accepted(page, command) {
  if ((await dispatch(page, command)) !== 1) throw new Error(`the engine refused ${JSON.stringify(command)}`);
}
export const idOf = (c, name) => c.creatures.find((x) => x.name === name).id;

// Scrolls the widget into view and waits for it (optionally for a label: options.where). A text line is lower
// than a finger: options.minH 8 (the height scrollIntoView wants; default 20).
export async function see(page, id, options = {}) {
  await scrollIntoView(page, id, { minH: options.minH ?? 20 });
  return waitWidget(page, id, options);
}

// Opens the sheet of creature `id` (named `name`) on the Party tab, from its list or from another creature's sheet
// (the tab keeps the sheet it showed last).
export async function openSheet(page, id, name) {
  await openTab(page, "party");
  await freshFrames(page, 3);  // the tab's own widgets drawn
  const ws = await widgets(page);
  if (ws.some((w) => w.id === "sheet.name" && w.label === name)) return see(page, "sheet.name");
  if (ws.some((w) => w.id === "sheet.back")) await tapCarefully(page, "sheet.back");
  await tapCarefully(page, `party.card.${id}`);
  return see(page, "sheet.name", { where: (w) => w.label === name });
}

export async function untilCampaign(page, predicate, what, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const c = await campaign(page);
    if (predicate(c)) return c;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(c).slice(0, 1500)}${crashed(page)}`);
    await afterFrame(page, await framesNow(page), 60);
  }
}

// Call once at the top of a test file: when a test fails (it left its page open), a screenshot of the last page
// it tapped on goes to build/e2e/FAIL-<file>-<test>.png.
export function screenshotFailures(afterEach, fileUrl) {
  afterEach(async (t) => {
    // A passing test that leaves its page open gets no FAIL- screenshot (`passed`: node 20's test context).
    if (t.passed === true || !lastPage || lastPage.isClosed()) return;
    await shot(lastPage, `FAIL-${fileUrl.split("/").pop()}-${t.name.slice(0, 30)}`).catch(() => {});
  });
}

// ---- touch gestures beyond a tap, through the DevTools protocol (real touch events, as a finger makes them):
// swipe to scroll a screen, hold for a long press, scroll until a widget is on screen, type into a field.
async function touch(page, type, x, y) {
  const c = await cdp(page);
  await c.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }] });
}

// A finger drag from (x, y) by dy CSS px (negative = content moves up, i.e. scrolls down), then lift. The first
// move follows the press at once: a still press held past the app's hold time (180 ms) would go to the widget
// under the finger instead of scrolling — and a loaded machine can take that long between two messages.
export async function swipe(page, x, y, dy, steps = 8) {
  const c = await cdp(page);
  const first = Math.sign(dy) * 24;
  await Promise.all([
    c.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] }),
    c.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + first, id: 1 }] }),
  ]);
  for (let i = 1; i <= steps; i++) {
    await page.waitForTimeout(16);
    await touch(page, "touchMove", x, y + first + ((dy - first) * i) / steps);
  }
  await page.waitForTimeout(60);  // stop before lifting: little inertia, predictable scrolling
  await touch(page, "touchEnd", x, y + dy);
  await page.waitForTimeout(150);
}

// Press and hold at the widget's centre (a long press = a right click in the app).
export async function longPress(page, id, ms = 900) {
  const w = await widget(page, id);
  const x = w.x + w.w / 2, y = w.y + w.h / 2;
  await touch(page, "touchStart", x, y);
  await page.waitForTimeout(ms);
  await touch(page, "touchEnd", x, y);
  await page.waitForTimeout(150);
}

// Scrolls the screen until the widget is fully inside the visible content area (between the top bar and the
// tab bar), then returns it.
export async function reveal(page, id, { top = 70, bottom = 915 - 72, timeout = 30000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const all = await widgets(page);
    const w = all.find((x) => x.id === id);
    if (w && w.visible && w.y >= top && w.y + w.h <= bottom && w.h >= 10) return w;
    if (Date.now() > end) throw new Error(`could not scroll ${id} into view: ${JSON.stringify(w)}`);
    if (!w) { await page.waitForTimeout(100); continue; }
    const mid = (top + bottom) / 2;
    const below = w.y + w.h / 2 > mid || (w.visible && w.y + w.h > bottom);
    const dist = Math.min(380, Math.max(120, Math.abs(w.y - mid)));
    // Start the swipe beside the widget: a swipe that starts on a text field scrolls the field, not the screen.
    const clear = (y) => y < w.y - 10 || y > w.y + w.h + 10;
    const from = (below ? [700, 560, 420] : [250, 390, 530]).find(clear) ?? (below ? 700 : 250);
    await swipe(page, 206, from, below ? -dist : dist);
  }
}

// reveal + a real tap at its centre.
export async function tapVisible(page, id) {
  await reveal(page, id);
  const w = await settled(page, id);
  const before = await framesNow(page);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await tapDrawn(page, before);
}

// Taps a text field and types through the keyboard bridge; retries when the tap did not activate the field
// (a loaded machine can lose the first frames after a tap), as long as nothing arrived.
export async function typeInto(page, id, text, { match = (label) => label.endsWith(text) } = {}) {
  for (let attempt = 1; ; attempt++) {
    await tapVisible(page, id);
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === "kbd");
    await until(page, (s) => s.textInput, `${id} active`);  // keys typed before that land out of order or nowhere
    const before = (await waitWidget(page, id)).label;
    await page.keyboard.type(text, { delay: 40 });
    try {
      return await waitWidget(page, id, { timeout: 6000, where: (w) => match(w.label) });
    } catch (e) {
      const now = (await waitWidget(page, id)).label;
      if (attempt >= 3 || now !== before) throw e;
    }
  }
}

// A screenshot of the current state: wakes the app first, so the picture is not a frame from before the last
// tap (a loaded machine may have gone idle before drawing it).
export async function shotNow(page, name) {
  await freshFrames(page, 2, 2000);
  // two new frames drawn, woken: what shot() would wait for again before its picture
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

// Waits until a widget is no longer drawn (a popup closed).
export async function gone(page, id, timeout = 15000) {
  const end = Date.now() + timeout;
  while ((await widgets(page)).some((w) => w.id === id && w.visible)) {
    if (Date.now() > end) throw new Error(`${id} still on screen`);
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    await afterFrame(page, await framesNow(page), 100);
  }
}
