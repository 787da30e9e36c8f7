// The creature sheet's panels of the rule modules, one file each, named after the rule. Each file ends with its
// rule's `RulePanels <rule>_ui()`: the slots of the sheet its parts fill (ui/rule_panels.hpp), and
// ui/rule_panels.cpp lists it; the sheet (creature_sheet.cpp) draws its base parts (header, HP, numbers, conditions,
// defences, exhaustion, inspiration, inventory, free-text afflictions, notes) and the slots between them. A panel
// draws nothing when its rule is off, unless data the rule left behind still needs showing (stored injuries, hero
// points). This header holds only what the panels share with the sheet and with each other.
// Test ids: sheet.saveprof.<ability>, sheet.exh.rage, sheet.hero.{minus,plus}, <prefix>.ds.hero, sheet.injury.<id>[.cure<k>|.cure|
// .remove], sheet.injury.roll, sheet.potions, sheet.potion.{name,heal,drink}, sheet.levelup.{roll,enter,average},
// sheet.load, sheet.dwarf.{auto,yes,no}, sheet.int.{points,kind.<k>,name,pick,learn_reading,learn_counting,
// window_open,window_close}, sheet.loyalty[.start|.value.*|.help|.harm|.betrayal|.entered],
// sheet.alignment[.change|.<id>|.unaligned|.none|.done], sheet.deity[.change|.search|.pick.<id>|.typed|.clear|.close],
// sheet.disease.* (diseases.cpp), sheet.poison.* (poisons.cpp), sheet.conc[.spell|.start|.end] (concentration.cpp),
// sheet.srd.{kind,attack.<i>,more} (srd_monsters.cpp), sheet.mi.*, rest.mi.* (magic_items.cpp), sheet.sidekick.* (sidekicks.cpp),
// sheet.plane.* (planes.cpp), sheet.slots.* (spell_slots.cpp), sheet.spells.* (spells.cpp), sheet.uses.* and
// combat.uses.* (limited_uses.cpp), sheet.purse[.change],
// sheet.renown.* (renown.cpp), sheet.sell[.item.<i>|.qty|.cat.<category>|.price_line|.set_price|.brings|.cancel|.ok|.league],
// sheet.alien[.<i>|.<i>.check|.<i>.forget|.new|.name|.simple|.complex|.seen|.first] (treasure.cpp); the resurrection ritual's in
// resurrection.hpp.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/campaign/state.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"

namespace druzina::ui::panels {

std::string srd_attack_label(const rules::MonsterAttack& a);  // srd_monsters.cpp: "Šavle  +4  1k6+2" (the sheet's
                                                              //   buttons, the SRD picker)

}  // namespace druzina::ui::panels

// What the sheet and its panels share.
namespace druzina::ui::sheet {

// Changes whose result shows right where the finger is: no notice over the bottom of the screen.
bool quiet(const nlohmann::json& command);
bool update(const campaign::Creature& c, nlohmann::json patch);  // UpdateCreature with a patch, quietly
std::string fmt_lb(double pounds);                               // "12", "2.5"

}  // namespace druzina::ui::sheet
