// Class resources at 412×915 with touch, in Czech and Ukrainian: a level-5 paladin's sheet shows Lay on Hands as a
// pool (25/25) and Divine Sense as pips; Use… opens the number pad, the fighter is picked as whom it heals and 7 typed:
// his HP goes up by 7, the pool shows 18/25, the log says it in the reader's language; in a fight, on the fighter's
// turn, his resources are one tap away under whose turn it is — Action Surge spent in one tap, Second Wind asks for
// its d10 (the prompt card: 1d10+5), Roll for me heals him. Screenshots: <shots>/class-resources-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, tapCarefully, openTab, campaign, untilCampaign, screenshotFailures, accepted, idOf, openSheet,
         see, pad, waitWidget, scrollIntoView, openApp } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const words = {
  cs: { paladin: "Anna", fighter: "Bořek", laid: /Anna použije Vkládání rukou na Bořek: 7 životů \(v zásobě zbývá 18\)/,
        prompt: /Bořek: Druhý dech léčí/, surge: /^Nával akce/ },
  uk: { paladin: "Анна", fighter: "Борис", laid: /Анна використовує «Накладання рук» на Борис: 7 ОЗ \(у запасі лишилося 18\)/,
        prompt: /Борис: Друге дихання лікує/, surge: /^Сплеск дій/ },
};

const hp = (c, id) => c.creatures.find((x) => x.id === id).hp;

for (const [locale, lang] of [["cs-CZ", "cs"], ["uk-UA", "uk"]]) {
  test(`class resources (${lang}): Lay on Hands from the pool on the pad, the fighter's in the fight`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: w.paladin, kind: "pc", hp: 44, level: 5, class: "paladin", abilities: { cha: 14 } });
    await accepted(page, { type: "AddCreature", name: w.fighter, kind: "pc", hp: 44, level: 5, class: "fighter" });
    let c = await campaign(page);
    const paladin = idOf(c, w.paladin), fighter = idOf(c, w.fighter);
    await accepted(page, { type: "ApplyDamage", target: fighter, amount: 30 });

    // the paladin's sheet: the pool and the pips
    await openSheet(page, paladin, w.paladin);
    await see(page, "sheet.cres.lay_on_hands", { where: (x) => x.label === "25/25" });
    await see(page, "sheet.cres.divine_sense", { where: (x) => x.label === "3/3" });
    await shot(page, `class-resources-${lang}-01-sheet`);
    await tapCarefully(page, "sheet.cres.lay_on_hands.use");
    await tapCarefully(page, `pad.cres.on.${fighter}`);
    await shot(page, `class-resources-${lang}-02-lay-on-hands-pad`);
    await pad(page, 7, "pad.ok");
    await waitWidget(page, "notice", { where: (x) => w.laid.test(x.label) });  // what the log says, in her language
    c = await untilCampaign(page, (c) => hp(c, fighter) === 21, "healed by 7");
    await see(page, "sheet.cres.lay_on_hands", { where: (x) => x.label === "18/25" });

    // the fight: the fighter's turn, his resources one tap away
    await accepted(page, { type: "StartEncounter", initiative: { [fighter]: 20, [paladin]: 10 } });
    await openTab(page, "combat");
    await see(page, "combat.cres.action_surge", { where: (x) => w.surge.test(x.label) && x.label.endsWith("1/1") });
    await tapCarefully(page, "combat.cres.action_surge");
    c = await untilCampaign(page, (c) => c.creatures.find((x) => x.id === fighter).modules?.["class-resources"]?.spent?.action_surge === 1,
                            "Action Surge spent");
    await tapCarefully(page, "combat.cres.second_wind");
    const wind = (c) => c.prompts.find((p) => p.kind === "class-resources.second_wind");  // (the damage asked a massive-damage save)
    c = await untilCampaign(page, (c) => wind(c), "Second Wind asks for its d10");
    const p = wind(c);
    assert.equal(p.data.dice, "1d10+5");
    await see(page, `prompt.${p.id}`, { minH: 8, where: (x) => w.prompt.test(x.label) });
    await shot(page, `class-resources-${lang}-03-fight`);
    await scrollIntoView(page, `prompt.${p.id}.roll`);
    await tapCarefully(page, `prompt.${p.id}.roll`);
    c = await untilCampaign(page, (c) => !wind(c), "the prompt answered");
    assert.ok(hp(c, fighter) >= 21 + 6 && hp(c, fighter) <= 21 + 15, `Second Wind healed 1d10+5 (HP ${hp(c, fighter)})`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
