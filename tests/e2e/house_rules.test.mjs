// House-rule flows at 412×915 with touch (and 915×412 landscape): the resurrection ritual on a dead character's
// sheet (a longer casting, two helpers, the DC with its terms, an entered d20 → raised), and the price list on the
// Rules screen (Czech search, the house-rule price of basic poison, a DM's campaign price that survives a reload,
// read-only in player mode). Screenshots: build/e2e/house-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapSettled, tapCarefully, pad, openTab, campaign, untilCampaign,
         screenshotFailures, scrollIntoView, freshFrames, accepted, openApp, waitForApp, typeInto, gone } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const creatureOf = (c, id) => c.creatures.find((x) => x.id === id);

// A dead character, a cleric (WIS 16: +3), a bard and a fighter; one earlier failed 1-action attempt on Mira.
async function deadParty(page) {
  await accepted(page, { type: "CreateCampaign", name: "Test" });
  await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 });
  await accepted(page, { type: "AddCreature", name: "Tor", kind: "pc", max_hp: 18, abilities: { wis: 16 } });
  await accepted(page, { type: "AddCreature", name: "Ana", kind: "pc", max_hp: 14 });
  await accepted(page, { type: "AddCreature", name: "Bo", kind: "pc", max_hp: 22 });
  const ids = Object.fromEntries((await campaign(page)).creatures.map((c) => [c.name, c.id]));
  await accepted(page, { type: "ApplyDamage", target: ids.Mira, amount: 40 });  // 20 past 0 with 20 max: dead at once
  const c = await campaign(page);
  assert.ok(creatureOf(c, ids.Mira).death_saves.dead, "Mira is dead");
  await accepted(page, { type: "StartResurrection", target: ids.Mira, caster: ids.Tor, casting: "action" });
  const r = Object.keys(c.modules?.["resurrection-ritual"]?.rituals || {}).length;
  const ritual = Object.values((await campaign(page)).modules["resurrection-ritual"].rituals)[r].id;
  await accepted(page, { type: "ResurrectionCast", ritual, roll: 1, ability_mod: 0 });
  assert.equal(creatureOf(await campaign(page), ids.Mira).modules["resurrection-ritual"].attempts, 1);
  return ids;
}

test("resurrection ritual: longer casting, two helpers, the DC spelled out, an entered d20 raises Mira", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env);
  const ids = await deadParty(page);
  await openTab(page, "party");
  await tapCarefully(page, `party.card.${ids.Mira}`);
  await waitWidget(page, "sheet.name", { where: (w) => w.label === "Mira" });
  await tapCarefully(page, "sheet.resurrect");
  await waitWidget(page, "res.title");
  // the failed 1-action attempt leaves only longer spells
  await tapCarefully(page, `res.caster.${ids.Tor}`);
  await tapCarefully(page, "res.casting.longer");
  await waitWidget(page, "res.casting.longer");
  await tapCarefully(page, "res.soul.accepts");
  await shot(page, "house-ritual-01-setup");
  const setup = (await widgets(page)).find((w) => w.id === "res.casting.action");
  assert.ok(setup, "the 1-action card is there");
  await tapCarefully(page, "res.start");
  let c = await untilCampaign(page, (c) => Object.values(c.modules["resurrection-ritual"].rituals).some((r) => r.status === "open"),
                              "the ritual started");
  const ritual = Object.values(c.modules["resurrection-ritual"].rituals).find((r) => r.status === "open");
  assert.equal(ritual.casting, "longer");
  assert.equal(ritual.caster, ids.Tor);
  assert.equal(ritual.soul_refuses, false);

  // before any helper: DC 10 + 1 earlier attempt
  assert.equal((await waitWidget(page, "res.dc")).label, "11");

  // helper 1: Ana, DC 12 set by the DM, rolled 15 at the table → success
  await tapCarefully(page, `res.helper.pick.${ids.Ana}`);
  await tapCarefully(page, "res.helper.dc.value");
  await pad(page, 12, "pad.ok");
  await waitWidget(page, "res.helper.dc.value", { where: (w) => w.label === "12" });
  await tapCarefully(page, "res.helper.enter");
  await pad(page, 15, "pad.ok");
  await untilCampaign(page, (c) => c.modules["resurrection-ritual"].rituals[ritual.id].helpers.length === 1, "helper 1");
  // helper 2: Bo, DC 12, rolled 3 → failure
  await tapCarefully(page, `res.helper.pick.${ids.Bo}`);
  await tapCarefully(page, "res.helper.enter");
  await pad(page, 3, "pad.ok");
  c = await untilCampaign(page, (c) => c.modules["resurrection-ritual"].rituals[ritual.id].helpers.length === 2, "helper 2");
  const helpers = c.modules["resurrection-ritual"].rituals[ritual.id].helpers;
  assert.deepEqual(helpers.map((h) => [h.helper, h.dc, h.roll, h.success]), [[ids.Ana, 12, 15, true], [ids.Bo, 12, 3, false]]);

  // the DC: 10 + 1 − 3 + 1 = 9, every term on screen
  const expected = 10 + 1 - 3 + 1;
  await waitWidget(page, "res.dc", { where: (w) => w.label === String(expected) });
  await scrollIntoView(page, "res.dc.formula");
  assert.equal((await waitWidget(page, "res.dc.formula")).label, `10 + 1 \u2212 3 + 1 = ${expected}`);
  assert.match((await waitWidget(page, "res.dc.term.previous")).label, /^\+1 /);
  assert.match((await waitWidget(page, "res.dc.term.successes")).label, /^\u22123 /);
  assert.match((await waitWidget(page, "res.dc.term.failures")).label, /^\+1 /);
  assert.match((await widgets(page)).find((w) => w.id === "res.helper.0").label, /^Ana: d20 15 \+0 = 15 against DC 12, success/);
  assert.match((await widgets(page)).find((w) => w.id === "res.helper.1").label, /^Bo: d20 3 \+0 = 3 against DC 12, failure/);
  await scrollIntoView(page, "res.dc.formula");
  await shot(page, "house-ritual-02-dc");
  // the cleric's WIS +3 is offered as the spellcasting modifier
  assert.equal((await scrollIntoView(page, "res.cast.mod.value")).label, "3");

  // cast: 6 at the table + 3 = 9 against DC 9 → success; the soul was set to accept → raised with 1 HP
  await tapCarefully(page, "res.cast.enter");
  await pad(page, 6, "pad.ok");
  c = await untilCampaign(page, (c) => !creatureOf(c, ids.Mira).death_saves.dead, "Mira raised");
  const mira = creatureOf(c, ids.Mira);
  assert.equal(mira.hp, 1);
  assert.equal(mira.modules["resurrection-ritual"].attempts, 2);
  await waitWidget(page, "res.outcome", { where: (w) => w.label === "raised" });
  assert.match((await waitWidget(page, "res.attempt")).label, /6 \+3 = 9 .*9/);
  await freshFrames(page);
  await shot(page, "house-ritual-03-raised");
  await tapCarefully(page, "res.done");
  await waitWidget(page, "sheet.hpbar", { where: (w) => w.label.startsWith("1/20") });
  assert.ok(!(await widgets(page)).some((w) => w.id === "sheet.resurrect" && w.visible), "no ritual button on a living sheet");
  assert.deepEqual(errors, []);
  await context.close();
});

test("resurrection ritual: the soul's question for the DM, answered on the ritual screen; tablet landscape", { timeout: 600000 }, async () => {
  // 1024×768: the shared number pad does not fit a phone's landscape height (412 px) — see the report
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ", viewport: { width: 1024, height: 768 } } });
  const ids = await deadParty(page);
  await openTab(page, "party");
  await tapCarefully(page, `party.card.${ids.Mira}`);
  await tapCarefully(page, "sheet.resurrect");
  await tapCarefully(page, `res.caster.${ids.Tor}`);
  await tapCarefully(page, "res.casting.longer");
  await tapCarefully(page, "res.soul.ask");
  await shot(page, "house-ritual-cs-landscape-01-setup");
  await tapCarefully(page, "res.start");
  await waitWidget(page, "res.dc", { where: (w) => w.label === "11" });
  await shot(page, "house-ritual-cs-landscape-02-open");
  await tapCarefully(page, "res.cast.enter");
  await pad(page, 20, "pad.ok");
  await waitWidget(page, "res.outcome", { where: (w) => w.label === "awaiting_soul" });
  const c = await campaign(page);
  const prompt = c.prompts.find((p) => p.kind === "resurrection.soul");
  assert.ok(prompt, "the soul's question");
  await scrollIntoView(page, `prompt.${prompt.id}.choice.accepts`);
  await shot(page, "house-ritual-cs-landscape-03-soul");
  await tapCarefully(page, `prompt.${prompt.id}.choice.accepts`);
  await untilCampaign(page, (c) => !creatureOf(c, ids.Mira).death_saves.dead, "raised after the soul accepts");
  await waitWidget(page, "res.outcome", { where: (w) => w.label === "raised" });
  await shot(page, "house-ritual-cs-landscape-04-raised");
  assert.deepEqual(errors, []);
  await context.close();
});

test("resurrection ritual in player mode: no soul choice; starting it is undone with the top bar's undo", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env);
  const ids = await deadParty(page);
  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.player");
  await openTab(page, "party");
  await tapCarefully(page, `party.card.${ids.Mira}`);
  await tapCarefully(page, "sheet.resurrect");
  await tapCarefully(page, "res.casting.longer");
  await waitWidget(page, "res.start");
  assert.ok(!(await widgets(page)).some((w) => w.id.startsWith("res.soul.")), "the soul's choice is the DM's");
  await tapCarefully(page, "res.start");
  let c = await untilCampaign(page, (c) => Object.values(c.modules["resurrection-ritual"].rituals).some((r) => r.status === "open"),
                              "the ritual started");
  assert.equal(Object.values(c.modules["resurrection-ritual"].rituals).find((r) => r.status === "open").soul_refuses, null,
               "players leave the soul to the DM's question");
  await waitWidget(page, "res.dc");
  await tapSettled(page, "top.undo");  // in the top bar, above the scrolling area
  await untilCampaign(page, (c) => !Object.values(c.modules["resurrection-ritual"]?.rituals || {}).some((r) => r.status === "open"),
                      "the start undone");
  await waitWidget(page, "res.start");
  assert.deepEqual(errors, []);
  await context.close();
});

async function openPrices(page) {
  await openTab(page, "rules");
  await tapSettled(page, "rules.section.prices");
  await waitWidget(page, "rules.section.prices", { where: (w) => w.label.endsWith("[on]") });
  await waitWidget(page, "prices.search");
}

test("price list: Czech search for jed, the house-rule poison price, a DM price that survives a reload, players only read", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await accepted(page, { type: "CreateCampaign", name: "Test" });
  await openPrices(page);
  await shot(page, "house-prices-cs-01-list");
  await typeInto(page, "prices.search", "jed");
  const basic = await waitWidget(page, "prices.row.basic-poison");
  assert.match(basic.label, /^Jed, základní \(lahvička\) = 20 zl \[100 zl\]$/);
  const count = Number((await waitWidget(page, "prices.count")).label);
  assert.ok(count >= 10, `poisons found: ${count}`);
  await shot(page, "house-prices-cs-02-jed");

  // the DM sets 150 gp on drow poison (rulebook 200 gp)
  await tapCarefully(page, "prices.row.drow-poison");
  await waitWidget(page, "prices.item.name", { where: (w) => w.label === "Drowí jed" });
  assert.equal((await waitWidget(page, "prices.item.price")).label, "200 zl");
  await tapCarefully(page, "prices.override.gp.value");
  for (let i = 0; i < 3; i++) await tapSettled(page, "pad.back");
  for (const d of "150") await tapSettled(page, `pad.${d}`);
  await waitWidget(page, "pad.value", { where: (w) => w.label === "150" });
  await tapSettled(page, "pad.ok");
  await gone(page, "pad.ok");
  assert.match((await waitWidget(page, "prices.override.preview")).label, /150 zl/);
  await tapCarefully(page, "prices.override.set");
  await untilCampaign(page, (c) => c.modules?.["price-list"]?.overrides?.["drow-poison"] === 150, "the campaign price");
  await waitWidget(page, "prices.item.price", { where: (w) => w.label === "150 zl" });
  await waitWidget(page, "prices.item.campaign");
  await freshFrames(page);
  await shot(page, "house-prices-cs-03-item-dm");
  await tapCarefully(page, "prices.back");
  await waitWidget(page, "prices.row.drow-poison", { where: (w) => /= 150 zl \[200 zl\]$/.test(w.label) });

  // after a reload
  await page.reload();
  await waitForApp(page);
  await openPrices(page);
  await typeInto(page, "prices.search", "drow");
  await waitWidget(page, "prices.row.drow-poison", { where: (w) => /= 150 zl \[200 zl\]$/.test(w.label) });

  // player mode: read only
  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.player");
  await openPrices(page);
  await tapCarefully(page, "prices.row.drow-poison");
  await waitWidget(page, "prices.readonly");
  const ws = await widgets(page);
  assert.ok(!ws.some((w) => w.id.startsWith("prices.override.")), "no price editor for players");
  await freshFrames(page);
  await shot(page, "house-prices-cs-04-player");
  assert.deepEqual(errors, []);
  await context.close();
});

test("rules screen in landscape: the list on the left, the open price item on the right", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "en-US", viewport: { width: 915, height: 412 } } });
  await accepted(page, { type: "CreateCampaign", name: "Test" });
  await openPrices(page);
  await waitWidget(page, "rules.pick_one");
  await typeInto(page, "prices.search", "poison");
  await tapCarefully(page, "prices.row.basic-poison");
  const name = await waitWidget(page, "prices.item.name");
  const row = await waitWidget(page, "prices.row.basic-poison");
  assert.ok(name.x > row.x + row.w, `the item is right of the list: ${JSON.stringify({ name, row })}`);
  assert.equal((await waitWidget(page, "prices.item.price")).label, "20 gp");
  assert.ok(!(await widgets(page)).some((w) => w.id === "prices.back" && w.visible), "no back button in two columns");
  await freshFrames(page);
  await shot(page, "house-prices-en-landscape");
  // the reference in two columns too
  await tapSettled(page, "rules.section.reference");
  await typeInto(page, "rules.search", "exhaustion");
  const hit = (await widgets(page)).find((w) => w.id.startsWith("rules.ref.") && w.visible);
  await tapCarefully(page, hit.id);
  const title = await waitWidget(page, "rules.entry.title");
  assert.ok(title.x > hit.x + hit.w, "the entry is right of the results");
  await freshFrames(page);
  await shot(page, "house-rules-reference-en-landscape");
  assert.deepEqual(errors, []);
  await context.close();
});
