// A caster's spell slots (5e, a table rule): module `spell-slots`, on by default. The slots come from the class
// and level (the classes rule: full casters bard, cleric, druid, sorcerer, wizard; half casters paladin, ranger;
// third casters a fighter Eldritch Knight or a rogue Arcane Trickster; the warlock's pact slots apart), or from
// the multiclass spellcaster table for a creature given several classes, or from a table of its own (an SRD
// monster's Spellcasting, or one the DM sets). Spell save DC 8 + proficiency + the casting ability's modifier,
// spell attack proficiency + that modifier. Texts in assets/i18n/<lang>/spell_slots.json, tests in
// tests/unit/rules_spell_slots.tests.cpp, the sheet panel src/ui/screens/party/panels/spell_slots.cpp; the data
// (the full caster's and the pact tables, cantrips and spells known) in assets/data/rules/spell-slots.json.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

// How a class casts: "full", "half" (paladin, ranger), "third" (eldritch-knight, arcane-trickster), "pact"
// (warlock) or "" (no spellcasting, or a class typed in).
std::string caster_kind(std::string_view cls);
struct ClassLevel {
  std::string cls;  // an SRD class id, or eldritch-knight / arcane-trickster
  int level = 0;    // 1..20
};
struct Slots {
  std::array<int, 9> slots{};  // slots of the 1st … 9th level
  int pact_slots = 0, pact_level = 0;
};
// One class: its own table (a half caster from the 2nd level, a third caster from the 3rd, rounded up); several:
// the multiclass spellcaster table at the caster level (full levels + half levels / 2 + third levels / 3, rounded
// down); the warlock's pact slots apart in both cases.
Slots spell_slots(const std::vector<ClassLevel>& classes);
// "wizard:3,cleric:2" → {{wizard,3},{cleric,2}} (UserError calc.err.classes when malformed or a level not 1..20).
std::vector<ClassLevel> parse_class_levels(std::string_view text);
struct SpellDc {
  int dc = 0, attack = 0;
};
// 8 + proficiency (by level) + the ability modifier; the attack bonus is proficiency + the modifier.
SpellDc spell_dc(int ability_score, int level);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kSpellSlots = "spell-slots";

campaign::Module spell_slots();
std::vector<calc::Calculator> spell_slots_calculators();  // spell-slots, spell-dc

// Creature::modules["spell-slots"]: {"spent": [9 ints] (absent: none spent), "pact_spent": n, "recovered": true
// (Arcane Recovery used since the long rest), "classes": [{"class", "level"}] (several classes), "table":
// {"slots": [9], "dc", "attack", "spells": [ids]} (slots of its own: a monster's)}.
struct SlotsView {
  bool caster = false;          // has any slot or cantrip
  std::array<int, 9> max{}, left{};
  int pact_max = 0, pact_left = 0, pact_level = 0;
  std::string ability;          // "int" … ("" without one)
  int dc = 0, attack = 0;       // spell save DC, spell attack bonus
  int cantrips = 0, known = 0, prepared = 0;  // known / prepared: 0 when the class does not count them
  int recovery_levels = 0;      // Arcane Recovery: slot levels it may recover now (0: not a wizard, or used)
  std::vector<std::string> spells;  // a monster's own spell list (ids)
  int highest() const;          // the highest slot level she has (pact included), 0 without slots
};
SlotsView slots_view(const campaign::Campaign& c, const campaign::Creature& x);
// The classes and levels a creature casts by: its "classes" (several), else the classes rule's class and its level.
std::vector<calc::ClassLevel> caster_classes(const campaign::Creature& x);

// Spends one slot of `level` (the pact slot when pact) in an event's apply function (spell_cast too).
void spend_slot(campaign::Creature& x, int level, bool pact);
// Which slot casting at `level` takes: "pact" (a pact slot of that level left), "slot" (an ordinary one left),
// or throws UserError: rules.err.spell_level_unavailable (she has no slot of that level at all),
// rules.err.spell_no_slot_left (all spent).
std::string slot_for(const campaign::Campaign& c, const campaign::Creature& x, int level);

}  // namespace druzina::rules
