// The purse and selling on a character's sheet at 412×915 with touch, in Czech and Ukrainian: the DM puts 20 gold
// pieces into the purse on the number pad, sells two of three amethysts as gems (full value), sells a rope that has
// no price after typing one (gear: half of it), and undoes the last sale. In shared-campaign play the sheet says
// selling is not allowed. A lighter of alien technology: the first Intelligence check typed in, the next rolled by
// the app. Screenshots: <shots>/treasure-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapCarefully, campaign, untilCampaign, screenshotFailures, scrollIntoView, accepted,
         idOf, openSheet, openApp, pad, tapSettled, widgets, typeReplacing } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const purse = (c, id) => c.creatures.find((x) => x.id === id).modules?.treasure?.purse_cp ?? 0;
const inventory = (c, id) => c.creatures.find((x) => x.id === id).inventory;
const alien = (c, id) => c.creatures.find((x) => x.id === id).modules?.treasure?.alien_tech ?? [];

const words = {
  cs: { empty: /^Měšec: 0 zl$/, twenty: /^Měšec: 20 zl$/, brings200: /^Vynese 200 zl$/, noPrice: /bez ceny/, brings1: /^Vynese 1 zl$/,
        stone: "Ametyst", rope: "Lano", league: /nalezené předměty ani koupená výstroj se neprodávají/,
        lighter: "Zapalovač", adv: /^Zapalovač: úspěchy 1\/2 · neúspěchy 0\/4  · {2}výhoda k dalšímu ověření$/ },
  uk: { empty: /^Гаманець: 0 зм$/, twenty: /^Гаманець: 20 зм$/, brings200: /^Принесе 200 зм$/, noPrice: /Ціни ще немає/, brings1: /^Принесе 1 зм$/,
        stone: "Аметист", rope: "Мотузка", league: /знайдені предмети й куплене спорядження не продаються/,
        lighter: "Запальничка", adv: /^Запальничка: успіхи 1\/2 · провали 0\/4  · {2}перевага на наступну перевірку$/ },
};

for (const lang of ["cs", "uk"]) {
  test(`the purse and selling on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Bor", kind: "pc", max_hp: 20 });
    let c = await campaign(page);
    const bor = idOf(c, "Bor");
    await accepted(page, { type: "UpdateCreature", target: bor, patch: { inventory: [
      { name: w.stone, weight: 0, qty: 3, kind: "gear", value_gp: 100 },
      { name: w.rope, weight: 10 },
    ] } });

    await openSheet(page, bor, "Bor");
    await scrollIntoView(page, "sheet.purse", { minH: 10 });
    await waitWidget(page, "sheet.purse", { where: (x) => w.empty.test(x.label) });

    // 20 gold pieces into the purse.
    await tapCarefully(page, "sheet.purse.change");
    await pad(page, 20, "pad.purse_add");
    c = await untilCampaign(page, (c) => purse(c, bor) === 2000, "20 gp in the purse");
    await waitWidget(page, "sheet.purse", { where: (x) => w.twenty.test(x.label) });

    // Two of three amethysts, sold as gems: 200 gp.
    await scrollIntoView(page, "sheet.sell");
    await tapCarefully(page, "sheet.sell");
    await scrollIntoView(page, "sheet.sell.item.0");
    await tapCarefully(page, "sheet.sell.item.0");
    await scrollIntoView(page, "sheet.sell.qty.plus");
    await tapCarefully(page, "sheet.sell.qty.plus");
    await scrollIntoView(page, "sheet.sell.cat.gem");
    await tapCarefully(page, "sheet.sell.cat.gem");
    await scrollIntoView(page, "sheet.sell.brings", { minH: 10 });
    await waitWidget(page, "sheet.sell.brings", { where: (x) => w.brings200.test(x.label) });
    await scrollIntoView(page, "sheet.sell.ok");
    await shot(page, `treasure-${lang}-01-sell`);
    await tapCarefully(page, "sheet.sell.ok");
    c = await untilCampaign(page, (c) => purse(c, bor) === 22000, "the amethysts sold");
    assert.equal(inventory(c, bor)[0].qty, 1);

    // The rope has no price: Sell waits for one; 2 gp a piece, gear at half → 1 gp.
    await scrollIntoView(page, "sheet.sell");
    await tapCarefully(page, "sheet.sell");
    await scrollIntoView(page, "sheet.sell.item.1");
    await tapCarefully(page, "sheet.sell.item.1");
    await scrollIntoView(page, "sheet.sell.price_line", { minH: 10 });
    await waitWidget(page, "sheet.sell.price_line", { where: (x) => w.noPrice.test(x.label) });
    await scrollIntoView(page, "sheet.sell.set_price");
    await tapCarefully(page, "sheet.sell.set_price");
    await pad(page, 2, "pad.ok");
    await scrollIntoView(page, "sheet.sell.brings", { minH: 10 });
    await waitWidget(page, "sheet.sell.brings", { where: (x) => w.brings1.test(x.label) });
    await scrollIntoView(page, "sheet.sell.ok");
    await tapCarefully(page, "sheet.sell.ok");
    c = await untilCampaign(page, (c) => purse(c, bor) === 22100 && inventory(c, bor).length === 1, "the rope sold");
    await scrollIntoView(page, "sheet.purse", { minH: 10 });
    await shot(page, `treasure-${lang}-02-sold`);

    // Undo brings the rope back and takes its gold.
    await tapSettled(page, "top.undo");
    c = await untilCampaign(page, (c) => purse(c, bor) === 22000 && inventory(c, bor).length === 2, "the sale undone");

    // Shared-campaign play: no selling, the sheet says why.
    await accepted(page, { type: "SetSettings", rules: { league: true } });
    await scrollIntoView(page, "sheet.sell.league", { minH: 10 });
    await waitWidget(page, "sheet.sell.league", { where: (x) => w.league.test(x.label) });
    assert.ok(!(await widgets(page)).some((x) => x.id === "sheet.sell"), "no Sell in league play");

    // Alien technology: a lighter (simple); the first check typed in (20: a success, advantage next), the second
    // rolled by the app.
    await scrollIntoView(page, "sheet.alien.new");
    await tapCarefully(page, "sheet.alien.new");
    await typeReplacing(page, "sheet.alien.name", w.lighter);
    await scrollIntoView(page, "sheet.alien.first");
    await tapCarefully(page, "sheet.alien.first");
    await pad(page, 20, "pad.ok");
    c = await untilCampaign(page, (c) => alien(c, bor)[0]?.successes === 1, "the first check");
    assert.equal(alien(c, bor)[0].next, "advantage");
    await scrollIntoView(page, "sheet.alien.0", { minH: 10 });
    await waitWidget(page, "sheet.alien.0", { where: (x) => w.adv.test(x.label) });
    await shot(page, `treasure-${lang}-03-alien`);
    await tapCarefully(page, "sheet.alien.0.check");
    await waitWidget(page, "pad.value");
    await tapSettled(page, "pad.alien_roll");
    c = await untilCampaign(page, (c) => alien(c, bor)[0].successes + alien(c, bor)[0].failures === 2, "the check the app rolled");
    assert.deepEqual(errors, []);
  });
}
