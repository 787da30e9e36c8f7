// Table extras at 412×915 with touch: legendary resistances (set in the monster form, used from the Combat list,
// undone), death saves marked as a success / failure without a die, a tap on a widget under a visible notice,
// the text size re-rasterising the fonts, the players' view of NPC/monster HP in Settings.
// Screenshots: build/e2e/extras-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shot, state, widgets, waitWidget, tapSettled, tapCarefully, scrollIntoView, openTab, tapTimes,
         typeReplacing, campaign, dispatch, untilCampaign, freshFrames, screenshotFailures } from "./lib.mjs";
import { openPatient, shotNow } from "./touch_gestures.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

test("legendary resistances: set in the monster form, used in Combat, refused at 0, undone", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20, ac: 15 }), 1);
  await openTab(page, "party");
  await tapCarefully(page, "party.add_monster");
  await typeReplacing(page, "edit.name", "Dragon");
  await tapTimes(page, "edit.legendary.plus", 3);
  await tapTimes(page, "edit.legendary_res.plus", 2);
  await shotNow(page, "extras-en-01-monster-form");
  await tapCarefully(page, "edit.save");
  let c = await untilCampaign(page, (c) => c.creatures.length === 2, "the dragon added");
  assert.equal(c.creatures[1].legendary_resistances, 2);
  assert.equal(c.creatures[1].legendary_resistances_used, 0);
  assert.equal(c.creatures[1].legendary_actions, 3);

  assert.equal(await dispatch(page, { type: "StartEncounter", initiative: { c1: 15, c2: 10 } }), 1);
  await openTab(page, "combat");
  await waitWidget(page, "combat.legres.c2", { where: (w) => w.label === "2" });
  await tapCarefully(page, "combat.legres.c2.use");
  c = await untilCampaign(page, (c) => c.creatures[1].legendary_resistances_used === 1, "one resistance used");
  await waitWidget(page, "combat.legres.c2", { where: (w) => w.label === "1" });
  const notice = await waitWidget(page, "notice");
  assert.match(notice.label, /Dragon uses a legendary resistance \(1 left today\)/);
  await tapCarefully(page, "combat.legres.c2.use");
  await untilCampaign(page, (c) => c.creatures[1].legendary_resistances_used === 2, "both used");
  await waitWidget(page, "combat.legres.c2", { where: (w) => w.label === "0" });
  await scrollIntoView(page, "combat.legres.c2.use");
  await shotNow(page, "extras-en-02-legendary-used");
  // none left: the button is disabled (a tap changes nothing) and the engine refuses with a message
  await tapCarefully(page, "combat.legres.c2.use");
  await freshFrames(page, 3);
  assert.equal((await campaign(page)).creatures[1].legendary_resistances_used, 2);
  assert.equal(await dispatch(page, { type: "UseLegendaryResistance", target: "c2" }), 0);
  await waitWidget(page, "notice", { where: (w) => /no legendary resistance left today/.test(w.label) });

  // undo gives the last one back; redo uses it again
  await tapSettled(page, "top.undo");
  await untilCampaign(page, (c) => c.creatures[1].legendary_resistances_used === 1, "undone");
  await waitWidget(page, "combat.legres.c2", { where: (w) => w.label === "1" });
  await tapSettled(page, "top.redo");
  await untilCampaign(page, (c) => c.creatures[1].legendary_resistances_used === 2, "redone");

  // the DM edits the count down in the form: the used ones follow
  assert.equal(await dispatch(page, { type: "EndEncounter" }), 1);
  assert.equal(await dispatch(page, { type: "LongRest" }), 1);
  c = await campaign(page);
  assert.equal(c.creatures[1].legendary_resistances_used, 0, "a long rest gives them back");

  // player mode: a monster's resistances are not shown
  assert.equal(await dispatch(page, { type: "StartEncounter", initiative: { c1: 15, c2: 10 } }), 1);
  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.player");
  await openTab(page, "combat");
  await waitWidget(page, "combat.row.c2");
  await freshFrames(page, 3);
  assert.ok(!(await widgets(page)).some((w) => w.id.startsWith("combat.legres.") && w.visible),
            "players do not see a monster's legendary resistances");
  assert.deepEqual(errors, []);
  await context.close();
});

test("death saves: Success / Failure record a result without a die", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openPatient(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20 }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7 }), 1);
  assert.equal(await dispatch(page, { type: "StartEncounter", initiative: { c1: 15, c2: 10 } }), 1);
  assert.equal(await dispatch(page, { type: "ApplyDamage", target: "c1", amount: 20 }), 1);
  await openTab(page, "combat");
  await tapCarefully(page, "combat.c1.ds.success");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.successes === 1, "a success");
  let n = await waitWidget(page, "notice", { where: (w) => /úspěch/.test(w.label) });
  assert.equal(n.label, "Záchranný hod proti smrti (Mira): úspěch (1/3).");
  assert.doesNotMatch(n.label, /\d+,/, "no d20 number");
  await tapCarefully(page, "combat.c1.ds.failure");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.failures === 1, "a failure");
  n = await waitWidget(page, "notice", { where: (w) => /neúspěch/.test(w.label) });
  assert.equal(n.label, "Záchranný hod proti smrti (Mira): neúspěch (1/3).");
  await waitWidget(page, "combat.c1.ds", { where: (w) => w.label === "1/1" });
  await shotNow(page, "extras-cs-03-death-saves");
  // on the sheet too: a second failure, then undo takes it back
  await tapCarefully(page, "combat.more.c1");
  await tapCarefully(page, "sheet.ds.failure");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.failures === 2, "a second failure");
  await tapSettled(page, "top.undo");
  await untilCampaign(page, (c) => c.creatures[0].death_saves.failures === 1, "undone");
  assert.deepEqual(errors, []);
  await context.close();
});
