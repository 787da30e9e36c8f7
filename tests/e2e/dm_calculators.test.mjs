// The DM rules' calculators in the reference at 412×915 with touch, in Czech and Ukrainian: objects (material, size,
// resilience → AC and HP), traps (severity and level → DC, attack bonus, damage) and poisons (poison → type, DC,
// price), each answering live as the choices change. Screenshots: <shots>/dm-calc-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, screenshotFailures, tapCarefully, reveal, tapSettled, shotNow, typeInto, waitWidget,
         openApp, see, untilCampaign, freshFrames } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

async function openEntry(page, query, id) {
  await tapSettled(page, "tab.rules");
  await until(page, (s) => s.tab === "rules", "rules tab");
  await tapSettled(page, "rules.section.reference");
  await waitWidget(page, "rules.section.reference", { where: (w) => w.label.endsWith("[on]") });
  await typeInto(page, "rules.search", query);
  await freshFrames(page, 2);  // the filtered list drawn (tapCarefully then waits until the entry holds still)
  await tapCarefully(page, `rules.ref.${id}`);
  await waitWidget(page, "rules.entry.title");
}

const words = {
  cs: { object: "oc predmetu", trap: "ucinky pasti", poison: "seznam jedu",
        wood: /OČ: 15/, iron: /OČ: 19/, hp: /Životy \(kostky\): 4k8/, avg: /Životy \(průměr\): 18/,
        trap7: /Zranění: 4k10/, trap20: /Zranění: 24k10/, dc: /12–15/, serpent: /Druh: do rány/, serpentDc: /SO záchranného hodu: 11|: 11/ },
  uk: { object: "кз предметів", trap: "ефекти пасток", poison: "перелік отрут",
        wood: /КЗ: 15/, iron: /КЗ: 19/, hp: /Хіти \(кубики\): 4к8/, avg: /Хіти \(середнє\): 18/,
        trap7: /Шкода: 4к10/, trap20: /Шкода: 24к10/, dc: /12–15/, serpent: /Тип: ранова/, serpentDc: /: 11/ },
};

// Each calculator in a fresh page: the reference keeps the entry it showed last and the search text.
async function fresh(lang) {
  return openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
}

for (const lang of ["cs", "uk"]) {
  test(`the object, trap and poison calculators answer in the reference (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    // objects: wood, medium, resilient → AC 15, 4d8 (18); iron → AC 19
    let { page, errors, context } = await fresh(lang);
    await openEntry(page, w.object, "dm-object-ac");
    await tapCarefully(page, "rules.calc.object.material.wood");
    await tapCarefully(page, "rules.calc.object.size.medium");
    await tapCarefully(page, "rules.calc.object.resilience.resilient");
    let r = await see(page, "rules.calc.object.result", { minH: 8, where: (x) => w.hp.test(x.label) });
    assert.match(r.label, w.wood);
    assert.match(r.label, w.avg);
    await reveal(page, "rules.calc.object.result");
    await shotNow(page, `dm-calc-${lang}-object`);
    await tapCarefully(page, "rules.calc.object.material.iron");
    await see(page, "rules.calc.object.result", { minH: 8, where: (x) => w.iron.test(x.label) });
    // the DM puts the iron object into the campaign as a target (AddObject): AC 19, immune to poison and psychic
    await see(page, "rules.calc.object.add");
    await tapCarefully(page, "rules.calc.object.add");
    const added = await untilCampaign(page, (c) => c.creatures.length === 1, "the object in the campaign");
    assert.equal(added.creatures[0].ac, 19);
    assert.ok(added.creatures[0].modules?.objects?.object, "marked as an object");
    assert.ok(added.creatures[0].immunities.includes("poison"));
    assert.deepEqual(errors, []);
    await context.close();

    // traps: dangerous at level 7 → DC 12–15, 4d10
    ({ page, errors, context } = await fresh(lang));
    await openEntry(page, w.trap, "dm-trap-effects");
    await tapCarefully(page, "rules.calc.trap.severity.dangerous");
    for (let i = 1; i < 7; ++i) await tapCarefully(page, "rules.calc.trap.level.plus");
    r = await see(page, "rules.calc.trap.result", { minH: 8, where: (x) => w.trap7.test(x.label) });
    assert.match(r.label, w.dc);
    await reveal(page, "rules.calc.trap.result");
    await shotNow(page, `dm-calc-${lang}-trap`);
    assert.deepEqual(errors, []);
    await context.close();

    // poisons: serpent venom → injury, DC 11, 200 gp
    ({ page, errors, context } = await fresh(lang));
    await openEntry(page, w.poison, "dm-poison-list");
    await tapCarefully(page, "rules.calc.poison.id.serpent-venom");
    // The result changes on the frame after the tap: wait for it, not for a fixed time.
    await see(page, "rules.calc.poison.result", { minH: 8, where: (x) => w.serpent.test(x.label) });
    r = await reveal(page, "rules.calc.poison.result");
    assert.match(r.label, w.serpent);
    assert.match(r.label, /200/);
    assert.match(r.label, w.serpentDc);
    await reveal(page, "rules.calc.poison.result");
    await shotNow(page, `dm-calc-${lang}-poison`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
