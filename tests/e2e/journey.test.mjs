// The DM's combat journey (../shared/notes/journeys.md) at 412×915 with touch, in Czech and in Ukrainian:
// add a wizard (17 max HP) and three goblins (HP 2d6, rolled), start combat with rolled initiative, 9 damage to
// the wizard through the HP pad → the massive-damage save (entered: 5, failed; shock d20 entered: 6 → paralyzed
// until the end of her next turn), she drops to 0 → the injury roll (entered d100 = 43: festering wound) is
// stored; a goblin drops to 0 (monsters die: no injury); a misclick is undone with one tap; the fight ends,
// the wizard is healed and the party takes a long rest; after a reload everything is as it was.
// Screenshots: build/e2e/journey-<lang>-<step>.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, shot, widgets, state } from "./lib.mjs";
import { settled, tapSettled, waitWidget, openPatient, waitStarted } from "./touch_gestures.mjs";

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

async function until_campaign(page, predicate, what, timeout = 20000) {
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

// Types a number on the open number pad and taps the action.
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

const byName = (c, name) => c.creatures.find((x) => x.name === name);

for (const lang of ["cs", "uk"]) {
  test(`the DM's combat journey (${lang})`, { timeout: 600000 }, async () => {
    const locale = lang === "cs" ? "cs-CZ" : "uk-UA";
    const { page, errors, context } = await openPatient(env, { device: { locale } });
    const snap = (name) => shot(page, `journey-${lang}-${name}`);
    await openTab(page, "party");
    await waitWidget(page, "party.empty");
    await snap("01-empty");

    // a wizard with 17 max HP
    await tapVisible(page, "party.add_pc");
    await waitWidget(page, "screen.edit");
    await typeInto(page, "edit.name", "Wizard");
    await tapVisible(page, "edit.max_hp.value");
    await pad(page, 17, "pad.ok");
    await waitWidget(page, "edit.max_hp.value", { where: (w) => w.label === "17" });
    await snap("02-add-wizard");
    await tapVisible(page, "edit.save");
    let c = await until_campaign(page, (c) => c.creatures.length === 1, "the wizard");
    const wizard = byName(c, "Wizard");
    assert.equal(wizard.max_hp, 17);
    assert.equal(wizard.hp, 17);
    assert.equal(wizard.kind, "pc");

    // three goblins, HP 2d6 rolled
    await tapVisible(page, "party.add_monster");
    await waitWidget(page, "screen.edit");
    await typeInto(page, "edit.name", "Goblin");
    await tapVisible(page, "edit.count.plus");
    await tapVisible(page, "edit.count.plus");
    await waitWidget(page, "edit.count.value", { where: (w) => w.label === "3" });
    await typeInto(page, "edit.hp_expr", "2d6");
    await waitWidget(page, "edit.hp_check", { where: (w) => /2.*12/.test(w.label) });
    await snap("03-add-goblins");
    await tapVisible(page, "edit.save");
    c = await until_campaign(page, (c) => c.creatures.length === 4, "three goblins");
    const goblins = ["Goblin 1", "Goblin 2", "Goblin 3"].map((n) => byName(c, n));
    for (const g of goblins) {
      assert.ok(g, "goblins are numbered");
      assert.equal(g.kind, "monster");
      assert.ok(g.max_hp >= 2 && g.max_hp <= 12, `2d6 HP: ${g.max_hp}`);
    }
    await waitWidget(page, `party.card.${goblins[2].id}`);
    await snap("04-party");

    // combat with rolled initiative
    await openTab(page, "combat");
    await waitWidget(page, "combat.start");
    await snap("05-combat-setup");
    await tapVisible(page, "combat.start");
    c = await until_campaign(page, (c) => c.encounter && c.encounter.order.length === 4, "the encounter");
    await waitWidget(page, `combat.row.${wizard.id}`);
    await snap("06-initiative");

    // 9 damage to the wizard via the pad → the massive-damage prompt
    await tapVisible(page, `combat.row.${wizard.id}`);
    await pad(page, 9, "pad.damage");
    c = await until_campaign(page, (c) => byName(c, "Wizard").hp === 8 && c.prompts.length > 0, "damage and a prompt");
    const save = c.prompts.find((p) => p.kind === "massive-damage.save");
    assert.ok(save, `the massive-damage save is asked: ${JSON.stringify(c.prompts)}`);
    assert.equal(save.creature, wizard.id);
    assert.equal(save.data.dc, 15);
    await waitWidget(page, `prompt.${save.id}`);
    await snap("07-massive-damage-prompt");
    // entered at the table: 5 (fails DC 15), then the shock d20: 6 → paralyzed until the end of her next turn
    await tapVisible(page, `prompt.${save.id}.enter`);
    await pad(page, 5, "pad.ok");
    await waitWidget(page, "pad.then_auto");
    await snap("08-shock-d20");
    await pad(page, 6, "pad.ok");
    c = await until_campaign(page, (c) => !c.prompts.some((p) => p.id === save.id), "the save resolved");
    const para = byName(c, "Wizard").conditions.find((x) => x.id === "paralyzed");
    assert.ok(para, `paralyzed: ${JSON.stringify(byName(c, "Wizard").conditions)}`);
    assert.equal(para.until.kind, "end_of_next_turn");
    await waitWidget(page, "notice");
    await snap("09-paralyzed");

    // she drops to 0 → the injury roll: entered d100 = 43 (festering wound) → stored
    await tapVisible(page, `combat.row.${wizard.id}`);
    await pad(page, 8, "pad.damage");
    c = await until_campaign(page, (c) => byName(c, "Wizard").hp === 0, "the wizard at 0 HP");
    const roll = c.prompts.find((p) => p.kind === "injuries.roll" && p.creature === wizard.id);
    assert.ok(roll, `the injury roll is asked: ${JSON.stringify(c.prompts)}`);
    await waitWidget(page, `prompt.${roll.id}`);
    await snap("10-injury-prompt");
    await tapVisible(page, `prompt.${roll.id}.enter`);
    await pad(page, 43, "pad.ok");
    c = await until_campaign(page, (c) => byName(c, "Wizard").injuries.length === 1, "the injury stored");
    const injury = byName(c, "Wizard").injuries[0];
    assert.equal(injury.table_row, 43);
    assert.equal(injury.effects.injury, "festering_wound");
    await reveal(page, `combat.${wizard.id}.ds`);
    await snap("11-injury-stored");

    // a goblin drops to 0 HP: monsters die at 0 HP (base rules), so no injury is rolled for it
    const g1 = byName(c, "Goblin 1");
    await tapVisible(page, `combat.row.${g1.id}`);
    await pad(page, 20, "pad.damage");
    c = await until_campaign(page, (c) => byName(c, "Goblin 1").death_saves.dead, "goblin 1 dead");
    assert.equal(byName(c, "Goblin 1").injuries.length, 0);

    // a misclick on the wrong goblin is one tap of undo
    const g2 = byName(c, "Goblin 2");
    const hpBefore = g2.hp;
    await tapVisible(page, `combat.row.${g2.id}`);
    await pad(page, 1, "pad.damage");
    c = await until_campaign(page, (c) => byName(c, "Goblin 2").hp === hpBefore - 1, "the misclick");
    await snap("12-misclick");
    await tapSettled(page, "top.undo");
    c = await until_campaign(page, (c) => byName(c, "Goblin 2").hp === hpBefore, "the undo");

    // next turns, then the end of the fight
    await tapVisible(page, "combat.next");
    c = await until_campaign(page, (c) => c.encounter && (c.encounter.turn !== 0 || c.encounter.round > 1), "the next turn");
    await snap("13-next-turn");
    await tapSettled(page, "combat.end");
    await tapSettled(page, "confirm.yes");
    c = await until_campaign(page, (c) => !c.encounter, "the end of the fight");

    // heal the wizard, then a long rest
    await openTab(page, "party");
    await tapVisible(page, `party.hp.${wizard.id}`);
    await pad(page, 5, "pad.heal");
    c = await until_campaign(page, (c) => byName(c, "Wizard").hp === 5, "the wizard healed");
    await openTab(page, "downtime");
    await tapVisible(page, "rest.long");
    c = await until_campaign(page, (c) => byName(c, "Wizard").hp === byName(c, "Wizard").max_hp && c.minutes >= 480, "the long rest");
    await reveal(page, "downtime.summary");
    await snap("14-long-rest");
    await openTab(page, "party");
    await tapVisible(page, `party.card.${wizard.id}`);
    await waitWidget(page, "sheet.name");
    await snap("15-wizard-sheet");

    // reload: everything as it was
    const before = await campaign(page);
    await page.reload();
    await waitStarted(page);
    const after = await campaign(page);
    assert.deepEqual(after, before);
    await openTab(page, "party");
    await waitWidget(page, `party.card.${wizard.id}`);
    await snap("16-after-reload");
    assert.deepEqual(errors, []);
    await context.close();
  });
}
