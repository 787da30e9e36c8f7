// The Downtime screen at 412×915 with touch: a short rest spending hit dice, the exhausting rally (a second one
// is refused with a message), a long rest, advancing time; crafting projects from the journeys: the level-7
// dwarf smith's 50 gp item (2 gp/h, 25 h, 25 gp of materials) worked 10 hours with the overtime saves asked
// (DC 11 and 12), the bard's 50 gp painting finished with a check of 17 → 120 gp; the art value calculator.
// Screenshots: build/e2e/downtime-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, shot, widgets, state } from "./lib.mjs";
import { settled, tapSettled, waitWidget, openPatient } from "./touch_gestures.mjs";

// Waits until the app has drawn `n` new frames, so widget positions reflect the latest change (on a loaded
// machine the frame after a change can come late, and a tap at a stale position hits the wrong thing).
async function freshFrames(page, n = 2, timeout = 10000) {
  const start = (await state(page)).frames;
  const end = Date.now() + timeout;
  while ((await state(page)).frames < start + n && Date.now() < end) {
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));
    await page.waitForTimeout(50);
  }
}

// Scrolls until the widget is fully on screen, with the mouse wheel over the middle of the screen: a swipe on a
// slow machine can turn into a press on whatever is under the finger, which a test must not do by accident.
async function reveal(page, id, { timeout = 30000 } = {}) {
  const top = 56, bottom = 915 - 72;
  const end = Date.now() + timeout;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === id);
    if (w && w.visible && w.y >= top && w.y + w.h <= bottom && w.h >= 20) return w;
    if (Date.now() > end) throw new Error(`could not scroll ${id} into view: ${JSON.stringify(w)}`);
    if (!w) { await page.waitForTimeout(100); continue; }
    const mid = (top + bottom) / 2;
    const dy = Math.max(-300, Math.min(300, w.y + w.h / 2 - mid));
    await page.mouse.move(206, 480);
    await page.mouse.wheel(0, Math.abs(dy) < 40 ? Math.sign(dy) * 40 : dy);
    await page.waitForTimeout(150);
  }
}

// Taps a widget like a careful person: scroll it into view if needed, and if a notice (the last change, shown
// over the bottom of the screen) covers it, wait until the notice is gone.
async function tapVisible(page, id) {
  lastPage = page;
  await freshFrames(page);
  await reveal(page, id);
  let w = await settled(page, id);
  const end = Date.now() + 20000;
  for (;;) {
    const n = (await widgets(page)).find((x) => x.id === "notice" && x.visible);
    if (!n || n.y > w.y + w.h || n.y + n.h < w.y || Date.now() > end) break;
    await page.waitForTimeout(200);
  }
  w = await settled(page, id);
  await page.touchscreen.tap(w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(120);
}

let env, lastPage;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
// On a failure (the test left its page open), a screenshot of the last page a test tapped on (build/e2e/FAIL-<file>-<test>.png).
afterEach(async (t) => {
  if (!lastPage || lastPage.isClosed()) return;
  // a passing test has closed its page already
  await shot(lastPage, `FAIL-${import.meta.url.split("/").pop()}-${t.name.slice(0, 30)}`).catch(() => {});
});

const campaign = (page) => page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_campaign())));
const dispatch = (page, command) =>
  page.evaluate((c) => Module.ccall("druzina_test_dispatch", "number", ["string"], [JSON.stringify(c)]), command);

async function untilCampaign(page, predicate, what, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const c = await campaign(page);
    if (predicate(c)) return c;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(c).slice(0, 1500)}`);
    await page.waitForTimeout(60);
  }
}

async function typeInto(page, id, text) {
  await reveal(page, id);
  for (let i = 0; ; i++) {
    await tapVisible(page, id);
    try {
      await page.waitForFunction(() => document.activeElement && document.activeElement.id === "kbd", null, { timeout: 5000 });
      break;
    } catch (e) {
      if (i === 2) throw e;  // the keyboard bridge did not take the tap: tap again
    }
  }
  await page.waitForTimeout(300);  // the field becomes active on the next frame
  // Replace what is there, one key at a time (a loaded machine may render slower than keys arrive); retry
  // when a key got lost.
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

async function pad(page, number, action) {
  await waitWidget(page, "pad.value");
  for (const d of String(number)) await tapSettled(page, `pad.${d}`);
  await waitWidget(page, "pad.value", { where: (w) => w.label === String(number) });
  await tapSettled(page, action);
}

async function openTab(page, tab) {
  await tapSettled(page, `tab.${tab}`);
  await until(page, (s) => s.tab === tab, `${tab} tab`);
}

const hero = (c) => c.creatures.find((x) => x.id === "c1");

test("rests and time: hit dice, the rally once, a long rest, advancing the clock", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Bard", kind: "pc", level: 3, hit_die: 8, max_hp: 24, abilities: { con: 14 } }), 1);
  assert.equal(await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 15 }), 1);
  await openTab(page, "downtime");

  // a short rest with two hit dice
  await tapVisible(page, "rest.hd.c1.plus");
  await tapVisible(page, "rest.hd.c1.plus");
  await waitWidget(page, "rest.hd.c1.value", { where: (w) => w.label === "2" });
  await shot(page, "downtime-cs-01-rest");
  await tapVisible(page, "rest.short");
  let c = await untilCampaign(page, (c) => hero(c).hit_dice_used === 2, "two hit dice spent");
  assert.ok(hero(c).hp >= 9 + 2 * (1 + 2), `healed at least 2 × (1 + CON 2): ${hero(c).hp}`);
  assert.equal(c.minutes, 60);
  await reveal(page, "downtime.summary");
  await shot(page, "downtime-cs-02-summary");

  // the exhausting rally: once between long rests
  await tapVisible(page, "rest.rally");
  c = await untilCampaign(page, (c) => hero(c).exhaustion === 1, "the rally's exhaustion");
  await tapVisible(page, "rest.rally");
  const refusal = await waitWidget(page, "notice", { where: (w) => /shromáždění|dlouh|důklad/i.test(w.label) });
  assert.ok(refusal.label.length > 10, refusal.label);
  await shot(page, "downtime-cs-03-rally-refused");
  c = await campaign(page);
  assert.equal(hero(c).exhaustion, 1, "the second rally changed nothing");

  // a long rest: exhaustion −1, the rally is available again
  await tapVisible(page, "rest.long");
  c = await untilCampaign(page, (c) => hero(c).exhaustion === 0 && hero(c).hp === hero(c).max_hp, "the long rest");

  // two days and three hours pass
  const before = c.minutes;
  await tapVisible(page, "time.days.plus");
  await tapVisible(page, "time.days.plus");
  await tapVisible(page, "time.hours.plus");
  await tapVisible(page, "time.hours.plus");
  await waitWidget(page, "time.hours.value", { where: (w) => w.label === "3" });
  await tapVisible(page, "time.advance");
  c = await untilCampaign(page, (c) => c.minutes === before + 2 * 1440 + 3 * 60, "time advanced");
  await shot(page, "downtime-cs-04-time");
  assert.deepEqual(errors, []);
  await context.close();
});

test("projects: the smith's overtime saves, the bard's painting, the art calculator", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Thorin", kind: "pc", level: 7, race: "dwarf", max_hp: 60 }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Bard", kind: "pc", level: 3, max_hp: 20 }), 1);
  await openTab(page, "downtime");

  // the smith's 50 gp item
  await tapVisible(page, "project.new");
  await tapVisible(page, "project.kind.mundane");
  await typeInto(page, "project.name", "Meč");
  await tapVisible(page, "project.crafter.c1");
  await tapVisible(page, "project.value.value");
  await pad(page, 50, "pad.ok");
  const preview = await waitWidget(page, "project.preview", { where: (w) => /^2 /.test(w.label) });
  assert.match(preview.label, /25 h/);
  assert.match(preview.label, /25 zl/);
  await shot(page, "downtime-cs-05-new-project");
  await tapVisible(page, "project.start");
  let c = await untilCampaign(page, (c) => c.projects.length === 1, "the smith's project");
  const sword = c.projects[0];
  assert.equal(sword.goal_gp, 50);
  assert.equal(sword.materials_gp, 25);

  // 10 hours today, the overtime saves asked one by one
  await tapVisible(page, `project.${sword.id}.hours.plus`);
  await tapVisible(page, `project.${sword.id}.hours.plus`);
  await waitWidget(page, `project.${sword.id}.hours.value`, { where: (w) => w.label === "10" });
  await tapVisible(page, `project.${sword.id}.saves.ask`);
  await tapVisible(page, `project.${sword.id}.work`);
  c = await untilCampaign(page, (c) => c.projects[0].progress_gp === 20 && c.prompts.length === 2, "the work and two saves");
  assert.deepEqual(c.prompts.map((p) => p.data.dc), [11, 12]);
  await reveal(page, `prompt.${c.prompts[1].id}`);
  await shot(page, "downtime-cs-06-overtime");
  for (const p of c.prompts) {
    await tapVisible(page, `prompt.${p.id}.roll`);
    await untilCampaign(page, (c) => c.prompts.every((x) => x.id !== p.id), "a save rolled");
  }

  // the bard paints with 50 gp of materials: 50 hours at 1 gp/h, 7 days of 8 hours
  await tapVisible(page, "project.new");
  await tapVisible(page, "project.kind.art");
  await typeInto(page, "project.name", "Obraz");
  await tapVisible(page, "project.crafter.c2");
  await tapVisible(page, "project.materials.value");
  await pad(page, 50, "pad.ok");
  await tapVisible(page, "project.start");
  c = await untilCampaign(page, (c) => c.projects.length === 2, "the painting");
  const art = c.projects[1];
  assert.equal(art.goal_gp, 50);
  await tapVisible(page, `project.${art.id}.days.value`);
  await pad(page, 7, "pad.ok");
  await tapVisible(page, `project.${art.id}.work`);
  c = await untilCampaign(page, (c) => c.projects[1].done, "the painting done");
  await tapVisible(page, `project.${art.id}.finish_enter`);
  await pad(page, 17, "pad.ok");
  c = await untilCampaign(page, (c) => c.projects[1].data.art_value_gp !== undefined, "the painting valued");
  assert.equal(c.projects[1].data.art_value_gp, 120);
  const valued = await reveal(page, `project.${art.id}.art_value`);
  assert.equal(valued.label, "120");
  await shot(page, "downtime-cs-07-art");

  // the calculator: cost 50, check 24 → 250 gp
  await tapVisible(page, "artcalc.check.value");
  await pad(page, 24, "pad.ok");
  await tapVisible(page, "artcalc.cost.value");
  await pad(page, 50, "pad.ok");
  await waitWidget(page, "artcalc.value", { where: (w) => /250/.test(w.label) });
  const value = await reveal(page, "artcalc.value");
  assert.match(value.label, /250/);
  await shot(page, "downtime-cs-08-calculator");
  assert.deepEqual(errors, []);
  await context.close();
});
