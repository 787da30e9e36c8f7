// The resurrection ritual (house rule 11, core: core/rules/resurrection.cpp) as a guided flow on a dead creature's
// sheet: pick the caster and the casting (what each allows: helpers, a check), the soul's choice (DM only), up to
// three helpers (creature, the DM's DC, the d20 entered or rolled, modifier), the live DC with every term, the cast
// (d20 entered or rolled, spellcasting modifier), the outcome (raised / failed / the soul refuses / the soul's
// question for the DM), cancel. Every step is a command (StartResurrection, ResurrectionHelper, ResurrectionCast,
// CancelResurrection, ResolvePrompt), so the top bar's undo takes it back.
// Test ids: sheet.resurrect (the button on the sheet), res.back, res.caster.<id>, res.casting.<casting>,
// res.soul.{refuses,accepts,ask}, res.start, res.helper.pick.<id>, res.helper.dc.*, res.helper.mod.*,
// res.helper.roll, res.helper.enter, res.helper.<i>, res.dc (label: the DC), res.dc.formula, res.dc.term.<term>,
// res.cast.mod.*, res.cast.hp.*, res.cast.roll, res.cast.enter, res.cast.go, res.cancel, res.outcome (label: the
// ritual's status), res.again, res.done.
#pragma once
#include <string>

#include "core/campaign/state.hpp"

namespace druzina::ui {

// The sheet's button for a dead creature (nothing when the rule is off): opens the flow.
void resurrection_button(const campaign::Creature& c);
// The flow is open for this creature: the sheet draws draw_resurrection() instead of itself.
bool resurrection_open(const std::string& creature_id);
void draw_resurrection(const std::string& creature_id);

}  // namespace druzina::ui
