// Storage that never loses a campaign, at 412×915 with touch: a reload keeps everything; each damage to the
// stored value loads the newest good backup, says so, keeps the damaged value untouched in Recovery, and a
// restore from Recovery works; a simulated quota error loses nothing and the "not saved" mark stays until a save
// succeeds; the page closed right after an action keeps it; two tabs of one campaign; the campaign list; export
// and import through the file picker. Screenshots of Settings → Campaigns and Recovery in cs and uk.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { launch, tapAt, state, widgets, campaign, dispatch, untilCampaign, until, waitWidget, settled,
         tapCarefully, scrollIntoView, screenshotFailures, openTab, openApp, waitForApp, shotNow, testPhone } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const library = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("druzina.library") || "null"));
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
// The potion warning threshold: the potions rule's own campaign data (3 until the DM sets it).
const threshold = (c) => c.modules?.potions?.warning_threshold ?? 3;
const potions = async (page) => threshold(await campaign(page));
const untilSaved = (page) => until(page, (s) => s.save === "saved", "every change saved", 20000);

// The library's clock moved ahead by `minutes` (backups are made at most every 10 minutes of its clock).
const later = (page, minutes) =>
  page.evaluate((ms) => Module.ccall("druzina_test_advance_library_clock", null, ["number"], [ms]), minutes * 60000);

// A campaign with a history: created, then the potion warning set to 1, 2, 3 — one save each (the debounce is
// 250 ms) an hour of play apart (the library's clock moved ahead), so the backups hold 2, 1 and the start.
async function campaignWithBackups(page, name = "Les") {
  assert.equal(await dispatch(page, { type: "CreateCampaign", name }), 1);
  await untilSaved(page);
  for (let i = 1; i <= 3; i++) {
    await page.waitForTimeout(300);
    await later(page, 61);
    assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: i }), 1);
    await untilSaved(page);
  }
  const lib = await library(page);
  const entry = lib.campaigns.find((c) => c.id === lib.active);
  assert.ok(entry.backups.length >= 3, `three backups: ${JSON.stringify(entry)}`);
  return entry;
}

async function openSettings(page) {
  await openTab(page, "settings");
}

// Campaigns and Recovery are at the end of a long Settings screen: wheel down in big steps until the widget is
// tracked (a widget off screen may not be tracked at all), then scroll to it either way (a big step can jump
// past it, farther at devicePixelRatio 1), and let tapCarefully place it exactly.
async function down(page, id, timeout = 120000) {
  const end = Date.now() + timeout;
  for (;;) {
    const w = (await widgets(page)).find((x) => x.id === id);
    if (w && w.visible && w.h > 10) return w;
    if (w) return scrollIntoView(page, id, { minH: 10 });
    if (Date.now() > end) throw new Error(`${id} never came on screen`);
    await page.mouse.move(206, 450);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(250);
  }
}
async function tapDown(page, id) {
  await down(page, id);
  await tapCarefully(page, id);
}

test("a reload keeps everything; the library has the campaign and its backups", async () => {
  const { page, context, errors } = await openApp(env);
  await campaignWithBackups(page);
  assert.equal(await dispatch(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 17 }), 1);
  await untilSaved(page);
  const before = await campaign(page);
  await page.reload();
  await waitForApp(page);
  assert.deepEqual(await campaign(page), before);
  const lib = await library(page);
  assert.equal(lib.campaigns.length, 1);
  assert.equal(lib.campaigns[0].name, "Les");
  assert.equal((await state(page)).save, "saved");
  assert.deepEqual(errors, []);
  await context.close();
});

// Each damage: what it does to the stored value (in the page), and what the app must say and do. Each runs in
// one of the three languages (the browser's locale), so every language's message is read.
const damages = [
  { what: "truncated", apply: (v) => v.slice(0, Math.floor(v.length / 2)) },
  { what: "junk", apply: () => "#!@ ž junk" },
  { what: "null", apply: () => "null" },
  { what: "empty", apply: () => "" },
  // one byte of the body changed: the checksum no longer matches
  { what: "byte-flipped", apply: (v) => v.replace('"Les"', '"Lez"') },
  { what: "over-nested", apply: () => "[".repeat(5000) + "]".repeat(5000) },
  // A newer app's save: the body's schema version raised and the envelope's checksum (FNV-1a 64 of the body's
  // UTF-8 bytes) made again, as that app would write it.
  { what: "a future version", newer: true, apply: (v) => {
    const d = JSON.parse(v);
    d.body.schemaVersion = 99;
    const body = JSON.stringify(d.body);
    let h = 0xcbf29ce484222325n;
    for (const b of new TextEncoder().encode(body)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    return `{"format":"druzina-save","version":1,"checksum":"fnv1a64:${h.toString(16).padStart(16, "0")}","body":${body}}`;
  } },
  { what: "4 MB of junk", apply: () => "x".repeat(4 * 1024 * 1024) },
  { what: "a renamed key", rename: true },
];

// The journal, named in the message in each language.
const journalWord = { "en-US": /journal/, "cs-CZ": /deník/, "uk-UA": /журнал/ };
const locales = Object.keys(journalWord);

for (const [n, d] of damages.entries()) {
  const locale = locales[n % locales.length];
  test(`damage (${d.what}, ${locale}): the newest backup with the journal replayed loses no change, the user is told, the value is kept, a restore works`, async () => {
    const { page, context } = await openApp(env, { device: { locale } });
    const entry = await campaignWithBackups(page);
    const key = `druzina.${entry.key}`;
    const damaged = await page.evaluate(({ key, src, rename }) => {
      const v = localStorage.getItem(key);
      if (rename) {
        localStorage.setItem("druzina.campaign-renamed", v);
        localStorage.removeItem(key);
        return v;
      }
      const out = (0, eval)(`(${src})`)(v);
      localStorage.setItem(key, out);
      return out.length > 100000 ? `len:${out.length}` : out;
    }, { key, src: d.apply ? d.apply.toString() : "null", rename: !!d.rename });
    await page.reload();
    await waitForApp(page);
    // The newest backup (the state before the last save) with the journal's step after it replayed: no change lost.
    assert.equal(await potions(page), 3, "the last change is back (journal replay)");
    assert.equal((await campaign(page)).name, "Les");
    const notice = await waitWidget(page, "notice");
    assert.ok(notice.label.length > 30, `told: ${notice.label}`);
    assert.doesNotMatch(notice.label, /json\.exception|parse_error/, "no library text");
    assert.doesNotMatch(notice.label, /\.\)\./, "no nested brackets");
    if (!d.newer) assert.match(notice.label, journalWord[locale], `the journal named: ${notice.label}`);
    // The damaged value is untouched where it was (or under the name it was given), and listed in Recovery.
    const kept = d.rename ? await stored(page, "druzina.campaign-renamed") : await stored(page, key);
    if (damaged.startsWith("len:")) assert.equal(`len:${kept.length}`, damaged);
    else assert.equal(kept, damaged);
    const lib = await library(page);
    const item = lib.recovery.find((r) => r.key === (d.rename ? "campaign-renamed" : entry.key));
    assert.ok(item, `in Recovery: ${JSON.stringify(lib.recovery)}`);
    assert.equal(item.kind, d.rename ? "stray" : d.newer ? "newer" : "damaged");
    if (d.newer) {
      assert.equal((await state(page)).readOnly, "newer");
      assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 9 }), 0, "read-only");
      await waitWidget(page, "storage.read_only");
    } else {
      await until(page, (s) => s.save === "saved" && s.readOnly === "no", "the recovered state saved");
      if (!d.rename) assert.notEqual(lib.campaigns[0].key, entry.key, "saves go to a fresh key");
    }
    // Recovery lists the item; opening it shows why it does not load (or what it holds).
    await openSettings(page);
    await tapDown(page, `recovery.item.${item.id}`);
    // the preview opens under the item, near the bottom of the screen: scrolled to, as a person would
    const preview = await scrollIntoView(page, `recovery.item.${item.id}.preview`, { minH: 1 });
    assert.ok(preview.label.length > 10);
    // Restore the older backup (potion warning 1) from Recovery.
    await tapCarefully(page, `recovery.item.${item.id}`);  // closed again
    await tapCarefully(page, "recovery.backup.1");
    await waitWidget(page, "recovery.backup.1.preview", { where: (w) => /Les/.test(w.label) });
    await tapCarefully(page, "recovery.backup.1.restore");
    await settled(page, "confirm.yes");
    await tapCarefully(page, "confirm.yes");
    await untilCampaign(page, (c) => threshold(c) === 1, "restored backup");
    await until(page, (s) => s.save === "saved" && s.readOnly === "no", "restored and saved");
    const kept2 = d.rename ? await stored(page, "druzina.campaign-renamed") : await stored(page, key);
    assert.equal(kept2.length, kept.length, "the damaged value is still untouched after the restore");
    await page.reload();
    await waitForApp(page);
    assert.equal(await potions(page), 1, "the restore survives a reload");
    await context.close();
  });
}

// Every damage above in every language, one page per language: the campaign with its backups and journal made
// once, the storage put back as it was (from a page of the origin where the app does not run) before each damage.
// Each loses no change (the journal's backup with its steps replayed) and says so in the page's language; a newer
// app's value says it is newer (it stays read-only, showing the replayed state). 4 MB of junk fill most of the
// storage: the journal's message comes first, the warning about the space after it (not instead of it).
const said = {
  journal: journalWord,
  newer: { "en-US": /newer version/, "cs-CZ": /novější verze/, "uk-UA": /новіша версія/ },
  full: { "en-US": /Storage \d+ % full/, "cs-CZ": /Úložiště je plné z \d+ %/, "uk-UA": /Сховище заповнене на \d+ %/ },
  english: /journal|could not be read|newer version|Storage \d+ % full|Nothing was lost/,
};
for (const locale of locales) {
  test(`every damage in ${locale}: no change lost (journal replay), told in ${locale}`, async () => {
    const { page, context } = await openApp(env, { device: { locale } });
    const entry = await campaignWithBackups(page);
    const key = `druzina.${entry.key}`;
    const snapshot = await page.evaluate(() => {
      const out = {};
      for (let i = 0; i < localStorage.length; i++) out[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
      return out;
    });
    assert.match(snapshot[`druzina.journal.${entry.id}`] || "", /^dzjournal1 /, "the journal is there");
    for (const d of damages) {
      const what = `${d.what}, ${locale}`;
      await page.goto(`${env.site}unlzma.js`);  // the origin without the app: nothing saves while the storage is put back
      await page.evaluate(({ snapshot, key, src, rename }) => {
        localStorage.clear();
        for (const [k, v] of Object.entries(snapshot)) localStorage.setItem(k, v);
        const v = localStorage.getItem(key);
        if (rename) {
          localStorage.setItem("druzina.campaign-renamed", v);
          localStorage.removeItem(key);
        } else {
          localStorage.setItem(key, (0, eval)(`(${src})`)(v));
        }
      }, { snapshot, key, src: d.apply ? d.apply.toString() : "null", rename: !!d.rename });
      await page.goto(env.url);
      await waitForApp(page);
      assert.equal(await potions(page), 3, `${what}: the last change is back (journal replay)`);
      assert.equal((await campaign(page)).name, "Les", what);
      const notice = await waitWidget(page, "notice");
      assert.match(notice.label, (d.newer ? said.newer : said.journal)[locale], `${what}: told in its language: ${notice.label}`);
      if (locale !== "en-US") assert.doesNotMatch(notice.label, said.english, `${what}: no English: ${notice.label}`);
      if (/^4 MB/.test(d.what)) {
        // the storage warning after the journal's message
        const next = await waitWidget(page, "notice", { timeout: 40000, where: (w) => said.full[locale].test(w.label) });
        assert.doesNotMatch(next.label, said.journal[locale], what);
      }
      if (d.newer) assert.equal((await state(page)).readOnly, "newer", what);
      else await until(page, (s) => s.save === "saved" && s.readOnly === "no", `${what}: the recovered state saved`);
    }
    await context.close();
  });
}

// A packed backup ("dzpack1:<length>:<fnv1a64>:<base64url raw DEFLATE>") unpacked by the browser's own
// DecompressionStream: the format is plain raw DEFLATE, and the length in its header is the text's.
const unpackInPage = (page, key) => page.evaluate(async (k) => {
  const v = localStorage.getItem(k);
  const m = /^dzpack1:(\d+):([0-9a-f]{16}):([A-Za-z0-9_-]*)$/.exec(v || "");
  if (!m) return { packed: false };
  const b64 = m[3].replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const out = new Uint8Array(await new Response(stream).arrayBuffer());
  return { packed: true, stored: v.length, length: Number(m[1]), bytes: out.length, text: new TextDecoder().decode(out) };
}, key);

test("backups are packed, made at most every 10 minutes, and a campaign comes back from the older one", async () => {
  const { page, context, errors } = await openApp(env);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Les" }), 1);
  for (let i = 0; i < 150; i++)
    assert.equal(await dispatch(page, { type: "AddNote", text: `Session ${i}: the goblins by the bridge want a toll.` }), 1);
  await untilSaved(page);
  const newest = async () => (await library(page)).campaigns[0].backups[0];
  // Ten minutes of play later: the previous save becomes a packed backup.
  await page.waitForTimeout(300);
  await later(page, 11);
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 5 }), 1);
  await untilSaved(page);
  const first = await newest();
  const lib = await library(page);
  const value = await stored(page, `druzina.${lib.campaigns[0].key}`);
  const b = await unpackInPage(page, `druzina.backup.${lib.campaigns[0].id}.${first.slot}`);
  assert.ok(b.packed, "the backup is packed");
  assert.equal(b.bytes, b.length, "its header gives the text's length");
  assert.match(b.text, /^\{"format":"druzina-save"/);
  assert.ok(b.stored * 4 < value.length, `packed ${b.stored} against the value's ${value.length}`);
  // Seconds later: saved, no new backup.
  await page.waitForTimeout(300);
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 6 }), 1);
  await untilSaved(page);
  assert.deepEqual(await newest(), first, "no backup seconds after the last one");
  await page.waitForTimeout(300);
  await later(page, 11);
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 7 }), 1);
  await untilSaved(page);
  const second = await newest();
  assert.notDeepEqual(second, first);
  const id = (await library(page)).campaigns[0].id;
  assert.match((await unpackInPage(page, `druzina.backup.${id}.${second.slot}`)).text, /"new":6,"old":5\}/);
  // The value damaged and the newest backup too (one character of its data): the older backup loads — the 150
  // notes, before any potion warning was set (3, the default).
  await page.evaluate(({ key, backup }) => {
    localStorage.setItem(key, "{ broken");
    const v = localStorage.getItem(backup);
    const at = Math.floor(v.length / 2);
    localStorage.setItem(backup, v.slice(0, at) + (v[at] === "A" ? "B" : "A") + v.slice(at + 1));
  }, { key: `druzina.${(await library(page)).campaigns[0].key}`, backup: `druzina.backup.${id}.${second.slot}` });
  await page.reload();
  await waitForApp(page);
  assert.equal(await potions(page), 3, "the backup before the damaged one");
  assert.equal((await campaign(page)).notes.length, 150);
  await waitWidget(page, "notice");
  // Recovery shows the damaged backup with the reason, in the user's words.
  await openSettings(page);
  await tapDown(page, "recovery.backup.0");
  const preview = await scrollIntoView(page, "recovery.backup.0.preview", { minH: 1 });
  assert.match(preview.label, /compressed copy is damaged/);
  const shown = (await widgets(page)).filter((w) => w.id.startsWith("recovery.backup.0"));
  assert.ok(shown.length > 0 && shown.every((w) => !/dzpack1/.test(w.label)), "no packed text on screen");
  await shotNow(page, "storage-backup-damaged-en");
  assert.deepEqual(errors, []);
  await context.close();
});

test("quota exceeded: nothing is lost, the 'not saved' mark stays until a save succeeds", async () => {
  const { page, context } = await openApp(env);
  const entry = await campaignWithBackups(page);
  const key = `druzina.${entry.key}`;
  const good = await stored(page, key);
  await page.evaluate(() => {
    window.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };
  });
  await page.waitForTimeout(300);
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 7 }), 1, "the app keeps working");
  await until(page, (s) => s.save === "failed", "save failed");
  const mark = await waitWidget(page, "storage.unsaved");
  assert.ok(mark.label.length > 5);
  assert.equal(await stored(page, key), good, "the last good value was not replaced");
  await waitWidget(page, "storage.unsaved.action");
  await shotNow(page, "storage-unsaved-en");
  // A notice would be gone after 10 s; the mark stays (the app retries every 3 s, still failing).
  await page.waitForTimeout(11000);
  await waitWidget(page, "storage.unsaved");
  assert.equal((await state(page)).save, "failed");
  // The export works without storage.
  const download = page.waitForEvent("download", { timeout: 10000 });
  await tapCarefully(page, "storage.unsaved.action");
  const file = await download;
  assert.match(file.suggestedFilename(), /\.json$/);
  // Space again: the next retry saves, the mark goes.
  await page.evaluate(() => { Storage.prototype.setItem = window.__realSetItem; });
  await until(page, (s) => s.save === "saved", "saved after the retry", 15000);
  // No nudge here: the retry came while the app idled; its success (with its "saved again" notice) wakes the app,
  // which takes the mark away without a tap.
  const end = Date.now() + 15000;
  while ((await widgets(page)).some((w) => w.id === "storage.unsaved" && w.visible)) {
    assert.ok(Date.now() < end, "the mark went after the save without a tap");
    await page.waitForTimeout(100);
  }
  assert.match(await stored(page, key), /"new":7,"old":\d+\}/);  // the potion_warning_set event in the tail
  await page.reload();
  await waitForApp(page);
  assert.equal(await potions(page), 7);
  await context.close();
});

test("storage full at the start: told as full (not as a browser without storage), the saved campaign untouched", async () => {
  const { page, context } = await openApp(env);
  const entry = await campaignWithBackups(page);
  const key = `druzina.${entry.key}`;
  const good = await stored(page, key);
  // From the next load on, localStorage refuses every write (the tab's sessionStorage still takes its note).
  await context.addInitScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (this === window.localStorage) throw new DOMException("full", "QuotaExceededError");
      return real.call(this, k, v);
    };
  });
  await page.reload();
  await waitForApp(page);
  const notice = await waitWidget(page, "notice", { where: (w) => /storage is full/.test(w.label) });
  assert.doesNotMatch(notice.label, /private mode|no storage/);
  await shotNow(page, "storage-full-at-start-en");
  assert.equal((await campaign(page)).name, "Les", "the campaign is open");
  assert.equal((await state(page)).save, "saved", "nothing is unsaved yet");
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 6 }), 1, "the app keeps working");
  await until(page, (s) => s.save === "failed", "the change is not saved");
  assert.equal(await stored(page, key), good, "the last good value stays");
  await context.close();
});

test("near the quota: Settings warns, a save that does not fit loses nothing, archiving an old campaign frees the space", async () => {
  const { page, context } = await openApp(env);
  const a = await campaignWithBackups(page, "Les");
  // an old campaign, big: two long notes in one save
  await openSettings(page);
  await tapDown(page, "campaigns.new");
  await untilCampaign(page, (c) => c.name === "", "a new empty campaign");
  const long = "The old campaign's chronicle. ".repeat(3000);  // 90,000 characters
  for (const cmd of [{ type: "CreateCampaign", name: "Old" }, { type: "AddNote", text: long }, { type: "AddNote", text: long }])
    assert.equal(await dispatch(page, cmd), 1);
  await untilSaved(page);
  let lib = await library(page);
  const old = lib.campaigns.find((c) => c.name === "Old");
  await tapDown(page, `campaigns.item.${a.id}`);
  await tapCarefully(page, "campaigns.open");
  await untilCampaign(page, (c) => c.name === "Les", "back in Les");
  await untilSaved(page);
  // The budget: what is stored now is 95 % of it (simulated: the app measures against it, localStorage refuses
  // what would not fit in it).
  await page.evaluate(() => {
    let used = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith("druzina.")) used += k.length + localStorage.getItem(k).length;
    }
    const budget = Math.floor(used / 0.95);
    Module.ccall("druzina_test_set_storage_budget", null, ["number"], [budget]);
    window.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      let total = 0;
      for (let i = 0; i < this.length; i++) {
        const k = this.key(i);
        if (k !== key && k.startsWith("druzina.")) total += k.length + this.getItem(k).length;
      }
      if (total + key.length + String(value).length > budget) throw new DOMException("full", "QuotaExceededError");
      return window.__realSetItem.call(this, key, value);
    };
  });
  // A small change still fits, and the app warns.
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 5 }), 1);
  await untilSaved(page);
  await waitWidget(page, "notice", { where: (w) => /Storage 9\d % full/.test(w.label) });
  const percent = (w) => Number(/\((\d+) %\)/.exec(w.label)[1]);
  await scrollIntoView(page, "storage.usage", { minH: 8 });
  const usage = await waitWidget(page, "storage.usage");
  assert.ok(percent(usage) >= 90, usage.label);
  await shotNow(page, "storage-near-full-en");
  // A big change does not fit: not saved, the stored value untouched, the campaign goes on in this tab.
  const key = `druzina.${(await library(page)).campaigns.find((c) => c.id === a.id).key}`;
  const good = await stored(page, key);
  assert.equal(await dispatch(page, { type: "AddNote", text: "Tonight's session. ".repeat(2500) }), 1);
  await until(page, (s) => s.save === "failed", "the save did not fit");
  assert.equal(await stored(page, key), good, "the last good value stays");
  assert.equal((await campaign(page)).notes.length, 1, "the note is still in the app");
  // Archive the old campaign: a confirmation, its file downloaded, it leaves storage with its backups.
  await tapDown(page, `campaigns.item.${old.id}`);
  await tapCarefully(page, "campaigns.archive");
  await settled(page, "confirm.yes");
  await shotNow(page, "storage-archive-confirm-en");
  const download = page.waitForEvent("download", { timeout: 10000 });
  await tapCarefully(page, "confirm.yes");
  const file = await download;
  assert.match(file.suggestedFilename(), /Old\.json$/);
  const archived = fs.readFileSync(await file.path(), "utf8");
  assert.ok(archived.includes("The old campaign's chronicle."), "the file holds the campaign");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 1);
  assert.ok(!(await page.evaluate((id) => Object.keys(localStorage).some((k) => k.startsWith(`druzina.campaign.${id}`) ||
                                                                          k.startsWith(`druzina.backup.${id}.`)), old.id)),
            "no value of the old campaign left");
  // The retry now fits: saved, the warning gone from Settings.
  await until(page, (s) => s.save === "saved", "saved after archiving", 15000);
  assert.notEqual(await stored(page, key), good);
  await scrollIntoView(page, "storage.usage", { minH: 8 });
  await waitWidget(page, "storage.usage", { where: (w) => percent(w) < 80 });
  await page.evaluate(() => { Storage.prototype.setItem = window.__realSetItem; });
  await page.reload();
  await waitForApp(page);
  assert.equal((await campaign(page)).notes.length, 1, "the note survived the reload");
  await context.close();
});

test("the page closed right after an action keeps it (single and quick double taps)", async () => {
  const context = await env.browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625,
                                                 hasTouch: true, isMobile: true, locale: "en-US" });
  let page = await context.newPage();
  await page.goto(env.url);
  await waitForApp(page);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Les" }), 1);
  await untilSaved(page);
  await openSettings(page);
  const p0 = await potions(page);
  await down(page, "settings.potions.plus");
  await scrollIntoView(page, "settings.potions.plus");
  let w = await settled(page, "settings.potions.plus");
  await page.waitForTimeout(400);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(50);
  await page.close();
  page = await context.newPage();
  await page.goto(env.url);
  await waitForApp(page);
  assert.equal(await potions(page), p0 + 1, "a tap closed 50 ms later is kept");
  // Two taps 120 ms apart (the second inside the debounce), closed 50 ms after the second: the page's last
  // moment (pagehide) runs the input that is still waiting through the UI and saves.
  await openSettings(page);
  await down(page, "settings.potions.plus");
  await scrollIntoView(page, "settings.potions.plus");
  w = await settled(page, "settings.potions.plus");
  await page.waitForTimeout(400);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(120);
  await tapAt(page, w.x + w.w / 2, w.y + w.h / 2);
  await page.waitForTimeout(50);
  await page.close();
  page = await context.newPage();
  await page.goto(env.url);
  await waitForApp(page);
  assert.equal(await potions(page), p0 + 3, "both quick taps are kept");
  await context.close();
});

test("two tabs of one campaign: the second follows the first and says so; 'Edit here' hands over", async () => {
  const { page: a, context } = await openApp(env);
  assert.equal(await dispatch(a, { type: "CreateCampaign", name: "Les" }), 1);
  await untilSaved(a);
  const b = await context.newPage();
  await b.goto(env.url);
  await waitForApp(b);
  await until(b, (s) => s.readOnly === "other_tab", "the second tab notices the first");
  const bar = await waitWidget(b, "storage.other_tab");
  assert.ok(bar.label.length > 10);
  assert.equal((await state(a)).readOnly, "no", "the first tab keeps saving");
  assert.equal(await dispatch(b, { type: "SetSettings", potion_warning_threshold: 5 }), 0, "the follower changes nothing");
  await a.waitForTimeout(300);
  assert.equal(await dispatch(a, { type: "SetSettings", potion_warning_threshold: 4 }), 1);
  await untilCampaign(b, (c) => threshold(c) === 4, "the second tab follows");
  await shotNow(b, "storage-two-tabs-en");
  await tapCarefully(b, "storage.other_tab.action");
  await until(b, (s) => s.readOnly === "no", "the second tab edits now");
  await until(a, (s) => s.readOnly === "other_tab", "the first tab follows now");
  await b.waitForTimeout(300);
  assert.equal(await dispatch(b, { type: "SetSettings", potion_warning_threshold: 6 }), 1);
  await untilCampaign(a, (c) => threshold(c) === 6, "the first tab follows the second");
  assert.equal(await dispatch(a, { type: "SetSettings", potion_warning_threshold: 8 }), 0);
  await untilSaved(b);
  const lib = await library(b);
  const stored6 = await stored(b, `druzina.${lib.campaigns[0].key}`);
  assert.match(stored6, /"new":6,"old":4\}/, "never a silent last-writer-wins");  // potion_warning_set 4 → 6
  await context.close();
});

test("campaign list: new, switch, duplicate, delete with confirmation and undo; an old single key migrates", async () => {
  // The phone every screen test has (lib.mjs testPhone: devicePixelRatio 1 unless DRUZINA_E2E_DPR), in Czech.
  const context = await env.browser.newContext({ ...testPhone, locale: "cs-CZ" });
  const page = await context.newPage();
  // An older app's single campaign under "druzina.campaign", before the app ever ran with the library.
  await page.goto(env.url);
  await waitForApp(page);
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Stará" }), 1);
  await untilSaved(page);
  const legacy = await stored(page, `druzina.${(await library(page)).campaigns[0].key}`);
  await page.evaluate((v) => { localStorage.clear(); localStorage.setItem("druzina.campaign", v); }, legacy);
  await page.reload();
  await waitForApp(page);
  assert.equal((await campaign(page)).name, "Stará", "migrated without loss");
  let lib = await library(page);
  assert.equal(lib.campaigns.length, 1);
  assert.equal(lib.campaigns[0].key, "campaign", "kept where it was");
  await openSettings(page);
  await tapDown(page, "campaigns.new");
  await untilCampaign(page, (c) => c.name === "", "a new empty campaign");
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Nová" }), 1);
  await untilSaved(page);
  lib = await library(page);
  assert.equal(lib.campaigns.length, 2);
  const old = lib.campaigns.find((c) => c.name === "Stará");
  // Switch back.
  await tapCarefully(page, `campaigns.item.${old.id}`);
  await tapCarefully(page, "campaigns.open");
  await untilCampaign(page, (c) => c.name === "Stará", "switched");
  // Duplicate.
  await tapCarefully(page, `campaigns.item.${old.id}`);
  await tapCarefully(page, "campaigns.duplicate");
  await until(page, () => true, "");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 3);
  lib = await library(page);
  const copy = lib.campaigns.find((c) => c.name.startsWith("Stará") && c.id !== old.id);
  assert.ok(copy && /kopie/.test(copy.name), JSON.stringify(lib.campaigns));
  await scrollIntoView(page, `campaigns.item.${copy.id}`);
  await shotNow(page, "storage-campaigns-cs");
  // Delete the copy: a confirmation, then undo.
  await tapCarefully(page, `campaigns.item.${copy.id}`);
  await tapCarefully(page, "campaigns.delete");
  await settled(page, "confirm.yes");
  await shotNow(page, "storage-delete-confirm-cs");
  await tapCarefully(page, "confirm.no");
  await page.waitForTimeout(300);
  assert.equal((await library(page)).campaigns.length, 3, "cancel keeps it");
  await tapCarefully(page, "campaigns.delete");
  await tapCarefully(page, "confirm.yes");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 2);
  lib = await library(page);
  assert.ok(lib.recovery.some((r) => r.kind === "deleted" && /kopie/.test(r.name)), "kept in Recovery");
  await tapCarefully(page, "campaigns.undo_delete");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 3);
  await context.close();
});

test("export one and all; import from the file picker with a preview, undoable; a bad file gets a clear message", async () => {
  const { page, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await campaignWithBackups(page, "Ліс");
  await openSettings(page);
  await down(page, "storage.export_one");
  let download = page.waitForEvent("download", { timeout: 10000 });
  await tapCarefully(page, "storage.export_one");
  const one = await download;
  const oneText = await (await import("node:fs")).promises.readFile(await one.path(), "utf8");
  assert.match(oneText, /Ліс/);
  // The last export's time shows (it said "never" before). The line sits above the button just tapped, so the
  // scroll that brought the button into view may have left it clipped at the top edge.
  await scrollIntoView(page, "storage.last_export", { minH: 10 });
  await waitWidget(page, "storage.last_export", { where: (w) => !/ніколи/.test(w.label) });
  download = page.waitForEvent("download", { timeout: 10000 });
  await tapCarefully(page, "storage.export_all");
  const all = JSON.parse(await (await import("node:fs")).promises.readFile(await (await download).path(), "utf8"));
  assert.equal(all.app, "druzina-export");
  assert.equal(all.campaigns.length, 1);

  // Import the single export back: it would replace "Ліс" (same name); choose "add as new".
  let chooser = page.waitForEvent("filechooser", { timeout: 10000 });
  await tapCarefully(page, "storage.import");
  await (await chooser).setFiles({ name: "lis.json", mimeType: "application/json", buffer: Buffer.from(oneText) });
  // The preview opens under the Import button, which sits near the bottom of the screen: scroll down to it.
  const item = await down(page, "import.item.0");
  assert.match(item.label, /Ліс/);
  await tapCarefully(page, "import.item.0.as_new");
  await scrollIntoView(page, "import.confirm");
  await shotNow(page, "storage-import-preview-uk");
  await tapCarefully(page, "import.confirm");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 2);
  await tapCarefully(page, "import.undo");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 1);

  // A file that is not a Družina save: a message in the reader's language, nothing changes.
  chooser = page.waitForEvent("filechooser", { timeout: 10000 });
  await tapCarefully(page, "storage.import");
  await (await chooser).setFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from("{\"hello\": 1}") });
  await scrollIntoView(page, "import.error");  // where the preview was: above or below, as the screen scrolled
  const err = await waitWidget(page, "import.error");
  assert.doesNotMatch(err.label, /json\.exception/);
  assert.match(err.label, /[А-Яа-яіїє]/, `Ukrainian: ${err.label}`);
  await tapCarefully(page, "import.cancel");
  assert.equal((await library(page)).campaigns.length, 1);
  await context.close();
});

test("Settings → Campaigns and Recovery in Czech and Ukrainian (screenshots)", async () => {
  for (const locale of ["cs-CZ", "uk-UA"]) {
    const { page, context } = await openApp(env, { device: { locale } });
    const entry = await campaignWithBackups(page, locale === "cs-CZ" ? "Ztracený důl" : "Загублена копальня");
    await page.evaluate((k) => localStorage.setItem(k, "{ broken"), `druzina.${entry.key}`);
    await page.reload();
    await waitForApp(page);
    await openSettings(page);
    // The browser's own figure (navigator.storage.estimate(), which Chromium has) under the localStorage one.
    const estimate = await scrollIntoView(page, "storage.estimate");
    assert.match(estimate.label, locale === "cs-CZ" ? /^Prohlížeč počítá .+ z kvóty .+\.$/ : /^Браузер рахує .+ з квоти .+\.$/);
    // The quota in GB (Chromium's is many of them), with the language's decimal comma.
    assert.match(estimate.label, locale === "cs-CZ" ? / z kvóty \d+,\d GB\.$/ : / з квоти \d+,\d ГБ\.$/);
    await shotNow(page, `storage-estimate-${locale.slice(0, 2)}`);
    await down(page, "campaigns.new");
    await scrollIntoView(page, "campaigns.new");
    await shotNow(page, `storage-campaigns-${locale.slice(0, 2)}`);
    await down(page, "recovery");
    await scrollIntoView(page, "recovery");
    await shotNow(page, `storage-recovery-${locale.slice(0, 2)}`);
    const lib = await library(page);
    await tapCarefully(page, `recovery.item.${lib.recovery[0].id}`);
    await scrollIntoView(page, `recovery.item.${lib.recovery[0].id}.export`);
    await shotNow(page, `storage-recovery-open-${locale.slice(0, 2)}`);
    const all = await widgets(page);
    for (const id of ["recovery.alert", `recovery.item.${lib.recovery[0].id}`]) {
      const w = all.find((x) => x.id === id);
      assert.ok(w && w.label.length > 3, `${id} present`);
    }
    await context.close();
  }
});

test("setItem failing after the first call: never 'saved' until every write went through; a save that failed comes back from the journal after a reload", async () => {
  const { page, context } = await openApp(env);
  await campaignWithBackups(page);
  // Ten minutes later (a backup is due), setItem works once, then throws.
  await later(page, 11);
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.__realSetItem = Storage.prototype.setItem;
    let calls = 0;
    Storage.prototype.setItem = function (k, v) {
      if (calls++ >= 1) throw new DOMException("full", "QuotaExceededError");
      return window.__realSetItem.call(this, k, v);
    };
  });
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 7 }), 1);
  await until(page, (s) => s.save === "failed", "not 'saved': a write failed");
  await waitWidget(page, "storage.unsaved");
  await page.waitForTimeout(3500);  // a retry, still failing: still not "saved"
  assert.equal((await state(page)).save, "failed");
  await page.evaluate(() => { Storage.prototype.setItem = window.__realSetItem; });
  await until(page, (s) => s.save === "saved", "saved after the retry", 15000);
  await page.reload();
  await waitForApp(page);
  assert.equal(await potions(page), 7);

  // Storage full for the campaign's value (it is the biggest), while the journal's small write fits: the page
  // is closed with the change unsaved; after the reload it is back, and the app says so.
  await page.evaluate(() => {
    window.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k.startsWith("druzina.campaign.")) throw new DOMException("full", "QuotaExceededError");
      return window.__realSetItem.call(this, k, v);
    };
  });
  await page.waitForTimeout(300);
  assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 8 }), 1);
  await until(page, (s) => s.save === "failed", "the value's save failed");
  await page.reload();
  await waitForApp(page);
  assert.equal(await potions(page), 8, "the change came back from the journal");
  const notice = await waitWidget(page, "notice");
  assert.match(notice.label, /journal/, `told: ${notice.label}`);
  assert.doesNotMatch(notice.label, /could not be saved/, "the journal brought it back: nothing lost to tell");
  await until(page, (s) => s.save === "saved", "saved forward");
  await context.close();
});

// Storage so full that not even the journal's small line fits (localStorage refuses every write; the tab's own
// sessionStorage has a quota of its own): two changes live only in the tab and cannot come back after a reload,
// but the app says so, in the page's language, once.
const lostSaid = { "en-US": /The last 2 changes could not be saved/, "cs-CZ": /Poslední 2 změny se nepodařilo uložit/,
                   "uk-UA": /Останні 2 зміни не вдалося зберегти/ };
test("storage full for the journal too: after a reload the app says the last changes were lost, in cs, uk and en", async () => {
  for (const locale of locales) {
    const { page, context } = await openApp(env, { device: { locale } });
    assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Les" }), 1);
    await untilSaved(page);
    await page.waitForTimeout(300);
    assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 4 }), 1);
    await untilSaved(page);
    const lib = await library(page);
    const journal = await stored(page, `druzina.journal.${lib.active}`);
    await page.evaluate(() => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (this === window.localStorage) throw new DOMException("full", "QuotaExceededError");
        return real.call(this, k, v);
      };
    });
    await page.waitForTimeout(300);
    assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 7 }), 1);
    await until(page, (s) => s.save === "failed", `${locale}: the save failed`);
    assert.equal(await dispatch(page, { type: "SetSettings", potion_warning_threshold: 8 }), 1);
    await page.waitForTimeout(300);
    assert.equal(await stored(page, `druzina.journal.${lib.active}`), journal, `${locale}: the journal took nothing`);
    await page.reload();
    await waitForApp(page);
    assert.equal(await potions(page), 4, `${locale}: the changes were not stored anywhere`);
    const notice = await waitWidget(page, "notice", { where: (w) => lostSaid[locale].test(w.label) });
    if (locale !== "en-US") assert.doesNotMatch(notice.label, /could not be saved|storage/, `no English: ${notice.label}`);
    // Said once: the next reload has nothing to say.
    await until(page, (s) => s.save === "saved", `${locale}: saved`);
    await page.reload();
    await waitForApp(page);
    await page.waitForTimeout(500);
    assert.ok(!(await widgets(page)).some((w) => w.id === "notice" && w.visible), `${locale}: nothing more to say`);
    await context.close();
  }
});

test("a save damaged only in its checksum: Recovery and the importer explain it and open it anyway as a new campaign", async () => {
  const { page, context } = await openApp(env, { device: { locale: "cs-CZ" } });
  const entry = await campaignWithBackups(page, "Les");
  const key = `druzina.${entry.key}`;
  const good = await stored(page, key);
  const flipped = good.replace('"Les"', '"Lez"');  // valid content, a checksum that no longer matches
  await page.evaluate(({ key, v }) => localStorage.setItem(key, v), { key, v: flipped });
  await page.reload();
  await waitForApp(page);
  assert.equal(await potions(page), 3, "no change lost (journal)");
  // The red notice is gone once Recovery shows the message itself (it would cover Export and Restore).
  await openSettings(page);
  const lib = await library(page);
  const item = lib.recovery.find((r) => r.key === entry.key);
  await tapDown(page, `recovery.item.${item.id}`);
  const what = await scrollIntoView(page, `recovery.item.${item.id}.anyway_what`, { minH: 1 });
  assert.match(what.label, /kontrolní součet/, what.label);
  assert.ok(!(await widgets(page)).some((w) => w.id === "notice" && w.visible), "no notice over Recovery's buttons");
  await scrollIntoView(page, `recovery.item.${item.id}.anyway`);
  await shotNow(page, "storage-checksum-anyway-cs");
  await tapCarefully(page, `recovery.item.${item.id}.anyway`);
  await settled(page, "confirm.yes");
  await tapCarefully(page, "confirm.yes");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 2);
  await untilSaved(page);

  // The same file imported: offered as a new campaign after the same explanation.
  const chooser = page.waitForEvent("filechooser", { timeout: 10000 });
  await tapDown(page, "storage.import");
  await (await chooser).setFiles({ name: "les.json", mimeType: "application/json", buffer: Buffer.from(flipped) });
  await down(page, "import.item.0.anyway");
  await scrollIntoView(page, "import.item.0.anyway");
  await tapCarefully(page, "import.item.0.anyway");
  await scrollIntoView(page, "import.confirm");
  await tapCarefully(page, "import.confirm");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("druzina.library")).campaigns.length === 3);
  await context.close();
});

test("a damaged or removed index is rebuilt from the campaigns' own names, the open one kept, and the app says so", async () => {
  const { page, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await campaignWithBackups(page, "Ліс");
  await openSettings(page);
  await tapDown(page, "campaigns.new");
  await untilCampaign(page, (c) => c.name === "", "a new empty campaign");
  assert.equal(await dispatch(page, { type: "CreateCampaign", name: "Копальня" }), 1);
  await untilSaved(page);
  for (const how of ["damaged", "removed"]) {
    await page.evaluate((how) => {
      const v = localStorage.getItem("druzina.library");
      if (how === "damaged") localStorage.setItem("druzina.library", v.slice(0, v.indexOf('"campaigns"')));
      else localStorage.removeItem("druzina.library");
    }, how);
    await page.reload();
    await waitForApp(page);
    assert.equal((await campaign(page)).name, "Копальня", `${how}: the open campaign kept`);
    const notice = await waitWidget(page, "notice");
    assert.match(notice.label, /Список кампаній/, notice.label);
    const lib = await library(page);
    assert.deepEqual(lib.campaigns.map((c) => c.name).sort(), ["Копальня", "Ліс"], JSON.stringify(lib.campaigns));
    assert.ok(lib.campaigns.every((c) => c.updated > 0), "dates from the campaigns' own values");
    assert.ok(!lib.recovery.some((r) => r.kind === "stray"), `no campaign as stray items: ${JSON.stringify(lib.recovery)}`);
  }
  await context.close();
});
