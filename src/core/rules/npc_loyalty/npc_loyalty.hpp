// DM rule "NPC loyalty" (module "npc-loyalty", seed section "Відданість"): how far an NPC companion goes for the
// party, a DM-secret score 0–20. Its maximum is the highest Charisma score among the party's PCs (never above 20),
// it starts at half that Charisma (rounded down); help moves it up 1d4, harm down 1d4, a betrayal down 2d4; 10+
// the NPC risks its life for the party, 1–9 its loyalty wavers, 0 it leaves or betrays the party.
// Commands SetLoyalty and ChangeLoyalty, event loyalty_changed, calculator `loyalty`, texts in
// assets/i18n/<lang>/loyalty.json, tests in tests/unit/rules_loyalty.tests.cpp, the DM's panel in
// src/ui/screens/party/panels/loyalty.cpp. The score is a DM secret: io::player_view and every share link
// leave it out, and the panel draws nothing in player mode.
#pragma once
#include <optional>
#include <string>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kLoyalty = "npc-loyalty";
inline constexpr int kLoyaltyCap = 20;

campaign::Module npc_loyalty();
calc::Calculator loyalty_calculator();  // loyalty --highest-cha C → {"max", "start"}

// The numbers of the rule for a party whose highest Charisma is `highest_cha` (0 = no PC).
struct LoyaltyLimits {
  int max = 0;    // min(highest CHA, 20)
  int start = 0;  // highest CHA / 2, rounded down (never above max)
};
LoyaltyLimits loyalty_limits(int highest_cha);

// The highest Charisma score among the party's living PCs (0 when there is none).
int party_highest_cha(const campaign::Campaign& c);

// "risks_life" (10+), "wavering" (1–9), "leaves" (0), and its text key (rules.loyalty.state.<state>).
std::string loyalty_state(int score);
const char* loyalty_state_key(const std::string& state);

// Who may have a loyalty score: NPCs and sidekicks (the party's companions), not PCs or monsters.
bool can_have_loyalty(const campaign::Creature& x);

// Creature::modules["npc-loyalty"]: {"score": 0..20} (absent = not tracked yet). DM secret.
std::optional<int> stored_loyalty(const campaign::Creature& x);

struct LoyaltyView {
  bool on = false;       // the rule is on for this campaign
  bool eligible = false; // an NPC or a sidekick
  bool tracked = false;  // a score is stored
  int score = 0;         // the stored score clamped to max (or the start value while not tracked)
  int max = 0, start = 0, highest_cha = 0;
  std::string state;     // loyalty_state(score)
};
LoyaltyView loyalty_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
