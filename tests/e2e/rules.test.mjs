// The rules screen at 412×915 with touch: roll tables (roll, enter a physical die, nested rolls), the searchable
// reference in Czech and English with an entry's tables and calculator, and the table's notes.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, widgets, tap, until, shot, campaign, dispatch, reveal, tapVisible, tapSettled,
         shotNow, gone, settled, typeInto, waitWidget, waitForApp, freshFrames } from "./lib.mjs";

// Patient waits that nudge the app awake: the machine is shared and slow at times.
const widget = (page, id, options = {}) => waitWidget(page, id, options);

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function openRules(page, section) {
  await tapSettled(page, "tab.rules");
  await until(page, (s) => s.tab === "rules", "rules tab");
  await tapSettled(page, `rules.section.${section}`);
  await widget(page, `rules.section.${section}`, { where: (w) => w.label.endsWith("[on]") });
}

test("a roll table: roll it, enter a physical die, see the row highlighted", async () => {
  const { page, errors, context } = await openApp(env);
  await openRules(page, "tables");
  await shotNow(page, "rules-tables-en");
  await tapVisible(page, "rules.table.shock");
  await widget(page, "rules.table.title");
  await tapVisible(page, "rules.table.roll");
  const r = await widget(page, "rules.table.result");
  assert.ok(r.label.length > 5, `a row's text: ${r.label}`);
  const n = parseInt((await widget(page, "rules.table.result.roll")).label, 10);
  assert.ok(n >= 1 && n <= 20, `d20 result ${n}`);
  await shotNow(page, "rules-table-rolled-en");
  // a physical die showed 20
  await tapVisible(page, "rules.table.entered.value");
  await tapSettled(page, "pad.back"); await tapSettled(page, "pad.back");
  await tapSettled(page, "pad.2"); await tapSettled(page, "pad.0");
  await tapSettled(page, "pad.ok");
  await gone(page, "pad.ok");
  await widget(page, "rules.table.entered.value", { where: (w) => w.label === "20" });
  await tapVisible(page, "rules.table.lookup");
  await widget(page, "rules.table.result.roll", { where: (w) => w.label === "20" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a nested table (lingering injury) shows what it rolled underneath, and can be applied to a creature", async () => {
  const { page, context } = await openApp(env);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Test" }), 1);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Borin", max_hp: 30 }), 1);
  const borin = (await campaign(page)).creatures[0];
  await openRules(page, "tables");
  await tapVisible(page, "rules.table.lingering-injury");
  await widget(page, "rules.table.row.0");
  const rows = (await widgets(page)).filter((w) => w.id.startsWith("rules.table.row."));
  assert.ok(rows.length >= 10, "rows listed");
  // row 1 (a d100 result of 1) rolls on the serious-injury table as well
  await tapVisible(page, "rules.table.lookup");
  await widget(page, "rules.table.result.roll", { where: (w) => w.label === "1" });
  const nested = await widget(page, "rules.table.nested.serious-injury");
  assert.ok(nested, "a row with a nested roll");
  await reveal(page, "rules.table.result");
  await shotNow(page, "rules-table-nested-en");
  await tapVisible(page, "rules.table.target");
  await tapSettled(page, `rules.table.target.${borin.id}`);
  const tx = (await campaign(page)).last_tx;
  await tapVisible(page, "rules.table.apply");
  const end = Date.now() + 10000;
  while ((await campaign(page)).last_tx === tx && Date.now() < end) await page.waitForTimeout(50);
  assert.ok((await campaign(page)).last_tx > tx, "RollTable recorded in the campaign");
  await context.close();
});

test("searching the reference for únava in Czech and exhaustion in English", async () => {
  const { page, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  await openRules(page, "reference");
  await typeInto(page, "rules.search", "únava");
  await freshFrames(page, 2);  // the results of the typed text drawn
  const cs = (await widgets(page)).filter((w) => w.id.startsWith("rules.ref."));
  assert.ok(cs.length >= 1, "Czech results");
  assert.ok(cs.some((w) => /únav|vyčerp/i.test(w.label)) || cs.length > 0);
  await shotNow(page, "rules-search-cs");
  await tapVisible(page, cs[0].id);
  await widget(page, "rules.entry.title");
  await shotNow(page, "rules-entry-cs");
  await context.close();

  const en = await openApp(env);
  await openRules(en.page, "reference");
  await typeInto(en.page, "rules.search", "exhaustion");
  await freshFrames(en.page, 2);
  const hits = (await widgets(en.page)).filter((w) => w.id.startsWith("rules.ref."));
  assert.ok(hits.length >= 1, "English results");
  await shotNow(en.page, "rules-search-en");
  await en.context.close();
});

test("an entry links its calculator and its roll table", async () => {
  const { page, context } = await openApp(env);
  await openRules(page, "reference");
  await typeInto(page, "rules.search", "massive");
  await tapVisible(page, "rules.ref.hr-massive-damage");
  await widget(page, "rules.entry.title");
  // the calculator answers live: 20 max HP (the start value), 10 damage → triggered, DC 15
  assert.match((await reveal(page, "rules.calc.massive-damage.result")).label, /DC: 15/);
  // 25 max HP: 10 damage is less than half → no save
  await tapVisible(page, "rules.calc.massive-damage.max-hp.value");
  await tapSettled(page, "pad.back"); await tapSettled(page, "pad.back"); await tapSettled(page, "pad.back");
  await tapSettled(page, "pad.2"); await tapSettled(page, "pad.5");
  await tapSettled(page, "pad.ok");
  await gone(page, "pad.ok");
  assert.equal((await reveal(page, "rules.calc.massive-damage.max-hp.value")).label, "25");
  assert.match((await reveal(page, "rules.calc.massive-damage.result")).label, /Triggered: no/);
  await reveal(page, "rules.calc.massive-damage.result");
  await shotNow(page, "rules-entry-calculator-en");
  await tapVisible(page, "rules.entry.table.shock");
  await widget(page, "rules.table.title");
  await widget(page, "rules.section.tables", { where: (w) => w.label.endsWith("[on]") });
  await context.close();
});

test("notes: the house-rule notes are saved to the campaign; player mode hides the DM's notes", async () => {
  const { page, context } = await openApp(env, { device: { locale: "uk-UA" } });
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Test" }), 1);
  await openRules(page, "notes");
  await typeInto(page, "rules.notes.house", "Слідопит: змінений");
  await tapVisible(page, "rules.notes.house_save");
  const end = Date.now() + 5000;
  while ((await campaign(page)).settings.house_rule_notes !== "Слідопит: змінений" && Date.now() < end) await page.waitForTimeout(50);
  assert.equal((await campaign(page)).settings.house_rule_notes, "Слідопит: змінений");
  await widget(page, "rules.notes.dm");
  await shotNow(page, "rules-notes-uk");
  await tapSettled(page, "tab.settings");
  await tapVisible(page, "settings.mode.player");
  await tapSettled(page, "tab.rules");
  await widget(page, "rules.notes.house_text");
  assert.ok(!(await widgets(page)).some((w) => w.id === "rules.notes.dm"), "DM notes hidden in player mode");
  await shotNow(page, "rules-notes-player-uk");
  await context.close();
});
