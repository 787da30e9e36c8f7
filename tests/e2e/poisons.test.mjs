// The poisons panel on a character's sheet at 412×915 with touch, in Czech and Ukrainian: the DM opens "Poison…",
// searches in the reader's language for malice, enters the CON save's total on the number pad (a failure: poisoned and
// blinded for an hour, shown with its end), ends it with lesser restoration (undoable), rolls the save against
// serpent venom (damage either way: half on a success); players see the poison but no buttons.
// Screenshots: <shots>/poisons-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, tapSettled, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, idOf, openSheet, openTab, openApp, gone, pad, typeReplacing } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const effects = (c, id) => c.creatures.find((x) => x.id === id).modules?.poisons?.effects || [];
const creature = (c, id) => c.creatures.find((x) => x.id === id);

const words = {
  cs: { search: "zlob", malice: /^Zloba — do .* · záchranný hod 3 proti SO 15/, serpent: "hadi" },
  uk: { search: "злоб", malice: /^Злоба — до .* · рятівний кидок 3 проти СК 15/, serpent: "зміїн" },
};

for (const lang of ["cs", "uk"]) {
  test(`poisons on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 30 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");
    assert.equal(c.settings.rules?.poisons ?? true, true, "on by default");

    await openSheet(page, mira, "Mira");
    // "Poison…" opens the search; in the reader's language it leaves malice alone.
    await tapCarefully(page, "sheet.poison.open");
    await typeReplacing(page, "sheet.poison.search", w.search);
    await waitWidget(page, "sheet.poison.pick.malice");
    await gone(page, "sheet.poison.pick.torpor");
    // The total entered on the pad: 3 vs DC 15, a failure.
    await tapCarefully(page, "sheet.poison.total.value");
    await pad(page, 3, "pad.ok");
    await waitWidget(page, "sheet.poison.total.value", { where: (x) => x.label === "3" });
    await tapCarefully(page, "sheet.poison.enter");
    c = await untilCampaign(page, (c) => effects(c, mira).length === 1, "malice");
    assert.equal(effects(c, mira)[0].poison, "malice");
    assert.equal(effects(c, mira)[0].ends_at, 60);
    const conds = creature(c, mira).conditions.filter((x) => x.source === "poison:malice").map((x) => x.id).sort();
    assert.deepEqual(conds, ["blinded", "poisoned"]);
    await scrollIntoView(page, "sheet.poison.malice", { minH: 10 });
    await waitWidget(page, "sheet.poison.malice", { where: (x) => w.malice.test(x.label) });
    await scrollIntoView(page, "sheet.poison.malice.cure");
    await shot(page, `poisons-${lang}-01-malice`);

    // Lesser restoration ends it and its conditions; undo brings it back.
    await tapCarefully(page, "sheet.poison.malice.lesser");
    c = await untilCampaign(page, (c) => effects(c, mira).length === 0, "lesser restoration ended it");
    assert.equal(creature(c, mira).conditions.length, 0);
    await gone(page, "sheet.poison.malice");
    await tapSettled(page, "top.undo");
    c = await untilCampaign(page, (c) => effects(c, mira).length === 1, "undo brings it back");

    // Serpent venom, the save rolled: 3d6 on a failure, half on a success — damage either way.
    await tapCarefully(page, "sheet.poison.open");
    await typeReplacing(page, "sheet.poison.search", w.serpent);
    await tapCarefully(page, "sheet.poison.pick.serpent-venom");
    await waitWidget(page, "sheet.poison.pick.serpent-venom", { where: (x) => x.label.endsWith("[on]") });
    const before = (await campaign(page)).last_tx;
    await scrollIntoView(page, "sheet.poison.roll");
    await shot(page, `poisons-${lang}-02-picker`);
    await tapCarefully(page, "sheet.poison.roll");
    c = await untilCampaign(page, (c) => c.last_tx > before, "the save against serpent venom");
    assert.ok(creature(c, mira).hp < 30, `poison damage: ${creature(c, mira).hp}`);
    assert.equal(effects(c, mira).length, 1, "serpent venom is only damage");
    await gone(page, "sheet.poison.roll");  // the picker closed
    await scrollIntoView(page, "sheet.poison.open");
    await shot(page, `poisons-${lang}-03-serpent`);

    // Players read the poison, without buttons.
    await openTab(page, "settings");
    await tapCarefully(page, "settings.mode.player");
    await openSheet(page, mira, "Mira");
    await scrollIntoView(page, "sheet.poison.malice", { minH: 10 });
    const ws = await widgets(page);
    assert.ok(!ws.some((x) => x.id === "sheet.poison.malice.cure"), "no end button for players");
    assert.ok(!ws.some((x) => x.id === "sheet.poison.open"), "no poison button for players");
    await shot(page, `poisons-${lang}-04-player`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
