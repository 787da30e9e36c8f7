// The Combat screen at 412×915 with touch: a player's initiative entered on the pad, a creature left out, the
// lair action slot at 20, next/previous turn and rounds, legendary action counters, death saves from the list,
// the attack helper with flanking and advantage (AttackRoll), and the end of the fight (confirmed).
// Screenshots: build/e2e/combat-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapSettled, scrollIntoView, tapCarefully, pad, openTab, campaign, dispatch,
         untilCampaign, screenshotFailures, openApp, widgets } from "./lib.mjs";

// A creature's lingering injuries: the lingering-injuries rule's data (absent = none).
const injuriesOf = (x) => x.modules?.["lingering-injuries"]?.injuries ?? [];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

test("initiative, lair, turns, legendary actions, death saves, attack helper, end", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20, ac: 15, abilities: { dex: 14 } }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Drak", kind: "monster", hp: 100, ac: 17, legendary_actions: 3 }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Kobold", kind: "monster", hp: 5 }), 1);
  await openTab(page, "combat");

  // Mira's player rolled 18; the kobold stays out; the dragon's lair acts at 20
  await tapCarefully(page, "combat.init.c1");
  await pad(page, 18, "pad.ok");
  await waitWidget(page, "combat.init.c1", { where: (w) => w.label === "18" });
  await tapCarefully(page, "combat.pick.c3");
  await tapCarefully(page, "combat.lair");
  await waitWidget(page, "combat.lair.c2");
  await shot(page, "combat-cs-01-setup");
  await tapCarefully(page, "combat.start");
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
  await tapCarefully(page, "combat.legendary.c2.1");
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
  await tapCarefully(page, "combat.c1.ds.success");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.successes === 1, "a success");
  await tapCarefully(page, "combat.c1.ds.failure");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.failures === 1, "a failure");
  await shot(page, "combat-cs-03-death-saves");
  await tapCarefully(page, "combat.c1.ds.stabilize");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.stable, "stable");

  // the attack helper: the dragon attacks Mira from a direct flank with advantage
  await tapCarefully(page, "combat.attack");
  await tapCarefully(page, "attack.attacker");
  await tapCarefully(page, "attack.attacker.c2");
  await tapCarefully(page, "attack.target.c1");
  await tapCarefully(page, "attack.flank.direct");
  await tapCarefully(page, "attack.adv");
  await tapCarefully(page, "attack.roll");
  const result = await scrollIntoView(page, "attack.result");
  assert.match(result.label, /^\S+: \d+ \/ \d+ {2}\+5 {2}\+2 {2}= {2}\d+$/, result.label);
  const verdict = await scrollIntoView(page, "attack.verdict");
  assert.ok(["hit", "miss", "critical"].includes(verdict.label));
  await shot(page, "combat-cs-04-attack");

  // the end of the fight: confirmed, and the question names who of the party is still dying
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Hans", kind: "pc", max_hp: 8 }), 1);
  const hans = (await campaign(page)).creatures.find((x) => x.name === "Hans").id;
  assert.equal(await dispatch(page, { type: "ApplyDamage", target: hans, amount: 8 }), 1);
  await tapCarefully(page, "combat.end");
  const question = await waitWidget(page, "confirm.question");
  assert.match(question.label, /^Stále umírá: (Mira, )?Hans \(0 životů, bez stabilizace\)\.\n\nUkončit boj\?/);
  await shot(page, "combat-cs-05-end-dying");
  await waitWidget(page, "confirm.yes");
  await tapSettled(page, "confirm.yes");
  await untilCampaign(page, (c) => !c.encounter, "the end");
  await scrollIntoView(page, "combat.start");  // under the dying PCs' prompt cards
  assert.deepEqual(errors, []);
  await context.close();
});

test("Ukrainian combat screen with a prompt on top", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
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
  await tapCarefully(page, `prompt.${p.id}.roll`);
  await untilCampaign(page, (c) => c.prompts.every((x) => x.id !== p.id), "the save rolled");
  await waitWidget(page, "notice");
  await shot(page, "combat-uk-02-resolved");

  // the mage drops to 0: the injury d100 entered as 1 leads to the serious-injury d6, entered as 4 (lost ear)
  const hp = (await campaign(page)).creatures[0].hp;  // the shock table may have dropped it to 0 already
  if (hp > 0) await dispatch(page, { type: "ApplyDamage", target: "c1", amount: hp });
  const roll = (await untilCampaign(page, (c) => c.prompts.some((x) => x.kind === "injuries.roll"), "the injury roll"))
    .prompts.find((x) => x.kind === "injuries.roll");
  await tapCarefully(page, `prompt.${roll.id}.enter`);
  await pad(page, 1, "pad.ok");
  await waitWidget(page, "pad.then_auto");
  await shot(page, "combat-uk-03-serious-d6");
  await pad(page, 4, "pad.ok");
  const c2 = await untilCampaign(page, (c) => injuriesOf(c.creatures[0]).length > 0, "the serious injury");
  assert.equal(injuriesOf(c2.creatures[0])[0].effects.injury, "lost_ear");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fireball on a group: three picked, 10 damage, a DEX save DC 15 each for half, one undo step; two knocked prone (cs)", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await dispatch(page, { type: "CreateCampaign", name: "Ohnivá koule" });
  await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 30, abilities: { dex: 14 } });
  await dispatch(page, { type: "AddCreature", name: "Skřet 1", kind: "monster", hp: 12 });
  await dispatch(page, { type: "AddCreature", name: "Skřet 2", kind: "monster", hp: 12 });
  await dispatch(page, { type: "AddCreature", name: "Ork", kind: "monster", hp: 15 });
  await dispatch(page, { type: "StartEncounter", initiative: { c1: 15, c2: 12, c3: 11, c4: 5 } });
  await openTab(page, "combat");
  await tapCarefully(page, "combat.select");
  for (const id of ["c1", "c2", "c3"]) await tapCarefully(page, `combat.row.${id}`);
  await waitWidget(page, "combat.group.count", { where: (w) => w.label.startsWith("Vybráni 3 tvorové") });
  await shot(page, "combat-cs-group-picked");
  await tapCarefully(page, "combat.group.act");
  await waitWidget(page, "pad.value");
  await tapSettled(page, "group.save.dex");
  await waitWidget(page, "group.on_save.half", { where: (w) => w.label.endsWith("[on]") });
  await shot(page, "combat-cs-group-pad");
  const before = (await campaign(page)).last_tx;
  await pad(page, 10, "pad.group.damage");
  await pad(page, 15, "pad.ok");  // the DC, on a second pad
  let c = await untilCampaign(page, (c) => c.prompts.filter((p) => p.kind === "group.save_for_damage").length === 3,
                              "a save card for each of the three");
  assert.equal(c.last_tx, before + 1, "one command");
  const card = c.prompts.find((p) => p.creature === "c1");
  assert.equal(card.data.dc, 15);
  assert.equal(card.data.dice, "1d20+2");
  await shot(page, "combat-cs-group-saves");
  // Mira's player rolled 17 (half: 5), the goblins 3 and 20 (10 and 5); the ork was not picked
  for (const [who, roll] of [["c1", 17], ["c2", 3], ["c3", 20]]) {
    const p = (await campaign(page)).prompts.find((x) => x.creature === who);
    assert.equal(await dispatch(page, { type: "ResolvePrompt", prompt: p.id, roll }), 1);
  }
  c = await campaign(page);
  assert.deepEqual(c.creatures.map((x) => x.hp), [25, 2, 7, 15]);
  // the two goblins knocked prone together (under the massive-damage question of the first one)
  for (const id of ["c2", "c3"]) await tapCarefully(page, `combat.row.${id}`);
  await scrollIntoView(page, "combat.group.count", { minH: 10 });
  await waitWidget(page, "combat.group.count", { where: (w) => w.label.startsWith("Vybráni 2 tvorové") });
  await tapCarefully(page, "combat.group.conditions");
  await tapCarefully(page, "group.cond.prone");
  c = await untilCampaign(page, (c) => c.creatures.filter((x) => x.conditions.some((k) => k.id === "prone")).length === 2,
                          "two goblins prone");
  assert.ok(!c.creatures[0].conditions.some((k) => k.id === "prone"), "Mira stays on her feet");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fight of 40: rows off the screen are not laid out, yet the last one scrolls into view and takes a hit (en)", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env);
  await dispatch(page, { type: "CreateCampaign", name: "Horde" });
  const init = {};
  for (let i = 1; i <= 40; ++i) {
    assert.equal(await dispatch(page, { type: "AddCreature", name: `Goblin ${i}`, kind: "monster", hp: 7 }), 1);
    init[`c${i}`] = 41 - i;  // Goblin 1 first, Goblin 40 last
  }
  await dispatch(page, { type: "StartEncounter", initiative: init });
  await openTab(page, "combat");
  await waitWidget(page, "combat.row.c1");
  // far below: tracked (its place kept) but not visible, nor its "…" button (not laid out)
  const ws = await widgets(page);
  assert.ok(ws.some((w) => w.id === "combat.row.c40" && !w.visible), "the last row has its place");
  assert.ok(!ws.some((w) => w.id === "combat.more.c40"), "the last row is not laid out");
  await tapCarefully(page, "combat.row.c40");
  await pad(page, 3, "pad.damage");
  await untilCampaign(page, (c) => c.creatures.find((x) => x.id === "c40").hp === 4, "Goblin 40 hit for 3");
  await waitWidget(page, "combat.more.c40");
  await shot(page, "combat-en-horde");
  // and back to the top: the first row where it was
  await scrollIntoView(page, "combat.row.c1");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a phone on its side: the cards go on one line, four creatures of the order on screen, Next turn fits (uk)", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(env, {
    device: { locale: "uk-UA", viewport: { width: 915, height: 412 }, screen: { width: 915, height: 412 } } });
  await dispatch(page, { type: "CreateCampaign", name: "Засідка", language: "uk" });
  for (const n of ["Оля", "Тарас", "Ірина", "Богдан"]) await dispatch(page, { type: "AddCreature", name: n, kind: "pc", max_hp: 20 });
  await dispatch(page, { type: "StartEncounter", participants: ["c1", "c2", "c3", "c4"], initiative: { c1: 20, c2: 15, c3: 10, c4: 5 } });
  await openTab(page, "combat");
  await waitWidget(page, "combat.row.c4");
  const rows = (await widgets(page)).filter((w) => /^combat\.row\.c\d$/.test(w.id) && w.visible && w.y + w.h <= 412 - 60);
  assert.equal(rows.length, 4, `rows on screen: ${rows.map((w) => w.id).join(", ")}`);
  for (const w of rows) assert.ok(w.h <= 56, `${w.id} is ${w.h} px tall`);
  const next = await waitWidget(page, "combat.next"), end = await waitWidget(page, "combat.end");
  assert.ok(next.w > 150, `Next turn is ${next.w} px wide: its Ukrainian label needs more than the old 150`);
  assert.ok(next.x + next.w <= end.x, "Next turn and End do not overlap");
  await shot(page, "combat-uk-landscape");
  assert.deepEqual(errors, []);
  await context.close();
});
