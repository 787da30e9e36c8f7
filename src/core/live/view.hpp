// What a live player's phone holds and how it follows the DM's: the players' view of the campaign, exactly what a
// table link holds (share::table_view, built from io::player_view — never a DM secret), sent as an update that is
// a delta against the last view the player has or the whole view, whichever is shorter.
//
//   delta = {"set": {key: value, …}?, "del": [key, …]?,           the view's top-level fields other than "c"
//            "c": {"u": [creature entry, …]?, "r": [id, …]?, "o": [id, …]?}?}
//   "c" of a view is its list of creature entries ([id, kind, name, hp, more?]): "u" are the entries that are new
//   or changed (a new one goes to the end), "r" the ids gone, "o" the whole order of ids when it is not what "u"
//   and "r" leave.
// The update carries the hash of the view it makes; a player whose copy does not match asks for the whole view
// (the message "resync"), so one lost or damaged update never leaves a wrong copy.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/state.hpp"

namespace druzina::live {

// The players' view sent live (share::table_view of the state).
nlohmann::json players_view(const campaign::Campaign& state);
// 16 hex digits of FNV-1a-64 over the view's compact JSON.
std::string view_hash(const nlohmann::json& view);

nlohmann::json make_delta(const nlohmann::json& from, const nlohmann::json& to);
// Throws UserError live.err.field {field} when the delta does not fit the view.
nlohmann::json apply_delta(const nlohmann::json& from, const nlohmann::json& delta);

// The message "view" for a player whose last view was `last` (nullptr: she has none): the delta or the whole
// view, whichever encodes shorter.
nlohmann::json view_message(const nlohmann::json* last, long long last_seq, const nlohmann::json& view, long long seq,
                            long long wall_ms, const std::vector<std::string>& players);

// A player's copy, updated by the messages "view".
struct Follower {
  std::optional<nlohmann::json> view;  // the last view that matched its hash
  long long seq = -1;
  long long dm_time = 0;               // the DM's clock in the last update
  std::vector<std::string> players;    // connected, as the last update said
  std::string table_id;                // the campaign's share id, as the last whole view said ("" = none)
  // Applies a "view" message. False when it cannot (a delta against another sequence, a hash that does not
  // match, a view that does not read): the copy is unchanged and the caller asks for "resync".
  bool apply(const nlohmann::json& message);
  // The copy as a Campaign's JSON (share::read_table_view), for the screens; null before the first view.
  nlohmann::json campaign(std::optional<Lang> reader = std::nullopt) const;  // reader: as share::read_table_view
};

}  // namespace druzina::live
