// DM rule "magic-items" (seed sections on magic items; SRD "Magic Items": attunement, wearing and wielding,
// activating an item, charges, sentient items). Magic items become things of their own on a creature: each has an id
// (two copies of one item are two items), a kind, a rarity, whether it needs attunement and by whom, whether it is
// identified, worn, its charges and how they come back, notes. Module (module.cpp), calculator `sentient-dominate`
// (calc.cpp), texts in assets/i18n/<lang>/magic_items.json, tests in tests/unit/rules_magic_items.tests.cpp.
// The plain attunement list of schema 5 (Creature::attunement, item names) becomes items of this module
// (migrate/migrate.cpp, v5 → v6).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kMagicItems = "magic-items";

campaign::Module magic_items();

inline constexpr int kMaxAttuned = 3;
// The SRD's kinds of magic item; rarities (artifact: the DM's own); body slots (a ring: two; every other: one).
inline const std::vector<std::string> kItemKinds = {"armor", "potion", "ring", "rod", "scroll", "staff", "wand", "weapon", "wondrous"};
inline const std::vector<std::string> kItemRarities = {"common", "uncommon", "rare", "very-rare", "legendary", "artifact"};
inline const std::vector<std::string> kItemSlots = {"head", "eyes", "neck", "shoulders", "body", "armor", "waist",
                                                    "hands", "wrists", "ring", "feet", "held"};
int slot_limit(std::string_view slot);  // ring 2, held 2 (two hands), every other 1
// Slots whose items come as a pair by default (boots, gloves, bracers): they work only as a pair.
bool paired_slot(std::string_view slot);  // feet, hands, wrists

// Who may attune to it ("requires attunement by a wizard / a dwarf / a creature of good alignment / a spellcaster").
struct ItemRequires {
  std::string cls;                     // an SRD class id or a name typed in; "" = any
  std::string race;                    // compared with Creature::race, case-insensitively; "" = any
  std::vector<std::string> alignment;  // alignment ids (lg … ce) allowed; empty = any
  bool spellcaster = false;
};

// A sentient item's personality (the rolls of the sentient-* tables; alignment also as its id).
struct Sentience {
  int int_ = 10, wis = 10, cha = 10;
  int communication = 1, senses = 1, alignment_roll = 1, purpose = 1;
  std::string alignment;  // "lg" … "ce"
};
const char* sentient_alignment_id(int roll);  // the sentient-alignment row's alignment: 1–15 lg … 97–100 ce

// A spell the item casts (SRD "Spells" of magic items): cast at its level (0 = a cantrip) for `cost` charges,
// `upcast` charges more for each level above (0 = it cannot be cast higher).
struct ItemSpell {
  std::string name;
  int level = 1;
  int cost = 1;
  int upcast = 0;
  bool concentration = false;  // casting it starts the caster's concentration (the concentration rule)
};

// One magic item as stored in Creature::modules["magic-items"].items.
struct MagicItem {
  std::string id;  // unique in the campaign: "i12" (migrated from the plain list: "<creature>-a1")
  std::string name;
  std::string kind = "wondrous";
  std::string rarity;  // "" = not given
  std::string slot;    // "" = not worn on the body
  bool attunement = false;  // requires attunement
  ItemRequires prereq;  // stored as "requires"
  std::string attuned_by;  // the creature attuned to it ("" = nobody); may differ from the holder after giving it
  bool identified = false;
  bool worn = false;
  std::optional<int> charges, max_charges;
  std::string recharge;            // dice regained ("1d6+1"); "" = none; "all" = every charge
  std::string recharge_at = "dawn";  // dawn | long_rest
  bool last_charge_d20 = false;    // spending the last charge: a d20, on 1 the item is destroyed
  bool consumable = false;         // potion, scroll, ammunition: used up
  bool paired = false;             // comes as a pair (boots, gloves, bracers): works only as a pair
  bool half = false;               // only one of the pair is here: it does not work (and takes half its slot)
  std::string command_word;        // spoken to activate it ("" = none)
  std::vector<ItemSpell> spells;   // the spells it casts
  std::optional<int> spell_dc;     // its own save DC for them; none = the wielder's (spell_dc_wielder) or no save
  bool spell_dc_wielder = false;   // stored as "spell_dc": "wielder"
  std::string notes;
  std::optional<Sentience> sentient;
};
std::vector<MagicItem> magic_items_of(const campaign::Creature& x);
// Every item in the campaign the creature is attuned to (on itself or on another holder).
std::vector<MagicItem> attuned_items(const campaign::Campaign& c, std::string_view creature);
// The names of the items it is attuned to (the players' summary, the share link).
std::vector<std::string> attuned_names(const campaign::Campaign& c, std::string_view creature);

// Would `x` be refused attunement to `item`? The refusal's rules.err key and its args, nullopt when allowed.
struct Refusal {
  std::string key;
  nlohmann::json args;
};
std::optional<Refusal> attune_refusal(const campaign::Campaign& c, const campaign::Creature& x, const MagicItem& item);

// Would the holder `x` be refused using the item (a charge, its command word, a spell)? Only one of a pair
// (rules.err.item_half_pair), an item that requires attunement and `x` is not attuned to it
// (rules.err.item_use_unattuned); nullopt when it works.
std::optional<Refusal> use_refusal(const campaign::Creature& x, const MagicItem& item);

// The creature's own spell save DC: 8 + its proficiency bonus + the modifier of its class's spellcasting ability
// (bard, paladin, sorcerer, warlock CHA; cleric, druid, ranger WIS; wizard INT); nullopt without a spellcasting class.
std::optional<int> spell_save_dc(const campaign::Creature& x);

// The DC a spell from the item is cast with: the item's own, the wielder's, or none (no save); `from` says which
// ("item", "wielder", "none"). A wielder without a spell save DC: dc empty, from "wielder".
struct ItemSpellDc {
  std::optional<int> dc;
  std::string from;
};
ItemSpellDc item_spell_dc(const campaign::Creature& holder, const MagicItem& item);

// What a creature can spend a short rest on (the short-rest screen's offer; ShortRest {items: [{target, item,
// action}]} does them): attune to a held item that requires attunement, end an attunement (held by anyone), study an
// unidentified held item. `refusal` is set when the command would refuse it (a fourth attunement, a curse …).
struct RestOffer {
  std::string action;  // attune | end | identify
  std::string item;    // the item's id
  std::string name;
  std::string holder;  // who holds it (≠ the creature for an attunement ended from afar)
  std::optional<Refusal> refusal;
};
std::vector<RestOffer> short_rest_offers(const campaign::Campaign& c, const campaign::Creature& x);

struct MagicItemsView {
  bool on = false;
  std::vector<MagicItem> items;     // held by the creature
  std::vector<MagicItem> attuned;   // it is attuned to (held by anyone)
  std::vector<std::string> cursed;  // ids of its items that are cursed (DM secret; empty in a player's view)
};
MagicItemsView magic_items_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules

namespace druzina::calc {
int sentient_dominate_dc(int item_cha_mod);  // 12 + the item's Charisma modifier
}

namespace druzina::rules {
calc::Calculator sentient_dominate_calculator();  // `druzina rule sentient-dominate --item-cha-mod 3` → {"dc": 15}
}
