// The log: the campaign's story, newest first, play session by play session (a gap of more than three hours
// between two steps starts a new one), every line in full. Opened from the top bar ("Log") in place of the
// current screen; a tab tapped or ✕ closes it. While a notice tells of a step, the log opens at that step.
// In player mode it shows what players may read (campaign::LogAudience::player: no DM secret).
// Test ids: top.log, log.close, log.entry.<tx> (its text), log.session.<n>, log.empty, log.older.
#pragma once

namespace druzina::ui {

bool log_open();
void open_log(long long tx = 0);  // tx: the step to show first (0 = the newest)
void close_log();
void draw_log();

}  // namespace druzina::ui
