// Classes and a character in few taps at 412×915 with touch, as a person
// does: Party → Add character, the name typed, a class tapped, the six scores typed in one go on the number pad
// (15 14 13 12 10 8: the pad puts the spaces in by itself), Add. The taps are counted (≤ 15 plus the name); the
// card says "Kouzelník 1"; the hit die, the saves and the HP follow the class. Then the standard array, point buy
// and the 4d6 roll; Ukrainian. Screenshots: build/e2e/classes-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, shot, waitWidget, tapCarefully, tapSettled, typeReplacing, openTab, campaign, untilCampaign,
         screenshotFailures, see } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

// Counts every tap the test makes (typing the name is not counted: "≤ 15 taps plus the name").
function counter(page) {
  const c = { taps: 0 };
  c.tap = async (id) => { c.taps++; await tapCarefully(page, id); };
  c.padTap = async (id) => { c.taps++; await tapSettled(page, id); };
  return c;
}

const saves = (c, id) => c.modules?.["save-proficiencies"]?.[id] ?? [];

test("cs: a wizard in ≤ 15 taps plus the name, the scores typed in one go", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await openTab(page, "party");
  const n = counter(page);  // counted from "Add character" (the Party tab is one more)
  await n.tap("party.add_pc");
  await typeReplacing(page, "edit.name", "Mira");  // the name: one tap on the field and the letters (not counted)
  await n.tap("edit.class.wizard");
  const follows = await waitWidget(page, "edit.class_follows");
  assert.equal(follows.label, "Kostka životů k6, záchranné hody: Inteligence, Moudrost");
  await shot(page, "classes-cs-01-class");
  await n.tap("edit.scores.type");
  await waitWidget(page, "pad.value");
  await shot(page, "classes-cs-02-pad-empty");
  // 15 14 13 12 10 8: eleven digits, the spaces come by themselves; the sixth number cannot grow (80 > 30), so
  // the pad takes the six at once (no OK)
  for (const d of "1514131210") await n.padTap(`pad.${d}`);
  await waitWidget(page, "pad.value", { where: (w) => w.label.trim() === "15 14 13 12 10" });
  await shot(page, "classes-cs-03-pad-typed");
  await n.padTap("pad.8");
  await see(page, "edit.ability.int.value", { where: (w) => w.label === "12" });
  // the HP follow the class: d6 + CON +1 = 7; the initiative bonus was asked: DEX 14 → +2
  await see(page, "edit.max_hp.value", { where: (w) => w.label === "7" });
  await see(page, "edit.init.value", { where: (w) => w.label === "2" });
  await shot(page, "classes-cs-04-form");
  await n.tap("edit.save");
  let c = await untilCampaign(page, (c) => c.creatures.length === 1, "Mira added");
  const mira = c.creatures[0];
  assert.deepEqual(mira.modules.classes, { class: "wizard" });
  assert.equal(mira.hit_die, 6);
  assert.equal(mira.max_hp, 7);
  assert.deepEqual(mira.abilities, { str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8 });
  assert.deepEqual(saves(c, mira.id), ["int", "wis"]);
  console.log(`# taps for a complete character: ${n.taps} (plus typing the name)`);
  assert.ok(n.taps <= 15, `${n.taps} taps`);
  const card = await see(page, `party.card.${mira.id}.sub`);
  assert.match(card.label, /Kouzelník 1$/, card.label);
  await shot(page, "classes-cs-05-card");

  // a second one with the standard array: Add, class, Standard array, Add
  const m = counter(page);
  await m.tap("party.add_pc");
  await typeReplacing(page, "edit.name", "Olek");
  await m.tap("edit.class.fighter");
  await m.tap("edit.scores.standard");
  // laid out for a fighter: STR 15, CON 14, DEX 13, WIS 12, CHA 10, INT 8
  await see(page, "edit.ability.con.value", { where: (w) => w.label === "14" });
  await m.tap("edit.save");
  c = await untilCampaign(page, (c) => c.creatures.length === 2, "Olek added");
  const olek = c.creatures[1];
  assert.deepEqual(["str", "dex", "con", "int", "wis", "cha"].map((k) => olek.abilities[k] ?? 10), [15, 13, 14, 8, 12, 10]);
  assert.equal(olek.hit_die, 10);
  assert.equal(olek.max_hp, 12);  // d10 + CON 14 (+2)
  assert.deepEqual(saves(c, olek.id), ["str", "con"]);
  assert.ok(m.taps <= 5, `${m.taps} taps`);
  console.log(`# taps with the standard array: ${m.taps + 1} (with the Party tab, plus the name)`);
  const olekCard = await see(page, `party.card.${olek.id}.sub`);
  assert.match(olekCard.label, /Bojovník 1$/, olekCard.label);

  // point buy: all 8, 27 points left; 4d6 ×6 rolled by the core: six scores 3..18
  await tapCarefully(page, "party.add_pc");
  await typeReplacing(page, "edit.name", "Runa");
  await tapCarefully(page, "edit.class.other");
  await typeReplacing(page, "edit.class_text", "Alchymista");
  await tapCarefully(page, "edit.scores.point_buy");
  await waitWidget(page, "edit.points", { where: (w) => w.label === "zbývá 27 z 27 bodů" });
  await tapCarefully(page, "edit.ability.str.plus");
  await waitWidget(page, "edit.points", { where: (w) => w.label === "zbývá 26 z 27 bodů" });
  await shot(page, "classes-cs-06-point-buy");
  await tapCarefully(page, "edit.scores.roll");
  const rolled = await see(page, "edit.rolled");
  const scores = [...rolled.label.matchAll(/(\d+) \(\d\+\d\+\d\+\d\)/g)].map((x) => Number(x[1]));
  assert.equal(scores.length, 6, rolled.label);
  for (const s of scores) assert.ok(s >= 3 && s <= 18, rolled.label);
  await shot(page, "classes-cs-07-rolled");
  await tapCarefully(page, "edit.save");
  c = await untilCampaign(page, (c) => c.creatures.length === 3, "Runa added");
  const runa = c.creatures[2];
  assert.deepEqual(runa.modules.classes, { class: "Alchymista" });
  assert.deepEqual(["str", "dex", "con", "int", "wis", "cha"].map((k) => runa.abilities[k] ?? 10), scores);
  const runaCard = await see(page, `party.card.${runa.id}.sub`);
  assert.match(runaCard.label, /Alchymista 1$/, runaCard.label);
  assert.deepEqual(errors, []);
  await context.close();
});

test("uk: a ranger, the card says Слідопит", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await openTab(page, "party");
  await tapCarefully(page, "party.add_pc");
  await typeReplacing(page, "edit.name", "Оксана");
  await tapCarefully(page, "edit.class.ranger");
  await waitWidget(page, "edit.class_follows", { where: (w) => w.label === "Кубик Здоровʼя к10, рятівні кидки: Сила, Спритність" });
  await typeReplacing(page, "edit.subclass", "Мисливець");
  await shot(page, "classes-uk-01-class");
  await tapCarefully(page, "edit.scores.type");
  await waitWidget(page, "pad.value");
  // 8 15 14 13 12 1…: the last "1" could still grow, so the pad waits for the 0 (10 cannot grow: taken at once)
  for (const d of "815141312") await tapSettled(page, `pad.${d}`);
  await tapSettled(page, "pad.1");
  await waitWidget(page, "pad.value", { where: (w) => w.label.trim() === "8 15 14 13 12 1" });
  await shot(page, "classes-uk-02-pad");
  await tapSettled(page, "pad.0");
  await see(page, "edit.ability.dex.value", { where: (w) => w.label === "15" });
  await shot(page, "classes-uk-03-form");
  await tapCarefully(page, "edit.save");
  const c = await untilCampaign(page, (c) => c.creatures.length === 1, "Оксана added");
  const x = c.creatures[0];
  assert.deepEqual(x.modules.classes, { class: "ranger", subclass: "Мисливець" });
  assert.equal(x.hit_die, 10);
  assert.deepEqual(saves(c, x.id), ["str", "dex"]);
  const card = await see(page, `party.card.${x.id}.sub`);
  assert.match(card.label, /Слідопит 1$/, card.label);
  await shot(page, "classes-uk-04-card");
  assert.deepEqual(errors, []);
  await context.close();
});
