// The Party screen at 412×915 with touch: a character added with ability scores by steppers, its sheet
// (conditions with durations, exhaustion, inspiration, inventory → encumbrance, edit through the number pad),
// removal confirmed and undone; monsters in one go with average HP, numbered after the existing ones; the
// Ukrainian plurals on the cards; two columns in landscape. Screenshots: build/e2e/party-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, shot, widgets, waitWidget, tapSettled, scrollIntoView, tapCarefully, typeReplacing,
         pad, openTab, tapTimes, campaign, dispatch, untilCampaign, screenshotFailures, openApp, see } from "./lib.mjs";

// A creature's lingering injuries and scars: the lingering-injuries rule's data (absent = none).
const injuriesOf = (x) => x.modules?.["lingering-injuries"]?.injuries ?? [];
const scarsOf = (x) => x.modules?.["lingering-injuries"]?.scars ?? [];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

test("a character: steppers, sheet, conditions, exhaustion, load, edit, remove and undo", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await openTab(page, "party");
  await tapCarefully(page, "party.add_pc");
  await typeReplacing(page, "edit.name", "Mira");
  await tapTimes(page, "edit.ability.str.plus", 6);
  await tapTimes(page, "edit.ability.con.plus", 4);
  await waitWidget(page, "edit.ability.str.value", { where: (w) => w.label === "16" });
  await tapCarefully(page, "edit.hit_die.10");
  await shot(page, "party-cs-01-form");
  await tapCarefully(page, "edit.save");
  let c = await untilCampaign(page, (c) => c.creatures.length === 1, "Mira added");
  const mira = c.creatures[0];
  assert.equal(mira.abilities.str, 16);
  assert.equal(mira.abilities.con, 14);
  assert.equal(mira.hit_die, 10);

  // the sheet
  await tapCarefully(page, `party.card.${mira.id}`);
  await waitWidget(page, "sheet.name", { where: (w) => w.label === "Mira" });
  await shot(page, "party-cs-02-sheet");

  // prone for an hour
  await tapCarefully(page, "sheet.cond.add");
  await tapCarefully(page, "sheet.cond.pick.prone");
  await tapCarefully(page, "sheet.cond.dur.4");
  await shot(page, "party-cs-03-condition");
  await tapCarefully(page, "sheet.cond.ok");
  c = await untilCampaign(page, (c) => c.creatures[0].conditions.length === 1, "prone");
  assert.equal(c.creatures[0].conditions[0].id, "prone");
  assert.equal(c.creatures[0].conditions[0].until.kind, "minutes");
  assert.equal(c.creatures[0].conditions[0].until.minutes, 60);
  // a condition of the table's own, typed in: cursed until the next long rest
  await tapCarefully(page, "sheet.cond.add");
  await tapCarefully(page, "sheet.cond.pick.custom");
  await typeReplacing(page, "sheet.cond.custom", "Prokletá");
  await tapCarefully(page, "sheet.cond.dur.6");
  await tapCarefully(page, "sheet.cond.ok");
  c = await untilCampaign(page, (c) => c.creatures[0].conditions.length === 2, "cursed");
  assert.equal(c.creatures[0].conditions[1].id, "Prokletá");
  assert.equal(c.creatures[0].conditions[1].until.kind, "long_rest");
  await scrollIntoView(page, "sheet.cond.remove.Prokletá");
  await shot(page, "party-cs-03b-custom-condition");

  // exhaustion and inspiration
  await tapCarefully(page, "sheet.exh.plus");
  await tapCarefully(page, "sheet.inspiration");
  c = await untilCampaign(page, (c) => c.creatures[0].exhaustion === 1 && c.creatures[0].inspiration, "exhaustion 1, inspiration");

  // inventory → variant encumbrance (STR 16: encumbered over 80 lb, heavily over 160 lb)
  for (const [name, weight] of [["Plate", 65], ["Anvil", 100]]) {
    await tapCarefully(page, "sheet.item.add");
    await typeReplacing(page, "sheet.item.name", name);
    await tapCarefully(page, "sheet.item.weight.value");
    await pad(page, weight, "pad.ok");
    await waitWidget(page, "sheet.item.weight.value", { where: (w) => w.label === String(weight) });
    await tapCarefully(page, "sheet.item.ok");
  }
  c = await untilCampaign(page, (c) => c.creatures[0].inventory.length === 2, "two items");
  await see(page, "sheet.load", { where: (w) => w.label === "heavily" });
  await shot(page, "party-cs-04-load");

  // edit: AC 18 through the pad
  await tapCarefully(page, "sheet.edit");
  await waitWidget(page, "screen.edit");
  await tapCarefully(page, "edit.ac.value");
  await pad(page, 18, "pad.ok");
  await tapCarefully(page, "edit.save");
  c = await untilCampaign(page, (c) => c.creatures[0].ac === 18, "AC 18");

  // the card shows it all
  await tapCarefully(page, "sheet.back");
  await waitWidget(page, `party.card.${mira.id}`);
  await shot(page, "party-cs-05-card");

  // remove: confirmed, then one tap of undo brings her back
  await tapCarefully(page, `party.card.${mira.id}`);
  await tapCarefully(page, "sheet.remove");
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
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, count: 2 }), 1);
  await openTab(page, "party");
  await tapCarefully(page, "party.add_monster");
  await typeReplacing(page, "edit.name", "Goblin");
  await tapCarefully(page, "edit.count.plus");
  await typeReplacing(page, "edit.hp_expr", "2d6");
  await tapCarefully(page, "edit.hp_roll.average");
  await tapCarefully(page, "edit.init.plus");
  await waitWidget(page, "edit.init.value", { where: (w) => w.label === "1" });
  await tapCarefully(page, "edit.init.plus");
  await waitWidget(page, "edit.init.value", { where: (w) => w.label === "2" });
  await tapCarefully(page, "edit.save");
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
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await dispatch(page, { type: "AddCreature", name: "Міра", kind: "pc", max_hp: 20, hit_die: 8, level: 3 });
  await dispatch(page, { type: "SetSettings", rules: { "hero-points": true } });  // off, the rule refuses SetHeroPoints
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
  await tapCarefully(page, "party.card.c1");
  await waitWidget(page, "sheet.name");
  await shot(page, "party-uk-02-sheet");
  assert.deepEqual(errors, []);
  await context.close();
});

test("landscape: the list and the sheet side by side", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "en-US", viewport: { width: 915, height: 412 } } });
  await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 });
  await dispatch(page, { type: "AddCreature", name: "Ogre", kind: "monster", hp: 59 });
  await openTab(page, "party");
  await tapCarefully(page, "party.card.c1");  // under the add buttons: scrolled to on a 412-pixel-high screen
  const name = await waitWidget(page, "sheet.name", { where: (w) => w.label === "Mira" });
  const card = await waitWidget(page, "party.card.c1");
  assert.ok(name.x > card.x + card.w, `the sheet is right of the list: ${JSON.stringify({ name, card })}`);
  await shot(page, "party-en-landscape");
  assert.deepEqual(errors, []);
  await context.close();
});

test("an injury on the sheet: its effects and cure options; healing magic cures it and leaves a scar", { timeout: 300000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 }), 1);
  assert.equal(await dispatch(page, { type: "RollInjury", target: "c1", roll: 43 }), 1);  // festering wound
  let c = await campaign(page);
  const injury = injuriesOf(c.creatures[0])[0];
  assert.equal(injury.effects.injury, "festering_wound");
  await openTab(page, "party");
  await tapCarefully(page, "party.card.c1");
  await scrollIntoView(page, `sheet.injury.${injury.id}`);
  await shot(page, "party-cs-08-injury");
  // the cure options of a festering wound: healing magic, magic that removes poison, Medicine DC 15
  const labels = (await widgets(page)).filter((w) => w.id.startsWith(`sheet.injury.${injury.id}.cure`)).map((w) => w.label);
  assert.ok(labels.length >= 3, JSON.stringify(labels));
  assert.ok(labels.some((l) => /15/.test(l)), `a Medicine DC 15 option: ${labels}`);
  await tapCarefully(page, `sheet.injury.${injury.id}.cure0`);  // healing magic → its spell level on the pad
  await pad(page, 3, "pad.ok");
  c = await untilCampaign(page, (c) => injuriesOf(c.creatures[0])[0].cured, "cured");
  assert.equal(scarsOf(c.creatures[0]).length, 1, "a minor scar remains after magic below 6th level");
  assert.deepEqual(errors, []);
  await context.close();
});
