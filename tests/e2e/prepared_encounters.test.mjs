// Prepared encounters and the DM's own monsters: the DM saves the picked monsters
// as an encounter, starts the next fight with it in one tap (one undo step), lets it join a running fight; saves an
// NPC's stat block from its sheet and adds a copy from Combat. Screenshots: build/e2e/prep-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, shot, waitWidget, tapCarefully, typeReplacing, openTab, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, openSheet, idOf, see } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const prep = (c) => c.modules?.["prepared-encounters"] ?? {};

test("the picked monsters saved as an encounter, the next fight started with it in one tap, then joining (cs)", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await accepted(page, { type: "CreateCampaign", name: "Hvozd" });
  await accepted(page, { type: "AddCreature", name: "Ana", kind: "pc", max_hp: 20 });
  await accepted(page, { type: "AddMonsters", monster: "goblin", count: 2 });
  await accepted(page, { type: "AddCreature", name: "Náčelník Grak", kind: "npc", hp: 30, ac: 16 });
  await openTab(page, "combat");
  // everyone is picked: the save takes the goblins and the chief, not Ana
  await tapCarefully(page, "combat.prep.save");
  await typeReplacing(page, "combat.prep.name", "Přepadení");
  await tapCarefully(page, "combat.prep.save_ok");
  let c = await untilCampaign(page, (c) => prep(c).encounters?.length === 1, "the encounter saved");
  const enc = prep(c).encounters[0];
  assert.equal(enc.name, "Přepadení");
  assert.deepEqual(enc.members.map((m) => m.count), [2, 1]);
  assert.equal(enc.members[0].srd, "goblin");
  assert.equal(prep(c).monsters.length, 1, "the chief saved with it");
  const summary = await see(page, `combat.prep.run.${enc.id}`);
  assert.equal(summary.label, "⚔ Přepadení");
  await shot(page, "prep-cs-01-saved");

  // Next fight: only Ana of those standing here; the encounter brings its own monsters (SRD names in the
  // campaign's language: English, as CreateCampaign set none).
  for (const x of c.creatures.filter((x) => x.kind !== "pc")) await tapCarefully(page, `combat.pick.${x.id}`);
  const before = c.last_tx;
  await tapCarefully(page, `combat.prep.run.${enc.id}`);
  c = await untilCampaign(page, (c) => c.encounter?.order.length === 4, "Ana and the three new ones");
  assert.equal(c.last_tx, before + 1, "one undo step");
  const fighters = c.encounter.order.map((e) => c.creatures.find((x) => x.id === e.creature).name).sort();
  assert.deepEqual(fighters, ["Ana", "Goblin 3", "Goblin 4", "Náčelník Grak 2"]);
  await waitWidget(page, `combat.row.${idOf(c, "Goblin 4")}`);
  await shot(page, "prep-cs-02-started");

  // Reinforcements: the same encounter joins the running fight.
  await tapCarefully(page, "combat.join");
  await tapCarefully(page, `combat.join.prep.${enc.id}`);
  c = await untilCampaign(page, (c) => c.encounter?.order.length === 7, "three more join");
  assert.equal(c.last_tx, before + 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an NPC's stat block saved from its sheet, a copy added from Combat and joining the fight (uk)", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await accepted(page, { type: "CreateCampaign", name: "Ліс" });
  await accepted(page, { type: "AddCreature", name: "Оля", kind: "pc", max_hp: 20 });
  await accepted(page, { type: "AddCreature", name: "Вовкулака", kind: "npc", hp: 22, ac: 13 });
  let c = await untilCampaign(page, (c) => c.creatures.length === 2, "two creatures");
  const wolf = idOf(c, "Вовкулака");
  await accepted(page, { type: "ApplyDamage", target: wolf, amount: 9 });
  await openSheet(page, wolf, "Вовкулака");
  await scrollIntoView(page, "sheet.prep.save");
  await tapCarefully(page, "sheet.prep.save");
  c = await untilCampaign(page, (c) => prep(c).monsters?.length === 1, "saved");
  const saved = prep(c).monsters[0];
  assert.equal(saved.creature.max_hp, 22);
  assert.equal(saved.creature.hp, 22, "full HP, not the 13 it has now");
  assert.equal((await see(page, "sheet.prep.saved", { minH: 8 })).label, "Збережено до чудовиськ Майстра як «Вовкулака».");
  await shot(page, "prep-uk-01-sheet");

  await openTab(page, "combat");
  await tapCarefully(page, `combat.prep.own.${saved.id}`);
  c = await untilCampaign(page, (c) => c.creatures.length === 3, "a fresh copy");
  assert.equal(c.creatures[2].hp, 22);
  await scrollIntoView(page, "combat.prep.own." + saved.id);
  await shot(page, "prep-uk-02-own");
  await scrollIntoView(page, "combat.start");
  await tapCarefully(page, "combat.start");
  c = await untilCampaign(page, (c) => c.encounter?.order.length === 3, "the fight");
  await tapCarefully(page, "combat.join");
  await tapCarefully(page, `combat.join.own.${saved.id}`);
  c = await untilCampaign(page, (c) => c.encounter?.order.length === 4, "one more joins");
  assert.deepEqual(errors, []);
  await context.close();
});
