// SRD monsters on the Party screen: the DM searches the 334 SRD 5.1 monsters in
// Czech or Ukrainian, picks one, taps how many and adds them with their stat block filled in (one undo step); the
// monster's sheet rolls its attacks (MonsterAttack, the log line as a notice). Screenshots: build/e2e/srd-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, shot, waitWidget, tapCarefully, typeReplacing, tapTimes, openTab, campaign, untilCampaign,
         screenshotFailures, scrollIntoView, accepted, openSheet, tapAt } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const words = {
  cs: { query: "skřet", name: "Skřet", facts: /^nebezpečnost 1\/4 · OČ 15 · životy 7 \(2k6\)$/, add: "Přidat 3 × Skřet",
        kind: /^Malá · humanoid · neutrálně zlý · nebezpečnost 1\/4, 50 zk\.$/, attack: /^Skřet 1: Šavle, útok \d+\+4 = \d+/ },
  uk: { query: "гоблін", name: "Гоблін", facts: /^ПН 1\/4 · КЗ 15 · хіти 7 \(2к6\)$/, add: "Додати 3 × Гоблін",
        kind: /^Малий · гуманоїд · нейтральний злий · ПН 1\/4, 50 досвіду$/, attack: /^Гоблін 1: Шабля, атака \d+\+4 = \d+/ },
};

for (const lang of ["cs", "uk"]) {
  test(`three goblins from the SRD, their attack rolled (${lang})`, { timeout: 600000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await openTab(page, "party");
    await tapCarefully(page, "party.add_srd");
    await waitWidget(page, "screen.srd");
    await typeReplacing(page, "srd.search", w.query);
    await waitWidget(page, "srd.pick.goblin", { where: (x) => x.label === w.name });
    await shot(page, `srd-${lang}-01-search`);
    await tapCarefully(page, "srd.pick.goblin");
    assert.match((await waitWidget(page, "srd.facts")).label, w.facts);
    await tapTimes(page, "srd.count.plus", 2);
    await waitWidget(page, "srd.add", { where: (x) => x.label === w.add });
    await shot(page, `srd-${lang}-02-picked`);
    const before = (await campaign(page)).last_tx;
    await tapCarefully(page, "srd.add");
    let c = await untilCampaign(page, (c) => c.creatures.length === 3, "three goblins");
    assert.equal(c.last_tx, before + 1, "one command: one undo step");
    assert.deepEqual(c.creatures.map((x) => x.name), [1, 2, 3].map((n) => `${w.name} ${n}`));
    for (const g of c.creatures) {
      assert.equal(g.kind, "monster");
      assert.equal(g.ac, 15);
      assert.equal(g.max_hp, 7);
      assert.equal(g.modules?.srd_monsters?.monster, "goblin");
    }
    await waitWidget(page, "party.add_srd");  // back on the list
    await shot(page, `srd-${lang}-03-party`);

    // The first goblin's sheet: what it is, and its scimitar rolled.
    await openSheet(page, c.creatures[0].id, `${w.name} 1`);
    assert.match((await scrollIntoView(page, "sheet.srd.kind", { minH: 10 })).label, w.kind);
    await tapCarefully(page, "sheet.srd.attack.0");
    c = await untilCampaign(page, (c) => c.last_tx === before + 2, "the attack rolled");
    const notice = await waitWidget(page, "notice");
    assert.match(notice.label, w.attack);
    await shot(page, `srd-${lang}-04-attack`);

    // Undo takes the attack back, then the three goblins at once.
    for (let i = 0; i < 2; i++) {
      const undo = await waitWidget(page, "top.undo");
      await tapAt(page, undo.x + undo.w / 2, undo.y + undo.h / 2);
      await page.waitForTimeout(300);
    }
    await untilCampaign(page, (c) => c.creatures.length === 0, "undone in two steps");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("reinforcements from the Combat screen: two SRD goblins and the ork join the running fight (uk)", { timeout: 600000 }, async () => {
  const { page, errors, context } = await openApp(env, { device: { locale: "uk-UA" } });
  await accepted(page, { type: "CreateCampaign", name: "Засідка" });
  await accepted(page, { type: "AddCreature", name: "Оля", kind: "pc", max_hp: 20 });
  await accepted(page, { type: "AddCreature", name: "Орк", kind: "monster", hp: 15 });
  await accepted(page, { type: "StartEncounter", participants: ["c1"], initiative: { c1: 12 } });
  await openTab(page, "combat");
  await tapCarefully(page, "combat.join");
  // the ork, who stood aside, joins with its initiative rolled
  assert.equal((await waitWidget(page, "combat.join.c2")).label, "Орк долучається (кидок ініціативи)");
  await tapCarefully(page, "combat.join.c2");
  let c = await untilCampaign(page, (c) => c.encounter?.order.length === 2, "the ork in the order");
  await waitWidget(page, "combat.row.c2");
  // two goblins from the SRD, straight into the fight
  await tapCarefully(page, "combat.join.srd");
  await typeReplacing(page, "srd.search", "гоблін");
  await tapCarefully(page, "srd.pick.goblin");
  await tapTimes(page, "srd.count.plus", 1);
  await waitWidget(page, "srd.add", { where: (x) => x.label === "Додати до бою 2 × Гоблін" });
  const before = c.last_tx;
  await tapCarefully(page, "srd.add");
  c = await untilCampaign(page, (c) => c.encounter?.order.length === 4, "two goblins in the order");
  assert.equal(c.last_tx, before + 1, "one undo step");
  assert.equal(c.encounter.order[c.encounter.turn].creature, "c1", "still Olya's turn");
  await waitWidget(page, "combat.row.c3");
  await shot(page, "srd-uk-05-joined");
  assert.deepEqual(errors, []);
  await context.close();
});
