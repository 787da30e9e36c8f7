// Share links: a snapshot of a campaign in a URL fragment (never sent to a server), for the QR code and the
// Share screen. The app, the CLI (`druzina link`, `druzina open`) and the tests use these functions.
//
//   fragment = "#d1." base64url( kind byte · checksum (4 bytes) · raw DEFLATE( compact JSON ) )
//
// "d1" is the link format version: a link with a higher one is refused as "made by a newer Družina".
// The kind byte is 't' (table), 'c' (character), 'a' (campaign); the checksum is the low 32 bits of FNV-1a-64
// over the kind byte and the inflated JSON, so a changed or cut-off link is refused.
//
// Kinds:
//   table      the table for players, built from io::player_view (so NEVER a DM secret: no hidden creatures,
//              no hidden HP, no NPC/monster AC or stats, no DM notes, secret notes, prompts, module data a rule
//              keeps secret): the campaign's name, clock and rule switches, each visible creature's name, kind,
//              HP as the DM chose (exact / status / hidden), conditions with their ends, and for the party
//              level, AC, exhaustion, death saves, inspiration; the initiative order, round and current turn;
//              the rules' data that gives itself a compact form (campaign::WireCodec: a character's class and
//              what she spent of her casting, so her sheet counts it as the DM's; open injuries; the DM's prices).
//   character  one party member (PC or sidekick) with every field a player keeps on her sheet — for its player,
//              and back from the player to the DM (a levelled-up character); no hidden flag, no
//              unknown (module) fields. Plus the campaign's name and rule switches.
//   campaign   the whole campaign with its history (the save document), to move to another DM device.
//
// decode() caps the link's length and the inflated size, checks the version, the checksum, the JSON (through
// io::parse_json's guard) and the content (campaign::from_json + validate_campaign, or io::load_json), and
// throws a UserError link.err.* on any problem — the caller's state is never touched by a failed decode.
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/error.hpp"

namespace druzina::share {

enum class LinkKind { table, character, campaign };
// Throws std::logic_error when a module's table-link key (campaign::WireCodec) is one of the base's or another
// module's at the same level (a creature's, the link's top level).
void check_wire_keys(const campaign::Engine& engine);

std::string_view kind_name(LinkKind kind);                // "table" | "character" | "campaign"
std::optional<LinkKind> parse_kind(std::string_view name);

inline constexpr int kLinkVersion = 1;
inline constexpr size_t kLongLink = 2000;                 // longer: chat apps may cut it; offer the file instead
inline constexpr size_t kMaxLinkChars = size_t{12} << 20;  // longer links are refused before decoding
inline constexpr size_t kMaxPayload = size_t{8} << 20;     // the inflated JSON; more is refused (a zip bomb)

struct LinkOptions {
  std::string campaign_id;  // the sharer's id of the campaign, so a newer link can update the copy ("" = none)
  long long made_at = 0;    // when the link was made, wall-clock ms since 1970 (0 = not given)
};

// Each returns the fragment, starting with '#'. encode_character throws UserError link.err.no_creature,
// link.err.not_party (an NPC or monster) or link.err.hidden (a creature hidden from the players).
// A link around a payload that is already text: the kind byte ('t', 'c', 'a'), its checksum, deflate and
// base64url ("#d1.…"). The encoders use it; tests and the fuzzer craft hostile payloads with it.
std::string frame_payload(char kind, std::string_view payload);

std::string encode_table(const campaign::Campaign& state, const LinkOptions& options = {});
std::string encode_character(const campaign::Campaign& state, std::string_view creature_id,
                             const LinkOptions& options = {});
std::string encode_campaign(const campaign::Session& session, const LinkOptions& options = {});
// Dispatches on kind (table and character use session.state()).
std::string encode(LinkKind kind, const campaign::Session& session, std::string_view creature_id = {},
                   const LinkOptions& options = {});

// Kept in a decoded party member's Creature::extra (table and character links):
//   "received": what the link held of it ({field: value} of the known creature fields) — the copy made from the
//               link keeps it, and its character link then says which fields its player changed since;
//   "changed":  (a character link from such a copy) those fields: names, "modules.<module>.<field>" for the
//               rules' data. share::merge_back takes only these.
inline constexpr const char* kReceived = "received";
inline constexpr const char* kChanged = "changed";

struct Decoded {
  LinkKind kind = LinkKind::table;
  // table, character: a Campaign as JSON (campaign::from_json reads it; validate_campaign passes). In a table,
  //   a creature whose HP the players may not see has placeholder numbers and "hp_shown": "status" (with hp/max_hp
  //   chosen so that health_status() gives the shown status) or "hidden"; settings.hp_visibility says the same.
  //   An encounter whose current turn belongs to a hidden creature has "turn_hidden": true. ids are the DM's.
  // campaign: a save document (io::load_json reads it; its snapshot, tail and redo stack were checked).
  nlohmann::json payload;
  std::string creature;     // character: the creature's id (payload.creatures[0].id)
  std::string campaign_id;  // from LinkOptions ("" when not given)
  long long made_at = 0;
  std::vector<Notice> warnings;  // link.warn.unknown_rules: rule switches this app has no module for
};

// Accepts "#d1.…", "d1.…" or a whole URL whose fragment is the link (spaces and line breaks are ignored).
// Throws UserError: link.err.not_link, link.err.too_new {version, supported}, link.err.too_large {limit},
// link.err.truncated, link.err.damaged, link.err.invalid {reason_cs, reason_uk, reason_en}.
// `reader`: the reader's language (a table link: a name the rules gave a creature is written in it,
// campaign::WireCodec::for_reader); absent = the link's own.
Decoded decode(std::string_view link, std::optional<Lang> reader = std::nullopt);

// What a table link holds, before framing: the players' view (io::player_view) in the link's compact JSON.
// The live table sends exactly this (core/live/view.hpp), so a live player never sees more than a table link.
nlohmann::json table_view(const campaign::Campaign& state);
// The reverse, checked as decode() checks a table link: a Campaign as JSON that validates. Throws
// UserError link.err.invalid {reason_cs, reason_uk, reason_en}.
nlohmann::json read_table_view(const nlohmann::json& wire, std::optional<Lang> reader = std::nullopt);

// The raw layers, for tests and tools.
std::string base64url_encode(std::string_view bytes);
std::optional<std::string> base64url_decode(std::string_view text);  // nullopt: a character outside the alphabet

}  // namespace druzina::share
