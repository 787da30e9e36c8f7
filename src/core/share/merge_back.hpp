// A character back from its player (a character link opened in the DM's own campaign): what of it the DM's
// creature takes, as the patch of one UpdateCreature command (one undo step).
//
// The player's copy may be older than the DM's, may come from a table link (which holds no abilities, no hit die:
// the copy shows defaults), and the link never carries the DM's secrets, so the patch takes only what the player
// changed on her copy (her character link says which fields: link.hpp kChanged; an older link that does not say
// counts every field it holds), and of that:
//   - the base fields a player keeps on her sheet (name, level, abilities, AC, inventory, notes …), with current
//     HP only together with a new HP maximum (a new level raises both);
//   - the rules' data a player owns (DataField::player_owned and not secret: her picks, the points she spent, her
//     scars), field by field.
// It leaves what the DM runs at the table as the DM has it: conditions, death saves, temporary HP, exhaustion,
// the rest of the rules' data, and every DM secret (hidden, the secret fields).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::share {

struct FieldChange {
  std::string module;  // the rule module's id for its data, empty for a base field
  std::string field;   // the creature's field, or the module's field
  nlohmann::json before, after;  // null: absent
};

struct MergeBack {
  nlohmann::json patch = nlohmann::json::object();  // for UpdateCreature {target: mine.id, patch}; empty = no change
  std::vector<FieldChange> changes;                  // what the patch changes, in the order of the fields
};

MergeBack merge_back(const campaign::Creature& mine, const campaign::Creature& theirs,
                     const campaign::Engine& engine = campaign::Engine::standard());

}  // namespace druzina::share
