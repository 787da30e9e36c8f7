// Table rule "initiative-variants": the DMG's initiative variants as per-campaign choices — initiative rolled again
// every round, side initiative (the party and the monsters each roll once), and ties broken by Dexterity, then a
// roll-off. Lair actions stay at initiative 20 (and lose ties). Its module (module.cpp), texts in
// assets/i18n/<lang>/initiative_variants.json, tests in tests/unit/rules_initiative_variants.tests.cpp;
// docs/table-rules.md.
#pragma once
#include <string>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kInitiativeVariants = "initiative-variants";

campaign::Module initiative_variants();

// Campaign::modules["initiative-variants"]: {"variant": "reroll" | "side", "ties": "dex_rolloff"}; absent = the
// base rules (one roll per creature for the whole fight; ties by the modifier, then DEX, then the order given).
struct InitiativeVariant {
  std::string variant = "standard";  // "standard" | "reroll" | "side"
  std::string ties = "standard";     // "standard" | "dex_rolloff"
};
InitiativeVariant initiative_variant(const campaign::Campaign& c);

// Which side a creature rolls with under side initiative: "party" (PCs, sidekicks, NPCs) or "monsters".
std::string initiative_side(const campaign::Creature& x);

}  // namespace druzina::rules
