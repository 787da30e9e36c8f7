// What this device knows about where each of its campaigns came from, for share links. A UI store beside the
// library (like ui.player_mode; never campaign state), saved through platform::storage() under "share.campaigns"
// as {library campaign id: {"id": share id, "copy": {...}}}:
//   - the id a campaign carries in the links made from it, so a player who opens a newer link of the same
//     campaign gets her copy updated instead of a second one, and a character sent back finds its campaign;
//   - whether a campaign is a player's copy of someone's link (the sharer's campaign id, the link's kind, its
//     character, and when that link was made);
//   - on a player's phone, which character of a copy is hers ("mine": the creature of a character link she opened):
//     she may edit and level up that one, and the dice roll for her by default.
// A campaign the library no longer lists is ignored (and dropped at the next write).
#pragma once
#include <optional>
#include <string>

namespace druzina::ui::share_ids {

struct Copy {
  std::string campaign_id;  // the sharer's id
  std::string kind;         // "table" | "character"
  std::string creature;     // character: the creature's id
  long long made_at = 0;    // the link's time (ms since 1970)
};

// The id campaign `lib_id` carries in its links: a player's copy carries the sharer's id; otherwise one made at
// its first share and kept.
std::string campaign_id(const std::string& lib_id);
std::optional<Copy> copy_of(const std::string& lib_id);
// The library campaign that is a copy of (share id, kind[, creature]); "" = none.
std::string find_copy(const std::string& share_id, const std::string& kind, const std::string& creature);
// The library campaign (not a copy) whose links carry share_id — the DM's own; "" = none.
std::string find_own(const std::string& share_id);
// After a campaign came from a link: a player's copy (copy set) or a moved campaign (its sharer's id kept).
void set(const std::string& lib_id, const std::string& share_id, const std::optional<Copy>& copy);
void forget(const std::string& lib_id);
// The player's own character in campaign lib_id ("" = none known); set when she opens her character's link.
std::string mine(const std::string& lib_id);
void set_mine(const std::string& lib_id, const std::string& creature);
// The open campaign's "mine" (read once per campaign, not every frame): in player mode she may edit and level up
// this character, and nothing else.
const std::string& mine_here();

}  // namespace druzina::ui::share_ids
