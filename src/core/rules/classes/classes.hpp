// Character classes: the twelve SRD 5.1 classes or a class typed in, a
// subclass as text, and the level the creature already has. Module `classes`, on by default; texts in
// assets/i18n/<lang>/classes.json, tests in tests/unit/rules_classes.tests.cpp, the add-character flow in
// src/ui/screens/party/party_edit.cpp. Also the score generation of a new character (point buy, the standard
// array, 4d6 keep the highest 3 in order) and its calculators (calc.cpp).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"
#include "core/rng.hpp"

namespace druzina::calc {

// The standard array: 15 14 13 12 10 8.
inline constexpr std::array<int, 6> kStandardArray = {15, 14, 13, 12, 10, 8};
inline constexpr int kPointBuyBudget = 27;

// Point buy: what one score costs (8 → 0 … 13 → 5, 14 → 7, 15 → 9); a score outside 8..15 cannot be bought
// (UserError calc.err.point_buy_range).
int point_buy_cost(int score);
struct PointBuy {
  int cost = 0;        // the six scores' costs added up
  bool valid = false;  // cost ≤ 27
};
// Six scores, each 8..15 (else UserError calc.err.point_buy_count / calc.err.point_buy_range).
PointBuy point_buy(const std::vector<int>& scores);

// 4d6, the highest three kept, six times in order (STR, DEX, CON, INT, WIS, CHA), rolled with the given Rng.
struct AbilityRoll {
  std::array<int, 6> scores{};               // 3..18 each
  std::array<std::array<int, 4>, 6> dice{};  // the four dice of each, as rolled
};
AbilityRoll roll_4d6kh3(Rng& rng);

// The standard array laid out for a class (STR..CHA): the 15 in the class's main ability, then its usual order
// (wizard: INT 15, CON 14, DEX 13, WIS 12, CHA 10, STR 8); a class typed in or none gets it in order.
std::array<int, 6> standard_array_for(std::string_view cls);

// Hit points by the class's fixed values: the hit die's maximum + CON at level 1, then die / 2 + 1 + CON for
// each further level (at least 1 a level); level 0 counts as 1.
int starting_hp(int hit_die, int level, int con_mod);

// Six scores typed in one go ("15 14 13 12 10 8", commas or spaces between); nullopt unless exactly six
// integers 1..30.
std::optional<std::array<int, 6>> parse_scores(std::string_view text);

}  // namespace druzina::calc

namespace druzina::rules {

inline constexpr const char* kClasses = "classes";

campaign::Module classes();
std::vector<calc::Calculator> classes_calculators();  // point-buy, ability-scores

// The twelve SRD classes, in the SRD's order: barbarian bard cleric druid fighter monk paladin ranger rogue
// sorcerer warlock wizard (texts classes.name.<id>).
const std::vector<std::string>& srd_classes();
bool is_srd_class(std::string_view id);
int class_hit_die(std::string_view id);                                // 12, 10, 8, 6; 0 for a class typed in
std::vector<std::string> class_save_proficiencies(std::string_view id);  // {"int", "wis"}; {} for a class typed in

// Creature::modules["classes"]: {"class": "wizard" | a name typed in, "subclass": "Evocation"} (absent = none).
struct ClassView {
  std::string cls;       // "" = no class
  std::string subclass;  // "" = none
  bool srd = false;
};
ClassView class_of(const campaign::Creature& x);
// The class's name in the reader's language ("Kouzelník"; a typed-in name as typed; "" without a class).
std::string class_name(Lang lang, std::string_view cls);
// The subclasses the app names in cs, uk and en (texts classes.subclass.<id>): each SRD class's own (Champion,
// School of Evocation …) and the third casters Eldritch Knight (fighter) and Arcane Trickster (rogue).
struct Subclass {
  const char* id;   // "eldritch-knight"
  const char* cls;  // "fighter"
};
const std::vector<Subclass>& known_subclasses();
std::vector<std::string> subclasses_of(std::string_view cls);  // ids, for the class's picker
// The subclass a typed text names: its id, or its name (or the words of it: "Evocation", "Mystický rytíř") in any
// of the three languages, case and diacritics aside; "" when it names none of them, or more than one.
std::string subclass_id(std::string_view typed);
// The subclass in the reader's language when the app knows it ("Eldritch Knight" → cs "Mystický rytíř"), else as typed.
std::string subclass_name(Lang lang, std::string_view typed);
// "Wizard 5" (cs "Kouzelník 5", uk "Чарівник 5"); with_subclass adds " · School of Evocation" (its name in the
// reader's language when the app knows the subclass, else as typed); "" without a class.
std::string class_line(Lang lang, const campaign::Creature& x, bool with_subclass = false);

}  // namespace druzina::rules
