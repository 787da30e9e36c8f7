// The DM's tools at 412×915 with touch, in cs and uk: an encounter of four goblins and a bugbear prepared for four
// level-3 characters shows its difficulty (medium: 400 XP × 2 = 800 against 600 / 900); the fight runs with
// initiative rolled again every round (the campaign's choice); its end awards the defeated monsters' XP to the
// characters; a small Improved Initiative file is imported after a preview (the fields that do not map listed).
// Screenshots: build/e2e/dmtools-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, shot, waitWidget, tapCarefully, openTab, untilCampaign, screenshotFailures, openApp, accepted, see,
         scrollIntoView, typeReplacing, ruleSwitch, widgets, tapSettled } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const iiFile = readFileSync(new URL("../fixtures/import/improved-initiative.json", import.meta.url));
const words = {
  cs: { medium: /Obtížnost: střední · 400 zk\. \(upraveno 800\) pro postavy: 4/, award: /Udělit 350 zk\.: 87 každé z postav \(4\)/, summary: "nestvůry 2, postavy 2, střetnutí 1",
        rerolled: /Iniciativa znovu hozena pro (\d)\. kolo/ },
  uk: { medium: /Складність: середня · 400 досвіду \(скориговано 800\) для персонажів: 4/, award: /Дати 350 досвіду: по 87 кожному \(4\)/, summary: "потвори 2, персонажі 2, сутички 1",
        rerolled: /Ініціативу перекинуто на раунд (\d)/ },
};

for (const lang of ["cs", "uk"]) {
  test(`the DM's tools (${lang}): difficulty, initiative each round, the XP award, an Improved Initiative import`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "uk" ? "uk-UA" : "cs-CZ" } });
    // the DM picks "roll again every round" under the initiative variants' switch in Settings → Rules
    await openTab(page, "settings");
    await ruleSwitch(page, "initiative-variants", "table");
    await tapCarefully(page, "settings.initiative.variant.reroll");
    await untilCampaign(page, (c) => c.modules?.["initiative-variants"]?.variant === "reroll", "initiative each round");
    for (const name of ["Ana", "Bor", "Cyr", "Dana"]) await accepted(page, { type: "AddCreature", name, kind: "pc", hp: 24, level: 3 });
    await accepted(page, { type: "AddMonsters", monster: "goblin", count: 4 });
    await accepted(page, { type: "AddMonsters", monster: "bugbear" });
    await openTab(page, "combat");
    const diff = await see(page, "combat.difficulty", { minH: 8 });
    assert.match(diff.label, w.medium);
    await shot(page, `dmtools-${lang}-01-difficulty`);

    // prepared: save the picked monsters as an encounter; its line reads the same
    await scrollIntoView(page, "combat.prep.save");
    await tapCarefully(page, "combat.prep.save");
    await typeReplacing(page, "combat.prep.name", lang === "uk" ? "Засідка" : "Přepadení");
    await tapCarefully(page, "combat.prep.save_ok");
    let c = await untilCampaign(page, (c) => c.modules?.["prepared-encounters"]?.encounters?.length === 1, "prepared");
    const enc = c.modules["prepared-encounters"].encounters[0];
    assert.match((await see(page, `combat.prep.difficulty.${enc.id}`, { minH: 8 })).label, w.medium);
    await shot(page, `dmtools-${lang}-01b-prepared`);
    await scrollIntoView(page, "combat.start");
    await tapCarefully(page, "combat.start");
    c = await untilCampaign(page, (c) => c.encounter, "the fight");
    const first = c.encounter.order.map((e) => e.creature);
    // three rounds: each new round rolls initiative again (the log's line, the rolls in the event)
    for (let round = 2; round <= 4; round++) {
      for (let k = 0; k < 9; k++) await tapCarefully(page, "combat.next");
      c = await untilCampaign(page, (c) => c.encounter.round === round, `round ${round}`);
    }
    await shot(page, `dmtools-${lang}-02-round4`);
    // the log tells each new round's order (rounds 2, 3 and 4)
    await tapSettled(page, "top.log");
    // (the log's list is drawn in rows as they come into view: its first frames may hold only some of them)
    let told = [];
    for (const end = Date.now() + 15000; Date.now() < end; await page.waitForTimeout(150)) {
      const lines = (await widgets(page)).filter((x) => w.rerolled.test(x.label ?? ""));
      told = [...new Set(lines.map((x) => x.label.match(w.rerolled)[1]))].sort();
      if (told.length >= 3) break;
      await page.evaluate(() => window.dispatchEvent(new Event("resize")));  // wakes an idle app for a frame
    }
    assert.deepEqual(told, ["2", "3", "4"]);
    await tapSettled(page, "top.log");
    // the goblins fall (3 of 4) and the bugbear: 350 XP for the four characters
    const monsters = c.creatures.filter((x) => x.kind === "monster").map((x) => x.id);
    for (const id of [monsters[0], monsters[1], monsters[2], monsters[4]]) await accepted(page, { type: "ApplyDamage", target: id, amount: 100 });
    await tapCarefully(page, "combat.end");
    const ask = await waitWidget(page, "confirm.question").catch(() => null);
    if (ask) assert.match(ask.label, w.award);
    await shot(page, `dmtools-${lang}-03-end`);
    await tapCarefully(page, "confirm.yes");
    c = await untilCampaign(page, (c) => !c.encounter, "the fight ended");
    for (const x of c.creatures.filter((x) => x.kind === "pc")) assert.equal(x.modules?.["encounter-difficulty"]?.xp, 87);
    assert.ok(first.length === 9);

    // import a small Improved Initiative file
    const chooser = page.waitForEvent("filechooser", { timeout: 10000 });
    await scrollIntoView(page, "combat.import");
    await tapCarefully(page, "combat.import");
    await (await chooser).setFiles({ name: "improved-initiative.json", mimeType: "application/json", buffer: iiFile });
    const summary = await waitWidget(page, "combat.import.summary");
    assert.equal(summary.label, w.summary);
    const unmapped = await see(page, "combat.import.unmapped", { minH: 8 });
    assert.match(unmapped.label, /Skills: Stealth \+6/);
    await shot(page, `dmtools-${lang}-04-import-preview`);
    await scrollIntoView(page, "combat.import.do");
    await tapCarefully(page, "combat.import.do");
    c = await untilCampaign(page, (c) => c.modules?.["prepared-encounters"]?.monsters?.length === 2, "imported");
    assert.equal(c.creatures.filter((x) => x.kind === "pc").length, 6);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
