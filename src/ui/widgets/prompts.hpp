// Pending questions of the campaign (Campaign::prompts: a massive-damage save, an injury roll, a turn-start CON
// save, a DM decision) as cards at the top of Party and Combat. Each card says what is asked (translation key
// "prompt.<kind>" from the rule module's catalog, filled with the prompt's data and the creature's name) and
// offers "Roll for me" (ResolvePrompt without a roll), "Enter roll" (the number pad → ResolvePrompt {roll}),
// one button per choice for choice prompts, and dismiss. What the answer did (the transaction's log lines) is
// shown as a notice.
// Test ids: prompt.<id> (the card, label = its text), prompt.<id>.roll, prompt.<id>.enter, prompt.<id>.dismiss,
// prompt.<id>.choice.<choice>.
#pragma once
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::ui {

std::string prompt_text(const campaign::Prompt& p);
// Draws the cards for the prompts this device may see (player mode hides dm_only ones). only_creature: just the
// prompts about that creature ("" = all). Returns how many were drawn.
int draw_prompts(const std::string& only_creature = "");

}  // namespace druzina::ui
