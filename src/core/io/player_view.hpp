// What a player may see of a campaign (the share link / QR code): a whitelist copy of the state, so a field
// added later stays hidden until someone decides players may see it.
//   - hidden creatures vanish everywhere (list, initiative order, prompts, notes, and what the rules' data shows
//     of them);
//   - DM notes, secret notes, unknown fields and every module field marked secret (DataField::secret): never
//     included;
//   - a PC's or sidekick's per-creature module data: only the fields its module declares (Module::creature_data),
//     as each shows itself to players (DataField::for_players), as "rule_data": {id: {field: value}} (absent when
//     none); an NPC's or monster's: only the fields that say what the table sees of them (DataField::for_others);
//   - the modules' campaign data: only the fields that say what the table sees of them (DataField::for_table), as
//     the view's "rule_data";
//   - HP per Settings::hp_visibility: "exact" numbers, "status" (healthy/bloodied/down/dead) or "hidden",
//     separately for the party (PCs, sidekicks) and the others (NPCs, monsters);
//   - NPCs and monsters show only what the table can see: name, size, conditions, health, dead or not.
#pragma once
#include <nlohmann/json.hpp>

#include "core/campaign/engine.hpp"
#include "core/campaign/state.hpp"

namespace druzina::io {

nlohmann::json player_view(const campaign::Campaign& c, const campaign::Engine& engine = campaign::Engine::standard());

// A creature's module data a player may see: {module id: {field: value}} of the fields each module declares
// (Module::creature_data) and does not mark secret; undeclared fields are left out. Share links use it too.
nlohmann::json visible_module_data(const campaign::Creature& c,
                                   const campaign::Engine& engine = campaign::Engine::standard());

}  // namespace druzina::io
