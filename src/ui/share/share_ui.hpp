// Share links in the UI (src/core/share/link.hpp makes and reads them):
//   - the Share screen: the link for one of three kinds (the table for players, one character for its player —
//     or back to the DM —, the whole campaign), its length, Copy, the phone's share sheet, a QR code big enough
//     to scan across a table, and above ~2,000 characters a warning with the file instead;
//   - opening a link (the page's URL fragment at start or on hashchange): what it holds, and a question before
//     anything is replaced or added — a player's copy as a campaign of its own (player mode), an update of that
//     copy (with what changed), a character merged back into the DM's campaign (UpdateCreature), a campaign moved
//     here (as a new campaign, or over the one it came from). Then what happened, with Undo. A link that does not
//     decode shows the codec's message and changes nothing. The fragment is cleared either way.
//   - a player's copy opens in player mode: switching to one in the campaign list turns player mode on, leaving
//     it for a campaign of one's own turns it off.
// Both take the screen area (the tab bar stays; a tab closes them).
#pragma once
#include <string>

namespace druzina::ui {

enum class ShareKind { table, character, campaign };

void open_share(ShareKind kind, const std::string& creature_id = {});
bool share_open();
void close_share();
void draw_share();

void check_incoming_link();  // each frame, before drawing: a fragment that arrived is decoded
bool link_preview_open();
void close_link_preview();  // a tab was tapped: a question not answered changes nothing; a result screen closes
void draw_link_preview();

}  // namespace druzina::ui
