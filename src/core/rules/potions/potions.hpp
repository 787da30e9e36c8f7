// House rule "Lektvary" (potions): its module, its data and the typed view the UI reads. The worked example of
// docs/adding-a-rule.md: one command (DrinkPotion), its events (potion_drunk, potions_reset, potion_warning_set),
// one prompt (potions.too_many), per-creature data (the count since the long rest) and per-campaign data (the
// warning threshold), texts in assets/i18n/<lang>/potions.json, tests in tests/unit/rules_potions.tests.cpp.
#pragma once
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kPotions = "potions";

campaign::Module potions();

// Creature::modules["potions"]: {"drunk_since_long_rest": n} — potions drunk since the last long rest.
// Campaign::modules["potions"]: {"warning_threshold": n} — above n potions the DM is asked (default 3).
inline constexpr int kDefaultPotionWarning = 3;
int potions_drunk(const campaign::Creature& x);
int potion_warning_threshold(const campaign::Campaign& c);

struct PotionsView {
  int drunk = 0;         // since the last long rest
  int threshold = kDefaultPotionWarning;
  bool over = false;     // drunk > threshold: the next one asks the DM about side effects
};
PotionsView potions_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
