// The diseases panel on a character's sheet at 412×915 with touch, in Czech and Ukrainian: the DM switches the rule
// on in Settings, infects a character with sewer plague (incubating, then sick when time passes), the long rest asks
// its save as a prompt on the party screen (rolled), lesser restoration cures it (undoable); an exposure rolls the
// infection save; players see the infection but no buttons.
// Screenshots: <shots>/diseases-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, widgets, waitWidget, tapCarefully, tapAt, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, ruleSwitch, accepted, idOf, openSheet, openTab, openApp, gone } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const infections = (c, id) => c.creatures.find((x) => x.id === id).modules?.diseases?.infections || [];

const words = {
  cs: { incubating: /^Stoková nákaza — inkubace, příznaky/, sick: /^Stoková nákaza — nemoc propukla · SO 11/ },
  uk: { incubating: /^Стічна пошесть — інкубація, симптоми/, sick: /^Стічна пошесть — хвороба проявилася · СК 11/ },
};

for (const lang of ["cs", "uk"]) {
  test(`diseases on a character's sheet (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 12 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");

    // Off by default: the DM switches it on in Settings.
    await openTab(page, "settings");
    await ruleSwitch(page, "diseases", "dm");
    await waitWidget(page, "settings.rule.diseases", { where: (x) => x.label.endsWith("[off]") });
    await tapCarefully(page, "settings.rule.diseases");
    await untilCampaign(page, (c) => c.settings.rules.diseases === true, "the rule switched on");

    await openSheet(page, mira, "Mira");
    await tapCarefully(page, "sheet.disease.pick.sewer-plague");
    await waitWidget(page, "sheet.disease.pick.sewer-plague", { where: (x) => x.label.endsWith("[on]") });
    await tapCarefully(page, "sheet.disease.infect");
    c = await untilCampaign(page, (c) => infections(c, mira).length === 1, "sewer plague");
    assert.equal(infections(c, mira)[0].stage, "incubating");
    // Its text is read once on screen (a clipped widget keeps the label it was last drawn with).
    await scrollIntoView(page, "sheet.disease.sewer-plague", { minH: 10 });
    await waitWidget(page, "sheet.disease.sewer-plague", { where: (x) => w.incubating.test(x.label) });
    await shot(page, `diseases-${lang}-01-incubating`);

    // Four days later (1d4): sick, one level of exhaustion.
    await accepted(page, { type: "AdvanceTime", minutes: 4 * 1440 });
    c = await untilCampaign(page, (c) => infections(c, mira)[0]?.stage === "sick", "the symptoms");
    assert.equal(c.creatures.find((x) => x.id === mira).exhaustion, 1);
    await scrollIntoView(page, "sheet.disease.sewer-plague", { minH: 10 });
    await waitWidget(page, "sheet.disease.sewer-plague", { where: (x) => w.sick.test(x.label) });
    await scrollIntoView(page, "sheet.disease.sewer-plague.lesser");
    await shot(page, `diseases-${lang}-02-sick`);

    // The long rest asks the save; the prompt is answered on the party screen (rolled).
    await accepted(page, { type: "LongRest" });
    c = await campaign(page);
    const prompt = c.prompts.find((p) => p.kind === "diseases.sewer_plague_save");
    assert.ok(prompt, "the long rest's save");
    await tapCarefully(page, "sheet.back");
    await scrollIntoView(page, `prompt.${prompt.id}.roll`);
    await shot(page, `diseases-${lang}-03-prompt`);
    await tapCarefully(page, `prompt.${prompt.id}.roll`);
    c = await untilCampaign(page, (c) => !c.prompts.some((p) => p.id === prompt.id), "the save answered");
    const after = c.creatures.find((x) => x.id === mira);
    assert.ok([0, 2].includes(after.exhaustion), `exhaustion −1 or +1: ${after.exhaustion}`);

    // Lesser restoration cures what is left (a success may have cured it already); undo brings it back.
    await openSheet(page, mira, "Mira");
    if (infections(c, mira).length === 1) {
      await tapCarefully(page, "sheet.disease.sewer-plague.lesser");
      c = await untilCampaign(page, (c) => infections(c, mira).length === 0, "lesser restoration cured it");
      await gone(page, "sheet.disease.sewer-plague");
      const undo = await waitWidget(page, "top.undo");
      await tapAt(page, undo.x + undo.w / 2, undo.y + undo.h / 2);
      c = await untilCampaign(page, (c) => infections(c, mira).length === 1, "undo brings it back");
      await tapCarefully(page, "sheet.disease.sewer-plague.cure");
      c = await untilCampaign(page, (c) => infections(c, mira).length === 0, "the DM cured it");
    }

    // Exposure: the infection save is rolled (DC 15 for sight rot); either way the log says it.
    await tapCarefully(page, "sheet.disease.pick.sight-rot");
    await waitWidget(page, "sheet.disease.pick.sight-rot", { where: (x) => x.label.endsWith("[on]") });
    const before = (await campaign(page)).last_tx;
    await tapCarefully(page, "sheet.disease.expose");
    c = await untilCampaign(page, (c) => c.last_tx > before, "the exposure");
    if (infections(c, mira).length === 1) {
      await scrollIntoView(page, "sheet.disease.sight-rot.eyebright");
      await scrollIntoView(page, "sheet.disease.sight-rot", { minH: 10 });  // the line itself (it may sit above the button's view)
      await waitWidget(page, "sheet.disease.sight-rot", { where: (x) => /DC 15|SO 15|СК 15/.test(x.label) });
    }
    await shot(page, `diseases-${lang}-04-exposed`);

    // Players read an infection, without buttons.
    await accepted(page, { type: "InfectDisease", target: mira, disease: "cackle-fever", symptoms: true });
    await openTab(page, "settings");
    await tapCarefully(page, "settings.mode.player");
    await openSheet(page, mira, "Mira");
    await scrollIntoView(page, "sheet.disease.cackle-fever", { minH: 10 });  // a text line: players get no buttons
    const ws = await widgets(page);
    assert.ok(!ws.some((x) => x.id === "sheet.disease.cackle-fever.cure"), "no cure button for players");
    assert.ok(!ws.some((x) => x.id === "sheet.disease.infect"), "no infect button for players");
    await shot(page, `diseases-${lang}-05-player`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
