// Derived values: computed from the stored state on demand, never stored (Foundry's "derived data" phase).
// Rule modules add their own derived functions next to their hooks (src/core/rules/<rule>/).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/state.hpp"

namespace druzina::campaign {

int ability_modifier(int score);                                // floor((score − 10) / 2)
int modifier(const Creature& c, std::string_view ability);      // "str" … "cha"
int proficiency_bonus(int level);                               // 2 at 1–4 … 6 at 17–20 (level < 1 counts as 1)
int initiative_modifier(const Creature& c);                     // initiative_bonus, else the DEX modifier
int hit_dice_total(const Creature& c);                          // max(level, 1)
int hit_dice_left(const Creature& c);
std::vector<std::string> living_party(const Campaign& c);  // ids of the party (in_party) not dead: who rests by default
bool is_dying(const Creature& c);                               // 0 HP, not dead, not stable
bool has_condition(const Creature& c, std::string_view id);
double carried_weight(const Creature& c);                       // Σ weight × qty, pounds (no house rules)

// What players see of a creature's health: "healthy" (> half), "bloodied" (≤ half), "down" (0 HP), "dead".
std::string health_status(const Creature& c);

// Exhaustion effects by edition. 2014: the cumulative table (1 disadvantage on checks, 2 speed halved,
// 3 disadvantage on attacks and saves, 4 HP maximum halved, 5 speed 0, 6 death).
// 2024: every level −2 to d20 tests and −5 ft speed; 6 death.
struct ExhaustionEffects {
  int d20_penalty = 0;              // 2024: −2 × level
  bool disadvantage_checks = false; // 2014 ≥ 1
  bool disadvantage_attacks_saves = false;  // 2014 ≥ 3
  bool hp_max_halved = false;       // 2014 ≥ 4
  int speed = 0;                    // the creature's speed after exhaustion
  bool dead = false;                // level 6
};
ExhaustionEffects exhaustion_effects(const Creature& c, int edition);

// Whether a rule module is on in this campaign (settings.rules[key], else the module's default).
bool rule_enabled(const Campaign& c, std::string_view key, bool default_on);

}  // namespace druzina::campaign
