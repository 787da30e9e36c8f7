// The base commands: what every campaign can do, with or without rule modules. One file per topic under
// commands/ (campaign, creatures, health, rests, encounter, table …); each command there is a named
// validate_<name> / execute_<name> pair. Parameters and events of each command: docs/engine.md.
#include "core/campaign/commands/common.hpp"

namespace druzina::campaign {

void register_base_commands(Engine& e) {
  base_cmd::register_campaign_commands(e);
  base_cmd::register_creatures_commands(e);
  base_cmd::register_health_commands(e);
  base_cmd::register_rests_commands(e);
  base_cmd::register_encounter_commands(e);
  base_cmd::register_table_commands(e);
}

}  // namespace druzina::campaign
