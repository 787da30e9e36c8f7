// The Party screen at 412×915 with touch: a character added with ability scores by steppers, its sheet
// (conditions with durations, exhaustion, inspiration, inventory → encumbrance, edit through the number pad),
// removal confirmed and undone; monsters in one go with average HP, numbered after the existing ones; the
// Ukrainian plurals on the cards; two columns in landscape. Screenshots: build/e2e/party-*.png.
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
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(c).slice(0, 1200)}`);
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

// Taps a stepper's + n times, waiting for each step to show.
async function tapTimes(page, id, n) {
  const valueId = id.replace(/\.plus$/, ".value");
  for (let i = 0; i < n; i++) {
    const before = Number((await waitWidget(page, valueId)).label);
    await tapVisible(page, id);
    await waitWidget(page, valueId, { where: (w) => Number(w.label) === before + 1 });
  }
}

test("a character: steppers, sheet, conditions, exhaustion, load, edit, remove and undo", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  await openTab(page, "party");
  await tapVisible(page, "party.add_pc");
  await typeInto(page, "edit.name", "Mira");
  await tapTimes(page, "edit.ability.str.plus", 6);
  await tapTimes(page, "edit.ability.con.plus", 4);
  await waitWidget(page, "edit.ability.str.value", { where: (w) => w.label === "16" });
  await tapVisible(page, "edit.hit_die.10");
  await shot(page, "party-cs-01-form");
  await tapVisible(page, "edit.save");
  let c = await untilCampaign(page, (c) => c.creatures.length === 1, "Mira added");
  const mira = c.creatures[0];
  assert.equal(mira.abilities.str, 16);
  assert.equal(mira.abilities.con, 14);
  assert.equal(mira.hit_die, 10);

  // the sheet
  await tapVisible(page, `party.card.${mira.id}`);
  await waitWidget(page, "sheet.name", { where: (w) => w.label === "Mira" });
  await shot(page, "party-cs-02-sheet");

  // prone for an hour
  await tapVisible(page, "sheet.cond.add");
  await tapVisible(page, "sheet.cond.pick.prone");
  await tapVisible(page, "sheet.cond.dur.4");
  await shot(page, "party-cs-03-condition");
  await tapVisible(page, "sheet.cond.ok");
  c = await untilCampaign(page, (c) => c.creatures[0].conditions.length === 1, "prone");
  assert.equal(c.creatures[0].conditions[0].id, "prone");
  assert.equal(c.creatures[0].conditions[0].until.kind, "minutes");
  assert.equal(c.creatures[0].conditions[0].until.minutes, 60);

  // exhaustion and inspiration
  await tapVisible(page, "sheet.exh.plus");
  await tapVisible(page, "sheet.inspiration");
  c = await untilCampaign(page, (c) => c.creatures[0].exhaustion === 1 && c.creatures[0].inspiration, "exhaustion 1, inspiration");

  // inventory → variant encumbrance (STR 16: encumbered over 80 lb, heavily over 160 lb)
  for (const [name, weight] of [["Plate", 65], ["Anvil", 100]]) {
    await tapVisible(page, "sheet.item.add");
    await typeInto(page, "sheet.item.name", name);
    await tapVisible(page, "sheet.item.weight.value");
    await pad(page, weight, "pad.ok");
    await waitWidget(page, "sheet.item.weight.value", { where: (w) => w.label === String(weight) });
    await tapVisible(page, "sheet.item.ok");
  }
  c = await untilCampaign(page, (c) => c.creatures[0].inventory.length === 2, "two items");
  await waitWidget(page, "sheet.load", { where: (w) => w.label === "heavily" });
  await shot(page, "party-cs-04-load");

  // edit: AC 18 through the pad
  await tapVisible(page, "sheet.edit");
  await waitWidget(page, "screen.edit");
  await tapVisible(page, "edit.ac.value");
  await pad(page, 18, "pad.ok");
  await tapVisible(page, "edit.save");
  c = await untilCampaign(page, (c) => c.creatures[0].ac === 18, "AC 18");

  // the card shows it all
  await tapVisible(page, "sheet.back");
  await waitWidget(page, `party.card.${mira.id}`);
  await shot(page, "party-cs-05-card");

  // remove: confirmed, then one tap of undo brings her back
  await tapVisible(page, `party.card.${mira.id}`);
  await tapVisible(page, "sheet.remove");
  await waitWidget(page, "confirm.yes");
  await shot(page, "party-cs-06-remove-confirm");
  await tapSettled(page, "confirm.yes");
  await untilCampaign(page, (c) => c.creatures.length === 0, "removed");
  await tapSettled(page, "top.undo");
  c = await untilCampaign(page, (c) => c.creatures.length === 1, "back after undo");
  assert.equal(c.creatures[0].ac, 18);
  assert.equal(c.creatures[0].inventory.length, 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("monsters in one go: average HP, numbered after the existing ones", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, count: 2 }), 1);
  await openTab(page, "party");
  await tapVisible(page, "party.add_monster");
  await typeInto(page, "edit.name", "Goblin");
  await tapVisible(page, "edit.count.plus");
  await typeInto(page, "edit.hp_expr", "2d6");
  await tapVisible(page, "edit.hp_roll.average");
  await tapVisible(page, "edit.init.plus");
  await waitWidget(page, "edit.init.value", { where: (w) => w.label === "1" });
  await tapVisible(page, "edit.init.plus");
  await waitWidget(page, "edit.init.value", { where: (w) => w.label === "2" });
  await tapVisible(page, "edit.save");
  const c = await untilCampaign(page, (c) => c.creatures.length === 4, "four goblins");
  assert.deepEqual(c.creatures.map((x) => x.name), ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]);
  for (const g of c.creatures.slice(2)) {
    assert.equal(g.max_hp, 7, "the average of 2d6");
    assert.equal(g.initiative_bonus, 2);
  }
  await waitWidget(page, `party.card.${c.creatures[3].id}`);
  await shot(page, "party-cs-07-monsters");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ukrainian cards: plural forms, conditions with durations", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "uk-UA" } });
  await dispatch(page, { type: "AddCreature", name: "Міра", kind: "pc", max_hp: 20, hit_die: 8, level: 3 });
  await dispatch(page, { type: "SetHeroPoints", target: "c1", value: 2 });
  await dispatch(page, { type: "SetCondition", target: "c1", condition: "poisoned", until: { kind: "minutes", minutes: 600 } });
  await dispatch(page, { type: "AddInjury", target: "c1", text: { cs: "Jizva", uk: "Шрам", en: "Scar" } });
  await dispatch(page, { type: "AddInjury", target: "c1", text: { cs: "Kulhání", uk: "Кульгавість", en: "Limp" } });
  await dispatch(page, { type: "SetTempHp", target: "c1", amount: 5 });
  await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 8 });
  await openTab(page, "party");
  const card = await waitWidget(page, "party.card.c1");
  assert.equal(card.label, "Міра");
  await shot(page, "party-uk-01-card");
  await tapVisible(page, "party.card.c1");
  await waitWidget(page, "sheet.name");
  await shot(page, "party-uk-02-sheet");
  assert.deepEqual(errors, []);
  await context.close();
});

test("landscape: the list and the sheet side by side", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "en-US", viewport: { width: 915, height: 412 } } });
  await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 });
  await dispatch(page, { type: "AddCreature", name: "Ogre", kind: "monster", hp: 59 });
  await openTab(page, "party");
  await tapSettled(page, "party.card.c1");
  const name = await waitWidget(page, "sheet.name", { where: (w) => w.label === "Mira" });
  const card = await waitWidget(page, "party.card.c1");
  assert.ok(name.x > card.x + card.w, `the sheet is right of the list: ${JSON.stringify({ name, card })}`);
  await shot(page, "party-en-landscape");
  assert.deepEqual(errors, []);
  await context.close();
});

test("an injury on the sheet: its effects and cure options; healing magic cures it and leaves a scar", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 }), 1);
  assert.equal(await dispatch(page, { type: "RollInjury", target: "c1", roll: 43 }), 1);  // festering wound
  let c = await campaign(page);
  const injury = c.creatures[0].injuries[0];
  assert.equal(injury.effects.injury, "festering_wound");
  await openTab(page, "party");
  await tapVisible(page, "party.card.c1");
  await reveal(page, `sheet.injury.${injury.id}`);
  await shot(page, "party-cs-08-injury");
  // the cure options of a festering wound: healing magic, magic that removes poison, Medicine DC 15
  const labels = (await widgets(page)).filter((w) => w.id.startsWith(`sheet.injury.${injury.id}.cure`)).map((w) => w.label);
  assert.ok(labels.length >= 3, JSON.stringify(labels));
  assert.ok(labels.some((l) => /15/.test(l)), `a Medicine DC 15 option: ${labels}`);
  await tapVisible(page, `sheet.injury.${injury.id}.cure0`);  // healing magic → its spell level on the pad
  await pad(page, 3, "pad.ok");
  c = await untilCampaign(page, (c) => c.creatures[0].injuries[0].cured, "cured");
  assert.equal(c.creatures[0].scars.length, 1, "a minor scar remains after magic below 6th level");
  assert.deepEqual(errors, []);
  await context.close();
});
