// The Downtime screen at 412×915 with touch: a short rest spending hit dice, the exhausting rally (a second one
// is refused with a message), a long rest, advancing time; crafting projects from the journeys: the level-7
// dwarf smith's 50 gp item (2 gp/h, 25 h, 25 gp of materials) worked 10 hours with the overtime saves asked
// (DC 11 and 12), the bard's 50 gp painting finished with a check of 17 → 120 gp; the art value calculator.
// Screenshots: build/e2e/downtime-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, waitWidget, scrollIntoView, tapCarefully, typeReplacing, pad, openTab, campaign,
         dispatch, untilCampaign, screenshotFailures, openApp, accepted, see, openSheet, tapSettled } from "./lib.mjs";

// The crafting rule's projects (the module's campaign data).
const projects = (c) => c.modules?.crafting?.projects ?? [];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const hero = (c) => c.creatures.find((x) => x.id === "c1");

test("rests and time: hit dice, the rally once, a long rest, advancing the clock", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Bard", kind: "pc", level: 3, hit_die: 8, max_hp: 24, abilities: { con: 14 } }), 1);
  assert.equal(await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 15 }), 1);
  await openTab(page, "downtime");

  // a short rest with two hit dice
  await tapCarefully(page, "rest.hd.c1.plus");
  await tapCarefully(page, "rest.hd.c1.plus");
  await waitWidget(page, "rest.hd.c1.value", { where: (w) => w.label === "2" });
  await shot(page, "downtime-cs-01-rest");
  await tapCarefully(page, "rest.short");
  let c = await untilCampaign(page, (c) => hero(c).hit_dice_used === 2, "two hit dice spent");
  assert.ok(hero(c).hp >= 9 + 2 * (1 + 2), `healed at least 2 × (1 + CON 2): ${hero(c).hp}`);
  assert.equal(c.minutes, 60);
  await scrollIntoView(page, "downtime.summary");
  await shot(page, "downtime-cs-02-summary");

  // the exhausting rally: once between long rests
  await tapCarefully(page, "rest.rally");
  c = await untilCampaign(page, (c) => hero(c).exhaustion === 1, "the rally's exhaustion");
  await tapCarefully(page, "rest.rally");
  const refusal = await waitWidget(page, "notice", { where: (w) => /shromáždění|dlouh|důklad/i.test(w.label) });
  assert.ok(refusal.label.length > 10, refusal.label);
  await shot(page, "downtime-cs-03-rally-refused");
  c = await campaign(page);
  assert.equal(hero(c).exhaustion, 1, "the second rally changed nothing");

  // a long rest: exhaustion −1, the rally is available again
  await tapCarefully(page, "rest.long");
  c = await untilCampaign(page, (c) => hero(c).exhaustion === 0 && hero(c).hp === hero(c).max_hp, "the long rest");

  // two days and three hours pass
  const before = c.minutes;
  await tapCarefully(page, "time.days.plus");
  await tapCarefully(page, "time.days.plus");
  await tapCarefully(page, "time.hours.plus");
  await tapCarefully(page, "time.hours.plus");
  await waitWidget(page, "time.hours.value", { where: (w) => w.label === "3" });
  await tapCarefully(page, "time.advance");
  await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
  await tapSettled(page, "confirm.yes");
  c = await untilCampaign(page, (c) => c.minutes === before + 2 * 1440 + 3 * 60, "time advanced");
  await shot(page, "downtime-cs-04-time");
  assert.deepEqual(errors, []);
  await context.close();
});

test("projects: the smith's overtime saves, the bard's painting, the art calculator", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Thorin", kind: "pc", level: 7, race: "dwarf", max_hp: 60 }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Bard", kind: "pc", level: 3, max_hp: 20 }), 1);
  await openTab(page, "downtime");

  // the smith's 50 gp item
  await tapCarefully(page, "project.new");
  await tapCarefully(page, "project.kind.mundane");
  await typeReplacing(page, "project.name", "Meč");
  await tapCarefully(page, "project.crafter.c1");
  await tapCarefully(page, "project.value.value");
  await pad(page, 50, "pad.ok");
  const preview = await waitWidget(page, "project.preview", { where: (w) => /^2 /.test(w.label) });
  assert.match(preview.label, /25 h/);
  assert.match(preview.label, /25 zl/);
  await shot(page, "downtime-cs-05-new-project");
  await tapCarefully(page, "project.start");
  let c = await untilCampaign(page, (c) => projects(c).length === 1, "the smith's project");
  const sword = projects(c)[0];
  assert.equal(sword.goal_gp, 50);
  assert.equal(sword.materials_gp, 25);

  // 10 hours today, the overtime saves asked one by one
  await tapCarefully(page, `project.${sword.id}.hours.plus`);
  await tapCarefully(page, `project.${sword.id}.hours.plus`);
  await waitWidget(page, `project.${sword.id}.hours.value`, { where: (w) => w.label === "10" });
  await tapCarefully(page, `project.${sword.id}.saves.ask`);
  await tapCarefully(page, `project.${sword.id}.work`);
  await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
  await tapSettled(page, "confirm.yes");
  c = await untilCampaign(page, (c) => projects(c)[0].progress_gp === 20 && c.prompts.length === 2, "the work and two saves");
  assert.deepEqual(c.prompts.map((p) => p.data.dc), [11, 12]);
  await scrollIntoView(page, `prompt.${c.prompts[1].id}`);
  await shot(page, "downtime-cs-06-overtime");
  for (const p of c.prompts) {
    await tapCarefully(page, `prompt.${p.id}.roll`);
    await untilCampaign(page, (c) => c.prompts.every((x) => x.id !== p.id), "a save rolled");
  }

  // the bard paints with 50 gp of materials: 50 hours at 1 gp/h, 7 days of 8 hours
  await tapCarefully(page, "project.new");
  await tapCarefully(page, "project.kind.art");
  await typeReplacing(page, "project.name", "Obraz");
  await tapCarefully(page, "project.crafter.c2");
  await tapCarefully(page, "project.materials.value");
  await pad(page, 50, "pad.ok");
  await tapCarefully(page, "project.start");
  c = await untilCampaign(page, (c) => projects(c).length === 2, "the painting");
  const art = projects(c)[1];
  assert.equal(art.goal_gp, 50);
  await tapCarefully(page, `project.${art.id}.days.value`);
  await pad(page, 7, "pad.ok");
  await tapCarefully(page, `project.${art.id}.work`);
  await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
  await tapSettled(page, "confirm.yes");
  c = await untilCampaign(page, (c) => projects(c)[1].done, "the painting done");
  await tapCarefully(page, `project.${art.id}.finish_enter`);
  await pad(page, 17, "pad.ok");
  c = await untilCampaign(page, (c) => projects(c)[1].data.art_value_gp !== undefined, "the painting valued");
  assert.equal(projects(c)[1].data.art_value_gp, 120);
  const valued = await scrollIntoView(page, `project.${art.id}.art_value`);
  assert.equal(valued.label, "120");
  await shot(page, "downtime-cs-07-art");

  // the calculator: cost 50, check 24 → 250 gp
  await tapCarefully(page, "artcalc.check.value");
  await pad(page, 24, "pad.ok");
  await tapCarefully(page, "artcalc.cost.value");
  await pad(page, 50, "pad.ok");
  await waitWidget(page, "artcalc.value", { where: (w) => /250/.test(w.label) });
  const value = await scrollIntoView(page, "artcalc.value");
  assert.match(value.label, /250/);
  await shot(page, "downtime-cs-08-calculator");
  assert.deepEqual(errors, []);
  await context.close();
});

// Downtime that moves the world: two 10-hour days of the smith's sword move the clock to day 2, 18:00;
// the night between them is a long rest (the first day's overtime exhaustion goes), the summary under the Work
// button says so; the next work begins with the night and finishes the sword, which lands in his inventory.
for (const lang of ["uk", "cs"]) {
  test(`crafting moves the clock (${lang}): working days, the night's long rest, the finished sword in the inventory`, { timeout: 600000 }, async () => {
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "uk" ? "uk-UA" : "cs-CZ" } });
    const sword = lang === "uk" ? "Меч" : "Meč";
    await accepted(page, { type: "AddCreature", name: "Thorin", kind: "pc", level: 7, max_hp: 60, abilities: { con: 10 } });
    await accepted(page, { type: "AdvanceTime", minutes: 480 });  // day 1, 08:00
    await accepted(page, { type: "StartProject", kind: "mundane", crafter: "c1", name: sword, value_gp: 50 });
    let c = await campaign(page);
    const j = projects(c)[0].id;
    await openTab(page, "downtime");

    // 10 hours a day, two days, the saves rolled by the app
    await tapCarefully(page, `project.${j}.hours.plus`);
    await tapCarefully(page, `project.${j}.hours.plus`);
    await waitWidget(page, `project.${j}.hours.value`, { where: (w) => w.label === "10" });
    await tapCarefully(page, `project.${j}.days.plus`);
    await waitWidget(page, `project.${j}.days.value`, { where: (w) => w.label === "2" });
    const rest = await see(page, `project.${j}.rest`);
    assert.match(rest.label, lang === "uk" ? /тривалий відпочинок/ : /důkladný odpočinek/);
    await shot(page, `downtime-${lang}-09-two-days`);
    await tapCarefully(page, `project.${j}.work`);
    await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
    await tapSettled(page, "confirm.yes");
    c = await untilCampaign(page, (c) => projects(c)[0].progress_gp === 40, "two days of work");
    // 08:00–18:00, the night to 08:00, 08:00–18:00
    assert.equal(c.minutes, 1440 + 18 * 60);
    assert.ok(c.creatures[0].modules.crafting.workday, "his working day is open");
    const summary = await see(page, `project.${j}.summary`);
    assert.match(summary.label, lang === "uk" ? /день 1, 08:00 → день 2, 18:00/ : /den 1, 08:00 → den 2, 18:00/);
    assert.match(summary.label, lang === "uk" ? /Ніч була тривалим відпочинком для Thorin/ : /Noc byla důkladným odpočinkem – odpočívají: Thorin/);
    await shot(page, `downtime-${lang}-10-summary`);

    // the next work: he worked today, so it begins after the night (the choice is shown), and finishes the sword
    const worked = await see(page, `project.${j}.worked`);
    assert.match(worked.label, /Thorin/);
    assert.match(worked.label, /10/);
    await waitWidget(page, `project.${j}.day.next`);
    await shot(page, `downtime-${lang}-11-worked-today`);
    const exhaustedBefore = c.creatures[0].exhaustion;
    await tapCarefully(page, `project.${j}.work`);
    await waitWidget(page, "confirm.yes");  // a step that moves the clock asks first
    await tapSettled(page, "confirm.yes");
    c = await untilCampaign(page, (c) => projects(c)[0].done, "the sword finished");
    assert.equal(c.minutes, 2 * 1440 + 8 * 60 + 5 * 60);  // the night to day 3, 08:00, then 5 hours (10 gp at 2 gp/h)
    assert.equal(c.creatures[0].exhaustion, Math.max(0, exhaustedBefore - 1), "the night took one level of exhaustion");
    assert.deepEqual(c.creatures[0].inventory.map((i) => [i.name, i.value_gp]), [[sword, 50]]);
    const done = await see(page, `project.${j}.summary`);
    assert.match(done.label, lang === "uk" ? /додано до спорядження — Thorin \(50 зм\)/ : /přibývá do výbavy – Thorin \(50 zl\)/);
    await shot(page, `downtime-${lang}-12-done`);

    // the sword on his sheet, with its value
    await openSheet(page, "c1", "Thorin");
    await scrollIntoView(page, "sheet.item.0", { minH: 10 });  // a text line, lower than a button
    const item = await waitWidget(page, "sheet.item.0");
    assert.match(item.label, new RegExp(`^${sword}.*50 ${lang === "uk" ? "зм" : "zl"}`));
    await shot(page, `downtime-${lang}-13-inventory`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("where the party is: the DM moves it to the Shadowfell, a despair shows and ends", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await accepted(page, { type: "CreateCampaign", name: "Тіні" });
  await accepted(page, { type: "AddCreature", name: "Оля", kind: "pc", max_hp: 20 });
  await openTab(page, "downtime");
  const here = await scrollIntoView(page, "planes.current", { minH: 10 });
  assert.equal(here.label, "Матеріальний план");
  await tapCarefully(page, "planes.change");
  await tapCarefully(page, "planes.pick.shadowfell");
  await untilCampaign(page, (c) => c.modules?.planes?.plane === "shadowfell", "the party in the Shadowfell");
  await waitWidget(page, "planes.current", { where: (w) => w.label === "Царство тіней" });
  // A despair rolled for Olya (Rules → Tables → apply does the same): on the card, with its row's text.
  await accepted(page, { type: "RollTable", table: "shadowfell-despair", target: "c1", roll: 1 });
  const line = await scrollIntoView(page, "planes.affliction.c1", { minH: 10 });
  assert.match(line.label, /^Оля — розпач Царства тіней: /);
  await shot(page, "downtime-uk-planes");
  await tapCarefully(page, "planes.end.c1");
  await untilCampaign(page, (c) => !c.creatures[0].modules?.planes?.affliction, "the despair ended");
  assert.deepEqual(errors, []);
  await context.close();
});
