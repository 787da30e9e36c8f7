// The Campaign place (downtime screen) and the sheet's sidekick and plane panels at 412×915 with touch, Czech and
// Ukrainian: a plot point spent with a note typed on the phone keyboard, a new session (the count spent this session
// back to 0), the end of a league session from the hours typed on the number pad and the tier (checkpoints → two
// levels taken at once, treasure points), a CR 1/4 NPC made a warrior sidekick at the party's level with its class
// features listed, its level-up (hit die + CON), and its own plane when the party splits (and back with the party).
// Screenshots: <shots>/campaign-place-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, tapCarefully, openTab, campaign, untilCampaign, screenshotFailures, scrollIntoView, accepted,
         idOf, see, openSheet, openApp, pad, typeReplacing, widgets } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const byId = (c, id) => c.creatures.find((x) => x.id === id);
const plot = (c, id) => byId(c, id).modules?.["plot-points"] ?? {};
const league = (c, id) => byId(c, id).modules?.league ?? {};

const texts = {
  cs: { note: "Zrada", improvedCritical: "Lepší kritický zásah", asi: "Zvýšení vlastností" },
  uk: { note: "Зрада", improvedCritical: "Покращений критичний удар", asi: "Підвищення характеристик" },
};

for (const [locale, lang] of [["cs-CZ", "cs"], ["uk-UA", "uk"]]) {
  test(`campaign place (${lang}): plot points, league session, a sidekick's level-up, a creature's plane`, { timeout: 900000 }, async () => {
    const { page, errors, context } = await openApp(env, { device: { locale } });
    await accepted(page, { type: "CreateCampaign", name: "Test", rules: { "plot-points": true, league: true, planes: true } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12, hit_die: 8 });
    await accepted(page, { type: "AddCreature", name: "Bran", kind: "pc", max_hp: 14, hit_die: 10 });
    await accepted(page, { type: "AddCreature", name: "Pip", kind: "npc", max_hp: 7, hit_die: 6, abilities: { con: 12 } });
    let c = await campaign(page);
    const mira = idOf(c, "Mira"), bran = idOf(c, "Bran"), pip = idOf(c, "Pip");
    await accepted(page, { type: "SetChallengeRating", target: pip, cr: "1/4" });
    assert.equal(plot(c, mira).points, 1, "a PC starts with a plot point");

    // ---- plot points: spend one with a note, then a new session --------------------------------------------
    await openTab(page, "downtime");
    await see(page, `campaign.plot.${mira}`, { minH: 8, where: (w) => w.label === "1 0/1" });
    await tapCarefully(page, `campaign.plot.${mira}.spend`);
    await typeReplacing(page, `campaign.plot.${mira}.note`, texts[lang].note);
    await shot(page, `campaign-place-${lang}-01-plot-note`);
    await tapCarefully(page, `campaign.plot.${mira}.confirm`);
    c = await untilCampaign(page, (c) => (plot(c, mira).points ?? 0) === 0, "Mira's plot point spent");
    assert.equal(plot(c, mira).spent_session, 1);
    assert.equal(plot(c, bran).points, 1, "Bran keeps his");
    await see(page, "downtime.summary", { minH: 8, where: (w) => w.label.includes(texts[lang].note) });  // the note, logged
    await see(page, `campaign.plot.${mira}`, { minH: 8, where: (w) => w.label === "0 1/1" });
    await see(page, `campaign.plot.${mira}.spend`);  // disabled now (no point, the cap reached)
    await shot(page, `campaign-place-${lang}-02-plot-spent`);
    await tapCarefully(page, "campaign.plot.session");
    c = await untilCampaign(page, (c) => !plot(c, mira).spent_session, "a new session: nothing spent in it");
    assert.equal(plot(c, mira).points ?? 0, 0, "a new session gives no point by itself (the round does)");
    await see(page, `campaign.plot.${mira}`, { minH: 8, where: (w) => w.label === "0 0/1" });

    // ---- league: 8 hours, tier 1 → 8 checkpoints and 4 treasure points each; two levels at once -------------
    await scrollIntoView(page, "campaign.league.hours.value");
    await tapCarefully(page, "campaign.league.hours.value");
    await pad(page, 8, "pad.ok");
    await see(page, "campaign.league.hours.value", { where: (w) => w.label === "8" });
    await see(page, `campaign.league.gain.${mira}`, { minH: 8, where: (w) => w.label.includes("+8") && w.label.includes("+4") });
    await see(page, "campaign.league.end");
    await shot(page, `campaign-place-${lang}-03-league-before`);
    await tapCarefully(page, "campaign.league.end");
    c = await untilCampaign(page, (c) => byId(c, mira).level === 3 && byId(c, bran).level === 3, "both PCs at level 3");
    assert.equal(league(c, mira).checkpoints ?? 0, 0, "4 + 4 checkpoints spent on two levels");
    assert.equal(league(c, mira).treasure_points, 4);
    assert.ok(byId(c, mira).max_hp > 12, "the levels brought hit points");
    await see(page, `campaign.league.${mira}`, { minH: 8, where: (w) => w.label === "0/4 4" });
    await see(page, "downtime.summary", { minH: 8, where: (w) => w.label.includes("Mira") && w.label.includes("Bran") });
    await shot(page, `campaign-place-${lang}-04-league-after`);

    // ---- two of Mira's treasure points put toward a table F item (8 points) the DM types: a deposit -------------
    await see(page, `campaign.league.${mira}.spend`);
    await tapCarefully(page, `campaign.league.${mira}.spend`);
    // tier 1: tables A, B, C and F are open, the others are not offered
    await see(page, `campaign.league.${mira}.spend_table.F`, { where: (w) => w.label.includes("8") });
    assert.equal((await widgets(page)).some((w) => w.id === `campaign.league.${mira}.spend_table.G`), false, "G opens at tier 2");
    await tapCarefully(page, `campaign.league.${mira}.spend_table.F`);
    await see(page, `campaign.league.${mira}.spend_points.plus`);
    await tapCarefully(page, `campaign.league.${mira}.spend_points.plus`);
    await see(page, `campaign.league.${mira}.spend_points.value`, { where: (w) => w.label === "2" });
    await typeReplacing(page, `campaign.league.${mira}.spend_item`, "Cloak of protection");
    await see(page, `campaign.league.${mira}.spend_ok`);
    await shot(page, `campaign-place-${lang}-04b-treasure`);
    await tapCarefully(page, `campaign.league.${mira}.spend_ok`);
    c = await untilCampaign(page, (c) => league(c, mira).treasure_points === 2, "two treasure points spent");
    assert.deepEqual(league(c, mira).deposits, [{ item: "Cloak of protection", table: "F", paid: 2 }]);
    assert.equal(league(c, bran).treasure_points, 4, "Bran's untouched");
    await see(page, `campaign.league.${mira}`, { minH: 8, where: (w) => w.label === "0/4 2" });
    await see(page, `campaign.league.${mira}.deposit.0`, { minH: 8, where: (w) => w.label.includes("Cloak of protection") && w.label.includes("2") && w.label.includes("8") });
    await see(page, `campaign.league.${mira}.deposit.0.pay`);
    await shot(page, `campaign-place-${lang}-04c-deposit`);

    // ---- sidekick: a CR 1/4 NPC becomes a warrior at the party's level 3 --------------------------------------
    await openSheet(page, pip, "Pip");
    await see(page, "sheet.sidekick.offer");
    await tapCarefully(page, "sheet.sidekick.offer");
    await see(page, "sheet.sidekick.class.warrior");
    await tapCarefully(page, "sheet.sidekick.class.warrior");
    await see(page, "sheet.sidekick.class.warrior", { where: (w) => w.label.endsWith("[on]") });
    await shot(page, `campaign-place-${lang}-05a-sidekick-class`);
    await tapCarefully(page, "sheet.sidekick.make");
    c = await untilCampaign(page, (c) => byId(c, pip).level === 3, "Pip a sidekick at level 3");
    assert.equal(byId(c, pip).kind, "sidekick");
    assert.equal(byId(c, pip).modules?.sidekicks?.class, "warrior");
    const hp3 = byId(c, pip).max_hp;
    assert.ok(hp3 >= 7 + 2, "two levels of at least 1 HP each");
    await see(page, "sheet.sidekick", { minH: 8, where: (w) => w.label === "warrior 3" });
    await see(page, "sheet.sidekick.feature.3", { minH: 8, where: (w) => w.label === texts[lang].improvedCritical });
    await shot(page, `campaign-place-${lang}-05-sidekick`);

    // its level-up on the sheet: the average of a d6 (4) + CON +1
    await scrollIntoView(page, "sheet.levelup.average");
    await tapCarefully(page, "sheet.levelup.average");
    c = await untilCampaign(page, (c) => byId(c, pip).level === 4, "Pip at level 4");
    assert.equal(byId(c, pip).max_hp, hp3 + 5, "d6 average 4 + CON 1");
    await see(page, "sheet.sidekick.feature.4", { minH: 8, where: (w) => w.label === texts[lang].asi });

    // ---- its own plane: the Feywild, then back with the party -------------------------------------------------
    await see(page, "sheet.plane", { minH: 8, where: (w) => w.label === "material" });
    await tapCarefully(page, "sheet.plane.change");
    await see(page, "sheet.plane.pick.feywild");
    await tapCarefully(page, "sheet.plane.pick.feywild");
    c = await untilCampaign(page, (c) => byId(c, pip).modules?.planes?.plane === "feywild", "Pip in the Feywild");
    assert.equal(c.modules?.planes?.plane ?? "material", "material", "the party stays");
    await see(page, "sheet.plane", { minH: 8, where: (w) => w.label === "feywild+own" });
    await see(page, "sheet.plane.back");
    await shot(page, `campaign-place-${lang}-06-plane`);
    await tapCarefully(page, "sheet.plane.back");
    c = await untilCampaign(page, (c) => !byId(c, pip).modules?.planes?.plane, "Pip back with the party");
    await see(page, "sheet.plane", { minH: 8, where: (w) => w.label === "material" });

    // ---- players read the Campaign place: the numbers, no buttons ---------------------------------------------
    await openTab(page, "settings");
    await tapCarefully(page, "settings.mode.player");
    await openTab(page, "downtime");
    await see(page, `campaign.league.${mira}`, { minH: 8, where: (w) => w.label === "0/4 2" });
    await see(page, `campaign.plot.${bran}`, { minH: 8, where: (w) => w.label === "1 0/1" });
    const ws = await widgets(page);
    const buttons = ws.filter((w) => /^campaign\.(plot\..*\.(spend|points\.plus)|plot\.session|league\.end|league\.hours|league\..*\.spend)/.test(w.id));
    assert.deepEqual(buttons.map((w) => w.id), [], "no DM controls in player mode");
    await shot(page, `campaign-place-${lang}-07-player`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
