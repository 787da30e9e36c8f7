// Share links and QR codes (phone 412×915, touch): the Share screen's table link for 6 PCs and 10 monsters —
// its bytes decoded here in node (and by the CLI when it is built) hold none of the DM's secrets, and its QR
// code, read back from a screenshot by jsQR, is the link; a player opens it (a preview, her copy as a campaign of
// its own in player mode, undo, the fragment cleared); a newer link updates her copy and says what changed (not
// a second copy); a truncated, tampered or future-version link changes nothing and says why in cs/uk/en; a
// character goes DM → player → DM and merges after a preview (undoable); a whole campaign moves to another DM
// device. Screenshots of the Share screen and of an opened link in en, cs and uk.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { launch, openApp, waitForApp, root, phone, testPhone, campaign, dispatch, shot, waitWidget, widgets,
         tapCarefully, tapSettled, openTab, freshFrames, untilCampaign, screenshotFailures, gone, see } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const SECRETS = { hidden: "Vrah ve stínu", dmNotes: "BARON JE ZRÁDCE", secretNote: "PADACÍ DVEŘE POD OLTÁŘEM",
                  npcNotes: "TAJNĚ SLOUŽÍ BARONOVI", monsterHp: 87, monsterAc: 19 };

function i18n(lang, key) {
  const dir = path.join(root, "assets/i18n", lang);
  for (const f of fs.readdirSync(dir)) {
    const j = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    if (key in j) return j[key];
  }
  throw new Error(`no ${key} in ${lang}`);
}
const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, k) => String(args[k]));

// The DM's table: 6 PCs, 10 visible monsters and a hidden one, an NPC with loyalty and notes, DM notes, a secret
// note, monsters' HP hidden from players, a fight running.
async function dmTable(page) {
  const ok = async (c) => assert.equal(await dispatch(page, c), 1, JSON.stringify(c));
  await ok({ type: "CreateCampaign", name: "Sklep pod Vyšehradem" });
  for (const [name, hp] of [["Mira", 20], ["Borek", 31], ["Aňa", 17], ["Dobromil", 24], ["Jitka", 19], ["Ctibor", 28]])
    await ok({ type: "AddCreature", name, kind: "pc", max_hp: hp, ac: 15, level: 3 });
  await ok({ type: "AddCreature", name: "Goblin", kind: "monster", hp: SECRETS.monsterHp, ac: SECRETS.monsterAc, count: 10 });
  await ok({ type: "AddCreature", name: SECRETS.hidden, kind: "monster", hp: 40, ac: 16, hidden: true });
  await ok({ type: "AddCreature", name: "Hostinský", kind: "npc", hp: 9, modules: { "npc-loyalty": { score: 7 } }, notes: SECRETS.npcNotes });
  await ok({ type: "SetSettings", dm_notes: SECRETS.dmNotes, hp_visibility: { others: "hidden", party: "exact" } });
  await ok({ type: "AddNote", text: SECRETS.secretNote, secret: true });
  await ok({ type: "AddNote", text: "Družina dorazila do sklepa.", secret: false });
  await ok({ type: "SetCondition", target: "c1", condition: "poisoned", until: { kind: "rounds", rounds: 3 } });
  await ok({ type: "StartEncounter" });
  const c = await campaign(page);
  assert.ok(c.creatures.some((x) => x.hidden && x.name === SECRETS.hidden), "the hidden monster is hidden");
  assert.ok(c.creatures.some((x) => x.modules?.["npc-loyalty"]?.score === 7), "the NPC has loyalty");
  assert.equal(c.creatures.filter((x) => x.kind === "monster" && !x.hidden).length, 10);
  return c;
}

// A link's bytes decoded here, independently of the app: "#d1." base64url(kind · checksum(4) · raw DEFLATE(JSON)).
function decodeInNode(url) {
  const fragment = url.slice(url.indexOf("#") + 1);
  assert.match(fragment, /^d1\.[A-Za-z0-9_-]+$/, "a version-1 link in base64url");
  const bytes = Buffer.from(fragment.slice(3), "base64url");
  const kind = String.fromCharCode(bytes[0]);
  const raw = zlib.inflateRawSync(bytes.subarray(5)).toString("utf8");
  return { kind, json: JSON.parse(raw), text: raw };
}

// ruleData: the rules' data a character link may carry (fields the rules declare and do not mark secret, such
// as her hero points); any other "modules" key, or one in a table link, fails.
function assertNoSecrets(text, what, ruleData = []) {
  for (const s of [SECRETS.hidden, SECRETS.dmNotes, SECRETS.secretNote, SECRETS.npcNotes])
    assert.ok(!text.includes(s), `${what}: no ${s}`);
  const field = text.match(/"(loyalty|hidden|dm_notes|secret|prompts)"\s*:/);
  assert.ok(!field, `${what}: no loyalty, hidden flag, DM notes, secret or prompt field (${field && field[0]})`);
  const modules = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) (k === "modules" ? modules.push(x) : walk(x));
  };
  walk(JSON.parse(text));
  for (const m of modules) assert.deepEqual(Object.keys(m).sort(), [...ruleData].sort(), `${what}: only ${ruleData} of the rules' data`);
  assert.ok(ruleData.length === 0 || modules.length > 0, `${what}: the rules' data ${ruleData} is there`);
}

// The CLI's reading of the same link (when build/native/druzina exists).
function decodeWithCli(url) {
  const cli = path.join(root, "build/native/druzina");
  if (!fs.existsSync(cli)) return null;
  return JSON.parse(execFileSync(cli, ["--json", "open", url], { encoding: "utf8" }));
}

// The QR code as a camera would read it: a screenshot of it, decoded by jsQR in a blank page.
async function readQr(page) {
  const w = await waitWidget(page, "share.qr");
  await freshFrames(page, 2);
  const png = await page.screenshot({ clip: { x: w.x, y: w.y, width: w.w, height: w.h } });
  const reader = await env.browser.newPage();
  try {
    await reader.setContent("<canvas id=c></canvas>");
    await reader.addScriptTag({ path: path.join(root, "tests/e2e/node_modules/jsqr/dist/jsQR.js") });
    return await reader.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c = document.getElementById("c");
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height);
      const r = jsQR(d.data, d.width, d.height, { inversionAttempts: "dontInvert" });
      return r ? { data: r.data, version: r.version, pixels: img.width } : null;
    }, "data:image/png;base64," + png.toString("base64"));
  } finally {
    await reader.close();
  }
}

// The link as the Share screen shows it (below the QR code: read even when scrolled out of view).
async function shareLink(page, where = () => true) {
  const end = Date.now() + 30000;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === "share.link" && x.label.includes("#d1.") && where(x.label));
    if (w) return w.label;
    if (Date.now() > end) throw new Error("no share link");
    await page.evaluate(() => window.dispatchEvent(new Event("resize")));  // an idle app draws a frame
    await page.waitForTimeout(150);
  }
}

// A phone that opens a link: a page at the link's address (the fragment arrives at start). The other phones are the
// screen tests' own (lib.mjs testPhone: devicePixelRatio 1 unless DRUZINA_E2E_DPR); only the QR code is read from
// a screenshot, at a real phone's ratio (the first test).
async function openLink(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await waitForApp(page);
  return { page, errors };
}

// A character's sheet from the Party screen (a tap while the list still moves is tried again).
async function openSheet(page, id) {
  for (let attempt = 0; ; attempt++) {
    await tapCarefully(page, `party.card.${id}`);
    try {
      await waitWidget(page, "sheet.name", { timeout: 8000 });
      return;
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
}

const library = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("druzina.library") || '{"campaigns": []}'));
const playerMode = (page) => page.evaluate(() => localStorage.getItem("druzina.ui.player_mode"));
// Every stored value of the device (a refused link must change none).
const storage = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));
const visible = async (page, id) => (await widgets(page)).some((w) => w.id === id && w.visible);

test("the Share screen: a table link with a QR code that scans and its length; decoded, it holds no DM secret", async () => {
  // At a phone's devicePixelRatio: the QR code is read back from a screenshot as a camera would see the screen.
  const { page, context, errors } = await openApp(env, { device: phone });
  await dmTable(page);
  await openTab(page, "party");
  await tapCarefully(page, "party.share");
  await waitWidget(page, "screen.share");
  const url = await shareLink(page);
  const length = Number((await waitWidget(page, "share.length")).label);
  assert.equal(length, url.length);
  const fragmentLength = url.length - url.indexOf("#");
  const qrWidget = await waitWidget(page, "share.qr");
  const qr = await readQr(page);
  assert.ok(qr, "jsQR reads the code from a screenshot");
  assert.equal(qr.data, url, "the QR code is the link");
  console.log(`table link, 6 PCs + 10 monsters + 1 NPC: ${url.length} characters (fragment ${fragmentLength}); ` +
              `QR ${qrWidget.label} modules, version ${qr.version}, ${qrWidget.w}×${qrWidget.h} CSS px`);
  assert.ok(fragmentLength < 1000, `the table stays under ~1,000 characters (${fragmentLength})`);
  assert.ok(qrWidget.w >= 360, `a QR code across the screen: ${qrWidget.w}×${qrWidget.h}`);
  assert.equal(Number(qrWidget.label), 17 + 4 * qr.version, "modules match the version read back");
  assert.ok(!(await visible(page, "share.too_long")), "no long-link warning");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await tapCarefully(page, "share.copy");
  await page.waitForFunction(() => typeof Module.druzinaLastCopied === "string", null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => Module.druzinaLastCopied), await shareLink(page));

  // The link's own compact form (src/core/share/link.cpp): c = [[id, kind, name, hp, more?]…], e = [round, turn, order].
  const { kind, json, text } = decodeInNode(url);
  assert.equal(kind, "t");
  assert.equal(json.c.filter((c) => c[1] === "p").length, 6);
  assert.equal(json.c.filter((c) => c[1] === "m").length, 10, "the hidden monster is not in it");
  assertNoSecrets(text, "table link");
  for (const m of json.c.filter((c) => c[1] !== "p")) {
    assert.equal(m[3], 0, `${m[2]}: HP hidden as the DM chose (${JSON.stringify(m[3])})`);
    assert.ok(!(m[4] && "a" in m[4]), `${m[2]}: no AC`);
  }
  // Not anywhere as a number of its own (the link's time stamp and random id may hold those digits).
  const { t: _madeAt, id: _campaignId, ...held } = json;
  const hp = new RegExp(`(?<![0-9])${SECRETS.monsterHp}(?![0-9])`);
  assert.ok(!hp.test(JSON.stringify(held)), `no monster HP: ${JSON.stringify(held)}`);
  assert.ok(json.e && json.e[2].length >= 16, "the initiative order");
  const cli = decodeWithCli(url);
  if (cli) {
    assert.equal(cli.kind, "table");
    const t = JSON.stringify(cli);
    for (const s of [SECRETS.hidden, SECRETS.dmNotes, SECRETS.secretNote, SECRETS.npcNotes]) assert.ok(!t.includes(s), `CLI: no ${s}`);
    const monsters = cli.campaign.creatures.filter((c) => c.kind === "monster");
    assert.equal(monsters.length, 10);
    for (const m of monsters) assert.ok(m.hp !== SECRETS.monsterHp && m.ac !== SECRETS.monsterAc, `CLI: ${JSON.stringify(m)}`);
    assert.ok(!cli.campaign.creatures.some((c) => c.modules?.["npc-loyalty"] !== undefined), "CLI: no loyalty");
  }

  // A character link made in the app: Mira's sheet only, no loyalty, no other creature.
  await tapCarefully(page, "share.kind.character");
  const charUrl = await shareLink(page, (l) => l !== url);
  const ch = decodeInNode(charUrl);
  assert.equal(ch.kind, "c");
  assert.equal(ch.json.cr.name, "Mira");
  assertNoSecrets(ch.text, "character link");
  for (const other of ["Goblin", "Hostinský", "Borek"]) assert.ok(!ch.text.includes(other), `character link: no ${other}`);
  console.log(`character link: ${charUrl.length} characters`);
  // The whole campaign (DM to DM) holds everything, and says it is not for players.
  await tapCarefully(page, "share.kind.campaign");
  const campUrl = await shareLink(page, (l) => l !== url && l !== charUrl);
  assert.equal(decodeInNode(campUrl).kind, "a");
  assert.ok(decodeInNode(campUrl).text.includes(SECRETS.dmNotes), "the campaign link is the whole campaign");
  const qrCamp = await readQr(page);
  console.log(`campaign link: ${campUrl.length} characters; QR ${qrCamp ? "version " + qrCamp.version : "not drawn"}`);
  if (qrCamp) assert.equal(qrCamp.data, campUrl);

  for (const lang of ["en", "cs", "uk"]) {
    await page.evaluate((l) => localStorage.setItem("druzina.lang", l), lang);
    await page.reload();
    await waitForApp(page);
    await openTab(page, "party");
    await tapCarefully(page, "party.share");
    await waitWidget(page, "share.qr");
    const label = (await waitWidget(page, "share.copy")).label;
    assert.equal(label, i18n(lang, "ui.share.copy"), `${lang}: the screen speaks ${lang}`);
    await freshFrames(page, 3);
    await shot(page, `share-table-${lang}`);
    if (lang === "cs") assert.equal((await readQr(page)).data, await shareLink(page), "cs: the QR code scans");
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a player opens the link: a preview, her own copy in player mode (undoable); a newer link updates that copy", async () => {
  const dm = await openApp(env);
  const dmCampaign = await dmTable(dm.page);
  await openTab(dm.page, "party");
  await tapCarefully(dm.page, "party.share");
  const first = await shareLink(dm.page);

  const player = await env.browser.newContext(testPhone);
  const p1 = await openLink(player, first);
  const title = await waitWidget(p1.page, "link.title");
  assert.match(title.label, /Sklep pod Vyšehradem/);
  assert.equal((await campaign(p1.page)).creatures.length, 0, "nothing changed before the answer");
  assert.equal(await p1.page.evaluate(() => location.hash), "", "the fragment is cleared at once");
  const before = await library(p1.page);
  await shot(p1.page, "share-open-table-en");
  await tapCarefully(p1.page, "link.accept.copy");
  await waitWidget(p1.page, "link.done");
  const shown = dmCampaign.creatures.filter((x) => !x.hidden).length;
  const copy = await untilCampaign(p1.page, (c) => c.creatures.length === shown, "the player's copy");
  // The copy as the player's app holds it (every field, with defaults): no secret's value, no hidden creature.
  const copyText = JSON.stringify(copy);
  for (const s of [SECRETS.hidden, SECRETS.dmNotes, SECRETS.secretNote, SECRETS.npcNotes])
    assert.ok(!copyText.includes(s), `the player's copy: no ${s}`);
  assert.ok(copy.creatures.every((x) => !x.hidden && x.modules?.["npc-loyalty"] === undefined), "no hidden creature, no loyalty");
  assert.ok(!copy.creatures.some((x) => x.kind === "monster" && (x.ac === SECRETS.monsterAc || x.hp === SECRETS.monsterHp)), "no monster AC or HP");
  assert.equal(await playerMode(p1.page), "1", "player mode");
  const afterCopy = await library(p1.page);
  // her phone's only campaign was the first start's empty one: the copy takes its place (no empty campaign beside it)
  assert.equal(afterCopy.campaigns.length, before.campaigns.length, "the copy in place of the empty campaign");
  assert.equal(afterCopy.active, before.active);

  // Undo: the copy goes (into Recovery), her own campaign is back as it was.
  await tapCarefully(p1.page, "link.undo");
  await untilCampaign(p1.page, (c) => c.creatures.length === 0, "her own campaign again");
  const undone = await library(p1.page);
  assert.equal(undone.campaigns.length, before.campaigns.length);
  assert.equal(undone.active, before.active);
  assert.equal(await playerMode(p1.page), "0", "player mode as it was");

  // Opened again (a tap on the link), kept, and continued to the Party screen.
  await p1.page.evaluate((f) => { location.hash = f; }, first.slice(first.indexOf("#")));
  await tapCarefully(p1.page, "link.accept.copy");
  await tapCarefully(p1.page, "link.continue");
  await waitWidget(p1.page, "screen.party");
  await untilCampaign(p1.page, (c) => c.creatures.length === shown, "the player's copy again");
  await shot(p1.page, "share-player-copy-en");
  const copies = (await library(p1.page)).campaigns.length;

  // The DM hits Mira and shares again: the same campaign, a newer link.
  assert.equal(await dispatch(dm.page, { type: "ApplyDamage", target: "c1", amount: 7 }), 1);
  const second = await shareLink(dm.page, (l) => l !== first);
  await p1.page.evaluate((f) => { location.hash = f; }, second.slice(second.indexOf("#")));
  await waitWidget(p1.page, "link.question", { where: (w) => w.label === i18n("en", "ui.share.q.update") });
  assert.ok(await visible(p1.page, "link.accept.copy"), "she may keep it as a separate campaign instead");
  const change = await waitWidget(p1.page, "link.change.0");
  assert.match(change.label, /Mira: HP 20\/20 → 13\/20/);
  await shot(p1.page, "share-open-update-en");
  await tapCarefully(p1.page, "link.accept.update");
  await waitWidget(p1.page, "link.done", { where: (w) => /updated: 1 change/.test(w.label) });
  await untilCampaign(p1.page, (c) => c.creatures.find((x) => x.name === "Mira").hp === 13, "the updated copy");
  assert.equal((await library(p1.page)).campaigns.length, copies, "one copy, updated (not a second one)");
  // Undo the update: Mira as the first link had her; then the newer link once more.
  await tapCarefully(p1.page, "link.undo");
  await untilCampaign(p1.page, (c) => c.creatures.find((x) => x.name === "Mira").hp === 20, "the update undone");
  await p1.page.evaluate((f) => { location.hash = f; }, second.slice(second.indexOf("#")));
  await tapCarefully(p1.page, "link.accept.update");
  await untilCampaign(p1.page, (c) => c.creatures.find((x) => x.name === "Mira").hp === 13, "updated again");
  // Survives a reload, in player mode.
  await p1.page.reload();
  await waitForApp(p1.page);
  assert.equal((await campaign(p1.page)).creatures.find((x) => x.name === "Mira").hp, 13);
  assert.equal(await playerMode(p1.page), "1");

  // Czech and Ukrainian: the preview of the same link on a fresh phone each.
  for (const lang of ["cs", "uk"]) {
    const ctx = await env.browser.newContext({ ...testPhone, locale: lang === "cs" ? "cs-CZ" : "uk-UA" });
    const { page } = await openLink(ctx, second);
    const q = await waitWidget(page, "link.question");
    assert.equal(q.label, i18n(lang, "ui.share.q.copy"));
    await shot(page, `share-open-table-${lang}`);
    await tapCarefully(page, "link.accept.copy");
    await waitWidget(page, "link.done", { where: (w) => w.label === i18n(lang, "ui.share.copied_here") });
    await shot(page, `share-opened-${lang}`);
    await ctx.close();
  }
  assert.deepEqual(p1.errors, []);
  await player.close();
  await dm.context.close();
});

test("a truncated, tampered or future-version link changes nothing and says why (cs, uk, en)", async () => {
  const dm = await openApp(env);
  await dmTable(dm.page);
  await openTab(dm.page, "party");
  await tapCarefully(dm.page, "party.share");
  const url = await shareLink(dm.page);
  const hash = url.indexOf("#");
  await freshFrames(dm.page, 3);
  const before = await campaign(dm.page);
  const mid = hash + Math.floor((url.length - hash) / 2);
  const flip = (ch) => (ch === "A" ? "B" : "A");
  const bad = {
    truncated: url.slice(0, url.length - 25),
    tampered: url.slice(0, mid) + flip(url[mid]) + url.slice(mid + 1),
    future: url.replace("#d1.", "#d9."),
    junk: url.slice(0, hash) + "#d1.%%%not-base64%%%",
    empty: url.slice(0, hash) + "#d1.",
  };
  const stored = await storage(dm.page);
  const messages = {};
  for (const [what, link] of Object.entries(bad)) {
    // As a tap on the link would: the app starts with it (the DM's campaign is in this phone's storage).
    const { page, errors } = await openLink(dm.context, link);
    const n = await waitWidget(page, "link.error");
    messages[what] = n.label;
    assert.doesNotMatch(n.label, /json|exception|parse_error|\[/i, `${what}: a message for people, not a library's text`);
    assert.ok(!(await widgets(page)).some((w) => w.id.startsWith("link.accept") && w.visible), `${what}: nothing to accept`);
    assert.equal(await page.evaluate(() => location.hash), "", `${what}: the fragment is cleared`);
    assert.deepEqual(await campaign(page), before, `${what}: the campaign is unchanged`);
    if (what === "tampered") await shot(page, "share-bad-link-en");
    await tapCarefully(page, "link.ok");
    // OK closes the message: waited for (a loaded machine may draw the closing frame seconds after the tap).
    await gone(page, "link.error").catch(() => assert.fail(`${what}: OK closes the message`));
    assert.deepEqual(errors, []);
    await page.close();
  }
  assert.equal(messages.future, fill(i18n("en", "link.err.too_new"), { version: 9, supported: 1 }));
  assert.notEqual(messages.truncated, messages.future);
  // And arriving while the app runs (hashchange): the same refusal.
  await dm.page.evaluate((f) => { location.hash = f; }, bad.tampered.slice(bad.tampered.indexOf("#")));
  await waitWidget(dm.page, "link.error", { where: (w) => w.label === messages.tampered });
  assert.equal(await dm.page.evaluate(() => location.hash), "");
  console.log("link messages:", JSON.stringify(messages));
  assert.deepEqual(await campaign(dm.page), before, "the campaign is unchanged");
  const after = await storage(dm.page);
  for (const k of Object.keys(stored)) if (!k.startsWith("druzina.ui.")) assert.equal(after[k], stored[k], `${k} unchanged`);
  // Fresh phones in Czech and Ukrainian opened with a link of a newer app: it says so in their language.
  for (const [lang, locale] of [["cs", "cs-CZ"], ["uk", "uk-UA"]]) {
    const ctx = await env.browser.newContext({ ...testPhone, locale });
    const { page } = await openLink(ctx, bad.future);
    await waitWidget(page, "link.error", { where: (w) => w.label === fill(i18n(lang, "link.err.too_new"), { version: 9, supported: 1 }) });
    await waitWidget(page, "screen.link_error", { where: (w) => w.label === i18n(lang, "ui.share.err.title") });
    assert.equal((await campaign(page)).creatures.length, 0);
    await shot(page, `share-bad-link-${lang}`);
    const cut = await openLink(ctx, bad.truncated);
    const n = await waitWidget(cut.page, "link.error");
    assert.ok(n.label !== messages.truncated && n.label.length > 10, `${lang}: ${n.label}`);
    await ctx.close();
  }
  await dm.context.close();
});

test("a character goes DM → player → DM: merged after a preview, and undoable", async () => {
  const dm = await openApp(env);
  await dmTable(dm.page);
  // Hero points are the player's to spend: they come back with her character (set-up straight through the engine).
  assert.equal(await dispatch(dm.page, { type: "SetSettings", rules: { "hero-points": true } }), 1);
  assert.equal(await dispatch(dm.page, { type: "SetHeroPoints", target: "c1", value: 3 }), 1);
  await openTab(dm.page, "party");
  await openSheet(dm.page, "c1");
  await tapCarefully(dm.page, "sheet.share");
  await waitWidget(dm.page, "share.kind.character", { where: (w) => w.label.endsWith("[on]") });
  const toPlayer = await shareLink(dm.page);
  const d = decodeInNode(toPlayer);
  assert.equal(d.kind, "c");
  assert.equal(d.json.cr.name, "Mira");
  assertNoSecrets(d.text, "character link", ["hero-points"]);

  const player = await env.browser.newContext(testPhone);
  const p = await openLink(player, toPlayer);
  await waitWidget(p.page, "link.title", { where: (w) => /Mira/.test(w.label) });
  await tapCarefully(p.page, "link.accept.copy");
  await tapCarefully(p.page, "link.continue");
  await untilCampaign(p.page, (c) => c.creatures.length === 1 && c.creatures[0].name === "Mira", "Mira on the player's phone");
  // The player levels up and changes her notes (straight through the engine: set-up only).
  assert.equal(await dispatch(p.page, { type: "UpdateCreature", target: "c1", patch: { level: 4, max_hp: 27, notes: "Naučila se ohnivou kouli." } }), 1);
  assert.equal(await dispatch(p.page, { type: "UseHeroPoint", target: "c1" }), 1);
  await openTab(p.page, "party");
  await openSheet(p.page, "c1");
  assert.equal((await widgets(p.page)).find((w) => w.id === "sheet.share").label, i18n("en", "ui.share.sheet_button_back"));
  await tapCarefully(p.page, "sheet.share");
  await waitWidget(p.page, "share.kind.character", { where: (w) => w.label.endsWith("[on]") });
  const back = await shareLink(p.page);
  await shot(p.page, "share-character-back-en");

  await dm.page.evaluate((f) => { location.hash = f; }, back.slice(back.indexOf("#")));
  await waitWidget(dm.page, "link.question", { where: (w) => w.label === i18n("en", "ui.share.q.merge") });
  const changes = [];
  for (let i = 0; i < 8; i++) {
    const w = (await widgets(dm.page)).find((x) => x.id === `link.change.${i}`);
    if (w) changes.push(w.label);
  }
  assert.ok(changes.some((c) => /Level: 3 → 4/.test(c)), JSON.stringify(changes));
  assert.ok(changes.some((c) => /HP maximum: 20 → 27/.test(c)), JSON.stringify(changes));
  assert.ok(changes.some((c) => /Notes/.test(c)), JSON.stringify(changes));
  assert.ok(changes.some((c) => /Hero points: 3 → 2/.test(c)), JSON.stringify(changes));
  await shot(dm.page, "share-merge-preview-en");
  const libBefore = await library(dm.page);
  await tapCarefully(dm.page, "link.accept.merge");
  const merged = await untilCampaign(dm.page, (c) => c.creatures.find((x) => x.id === "c1").level === 4, "merged");
  assert.equal(merged.creatures.length, 18, "merged into the campaign, nothing added or lost");
  assert.equal(merged.creatures.find((x) => x.name === "Hostinský").modules["npc-loyalty"].score, 7, "the DM's secrets untouched");
  assert.equal(merged.settings.dm_notes, SECRETS.dmNotes);
  assert.ok(merged.creatures.find((x) => x.id === "c1").conditions.some((x) => x.id === "poisoned"), "what the DM runs stays");
  assert.equal(merged.creatures.find((x) => x.id === "c1").modules["hero-points"].points, 2, "the player's spent hero point");
  assert.equal((await library(dm.page)).campaigns.length, libBefore.campaigns.length, "no campaign added");
  await tapCarefully(dm.page, "link.undo");
  await untilCampaign(dm.page, (c) => c.creatures.find((x) => x.id === "c1").level === 3, "the merge undone");
  await player.close();
  await dm.context.close();
});

test("a character link: an injury rolled on a Czech DM's phone reads in Ukrainian on the player's", async () => {
  const dm = await openApp(env, { device: { locale: "cs-CZ" } });
  const ok = async (c) => assert.equal(await dispatch(dm.page, c), 1, JSON.stringify(c));
  await ok({ type: "CreateCampaign", name: "Sklep pod Vyšehradem" });
  await ok({ type: "AddCreature", name: "Mira", kind: "pc", max_hp: 20, ac: 15, level: 3 });
  // The festering wound (d100 = 43) as a Czech DM's phone keeps it: the text of the languages it had loaded.
  const festering = JSON.parse(fs.readFileSync(path.join(root, "assets/data/tables/lingering-injury.json"), "utf8"))
    .rows.find((r) => r.range[0] <= 43 && 43 <= r.range[1]).text;
  await ok({ type: "AddInjury", target: "c1", table: "lingering-injury", table_row: 43, text: { cs: festering.cs, uk: "", en: "" } });
  await openTab(dm.page, "party");
  await openSheet(dm.page, "c1");
  await tapCarefully(dm.page, "sheet.share");
  await waitWidget(dm.page, "share.kind.character", { where: (w) => w.label.endsWith("[on]") });
  const link = await shareLink(dm.page);
  const d = decodeInNode(link);
  assert.ok(!d.text.includes(festering.cs.slice(0, 15)), "the link holds the table and row, not the Czech text");
  console.log(`character link with a festering wound: ${link.length - link.indexOf("#")} characters`);

  const player = await env.browser.newContext({ ...testPhone, locale: "uk-UA" });
  const p = await openLink(player, link);
  await waitWidget(p.page, "link.title", { where: (w) => /Mira/.test(w.label) });
  await tapCarefully(p.page, "link.accept.copy");
  await tapCarefully(p.page, "link.continue");
  const c = await untilCampaign(p.page, (c) => c.creatures.length === 1 && c.creatures[0].name === "Mira", "Mira on the player's phone");
  const injury = c.creatures[0].modules["lingering-injuries"].injuries[0];
  await openTab(p.page, "party");
  await openSheet(p.page, "c1");
  const shown = await see(p.page, `sheet.injury.${injury.id}`, { minH: 8 });
  assert.ok(shown.label.startsWith("Гнійна рана."), `the player reads it in Ukrainian: ${shown.label.slice(0, 40)}`);
  assert.equal(shown.label, festering.uk);
  await shot(p.page, "share-character-injury-uk");
  assert.deepEqual(p.errors, []);
  await player.close();
  await dm.context.close();
});

test("a table link: a madness, a disease and a scar from a Czech DM's phone read in Ukrainian on the player's", async () => {
  const dm = await openApp(env, { device: { locale: "cs-CZ" } });
  const ok = async (c) => assert.equal(await dispatch(dm.page, c), 1, JSON.stringify(c));
  await ok({ type: "CreateCampaign", name: "Sklep pod Vyšehradem", rules: { madness: true, diseases: true } });
  await ok({ type: "AddCreature", name: "Mira", kind: "pc", max_hp: 30, ac: 15, level: 3 });
  await ok({ type: "InflictMadness", target: "c1", kind: "long", roll: 37, duration_roll: 2 });
  await ok({ type: "InfectDisease", target: "c1", disease: "sight-rot", symptoms: true });
  await ok({ type: "RollInjury", target: "c1", roll: 7 });  // a broken arm, cured by a 5th-level spell: a minor scar
  const injury = (await campaign(dm.page)).creatures[0].modules["lingering-injuries"].injuries[0];
  await ok({ type: "TreatInjury", target: "c1", injury: injury.id, method: "magic", spell_level: 5 });
  const madness = JSON.parse(fs.readFileSync(path.join(root, "assets/data/tables/madness-long.json"), "utf8"))
    .rows.find((r) => r.range[0] <= 37 && 37 <= r.range[1]).text;
  const sightRot = JSON.parse(fs.readFileSync(path.join(root, "assets/data/rules/diseases.json"), "utf8"))
    .diseases.find((d) => d.id === "sight-rot").name;
  const scar = { cs: fill(i18n("cs", "rules.injuries.scar_text"), { injury: i18n("cs", "tables.injury.broken_arm") }),
                 uk: fill(i18n("uk", "rules.injuries.scar_text"), { injury: i18n("uk", "tables.injury.broken_arm") }) };
  await openTab(dm.page, "party");
  await tapCarefully(dm.page, "party.share");
  const link = await shareLink(dm.page);
  const d = decodeInNode(link);
  for (const cs of [madness.cs, sightRot.cs, scar.cs])
    assert.ok(!d.text.includes(cs.slice(0, 12)), `the link holds what it is, not the Czech words: ${cs.slice(0, 12)}`);
  assert.ok(d.text.includes('"madness-long",37') && d.text.includes('"sight-rot"') && d.text.includes('"broken_arm"'), d.text);
  console.log(`table link with a madness, a disease and a scar: ${link.length - link.indexOf("#")} characters`);

  const player = await env.browser.newContext({ ...testPhone, locale: "uk-UA" });
  const p = await openLink(player, link);
  await tapCarefully(p.page, "link.accept.copy");
  await tapCarefully(p.page, "link.continue");
  const c = await untilCampaign(p.page, (c) => c.creatures.length === 1 && c.creatures[0].modules?.madness, "Mira's madness on the player's phone");
  const m = c.creatures[0].modules.madness.effects[0];
  await openTab(p.page, "party");
  await openSheet(p.page, "c1");
  const mad = await see(p.page, `sheet.madness.${m.id}`, { minH: 8 });
  assert.ok(mad.label.endsWith(madness.uk), `the madness in Ukrainian: ${mad.label}`);
  const dis = await see(p.page, "sheet.disease.sight-rot", { minH: 8 });
  assert.ok(dis.label.startsWith(sightRot.uk), `the disease in Ukrainian: ${dis.label}`);
  await shot(p.page, "share-table-afflictions-uk");
  const sc = await see(p.page, "sheet.scar.0", { minH: 8 });
  assert.equal(sc.label, scar.uk);
  assert.ok(sc.x + sc.w <= 412, `the scar's line wraps on the phone: ${sc.x} + ${sc.w}`);
  await shot(p.page, "share-table-scar-uk");
  assert.deepEqual(p.errors, []);
  await player.close();
  await dm.context.close();
});

test("the whole campaign moves to another DM device, with its history and secrets, as a campaign of its own", async () => {
  const dm = await openApp(env);
  const original = await dmTable(dm.page);
  await openTab(dm.page, "settings");
  await freshFrames(dm.page, 3);
  assert.ok((await widgets(dm.page)).some((w) => w.id === "settings.share"), "Settings offers sharing the campaign");
  await openTab(dm.page, "party");
  await tapCarefully(dm.page, "party.share");
  await tapCarefully(dm.page, "share.kind.campaign");
  await waitWidget(dm.page, "share.kind.campaign", { where: (w) => w.label.endsWith("[on]") });
  await waitWidget(dm.page, "share.link");
  const link = await shareLink(dm.page);
  await shot(dm.page, "share-campaign-en");
  // On the same device the campaign it came from is offered for replacing too.
  await dm.page.evaluate((f) => { location.hash = f; }, link.slice(link.indexOf("#")));
  await waitWidget(dm.page, "link.accept.move_replace");
  await tapCarefully(dm.page, "link.cancel");

  const other = await env.browser.newContext(testPhone);
  const o = await openLink(other, link);
  await waitWidget(o.page, "link.question", { where: (w) => w.label === i18n("en", "ui.share.q.move") });
  assert.ok(!(await visible(o.page, "link.accept.move_replace")), "nothing of that campaign here to replace");
  await tapCarefully(o.page, "link.accept.move");
  const moved = await untilCampaign(o.page, (c) => c.creatures.length === original.creatures.length, "the campaign moved");
  assert.deepEqual(moved, original, "the same campaign, secrets included");
  assert.equal(await playerMode(o.page), "0", "run as the DM");
  // Its history came along: undo works on the new device.
  await tapCarefully(o.page, "link.continue");
  await tapSettled(o.page, "top.undo");
  await untilCampaign(o.page, (c) => !c.encounter, "the last step (StartEncounter) undone");
  await other.close();
  await dm.context.close();
});
