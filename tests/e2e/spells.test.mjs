// Spells, spell slots and limited uses at the table, in Czech and Ukrainian, driven as the table would (taps): a
// level-5 cleric's sheet shows her slots as pips; she casts cure wounds at 2nd level on the fighter with the total she
// rolled at the table typed on the pad (his HP goes up by it, the log says it was the table's roll, a 2nd-level slot is
// spent); in a fight the wizard casts fireball at 3rd level at three goblins (Roll for me on the pad), whose DEX saves
// against her DC 14 come as prompt cards and are answered with the table's d20 (one fails: the whole damage; two
// succeed: half); a young red dragon added from the SRD list breathes (one tap on its Fire Breath in the fight), its d6
// is rolled by itself at the start of its next turn (the log and the button agree), and a tap on the spent breath takes
// the table's d6: 4 leaves it spent, 5 recharges it; after the fight a long rest gives the slots back; the DM gives a
// goblin a recharge ability on its sheet, and the fighter becomes an Eldritch Knight in the classes editor (the third
// caster's slots); after the rest the wizard's fire bolt at a goblin is a spell attack (the d20 against its AC, the
// damage only on a hit, on the result card; Roll for me on the pad that asks the d20), her count "Prepared 1/8 ·
// Cantrips 0/4" above her spells; her scorching ray typed at the table: the three d20s on the pad, then each hit's
// damage on a pad of its own (the critical one within its doubled dice), the log saying each was the table's. Creatures and the fight's order are set up by commands (the setup's own screens have tests of their
// own). Screenshots: <shots>/spells-<lang>-*.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, shot, waitWidget, tapCarefully, tapSettled, typeReplacing, openTab, campaign, untilCampaign,
         screenshotFailures, scrollIntoView, accepted, idOf, openSheet, see, pad, widgets, gone, freshFrames } from "./lib.mjs";

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const words = {
  cs: { cleric: "Vesna", fighter: "Bořek", wizard: "Mira", goblin: "Skřet", cure: "léčení", fireball: "ohnivá", spit: "Jedovatý plivanec",
        dragonQuery: "rudý drak", dragon: "Mladý rudý drak",
        card: /^Léčení zranění\n1\. úroveň · .*Léčení podle úrovně pozice: 1: 1[dk]8\+3 · 2: 2[dk]8\+3/s,
        level2: "2. (zbývá 3)", cast: "Seslat: Léčení zranění", castFireball: "Seslat: Ohnivá koule",
        healed: /Vesna sesílá kouzlo Léčení zranění \(pozice: 2\. úroveň\): léčí (\d+), hozeno u stolu/i,
        burned: /Mira sesílá kouzlo Ohnivá koule \(pozice: 3\. úroveň\): .*= (\d+) zranění.*SO 14/i,
        save: /Skřet \d.*Obratnost/, dc: /SO 14/,
        ready: "Ohnivý dech — připraveno (dobití 5–6)", notReady: "Ohnivý dech — nepřipraveno (dobití 5–6)",
        rolled: /Ohnivý dech — (znovu připraveno|stále nepřipraveno) \(k6: (\d), potřeba 5\+\)/,
        four: /Ohnivý dech — stále nepřipraveno \(k6: 4, potřeba 5\+\)/, five: /Ohnivý dech — znovu připraveno \(k6: 5, potřeba 5\+\)/,
        fireBolt: "ohnivá střela", attackInfo: "Útok kouzlem +6 proti OČ cíle", count: "Připraveno 1/8 · Triky 0/4",
        hit: /(Zásah|Kritický zásah!) \(OČ 10\)/, miss: /Minul \(OČ 10\)/,
        scorching: "spalující", d20s: "Spalující paprsek: k20 pro útoky (3)",
        ray1: "Spalující paprsek 1/3 → Skřet 3: zranění?\nk20 15 +6 = 21: Zásah (OČ 10) · 2k6 (2–12)",
        ray2: "Spalující paprsek 2/3 → Skřet 3: zranění?\nk20 20 +6 = 26: Kritický zásah! (OČ 10) · 4k6 (4–24)",
        rayLog: /Spalující paprsek \(Mira\) zasahuje Skřet 3: 9 zranění.*hozeno u stolu/,
        rayCrit: /Spalující paprsek \(Mira\) .*Skřet 3.*: 14 zranění.*hozeno u stolu/ },
  uk: { cleric: "Весна", fighter: "Борис", wizard: "Міра", goblin: "Гоблін", cure: "лікування", fireball: "вогняна", spit: "Отруйний плювок",
        dragonQuery: "червоний дракон", dragon: "Молодий червоний дракон",
        card: /^Лікування ран\n1-й рівень · .*: 1: 1[dк]8\+3 · 2: 2[dк]8\+3/s,
        level2: "2. (лишилося 3)", cast: "Створити: Лікування ран", castFireball: "Створити: Вогняна куля",
        healed: /Весна творить заклинання Лікування ран \(комірка: 2-й рівень\): лікує (\d+), кинуто за столом/i,
        burned: /Міра творить заклинання Вогняна куля \(комірка: 3-й рівень\): .*= (\d+) шкоди.*СК 14/i,
        save: /Гоблін \d.*Спритн/, dc: /СК 14/,
        ready: "Вогняний подих — готове (перезарядка 5–6)", notReady: "Вогняний подих — не готове (перезарядка 5–6)",
        rolled: /Вогняний подих — (знову готове|досі не готове) \(к6: (\d), треба 5\+\)/,
        four: /Вогняний подих — досі не готове \(к6: 4, треба 5\+\)/, five: /Вогняний подих — знову готове \(к6: 5, треба 5\+\)/,
        fireBolt: "вогняний снаряд", attackInfo: "Атака заклинанням +6 проти КЗ цілі", count: "Підготовлено 1/8 · Замовляння 0/4",
        hit: /(Влучання|Критичне влучання!) \(КЗ 10\)/, miss: /Промах \(КЗ 10\)/,
        scorching: "палючий", d20s: "Палючий промінь: к20 для атак (3)",
        ray1: "Палючий промінь 1/3 → Гоблін 3: шкода?\nк20 15 +6 = 21: Влучання (КЗ 10) · 2к6 (2–12)",
        ray2: "Палючий промінь 2/3 → Гоблін 3: шкода?\nк20 20 +6 = 26: Критичне влучання! (КЗ 10) · 4к6 (4–24)",
        rayLog: /Палючий промінь \(Міра\) влучає в Гоблін 3: 9 шкоди.*кинуто за столом/,
        rayCrit: /Палючий промінь \(Міра\) .*Гоблін 3.*: 14 шкоди.*кинуто за столом/ },
};

const who = (c, id) => c.creatures.find((x) => x.id === id);
const breathUsed = (c, id) => who(c, id).modules?.["limited-uses"]?.uses?.[0]?.used || 0;
const spent = (c, id, level) => who(c, id).modules?.["spell-slots"]?.spent?.[level - 1] || 0;

// The log's lines (Log in the top bar), newest first; closed again.
async function logLines(page) {
  await tapSettled(page, "top.log");
  let lines = [];
  for (const end = Date.now() + 30000; !lines.length; await freshFrames(page, 1)) {
    if (Date.now() > end) throw new Error("the log shows no line");
    lines = (await widgets(page)).filter((w) => w.id.startsWith("log.entry.")).map((w) => w.label);
  }
  await tapCarefully(page, "log.close");  // the log opens at the step a notice shows: its top may be scrolled away
  await gone(page, "log.close");
  return lines;
}

// The cast's total as its line in the log says it ("… = 14").
async function castTotal(page, re) {
  const line = (await logLines(page)).find((x) => re.test(x));
  assert.ok(line, `the cast in the log: ${re}`);
  return Number(re.exec(line)[1]);
}

for (const lang of ["cs", "uk"]) {
  test(`a cleric heals, a wizard's fireball, a dragon's breath recharges, a long rest (${lang})`, { timeout: 900000 }, async () => {
    const w = words[lang];
    const { page, errors, context } = await openApp(env, { device: { locale: lang === "cs" ? "cs-CZ" : "uk-UA" } });
    await accepted(page, { type: "CreateCampaign", name: "Test" });
    await accepted(page, { type: "AddCreature", name: w.cleric, kind: "pc", max_hp: 38, level: 5, class: "cleric", abilities: { wis: 16 } });
    await accepted(page, { type: "AddCreature", name: w.fighter, kind: "pc", max_hp: 44, level: 5, class: "fighter" });
    await accepted(page, { type: "AddCreature", name: w.wizard, kind: "pc", max_hp: 27, level: 5, class: "wizard", abilities: { int: 16 } });
    // sturdy goblins (50 HP): the fireball's damage shows in full and halved, none of them at 0
    for (const n of [1, 2, 3]) await accepted(page, { type: "AddCreature", name: `${w.goblin} ${n}`, kind: "monster", max_hp: 50, abilities: { dex: 14 } });
    let c = await campaign(page);
    const cleric = idOf(c, w.cleric), fighter = idOf(c, w.fighter), wizard = idOf(c, w.wizard);
    const goblins = [1, 2, 3].map((n) => idOf(c, `${w.goblin} ${n}`));
    await accepted(page, { type: "ApplyDamage", target: fighter, amount: 21 });  // under half his HP: no massive-damage save

    // ---- the cleric's sheet: DC 14 · +6, slots 4/3/2 as pips
    await openSheet(page, cleric, w.cleric);
    assert.match((await see(page, "sheet.slots", { minH: 8 })).label, / 14 · [^·]*\+6/);
    for (const [lv, left] of [[1, "4/4"], [2, "3/3"], [3, "2/2"]])
      assert.equal((await see(page, `sheet.slots.${lv}`, { minH: 8 })).label, left);
    assert.ok(!(await widgets(page)).some((x) => x.id === "sheet.slots.4"), "no 4th-level slots at level 5");
    await scrollIntoView(page, "sheet.slots.3.1");
    await shot(page, `spells-${lang}-01-cleric-slots`);

    // ---- Cast: search, pick cure wounds, 2nd level, the fighter, Cast
    await typeReplacing(page, "sheet.spells.search", w.cure);
    await tapCarefully(page, "sheet.spells.pick.cure-wounds");
    const card = (await see(page, "sheet.spells.card", { minH: 8 })).label;
    assert.match(card, w.card);
    assert.doesNotMatch(card, /4: 4[dkк]8/, "the dice only up to her highest slot level (3rd)");
    await tapCarefully(page, "sheet.spells.level.2");
    await waitWidget(page, "sheet.spells.level.2", { where: (x) => x.label === `${w.level2} [on]` });
    await tapCarefully(page, `sheet.spells.target.${fighter}`);
    const cast = await see(page, "sheet.spells.cast");
    assert.equal(cast.label, w.cast);
    await shot(page, `spells-${lang}-02-cast-dialog`);
    const hpBefore = who(await campaign(page), fighter).hp;
    assert.equal(hpBefore, 23);
    await tapCarefully(page, "sheet.spells.cast");
    // she rolled 2d8 at the table: 9, plus her +3 — the pad takes the total
    await waitWidget(page, "pad.spell_roll");
    await shot(page, `spells-${lang}-02b-cast-pad`);
    await pad(page, 12, "pad.ok");
    c = await untilCampaign(page, (c) => who(c, fighter).hp > hpBefore, "the fighter healed");
    const healed = await castTotal(page, w.healed);
    assert.equal(healed, 12, "the table's total");
    assert.equal(who(c, fighter).hp, hpBefore + healed, "the fighter's HP up by the cast's total");
    assert.equal(spent(c, cleric, 2), 1, "one 2nd-level slot spent");
    assert.equal(spent(c, cleric, 1), 0, "no 1st-level slot spent");
    assert.equal((await see(page, "sheet.slots.2", { minH: 8 })).label, "2/3");
    await shot(page, `spells-${lang}-03-cured`);

    // ---- a young red dragon from the SRD list
    await openTab(page, "party");
    if ((await widgets(page)).some((x) => x.id === "sheet.back")) await tapCarefully(page, "sheet.back");
    await tapCarefully(page, "party.add_srd");
    await waitWidget(page, "screen.srd");
    await typeReplacing(page, "srd.search", w.dragonQuery);
    await tapCarefully(page, "srd.pick.young-red-dragon");
    await tapCarefully(page, "srd.add");
    c = await untilCampaign(page, (c) => c.creatures.some((x) => x.modules?.srd_monsters?.monster === "young-red-dragon"), "the dragon");
    const dragon = c.creatures.find((x) => x.modules?.srd_monsters?.monster === "young-red-dragon").id;
    assert.equal(who(c, dragon).modules["limited-uses"].uses[0].kind, "recharge");
    assert.equal(who(c, dragon).modules["limited-uses"].uses[0].min, 5);

    // ---- the fight: the dragon first, then the wizard, the goblins, the cleric, the fighter
    await accepted(page, { type: "StartEncounter", initiative: { [dragon]: 22, [wizard]: 20, [goblins[0]]: 15, [goblins[1]]: 14,
                                                                [goblins[2]]: 13, [cleric]: 8, [fighter]: 5 } });
    await openTab(page, "combat");
    const breath = `combat.uses.${dragon}.0`;
    assert.equal((await see(page, breath)).label, w.ready);
    await tapCarefully(page, breath);  // the dragon breathes
    c = await untilCampaign(page, (c) => breathUsed(c, dragon) === 1, "the breath spent");
    await waitWidget(page, breath, { where: (x) => x.label === w.notReady });
    await shot(page, `spells-${lang}-04-breath-spent`);
    await tapCarefully(page, "combat.next");  // the wizard's turn
    await untilCampaign(page, (c) => c.encounter.turn === 1, "the wizard's turn");

    // ---- the wizard: fireball at 3rd level at the three goblins
    await openSheet(page, wizard, w.wizard);
    assert.match((await see(page, "sheet.slots", { minH: 8 })).label, / 14 · [^·]*\+6/);
    // she keeps fireball on her own list (from its card), then casts it from there: one tap, no typing
    await typeReplacing(page, "sheet.spells.search", w.fireball);
    await tapCarefully(page, "sheet.spells.pick.fireball");
    await tapCarefully(page, "sheet.spells.keep");
    await untilCampaign(page, (c) => (who(c, wizard).modules?.spells?.prepared || []).includes("fireball"), "fireball on her list");
    await tapCarefully(page, "sheet.spells.close");
    await see(page, "sheet.spells.mine.fireball");
    await shot(page, `spells-${lang}-05a-her-spells`);
    await tapCarefully(page, "sheet.spells.mine.fireball");
    await see(page, "sheet.spells.level.3");
    // each target with its HP (the DM's phone: the numbers)
    assert.equal((await see(page, `sheet.spells.target.${goblins[0]}`)).label, `${w.goblin} 1  50 / 50`);
    for (const g of goblins) await tapCarefully(page, `sheet.spells.target.${g}`);
    const fb = await see(page, "sheet.spells.cast");
    assert.equal(fb.label, w.castFireball);
    await shot(page, `spells-${lang}-05-fireball-dialog`);
    await tapCarefully(page, "sheet.spells.cast");
    await waitWidget(page, "pad.spell_roll");
    await tapSettled(page, "pad.spell_roll");  // the app rolls her 8d6
    c = await untilCampaign(page, (c) => c.prompts.filter((p) => p.kind === "group.save_for_damage").length === 3, "three save cards");
    const total = await castTotal(page, w.burned);
    assert.ok(total >= 8 && total <= 48, `8d6: ${total}`);
    assert.equal(spent(c, wizard, 3), 1, "a 3rd-level slot spent");
    for (const g of goblins) assert.equal(who(c, g).hp, 50, "no damage before the saves");
    // the save cards on the Combat screen, at her DC 14 (DEX +2)
    await openTab(page, "combat");
    const saves = c.prompts.filter((p) => p.kind === "group.save_for_damage");
    for (const p of saves) {
      assert.equal(p.data.dc, 14);
      assert.equal(p.data.dice, "1d20+2");
      assert.match((await waitWidget(page, `prompt.${p.id}`)).label, w.save);
    }
    await shot(page, `spells-${lang}-06-fireball-saves`);
    // the saves as rolled at the table (the totals): goblin 1 has 3 (fails), goblins 2 and 3 have 15 and 18 (half)
    const rolls = { [goblins[0]]: 3, [goblins[1]]: 15, [goblins[2]]: 18 };
    for (const g of goblins) {
      const p = saves.find((x) => x.creature === g);
      await tapCarefully(page, `prompt.${p.id}.enter`);
      await pad(page, rolls[g], "pad.ok");
      await untilCampaign(page, (c) => !c.prompts.some((x) => x.id === p.id), "the save answered");
    }
    c = await campaign(page);
    assert.equal(who(c, goblins[0]).hp, 50 - total, "a failed save: the whole damage");
    assert.equal(who(c, goblins[1]).hp, 50 - Math.floor(total / 2), "a success: half");
    assert.equal(who(c, goblins[2]).hp, 50 - Math.floor(total / 2), "a success: half");
    await shot(page, `spells-${lang}-07-fireball-done`);

    // ---- round 2: the dragon's turn rolls the breath's d6 by itself; the log and the button agree
    // one tap a turn, each waited for (a tap read before its frame ran would be sent twice and skip the dragon)
    for (let turn = (await campaign(page)).encounter.turn; turn !== 0;) {
      const next = (turn + 1) % 7;
      await tapCarefully(page, "combat.next");
      await untilCampaign(page, (c) => c.encounter.turn === next, `turn ${next}`);
      turn = next;
    }
    c = await campaign(page);
    assert.equal(c.encounter.round, 2);
    const line = (await logLines(page)).find((x) => w.rolled.test(x));
    assert.ok(line, "the recharge roll in the log");
    const auto = Number(w.rolled.exec(line)[2]);
    assert.equal(breathUsed(c, dragon), auto >= 5 ? 0 : 1, `the d6 rolled ${auto}`);
    await openTab(page, "combat");
    assert.equal((await see(page, breath)).label, auto >= 5 ? w.ready : w.notReady);
    if (auto >= 5) {  // it breathes again
      await tapCarefully(page, breath);
      await untilCampaign(page, (c) => breathUsed(c, dragon) === 1, "the breath spent again");
    }
    // the table's d6 on the pad: a 4 leaves it spent, a 5 recharges it
    await tapCarefully(page, breath);
    await waitWidget(page, "pad.recharge_auto");
    await shot(page, `spells-${lang}-08-recharge-pad`);
    await pad(page, 4, "pad.ok");
    await waitWidget(page, "notice", { where: (x) => w.four.test(x.label) });
    assert.equal(breathUsed(await campaign(page), dragon), 1, "4: still spent");
    await waitWidget(page, breath, { where: (x) => x.label === w.notReady });
    await tapCarefully(page, breath);
    await pad(page, 5, "pad.ok");
    await waitWidget(page, "notice", { where: (x) => w.five.test(x.label) });
    await untilCampaign(page, (c) => breathUsed(c, dragon) === 0, "5: recharged");
    await waitWidget(page, breath, { where: (x) => x.label === w.ready });
    await shot(page, `spells-${lang}-09-recharged`);
    assert.ok((await logLines(page)).some((x) => w.five.test(x)), "the table's 5 in the log");

    // ---- the fight ends; a long rest gives the slots back
    await tapCarefully(page, "combat.end");
    await tapSettled(page, "confirm.yes");
    await untilCampaign(page, (c) => !c.encounter, "the fight over");
    await openTab(page, "downtime");
    await tapCarefully(page, "rest.long");
    c = await untilCampaign(page, (c) => spent(c, cleric, 2) === 0 && spent(c, wizard, 3) === 0, "the slots back");
    await openSheet(page, cleric, w.cleric);
    assert.equal((await see(page, "sheet.slots.2", { minH: 8 })).label, "3/3");
    await openSheet(page, wizard, w.wizard);
    assert.equal((await see(page, "sheet.slots.3", { minH: 8 })).label, "2/2");
    await shot(page, `spells-${lang}-10-after-long-rest`);

    // ---- a spell attack: her fire bolt at goblin 2, the d20 + 6 against its AC, 2d10 fire only on a hit; her count
    assert.equal((await see(page, "sheet.spells.count", { minH: 8 })).label, w.count);
    await typeReplacing(page, "sheet.spells.search", w.fireBolt);
    await tapCarefully(page, "sheet.spells.pick.fire-bolt");
    assert.equal((await see(page, "sheet.spells.attack_info", { minH: 8 })).label, w.attackInfo);
    await tapCarefully(page, `sheet.spells.target.${goblins[1]}`);
    const goblinHp = who(await campaign(page), goblins[1]).hp;
    await tapCarefully(page, "sheet.spells.cast");
    // the pad asks the d20 rolled at the table, or Roll for me: the app rolls the attack and its damage
    await waitWidget(page, "pad.spell_roll");
    await tapSettled(page, "pad.spell_roll");
    const attack = (await see(page, "sheet.spells.attacks", { minH: 8 })).label;
    c = await campaign(page);
    const lost = goblinHp - who(c, goblins[1]).hp;
    if (w.miss.test(attack)) {
      assert.equal(lost, 0, "a miss: no damage");
    } else {
      assert.match(attack, w.hit);
      assert.ok(lost >= 2 && lost <= 40 && attack.includes(`${lost} `), `the damage on the card (${lost}): ${attack}`);
    }
    await shot(page, `spells-${lang}-10b-fire-bolt`);
    await tapCarefully(page, "sheet.spells.attacks.ok");
    await gone(page, "sheet.spells.attacks");

    // ---- scorching ray typed at the table: three rays at goblin 3, the d20s 15, 20, 2 (a hit, a critical hit, a
    // miss against AC 10 with +6), then each hit's damage on its own pad: 9 on 2d6, 14 on the critical 4d6
    await typeReplacing(page, "sheet.spells.search", w.scorching);
    await tapCarefully(page, "sheet.spells.pick.scorching-ray");
    await tapCarefully(page, `sheet.spells.target.${goblins[2]}`);
    const rayHp = who(await campaign(page), goblins[2]).hp;
    await tapCarefully(page, "sheet.spells.cast");
    await waitWidget(page, "pad.title", { where: (x) => x.label.startsWith(w.d20s) });
    for (const d of "15202") await tapSettled(page, `pad.${d}`);
    await waitWidget(page, "pad.value", { where: (x) => x.label === "15 20 2" });
    await shot(page, `spells-${lang}-10c-ray-d20s`);
    await tapSettled(page, "pad.ok");
    await waitWidget(page, "pad.title", { where: (x) => x.label === w.ray1 });
    await pad(page, 9, "pad.ok");
    await waitWidget(page, "pad.title", { where: (x) => x.label === w.ray2 });
    for (const d of "14") await tapSettled(page, `pad.${d}`);
    await waitWidget(page, "pad.value", { where: (x) => x.label === "14" });
    await shot(page, `spells-${lang}-10d-ray-damage`);
    await tapSettled(page, "pad.ok");
    c = await untilCampaign(page, (c) => who(c, goblins[2]).hp < rayHp, "the rays' damage");
    assert.equal(who(c, goblins[2]).hp, rayHp - 23, "9 + 14, each as typed");
    assert.equal(spent(c, wizard, 2), 1, "a 2nd-level slot spent");
    const rays = (await see(page, "sheet.spells.attacks", { minH: 8 })).label;
    assert.match(rays, w.miss);
    await shot(page, `spells-${lang}-10e-rays-done`);
    await tapCarefully(page, "sheet.spells.attacks.ok");
    await gone(page, "sheet.spells.attacks");
    const lines = await logLines(page);
    assert.ok(lines.some((x) => w.rayLog.test(x)), "the first ray's 9 in the log");
    assert.ok(lines.some((x) => w.rayCrit.test(x)), "the critical ray's 14 in the log");

    // ---- the DM's own monster: a recharge ability set on its sheet
    await openSheet(page, goblins[0], `${w.goblin} 1`);
    await tapCarefully(page, "sheet.uses.edit");
    await typeReplacing(page, "sheet.uses.name", w.spit);
    await tapCarefully(page, "sheet.uses.kind.recharge");
    await tapCarefully(page, "sheet.uses.add");
    c = await untilCampaign(page, (c) => (who(c, goblins[0]).modules?.["limited-uses"]?.uses || []).length === 1, "the goblin's ability");
    assert.deepEqual(who(c, goblins[0]).modules["limited-uses"].uses[0], { name: w.spit, kind: "recharge", min: 5 });
    await see(page, "sheet.uses.0");
    await shot(page, `spells-${lang}-11-own-monster-uses`);

    // ---- the fighter, 5th level, becomes an Eldritch Knight: the third caster's slots (3 of the 1st level)
    await openSheet(page, fighter, w.fighter);
    await tapCarefully(page, "sheet.slots.classes");
    await tapCarefully(page, "sheet.slots.add.eldritch-knight");
    await untilCampaign(page, (c) => who(c, fighter).modules?.["spell-slots"]?.classes?.[0]?.class === "eldritch-knight", "an Eldritch Knight");
    assert.equal((await see(page, "sheet.slots.1", { minH: 8 })).label, "3/3");
    await shot(page, `spells-${lang}-12-eldritch-knight`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
