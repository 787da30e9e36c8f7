// What a newer table or character link changes on the player's copy of it: the copy on her phone against the
// link's campaign, as typed changes in the order the preview lists them (the UI words them: ui/share/link_open.cpp).
// Compared as the player sees them: HP as the link shows it (numbers, a health status or hidden), the fight's
// round and whose turn it is (nobody's when that creature is hidden).
#pragma once
#include <string>
#include <vector>

#include "core/campaign/state.hpp"

namespace druzina::share {

// A creature's HP as a link shows it to the players (Creature::extra "hp_shown", link.hpp).
struct ShownHp {
  enum class Kind { numbers, status, hidden };
  Kind kind = Kind::numbers;
  int hp = 0, max_hp = 0;  // numbers only
  std::string status;      // status only: campaign::health_status ("healthy", "bloodied", "down", "dead")
  bool operator==(const ShownHp&) const = default;
};
ShownHp shown_hp(const campaign::Creature& c);

// The fight as a link shows it: no fight, the round, and whose turn it is (empty: nobody's or a hidden creature's).
struct ShownTurn {
  bool fight = false;
  int round = 0;     // fight only
  std::string name;  // fight only: the name of the creature whose turn it is
  bool operator==(const ShownTurn&) const = default;
};
ShownTurn shown_turn(const campaign::Campaign& c);

struct TableChange {
  enum class Kind {
    name,               // the campaign's name: old_name → new_name
    added,              // a creature that was not there: creature
    hp,                 // creature: old_hp → new_hp
    condition_added,    // creature: condition
    condition_gone,     // creature: condition
    level,              // creature: old_level → new_level
    dead,               // creature died
    removed,            // a creature that is no longer there: creature
    turn,               // the fight moved on: turn (the new one)
    rules,              // the rule switches differ
  };
  Kind kind = Kind::name;
  std::string creature;   // the creature's name (its name in the link; removed: in the copy)
  std::string old_name, new_name;  // name
  ShownHp old_hp, new_hp;          // hp
  std::string condition;           // condition_added, condition_gone: the condition's id
  int old_level = 0, new_level = 0;  // level
  ShownTurn turn;                  // turn
};

// From the copy on this phone (old_c) to the newer link (new_c): per creature of the link, in its order, added or
// its HP, conditions added then gone (by id, in id order), level and death; then the creatures removed, the turn
// and the rules. Empty: nothing the player sees changed.
std::vector<TableChange> table_changes(const campaign::Campaign& old_c, const campaign::Campaign& new_c);

}  // namespace druzina::share
