// Class resources (5e, a table rule): the counters of a character's class features between rests — a barbarian's
// Rage, a monk's ki, a sorcerer's sorcery points, Channel Divinity, a fighter's Action Surge, Second Wind and
// Indomitable, a bard's Bardic Inspiration, a druid's Wild Shape, a paladin's Lay on Hands pool and Divine Sense.
// Module `class-resources`, on by default. The counts come from the class and level the spell slots read
// (rules::caster_classes: the classes rule's class and level, or the several classes the DM set) and the facts in
// assets/data/rules/class-resources.json. Texts in assets/i18n/<lang>/class_resources.json, tests in
// tests/unit/rules_class_resources.tests.cpp, the sheet panel and the fight's strip in
// src/ui/screens/party/panels/class_resources.cpp. The worked example of docs/adding-a-rule.md.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"

namespace druzina::calc {

// One resource as the class table gives it.
struct ResourceCount {
  std::string id;          // rage, ki, sorcery_points, channel_divinity, action_surge, second_wind, indomitable,
                           // bardic_inspiration, wild_shape, lay_on_hands, divine_sense
  int max = 0;             // uses or points (0 with unlimited)
  bool unlimited = false;  // rage at 20, Wild Shape at 20
  bool short_rest = false; // a short rest gives it back (a long rest always does)
  bool pool = false;       // points: spending N takes N (ki, sorcery points, Lay on Hands)
  std::string heal;        // "self" (Second Wind), "target" (Lay on Hands), ""
  std::string heal_dice;   // Second Wind: "1d10"; its owner's class level is added
  int heal_bonus = 0;      // that class level
  int die = 0;             // Bardic Inspiration's die (6, 8, 10, 12), 0 for the others
};
// The resources of these classes and levels (fighter / rogue for the third casters' eldritch-knight /
// arcane-trickster), `cha_mod` for those that count by Charisma; in the data file's order, only those with a count.
std::vector<ResourceCount> class_resources(const std::vector<ClassLevel>& classes, int cha_mod);
// The ids the data file knows, in its order.
const std::vector<std::string>& class_resource_ids();

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kClassResources = "class-resources";

campaign::Module class_resources();
std::vector<calc::Calculator> class_resources_calculators();  // class-resources

// Creature::modules["class-resources"]: {"spent": {<resource id>: n}} — what was spent since the rest that gives it
// back (absent: nothing spent). The player's own (player_owned), no secret.
struct ClassResource : calc::ResourceCount {
  int left = 0;  // max - spent (max with unlimited)
};
std::vector<ClassResource> class_resources_of(const campaign::Creature& x);
// The one of this id, or nullptr (the creature has no such feature).
const ClassResource* find_class_resource(const std::vector<ClassResource>& list, std::string_view id);

}  // namespace druzina::rules
