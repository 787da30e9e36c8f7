// The live table's messages between the DM's phone (the one writer) and the players' phones, over a WebRTC data
// channel (src/platform/live.hpp). Every message is hostile input on the receiving side.
//
//   message = "L1." checksum (8 lowercase hex: the low 32 bits of FNV-1a-64 of the JSON) "." compact JSON
//
// decode() refuses, with a UserError live.err.*, before parsing: a text longer than kMaxMessage bytes, a wrong
// version or checksum; then the JSON through io::parse_json with the nesting bounded (kMaxDepth); then an unknown
// kind, or a field of the wrong type or range. Kinds ("k"):
//
//   DM → player
//     view    {s: sequence number, v: the whole view | b: the sequence it is based on + d: a delta (view.hpp),
//              h: the view's hash (16 hex), t: the DM's wall clock in ms, p: [names of the connected players],
//              id?: with a whole view, the campaign's share id (≤ 64 of [0-9A-Za-z_-]): the player's phone keeps
//              its copy of that table under it, as a table link's copy)
//     res     {id: the request's id, st: "queued" | "accepted" | "declined" | "refused",
//              why?: {key: a text key, args: {…}} (refused: the reason, shown in the player's language)}
//     bye     {}  the DM ended the live table
//   player → DM
//     hello   {who: the id of her character ("" = only watching), name: what the DM's list shows}
//     req     {id: her number for it, r: kind (requests.hpp), c: the character's id, a: {arguments}}
//     resync  {}  her copy did not match a delta's hash: send the whole view
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace druzina::live {

inline constexpr int kProtocolVersion = 1;
inline constexpr size_t kMaxMessage = size_t{256} << 10;  // a whole view of a big table fits; more is refused
inline constexpr int kMaxDepth = 12;                      // a view nests 6 levels

// Adds the frame around a message (an object with a known "k"). Throws UserError live.err.unknown_kind.
std::string encode(const nlohmann::json& message);
// Checks and parses a received text. Throws UserError live.err.too_large {limit}, live.err.damaged,
// live.err.too_new {version, supported}, live.err.unknown_kind {kind}, live.err.field {field}, or io.err.*.
nlohmann::json decode(std::string_view text);

// The kinds this version knows.
bool known_kind(std::string_view kind);

}  // namespace druzina::live
