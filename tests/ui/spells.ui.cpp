// The spells, spell slots and limited uses on the screens, without a browser (tests/ui/headless.hpp): a cleric's
// slots as pips, Cast cure wounds at 2nd level on the fighter from her sheet, a dragon's breath in combat and its
// recharge d6 entered on the pad, the DM's classes for a multiclass caster.
#include <catch2/catch.hpp>

#include <string>

#include "headless.hpp"
#include "sheet_helpers.hpp"
#include "ui/mode.hpp"

using druzina::uitest::Headless;
using namespace druzina::uitest::sheet;
using nlohmann::json;


TEST_CASE("a cleric's sheet: slots as pips, Cast cure wounds at 2nd level on the fighter", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Vesna"}, {"kind", "pc"}, {"hp", 30}, {"level", 5},
                        {"class", "cleric"}, {"abilities", {{"wis", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 5}, {"class", "fighter"}}));
  const std::string cleric = id_of(app.campaign(), "Vesna"), fighter = id_of(app.campaign(), "Bors");
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", fighter}, {"amount", 30}}));
  app.tap("tab.party");
  app.tap("party.card." + cleric);
  REQUIRE(app.scroll_to("sheet.slots"));
  CHECK(label(app, "sheet.slots").find("14") != std::string::npos);  // DC 14
  CHECK(label(app, "sheet.slots.1") == "4/4");
  CHECK(label(app, "sheet.slots.2") == "3/3");
  CHECK(label(app, "sheet.slots.3") == "2/2");
  CHECK_FALSE(app.find("sheet.slots.4"));
  // a tap on a lit pip spends it, a tap on the spent one gives it back
  tap_seen(app, "sheet.slots.1.0");
  CHECK(label(app, "sheet.slots.1") == "3/4");
  tap_seen(app, "sheet.slots.1.3");
  CHECK(label(app, "sheet.slots.1") == "4/4");
  // search, pick, 2nd level, the fighter, Cast
  tap_seen(app, "sheet.spells.search");
  app.type("cure");
  tap_seen(app, "sheet.spells.pick.cure-wounds");
  REQUIRE(app.scroll_to("sheet.spells.card"));
  CHECK(label(app, "sheet.spells.card").find("2: 2d8+3") != std::string::npos);  // her WIS +3 in place of MOD
  tap_seen(app, "sheet.spells.level.2");
  tap_seen(app, "sheet.spells.target." + fighter);
  tap_seen(app, "sheet.spells.cast");
  REQUIRE(app.find("pad.value"));  // the total rolled at the table, or Roll for me
  app.tap("pad.spell_roll");
  const int healed = hp_of(app.campaign(), "Bors") - 10;
  CHECK(healed >= 5);
  CHECK(healed <= 19);
  CHECK(label(app, "sheet.slots.2") == "2/3");
  app.tap("top.undo");
  CHECK(hp_of(app.campaign(), "Bors") == 10);
}

TEST_CASE("Cast takes the healing the cleric rolled at the table on the number pad", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Vesna"}, {"kind", "pc"}, {"hp", 30}, {"level", 5},
                        {"class", "cleric"}, {"abilities", {{"wis", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 5}, {"class", "fighter"}}));
  const std::string cleric = id_of(app.campaign(), "Vesna"), fighter = id_of(app.campaign(), "Bors");
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", fighter}, {"amount", 30}}));
  app.tap("tab.party");
  app.tap("party.card." + cleric);
  tap_seen(app, "sheet.spells.search");
  app.type("cure");
  tap_seen(app, "sheet.spells.pick.cure-wounds");
  tap_seen(app, "sheet.spells.level.2");
  tap_seen(app, "sheet.spells.target." + fighter);
  // Cast on a row of its own, across the sheet: its label in the normal font (in a third of the row, beside Ritual
  // and Close, big_button stepped it down to the small font)
  REQUIRE(app.scroll_to("sheet.spells.close"));
  CHECK(app.find("sheet.spells.cast")->w > 360);
  CHECK(app.find("sheet.spells.close")->y > app.find("sheet.spells.cast")->y + 40);
  tap_seen(app, "sheet.spells.cast");
  REQUIRE(app.find("pad.value"));
  CHECK(hp_of(app.campaign(), "Bors") == 10);  // nothing cast before the total
  CHECK(label(app, "pad.spell_roll") == "Roll for me");
  app.tap("pad.1");
  app.tap("pad.3");
  app.tap("pad.ok");
  CHECK_FALSE(app.find("pad.value"));
  CHECK(hp_of(app.campaign(), "Bors") == 23);
  CHECK(label(app, "notice").find("Vesna casts Cure Wounds (2nd level slot): heals 13, rolled at the table.") != std::string::npos);
  CHECK(label(app, "sheet.slots.2") == "2/3");
}

TEST_CASE("the cast's targets show their HP - in player mode as the players may see them, no hidden one", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "SetSettings"}, {"hp_visibility", {{"party", "exact"}, {"others", "status"}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 27}, {"level", 5},
                        {"class", "wizard"}, {"abilities", {{"int", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 5}, {"class", "fighter"}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Ogre"}, {"kind", "monster"}, {"hp", 59}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Lurker"}, {"kind", "monster"}, {"hp", 30}, {"hidden", true}}));
  const std::string mira = id_of(app.campaign(), "Mira"), bors = id_of(app.campaign(), "Bors"), ogre = id_of(app.campaign(), "Ogre"),
                    lurker = id_of(app.campaign(), "Lurker");
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", ogre}, {"amount", 40}}));
  REQUIRE(app.dispatch({{"type", "ApplyDamage"}, {"target", bors}, {"amount", 15}}));
  auto pick_fireball = [&] {
    app.tap("tab.party");
    app.tap("party.card." + mira);
    tap_seen(app, "sheet.spells.search");
    app.type("fireball");
    tap_seen(app, "sheet.spells.pick.fireball");
    REQUIRE(app.scroll_to("sheet.spells.target." + ogre));
  };
  pick_fireball();
  CHECK(label(app, "sheet.spells.target." + ogre) == "Ogre  19 / 59");  // the DM's phone: the numbers
  CHECK(label(app, "sheet.spells.target." + bors) == "Bors  25 / 40");
  CHECK(label(app, "sheet.spells.target." + lurker) == "Lurker  30 / 30");
  REQUIRE(druzina::ui::set_player_mode(true));
  app.frame(2);
  REQUIRE(app.find("sheet.spells.target." + ogre));  // the same sheet, the fireball still picked
  CHECK(label(app, "sheet.spells.target." + ogre) == "Ogre  bloodied");  // the others' HP as a status
  CHECK(label(app, "sheet.spells.target." + bors) == "Bors  25 / 40");   // the party's exact
  CHECK_FALSE(app.find("sheet.spells.target." + lurker));                // a hidden monster is not there
}

TEST_CASE("her own spells: added from a spell's card, Cast starts from them, the last cast first", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 27}, {"level", 5},
                        {"class", "wizard"}, {"abilities", {{"int", 16}}}}));
  const std::string mira = id_of(app.campaign(), "Mira");
  app.tap("tab.party");
  app.tap("party.card." + mira);
  REQUIRE(app.scroll_to("sheet.spells.search"));
  CHECK_FALSE(app.find("sheet.spells.mine.shield"));
  for (const char* q : {"shield", "magic missile"}) {
    tap_seen(app, "sheet.spells.search");
    app.type(q);
    const std::string id = std::string(q) == "shield" ? "shield" : "magic-missile";
    tap_seen(app, "sheet.spells.pick." + id);
    REQUIRE(app.scroll_to("sheet.spells.keep"));
    CHECK(label(app, "sheet.spells.keep") == "Add to my spells");
    app.tap("sheet.spells.keep");
    CHECK(label(app, "sheet.spells.keep") == "In my spells");
    tap_seen(app, "sheet.spells.close");
  }
  const json mods = app.campaign()["creatures"][0]["modules"]["spells"];
  CHECK(mods["prepared"] == json::array({"shield", "magic-missile"}));
  // her list, one tap each: magic missile cast from it (Roll for me)
  REQUIRE(app.scroll_to("sheet.spells.mine.magic-missile"));
  CHECK(label(app, "sheet.spells.mine.shield") == "Shield");
  CHECK(app.find("sheet.spells.mine.shield")->y < app.find("sheet.spells.mine.magic-missile")->y + 1);
  app.tap("sheet.spells.mine.magic-missile");
  REQUIRE(app.find("sheet.spells.card"));
  tap_seen(app, "sheet.spells.cast");
  app.tap("pad.spell_roll");
  CHECK(label(app, "sheet.slots.1") == "3/4");
  // the last cast first: magic missile now before shield
  REQUIRE(app.scroll_to("sheet.spells.mine.shield"));
  const auto mm = app.find("sheet.spells.mine.magic-missile"), sh = app.find("sheet.spells.mine.shield");
  REQUIRE(mm);
  CHECK((mm->y < sh->y || (mm->y == sh->y && mm->x < sh->x)));
}

TEST_CASE("a fire bolt from her sheet: the attack against the target's AC, the damage only on a hit", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 27}, {"level", 5},
                        {"class", "wizard"}, {"abilities", {{"int", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Ogre"}, {"kind", "monster"}, {"hp", 200}, {"ac", 11}}));
  const std::string mira = id_of(app.campaign(), "Mira"), ogre = id_of(app.campaign(), "Ogre");
  app.tap("tab.party");
  app.tap("party.card." + mira);
  REQUIRE(app.scroll_to("sheet.spells.search"));  // the count above it: a line of small text
  CHECK(label(app, "sheet.spells.count") == "Prepared 0/8 · Cantrips 0/4");
  tap_seen(app, "sheet.spells.search");
  app.type("fire bolt");
  tap_seen(app, "sheet.spells.pick.fire-bolt");
  REQUIRE(app.scroll_to("sheet.spells.target." + ogre));
  CHECK(label(app, "sheet.spells.attack_info") == "Spell attack +6 against the target's AC");
  app.tap("sheet.spells.target." + ogre);
  tap_seen(app, "sheet.spells.cast");
  // the pad asks the d20 rolled at the table (then the damage if it hits), or Roll for me: the app rolls both
  REQUIRE(app.find("pad.value"));
  CHECK(label(app, "pad.title").find("Fire Bolt: the d20s of 1 attack(s)") == 0);
  app.tap("pad.spell_roll");
  CHECK_FALSE(app.find("pad.value"));
  REQUIRE(app.scroll_to("sheet.spells.attacks", /*up*/ true));
  const std::string card = label(app, "sheet.spells.attacks");
  CHECK(card.find("Ogre: d20 ") != std::string::npos);
  const bool hit = card.find("Hit (AC 11)") != std::string::npos || card.find("Critical hit! (AC 11)") != std::string::npos;
  CHECK((hit || card.find("Miss (AC 11)") != std::string::npos));
  const int lost = 200 - hp_of(app.campaign(), "Ogre");
  if (hit) {
    CHECK(lost >= 2);
    CHECK(card.find(std::to_string(lost) + " damage") != std::string::npos);
  } else {
    CHECK(lost == 0);
  }
  tap_seen(app, "sheet.spells.attacks.ok");
  CHECK_FALSE(app.find("sheet.spells.attacks"));
  app.tap("top.undo");
  CHECK(hp_of(app.campaign(), "Ogre") == 200);
}

TEST_CASE("scorching ray typed at the table - the d20s, then each hit's damage on its own pad, bounded by its dice", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Mira"}, {"kind", "pc"}, {"hp", 27}, {"level", 5},
                        {"class", "wizard"}, {"abilities", {{"int", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin A"}, {"kind", "monster"}, {"hp", 50}, {"ac", 13}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Goblin B"}, {"kind", "monster"}, {"hp", 50}, {"ac", 13}}));
  const std::string mira = id_of(app.campaign(), "Mira"), a = id_of(app.campaign(), "Goblin A"),
                    b = id_of(app.campaign(), "Goblin B");
  app.tap("tab.party");
  app.tap("party.card." + mira);
  tap_seen(app, "sheet.spells.search");
  app.type("scorching");
  tap_seen(app, "sheet.spells.pick.scorching-ray");
  tap_seen(app, "sheet.spells.level.2");
  tap_seen(app, "sheet.spells.target." + a);
  tap_seen(app, "sheet.spells.target." + b);
  CHECK(label(app, "sheet.spells.attack_info").find("3 spell attacks (spell attack +6)") == 0);
  tap_seen(app, "sheet.spells.cast");
  REQUIRE(app.find("pad.value"));
  CHECK(label(app, "pad.title").find("Scorching Ray: the d20s of 3 attack(s)") == 0);
  // 15, 20, 2: the rays at A, B, A — a hit, a critical hit, a miss (against AC 13 with +6)
  for (const char* k : {"pad.1", "pad.5", "pad.2", "pad.0", "pad.2"}) app.tap(k);
  CHECK(label(app, "pad.value") == "15 20 2");
  app.tap("pad.ok");
  REQUIRE(app.find("pad.value"));
  CHECK(label(app, "pad.title") == "Scorching Ray 1/3 → Goblin A: damage?\nd20 15 +6 = 21: Hit (AC 13) · 2d6 (2–12)");
  CHECK(label(app, "pad.ok") == "Next");
  CHECK(hp_of(app.campaign(), "Goblin A") == 50);  // nothing cast yet
  // 13 is more than 2d6 can make: OK stays off
  app.tap("pad.1");
  app.tap("pad.3");
  app.tap("pad.ok");
  CHECK(label(app, "pad.title").find("Scorching Ray 1/3") == 0);
  app.tap("pad.back");
  app.tap("pad.back");
  app.tap("pad.9");
  app.tap("pad.ok");
  CHECK(label(app, "pad.title") == "Scorching Ray 2/3 → Goblin B: damage?\nd20 20 +6 = 26: Critical hit! (AC 13) · 4d6 (4–24)");
  CHECK(label(app, "pad.ok") == "Cast");  // the miss asks nothing: this is the last hit
  app.tap("pad.2");
  app.tap("pad.0");
  app.tap("pad.ok");
  CHECK_FALSE(app.find("pad.value"));
  CHECK(hp_of(app.campaign(), "Goblin A") == 41);
  CHECK(hp_of(app.campaign(), "Goblin B") == 30);
  REQUIRE(app.scroll_to("sheet.spells.attacks", /*up*/ true));
  const std::string card = label(app, "sheet.spells.attacks");
  CHECK(card.find("Goblin A: d20 15 +6 = 21 Hit (AC 13) · 9 damage (2d6)") != std::string::npos);
  CHECK(card.find("Goblin B: d20 20 +6 = 26 Critical hit! (AC 13) · 20 damage (4d6)") != std::string::npos);
  CHECK(card.find("Goblin A: d20 2 +6 = 8 Miss (AC 13)") != std::string::npos);
  // one step: the slot and every ray undone together
  app.tap("top.undo");
  CHECK(hp_of(app.campaign(), "Goblin A") == 50);
  CHECK(hp_of(app.campaign(), "Goblin B") == 50);
}

TEST_CASE("a 1st-level cleric prepares one spell - the second is refused, then added anyway as the DM allows", "[ui][spells]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Vesna"}, {"kind", "pc"}, {"hp", 10}, {"level", 1},
                        {"class", "cleric"}, {"abilities", {{"wis", 10}}}}));
  const std::string vesna = id_of(app.campaign(), "Vesna");
  REQUIRE(app.dispatch({{"type", "PrepareSpell"}, {"target", vesna}, {"spell", "bless"}}));
  app.tap("tab.party");
  app.tap("party.card." + vesna);
  REQUIRE(app.scroll_to("sheet.spells.search"));  // the count above it: a line of small text
  CHECK(label(app, "sheet.spells.count") == "Prepared 1/1 · Cantrips 0/3");
  tap_seen(app, "sheet.spells.search");
  app.type("cure wounds");
  tap_seen(app, "sheet.spells.pick.cure-wounds");
  CHECK_FALSE(app.find("sheet.spells.add_anyway"));
  tap_seen(app, "sheet.spells.keep");
  CHECK(label(app, "notice").find("Vesna has as many spells prepared as her class and level allow (1)") != std::string::npos);
  CHECK(label(app, "sheet.spells.keep") == "Add to my spells");
  tap_seen(app, "sheet.spells.add_anyway");
  CHECK(label(app, "sheet.spells.keep") == "In my spells");
  CHECK_FALSE(app.find("sheet.spells.add_anyway"));
  CHECK(label(app, "sheet.spells.count") == "Prepared 2/1 · Cantrips 0/3");
}

TEST_CASE("a dragon's breath in combat: one tap, then shown not ready", "[ui][limited-uses]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}}));
  REQUIRE(app.dispatch({{"type", "AddMonsters"}, {"monster", "adult-red-dragon"}}));
  const std::string bors = id_of(app.campaign(), "Bors"), dragon = id_of(app.campaign(), "Adult Red Dragon");
  REQUIRE(app.dispatch({{"type", "StartEncounter"}, {"initiative", {{bors, 20}, {dragon, 10}}}}));
  app.tap("tab.combat");
  const std::string use = "combat.uses." + dragon + ".0";
  REQUIRE(app.scroll_to(use));
  CHECK(label(app, use) == "Fire Breath — ready (recharge 5–6)");
  app.tap(use);
  REQUIRE(app.scroll_to(use));
  CHECK(label(app, use) == "Fire Breath — not ready (recharge 5–6)");
}

TEST_CASE("a spent breath recharges on the table's d6: a tap opens the pad, 4 leaves it spent, 5 readies it", "[ui][limited-uses]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}}));
  REQUIRE(app.dispatch({{"type", "AddMonsters"}, {"monster", "young-red-dragon"}}));
  const std::string dragon = id_of(app.campaign(), "Young Red Dragon");
  auto used = [&] {
    const json campaign = app.campaign();
    for (const auto& c : campaign["creatures"])
      if (c["id"] == dragon) return c["modules"]["limited-uses"]["uses"][0].value("used", 0);
    return -1;
  };
  app.tap("tab.party");
  app.tap("party.card." + dragon);
  tap_seen(app, "sheet.uses.0");
  CHECK(used() == 1);
  REQUIRE(app.scroll_to("sheet.uses.0"));
  CHECK(label(app, "sheet.uses.0") == "Fire Breath — not ready (recharge 5–6)");
  for (const auto& [die, spent] : {std::pair{"4", 1}, std::pair{"5", 0}}) {
    tap_seen(app, "sheet.uses.0");
    REQUIRE(app.find("pad.value"));
    CHECK(label(app, "pad.recharge_auto") == "Roll for me");
    app.tap(std::string("pad.") + die);
    app.tap("pad.ok");
    CHECK_FALSE(app.find("pad.value"));
    CHECK(used() == spent);
  }
  REQUIRE(app.scroll_to("sheet.uses.0"));
  CHECK(label(app, "sheet.uses.0") == "Fire Breath — ready (recharge 5–6)");
}

TEST_CASE("the DM's own monster: X/day and recharge set on its sheet, spent, one taken off", "[ui][limited-uses]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Cultist"}, {"kind", "monster"}, {"hp", 20}}));
  const std::string m = id_of(app.campaign(), "Cultist");
  app.tap("tab.party");
  app.tap("party.card." + m);
  CHECK_FALSE(app.find("sheet.uses.0"));
  tap_seen(app, "sheet.uses.edit");
  // Poison Spit, recharge 5–6
  tap_seen(app, "sheet.uses.name");
  app.type("Poison Spit");
  tap_seen(app, "sheet.uses.kind.recharge");
  CHECK(label(app, "sheet.uses.min.value") == "5");
  tap_seen(app, "sheet.uses.add");
  // Curse, 3 a day
  tap_seen(app, "sheet.uses.name");
  app.type("Curse");
  tap_seen(app, "sheet.uses.kind.day");
  tap_seen(app, "sheet.uses.count.plus");
  tap_seen(app, "sheet.uses.count.plus");
  tap_seen(app, "sheet.uses.add");
  CHECK(label(app, "sheet.uses.0") == "Poison Spit — ready (recharge 5–6)");
  CHECK(label(app, "sheet.uses.1") == "Curse — 3/3 a day");
  tap_seen(app, "sheet.uses.1", /*up*/ true);
  CHECK(label(app, "sheet.uses.1") == "Curse — 2/3 a day");
  tap_seen(app, "sheet.uses.remove.0");
  CHECK(label(app, "sheet.uses.0") == "Curse — 2/3 a day");  // what was spent stays spent
  CHECK_FALSE(app.find("sheet.uses.1"));
  tap_seen(app, "sheet.uses.done");
  CHECK(app.find("sheet.uses.edit"));
  app.tap("top.undo");
  CHECK(label(app, "sheet.uses.1") == "Curse — 2/3 a day");
}

TEST_CASE("the DM gives a cleric a level of wizard: the slots by the multiclass table, one command a tap", "[ui][spell-slots]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Vesna"}, {"kind", "pc"}, {"hp", 30}, {"level", 5},
                        {"class", "cleric"}, {"abilities", {{"wis", 16}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 3}, {"class", "fighter"}}));
  const std::string cleric = id_of(app.campaign(), "Vesna"), fighter = id_of(app.campaign(), "Bors");
  auto classes = [&](const std::string& id) {
    const json campaign = app.campaign();
    for (const auto& c : campaign["creatures"])
      if (c["id"] == id) return c["modules"].value("spell-slots", json::object()).value("classes", json()).dump();
    return std::string("?");
  };
  app.tap("tab.party");
  app.tap("party.card." + cleric);
  REQUIRE(app.scroll_to("sheet.slots.classes"));
  CHECK(label(app, "sheet.slots.classes") == "Classes for the slots: Cleric 5");
  app.tap("sheet.slots.classes");
  CHECK_FALSE(app.find("sheet.slots.class.cleric.remove"));  // the only class stays
  tap_seen(app, "sheet.slots.add.wizard");
  CHECK(classes(cleric) == R"([{"class":"cleric","level":5},{"class":"wizard","level":1}])");
  CHECK(label(app, "sheet.slots.3") == "3/3");  // caster level 6: 4, 3, 3
  tap_seen(app, "sheet.slots.class.wizard.plus");
  CHECK(label(app, "sheet.slots.4") == "1/1");  // caster level 7: 4, 3, 3, 1
  CHECK_FALSE(app.find("sheet.slots.add.wizard"));
  tap_seen(app, "sheet.slots.class.cleric.remove");
  CHECK(classes(cleric) == R"([{"class":"wizard","level":2}])");
  CHECK(label(app, "sheet.slots.1") == "3/3");
  CHECK_FALSE(app.find("sheet.slots.2"));
  tap_seen(app, "sheet.slots.classes.done");
  REQUIRE(app.scroll_to("sheet.slots.classes"));
  CHECK(label(app, "sheet.slots.classes") == "Classes for the slots: Wizard 2");
  app.tap("top.undo");
  CHECK(classes(cleric) == R"([{"class":"cleric","level":5},{"class":"wizard","level":2}])");
  // a fighter without slots: the button alone, and a wizard level gives him slots
  app.tap("tab.party");
  if (app.find("sheet.back")) tap_seen(app, "sheet.back", /*up*/ true);
  app.tap("party.card." + fighter);
  REQUIRE(app.scroll_to("sheet.slots.classes"));
  CHECK(label(app, "sheet.slots.classes") == "Classes for the slots: Fighter 3");
  CHECK_FALSE(app.find("sheet.slots"));
  app.tap("sheet.slots.classes");
  tap_seen(app, "sheet.slots.add.wizard");
  CHECK(label(app, "sheet.slots.1") == "2/2");  // fighter 3 (no slots) + wizard 1
}

TEST_CASE("a fighter becomes an Eldritch Knight in the classes editor: the third caster's slots", "[ui][spell-slots]") {
  Headless app;
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Bors"}, {"kind", "pc"}, {"hp", 40}, {"level", 7}, {"class", "fighter"},
                        {"abilities", {{"int", 14}}}}));
  REQUIRE(app.dispatch({{"type", "AddCreature"}, {"name", "Lis"}, {"kind", "pc"}, {"hp", 30}, {"level", 3}, {"class", "rogue"}}));
  const std::string fighter = id_of(app.campaign(), "Bors"), rogue = id_of(app.campaign(), "Lis");
  app.tap("tab.party");
  app.tap("party.card." + fighter);
  REQUIRE(app.scroll_to("sheet.slots.classes"));
  app.tap("sheet.slots.classes");
  CHECK(label(app, "sheet.slots.add.eldritch-knight") == "Eldritch Knight");
  tap_seen(app, "sheet.slots.add.eldritch-knight");
  const json bors = app.campaign()["creatures"][0];
  CHECK(bors["modules"]["spell-slots"]["classes"].dump() == R"([{"class":"eldritch-knight","level":7}])");
  // the third caster's table at level 7: 4 first-level and 2 second-level slots, DC 8 + 3 + INT 2
  CHECK(label(app, "sheet.slots.1") == "4/4");
  CHECK(label(app, "sheet.slots.2") == "2/2");
  CHECK_FALSE(app.find("sheet.slots.3"));
  CHECK(label(app, "sheet.slots").find("13") != std::string::npos);
  CHECK_FALSE(app.find("sheet.slots.add.eldritch-knight"));
  REQUIRE(app.scroll_to("sheet.slots.classes.done"));
  app.tap("sheet.slots.classes.done");
  REQUIRE(app.scroll_to("sheet.slots.classes", /*up*/ true));
  CHECK(label(app, "sheet.slots.classes") == "Classes for the slots: Eldritch Knight 7");
  // a rogue 3 as an Arcane Trickster: two 1st-level slots
  app.tap("tab.party");
  if (app.find("sheet.back")) tap_seen(app, "sheet.back", /*up*/ true);
  app.tap("party.card." + rogue);
  REQUIRE(app.scroll_to("sheet.slots.classes"));
  app.tap("sheet.slots.classes");
  tap_seen(app, "sheet.slots.add.arcane-trickster");
  CHECK(label(app, "sheet.slots.1") == "2/2");
}
