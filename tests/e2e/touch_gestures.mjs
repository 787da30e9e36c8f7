// Touch gestures beyond a tap, through the DevTools protocol (real touch events, as a finger makes them):
// swipe to scroll a screen, hold for a long press (context menus), and scroll until a widget is on screen.
import { widgets, tapAt, widget, phone, shot, waitWidget, settled, tapSettled } from "./lib.mjs";

export { waitWidget, settled, tapSettled };

const cdpOf = new WeakMap();
async function cdp(page) {
  if (!cdpOf.has(page)) cdpOf.set(page, await page.context().newCDPSession(page));
  return cdpOf.get(page);
}

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
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(120);
}

// lib's openApp with a longer start-up allowance (a loaded machine may need more than 30 s for the first frames).
export async function openPatient(env, options = {}) {
  const context = await env.browser.newContext({ ...phone, ...(options.device || {}) });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(env.url);
  await waitStarted(page);
  return { context, page, errors };
}

export async function waitStarted(page) {
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
    await page.waitForTimeout(250);
  }
}

// Taps a text field and types through the keyboard bridge; retries when the tap did not activate the field
// (a loaded machine can lose the first frames after a tap), as long as nothing arrived.
export async function typeInto(page, id, text, { match = (label) => label.endsWith(text) } = {}) {
  for (let attempt = 1; ; attempt++) {
    await tapVisible(page, id);
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === "kbd");
    await page.waitForTimeout(200);
    const before = (await waitWidget(page, id)).label;
    await page.keyboard.type(text);
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
  await page.evaluate(() => window.dispatchEvent(new Event("resize")));
  await page.waitForTimeout(350);
  await shot(page, name);
}

// Waits until a widget is no longer drawn (a popup closed).
export async function gone(page, id, timeout = 15000) {
  const end = Date.now() + timeout;
  while ((await widgets(page)).some((w) => w.id === id && w.visible)) {
    if (Date.now() > end) throw new Error(`${id} still on screen`);
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    await page.waitForTimeout(100);
  }
}
