// The madness panel on a character's sheet at 412×915 with touch, in Czech and Ukrainian, with the rule switched on:
// inflict a short-term and an indefinite madness (rolled), see each with its row and end, Lesser restoration ends
// the short-term one, Greater restoration the indefinite one (undoable), and players see a madness but no buttons.
// Screenshots: <shots>/madness-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, tapAt, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, idOf, openSheet, openApp, gone, pad } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const madnessOf = (c, id) => c.creatures.find((x) => x.id === id).modules?.madness?.effects || [];

const words = {
  cs: { short: /krátkodobé · k100/, indefinite: /trvalé · k100 \d+ — dokud není vyléčeno/ },
  uk: { short: /короткочасне · к100/, indefinite: /безстрокове · к100 \d+ — доки не вилікують/ },
};

for (const lang of ["cs", "uk"]) {
  test(`madness on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test", rules: { madness: true } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");
    await openSheet(page, mira, "Mira");

    await tapCarefully(page, "sheet.madness.inflict.short");
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 1, "a short-term madness");
    const first = madnessOf(c, mira)[0];
    assert.equal(first.kind, "short");
    assert.ok(first.ends_at >= 1 && first.ends_at <= 10, `ends within 1d10 minutes: ${first.ends_at}`);
    await scrollIntoView(page, `sheet.madness.${first.id}.greater`);
    // the row's line above its buttons, in view too (with the buttons at the top edge it is clipped)
    await scrollIntoView(page, `sheet.madness.${first.id}`, { minH: 8 });
    await waitWidget(page, `sheet.madness.${first.id}`, { where: (x) => w.short.test(x.label) });
    await tapCarefully(page, "sheet.madness.inflict.indefinite");
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 2, "an indefinite madness");
    const second = madnessOf(c, mira)[1];
    await scrollIntoView(page, `sheet.madness.${second.id}.greater`);
    // the row's line above its buttons, in view too (with the buttons at the top edge it is clipped)
    await scrollIntoView(page, `sheet.madness.${second.id}`, { minH: 8 });
    await waitWidget(page, `sheet.madness.${second.id}`, { where: (x) => w.indefinite.test(x.label) });
    assert.ok(!(await widgets(page)).some((x) => x.id === `sheet.madness.${second.id}.lesser`), "no lesser restoration for indefinite");
    await shot(page, `madness-${lang}-01-two`);

    await tapCarefully(page, `sheet.madness.${first.id}.lesser`);
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 1, "lesser restoration ended the short-term one");
    await tapCarefully(page, `sheet.madness.${second.id}.greater`);
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 0, "greater restoration ended the indefinite one");
    await gone(page, `sheet.madness.${second.id}`);
    await shot(page, `madness-${lang}-02-cured`);
    // the undo button lives in the top bar (above the scrolled area): tapped where it is
    const undo = await waitWidget(page, "top.undo");
    await tapAt(page, undo.x + undo.w / 2, undo.y + undo.h / 2);
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 1, "undo brings it back");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Fear and horror from the sheet: the DM asks the save (DC 15 by default), the prompt card takes the roll entered at
// the table, and a failure frightens (cs) or drives mad (uk, source "жах").
const fearWords = {
  cs: { fear: /záchranný hod na Moudrost SO 15 proti strachu/, horror: /Charisma SO 15 proti hrůze/, source: /hrůza/ },
  uk: { fear: /рятівний кидок Мудрості СК 15 проти страху/, horror: /Харизми СК 15 проти жаху/, source: /жах/ },
};
for (const lang of ["cs", "uk"]) {
  test(`fear and horror asked from the sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = fearWords[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test", rules: { madness: true } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");
    await openSheet(page, mira, "Mira");

    await scrollIntoView(page, "sheet.madness.frighten");
    await tapCarefully(page, "sheet.madness.frighten");
    c = await untilCampaign(page, (c) => c.prompts.some((p) => p.kind === "madness.fear"), "the fear save");
    const fear = c.prompts.find((p) => p.kind === "madness.fear");
    assert.equal(fear.data.dc, 15);
    // The card is on the sheet, at its top (a new question scrolls there).
    assert.match((await scrollIntoView(page, `prompt.${fear.id}`)).label, w.fear);
    await shot(page, `madness-${lang}-03-fear-prompt`);
    await tapCarefully(page, `prompt.${fear.id}.enter`);
    await pad(page, 9, "pad.ok");
    c = await untilCampaign(page, (c) => c.creatures[0].conditions?.some((x) => x.id === "frightened" && x.source === "fear"),
                            "frightened by fear");

    await scrollIntoView(page, "sheet.madness.horrify");
    await tapCarefully(page, "sheet.madness.horrify");
    c = await untilCampaign(page, (c) => c.prompts.some((p) => p.kind === "madness.horror"), "the horror save");
    const horror = c.prompts.find((p) => p.kind === "madness.horror");
    // The card is on the sheet, at its top (a new question scrolls there).
    assert.match((await scrollIntoView(page, `prompt.${horror.id}`)).label, w.horror);
    await tapCarefully(page, `prompt.${horror.id}.enter`);
    await pad(page, 2, "pad.ok");
    c = await untilCampaign(page, (c) => madnessOf(c, mira).length === 1, "a madness from horror");
    const m = madnessOf(c, mira)[0];
    assert.ok(m.kind === "short" || m.kind === "long", m.kind);
    assert.equal(m.source, "horror");
    // a text line: one line (19 px) or two, as the rolled row is short or long
    await scrollIntoView(page, `sheet.madness.${m.id}`, { minH: 8 });
    await shot(page, `madness-${lang}-04-horror`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
