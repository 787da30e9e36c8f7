// The base events: how each one changes the state (apply) and how it reads in the log (render). One file per
// topic under events/; each event there is a named apply_<type> / render_<type> pair. apply functions never
// roll and never run hooks; they read their data strictly (.at(), typed reads), so a corrupt or hand-edited
// history throws instead of half-working. Data formats: docs/engine.md.
#include "core/campaign/events/common.hpp"

namespace druzina::campaign {

void register_base_events(Engine& e) {
  base_ev::register_creatures_events(e);
  base_ev::register_health_events(e);
  base_ev::register_rests_events(e);
  base_ev::register_encounter_events(e);
  base_ev::register_table_events(e);
}

}  // namespace druzina::campaign
