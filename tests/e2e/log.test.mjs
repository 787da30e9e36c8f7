// The log and player mode on the DM's phone: the log screen shows the story
// newest first under the day it was played, each step in full; a notice never cuts a line off and the log opens
// at the step it tells of; Undo says what it undid. In player mode the log leaves out the DM's secrets, undo
// reaches only what was done in player mode, monsters are not rollers, and going back to DM mode can be locked
// with a PIN. The history: session by session, a past session folded into one line by the DM and
// brought back by Undo, in Czech and Ukrainian at phone size. Screenshots: build/e2e/log-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, shot, waitWidget, tapCarefully, tapSettled, accepted, campaign, untilCampaign, openTab,
         screenshotFailures, scrollIntoView, ruleSwitch, gone, widgets, freshFrames, idOf, waitForApp } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const playerMode = (page) => page.evaluate(() => localStorage.getItem("druzina.ui.player_mode"));

async function table(page) {
  await accepted(page, { type: "CreateCampaign", name: "Sklep" });
  await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", hp: 17, abilities: { cha: 16 } });
  await accepted(page, { type: "AddCreature", name: "Hans", kind: "npc", hp: 12 });
  await accepted(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7 });
  await accepted(page, { type: "AddCreature", name: "Číhající stín", kind: "monster", hp: 30, hidden: true });
  return campaign(page);
}

async function typePin(page, pin) {
  await waitWidget(page, "pad.value");
  for (const d of pin) await tapSettled(page, `pad.${d}`);
  await waitWidget(page, "pad.value", { where: (w) => w.label === "•".repeat(pin.length) });
  await tapSettled(page, "pad.ok");
}

test("the log in Czech: each step in full, newest first, under the day; the notice leads to it; undo says what it undid", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  const c = await table(page);
  const mira = idOf(c, "Mira"), goblin = idOf(c, "Goblin");
  await openTab(page, "party");
  await accepted(page, { type: "ApplyDamage", target: mira, amount: 9, damage_type: "slashing" });
  await accepted(page, { type: "ApplyDamage", target: goblin, amount: 3 });
  const hit = (await campaign(page)).last_tx;

  await tapSettled(page, "top.log");
  const top = await waitWidget(page, `log.entry.${hit}`);
  assert.match(top.label, /^Goblin utrží 3 zranění/);
  const day = await waitWidget(page, "log.session.1");
  assert.match(day.label, /^Hráno /);
  const mira_hit = await waitWidget(page, `log.entry.${hit - 1}`);
  assert.match(mira_hit.label, /Mira utrží 9 zranění \(sečné\): životy 17 → 8\./);
  assert.ok(top.y < mira_hit.y, "newest first");
  await shot(page, "log-cs-01-log");
  // Every step of the campaign is there, the first one at the bottom.
  const first = await scrollIntoView(page, "log.entry.1", { minH: 10 });
  assert.match(first.label, /Sklep/);
  assert.ok(!(await widgets(page)).some((w) => w.id === "log.older"), "the whole story is kept: no \"older steps\" line");
  await tapSettled(page, "top.log");  // tapped again: closed
  await gone(page, "log.close");
  await waitWidget(page, "party.add_pc");

  // Undo and redo say what they took back and brought back; while that notice shows, the log opens at its step.
  await accepted(page, { type: "AddNote", text: "Mira zná cestu." });
  const undone = (await campaign(page)).last_tx;
  await tapSettled(page, "top.undo");
  const n = await waitWidget(page, "notice", { where: (w) => w.label.startsWith("Vráceno zpět") });
  assert.equal(n.label, "Vráceno zpět: Poznámka: Mira zná cestu.");
  await untilCampaign(page, (x) => x.last_tx === undone - 1 && !x.notes.length, "the note undone");
  await shot(page, "log-cs-02-undone");
  await tapSettled(page, "top.redo");
  await waitWidget(page, "notice", { where: (w) => w.label === "Znovu provedeno: Poznámka: Mira zná cestu." });
  await tapSettled(page, "top.log");  // while the notice shows: the log opens at its step, highlighted
  const entry = await waitWidget(page, `log.entry.${undone}`);
  assert.equal(entry.label, "Poznámka: Mira zná cestu.");
  await tapSettled(page, "log.close");
  await gone(page, "log.close");

  // "Roll monsters' saves for me": the ogre's massive-damage save is rolled at once and is in the log; Mira's
  // still waits for the table.
  await openTab(page, "settings");
  await ruleSwitch(page, "monster-saves", "table");
  await waitWidget(page, "settings.rule.monster-saves", { where: (x) => x.label.endsWith("[off]") });
  await tapCarefully(page, "settings.rule.monster-saves");
  await untilCampaign(page, (x) => x.settings.rules["monster-saves"] === true, "the rule on");
  await accepted(page, { type: "AddCreature", name: "Zlobr", kind: "monster", hp: 59, abilities: { con: 16 } });
  const ogre = idOf(await campaign(page), "Zlobr");
  await accepted(page, { type: "ApplyDamage", target: ogre, amount: 30 });
  const after = await campaign(page);
  assert.ok(!after.prompts.some((p) => p.creature === ogre), "no card waits for the ogre's save");
  await accepted(page, { type: "ApplyDamage", target: mira, amount: 1 });  // (no save: too little)
  await tapSettled(page, "top.log");
  const rolled = await waitWidget(page, `log.entry.${after.last_tx}`);
  assert.match(rolled.label, /Zlobr utrží 30 zranění/);
  assert.match(rolled.label, /Zlobr.*SO 15.*(úspěch|neúspěch)/s);
  await shot(page, "log-cs-03-monster-save");
  assert.deepEqual(errors, []);
  await context.close();
});

test("player mode in Ukrainian: no DM secret in the log, undo only of the player's steps, no monster rolls, a PIN back to DM mode", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  const c = await table(page);
  const mira = idOf(c, "Mira"), hans = idOf(c, "Hans"), goblin = idOf(c, "Goblin");
  await accepted(page, { type: "AddNote", text: "Ганс — зрадник", secret: true });
  await accepted(page, { type: "ChangeLoyalty", target: hans, reason: "help", roll: 3 });

  // The DM locks DM mode with a PIN (typed twice), then hands the phone over.
  await openTab(page, "settings");
  await tapCarefully(page, "settings.pin.lock");
  await typePin(page, "2468");
  await waitWidget(page, "pad.value", { where: (w) => w.label === "" });  // the second pad: the same PIN again
  await typePin(page, "2468");
  await waitWidget(page, "settings.pin.remove");
  await tapCarefully(page, "settings.mode.player");
  await waitWidget(page, "settings.mode.player", { where: (w) => w.label.endsWith("[on]") });
  assert.equal(await playerMode(page), "1");

  // The DM's last step (the loyalty roll) is not the player's to undo.
  const before = await campaign(page);
  await tapSettled(page, "top.undo");
  await freshFrames(page, 3);
  assert.equal((await campaign(page)).last_tx, before.last_tx, "the DM's step stays");

  // The player's own step can be undone.
  await accepted(page, { type: "ApplyDamage", target: mira, amount: 2 });
  await tapSettled(page, "top.undo");
  await waitWidget(page, "notice", { where: (w) => w.label.startsWith("Скасовано: Mira отримує 2 шкоди") });
  await untilCampaign(page, (x) => x.last_tx === before.last_tx, "the player's step undone");
  await tapSettled(page, "top.undo");
  await freshFrames(page, 3);
  assert.equal((await campaign(page)).last_tx, before.last_tx, "and no further");

  // The log: what the party knows.
  await tapSettled(page, "top.log");
  await waitWidget(page, "log.session.1");
  const text = (await widgets(page)).filter((w) => w.id.startsWith("log.entry.")).map((w) => w.label).join("\n");
  assert.match(text, /Goblin/);
  for (const secret of ["зрадник", "Číhající", "ідданість", "Hans: +"]) assert.ok(!text.includes(secret), `no ${secret} in a player's log`);
  await shot(page, "log-uk-03-player-log");
  await tapSettled(page, "log.close");

  // Dice: only the party rolls.
  await openTab(page, "dice");
  await tapCarefully(page, "dice.who");
  await waitWidget(page, `dice.who.${mira}`);
  const who = (await widgets(page)).filter((w) => w.id.startsWith("dice.who.")).map((w) => w.id);
  assert.ok(!who.includes(`dice.who.${goblin}`) && !who.includes(`dice.who.${hans}`), `no monster or NPC rolls: ${who}`);
  await tapSettled(page, `dice.who.${mira}`);

  // Back to DM mode: the PIN. A wrong one keeps player mode.
  await openTab(page, "settings");
  await tapCarefully(page, "settings.mode.dm");
  await typePin(page, "1111");
  await waitWidget(page, "notice", { where: (w) => w.label.startsWith("Неправильний PIN") });
  assert.equal(await playerMode(page), "1");
  await shot(page, "log-uk-04-wrong-pin");
  await tapCarefully(page, "settings.mode.dm");
  await typePin(page, "2468");
  await waitWidget(page, "settings.mode.dm", { where: (w) => w.label.endsWith("[on]") });
  assert.equal(await playerMode(page), "0");
  // The DM's log has it all, and the DM's undo reaches the DM's steps again.
  await tapSettled(page, "top.log");
  await waitWidget(page, "log.session.1");
  const dm = (await widgets(page)).filter((w) => w.id.startsWith("log.entry.")).map((w) => w.label).join("\n");
  assert.match(dm, /зрадник/);
  await tapSettled(page, "top.undo");
  await untilCampaign(page, (x) => x.last_tx === before.last_tx - 1, "the DM undoes the loyalty roll");
  assert.deepEqual(errors, []);
  await context.close();
});

// The page's clock moved on (Date.now, what the app stamps each step with): a later evening of play.
async function laterBy(page, hours) {
  await page.evaluate((ms) => {
    const real = window.__realNow || (window.__realNow = Date.now.bind(Date));
    window.__shift = (window.__shift || 0) + ms;
    Date.now = () => real() + window.__shift;
  }, hours * 3600 * 1000);
}

for (const [lang, locale, words] of [
  ["cs", "cs-CZ", { session: /sezení 1$/, summary: /^Ve zkratce: 8 kroků · způsobeno 7 zranění · družina utržila 9 zranění · 1 poražený nepřítel · 1 krátký odpočinek\.$/, fold: "Shrnout do řádku", folded: /Sezení 1 v deníku shrnuto/ }],
  ["uk", "uk-UA", { session: /сесія 1$/, summary: /^Коротко: 8 кроків · завдано 7 шкоди · загін отримав 9 шкоди · переможених ворогів: 1 · 1 короткий відпочинок\.$/, fold: "Згорнути в рядок", folded: /Сесію 1 в журналі згорнуто/ }],
]) {
  test(`the history in ${lang}: two evenings, the older one folded into one line by the DM, Undo brings it back`, { timeout: 600000 }, async () => {
    const { page, errors, context } = await openApp(env, { device: { locale } });
    const c = await table(page);
    const mira = idOf(c, "Mira"), goblin = idOf(c, "Goblin");
    await accepted(page, { type: "ApplyDamage", target: mira, amount: 9, damage_type: "slashing" });
    await accepted(page, { type: "ApplyDamage", target: goblin, amount: 7 });
    await accepted(page, { type: "ShortRest" });
    await laterBy(page, 7 * 24);  // a week later
    await accepted(page, { type: "AddCreature", name: "Ork", kind: "monster", hp: 15 });
    await accepted(page, { type: "ApplyDamage", target: idOf(await campaign(page), "Ork"), amount: 4 });
    const last = (await campaign(page)).last_tx;

    await tapSettled(page, "top.log");
    const newest = await waitWidget(page, "log.session.2");
    const older = await waitWidget(page, "log.session.1");
    assert.match(older.label, words.session);
    assert.ok(newest.y < older.y, "the newest session first");
    assert.ok(!(await widgets(page)).some((w) => w.id === "log.fold.2"), "the newest session cannot be folded");
    const fold = await scrollIntoView(page, "log.fold.1");
    assert.equal(fold.label, words.fold);
    await shot(page, `log-${lang}-05-two-sessions`);
    await tapSettled(page, "log.fold.1");
    const summary = await waitWidget(page, "log.summary.1");
    assert.match(summary.label, words.summary);
    await untilCampaign(page, (x) => x.last_tx === last + 1, "the fold is a step");
    const ids = (await widgets(page)).map((w) => w.id);
    assert.ok(!ids.includes("log.entry.3") && !ids.includes("log.fold.1"), `the older session's steps folded: ${ids}`);
    const step = await waitWidget(page, `log.entry.${last + 1}`);
    assert.match(step.label, words.folded);
    await scrollIntoView(page, "log.summary.1");
    await shot(page, `log-${lang}-06-folded`);

    // Undo takes the fold back: the steps are there again.
    await tapSettled(page, "top.undo");
    await untilCampaign(page, (x) => x.last_tx === last, "the fold undone");
    await waitWidget(page, "log.fold.1");
    await scrollIntoView(page, "log.entry.3", { minH: 10 });
    assert.ok(!(await widgets(page)).some((w) => w.id === "log.summary.1"), "no summary after the undo");
    // A reload keeps the story (the save's history and undo tail).
    await page.reload();
    await waitForApp(page);
    await tapSettled(page, "top.log");
    await waitWidget(page, "log.session.1");
    await waitWidget(page, `log.entry.${last}`);
    await shot(page, `log-${lang}-07-after-reload`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
