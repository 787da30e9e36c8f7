// Alignment and deity on a character's sheet at 412×915 with touch (Czech and Ukrainian): the DM picks an alignment
// on the 3 × 3 grid and a deity found by a typed search, undoes one; a typed deity of the campaign's own world; in
// player mode the sheet only reads them. Screenshots: <shots>/alignment-deity-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, tapSettled, openTab, campaign, untilCampaign,
         screenshotFailures, typeReplacing, accepted, idOf, see, openSheet, openApp, scrollIntoView } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const dataOf = (c, id, rule) => c.creatures.find((x) => x.id === id).modules?.[rule] || {};
// A panel's text line (shorter than a finger: minH) is scrolled into view whole, then read; its button below too.
const line = async (page, id, below, label) => {
  await see(page, below);
  await scrollIntoView(page, id, { minH: 8 });
  return waitWidget(page, id, { where: (x) => label(x.label) });
};

const words = {
  cs: { none: "nenastaveno", ng: "Neutrálně dobrý (ND)", search: "thor", thor: /^Thór \(/, own: "Bůh Mlýna",
        nodeity: "Žádné božstvo." },
  uk: { none: "не встановлено", ng: "Нейтрально добрий (НД)", search: "тор", thor: /^Тор \(/, own: "Бог Млина",
        nodeity: "Без божества." },
};

for (const lang of ["cs", "uk"]) {
  test(`alignment and deity on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12 });
    const mira = idOf(await campaign(page), "Mira");
    await openSheet(page, mira, "Mira");

    // Alignment: not set → Neutral good on the 3 × 3 grid.
    await line(page, "sheet.alignment", "sheet.alignment.change", (l) => l === w.none);
    await tapCarefully(page, "sheet.alignment.change");
    await tapCarefully(page, "sheet.alignment.ng");
    await untilCampaign(page, (c) => dataOf(c, mira, "alignment").alignment === "ng", "alignment ng");
    await tapCarefully(page, "sheet.alignment.done");
    await line(page, "sheet.alignment", "sheet.alignment.change", (l) => l === w.ng);

    // Deity: a search in the reader's language finds Thor; pick him.
    await line(page, "sheet.deity", "sheet.deity.change", (l) => l === w.nodeity);
    await tapCarefully(page, "sheet.deity.change");
    await typeReplacing(page, "sheet.deity.search", w.search);
    await tapCarefully(page, "sheet.deity.pick.norse-thor");
    await untilCampaign(page, (c) => dataOf(c, mira, "deity").deity === "norse-thor", "deity Thor");
    await line(page, "sheet.deity", "sheet.deity.change", (l) => w.thor.test(l));
    await shot(page, `alignment-deity-${lang}-01-thor`);

    // Undo takes the deity back, the alignment stays.
    await tapSettled(page, "top.undo");
    await untilCampaign(page, (c) => !dataOf(c, mira, "deity").deity && dataOf(c, mira, "alignment").alignment === "ng",
                        "deity undone");

    // A deity of the campaign's own world, typed.
    await tapCarefully(page, "sheet.deity.change");
    await typeReplacing(page, "sheet.deity.search", w.own);
    await tapCarefully(page, "sheet.deity.typed");
    await untilCampaign(page, (c) => dataOf(c, mira, "deity").name === w.own, "typed deity");
    await line(page, "sheet.deity", "sheet.deity.change", (l) => l === w.own);

    // Players read both, without the DM's buttons.
    await openTab(page, "settings");
    await tapCarefully(page, "settings.mode.player");
    await openSheet(page, mira, "Mira");
    await waitWidget(page, "sheet.alignment", { where: (x) => x.label === w.ng });
    await waitWidget(page, "sheet.deity", { where: (x) => x.label === w.own });
    const ids = (await widgets(page)).map((x) => x.id);
    assert.ok(!ids.includes("sheet.alignment.change") && !ids.includes("sheet.deity.change"), `no DM buttons: ${ids}`);
    await shot(page, `alignment-deity-${lang}-02-player`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
