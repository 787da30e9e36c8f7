// Rule "group-actions": pick several creatures and apply damage (with a
// saving throw each for half or none — a fireball on six goblins and two PCs), healing or a condition to all of
// them in one command: one transaction, one undo step. Each target goes through the base command (ApplyDamage,
// Heal, SetCondition, RemoveCondition, nested in the group's transaction), so every rule hooked on them (massive
// damage, concentration, lingering injuries …) acts as it does for a single creature; a save is the prompt
// group.save_for_damage, answered like every save (and rolled at once for monsters with monster-saves on).
// Module `group-actions`, on by default (Settings → the table's rules); texts assets/i18n/<lang>/group_actions.json,
// tests tests/unit/rules_group_actions.tests.cpp, docs/table-rules.md 16.1.
#pragma once

#include <cstddef>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kGroupActions = "group-actions";
inline constexpr std::size_t kMaxGroupTargets = 200;  // targets of one group command

campaign::Module group_actions();

}  // namespace druzina::rules
