// Saves: a Session as one JSON text, and back. The same two functions serve the CLI, the tests and the web
// app (which keeps the text in localStorage), so they take and return plain strings.
//
// The saved form is an envelope holding the save document (the "body") and a checksum of the body's bytes:
//   {"format":"druzina-save","version":1,"checksum":"fnv1a64:<16 hex digits>","body":<save document>}
// with the save document
//   {"schemaVersion": 2, "app": "druzina", "tailLimit": 200,
//    "snapshot": {…Campaign…}, "tail": [Transaction…], "redo": [Transaction…, the next one to redo first]}
// A body whose checksum does not match is damaged even when it parses: load() refuses it with
// save.err.checksum (the app says "damaged" and offers a backup). load_tolerant() — for files a user may have
// edited by hand (import) — accepts a mismatch when the content validates and reports save.warn.checksum.
// Saves from before the envelope (schema v1, v2 as the app wrote it until now) have no checksum and still load.
// Every text first passes io::parse_json's guard (size, UTF-8, nesting depth, number range; see guard.hpp).
//
// load() validates everything before it returns — JSON syntax (with line and column), that it is a Družina
// save, its schema version (older ones are migrated, newer ones refused), every field's type, every value's
// range and reference, and that the tail and the redo stack replay onto the snapshot without error — and
// throws UserError("save.err.*") otherwise. Nothing is half-applied: the caller's session is only replaced by
// assigning the returned one. Unknown fields anywhere (top level, campaign, creatures, transactions) are kept.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/session.hpp"
#include "core/error.hpp"

namespace druzina::io {

inline constexpr int kSchemaVersion = 8;

// The envelope text (what the app stores and exports).
std::string save(const campaign::Session& session);
// The save document alone (the envelope's body, no checksum): what load_json reads; tests edit it.
nlohmann::json save_json(const campaign::Session& session);
std::string save_body(const campaign::Session& session);

// Strict: any problem, a checksum mismatch included, is a UserError save.err.* / io.err.* (see docs/engine.md).
campaign::Session load(std::string_view text, const campaign::Engine& engine = campaign::Engine::standard());

struct Loaded {
  campaign::Session session;
  std::vector<Notice> warnings;  // save.warn.checksum: edited outside Družina, but valid
  bool checksummed = false;      // false: a save from before the envelope (nothing to verify)
};
// Like load(), but a checksum mismatch of a body that validates is a warning, not an error.
Loaded load_tolerant(std::string_view text, const campaign::Engine& engine = campaign::Engine::standard());

// Reads a save document (a body, or a legacy save) that is already parsed. No checksum.
campaign::Session load_json(nlohmann::json doc, const campaign::Engine& engine = campaign::Engine::standard());

}  // namespace druzina::io
