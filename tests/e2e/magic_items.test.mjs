// The magic items panel on a character's sheet at 412×915 with touch, in Czech and Ukrainian: three attuned items
// fill the slots and a fourth shows why it cannot be attuned; ending one (a short rest) frees the slot and the fourth
// attunes; a ring is identified by the spell; a wand spends a charge down to none (the button greys out); an item is
// added by hand. Screenshots: <shots>/magic-items-<lang>-*.png. (Written with the panel; not yet run in a web build.)
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapCarefully, campaign, untilCampaign, screenshotFailures, scrollIntoView, accepted,
         idOf, openSheet, openApp, typeReplacing, widgets } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const items = (c, id) => c.creatures.find((x) => x.id === id).modules?.["magic-items"]?.items || [];
const item = (c, who, name) => items(c, who).find((x) => x.name === name);

const words = {
  cs: { full: /už je sladěn\(a\) se 3 předměty|už je sladěn\(a\) s 3 předměty/, slots3: /^Sladění: Plášť, Prsten, Boty$/,
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
    c = await untilCampaign(page, (c) => !item(c, mira, ring).attuned_by, "the ring's attunement ended");
    assert.equal(c.minutes, 60);
    await scrollIntoView(page, "sheet.mi.slots", { minH: 10 });
    await waitWidget(page, "sheet.mi.slots", { where: (x) => w.slots2.test(x.label) });
    await scrollIntoView(page, `sheet.mi.${beltId}.attune`);
    await tapCarefully(page, `sheet.mi.${beltId}.attune`);
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
