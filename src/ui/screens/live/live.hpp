// The live table screen: the DM's phone is the one writer, players' phones follow it over WebRTC with no server
// (core/live/ for the protocol, platform/live.hpp for the connections, platform/scanner.hpp for the camera).
//   - DM: "Live table" on the Party screen. A QR code of an offer for the next player; the scanner reads her
//     answer; the connected players; the queue of their requests (accept / decline; kinds accepted
//     automatically are set in Settings). Every change of the campaign goes to every player as the players' view.
//   - player: opening an offer link shows her answer as a QR code, then the live view: who is connected, when the
//     last update came ("reconnecting" while the connection is away a moment, "not live since 21:04" after a
//     drop), the table, and what she may send for her own character. Her copy is kept in the library as a
//     campaign in player mode (after a reload the Party screen says since when it is not live).
//   - no connection 15 s after the answer: the screen says why that happens and offers the snapshot link.
// The screen takes the screen area (a tab closes it); the connections live on in live_tick() whichever screen
// is shown.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/live/table.hpp"

namespace druzina::ui {

void draw_live_button();  // Party screen: one button (and, on her copy of a table not live now, since when)
void open_live();         // the DM's side (or, in player mode, the player's last copy)
bool live_open();
void close_live();
void draw_live();
// Each frame, before drawing (also while the loop idles): messages in and out, the DM's updates, timeouts. True
// when something changed that the screen shows.
bool live_tick();
// A fragment that is a live-table code ("#l1.…"): a player's phone answers it. False when it is not one.
bool open_live_link(const std::string& fragment);

// Settings: the request kinds the DM's phone accepts without asking (saved under "live.auto").
std::set<std::string> live_auto_accept();
void set_live_auto_accept(const std::set<std::string>& kinds);
void draw_live_settings();

// The player's side, for her sheet (a spell slot tapped there is a request to the DM's phone while live):
// her character on the open campaign when it is her live copy and the connection is open ("" otherwise);
std::string live_character_here();
// sends a request for her character (core/live/requests.hpp kinds); false when not live here;
bool live_request(const std::string& kind, const nlohmann::json& args);
// her requests of this kind and what became of them (the last 20 of any kind), oldest first; none when not live here.
std::vector<live::Guest::Answer> live_answers(const std::string& kind);
// her requests of this kind as her sheet lists them, newest first (the last `max`): "<what>: sent", "…: waiting for
// the DM", "…: accepted", "…: declined by the DM", "…: refused — <the reason>" (declined and refused in the error
// colour); `what` names one by its arguments; each tracked as <id_prefix>.<her request's number>. Nothing when not
// live here.
void draw_live_answers(const std::string& kind, const std::string& id_prefix,
                       const std::function<std::string(const nlohmann::json& args)>& what, size_t max = 3);

}  // namespace druzina::ui
