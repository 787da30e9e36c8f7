// The DM's combat journey (../shared/notes/journeys.md) at 412×915 with touch, in Czech and in Ukrainian, from a
// new phone: the welcome (language, the campaign's name); a wizard in ≤ 15 taps (class, the standard array, 17 max
// HP), fire resistance and concentration on Bless set on her sheet; three goblins from the SRD list (their stat
// block filled in); combat with rolled initiative, 9 damage to the wizard through the HP pad → the massive-damage
// save (entered: 5, failed; shock d20 entered: 6 → paralyzed until the end of her next turn) and the concentration
// save (entered: 4, failed: Bless ends); she drops to 0 → the injury roll (entered d100 = 43: festering wound) is
// stored; a goblin drops to 0 (monsters die: no injury), another is knocked out (lives, rolls its injury); a
// misclick is undone with one tap; the fight ends, the wizard is healed and the party takes a long rest; a fire hit
// on the rested wizard is halved by her resistance; the log tells the story; after a reload everything is as it was.
// Screenshots: build/e2e/journey-<lang>-<step>.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, shot, waitWidget, tapSettled, scrollIntoView, tapCarefully, typeReplacing, pad,
         openTab, campaign, untilCampaign, screenshotFailures, openApp, waitForApp, tapTimes } from "./lib.mjs";

// A creature's lingering injuries: the lingering-injuries rule's data (absent = none).
const injuriesOf = (x) => x.modules?.["lingering-injuries"]?.injuries ?? [];
const spellOf = (x) => x.modules?.concentration?.spell;

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const byName = (c, name) => c.creatures.find((x) => x.name === name);

const words = {
  cs: { campaign: "Sklep pod horou", spell: "Požehnání", goblin: "Skřet", query: "skřet",
        resisted: /utrží 3 zranění \(oheň; odolnost: z 6 polovina\)/, concLost: /Požehnání/ },
  uk: { campaign: "Підземелля під горою", spell: "Благословення", goblin: "Гоблін", query: "гоблін",
        resisted: /3 .*\(вогонь; опір: з 6 половина\)/, concLost: /Благословення/ },
};

for (const lang of ["cs", "uk"]) {
  test(`the DM's combat journey (${lang})`, { timeout: 900000 }, async () => {
    const w = words[lang];
    const locale = lang === "cs" ? "cs-CZ" : "uk-UA";
    const { page, errors, context } = await openApp(env, { welcome: true, device: { locale } });
    const snap = (name) => shot(page, `journey-${lang}-${name}`);

    // the first start: the welcome asks the language and the campaign's name (the DM's phone is the default)
    await waitWidget(page, "screen.welcome");
    await tapCarefully(page, `welcome.lang.${lang}`);
    await typeReplacing(page, "welcome.name", w.campaign);
    await snap("00-welcome");
    await tapCarefully(page, "welcome.start");
    await until(page, (s) => s.tab === "party", "the Party screen");
    await waitWidget(page, "top.campaign", { where: (x) => x.label === w.campaign });
    await waitWidget(page, "party.empty");
    await snap("01-empty");

    // a wizard in ≤ 15 taps plus the name: class, the standard array, 17 max HP on the pad
    let taps = 0;
    const tap = async (id) => { taps++; await tapCarefully(page, id); };
    const padTap = async (id) => { taps++; await tapSettled(page, id); };
    await tap("party.add_pc");
    await waitWidget(page, "screen.edit");
    await typeReplacing(page, "edit.name", "Wizard");
    await tap("edit.class.wizard");
    await tap("edit.scores.standard");
    await tap("edit.max_hp.value");
    for (const d of "17") await padTap(`pad.${d}`);
    await padTap("pad.ok");
    await waitWidget(page, "edit.max_hp.value", { where: (x) => x.label === "17" });
    await snap("02-add-wizard");
    await tap("edit.save");
    let c = await untilCampaign(page, (c) => c.creatures.length === 1, "the wizard");
    assert.ok(taps <= 15, `a complete character in ${taps} taps`);
    const wizard = byName(c, "Wizard");
    assert.equal(wizard.max_hp, 17);
    assert.equal(wizard.hp, 17);
    assert.equal(wizard.kind, "pc");
    assert.equal(wizard.hit_die, 6);
    assert.deepEqual(wizard.modules.classes, { class: "wizard" });

    // her sheet: fire resistance (a tiefling) and concentration on Bless
    await tapCarefully(page, `party.card.${wizard.id}`);
    await waitWidget(page, "sheet.name");
    await scrollIntoView(page, "sheet.def.edit");
    await tapCarefully(page, "sheet.def.edit");
    await scrollIntoView(page, "sheet.def.fire.res");
    await tapCarefully(page, "sheet.def.fire.res");
    await untilCampaign(page, (c) => (byName(c, "Wizard").resistances || []).includes("fire"), "fire resistance");
    await scrollIntoView(page, "sheet.conc.spell");
    await typeReplacing(page, "sheet.conc.spell", w.spell);
    await tapCarefully(page, "sheet.conc.start");
    await untilCampaign(page, (c) => spellOf(byName(c, "Wizard")) === w.spell, "concentrating on Bless");
    await snap("02b-wizard-sheet");
    await tapCarefully(page, "sheet.back");

    // three goblins from the SRD list, their stat block filled in (one undo step)
    await tapCarefully(page, "party.add_srd");
    await waitWidget(page, "screen.srd");
    await typeReplacing(page, "srd.search", w.query);
    await tapCarefully(page, "srd.pick.goblin");
    await tapTimes(page, "srd.count.plus", 2);
    await snap("03-add-goblins");
    await tapCarefully(page, "srd.add");
    c = await untilCampaign(page, (c) => c.creatures.length === 4, "three goblins");
    const goblinNames = [1, 2, 3].map((n) => `${w.goblin} ${n}`);
    const goblins = goblinNames.map((n) => byName(c, n));
    for (const g of goblins) {
      assert.ok(g, `goblins are numbered: ${c.creatures.map((x) => x.name)}`);
      assert.equal(g.kind, "monster");
      assert.equal(g.ac, 15);
      assert.equal(g.max_hp, 7);
    }
    await waitWidget(page, `party.card.${goblins[2].id}`);
    await snap("04-party");

    // combat with rolled initiative
    await openTab(page, "combat");
    await waitWidget(page, "combat.start");
    await snap("05-combat-setup");
    await tapCarefully(page, "combat.start");
    c = await untilCampaign(page, (c) => c.encounter && c.encounter.order.length === 4, "the encounter");
    // The rolled order decides where her row is: below a goblin's turn with its reminders it starts off screen.
    await scrollIntoView(page, `combat.row.${wizard.id}`);
    await snap("06-initiative");

    // 9 damage to the wizard via the pad → the massive-damage prompt
    await tapCarefully(page, `combat.row.${wizard.id}`);
    await pad(page, 9, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === 8 && c.prompts.length > 1, "damage and two prompts");
    const conc = c.prompts.find((p) => p.kind === "concentration.save");
    assert.ok(conc, `the concentration save is asked: ${JSON.stringify(c.prompts)}`);
    assert.equal(conc.data.dc, 10);
    const save = c.prompts.find((p) => p.kind === "massive-damage.save");
    assert.ok(save, `the massive-damage save is asked: ${JSON.stringify(c.prompts)}`);
    assert.equal(save.creature, wizard.id);
    assert.equal(save.data.dc, 15);
    await waitWidget(page, `prompt.${save.id}`);
    await snap("07-massive-damage-prompt");
    // entered at the table: 5 (fails DC 15), then the shock d20: 6 → paralyzed until the end of her next turn
    await tapCarefully(page, `prompt.${save.id}.enter`);
    await pad(page, 5, "pad.ok");
    await waitWidget(page, "pad.then_auto");
    await snap("08-shock-d20");
    await pad(page, 6, "pad.ok");
    c = await untilCampaign(page, (c) => !c.prompts.some((p) => p.id === save.id), "the save resolved");
    const para = byName(c, "Wizard").conditions.find((x) => x.id === "paralyzed");
    assert.ok(para, `paralyzed: ${JSON.stringify(byName(c, "Wizard").conditions)}`);
    assert.equal(para.until.kind, "end_of_next_turn");
    await waitWidget(page, "notice");
    await snap("09-paralyzed");
    // the concentration save: 4 fails DC 10, Bless ends
    await scrollIntoView(page, `prompt.${conc.id}.enter`);
    await tapCarefully(page, `prompt.${conc.id}.enter`);
    await pad(page, 4, "pad.ok");
    c = await untilCampaign(page, (c) => !spellOf(byName(c, "Wizard")), "concentration lost");

    // she drops to 0 → the injury roll: entered d100 = 43 (festering wound) → stored
    await tapCarefully(page, `combat.row.${wizard.id}`);
    await pad(page, 8, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === 0, "the wizard at 0 HP");
    const roll = c.prompts.find((p) => p.kind === "injuries.roll" && p.creature === wizard.id);
    assert.ok(roll, `the injury roll is asked: ${JSON.stringify(c.prompts)}`);
    await waitWidget(page, `prompt.${roll.id}`);
    await snap("10-injury-prompt");
    await tapCarefully(page, `prompt.${roll.id}.enter`);
    await pad(page, 43, "pad.ok");
    c = await untilCampaign(page, (c) => injuriesOf(byName(c, "Wizard")).length === 1, "the injury stored");
    const injury = injuriesOf(byName(c, "Wizard"))[0];
    assert.equal(injury.table_row, 43);
    assert.equal(injury.effects.injury, "festering_wound");
    await scrollIntoView(page, `combat.${wizard.id}.ds`);
    await snap("11-injury-stored");

    // a goblin drops to 0 HP: monsters die at 0 HP (base rules), so no injury is rolled for it
    const g1 = byName(c, goblinNames[0]);
    await tapCarefully(page, `combat.row.${g1.id}`);
    await pad(page, 20, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, goblinNames[0]).death_saves.dead, "goblin 1 dead");
    assert.equal(injuriesOf(byName(c, goblinNames[0])).length, 0);

    // goblin 3 is knocked out instead of killed: the injury rule applies to monsters too, so it lives (stable)
    // and rolls its injury; its HP all at once also asks the massive-damage save (entered 20: passed)
    const g3 = byName(c, goblinNames[2]);
    await tapCarefully(page, `combat.row.${g3.id}`);
    await tapSettled(page, "pad.knock_out");
    await pad(page, g3.hp, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, goblinNames[2]).hp === 0, "goblin 3 knocked out");
    assert.ok(!byName(c, goblinNames[2]).death_saves.dead, "a knocked-out goblin lives");
    assert.ok(byName(c, goblinNames[2]).death_saves.stable, "and is stable");
    for (const [kind, value] of [["massive-damage.save", 20], ["injuries.roll", 90]]) {
      const p = c.prompts.find((x) => x.kind === kind && x.creature === g3.id);
      assert.ok(p, `${kind} is asked for the goblin: ${JSON.stringify(c.prompts)}`);
      await tapCarefully(page, `prompt.${p.id}.enter`);
      await pad(page, value, "pad.ok");
      c = await untilCampaign(page, (c) => !c.prompts.some((x) => x.id === p.id), `${kind} answered`);
    }
    assert.equal(injuriesOf(byName(c, goblinNames[2]))[0].effects.injury, "minor_scar");
    await snap("11b-goblin-knocked-out");

    // a misclick on the wrong goblin is one tap of undo
    const g2 = byName(c, goblinNames[1]);
    const hpBefore = g2.hp;
    await tapCarefully(page, `combat.row.${g2.id}`);
    await pad(page, 1, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, goblinNames[1]).hp === hpBefore - 1, "the misclick");
    await snap("12-misclick");
    await tapSettled(page, "top.undo");
    c = await untilCampaign(page, (c) => byName(c, goblinNames[1]).hp === hpBefore, "the undo");

    // next turns, then the end of the fight
    await tapCarefully(page, "combat.next");
    c = await untilCampaign(page, (c) => c.encounter && (c.encounter.turn !== 0 || c.encounter.round > 1), "the next turn");
    await snap("13-next-turn");
    await tapSettled(page, "combat.end");
    await tapSettled(page, "confirm.yes");
    c = await untilCampaign(page, (c) => !c.encounter, "the end of the fight");

    // heal the wizard, then a long rest
    await openTab(page, "party");
    await tapCarefully(page, `party.hp.${wizard.id}`);
    await pad(page, 5, "pad.heal");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === 5, "the wizard healed");
    await openTab(page, "downtime");
    await tapCarefully(page, "rest.long");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === byName(c, "Wizard").max_hp && c.minutes >= 480, "the long rest");
    await scrollIntoView(page, "downtime.summary");
    await snap("14-long-rest");
    await openTab(page, "party");
    await tapCarefully(page, `party.card.${wizard.id}`);
    await waitWidget(page, "sheet.name");
    await snap("15-wizard-sheet");

    // a fire hit on the rested wizard, from the Party tab: her resistance halves it (the pad says so first)
    await tapCarefully(page, "sheet.back");
    await tapCarefully(page, `party.hp.${wizard.id}`);
    await waitWidget(page, "pad.value");
    await tapSettled(page, "pad.type");
    await tapSettled(page, "pad.type.fire");
    await waitWidget(page, "pad.adjust", { where: (x) => x.label === "resisted" });
    await pad(page, 6, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === 14, "6 fire halved to 3");
    await waitWidget(page, "notice", { where: (x) => w.resisted.test(x.label) });
    await snap("15b-resisted");

    // the log: the story, newest first — the resisted hit on top, the lost concentration further down
    await tapSettled(page, "top.log");
    const last = (await campaign(page)).last_tx;
    const top = await waitWidget(page, `log.entry.${last}`);
    assert.match(top.label, w.resisted);
    await snap("15c-log");
    await tapSettled(page, "top.log");

    // reload: everything as it was
    const before = await campaign(page);
    await page.reload();
    await waitForApp(page);
    const after = await campaign(page);
    assert.deepEqual(after, before);
    await openTab(page, "party");
    await waitWidget(page, `party.card.${wizard.id}`);
    await snap("16-after-reload");
    assert.deepEqual(errors, []);
    await context.close();
  });
}
