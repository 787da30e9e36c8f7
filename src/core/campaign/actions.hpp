// Building blocks: the operations the base commands are made of, for rule modules to reuse from hooks so that
// a module's damage, healing or exhaustion has exactly the base consequences (temp HP first, unconscious at
// 0 HP, death saves, instant death, death at exhaustion 6, condition expiry …).
// Each one emits events through the Ctx (so on_event hooks run) and throws UserError when it cannot be done.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::campaign::actions {

// The creature or UserError campaign.err.no_creature.
const Creature& require(const Campaign& c, const std::string& id);
// … and refuses a dead one (campaign.err.dead).
const Creature& require_living(const Campaign& c, const std::string& id);

struct DamageOptions {
  std::string damage_type;  // "fire" … (for the log and for hooks)
  bool critical = false;    // at 0 HP: two death-save failures instead of one
  std::string cause = "damage";
  bool knock_out = false;   // the attacker knocks the target out (5e): at 0 HP it falls unconscious and is stable
                            // instead of dying, monsters too (and then the injury rule applies to them)
  bool ignore_resistance = false;  // the table's override: the amount in full, whatever the creature's
                                   // resistance, vulnerability or immunity to damage_type
};

// What a creature's resistances do to damage of a type: "immune" (0), "resisted" (half, rounded down),
// "vulnerable" (double) or "" (in full: no type, or none of its lists has it).
struct DamageAdjustment {
  std::string kind;
  int applied = 0;
};
DamageAdjustment adjust_damage(const Creature& c, const std::string& damage_type, int amount);
// The creature's immunity, resistance or vulnerability to damage_type first (adjust_damage; not with
// ignore_resistance), then temp HP, then HP (floor 0). Emits hp_changed {creature, old, new, temp_old, temp_new,
// cause, amount (as applied), damage_type?, raw? + adjust? (the amount before, and "immune" / "resisted" /
// "vulnerable"; with the override: raw, adjust and "override": true), critical?, dies?} — "dies" names the death this damage causes ("instant_death", "zero_hp",
// "death_saves") so on_event hooks know before the died event follows. Then: at 0 HP already → death-save
// failure(s) or instant death (damage ≥ max HP); dropping to 0 → instant death if the rest ≥ max HP, else a
// monster dies and anyone else falls unconscious (condition "unconscious", source "0hp").
void damage(Ctx& ctx, const std::string& target, int amount, const DamageOptions& opts = {});

// Up to max HP. From 0 HP: death saves reset, the "0hp" unconscious condition ends. Refuses the dead.
void heal(Ctx& ctx, const std::string& target, int amount, const std::string& cause = "heal");

// Sets HP directly (no instant death); reaching 0 or leaving 0 has the same consequences as damage / heal.
// stable_at_zero: a creature set to 0 is stable (e.g. the shock table's "0 HP but stable").
void set_hp(Ctx& ctx, const std::string& target, int value, const std::string& cause, bool stable_at_zero = false);

void set_temp_hp(Ctx& ctx, const std::string& target, int value);

// Emits died {creature, cause}.
void kill(Ctx& ctx, const std::string& target, const std::string& cause);

// Adds (or replaces the one with the same id and source); fills until.set_round / set_turn_of / set_at.
void add_condition(Ctx& ctx, const std::string& target, Condition condition);
// Removes every condition with this id (and source, if given); returns how many. reason: "removed",
// "expired", "healed", "long_rest", "encounter_ended" … (shown in the log).
int remove_condition(Ctx& ctx, const std::string& target, const std::string& id,
                     const std::optional<std::string>& source, const std::string& reason);

// Sets the total exhaustion level (0..6). A rise with a source is tracked under that source; a fall takes
// levels from the named source first, then from untracked levels, then from other sources (by name).
// Emits exhaustion_changed {creature, old, new, sources, source?, cause}; level 6 → died "exhaustion".
void set_exhaustion(Ctx& ctx, const std::string& target, int level, const std::string& source,
                    const std::string& cause);

// Spends hit dice: rolls given (each 1..hit die) or rolled; each die heals roll + CON modifier (at least 0);
// the sum is divided by `divisor` (rounded down; a rule may heal half). Emits hit_dice_spent, then
// heals through heal(…, "hit_dice").
void spend_hit_dice(Ctx& ctx, const std::string& target, int dice, const std::vector<int>& rolls, int divisor = 1);

// Hit dice a command spends (the parameter "spend": [{target, dice: 1..40, rolls?: [1..20, …]}]; absent = none):
// each a living creature with a hit die, at most once, no more dice than it has left, as many rolls as dice, each
// within its hit die. Throws UserError campaign.err.*.
struct HitDiceSpend {
  std::string target;
  int dice = 0;
  std::vector<int> rolls;  // empty = the engine rolls
};
std::vector<HitDiceSpend> read_hit_dice_spend(const Campaign& c, const json& cmd);

// Emits time_advanced {from, to, reason}, then ends conditions whose time is up.
void advance_time(Ctx& ctx, long long minutes, const std::string& reason);

// Creates a prompt (prompt_created) and returns its id.
std::string create_prompt(Ctx& ctx, const std::string& kind, const std::string& creature, json data);

// Merge-patches Campaign::modules[module] (module_data_set).
void set_module_data(Ctx& ctx, const std::string& module, json patch);

// Ends the turn-based conditions that expire at the end (at_start = false) or the start of `actor`'s turn
// (used by NextTurn / StartEncounter; exposed for modules that insert turns).
void expire_turn_conditions(Ctx& ctx, const std::string& actor, bool at_start);

}  // namespace druzina::campaign::actions
