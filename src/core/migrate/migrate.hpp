// Save migrations: a chain of functions on the raw JSON, one per schema version step (vN → vN+1), so each
// step stays small and testable. load() runs the chain before reading the document.
//
// v1 (the first prototype's save, before the event-sourced engine):
//   {"schemaVersion": 1, "app": "druzina",
//    "campaign": {"name", "settings": {"language", "rules", "exhaustionEdition"}, "clock": minutes, "nextId": n,
//                 "creatures": [{"id": 3 (an integer), "kind", "name", "level", "hp": {"current", "max", "temp"},
//                                "conditions": ["prone", …] (plain ids), … other fields as in v2}],
//                 "encounter": {"order": [{"creature": 3, "initiative": 15}], "round", "turn"} | null},
//    "log": ["text line", …]}
// v2: see save.hpp. The v1 → v2 step turns integer ids into "c<n>", hp objects into max_hp/hp/temp_hp, plain
// condition ids into condition objects (permanent, no source), camelCase settings into snake_case, "campaign"
// into "snapshot" with an empty tail (v1 kept no history: its text log is kept in snapshot.legacy_log).
#pragma once
#include <nlohmann/json.hpp>

namespace druzina::io {

// Upgrades doc (a save of schema version `from`) to kSchemaVersion. Throws UserError save.err.* when a step
// meets a shape it cannot read.
nlohmann::json migrate(nlohmann::json doc, int from);

nlohmann::json migrate_v1_to_v2(nlohmann::json doc);
// v2 → v3 (the base state knows no house rule): Creature::potions_drunk_since_long_rest →
// creature.modules.potions.drunk_since_long_rest, Creature::hero_points → creature.modules["hero-points"].points,
// Creature::int_picks → creature.modules.intelligence.picks, Creature::resurrection_attempts →
// creature.modules["resurrection-ritual"].attempts,
// Settings::potion_warning_threshold → snapshot.modules.potions.warning_threshold (all absent when 0 / empty / the
// default 3). In the recorded history
// (tail, redo): the same in creature_added / creature_updated / campaign_created / settings_changed data (a
// threshold change becomes the potions module's potion_warning_set event), and every base long_rest_applied,
// which used to reset the potion count, is followed by the module's potions_reset — old histories replay with
// the same meaning.
nlohmann::json migrate_v2_to_v3(nlohmann::json doc);
// v3 → v4 (the rest of the house rules): Creature::injuries / scars → creature.modules
// ["lingering-injuries"].injuries / scars (absent when empty), in the snapshot and in creature_added /
// creature_updated of the tail and the redo stack. injury_added / injury_cured keep their type and data (the
// module registers them now), so old histories replay unchanged.
nlohmann::json migrate_v3_to_v4(nlohmann::json doc);
// v4 → v5 (the last house-rule data in the base state): Campaign::projects → snapshot.modules.crafting
// .projects, Settings::price_overrides → snapshot.modules["price-list"].overrides (both absent when empty). In the
// recorded history a change of price_overrides in campaign_created / settings_changed becomes the price-list
// module's price_overrides_set event (a settings_changed that changed only prices is dropped); project_added /
// _updated / _removed keep their type and data (the crafting module registers them now). A creature removed no
// longer leaves the projects it worked on: readers skip an owner that is gone.
nlohmann::json migrate_v4_to_v5(nlohmann::json doc);
// v5 → v6 (magic items are things of their own): Creature::attunement (a list of up to three item names)
// → creature.modules["magic-items"].items, one item per name {id: "<creature>-a<k>", name, kind: wondrous,
// attunement: true, attuned_by: <creature>, identified: true} (absent when empty), in the snapshot and in
// creature_added's creature; creature_updated's patch of the list becomes a merge patch replacing the items (before
// v6 a creature's items were exactly its attuned ones).
nlohmann::json migrate_v5_to_v6(nlohmann::json doc);
// v6 → v7 (renown is a DM rule): Creature::renown {faction → n} → creature.modules.renown.organizations
// (absent when empty, values clamped to 0..1000), in the snapshot and in creature_added / creature_updated of the
// tail and the redo stack (a patch's renown becomes a merge patch of modules.renown.organizations).
nlohmann::json migrate_v6_to_v7(nlohmann::json doc);
// v7 → v8 (the base state knows no rule): the creature's free-text lists diseases / poisons / madness →
// creature.modules.<diseases | poisons | madness>.notes (absent when empty), and its loyalty (a number or an object
// nothing read) → creature.modules["npc-loyalty"].legacy (absent when null), in the snapshot and in creature_added
// / creature_updated of the tail and the redo stack (in a patch, a merge patch of the same: an empty list or null
// removes it).
nlohmann::json migrate_v7_to_v8(nlohmann::json doc);

}  // namespace druzina::io
