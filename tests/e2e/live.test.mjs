// The live table in the browser: one DM and two players (cs, uk), each a context of one headless Chromium, joined
// by WebRTC with no ICE servers through the QR codes themselves. A player opens the DM's offer as a phone's
// camera app would (the code on the DM's screen, read from a screenshot by jsQR, is a link she opens); the DM's
// scanner reads the player's answer from Chromium's fake camera, fed a y4m file made of the screenshot of the
// player's code. Then: the DM deals damage and the player's screen shows it; the player sends her initiative and
// the DM accepts it; the other player's spell slot, tapped on her sheet, is accepted too, and so is a spell she casts
// there; a request for another
// character is refused; a dropped connection is shown, and the player
// rejoins through her own scanner; the messages the DM's phone sent hold no DM secret; her page reloads and her copy
// of the table is still there, marked not live, with no DM secret in it.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/static-server.mjs";
import { root, shots, testPhone, chromiumPath, chromiumArgs, waitForApp, dispatch, campaign, idOf, waitWidget,
         widgets, tapCarefully, openTab, freshFrames, screenshotFailures, scrollIntoView, typeReplacing, pad,
         untilCampaign } from "./lib.mjs";

const camera = path.join(shots, "live-camera.y4m");
let env;

// A white 640×480 picture as the fake camera's only frame (y4m: the luma plane, then neutral chroma).
function writeY4m(luma, w, h) {
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  fs.writeFileSync(camera, Buffer.concat([header, Buffer.from(luma), chroma]));
}

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  writeY4m(new Uint8Array(640 * 480).fill(255), 640, 480);
  const { server, url } = await serve(path.join(root, process.env.DRUZINA_WEB_DIR || "build/web"), 0);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
           `--use-file-for-fake-video-capture=${camera}`],
  });
  env = { browser, server, url: url + "test/", origin: new URL(url).origin };
});
after(async () => {
  await env?.browser.close();
  env?.server.close();
});
screenshotFailures(afterEach, import.meta.url);

// A phone in its own context (its own localStorage), in a language, opened at `url`.
async function phone(locale, url = env.url) {
  const context = await env.browser.newContext({ ...testPhone, locale });
  await context.grantPermissions(["camera"], { origin: env.origin });
  await context.addInitScript(() => {
    try { if (localStorage.getItem("druzina.ui.welcomed") === null) localStorage.setItem("druzina.ui.welcomed", "1"); } catch (e) {}
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await waitForApp(page);
  return { context, page, errors };
}

// The QR code `id` on the page, as a camera sees it: its screenshot, decoded by jsQR in a blank page; also the
// picture's luma centred on a white 640×480 frame (for the fake camera).
async function readQr(page, id) {
  await waitWidget(page, id);
  // (the phone shows it: with the DM's camera open the next player's code is below it, scrolled to)
  const w = await scrollIntoView(page, id);
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
      // the frame for the camera
      c.width = 640;
      c.height = 480;
      g.fillStyle = "#fff";
      g.fillRect(0, 0, 640, 480);
      const side = 440;
      g.imageSmoothingEnabled = false;
      g.drawImage(img, (640 - side) / 2, (480 - side) / 2, side, side);
      const px = g.getImageData(0, 0, 640, 480).data;
      const luma = new Array(640 * 480);
      for (let i = 0; i < luma.length; ++i) luma[i] = Math.round(0.299 * px[4 * i] + 0.587 * px[4 * i + 1] + 0.114 * px[4 * i + 2]);
      return r ? { data: r.data, version: r.version, luma } : null;
    }, "data:image/png;base64," + png.toString("base64"));
  } finally {
    await reader.close();
  }
}

async function label(page, id) {
  const w = (await widgets(page)).find((x) => x.id === id);
  return w ? w.label : null;
}

async function untilLabel(page, id, pred, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const l = await label(page, id);
    if (l !== null && pred(l)) return l;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${id} = ${l}`);
    await page.evaluate(() => Module.druzinaWake && Module.druzinaWake());
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The DM's scanner reads the code now shown on `from` (the camera file is rewritten; the scanner, once open, stays
// open for the next player and reads the new picture).
async function dmScans(dm, from, id) {
  const qr = await readQr(from, id);
  assert.ok(qr, `jsQR reads ${id}`);
  writeY4m(qr.luma, 640, 480);
  if (!(await label(dm, "live.scan_stop"))) await tapCarefully(dm, "live.scan");
  return qr;
}

test("the live table: join by QR codes, damage shown, initiative accepted, refusals, a drop and a rejoin, no secrets", async () => {
  const { page: dm } = await phone("en-US");
  await dispatch(dm, { type: "CreateCampaign", name: "Les", dm_notes: "SECRET-DM-NOTES" });
  for (const cmd of [
    { type: "AddCreature", name: "Mira", kind: "pc", hp: 20, hit_die: 8 },
    { type: "AddCreature", name: "Olena", kind: "pc", hp: 18, hit_die: 8 },
    { type: "AddCreature", name: "Hans", kind: "npc", hp: 12, loyalty: { "SECRET-LOYALTY": 3 }, notes: "SECRET-NPC" },
    { type: "AddCreature", name: "SECRET-SPY", kind: "npc", hp: 9, hidden: true },
    { type: "AddCreature", name: "Goblin", kind: "monster", hp: 7 },
    { type: "AddNote", text: "SECRET-NOTE", secret: true },
  ]) await dispatch(dm, cmd);
  let c = await campaign(dm);
  const mira = idOf(c, "Mira"), olena = idOf(c, "Olena"), goblin = idOf(c, "Goblin");
  await dispatch(dm, { type: "AddMagicItem", target: mira, name: "Wand", command_word: "SECRET-WORD" });
  await dm.evaluate(() => { Module.druzinaLiveCapture = []; });

  await openTab(dm, "party");
  await tapCarefully(dm, "party.live");
  const t0 = Date.now();
  // Player 1 (cs) opens the DM's code as her camera app would.
  const offer1 = await readQr(dm, "live.offer_qr");
  assert.ok(offer1 && offer1.data.includes("#l1."), "jsQR reads the offer from the DM's screen");
  console.log(`offer code: ${offer1.data.length} characters, QR version ${offer1.version} (${17 + 4 * offer1.version} modules)`);
  const { page: p1 } = await phone("cs-CZ", offer1.data);
  const answer1 = await dmScans(dm, p1, "live.answer_qr");
  // The camera's preview lies on its own place in the layout, a bounded box, with Close below it in sight.
  await waitWidget(dm, "live.scan_stop");
  // (the next player's code comes in place of the last: the layout moves, and the box follows a frame later)
  await untilLabel(dm, "live.offer_qr", (l) => l !== offer1.data, "the next player's code");
  await freshFrames(dm, 3);
  const box = await dm.evaluate(() => {
    const el = document.getElementById("druzina-scanner");
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, shown: getComputedStyle(el).display !== "none" };
  });
  const stop = await waitWidget(dm, "live.scan_stop");
  const vh = await dm.evaluate(() => innerHeight);
  assert.ok(box.shown && box.h > 60 && box.h <= vh * 0.34 + 1, `a bounded preview (${JSON.stringify(box)})`);
  assert.ok(box.y + box.h <= stop.y + 1, `Close (${JSON.stringify(stop)}) below the preview (${JSON.stringify(box)})`);
  assert.ok(stop.y + stop.h <= vh, "Close in sight");
  await dm.screenshot({ path: path.join(shots, "live-dm-scanner-en.png") });
  console.log(`answer code: ${answer1.data.length} characters, QR version ${answer1.version}`);
  await untilLabel(dm, "live.players", (l) => l === "1", "the DM sees one player");
  console.log(`join (offer shown → connected, two scans in the test): ${Date.now() - t0} ms`);
  await tapCarefully(p1, `live.me.${mira}`);
  await untilLabel(dm, "live.player.0", (l) => l === "Mira", "Mira named on the DM's list");

  // Player 2 (uk): the DM's next code.
  const offer2 = await readQr(dm, "live.offer_qr");
  assert.notEqual(offer2.data, offer1.data, "a new code for the next player");
  const { page: p2 } = await phone("uk-UA", offer2.data);
  await dmScans(dm, p2, "live.answer_qr");
  await untilLabel(dm, "live.players", (l) => l === "2", "the DM sees two players");
  await tapCarefully(p2, `live.me.${olena}`);
  await untilLabel(p2, "live.send.initiative", () => true, "Olena's actions");

  // The DM deals damage: both players' screens show it.
  const hit = Date.now();
  await dispatch(dm, { type: "ApplyDamage", target: mira, amount: 6 });
  await untilLabel(p1, `live.creature.${mira}`, (l) => l.includes("14/20"), "Mira's 14/20 on her phone");
  console.log(`update shown on the player's screen: ${Date.now() - hit} ms after the DM's command`);
  await untilLabel(p2, `live.creature.${mira}`, (l) => l.includes("14/20"), "Mira's 14/20 on Olena's phone");
  assert.match(await label(p1, "live.status"), /^Živě/);
  assert.match(await label(p2, "live.status"), /^Наживо/);
  fs.mkdirSync(shots, { recursive: true });
  await p1.screenshot({ path: path.join(shots, "live-player-cs.png") });

  // Her phone locks a moment: ICE "disconnected" (simulated on the connection's state: a browser test cannot cut
  // the network between two contexts of one browser). She sees "reconnecting", her actions wait; back by itself,
  // she is live again with no scan, and what the DM did meanwhile is on her screen.
  const setState = (page, state) => page.evaluate((st) => {
    for (const P of Object.values(Module.druzinaLive.peers)) {
      if (st) Object.defineProperty(P.pc, "connectionState", { get: () => st, configurable: true });
      else delete P.pc.connectionState;
      P.pc.onconnectionstatechange();
    }
  }, state);
  await setState(p2, "disconnected");
  await untilLabel(p2, "live.status", (l) => l.startsWith("Зв’язок зник о"), "reconnecting, in Ukrainian");
  assert.equal(await label(p2, "live.send.initiative"), null, "her actions wait for the connection");
  await p2.screenshot({ path: path.join(shots, "live-player-reconnecting-uk.png") });
  await dispatch(dm, { type: "ApplyDamage", target: olena, amount: 1 });
  await setState(p2, null);
  await untilLabel(p2, "live.status", (l) => l.startsWith("Наживо"), "live again, by itself");
  await untilLabel(p2, `live.creature.${olena}`, (l) => l.includes("17/18"), "the hit that came meanwhile");

  // Her initiative, for a fight that runs without her: the DM accepts it.
  await dispatch(dm, { type: "StartEncounter", participants: [olena, goblin] });
  await untilLabel(p1, "live.turn", () => true, "the round on her phone");
  await tapCarefully(p1, "live.send.initiative");
  await untilLabel(dm, "live.request.0", (l) => l === "Mira: initiative 10", "the request in the DM's queue");
  await dm.screenshot({ path: path.join(shots, "live-dm-en.png") });
  await tapCarefully(dm, "live.accept.0");
  // The accepted request is a command of the DM's next frame: wait for it in the campaign.
  await dm.waitForFunction((id) => JSON.parse(Module.UTF8ToString(Module._druzina_test_campaign())).encounter.order
                                     .some((e) => e.creature === id && e.initiative === 10), mira, { timeout: 20000 });
  c = await campaign(dm);
  assert.ok(c.encounter.order.some((e) => e.creature === mira && e.initiative === 10), "Mira joined the fight at 10");
  await untilLabel(p1, "live.answer.1", (l) => l.includes("přijato"), "accepted, on her phone in Czech");

  // A request for another character (a tampered phone): refused with the reason; the DM's queue stays empty.
  await p1.evaluate((other) => {
    Module.druzinaLiveCapture = [];
    const fnv = (s) => {
      let h = 0xcbf29ce484222325n;
      for (const b of new TextEncoder().encode(s)) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
      return (h & 0xffffffffn).toString(16).padStart(8, "0");
    };
    const body = JSON.stringify({ k: "req", id: 99, r: "heal", c: other, a: { amount: 3 } });
    for (const P of Object.values(Module.druzinaLive.peers)) P.ch.send(`L1.${fnv(body)}.${body}`);
  }, olena);
  await p1.waitForFunction(() => Module.druzinaLiveCapture.some((m) => m.dir === "in" && m.text.includes('"id":99')),
                           null, { timeout: 20000 });
  const reply = await p1.evaluate(() => Module.druzinaLiveCapture.find((m) => m.text.includes('"id":99')).text);
  assert.match(reply, /"st":"refused"/);
  assert.match(reply, /live\.err\.not_yours/);
  assert.equal(await label(dm, "live.request.0"), null, "nothing queued for another character");

  // Olena's spell slot, tapped on her own sheet (in Ukrainian): a request the DM's phone takes; her sheet shows it
  // waiting, then her slots as the DM's phone counts them.
  await dispatch(dm, { type: "SetSpellcasting", target: olena, classes: "cleric:3" });
  await untilLabel(p2, `live.creature.${olena}`, () => true, "the view with her class");
  await tapCarefully(p2, "live.back");
  await openTab(p2, "party");
  await tapCarefully(p2, `party.card.${olena}`);
  await untilLabel(p2, "sheet.slots.1", (l) => l === "4/4", "her slots on her sheet");
  await scrollIntoView(p2, "sheet.slots.1.0");
  await tapCarefully(p2, "sheet.slots.1.0");
  await untilLabel(dm, "live.request.0", (l) => l === "Olena: spends a spell slot (level 1)", "the slot in the DM's queue");
  await scrollIntoView(p2, "sheet.slots.1.0");
  assert.equal(await label(p2, "sheet.slots.1"), "4/4", "her copy waits for the DM's phone");
  const waiting = (await widgets(p2)).find((w) => w.id.startsWith("sheet.slots.request."));
  assert.ok(waiting && waiting.label.includes("чекає на Майстра"), `waiting, in Ukrainian (${waiting && waiting.label})`);
  await p2.screenshot({ path: path.join(shots, "live-player-slot-uk.png") });
  await tapCarefully(dm, "live.accept.0");
  await untilLabel(p2, "sheet.slots.1", (l) => l === "3/4", "the slot spent, on her sheet");
  await untilLabel(p2, waiting.id, (l) => l.includes("прийнято"), "accepted, in Ukrainian");
  c = await campaign(dm);
  assert.equal(c.creatures.find((x) => x.id === olena).modules["spell-slots"].spent[0], 1, "spent on the DM's phone");

  // Olena casts Cure Wounds on herself from her sheet: a request too (the total she rolled at the table, on the
  // pad); the DM accepts it, the cast runs on the DM's phone, and her sheet shows the slot it spent.
  await typeReplacing(p2, "sheet.spells.search", "cure");
  await tapCarefully(p2, "sheet.spells.pick.cure-wounds");
  await tapCarefully(p2, `sheet.spells.target.${olena}`);
  await tapCarefully(p2, "sheet.spells.cast");
  await pad(p2, 1, "pad.ok");
  await untilLabel(dm, "live.request.0", (l) => l === "Olena: casts Cure Wounds (1st level) at 1 target, 1 rolled at the table",
                   "the cast in the DM's queue");
  await scrollIntoView(p2, "sheet.slots.1.0");
  assert.equal(await label(p2, "sheet.slots.1"), "3/4", "her copy waits for the DM's phone");
  const casting = (await widgets(p2)).find((w) => w.id.startsWith("sheet.spells.request."));
  assert.ok(casting && casting.label.includes("чекає на Майстра"), `the cast waiting, in Ukrainian (${casting && casting.label})`);
  await scrollIntoView(p2, "sheet.spells.live", { minH: 8 });  // (the hint, her requests' lines under it)
  await p2.screenshot({ path: path.join(shots, "live-player-cast-uk.png") });
  await dm.screenshot({ path: path.join(shots, "live-dm-cast-en.png") });
  await tapCarefully(dm, "live.accept.0");
  c = await untilCampaign(dm, (c) => c.creatures.find((x) => x.id === olena).hp === 18, "Olena healed on the DM's phone");
  assert.equal(c.creatures.find((x) => x.id === olena).modules["spell-slots"].spent[0], 2, "the cast's slot spent on the DM's phone");
  await untilLabel(p2, casting.id, (l) => l.includes("прийнято"), "the cast accepted, in Ukrainian");
  await scrollIntoView(p2, "sheet.slots.1.0");
  await untilLabel(p2, "sheet.slots.1", (l) => l === "2/4", "the cast's slot spent, on her sheet");
  await p2.screenshot({ path: path.join(shots, "live-player-cast-accepted-uk.png") });

  // The connection drops (her phone's side closes): she sees "not live since", keeps her copy, rejoins by her
  // own scanner reading the DM's current code.
  await p1.evaluate(() => { for (const P of Object.values(Module.druzinaLive.peers)) P.pc.close(); });
  await untilLabel(p1, "live.status", (l) => l.startsWith("Není živě od"), "not live since, in Czech");
  assert.ok((await label(p1, `live.creature.${mira}`)).includes("14/20"), "her last copy stays");
  await untilLabel(dm, "live.players", (l) => l === "1", "the DM's list drops her");
  await p1.screenshot({ path: path.join(shots, "live-player-dropped-cs.png") });
  const offer3 = await readQr(dm, "live.offer_qr");
  writeY4m(offer3.luma, 640, 480);
  await tapCarefully(p1, "live.scan");
  await untilLabel(p1, "live.answer_qr", () => true, "her new answer");
  await dmScans(dm, p1, "live.answer_qr");
  await untilLabel(dm, "live.players", (l) => l === "2", "she is back");
  await untilLabel(p1, "live.status", (l) => l.startsWith("Živě"), "live again");

  // No DM secret in anything the DM's phone sent.
  const sent = await dm.evaluate(() => Module.druzinaLiveCapture.filter((m) => m.dir === "out").map((m) => m.text));
  assert.ok(sent.length > 4, `messages were captured (${sent.length})`);
  const all = sent.join("\n");
  for (const secret of ["SECRET", "loyalty", "dm_notes", "command_word", "hidden"])
    assert.ok(!all.includes(secret), `no ${secret} in the messages`);
  const bytes = sent.map((t) => t.length);
  console.log(`messages sent by the DM: ${sent.length}, ${Math.min(...bytes)}–${Math.max(...bytes)} bytes`);

  // Her page reloads (her phone's browser dropped it): her copy of the table is still there, the campaign open on
  // her phone, in player mode, marked "not live since" in Czech; neither it nor anything her phone stores holds
  // a DM secret.
  await p1.reload();
  await waitForApp(p1);
  await openTab(p1, "party");
  await untilLabel(p1, "live.status", (l) => l.startsWith("Není živě od"), "not live since, after the reload");
  await p1.screenshot({ path: path.join(shots, "live-player-reloaded-cs.png") });
  const copy = await campaign(p1);
  assert.equal(copy.name, "Les");
  assert.equal(copy.creatures.find((x) => x.id === mira)?.hp, 14, "her copy holds Mira's 14/20");
  assert.ok(copy.creatures.some((x) => x.id === goblin), "and the goblin");
  const stored = await p1.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  assert.ok(stored.includes("Olena"), "the copy is in her phone's storage");
  assert.equal(await p1.evaluate(() => localStorage.getItem("druzina.ui.player_mode")), "1", "in player mode");
  assert.equal(copy.settings.dm_notes, "", "the DM's notes are empty in her copy (the field every campaign has)");
  for (const secret of ["SECRET", "loyalty", "command_word"]) {
    assert.ok(!JSON.stringify(copy).includes(secret), `no ${secret} in her copy`);
    assert.ok(!stored.includes(secret), `no ${secret} in her phone's storage`);
  }
});
