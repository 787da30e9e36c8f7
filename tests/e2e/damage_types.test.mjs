// Damage types and concentration at 412×915 with touch: the HP pad's damage type, a fire
// hit on a fire-resistant PC halved (the pad says so before, the notice after), the override in full, the type
// kept for the next hit; concentration started on the sheet, the CON save asked after damage (entered: a failure
// ends it); the sheet's resistance / vulnerability / condition-immunity editor; Czech and Ukrainian.
// Screenshots: build/e2e/damage-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapSettled, tapCarefully, typeReplacing, scrollIntoView, pad, openTab, openSheet, see, campaign,
         dispatch, untilCampaign, screenshotFailures, openApp } from "./lib.mjs";

const spellOf = (x) => x.modules?.concentration?.spell;

// Taps a card's HP opener and waits for the pad; on a loaded machine the tap is lost now and then: tap again.
async function openPad(page, id) {
  for (let attempt = 0; ; attempt++) {
    await tapCarefully(page, id);
    try {
      return await waitWidget(page, "pad.value", { timeout: 8000 });
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
}

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

test("cs: a resisted fire hit, the override, a concentration save that fails", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 40, ac: 14,
                                      abilities: { con: 12 }, resistances: ["fire"] }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Ohnivý elementál", kind: "monster", hp: 102, ac: 13 }), 1);
  assert.equal(await dispatch(page, { type: "StartEncounter", initiative: { c1: 15, c2: 12 } }), 1);
  await openTab(page, "combat");

  // the pad: damage type fire → "resistant: half" shown before the hit
  await openPad(page, "combat.row.c1");
  await tapSettled(page, "pad.type");
  await tapSettled(page, "pad.type.fire");
  await waitWidget(page, "pad.type", { where: (w) => w.label === "oheň" });
  const adjust = await waitWidget(page, "pad.adjust");
  assert.equal(adjust.label, "resisted");
  await waitWidget(page, "pad.full");
  await shot(page, "damage-cs-01-pad-resisted");
  await pad(page, 9, "pad.damage");
  let c = await untilCampaign(page, (c) => c.creatures[0].hp === 36, "9 fire halved to 4");
  const notice = await waitWidget(page, "notice");
  assert.match(notice.label, /utrží 4 zranění \(oheň; odolnost: z 9 polovina\)/, notice.label);
  await shot(page, "damage-cs-02-resisted-notice");

  // the same type again (kept), this time in full with the override
  await openPad(page, "combat.row.c1");
  await waitWidget(page, "pad.type", { where: (w) => w.label === "oheň" });
  await tapSettled(page, "pad.full");
  await pad(page, 9, "pad.damage");
  c = await untilCampaign(page, (c) => c.creatures[0].hp === 27, "9 fire in full");
  await waitWidget(page, "notice", { where: (w) => /odolnost nepočítána: celých 9/.test(w.label) });

  // concentration on the sheet: Mira concentrates on Požehnání
  await openSheet(page, "c1", "Mira");
  await typeReplacing(page, "sheet.conc.spell", "Požehnání");
  await tapCarefully(page, "sheet.conc.start");
  c = await untilCampaign(page, (c) => spellOf(c.creatures[0]) === "Požehnání", "concentrating");
  await waitWidget(page, "sheet.conc", { where: (w) => w.label === "Požehnání" });
  await shot(page, "damage-cs-03-sheet-concentration");

  // 6 fire (3 taken) → the CON save DC 10; entered 4 at the table: a failure ends it
  await openTab(page, "combat");
  await openPad(page, "combat.row.c1");
  await pad(page, 6, "pad.damage");
  c = await untilCampaign(page, (c) => c.creatures[0].hp === 24 && c.prompts.some((p) => p.kind === "concentration.save"),
                          "the concentration save");
  const save = c.prompts.find((p) => p.kind === "concentration.save");
  assert.equal(save.creature, "c1");
  assert.equal(save.data.dc, 10);
  assert.equal(save.data.damage, 3);
  const card = await waitWidget(page, `prompt.${save.id}`);
  assert.match(card.label, /Mira/);
  await shot(page, "damage-cs-04-concentration-prompt");
  await tapCarefully(page, `prompt.${save.id}.enter`);
  await pad(page, 4, "pad.ok");
  c = await untilCampaign(page, (c) => !spellOf(c.creatures[0]), "concentration ended");
  assert.ok(!c.prompts.some((p) => p.id === save.id));
  await waitWidget(page, "notice", { where: (w) => /soustředění na Požehnání se přerušilo/.test(w.label) });
  await shot(page, "damage-cs-05-concentration-lost");
  assert.deepEqual(errors, []);
  await context.close();
});

test("uk: the sheet's resistances editor, a hit on the Party tab, a save that holds", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Маг", kind: "pc", max_hp: 30, abilities: { con: 14 } }), 1);
  assert.equal(await dispatch(page, { type: "StartConcentration", target: "c1", spell: "Благословення" }), 1);

  // the DM marks fire resistance, cold vulnerability and immunity to charm on the sheet
  await openSheet(page, "c1", "Маг");
  await tapCarefully(page, "sheet.def.edit");
  await tapCarefully(page, "sheet.def.fire.res");
  await untilCampaign(page, (c) => (c.creatures[0].resistances || []).includes("fire"), "fire resistance");
  await tapCarefully(page, "sheet.def.cold.vul");
  await untilCampaign(page, (c) => (c.creatures[0].vulnerabilities || []).includes("cold"), "cold vulnerability");
  await tapCarefully(page, "sheet.def.fire.imm");
  let c = await untilCampaign(page, (c) => (c.creatures[0].immunities || []).includes("fire"), "fire immunity");
  assert.deepEqual(c.creatures[0].resistances ?? [], [], "a type sits in one list only");
  await tapCarefully(page, "sheet.def.fire.res");
  await untilCampaign(page, (c) => (c.creatures[0].resistances || []).includes("fire") && !(c.creatures[0].immunities || []).length,
                      "back to resistance");
  await tapCarefully(page, "sheet.def.cond.charmed");
  c = await untilCampaign(page, (c) => (c.creatures[0].condition_immunities || []).includes("charmed"), "immune to charm");
  await see(page, "sheet.def.cond.charmed");
  await shot(page, "damage-uk-01-sheet-editor");
  await tapCarefully(page, "sheet.def.done");
  await scrollIntoView(page, "sheet.def.summary", { minH: 1 });
  await waitWidget(page, "sheet.def.summary", { where: (w) => /вогонь/.test(w.label) && /холод/.test(w.label) });

  // a charm is refused with the reason, unless added anyway
  assert.equal(await dispatch(page, { type: "SetCondition", target: "c1", condition: "charmed" }), 0);

  // the Party tab: the card shows the concentration; a cold hit on the pad is doubled
  await tapCarefully(page, "sheet.back");
  await openPad(page, "party.hp.c1");
  await tapSettled(page, "pad.type");
  await tapSettled(page, "pad.type.cold");
  await waitWidget(page, "pad.adjust", { where: (w) => w.label === "vulnerable" });
  await shot(page, "damage-uk-02-pad-vulnerable");
  await pad(page, 4, "pad.damage");
  c = await untilCampaign(page, (c) => c.creatures[0].hp === 22 && c.prompts.some((p) => p.kind === "concentration.save"),
                          "8 cold and the save");
  const save = c.prompts.find((p) => p.kind === "concentration.save");
  assert.equal(save.data.dc, 10);
  assert.equal(save.data.dice, "1d20+2");
  await waitWidget(page, `prompt.${save.id}`);
  await waitWidget(page, "notice", { where: (w) => /вразливість: з 4 подвійно/.test(w.label) });
  await shot(page, "damage-uk-03-party-prompt");
  await tapCarefully(page, `prompt.${save.id}.enter`);
  await pad(page, 15, "pad.ok");
  c = await untilCampaign(page, (c) => !c.prompts.some((p) => p.id === save.id), "the save answered");
  assert.equal(spellOf(c.creatures[0]), "Благословення", "a success keeps it");
  await shot(page, "damage-uk-04-save-held");
  assert.deepEqual(errors, []);
  await context.close();
});
