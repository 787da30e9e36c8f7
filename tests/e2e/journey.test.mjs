// The DM's combat journey (../shared/notes/journeys.md) at 412×915 with touch, in Czech and in Ukrainian:
// add a wizard (17 max HP) and three goblins (HP 2d6, rolled), start combat with rolled initiative, 9 damage to
// the wizard through the HP pad → the massive-damage save (entered: 5, failed; shock d20 entered: 6 → paralyzed
// until the end of her next turn), she drops to 0 → the injury roll (entered d100 = 43: festering wound) is
// stored; a goblin drops to 0 (monsters die: no injury), another is knocked out (lives, rolls its injury); a
// misclick is undone with one tap; the fight ends, the wizard is healed and the party takes a long rest; after a
// reload everything is as it was.
// Screenshots: build/e2e/journey-<lang>-<step>.png.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { launch, until, shot, waitWidget, tapSettled, scrollIntoView, tapCarefully, typeReplacing, pad,
         openTab, campaign, untilCampaign, screenshotFailures, openApp, waitForApp } from "./lib.mjs";

// A creature's lingering injuries: the lingering-injuries rule's data (absent = none).
const injuriesOf = (x) => x.modules?.["lingering-injuries"]?.injuries ?? [];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });
screenshotFailures(afterEach, import.meta.url);

const byName = (c, name) => c.creatures.find((x) => x.name === name);

for (const lang of ["cs", "uk"]) {
  test(`the DM's combat journey (${lang})`, { timeout: 600000 }, async () => {
    const locale = lang === "cs" ? "cs-CZ" : "uk-UA";
    const { page, errors, context } = await openApp(env, { device: { locale } });
    const snap = (name) => shot(page, `journey-${lang}-${name}`);
    await openTab(page, "party");
    await waitWidget(page, "party.empty");
    await snap("01-empty");

    // a wizard with 17 max HP
    await tapCarefully(page, "party.add_pc");
    await waitWidget(page, "screen.edit");
    await typeReplacing(page, "edit.name", "Wizard");
    await tapCarefully(page, "edit.max_hp.value");
    await pad(page, 17, "pad.ok");
    await waitWidget(page, "edit.max_hp.value", { where: (w) => w.label === "17" });
    await snap("02-add-wizard");
    await tapCarefully(page, "edit.save");
    let c = await untilCampaign(page, (c) => c.creatures.length === 1, "the wizard");
    const wizard = byName(c, "Wizard");
    assert.equal(wizard.max_hp, 17);
    assert.equal(wizard.hp, 17);
    assert.equal(wizard.kind, "pc");

    // three goblins, HP 2d6 rolled
    await tapCarefully(page, "party.add_monster");
    await waitWidget(page, "screen.edit");
    await typeReplacing(page, "edit.name", "Goblin");
    await tapCarefully(page, "edit.count.plus");
    await tapCarefully(page, "edit.count.plus");
    await waitWidget(page, "edit.count.value", { where: (w) => w.label === "3" });
    await typeReplacing(page, "edit.hp_expr", "2d6");
    await waitWidget(page, "edit.hp_check", { where: (w) => /2.*12/.test(w.label) });
    await snap("03-add-goblins");
    await tapCarefully(page, "edit.save");
    c = await untilCampaign(page, (c) => c.creatures.length === 4, "three goblins");
    const goblins = ["Goblin 1", "Goblin 2", "Goblin 3"].map((n) => byName(c, n));
    for (const g of goblins) {
      assert.ok(g, "goblins are numbered");
      assert.equal(g.kind, "monster");
      assert.ok(g.max_hp >= 2 && g.max_hp <= 12, `2d6 HP: ${g.max_hp}`);
    }
    await waitWidget(page, `party.card.${goblins[2].id}`);
    await snap("04-party");

    // combat with rolled initiative
    await openTab(page, "combat");
    await waitWidget(page, "combat.start");
    await snap("05-combat-setup");
    await tapCarefully(page, "combat.start");
    c = await untilCampaign(page, (c) => c.encounter && c.encounter.order.length === 4, "the encounter");
    await waitWidget(page, `combat.row.${wizard.id}`);
    await snap("06-initiative");

    // 9 damage to the wizard via the pad → the massive-damage prompt
    await tapCarefully(page, `combat.row.${wizard.id}`);
    await pad(page, 9, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Wizard").hp === 8 && c.prompts.length > 0, "damage and a prompt");
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
    const g1 = byName(c, "Goblin 1");
    await tapCarefully(page, `combat.row.${g1.id}`);
    await pad(page, 20, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Goblin 1").death_saves.dead, "goblin 1 dead");
    assert.equal(injuriesOf(byName(c, "Goblin 1")).length, 0);

    // goblin 3 is knocked out instead of killed: the injury rule applies to monsters too, so it lives (stable)
    // and rolls its injury; its HP all at once also asks the massive-damage save (entered 20: passed)
    const g3 = byName(c, "Goblin 3");
    await tapCarefully(page, `combat.row.${g3.id}`);
    await tapSettled(page, "pad.knock_out");
    await pad(page, g3.hp, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Goblin 3").hp === 0, "goblin 3 knocked out");
    assert.ok(!byName(c, "Goblin 3").death_saves.dead, "a knocked-out goblin lives");
    assert.ok(byName(c, "Goblin 3").death_saves.stable, "and is stable");
    for (const [kind, value] of [["massive-damage.save", 20], ["injuries.roll", 90]]) {
      const p = c.prompts.find((x) => x.kind === kind && x.creature === g3.id);
      assert.ok(p, `${kind} is asked for the goblin: ${JSON.stringify(c.prompts)}`);
      await tapCarefully(page, `prompt.${p.id}.enter`);
      await pad(page, value, "pad.ok");
      c = await untilCampaign(page, (c) => !c.prompts.some((x) => x.id === p.id), `${kind} answered`);
    }
    assert.equal(injuriesOf(byName(c, "Goblin 3"))[0].effects.injury, "minor_scar");
    await snap("11b-goblin-knocked-out");

    // a misclick on the wrong goblin is one tap of undo
    const g2 = byName(c, "Goblin 2");
    const hpBefore = g2.hp;
    await tapCarefully(page, `combat.row.${g2.id}`);
    await pad(page, 1, "pad.damage");
    c = await untilCampaign(page, (c) => byName(c, "Goblin 2").hp === hpBefore - 1, "the misclick");
    await snap("12-misclick");
    await tapSettled(page, "top.undo");
    c = await untilCampaign(page, (c) => byName(c, "Goblin 2").hp === hpBefore, "the undo");

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
