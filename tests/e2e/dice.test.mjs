// The dice screen at 412×915 with touch: typed expressions with every die shown (dropped ones struck), a live
// error in the user's language, advantage, favourites and history that survive a reload, the roller's
// inspiration spent as luck.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, tapAt, openApp, waitForApp, state, widgets, tap, until, shot, campaign, dispatch, reveal,
         tapVisible, tapSettled, shotNow, gone, settled, typeInto, waitWidget, longPress, chooseLanguage } from "./lib.mjs";

// Patient waits that nudge the app awake: the machine is shared and slow at times.
const widget = (page, id, options = {}) => waitWidget(page, id, options);

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const dice = (all) => all.filter((w) => /^dice\.die\.\d+$/.test(w.id));

async function setLanguage(page, lang) {
  await tapSettled(page, "tab.settings");
  await until(page, (s) => s.tab === "settings", "settings tab");
  await chooseLanguage(page, `settings.lang.${lang}`, lang, tapVisible);  // may restart the app in it
}

test("typing 4d6kh3 and tapping Roll shows four dice, one struck, and the total", async () => {
  const { page, errors, context } = await openApp(env);
  await typeInto(page, "dice.expr", "4d6kh3");
  await tapVisible(page, "dice.roll");
  await widget(page, "dice.die.3");
  const all = await widgets(page);
  const ds = dice(all);
  assert.equal(ds.length, 4, `four dice: ${ds.map((d) => d.label)}`);
  const dropped = ds.filter((d) => d.label.includes("dropped"));
  assert.equal(dropped.length, 1, `one die struck: ${ds.map((d) => d.label)}`);
  const kept = ds.filter((d) => !d.label.includes("dropped")).map((d) => parseInt(d.label, 10));
  const total = all.find((w) => w.id === "dice.total");
  assert.equal(parseInt(total.label, 10), kept.reduce((a, b) => a + b, 0), "total = the three kept dice");
  assert.ok(Math.min(...kept) >= parseInt(dropped[0].label, 10), "the lowest die is the dropped one");
  assert.match(all.find((w) => w.id === "dice.result").label, /^4d6kh3 \(.*~~\d~~.*\) = \d+$/);
  await shotNow(page, "dice-4d6kh3-en");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a broken expression shows a live error in the user's language", async () => {
  const { page, context } = await openApp(env);
  await typeInto(page, "dice.expr", "4d6kh");
  const en = await widget(page, "dice.error");
  assert.ok(en.label.length > 10, `an English message: ${en.label}`);
  const roll = (await widgets(page)).find((w) => w.id === "dice.roll");
  await shotNow(page, "dice-error-en");
  // Roll is disabled: tapping it rolls nothing.
  await tapAt(page, roll.x + roll.w / 2, roll.y + roll.h / 2);
  await page.waitForTimeout(200);
  assert.equal(dice(await widgets(page)).length, 0, "nothing rolled");
  await setLanguage(page, "cs");  // the app restarts in Czech (its texts fetched): the field starts empty
  await tapSettled(page, "tab.dice");
  await typeInto(page, "dice.expr", "4d6kh");
  const cs = await widget(page, "dice.error", { where: (w) => w.label !== en.label });
  assert.notEqual(cs.label, en.label, `a Czech message: ${cs.label}`);
  await shotNow(page, "dice-error-cs");
  await context.close();
});

test("d20 with advantage rolls two d20 and keeps the higher", async () => {
  const { page, context } = await openApp(env);
  await tapVisible(page, "dice.mode.adv");
  await widget(page, "dice.mode.adv", { where: (w) => w.label.endsWith("[on]") });
  await tapVisible(page, "dice.d20");
  await widget(page, "dice.die.1");
  const ds = dice(await widgets(page));
  assert.equal(ds.length, 2, `two dice: ${ds.map((d) => d.label)}`);
  assert.equal(ds.filter((d) => d.label.includes("dropped")).length, 1, "one of them dropped");
  const kept = ds.find((d) => !d.label.includes("dropped"));
  const other = ds.find((d) => d.label.includes("dropped"));
  assert.ok(parseInt(kept.label, 10) >= parseInt(other.label, 10), "the higher one counts");
  const head = await widget(page, "dice.result.head");
  assert.match(head.label, /2d20kh1/);
  await shotNow(page, "dice-d20-advantage-en");
  await context.close();
});

test("count and modifier steppers build the roll of a die button", async () => {
  const { page, context } = await openApp(env);
  await tapVisible(page, "dice.count.plus");
  await tapVisible(page, "dice.count.plus");
  await tapVisible(page, "dice.mod.plus");
  await widget(page, "dice.mod.value", { where: (w) => w.label === "+1" });
  await tapVisible(page, "dice.d6");
  await widget(page, "dice.die.2");
  assert.equal(dice(await widgets(page)).length, 3);
  assert.equal((await widget(page, "dice.expr")).label, "3d6+1");
  // the number pad sets the count directly
  await tapVisible(page, "dice.count.value");
  await tapSettled(page, "pad.back");
  await tapSettled(page, "pad.8");
  await tapSettled(page, "pad.ok");
  await gone(page, "pad.ok");
  await widget(page, "dice.count.value", { where: (w) => w.label === "8" });
  await shotNow(page, "dice-steppers-en");
  await context.close();
});

test("favourites and the history survive a reload; a long press deletes a favourite", async () => {
  const { page, errors, context } = await openApp(env);
  await typeInto(page, "dice.expr", "1d8+3");
  await tapVisible(page, "dice.fav.add");
  await typeInto(page, "dice.fav.name", "Sword");
  await tapVisible(page, "dice.fav.save");
  await widget(page, "dice.fav.0", { where: (w) => w.label === "Sword 1d8+3" });
  await tapVisible(page, "dice.fav.0");  // rolls it
  assert.match((await reveal(page, "dice.hist.0")).label, /1d8 \(\d\) \+ 3 = \d+/);
  await tapVisible(page, "dice.d20");
  await reveal(page, "dice.hist.1");
  const before = (await widgets(page)).filter((w) => w.id.startsWith("dice.hist.")).map((w) => w.label);
  await reveal(page, "dice.hist.0");
  await shotNow(page, "dice-history-en");

  await page.reload();
  await waitForApp(page);
  await widget(page, "dice.fav.0", { where: (w) => w.label === "Sword 1d8+3" });
  await reveal(page, "dice.hist.1");
  const after = (await widgets(page)).filter((w) => w.id.startsWith("dice.hist.")).map((w) => w.label);
  assert.deepEqual(after.slice(0, 2), before.slice(0, 2), "history kept");

  await reveal(page, "dice.fav.0");
  await longPress(page, "dice.fav.0");
  await settled(page, "dice.fav.delete");
  await shotNow(page, "dice-favourite-delete-en");
  await tapSettled(page, "dice.fav.delete");
  const end = Date.now() + 5000;
  while ((await widgets(page)).some((w) => w.id === "dice.fav.0") && Date.now() < end) await page.waitForTimeout(50);
  assert.ok(!(await widgets(page)).some((w) => w.id === "dice.fav.0"), "favourite deleted");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a creature with inspiration rolls a d20 and spends it as luck", async () => {
  const { page, context } = await openApp(env);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Test" }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", max_hp: 17, inspiration: true }), 1);
  const mira = (await campaign(page)).creatures.find((c) => c.name === "Mira");
  await tapVisible(page, "dice.who");
  await tapSettled(page, `dice.who.${mira.id}`);
  await widget(page, "dice.who", { where: (w) => w.label.includes("Mira") });
  await tapVisible(page, "dice.d20");
  await widget(page, "dice.die.0");
  await tapVisible(page, "dice.use_inspiration");
  const luck = await widget(page, "dice.luck");
  assert.match(luck.label, /Inspiration/);
  const after = (await campaign(page)).creatures.find((c) => c.id === mira.id);
  assert.ok(!after.inspiration, "inspiration spent");
  await reveal(page, "dice.luck");
  await shotNow(page, "dice-inspiration-en");
  // undo gives it back
  await tapSettled(page, "top.undo");
  const end = Date.now() + 5000;
  while (!(await campaign(page)).creatures.find((c) => c.id === mira.id).inspiration && Date.now() < end)
    await page.waitForTimeout(50);
  assert.ok((await campaign(page)).creatures.find((c) => c.id === mira.id).inspiration, "undo restores it");
  await context.close();
});

test("the dice screen in Ukrainian: typed and shown as the table writes, 2к20", async () => {
  const { page, context } = await openApp(env, { device: { locale: "uk-UA" } });
  assert.equal((await state(page)).lang, "uk");
  await typeInto(page, "dice.expr", "2к20kl1+4");
  await tapVisible(page, "dice.roll");
  await widget(page, "dice.die.1");
  assert.match((await widget(page, "dice.result.head")).label, /: 2к20kl1 \+ 4$/);
  assert.match((await widget(page, "dice.result")).label, /^2к20kl1 \(.*\) \+ 4 = \d+$/);
  // A die button writes its roll the same way.
  await tapVisible(page, "dice.d8");
  await widget(page, "dice.expr", { where: (w) => w.label === "к8" });
  await reveal(page, "dice.total");
  await shotNow(page, "dice-uk");
  await context.close();
});
