// The DM's loyalty panel on an NPC's and a sidekick's sheet at 412×915 with touch (Czech and Ukrainian): Track
// loyalty starts at half the party's best Charisma, Help rolls +1d4, Betrayal with the dice entered on the number
// pad (−8), the − / + stepper; and in player mode no trace of it on the sidekick's sheet (a party member the
// players see in full) nor on the NPC's. Screenshots: <shots>/loyalty-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, openTab, campaign, untilCampaign, pad,
         screenshotFailures, scrollIntoView, accepted, idOf, see, openSheet, openApp } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const score = (c, id) => c.creatures.find((x) => x.id === id).modules?.["npc-loyalty"]?.score;
// The score line (a line of text, lower than scrollIntoView's 20 px): scrolled to the Help button below it.
// The score's line (a text line: lower than a finger) and the buttons under it, both in view.
const seeScore = async (page, label) => { await scrollIntoView(page, "sheet.loyalty.help");
                                          await scrollIntoView(page, "sheet.loyalty", { minH: 8 });
                                          return waitWidget(page, "sheet.loyalty", { where: (w) => w.label === label }); };

async function table(page) {
  await accepted(page, { type: "CreateCampaign", name: "Test" });
  await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 14, abilities: { cha: 16 } });
  await accepted(page, { type: "AddCreature", name: "Bran", kind: "pc", max_hp: 20, abilities: { cha: 9 } });
  await accepted(page, { type: "AddCreature", name: "Hans", kind: "npc", max_hp: 12 });
  await accepted(page, { type: "AddCreature", name: "Pip", kind: "sidekick", max_hp: 9 });
  const c = await campaign(page);
  return { hans: idOf(c, "Hans"), pip: idOf(c, "Pip") };
}

test("loyalty (Czech): track, help rolled, betrayal entered, the stepper", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  const { hans } = await table(page);
  await openSheet(page, hans, "Hans");
  await see(page, "sheet.loyalty.start");
  await seeScore(page, "untracked");
  await shot(page, "loyalty-cs-01-untracked");
  await tapCarefully(page, "sheet.loyalty.start");
  let c = await untilCampaign(page, (c) => score(c, hans) === 8, "tracked from 8 (CHA 16 / 2)");
  await seeScore(page, "8/16");

  await tapCarefully(page, "sheet.loyalty.help");
  c = await untilCampaign(page, (c) => score(c, hans) > 8, "help +1d4");
  const helped = score(c, hans);
  assert.ok(helped >= 9 && helped <= 12, `8 + 1d4: ${helped}`);
  await seeScore(page, `${helped}/16`);
  await shot(page, "loyalty-cs-02-helped");

  await tapCarefully(page, "sheet.loyalty.entered");
  await tapCarefully(page, "sheet.loyalty.betrayal");
  await pad(page, 8, "pad.ok");
  c = await untilCampaign(page, (c) => score(c, hans) === helped - 8, "betrayal −8 entered");
  await seeScore(page, `${helped - 8}/16`);

  await tapCarefully(page, "sheet.loyalty.value.plus");
  c = await untilCampaign(page, (c) => score(c, hans) === helped - 7, "the stepper's +1");
  await scrollIntoView(page, "sheet.loyalty.entered");
  await shot(page, "loyalty-cs-03-after");
  assert.deepEqual(errors, []);
  await context.close();
});

test("loyalty (Ukrainian) on a sidekick, and nothing of it in player mode", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  const { hans, pip } = await table(page);
  await accepted(page, { type: "SetLoyalty", target: pip, value: 13 });
  await accepted(page, { type: "SetLoyalty", target: hans, value: 3 });
  await openSheet(page, pip, "Pip");
  await seeScore(page, "13/16");
  await see(page, "sheet.loyalty.betrayal");
  await shot(page, "loyalty-uk-01-sidekick");

  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.player");
  for (const [id, name] of [[pip, "Pip"], [hans, "Hans"]]) {
    await openSheet(page, id, name);
    await page.waitForTimeout(500);
    // the whole sheet, scrolled to its end: no loyalty control, no label with the score
    for (let i = 0; i < 12; i++) { await page.mouse.move(206, 450); await page.mouse.wheel(0, 400); await page.waitForTimeout(120); }
    const ws = await widgets(page);
    assert.ok(!ws.some((w) => w.id.startsWith("sheet.loyalty")), `${name}: no loyalty widget: ${ws.map((w) => w.id).join(", ")}`);
    assert.ok(!ws.some((w) => /\b13\/16\b|\b3\/16\b|ідданість/.test(w.label || "")), `${name}: no loyalty text`);
    await shot(page, `loyalty-uk-0${name === "Pip" ? 2 : 3}-player-${name.toLowerCase()}`);
  }
  const c = await campaign(page);
  assert.equal(score(c, pip), 13, "still stored for the DM");
  assert.deepEqual(errors, []);
  await context.close();
});
