// Saves: a Session as one JSON text, and back. The same two functions serve the CLI, the tests and the web
// app (which keeps the text in localStorage), so they take and return plain strings.
//
//   {"schemaVersion": 2, "app": "druzina", "tailLimit": 200,
//    "snapshot": {…Campaign…}, "tail": [Transaction…], "redo": [Transaction…, the next one to redo first]}
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

#include "core/campaign/session.hpp"

namespace druzina::io {

inline constexpr int kSchemaVersion = 3;

std::string save(const campaign::Session& session);
nlohmann::json save_json(const campaign::Session& session);

campaign::Session load(std::string_view text, const campaign::Engine& engine = campaign::Engine::standard());
campaign::Session load_json(nlohmann::json doc, const campaign::Engine& engine = campaign::Engine::standard());

}  // namespace druzina::io
