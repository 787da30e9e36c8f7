// The creature sheet's panels of the rule modules, one file each, named after the rule (creature_sheet.cpp
// composes them with the sheet's base parts: header, HP, numbers, conditions, exhaustion, inspiration, inventory,
// renown, afflictions, notes). A panel draws nothing when its rule is off, unless data the rule left
// behind still needs showing (stored injuries, hero points). A new rule's panel: a file here and a line below.
// Test ids: sheet.saveprof.<ability>, sheet.exh.rage, sheet.hero.{minus,plus}, <prefix>.ds.hero, sheet.injury.<id>[.cure<k>|.cure|
// .remove], sheet.injury.roll, sheet.potions, sheet.potion.{name,heal,drink}, sheet.levelup.{roll,enter,average},
// sheet.load, sheet.dwarf.{auto,yes,no}, sheet.int.{points,kind.<k>,name,pick,learn_reading,learn_counting,
// window_open,window_close}, sheet.loyalty[.start|.value.*|.help|.harm|.betrayal|.entered],
// sheet.alignment[.change|.<id>|.unaligned|.none|.done], sheet.deity[.change|.search|.pick.<id>|.typed|.clear|.close],
// sheet.disease.* (diseases.cpp), sheet.poison.* (poisons.cpp), sheet.conc[.spell|.start|.end] (concentration.cpp),
// sheet.srd.{kind,attack.<i>,more} (srd_monsters.cpp), sheet.mi.*, rest.mi.* (magic_items.cpp), sheet.sidekick.* (sidekicks.cpp),
// sheet.plane.* (planes.cpp), sheet.slots.* (spell_slots.cpp), sheet.spells.* (spells.cpp), sheet.uses.* and
// combat.uses.* (limited_uses.cpp), sheet.prep.{save,saved} (prepared_encounters.cpp), sheet.purse[.change],
// sheet.sell[.item.<i>|.qty|.cat.<category>|.price_line|.set_price|.brings|.cancel|.ok|.league],
// sheet.alien[.<i>|.<i>.check|.<i>.forget|.new|.name|.simple|.complex|.seen|.first] (treasure.cpp); the resurrection ritual's in
// resurrection.hpp.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/state.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"

namespace druzina::ui::panels {

void save_proficiencies(const campaign::Creature& c);   // save_proficiencies.cpp (in the numbers part, DM only)
void rage_exhaustion(const campaign::Creature& c);      // rage_exhaustion.cpp (on the exhaustion row, DM only)
bool hero_points_shown(const campaign::Creature& c);    // hero_points.cpp: the rule is on
void hero_points(const campaign::Creature& c);          //   (below the inspiration toggle)
bool hero_point_death_save(const campaign::Creature& c,  //   on the death-save card: "✦ hero point if it fails",
                           const std::string& prefix);   //   true when armed (DeathSave {hero_point: true})
void lingering_injuries(const campaign::Creature& c);   // lingering_injuries.cpp
void level_up(const campaign::Creature& c);             // level_up.cpp
void potions(const campaign::Creature& c);              // potions.cpp
bool variant_encumbrance(const campaign::Creature& c);  // variant_encumbrance.cpp: false when off (the sheet
                                                        //   then shows the plain total weight)
void intelligence(const campaign::Creature& c);         // intelligence.cpp
void loyalty(const campaign::Creature& c);              // loyalty.cpp (an NPC's or sidekick's, DM mode only)
void madness(const campaign::Creature& c);              // madness.cpp (rule madness; stored madness stays shown)
void diseases(const campaign::Creature& c);             // diseases.cpp (rule diseases; stored infections stay shown)
void poisons(const campaign::Creature& c);              // poisons.cpp (rule poisons; stored poisons stay shown)
void challenge_rating(const campaign::Creature& c);     // challenge_rating.cpp (monsters, NPCs, sidekicks; DM only)
std::string challenge_rating_fact(const campaign::Creature& c);  //   "CR 1/4 (50 XP)" for the facts line, "" if none
void alignment(const campaign::Creature& c);            // alignment.cpp (players read their party's)
void deity(const campaign::Creature& c);                // deity.cpp (players read their party's)
void concentration(const campaign::Creature& c);        // concentration.cpp (the spell; DM: start / end)
void magic_items(const campaign::Creature& c);          // magic_items.cpp (items, attunement slots; players read it)
void magic_items_rest(const campaign::Creature& c,       //   the short-rest screen: what it spends the rest on (one
                      nlohmann::json& items);           //   item), appended to ShortRest's items (DM)
void magic_items_rest_done();                            //   after the rest: the picks are cleared
void srd_monsters(const campaign::Creature& c);         // srd_monsters.cpp (an SRD monster's attacks and stat block, DM)
std::string srd_attack_label(const rules::MonsterAttack& a);  //   "Šavle  +4  1k6+2" (the sheet's buttons, the picker)
void sidekicks(const campaign::Creature& c);            // sidekicks.cpp (class, level, features; DM: make one)
void planes(const campaign::Creature& c);               // planes.cpp (its own plane when the party splits; DM sets it)
void prepared_encounters(const campaign::Creature& c);  // prepared_encounters.cpp (save a monster's stat block, DM)
bool purse_shown(const campaign::Creature& c);          // treasure.cpp: the rule is on (a PC's, a sidekick's, any with gold)
void purse(const campaign::Creature& c);                //   the purse line (DM: ± on the pad), in the inventory part
void sell_items(const campaign::Creature& c);           //   "Sell an item…" below the items (DM)
void alien_tech(const campaign::Creature& c);           //   alien technology being figured out (DM: checks)
void spell_slots(const campaign::Creature& c);          // spell_slots.cpp (DC, attack, slots as pips; a player her own)
void spells(const campaign::Creature& c);               // spells.cpp (the spell list searched, a spell's card, Cast)
void limited_uses(const campaign::Creature& c);         // limited_uses.cpp (X/day, recharge, per rest: one tap each)
void limited_uses_strip(const campaign::Creature& c);   //   the same on the creature's combat row

}  // namespace druzina::ui::panels

// What the sheet and its panels share.
namespace druzina::ui::sheet {

// Changes whose result shows right where the finger is: no notice over the bottom of the screen.
bool quiet(const nlohmann::json& command);
bool update(const campaign::Creature& c, nlohmann::json patch);  // UpdateCreature with a patch, quietly
std::string fmt_lb(double pounds);                               // "12", "2.5"

}  // namespace druzina::ui::sheet
