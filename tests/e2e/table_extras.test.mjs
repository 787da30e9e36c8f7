// Table extras at 412×915 with touch: legendary resistances (set in the monster form, used from the Combat list,
// undone), death saves marked as a success / failure without a die, a tap on a widget under a visible notice,
// the text size re-rasterising the fonts, the players' view of NPC/monster HP in Settings, the number pad in landscape.
// Screenshots: build/e2e/extras-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, tapAt, state, until, widgets, waitWidget, settled, tapSettled, tapCarefully, scrollIntoView,
         openTab, tapTimes, typeReplacing, campaign, dispatch, untilCampaign, freshFrames, screenshotFailures,
         openApp, shotNow } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

test("legendary resistances: set in the monster form, used in Combat, refused at 0, undone", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env);
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
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
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

// A widget under a visible notice takes the tap (the notice draws over it but takes no input).
test("a tap on a widget under a visible notice reaches the widget", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, count: 12 }), 1);
  await openTab(page, "party");
  await waitWidget(page, "party.card.c1");
  for (let attempt = 0; ; attempt++) {
    // a refusal shows an error notice at the bottom, over the cards
    assert.equal(await dispatch(page, { type: "UseLegendaryResistance", target: "c1" }), 0);
    await waitWidget(page, "notice", { where: (w) => /no legendary resistances/.test(w.label) });
    await freshFrames(page, 3);  // an auto-sized window: its first frames have no size yet (a slow machine draws
    const n = await settled(page, "notice");  // few frames, so two equal reads alone may be the first frame twice)
    const cards = (await widgets(page)).filter((w) => w.id.startsWith("party.card.") && w.visible);
    const under = cards.find((w) => Math.min(w.y + w.h, n.y + n.h) - Math.max(w.y, n.y) >= 12);
    assert.ok(under, `a card under the notice ${JSON.stringify(n)}: ${JSON.stringify(cards)}`);
    const y = (Math.max(under.y, n.y) + Math.min(under.y + under.h, n.y + n.h)) / 2;
    await shotNow(page, "extras-en-04-notice-over-card");
    const before = (await widgets(page)).find((w) => w.id === "notice" && w.visible);
    if (!before) {  // the notice ended before the tap (a slow machine): once more
      assert.ok(attempt < 2, "the notice kept ending before the tap");
      continue;
    }
    await tapAt(page, n.x + n.w / 2, y);
    // the card under the notice opened the creature's sheet
    const hp = await waitWidget(page, "sheet.hpbar");
    assert.equal(hp.label, "7/7+0");
    break;
  }
  await shotNow(page, "extras-en-05-sheet-through-notice");
  assert.deepEqual(errors, []);
  await context.close();
});

test("text size: the fonts are rasterised again at the new size (sharp, not scaled)", { timeout: 600000 }, async () => {
  const dpr = 2.625;  // a real phone's ratio (openApp's default is 1: lib.mjs, testPhone)
  const { page, errors, context } = await openApp(env, { device: { deviceScaleFactor: dpr } });
  // the body font is 19 CSS px × the text scale, rasterised at whole device pixels and drawn 1:1
  const rasterised = (scale) => (s) => s.font_atlas_px === Math.floor(19 * scale * dpr) &&
                                       Math.abs(s.font_px - Math.floor(19 * scale * dpr) / dpr) < 0.01 &&
                                       Math.abs(s.font_scale - 1 / dpr) < 1e-4;
  const s0 = await state(page);
  assert.ok(rasterised(1)(s0), `normal: ${JSON.stringify(s0)}`);
  await openTab(page, "settings");
  await tapCarefully(page, "settings.text.large");
  const s1 = await until(page, rasterised(1.2), "large fonts rasterised");
  assert.ok(s1.font_px > s0.font_px + 3, `larger: ${s0.font_px} → ${s1.font_px}`);
  await shotNow(page, "extras-en-06-text-large");
  await tapCarefully(page, "settings.text.small");
  const s2 = await until(page, rasterised(0.85), "small fonts rasterised");
  assert.ok(s2.font_px < s0.font_px - 2, `smaller: ${s0.font_px} → ${s2.font_px}`);
  await shotNow(page, "extras-en-07-text-small");
  await tapCarefully(page, "settings.text.normal");
  await until(page, rasterised(1), "normal again");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Settings: what players see of NPC/monster HP (DM only), two columns on a wide screen", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Ліс" }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Гоблін", kind: "monster", hp: 7 }), 1);
  await openTab(page, "settings");
  await scrollIntoView(page, "settings.hp_others.status");
  await waitWidget(page, "settings.hp_others.status", { where: (w) => w.label.endsWith("[on]") });  // the default
  await tapCarefully(page, "settings.hp_others.hidden");
  await untilCampaign(page, (c) => c.settings.hp_visibility.others === "hidden", "others hidden");
  await scrollIntoView(page, "settings.hp_party.exact");
  await shotNow(page, "extras-uk-08-hp-visibility");
  await tapCarefully(page, "settings.hp_party.status");
  await untilCampaign(page, (c) => c.settings.hp_visibility.party === "status", "party as status");
  await tapSettled(page, "top.undo");
  await untilCampaign(page, (c) => c.settings.hp_visibility.party === "exact" && c.settings.hp_visibility.others === "hidden",
                      "undo: the party exact again");
  // players see the monster's HP as the DM chose ("?"), and not the control
  await tapCarefully(page, "settings.mode.player");
  await waitWidget(page, "settings.mode.player", { where: (w) => w.label.endsWith("[on]") });
  await freshFrames(page, 3);
  assert.ok(!(await widgets(page)).some((w) => w.id.startsWith("settings.hp_") && w.visible), "no control in player mode");
  await openTab(page, "party");
  await tapCarefully(page, "party.card.c1");
  await waitWidget(page, "sheet.hpbar");
  await shotNow(page, "extras-uk-09-player-sees-hidden-hp");
  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.dm");
  await waitWidget(page, "settings.mode.dm", { where: (w) => w.label.endsWith("[on]") });

  // landscape: two columns — the device's choices on the left, the campaign's on the right
  await page.setViewportSize({ width: 915, height: 412 });
  await freshFrames(page, 4);
  const rules = await scrollIntoView(page, "settings.exhaustion.2014");
  const hp = await scrollIntoView(page, "settings.hp_others.exact");
  assert.ok(hp.x + hp.w < 915 / 2 + 10, `HP visibility in the left column: ${JSON.stringify(hp)}`);
  assert.ok(rules.x > 915 / 2 - 10, `rules in the right column: ${JSON.stringify(rules)}`);
  await shotNow(page, "extras-uk-10-settings-landscape");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the number pad fits a phone in landscape: keys beside the display, the actions on screen", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { viewport: { width: 915, height: 412 } } });
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7, ac: 13 }), 1);
  const id = (await campaign(page)).creatures[0].id;
  await openTab(page, "party");
  await tapCarefully(page, `party.hp.${id}`);
  for (const w of ["pad.damage", "pad.9", "pad.close"]) {
    const r = await settled(page, w);
    assert.ok(r.y >= 0 && r.y + r.h <= 412 && r.h >= 44, `${w} on screen and big enough: ${JSON.stringify(r)}`);
  }
  const display = await settled(page, "pad.value"), key = await settled(page, "pad.1");
  assert.ok(key.x > display.x + display.w, "the keys are beside the display");
  await shotNow(page, "extras-en-06-pad-landscape");
  await tapSettled(page, "pad.3");
  await tapSettled(page, "pad.damage");
  await untilCampaign(page, (c) => c.creatures[0].hp === 4, "3 damage entered in landscape");
  assert.deepEqual(errors, []);
  await context.close();
});
