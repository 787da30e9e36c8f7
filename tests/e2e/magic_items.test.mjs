// The magic items panel on a character's sheet at 412×915 with touch, in Czech and Ukrainian: three attuned items
// fill the slots and a fourth shows why it cannot be attuned; ending one (a short rest) frees the slot and the fourth
// attunes; a ring is identified by the spell; a wand spends a charge down to none (the button greys out); an item is
// added by hand. The second test: Downtime → Rest offers each creature (behind one button) what to spend the short
// rest on (the fourth attunement refused in red; ending one and, in the next rest, attuning the freed slot — one hour each for
// the whole party); on the sheet a pair of boots fills the feet (a second pair refused), one boot lost says in red
// that it does not work; a command word is shown and spoken (the log's line); a wand of fireballs casts at level 4
// for two charges with its own DC; gloves added by hand with a slot, a command word and a cantrip are a pair.
// Screenshots: <shots>/magic-items-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapCarefully, campaign, untilCampaign, screenshotFailures, scrollIntoView, accepted,
         idOf, openSheet, openApp, typeReplacing, widgets, openTab, see, gone, tapSettled } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const items = (c, id) => c.creatures.find((x) => x.id === id).modules?.["magic-items"]?.items || [];
const item = (c, who, name) => items(c, who).find((x) => x.name === name);

const words = {
  cs: { full: /už má 3 sladění/, slots3: /^Sladění: Plášť, Prsten, Boty$/,
        slots2: /^Sladění: Plášť, Boty, volné$/, unidentified: /neurčený/, charges: /dávky 1\/2/ },
  uk: { full: /вже налаштовано на 3 предмети/, slots3: /^Налаштування: Плащ, Перстень, Чоботи$/,
        slots2: /^Налаштування: Плащ, Чоботи, вільне$/, unidentified: /не розпізнаний/, charges: /заряди 1\/2/ },
};
const names = { cs: ["Plášť", "Prsten", "Boty", "Pás", "Hůlka", "Amulet"], uk: ["Плащ", "Перстень", "Чоботи", "Пояс", "Паличка", "Амулет"] };

for (const lang of ["cs", "uk"]) {
  test(`magic items on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const [cloak, ring, boots, belt, wand, amulet] = names[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 30 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");
    for (const name of [cloak, ring, boots, belt])
      await accepted(page, { type: "AddMagicItem", target: mira, name, kind: name === ring ? "ring" : "wondrous", attunement: true,
                             identified: name !== ring, slot: name === ring ? "ring" : undefined });
    await accepted(page, { type: "AddMagicItem", target: mira, name: wand, kind: "wand", max_charges: 2, recharge: "1d2", identified: true });
    c = await campaign(page);
    for (const name of [cloak, ring, boots]) await accepted(page, { type: "AttuneItem", target: mira, item: item(c, mira, name).id });
    const ringId = item(c, mira, ring).id, beltId = item(c, mira, belt).id, wandId = item(c, mira, wand).id;

    await openSheet(page, mira, "Mira");
    await scrollIntoView(page, "sheet.mi.slots", { minH: 10 });
    await waitWidget(page, "sheet.mi.slots", { where: (x) => w.slots3.test(x.label) });
    // The fourth item says why it cannot be attuned; there is no attune button for it.
    await scrollIntoView(page, `sheet.mi.${beltId}.refusal`, { minH: 10 });
    await waitWidget(page, `sheet.mi.${beltId}.refusal`, { where: (x) => w.full.test(x.label) });
    assert.ok(!(await widgets(page)).some((x) => x.id === `sheet.mi.${beltId}.attune`), "no attune button for a fourth item");
    await shot(page, `magic-items-${lang}-01-full`);

    // Ending the ring's attunement (a short rest: the clock moves an hour) frees the slot; the belt attunes.
    await scrollIntoView(page, `sheet.mi.${ringId}.end`);
    await tapCarefully(page, `sheet.mi.${ringId}.end`);
    await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
    await tapSettled(page, "confirm.yes");
    c = await untilCampaign(page, (c) => !item(c, mira, ring).attuned_by, "the ring's attunement ended");
    assert.equal(c.minutes, 60);
    await scrollIntoView(page, "sheet.mi.slots", { minH: 10 });
    await waitWidget(page, "sheet.mi.slots", { where: (x) => w.slots2.test(x.label) });
    await scrollIntoView(page, `sheet.mi.${beltId}.attune`);
    await tapCarefully(page, `sheet.mi.${beltId}.attune`);
    await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
    await tapSettled(page, "confirm.yes");
    c = await untilCampaign(page, (c) => item(c, mira, belt).attuned_by === mira, "the belt attuned");
    assert.equal(c.minutes, 120);

    // The ring is not identified: the identify spell reveals it.
    await scrollIntoView(page, `sheet.mi.${ringId}`, { minH: 10 });
    await waitWidget(page, `sheet.mi.${ringId}`, { where: (x) => w.unidentified.test(x.label) });
    await scrollIntoView(page, `sheet.mi.${ringId}.identify`);
    await shot(page, `magic-items-${lang}-02-ring`);
    await tapCarefully(page, `sheet.mi.${ringId}.identify`);
    c = await untilCampaign(page, (c) => item(c, mira, ring).identified === true, "identified");

    // The wand: two charges, one spent, then the last; the button greys out at none.
    await scrollIntoView(page, `sheet.mi.${wandId}.charge`);
    await tapCarefully(page, `sheet.mi.${wandId}.charge`);
    c = await untilCampaign(page, (c) => item(c, mira, wand).charges === 1, "a charge spent");
    await waitWidget(page, `sheet.mi.${wandId}`, { where: (x) => w.charges.test(x.label) });
    await shot(page, `magic-items-${lang}-03-wand`);
    await tapCarefully(page, `sheet.mi.${wandId}.charge`);
    c = await untilCampaign(page, (c) => item(c, mira, wand).charges === 0, "the last charge");

    // An item added by hand.
    await scrollIntoView(page, "sheet.mi.open");
    await tapCarefully(page, "sheet.mi.open");
    await typeReplacing(page, "sheet.mi.name", amulet);
    await tapCarefully(page, "sheet.mi.attune_req");
    await scrollIntoView(page, "sheet.mi.add");
    await shot(page, `magic-items-${lang}-04-add`);
    await tapCarefully(page, "sheet.mi.add");
    c = await untilCampaign(page, (c) => item(c, mira, amulet), "the amulet added");
    assert.equal(item(c, mira, amulet).attunement, true);
    assert.equal(item(c, mira, amulet).kind, "wondrous");
    await scrollIntoView(page, `sheet.mi.${item(c, mira, amulet).id}`, { minH: 10 });
    await shot(page, `magic-items-${lang}-05-added`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

const more = {
  cs: { full: /už má 3 sladění/, boots: /jako boty \(nejvýš 1\)/, half: /^Jen jeden kus z páru: nefunguje\.$/, pair: /· pár/,
        word: /^Povelové slovo: „Arachne“$/, said: /vyslovuje povelové slovo „Arachne“/, dc: /SO záchranného hodu 15 \(předmětu\)/,
        cast: /sesílá z předmětu .* kouzlo ohnivá koule \(4\. úroveň\)/, names: ["Plášť", "Prsten", "Boty", "Pás", "Koule", "Elfí boty",
        "Boty rychlosti", "Hůlka pavučin", "Hůlka ohnivých koulí", "Rukavice"], spell: "ohnivá koule", light: "světlo", concentration: /^Vyžaduje soustředění$/ },
  uk: { full: /вже налаштовано/, boots: /як чоботи \(щонайбільше 1\)/, half: /^Лише один із пари: не діє\.$/, pair: /· пара/,
        word: /^Командне слово: «Arachne»$/, said: /вимовляє командне слово «Arachne»/, dc: /СК рятівного кидка 15 \(предмета\)/,
        cast: /накладає з предмета .* заклинання вогняна куля \(4-й рівень\)/, names: ["Плащ", "Перстень", "Чоботи", "Пояс", "Куля",
        "Ельфійські чоботи", "Чоботи швидкості", "Паличка павутиння", "Паличка вогняних куль", "Рукавиці"], spell: "вогняна куля", light: "світло", concentration: /^Потребує концентрації$/ },
};

for (const lang of ["cs", "uk"]) {
  test(`magic items: the short rest's offer, pairs, command words, spells (${lang})`, { timeout: 600000 }, async () => {
    const w = more[lang];
    const [cloak, ring, boots, belt, orb, elven, speed, web, fireballs, gloves] = w.names;
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 30, level: 5, abilities: { int: 16 } });
    await accepted(page, { type: "AddCreature", name: "Ostap", kind: "pc", max_hp: 20 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira"), ostap = idOf(c, "Ostap");
    for (const name of [cloak, ring, boots, belt])
      await accepted(page, { type: "AddMagicItem", target: mira, name, attunement: true, identified: true });
    await accepted(page, { type: "AddMagicItem", target: ostap, name: orb });
    c = await campaign(page);
    for (const name of [cloak, ring, boots]) await accepted(page, { type: "AttuneItem", target: mira, item: item(c, mira, name).id });
    const ringId = item(c, mira, ring).id, beltId = item(c, mira, belt).id, orbId = item(c, ostap, orb).id;

    // Downtime → Rest: Mira's fourth attunement is refused in red; she ends the ring's, Ostap studies the orb.
    await openTab(page, "downtime");
    await tapCarefully(page, `rest.mi.${mira}.open`);
    await see(page, `rest.mi.${mira}.attune.${beltId}.refusal`, { minH: 10, where: (x) => w.full.test(x.label) });
    assert.ok(!(await widgets(page)).some((x) => x.id === `rest.mi.${mira}.attune.${beltId}`), "no chip for the fourth");
    await scrollIntoView(page, `rest.mi.${mira}.end.${ringId}`);
    await shot(page, `magic-items-${lang}-06-rest-offer`);
    await tapCarefully(page, `rest.mi.${mira}.end.${ringId}`);
    await gone(page, `rest.mi.${mira}.attune.${beltId}.refusal`);  // the pick folds the offer to its one chip
    await tapCarefully(page, `rest.mi.${ostap}.open`);
    await tapCarefully(page, `rest.mi.${ostap}.identify.${orbId}`);
    await scrollIntoView(page, `rest.mi.${mira}.end.${ringId}`);
    await shot(page, `magic-items-${lang}-06b-rest-picked`);
    await tapCarefully(page, "rest.short");
    c = await untilCampaign(page, (c) => !item(c, mira, ring).attuned_by && item(c, ostap, orb).identified, "the rest's items");
    assert.equal(c.minutes, 60, "one short rest for the whole party");
    // The freed slot: the belt is offered now, and attunes in the next rest.
    await tapCarefully(page, `rest.mi.${mira}.open`);
    await tapCarefully(page, `rest.mi.${mira}.attune.${beltId}`);
    await tapCarefully(page, "rest.short");
    c = await untilCampaign(page, (c) => item(c, mira, belt).attuned_by === mira, "the belt attuned in the rest");
    assert.equal(c.minutes, 120);
    await see(page, "downtime.summary", { minH: 10 });
    await shot(page, `magic-items-${lang}-07-rest-done`);

    // The sheet: a pair of boots on the feet, a second pair refused with the slot named.
    await accepted(page, { type: "AddMagicItem", target: mira, name: elven, slot: "feet", identified: true });
    await accepted(page, { type: "AddMagicItem", target: mira, name: speed, slot: "feet", identified: true });
    await accepted(page, { type: "AddMagicItem", target: mira, name: web, kind: "wand", identified: true, command_word: "Arachne", max_charges: 7 });
    await accepted(page, { type: "AddMagicItem", target: mira, name: fireballs, kind: "wand", identified: true, max_charges: 7,
                           spells: [{ name: w.spell, level: 3, cost: 1, upcast: 1 }], spell_dc: 15 });
    c = await campaign(page);
    const elvenId = item(c, mira, elven).id, speedId = item(c, mira, speed).id, webId = item(c, mira, web).id, fbId = item(c, mira, fireballs).id;
    await openSheet(page, mira, "Mira");
    await see(page, `sheet.mi.${elvenId}`, { minH: 10, where: (x) => w.pair.test(x.label) });
    await tapCarefully(page, `sheet.mi.${elvenId}.wear`);
    c = await untilCampaign(page, (c) => item(c, mira, elven).worn, "the boots on");
    await tapCarefully(page, `sheet.mi.${speedId}.wear`);
    await waitWidget(page, "notice", { where: (x) => w.boots.test(x.label) });
    await shot(page, `magic-items-${lang}-08-slot-full`);
    // One boot lost: it does not work, said in red.
    await tapCarefully(page, `sheet.mi.${elvenId}.pair`);
    c = await untilCampaign(page, (c) => item(c, mira, elven).half === true, "one boot lost");
    await see(page, `sheet.mi.${elvenId}.half`, { minH: 10, where: (x) => w.half.test(x.label) });
    await shot(page, `magic-items-${lang}-09-half`);

    // The command word on the card, spoken: the log's line.
    await see(page, `sheet.mi.${webId}.word`, { minH: 10, where: (x) => w.word.test(x.label) });
    const tx = c.last_tx;
    await tapCarefully(page, `sheet.mi.${webId}.activate`);
    await untilCampaign(page, (c) => c.last_tx === tx + 1, "the activation");
    await waitWidget(page, "notice", { where: (x) => w.said.test(x.label) });
    await shot(page, `magic-items-${lang}-10-word`);

    // The wand of fireballs: its DC on the card, cast at level 4 for two charges.
    await see(page, `sheet.mi.${fbId}.spells`, { minH: 10, where: (x) => w.dc.test(x.label) });
    await tapCarefully(page, `sheet.mi.${fbId}.level0.plus`);
    await waitWidget(page, `sheet.mi.${fbId}.level0.value`, { where: (x) => x.label === "4" });
    await scrollIntoView(page, `sheet.mi.${fbId}.cast0`);
    await shot(page, `magic-items-${lang}-11-spell`);
    await tapCarefully(page, `sheet.mi.${fbId}.cast0`);
    c = await untilCampaign(page, (c) => item(c, mira, fireballs).charges === 5, "two charges spent");
    await waitWidget(page, "notice", { where: (x) => w.cast.test(x.label) });

    // Gloves added by hand: the slot, the pair, the command word.
    await scrollIntoView(page, "sheet.mi.open");
    await tapCarefully(page, "sheet.mi.open");
    await typeReplacing(page, "sheet.mi.name", gloves);
    await tapCarefully(page, "sheet.mi.more");
    await tapCarefully(page, "sheet.mi.slot.hands");
    await see(page, "sheet.mi.paired");  // on by itself for gloves
    await typeReplacing(page, "sheet.mi.word", "Lux");
    await typeReplacing(page, "sheet.mi.spell", w.light);
    await tapCarefully(page, "sheet.mi.spell_level.minus");  // a cantrip
    await waitWidget(page, "sheet.mi.spell_level.value", { where: (x) => x.label === "0" });
    await see(page, "sheet.mi.spell_concentration", { where: (x) => w.concentration.test(x.label) });  // off: Light needs none
    await tapCarefully(page, "sheet.mi.dc.item");
    await see(page, "sheet.mi.dc_value.value", { where: (x) => x.label === "13" });
    await scrollIntoView(page, "sheet.mi.add");
    await shot(page, `magic-items-${lang}-12-add-more`);
    await tapCarefully(page, "sheet.mi.add");
    c = await untilCampaign(page, (c) => item(c, mira, gloves), "the gloves added");
    assert.equal(item(c, mira, gloves).slot, "hands");
    assert.equal(item(c, mira, gloves).paired, true);
    assert.equal(item(c, mira, gloves).command_word, "Lux");
    assert.deepEqual(item(c, mira, gloves).spells, [{ name: w.light, level: 0, cost: 1 }]);
    assert.equal(item(c, mira, gloves).spell_dc, 13);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
