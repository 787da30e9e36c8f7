// The Combat screen at 412×915 with touch: a player's initiative entered on the pad, a creature left out, the
// lair action slot at 20, next/previous turn and rounds, legendary action counters, death saves from the list,
// the attack helper with flanking and advantage (AttackRoll), and the end of the fight (confirmed).
// Screenshots: build/e2e/combat-*.png.
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

test("initiative, lair, turns, legendary actions, death saves, attack helper, end", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20, ac: 15, abilities: { dex: 14 } }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Drak", kind: "monster", hp: 100, ac: 17, legendary_actions: 3 }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Kobold", kind: "monster", hp: 5 }), 1);
  await openTab(page, "combat");

  // Mira's player rolled 18; the kobold stays out; the dragon's lair acts at 20
  await tapVisible(page, "combat.init.c1");
  await pad(page, 18, "pad.ok");
  await waitWidget(page, "combat.init.c1", { where: (w) => w.label === "18" });
  await tapVisible(page, "combat.pick.c3");
  await tapVisible(page, "combat.lair");
  await waitWidget(page, "combat.lair.c2");
  await shot(page, "combat-cs-01-setup");
  await tapVisible(page, "combat.start");
  let c = await untilCampaign(page, (c) => c.encounter, "the encounter");
  const order = c.encounter.order;
  assert.equal(order.length, 3);
  assert.ok(!order.some((e) => e.creature === "c3"), "the kobold is left out");
  assert.deepEqual(order.find((e) => e.creature === "c1" && !e.lair).initiative, 18);
  const lair = order.find((e) => e.lair);
  assert.equal(lair.creature, "c2");
  assert.equal(lair.initiative, 20);
  await waitWidget(page, "combat.lair_row");
  await shot(page, "combat-cs-02-order");

  // legendary actions: use one
  await tapVisible(page, "combat.legendary.c2.1");
  c = await untilCampaign(page, (c) => c.encounter.legendary && c.encounter.legendary.c2 === 2, "a legendary action used");

  // a full round of turns, then one back
  for (let i = 0; i < 3; i++) await tapSettled(page, "combat.next");
  c = await untilCampaign(page, (c) => c.encounter.round === 2, "round 2");
  await waitWidget(page, "combat.round", { where: (w) => w.label === "2" });
  await tapSettled(page, "combat.prev");
  c = await untilCampaign(page, (c) => c.encounter.round === 1, "back to round 1");
  await tapSettled(page, "combat.next");
  await untilCampaign(page, (c) => c.encounter.round === 2, "round 2 again");

  // Mira drops to 0: death saves from the list
  assert.equal(await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 20 }), 1);
  await tapVisible(page, "combat.c1.ds.success");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.successes === 1, "a success");
  await tapVisible(page, "combat.c1.ds.failure");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.failures === 1, "a failure");
  await shot(page, "combat-cs-03-death-saves");
  await tapVisible(page, "combat.c1.ds.stabilize");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.stable, "stable");

  // the attack helper: the dragon attacks Mira from a direct flank with advantage
  await tapVisible(page, "combat.attack");
  await tapVisible(page, "attack.attacker");
  await tapVisible(page, "attack.attacker.c2");
  await tapVisible(page, "attack.target.c1");
  await tapVisible(page, "attack.flank.direct");
  await tapVisible(page, "attack.adv");
  await tapVisible(page, "attack.roll");
  const result = await reveal(page, "attack.result");
  assert.match(result.label, /^\S+: \d+ \/ \d+ {2}\+5 {2}\+2 {2}= {2}\d+$/, result.label);
  const verdict = await reveal(page, "attack.verdict");
  assert.ok(["hit", "miss", "critical"].includes(verdict.label));
  await shot(page, "combat-cs-04-attack");

  // the end of the fight: confirmed
  await tapVisible(page, "combat.end");
  await waitWidget(page, "confirm.yes");
  await tapSettled(page, "confirm.yes");
  await untilCampaign(page, (c) => !c.encounter, "the end");
  await waitWidget(page, "combat.start");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ukrainian combat screen with a prompt on top", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "uk-UA" } });
  await dispatch(page, { type: "AddCreature", name: "Маг", kind: "pc", max_hp: 17 });
  await dispatch(page, { type: "AddCreature", name: "Гоблін", kind: "monster", hp: "2d6", count: 3 });
  await dispatch(page, { type: "StartEncounter" });
  await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 9 });
  await openTab(page, "combat");
  const c = await campaign(page);
  const p = c.prompts.find((x) => x.kind === "massive-damage.save");
  assert.ok(p);
  const card = await waitWidget(page, `prompt.${p.id}`);
  assert.match(card.label, /Маг/);
  await shot(page, "combat-uk-01-prompt");
  await tapVisible(page, `prompt.${p.id}.roll`);
  await untilCampaign(page, (c) => c.prompts.every((x) => x.id !== p.id), "the save rolled");
  await waitWidget(page, "notice");
  await shot(page, "combat-uk-02-resolved");

  // the mage drops to 0: the injury d100 entered as 1 leads to the serious-injury d6, entered as 4 (lost ear)
  const hp = (await campaign(page)).creatures[0].hp;  // the shock table may have dropped it to 0 already
  if (hp > 0) await dispatch(page, { type: "ApplyDamage", target: "c1", amount: hp });
  const roll = (await untilCampaign(page, (c) => c.prompts.some((x) => x.kind === "injuries.roll"), "the injury roll"))
    .prompts.find((x) => x.kind === "injuries.roll");
  await tapVisible(page, `prompt.${roll.id}.enter`);
  await pad(page, 1, "pad.ok");
  await waitWidget(page, "pad.then_auto");
  await shot(page, "combat-uk-03-serious-d6");
  await pad(page, 4, "pad.ok");
  const c2 = await untilCampaign(page, (c) => c.creatures[0].injuries.length > 0, "the serious injury");
  assert.equal(c2.creatures[0].injuries[0].effects.injury, "lost_ear");
  assert.deepEqual(errors, []);
  await context.close();
});
