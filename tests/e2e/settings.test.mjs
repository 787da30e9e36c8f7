// Settings at 412×915 with touch: theme and text size (kept after a reload), rule switches and the exhaustion
// edition as undoable campaign commands, the export, a new campaign with confirmation.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, waitForApp, widgets, tap, until, shot, campaign, dispatch, reveal, tapVisible,
         tapSettled, shotNow, gone, settled, waitWidget } from "./lib.mjs";

// Patient waits that nudge the app awake: the machine is shared and slow at times.
const widget = (page, id, options = {}) => waitWidget(page, id, options);

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function waitCampaign(page, pred, what) {
  const end = Date.now() + 8000;
  for (;;) {
    const c = await campaign(page);
    if (pred(c)) return c;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(c.settings)}`);
    await page.waitForTimeout(50);
  }
}
async function openSettings(page) {
  await tapSettled(page, "tab.settings");
  await until(page, (s) => s.tab === "settings", "settings tab");
}
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

test("theme and text size switch at once and survive a reload", async () => {
  const { page, errors, context } = await openApp(env);
  await openSettings(page);
  await tapVisible(page, "settings.theme.light");
  await widget(page, "settings.theme.light", { where: (w) => w.label.endsWith("[on]") });
  assert.equal(await stored(page, "druzina.ui.theme"), "light");
  await shotNow(page, "settings-light-en");
  const before = (await widget(page, "settings.theme.light")).h;
  await tapVisible(page, "settings.text.large");
  await widget(page, "settings.text.large", { where: (w) => w.label.endsWith("[on]") });
  assert.equal(await stored(page, "druzina.ui.text_size"), "large");
  await shotNow(page, "settings-light-large-en");
  await page.reload();
  await waitForApp(page);
  await openSettings(page);
  await reveal(page, "settings.theme.light");
  assert.ok((await widget(page, "settings.theme.light")).label.endsWith("[on]"), "light kept");
  assert.ok((await widget(page, "settings.text.large")).label.endsWith("[on]"), "large kept");
  await tapSettled(page, "tab.dice");
  await shotNow(page, "dice-light-large-en");
  await openSettings(page);
  await tapVisible(page, "settings.theme.contrast");
  await tapVisible(page, "settings.text.normal");
  await shotNow(page, "settings-contrast-en");
  await tapSettled(page, "tab.dice");
  await shotNow(page, "dice-contrast-en");
  assert.ok(before > 40);
  assert.deepEqual(errors, []);
  await context.close();
});

test("rule switches, exhaustion edition and potion warning change the campaign and undo", async () => {
  const { page, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Test" }), 1);
  await openSettings(page);
  // The switches are folded in three groups, each card saying how many of its rules are on.
  const house = await reveal(page, "settings.rules.house");
  assert.match(house.label, /^\+ Domácí pravidla$/);
  await tapVisible(page, "settings.rules.house");
  await widget(page, "settings.rules.house", { where: (w) => w.label.startsWith("−") });
  const rules = (await widgets(page)).filter((w) => w.id.startsWith("settings.rule."));
  assert.ok(rules.length >= 14, `the house rules' switches: ${rules.map((w) => w.id)}`);
  assert.ok(!rules.some((w) => w.id === "settings.rule.diseases"), "a DM rule is not among the house rules");
  const id = rules[0].id;
  const wasOn = rules[0].label.endsWith("[on]");
  await tapVisible(page, id);
  await widget(page, id, { where: (w) => w.label.endsWith(wasOn ? "[off]" : "[on]") });
  const c1 = await campaign(page);
  assert.ok(Object.values(c1.settings.rules).includes(!wasOn), `rules map changed: ${JSON.stringify(c1.settings.rules)}`);
  await reveal(page, id);
  await shotNow(page, "settings-rule-toggled-cs");
  await tapVisible(page, id);
  await widget(page, id, { where: (w) => w.label.endsWith(wasOn ? "[on]" : "[off]") });
  await tapVisible(page, "settings.rules.house");  // folded again
  await gone(page, id);
  await tapVisible(page, "settings.exhaustion.2024");
  await waitCampaign(page, (c) => c.settings.exhaustion_edition === 2024, "2024");
  // The potions rule keeps its threshold in its own campaign data (absent = the default 3).
  const threshold = (c) => c.modules?.potions?.warning_threshold ?? 3;
  const p0 = threshold(await campaign(page));
  await tapVisible(page, "settings.potions.plus");
  await waitCampaign(page, (c) => threshold(c) === p0 + 1, "potions +1");
  await reveal(page, "settings.potions.value");
  await shotNow(page, "settings-rules-cs");
  await tapSettled(page, "top.undo");
  await waitCampaign(page, (c) => threshold(c) === p0, "undo");
  await context.close();
});

test("export shows the campaign JSON with copy and download; a new campaign needs a confirmation", async () => {
  const { page, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Стара" }), 1);
  await openSettings(page);
  await tapVisible(page, "settings.export");
  const text = await reveal(page, "settings.export.text");
  assert.ok(parseInt(text.label, 10) > 50, "export text present");
  await tapVisible(page, "settings.export.copy");
  await widget(page, "notice");
  const copied = await page.evaluate(() => Module.druzinaLastCopied || "");
  assert.match(copied, /Стара/);
  const download = page.waitForEvent("download", { timeout: 5000 }).catch(() => null);
  await tapVisible(page, "settings.export.download");
  const d = await download;
  if (d) assert.match(d.suggestedFilename(), /\.json$/);
  await reveal(page, "settings.export.copy");
  await shotNow(page, "settings-export-uk");
  await tapVisible(page, "settings.export");  // closed again: a swipe over the field scrolls the field
  await gone(page, "settings.export.text");

  await tapVisible(page, "settings.reset");
  await settled(page, "confirm.yes");
  await shotNow(page, "settings-reset-confirm-uk");
  await tapSettled(page, "confirm.no");
  await page.waitForTimeout(200);
  assert.equal((await campaign(page)).name, "Стара", "cancel keeps the campaign");
  await tapVisible(page, "settings.reset");
  await tapSettled(page, "confirm.yes");
  await waitCampaign(page, (c) => c.name === "", "a new empty campaign");
  // The old one stays in the list of campaigns, its stored value as it was.
  const lib = JSON.parse(await stored(page, "druzina.library"));
  const old = lib.campaigns.find((c) => c.name === "Стара");
  assert.ok(old, `the old one kept in the list: ${JSON.stringify(lib.campaigns)}`);
  assert.match(await stored(page, `druzina.${old.key}`), /Стара/, "the old one kept aside");
  await page.reload();
  await waitForApp(page);
  assert.equal((await campaign(page)).name, "", "still new after a reload");
  await context.close();
});

test("settings in Czech and Ukrainian", async () => {
  for (const locale of ["cs-CZ", "uk-UA"]) {
    const { page, context } = await openApp(env, { device: { locale } });
    await openSettings(page);
    await shotNow(page, `settings-top-${locale.slice(0, 2)}`);
    await reveal(page, "settings.exhaustion.2014");  // under the three folded groups of rule switches
    await shotNow(page, `settings-rules-${locale.slice(0, 2)}`);
    await reveal(page, "settings.reset");
    await shotNow(page, `settings-data-${locale.slice(0, 2)}`);
    await context.close();
  }
});
