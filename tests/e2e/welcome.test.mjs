// The first start: a new phone opens on a short welcome — the language, who
// holds the phone, the campaign's name — instead of the Dice screen; it does not come back after a reload. A
// player goes on without a campaign (the DM's link brings one). The campaign's name in the top bar is one tap from
// its settings. Screenshots: build/e2e/welcome-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, waitForApp, shot, waitWidget, tapCarefully, tapSettled, typeReplacing, campaign, state, until,
         screenshotFailures, scrollIntoView, gone, chooseLanguage } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const playerMode = (page) => page.evaluate(() => localStorage.getItem("druzina.ui.player_mode"));

test("a DM's first start in Czech: language, name, the campaign created; no welcome after a reload", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { welcome: true, device: { locale: "uk-UA" } });
  assert.equal((await waitWidget(page, "screen.welcome")).label, "Ласкаво просимо до Дружини");
  await shot(page, "welcome-uk-01");
  await chooseLanguage(page, "welcome.lang.cs", "cs");  // Czech's texts fetched, the app restarts in Czech
  await waitWidget(page, "screen.welcome", { where: (w) => w.label === "Vítejte v Družině" });
  assert.equal((await waitWidget(page, "welcome.start")).label, "Založit kampaň");
  await typeReplacing(page, "welcome.name", "Sklep pod horou");
  await shot(page, "welcome-cs-02-named");
  await tapCarefully(page, "welcome.start");
  const c = await until(page, (s) => s.tab === "party", "the Party screen").then(() => campaign(page));
  assert.equal(c.name, "Sklep pod horou");
  assert.notEqual(await playerMode(page), "1");
  await waitWidget(page, "party.add_pc");
  assert.equal((await waitWidget(page, "top.campaign")).label, "Sklep pod horou");
  await shot(page, "welcome-cs-03-party");

  await page.reload();
  await waitForApp(page);
  await waitWidget(page, "top.campaign", { where: (w) => w.label === "Sklep pod horou" });
  await gone(page, "screen.welcome");

  // The name in the top bar opens its settings, scrolled to it.
  await tapSettled(page, "top.campaign");
  await until(page, (s) => s.tab === "settings", "Settings");
  const field = await scrollIntoView(page, "settings.campaign.name");
  assert.equal(field.label, "Sklep pod horou");
  await shot(page, "welcome-cs-04-top-bar-name");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a player's first start in Ukrainian: player mode, no campaign; 'Just roll dice' and a tab skip it", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { welcome: true, device: { locale: "uk-UA" } });
  await tapCarefully(page, "welcome.role.player");
  const start = await waitWidget(page, "welcome.start", { where: (w) => w.label === "Продовжити як гравець" });
  assert.ok(start);
  await shot(page, "welcome-uk-05-player");
  await tapCarefully(page, "welcome.start");
  await until(page, (s) => s.tab === "party", "the Party screen");
  assert.equal(await playerMode(page), "1");
  assert.ok(!(await campaign(page))?.name, "no campaign yet: the DM's link brings it");
  await gone(page, "screen.welcome");
  await context.close();

  // Another new phone: "Just roll dice" goes to the dice.
  const second = await openApp(env, { welcome: true, device: { locale: "uk-UA" } });
  await tapCarefully(second.page, "welcome.skip");
  await until(second.page, (s) => s.tab === "dice", "the Dice screen");
  await waitWidget(second.page, "dice.expr");
  await gone(second.page, "screen.welcome");
  await second.context.close();

  // And a third: a tab tapped is an answer too.
  const third = await openApp(env, { welcome: true });
  await waitWidget(third.page, "screen.welcome");
  await tapSettled(third.page, "tab.rules");
  await until(third.page, (s) => s.tab === "rules", "the Rules screen");
  await gone(third.page, "screen.welcome");
  assert.deepEqual([...errors, ...second.errors, ...third.errors], []);
  await third.context.close();
});
