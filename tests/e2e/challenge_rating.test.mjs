// The challenge-rating panel on a monster's sheet at 412×915 with touch, in Czech and Ukrainian: not set → + steps to
// CR 0 (with the 0-XP note), the rating opens the grid of all ratings (1/4 → 50 XP, proficiency bonus +2), − steps
// down, Clear removes it; a player character's sheet has no panel. Screenshots: <shots>/challenge-rating-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, idOf, openSheet, openApp, gone, freshFrames } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const crOf = (c, id) => c.creatures.find((x) => x.id === id).modules?.["challenge-rating"]?.cr;
// The rating's text line is shorter than a finger: the row of buttons under it is scrolled to instead.
const line = async (page, where) => { await scrollIntoView(page, "sheet.cr.pick"); return waitWidget(page, "sheet.cr", { where }); };

const words = {
  cs: { none: "Nenastaveno", quarter: "Nebezpečnost 1/4 · 50 zk. · zdatnost +2" },
  uk: { none: "Не встановлено", quarter: "ПН 1/4 · 50 досвіду · бонус майстерності +2" },
};

for (const lang of ["cs", "uk"]) {
  test(`challenge rating on a monster's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Goblin", kind: "monster", max_hp: 7 });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12 });
    let c = await campaign(page);
    const goblin = idOf(c, "Goblin"), mira = idOf(c, "Mira");

    await openSheet(page, goblin, "Goblin");
    await line(page, (x) => x.label === w.none);
    await tapCarefully(page, "sheet.cr.plus");
    c = await untilCampaign(page, (c) => crOf(c, goblin) === "0", "CR 0");
    await line(page, (x) => x.label.includes("10"));
    await shot(page, `challenge-rating-${lang}-01-cr0`);

    await tapCarefully(page, "sheet.cr.pick");
    await waitWidget(page, "sheet.cr.grid.1/4");
    await shot(page, `challenge-rating-${lang}-02-grid`);
    await tapCarefully(page, "sheet.cr.grid.1/4");
    c = await untilCampaign(page, (c) => crOf(c, goblin) === "1/4", "CR 1/4");
    await line(page, (x) => x.label === w.quarter);
    await shot(page, `challenge-rating-${lang}-03-quarter`);

    await tapCarefully(page, "sheet.cr.minus");
    c = await untilCampaign(page, (c) => crOf(c, goblin) === "1/8", "CR 1/8");
    await tapCarefully(page, "sheet.cr.clear");
    c = await untilCampaign(page, (c) => crOf(c, goblin) === undefined, "cleared");
    await line(page, (x) => x.label === w.none);
    await gone(page, "sheet.cr.clear");

    // a player character has a level, not a rating: no panel
    await tapCarefully(page, "sheet.back");
    await openSheet(page, mira, "Mira");
    await freshFrames(page, 3);  // her whole sheet drawn, frames after the one that showed her name
    assert.ok(!(await widgets(page)).some((x) => x.id === "sheet.cr"), "no challenge rating on a PC's sheet");
    assert.deepEqual(errors, []);
    await context.close();
  });
}
