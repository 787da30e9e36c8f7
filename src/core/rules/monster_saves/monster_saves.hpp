// "Roll monsters' saves for me": a DM setting for crowds. With it on, a roll a rule asks
// of a monster (the massive-damage save, the concentration save, fear …: a prompt about a creature of kind
// monster that asks for a roll, not a choice) is rolled by the engine the moment it is asked, in the same
// transaction (one undo step, in the log), so only the PCs' questions stop the game. Module `monster-saves`, off
// by default (Settings → Rules); texts assets/i18n/<lang>/monster_saves.json, tests
// tests/unit/rules_monster_saves.tests.cpp.
#pragma once

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kMonsterSaves = "monster-saves";

campaign::Module monster_saves();

}  // namespace druzina::rules
