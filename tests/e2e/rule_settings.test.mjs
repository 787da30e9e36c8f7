// Settings → Rules at 412×915 with touch, at a phone's pixel ratio (2.625: screenshots to look at), in cs and uk:
// under the initiative variants' switch the DM picks side initiative, under the encounter difficulty's the 2024
// budget; the campaign keeps both, and the Combat screen's setup says the variant. Screenshots:
// build/e2e/rule-settings-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, tapCarefully, openTab, untilCampaign, screenshotFailures, openApp, accepted, see,
         ruleSwitch, scrollIntoView, phone } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const words = {
  cs: { side: "Iniciativa stran [on]", budget: /^Rozpočet 2024/, setup: /^Iniciativa: po stranách \(/ },
  uk: { side: "Ініціатива сторін [on]", budget: /^Бюджет 2024/, setup: /^Ініціатива: за сторонами \(/ },
};

for (const lang of ["cs", "uk"]) {
  test(`Settings → Rules (${lang}): side initiative and the 2024 budget under their switches`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, {
      device: { deviceScaleFactor: phone.deviceScaleFactor, locale: lang === "uk" ? "uk-UA" : "cs-CZ" } });
    for (const name of ["Ana", "Bor", "Cyr", "Dana"]) await accepted(page, { type: "AddCreature", name, kind: "pc", hp: 24, level: 3 });
    await accepted(page, { type: "AddMonsters", monster: "goblin", count: 4 });
    await openTab(page, "settings");
    await ruleSwitch(page, "initiative-variants", "table");
    await tapCarefully(page, "settings.initiative.variant.side");
    await untilCampaign(page, (c) => c.modules?.["initiative-variants"]?.variant === "side", "side initiative");
    assert.equal((await see(page, "settings.initiative.variant.side")).label, w.side);
    await tapCarefully(page, "settings.initiative.ties.dex_rolloff");
    await untilCampaign(page, (c) => c.modules?.["initiative-variants"]?.ties === "dex_rolloff", "ties by DEX");
    await scrollIntoView(page, "settings.rule.initiative-variants");
    await shot(page, `rule-settings-${lang}-01-initiative`);
    await ruleSwitch(page, "encounter-difficulty", "table");
    await tapCarefully(page, "settings.encounter.rules.2024");
    await untilCampaign(page, (c) => c.modules?.["encounter-difficulty"]?.rules === "2024", "the 2024 budget");
    assert.match((await see(page, "settings.encounter.rules.2024")).label, w.budget);
    await scrollIntoView(page, "settings.rule.encounter-difficulty");
    await shot(page, `rule-settings-${lang}-02-encounter`);
    await openTab(page, "combat");
    assert.match((await see(page, "combat.initiative_variant", { minH: 8 })).label, w.setup);
    await shot(page, `rule-settings-${lang}-03-combat`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
