// Traps and explosives at 412×915 with touch, in Czech and Ukrainian. Rules → Tables → Traps: the trap builder
// (deadly, level 11 typed on the pad → DC 16–20, attack +9–12, 18d10), a sample trap placed (the collapsing roof),
// Mira's passive Perception finds it, Trigger on Mira (her DEX save, the damage taken); the rolling sphere placed and,
// in a fight, triggered from Combat → Traps and explosives: it joins the initiative order at d20 + 8. Dynamite with a
// 2-round fuse joins the order with its own initiative, burns down on its turns and goes off on the goblin; Mira's
// automatic rifle fires a burst (30 → 20 rounds) and is reloaded. Rules → Tables → Explosives and firearms shows the
// items' numbers.
// Screenshots: <shots>/traps-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, shotNow, waitWidget, tapCarefully, tapSettled, campaign, untilCampaign, screenshotFailures,
         scrollIntoView, accepted, idOf, openTab, openApp, pad, see, reveal, until } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const placed = (c) => c.modules?.traps?.placed ?? [];
const fuses = (c) => c.modules?.explosives?.fuses ?? {};
const creature = (c, id) => c.creatures.find((x) => x.id === id);
const current = (c) => c.encounter.order[c.encounter.turn].creature;

const words = {
  cs: { damage: /Zranění: 18k10/, dc: /16–20/, attack: /9–12/, fuse: /Šňůra: zbývá kol: 2/, grenade: /5k6 .*SO 15/ },
  uk: { damage: /Шкода: 18к10/, dc: /16–20/, attack: /9–12/, fuse: /Ґніт: лишилося раундів: 2/, grenade: /5к6 .*СК 15/ },
};

for (const lang of ["cs", "uk"]) {
  test(`traps and explosives at the table (${lang})`, { timeout: 900000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test", language: lang, rules: { explosives: true } });
    await accepted(page, { type: "AddCreature", name: "Mira", kind: "pc", max_hp: 60, ac: 12, abilities: { wis: 14, dex: 14 } });
    await accepted(page, { type: "AddCreature", name: "Goblin", kind: "monster", hp: 300, ac: 15 });
    let c = await campaign(page);
    const mira = idOf(c, "Mira");
    const goblin = idOf(c, "Goblin");

    // Rules → Tables → Traps: the builder, deadly at level 11 (typed on the pad).
    await openTab(page, "rules");
    await tapSettled(page, "rules.section.tables");
    await waitWidget(page, "rules.section.tables", { where: (x) => x.label.endsWith("[on]") });
    await tapCarefully(page, "rules.gen.traps");
    await waitWidget(page, "traps.title");
    await tapCarefully(page, "rules.calc.trap.severity.deadly");
    await tapCarefully(page, "rules.calc.trap.level.value");
    await waitWidget(page, "pad.value", { where: (x) => x.label === "1" });  // the pad opens with the level typed in
    await tapSettled(page, "pad.clear");
    await waitWidget(page, "pad.value", { where: (x) => x.label === "" });
    await pad(page, 11, "pad.ok");
    await waitWidget(page, "rules.calc.trap.level.value", { where: (x) => x.label === "11" });
    const r = await see(page, "rules.calc.trap.result", { minH: 8, where: (x) => w.damage.test(x.label) });
    assert.match(r.label, w.dc);
    assert.match(r.label, w.attack);
    await reveal(page, "rules.calc.trap.result");
    await shotNow(page, `traps-${lang}-01-builder`);

    // The collapsing roof placed from its card; Mira notices it (passive 10 + WIS 2 = 12 vs DC 10), it falls on her.
    await scrollIntoView(page, "traps.place.collapsing-roof");
    await tapCarefully(page, "traps.place.collapsing-roof");
    c = await untilCampaign(page, (c) => placed(c).length === 1, "the roof placed");
    const roof = placed(c)[0].id;
    assert.equal(placed(c)[0].card, "collapsing-roof");
    await scrollIntoView(page, "traps.target");
    await tapCarefully(page, "traps.target");
    await tapCarefully(page, `traps.target.${mira}`);
    await waitWidget(page, "traps.target", { where: (x) => x.label.includes("Mira") });
    await tapCarefully(page, `traps.${roof}.passive`);
    c = await untilCampaign(page, (c) => (placed(c)[0].found_by ?? []).includes(mira), "Mira found the roof");
    await scrollIntoView(page, `traps.${roof}.trigger`);
    await shotNow(page, `traps-${lang}-02-placed`);
    await tapCarefully(page, `traps.${roof}.trigger`);
    c = await untilCampaign(page, (c) => placed(c)[0].state === "triggered", "the roof triggered");
    const hp = creature(c, mira).hp;
    assert.ok(hp < 60 && hp >= 60 - 40, `the roof's damage on Mira: ${hp}`);  // 4d10, half on a DEX save

    // The rolling sphere placed for the fight.
    await scrollIntoView(page, "traps.place.rolling-sphere");
    await tapCarefully(page, "traps.place.rolling-sphere");
    c = await untilCampaign(page, (c) => placed(c).length === 2, "the sphere placed");
    const sphereTrap = placed(c)[1].id;

    // Combat: Mira 15, the goblin 10 typed on the pad.
    await openTab(page, "combat");
    await tapCarefully(page, `combat.init.${mira}`);
    await pad(page, 15, "pad.ok");
    await waitWidget(page, `combat.init.${mira}`, { where: (x) => x.label === "15" });
    await tapCarefully(page, `combat.init.${goblin}`);
    await pad(page, 10, "pad.ok");
    await waitWidget(page, `combat.init.${goblin}`, { where: (x) => x.label === "10" });
    await tapCarefully(page, "combat.start");
    c = await untilCampaign(page, (c) => c.encounter, "the encounter");
    assert.equal(c.encounter.order.length, 2);

    // Traps and explosives → trigger the sphere: it joins the order at d20 + 8.
    await scrollIntoView(page, "combat.hazards");
    await tapCarefully(page, "combat.hazards");
    await scrollIntoView(page, `combat.trap.${sphereTrap}.trigger`);
    await tapCarefully(page, `combat.trap.${sphereTrap}.trigger`);
    c = await untilCampaign(page, (c) => c.encounter.order.length === 3 && placed(c)[1].creature, "the sphere in the order");
    const sphere = placed(c)[1].creature;
    const entry = c.encounter.order.find((e) => e.creature === sphere);
    assert.ok(entry.initiative >= 9 && entry.initiative <= 28, `sphere initiative ${entry.initiative}`);
    assert.equal(creature(c, sphere).initiative_bonus, 8);
    const inits = c.encounter.order.map((e) => e.initiative);
    assert.deepEqual(inits, [...inits].sort((a, b) => b - a), "the order stays sorted by initiative");
    await scrollIntoView(page, `combat.row.${sphere}`);
    await shotNow(page, `traps-${lang}-03-sphere`);

    // Dynamite: 2 sticks, a 2-round fuse, the goblin in the blast.
    await scrollIntoView(page, `combat.blast.target.${goblin}`);
    await tapCarefully(page, `combat.blast.target.${goblin}`);
    await waitWidget(page, `combat.blast.target.${goblin}.on`, { where: (x) => x.label === "1" });
    await scrollIntoView(page, "combat.fuse.sticks.plus");
    await tapCarefully(page, "combat.fuse.sticks.plus");
    await waitWidget(page, "combat.fuse.sticks.value", { where: (x) => x.label === "2" });
    await tapCarefully(page, "combat.fuse.rounds.2");
    await waitWidget(page, "combat.fuse.rounds.2", { where: (x) => x.label.endsWith("[on]") });
    await reveal(page, "combat.fuse.light", { bottom: 600 });
    await shotNow(page, `traps-${lang}-04-dynamite`);
    await tapCarefully(page, "combat.fuse.light");
    c = await untilCampaign(page, (c) => Object.keys(fuses(c)).length === 1 && c.encounter.order.length === 4, "the fuse lit");
    const fuse = Object.keys(fuses(c))[0];
    assert.deepEqual(fuses(c)[fuse], { sticks: 2, left: 2, targets: [goblin] });
    assert.ok(c.encounter.order.some((e) => e.creature === fuse), "the bundle is in the order");
    await see(page, `combat.fuse.${fuse}`, { minH: 8, where: (x) => w.fuse.test(x.label) });
    await reveal(page, `combat.fuse.${fuse}`, { top: 400, bottom: 600 });  // the bundle's row above it
    await shotNow(page, `traps-${lang}-05-fuse`);

    // Next turn until the fuse burns down: two of its turns, then the goblin is caught in 4d6 (half on a DEX save).
    for (let i = 0; i < 12 && Object.keys(fuses(c)).length; i++) {
      const before = c.last_tx;
      await tapSettled(page, "combat.next");
      c = await untilCampaign(page, (c) => c.last_tx > before, "the next turn");
    }
    assert.deepEqual(fuses(c), {}, "the fuse went off");
    assert.ok(creature(c, fuse).death_saves.dead, "the bundle is gone");
    assert.ok(creature(c, goblin).hp < 300, `the goblin caught in the blast: ${creature(c, goblin).hp}`);

    // Mira's turn: the automatic rifle, burst fire into the goblin's cube: 10 rounds spent, then reloaded.
    for (let i = 0; i < 6 && current(c) !== mira; i++) {
      const before = c.last_tx;
      await tapSettled(page, "combat.next");
      c = await untilCampaign(page, (c) => c.last_tx > before, "the next turn");
    }
    assert.equal(current(c), mira);
    const goblinHp = creature(c, goblin).hp;
    // The goblin's DEX save, rolled at the table: 25 (a success, and a burst then deals nothing).
    await scrollIntoView(page, `combat.blast.save.${goblin}`);
    await tapCarefully(page, `combat.blast.save.${goblin}`);
    await pad(page, 25, "pad.ok");
    await see(page, `combat.blast.save.${goblin}`, { minH: 8, where: (x) => / 25$/.test(x.label) });
    await scrollIntoView(page, "combat.gun.automatic-rifle");
    await tapCarefully(page, "combat.gun.automatic-rifle");
    await see(page, "combat.gun.left", { minH: 8, where: (x) => /30 \/ 30/.test(x.label) });
    await scrollIntoView(page, "combat.gun.burst");
    await tapCarefully(page, "combat.gun.burst");
    c = await untilCampaign(page, (c) => creature(c, mira).modules?.explosives?.rounds?.["automatic-rifle"] === 20, "ten rounds spent");
    assert.equal(creature(c, goblin).hp, goblinHp, "the save typed in (25 against DC 15) succeeds: no damage");
    await see(page, "combat.gun.left", { minH: 8, where: (x) => /20 \/ 30/.test(x.label) });
    await reveal(page, "combat.gun.left", { bottom: 560 });
    await shotNow(page, `traps-${lang}-06-burst`);
    await tapCarefully(page, "combat.gun.reload");
    c = await untilCampaign(page, (c) => creature(c, mira).modules?.explosives?.rounds === undefined, "reloaded");
    await see(page, "combat.gun.left", { minH: 8, where: (x) => /30 \/ 30/.test(x.label) });

    // Rules → Tables → Explosives and firearms: the items' numbers (the fragmentation grenade: 5d6, DEX DC 15, half).
    await openTab(page, "rules");
    await tapCarefully(page, "rules.gen.back");
    await tapCarefully(page, "rules.gen.explosives");
    const g = await see(page, "explosives.item.fragmentation-grenade", { minH: 8 });
    assert.match(g.label, w.grenade);
    await shotNow(page, `traps-${lang}-07-explosives`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
