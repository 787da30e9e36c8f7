// Hero points (the DM rules' variant) on the sheet at 412×915 with touch, Czech and Ukrainian: a new PC starts with
// 5, a level-up makes it 5 + level / 2 (the unspent ones lost), and on the death-save card "✦ Hero point if it
// fails" turns a failed save into a success (one point). Screenshots: <shots>/hero-points-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, openTab, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, see, openApp } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const mira = (c) => c.creatures.find((x) => x.name === "Mira");
const points = (c) => mira(c).modules?.["hero-points"]?.points ?? 0;

for (const [locale, lang] of [["cs-CZ", "cs"], ["uk-UA", "uk"]]) {
  test(`hero points (${lang}): 5 at the start, 5 + level / 2 after a level-up, a failed death save saved`, { timeout: 600000 }, async () => {
    const { page, errors, context } = await openApp(env, { device: { locale } });
    await accepted(page, { type: "CreateCampaign", name: "Test", rules: { "hero-points": true } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12, hit_die: 8 });
    let c = await campaign(page);
    const id = mira(c).id;
    assert.equal(points(c), 5, "a new PC starts with 5");
    await accepted(page, { type: "UseHeroPoint", target: id, roll: 3 });
    await accepted(page, { type: "UseHeroPoint", target: id, roll: 2 });
    await openTab(page, "party");
    await tapCarefully(page, `party.card.${id}`);
    await see(page, "sheet.name", { where: (w) => w.label === "Mira" });

    // the level-up: 3 unspent points lost, 5 + 1 at level 2
    await tapCarefully(page, "sheet.levelup.average");
    c = await untilCampaign(page, (c) => mira(c).level === 2, "level 2");
    assert.equal(points(c), 6, "5 + 2 / 2");
    await see(page, "sheet.hero.plus");
    await shot(page, `hero-points-${lang}-01-level-2`);

    // at 0 HP: arm the hero point, the table says the save failed → a success, one point spent
    await accepted(page, { type: "ApplyDamage", target: id, amount: mira(c).hp });  // to 0 HP (not past max HP: instant death)
    await see(page, "sheet.ds.hero");
    await tapCarefully(page, "sheet.ds.hero");
    await tapCarefully(page, "sheet.ds.failure");
    c = await untilCampaign(page, (c) => mira(c).death_saves.successes === 1, "the failure became a success");
    assert.equal(mira(c).death_saves.failures, 0);
    assert.equal(points(c), 5);
    await see(page, "sheet.ds", { minH: 8, where: (w) => w.label === "1/0" });
    await scrollIntoView(page, "sheet.ds.hero");
    await shot(page, `hero-points-${lang}-02-death-save`);
    // disarmed: a failure stays a failure
    await tapCarefully(page, "sheet.ds.hero");
    await tapCarefully(page, "sheet.ds.failure");
    c = await untilCampaign(page, (c) => mira(c).death_saves.failures === 1, "a plain failure");
    assert.equal(points(c), 5);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
