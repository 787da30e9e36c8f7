// Initiative beyond the roll at 412×915 with touch, in cs and uk: three goblins share one
// roll when the DM asks for it, the current creature delays its turn (it acts after the next), the DM moves a
// creature up in the order with ▲ (whose turn it is stays), and Undo takes a move back.
// Screenshots: build/e2e/initiative-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, tapCarefully, openTab, campaign, untilCampaign, screenshotFailures, openApp,
         accepted, see } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const order = (c) => c.encounter.order.map((e) => e.creature);
const current = (c) => c.encounter.order[c.encounter.turn].creature;

for (const lang of ["cs", "uk"]) {
  test(`initiative (${lang}): a group roll, a delayed turn, a creature moved up`, { timeout: 600000 }, async () => {
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "uk" ? "uk-UA" : "cs-CZ" } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", hp: 20, abilities: { dex: 14 } });
    await accepted(page, { type: "AddCreature", name: "Olek", kind: "pc", hp: 20, abilities: { dex: 10 } });
    await accepted(page, { type: "AddCreature", name: lang === "uk" ? "Гоблін" : "Skřet", kind: "monster", hp: 7, count: 3, abilities: { dex: 14 } });
    await openTab(page, "combat");

    // one roll for the three goblins
    await tapCarefully(page, "combat.group_init");
    await tapCarefully(page, "combat.start");
    let c = await untilCampaign(page, (c) => c.encounter, "the fight");
    const goblins = c.creatures.filter((x) => x.kind === "monster").map((x) => x.id);
    const totals = new Set(order(c).filter((id) => goblins.includes(id))
      .map((id) => c.encounter.order.find((e) => e.creature === id).initiative));
    assert.equal(totals.size, 1, "the goblins share one initiative");
    await shot(page, `initiative-${lang}-01-group`);

    // the first in the order delays: the next one acts, she follows right after
    const [first, second] = order(c);
    await tapCarefully(page, "combat.delay");
    c = await untilCampaign(page, (c) => current(c) === second, "the turn passed on");
    assert.deepEqual(order(c).slice(0, 2), [second, first]);
    await shot(page, `initiative-${lang}-02-delayed`);

    // the DM moves the last creature up one place; whose turn it is stays
    await tapCarefully(page, "combat.reorder");
    const last = order(c)[order(c).length - 1];
    await see(page, `combat.up.${last}`);
    await tapCarefully(page, `combat.up.${last}`);
    c = await untilCampaign(page, (c) => order(c)[order(c).length - 2] === last, "moved up");
    assert.equal(current(c), second);
    await shot(page, `initiative-${lang}-03-moved`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
