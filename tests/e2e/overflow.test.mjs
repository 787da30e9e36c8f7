// Nothing cut off, in any language: every screen at phone size (412×915) with a table in the middle of a session
// — a party with classes, conditions, an injury and concentration, SRD goblins and a dragon, a fight with its
// prompts, rests, downtime, the rules and settings — and the app's own report of text that did not fit in the
// frame (the test hook druzina_test_overflows: a button label cut with "…", a window whose lines reach past its
// right edge, two tracked widgets of one window drawn over each other — "overlap" —, a control no scrolling brings
// out from under a notice — "covered"). Each screen is read in cs, uk and en; then, in cs and uk, every tab with a
// notice showing (a refused command says why at the bottom of the screen); and every tab and the fight's setup at
// the large text size (en, cs, uk). A failure names the screen, what and by how many px.
// Screenshots: <shots>/overflow-<lang>-<screen>.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { launch, shots, waitWidget, tapCarefully, tapSettled, campaign, screenshotFailures, accepted, idOf, openApp, openTab,
         freshFrames, widgets, dispatch } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const overflows = (page) => page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._druzina_test_overflows())));

// A table in the middle of a session, in the language's own names (`fight`: false stops before the fight starts).
async function session(page, lang, fight = true) {
  const names = { cs: ["Mira", "Borek", "Skřet"], uk: ["Міра", "Борис", "Гоблін"], en: ["Mira", "Borek", "Goblin"] }[lang];
  await accepted(page, { type: "CreateCampaign", name: { cs: "Prokletí Strahdu", uk: "Прокляття Страда", en: "Curse of Strahd" }[lang], language: lang });
  await accepted(page, { type: "AddCreature", name: names[0], kind: "pc", max_hp: 17, ac: 12, level: 3,
                         abilities: { str: 8, dex: 14, con: 13, int: 16, wis: 12, cha: 10 }, race: "Elf" });
  await accepted(page, { type: "AddCreature", name: names[1], kind: "pc", max_hp: 31, ac: 18, level: 3,
                         abilities: { str: 16, dex: 10, con: 14, int: 8, wis: 13, cha: 12 } });
  await accepted(page, { type: "AddMonsters", monster: "goblin", count: 3 });
  await accepted(page, { type: "AddMonsters", monster: "adult-red-dragon", count: 1 });
  const c = await campaign(page);
  const mira = idOf(c, names[0]);
  const borek = idOf(c, names[1]);
  await accepted(page, { type: "SetCondition", target: borek, condition: "poisoned" });
  if (fight) await accepted(page, { type: "StartEncounter" });
  return { mira, borek, c: await campaign(page) };
}

// The screen as it is now: its overflows, after fresh frames (a screen lays itself out on its first frame), and its
// picture, taken at once: those fresh frames show the screen they were read from (shot() would wait for two more).
async function check(page, lang, screen, found) {
  await freshFrames(page, 3);
  for (const o of await overflows(page)) found.push(`${lang} ${screen}: ${o.where} "${o.what}" by ${o.by.toFixed(1)} px`);
  await page.screenshot({ path: path.join(shots, `overflow-${lang}-${screen}.png`) });
}

// Taps `id` (scrolled to first; the top bar's buttons are always on screen) and checks the screen it opens.
async function visit(page, lang, id, screen, found) {
  await (id.startsWith("top.") ? tapSettled(page, id) : tapCarefully(page, id));
  await check(page, lang, screen, found);
}

for (const lang of ["cs", "uk", "en"]) {
  test(`nothing cut off on any screen (${lang})`, { timeout: 900000 }, async () => {
    const locale = { cs: "cs-CZ", uk: "uk-UA", en: "en-US" }[lang];
    const { page, errors, context } = await openApp(env, { device: { locale } });
    const { mira, c } = await session(page, lang);
    const dragon = c.creatures.find((x) => x.modules?.["srd-monsters"]?.monster === "adult-red-dragon")?.id ?? c.creatures.at(-1).id;
    const found = [];
    for (const tab of ["dice", "party", "combat", "downtime", "rules", "settings"]) {
      await openTab(page, tab);
      await check(page, lang, tab, found);
    }
    // Combat: a hit of more than half her maximum asks the massive-damage save, the HP pad
    await openTab(page, "combat");
    await accepted(page, { type: "ApplyDamage", target: mira, amount: 9 });
    await check(page, lang, "combat-prompt", found);
    // Rules: every section, a long reference entry, a roll table
    await openTab(page, "rules");
    for (const s of ["tables", "prices", "notes", "reference"]) await visit(page, lang, `rules.section.${s}`, `rules-${s}`, found);
    await visit(page, lang, "rules.ref.dm-planar-mechanus", "rules-entry", found);
    // Settings: the rule switches unfolded
    await openTab(page, "settings");
    for (const g of ["house", "dm", "table"]) await visit(page, lang, `settings.rules.${g}`, `settings-rules-${g}`, found);
    // Downtime: a new project's form
    await openTab(page, "downtime");
    await visit(page, lang, "project.new", "downtime-project", found);
    // Party: the SRD picker, a new character's form, the share screen, the sheets of a PC and of the dragon
    await openTab(page, "party");
    await visit(page, lang, "party.add_srd", "party-srd", found);
    await tapCarefully(page, "srd.close");
    await visit(page, lang, "party.add_pc", "party-new-pc", found);
    await tapCarefully(page, "edit.cancel");
    await visit(page, lang, "party.share", "party-share", found);
    await tapCarefully(page, "share.back");
    await visit(page, lang, `party.card.${mira}`, "sheet-pc", found);
    await tapCarefully(page, "sheet.back");
    await visit(page, lang, `party.card.${dragon}`, "sheet-dragon", found);
    // The log
    await visit(page, lang, "top.log", "log", found);
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Every tab with a notice over its bottom: a refused command (a legendary resistance for a creature that has none)
// says why there, each time anew (a notice ends after a few seconds). Nothing may stay under it for good, nor be
// drawn over another widget.
for (const lang of ["cs", "uk"]) {
  test(`nothing drawn over another or left under a notice (${lang})`, { timeout: 900000 }, async () => {
    const locale = { cs: "cs-CZ", uk: "uk-UA" }[lang];
    const { page, errors, context } = await openApp(env, { device: { locale } });
    const { mira } = await session(page, lang);
    const found = [];
    for (const tab of ["dice", "party", "combat", "downtime", "rules", "settings"]) {
      await openTab(page, tab);
      assert.equal(await dispatch(page, { type: "UseLegendaryResistance", target: mira }), 0, "refused");
      await waitWidget(page, "notice");
      await check(page, lang, `notice-${tab}`, found);
      if (!(await widgets(page)).some((w) => w.id === "notice" && w.visible)) found.push(`${lang} ${tab}: the notice ended before it was read`);
    }
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The large text size, set as a person does (Settings → Text size): the fight's setup (a button per creature beside
// its initiative, All / None), every tab, the rules' sections and the rule switches.
for (const lang of ["en", "cs", "uk"]) {
  test(`nothing cut or drawn over at the large text size (${lang})`, { timeout: 900000 }, async () => {
    const locale = { cs: "cs-CZ", uk: "uk-UA", en: "en-US" }[lang];
    const { page, errors, context } = await openApp(env, { device: { locale } });
    await session(page, lang, false);
    const found = [];
    await openTab(page, "settings");
    await tapCarefully(page, "settings.text.large");
    await waitWidget(page, "settings.text.large", { where: (w) => w.label.endsWith("[on]") });
    await freshFrames(page, 3);  // the fonts are rasterised again at the new size
    await openTab(page, "combat");
    await check(page, lang, "large-combat-setup", found);
    await accepted(page, { type: "StartEncounter" });
    for (const tab of ["dice", "party", "combat", "downtime", "rules", "settings"]) {
      await openTab(page, tab);
      await check(page, lang, `large-${tab}`, found);
    }
    await openTab(page, "rules");
    for (const s of ["tables", "prices", "notes", "reference"]) await visit(page, lang, `rules.section.${s}`, `large-rules-${s}`, found);
    await openTab(page, "settings");
    for (const g of ["house", "dm", "table"]) await visit(page, lang, `settings.rules.${g}`, `large-settings-rules-${g}`, found);
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
