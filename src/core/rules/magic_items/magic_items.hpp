// DM rule "magic-items" (issue 14, seed sections on magic items; SRD "Magic Items": attunement, wearing and wielding,
// activating an item, charges, sentient items). Magic items become things of their own on a creature: each has an id
// (two copies of one item are two items), a kind, a rarity, whether it needs attunement and by whom, whether it is
// identified, worn, its charges and how they come back, notes. Module (module.cpp), calculator `sentient-dominate`
// (calc.cpp), texts in assets/i18n/<lang>/magic_items.json, tests in tests/unit/rules_magic_items.tests.cpp.
// The plain attunement list of schema 5 (Creature::attunement, item names) becomes items of this module
// (io/migrate.cpp, v5 → v6).
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
