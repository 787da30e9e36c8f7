// Table rule "tracker-import": coming over from another tracker. Three formats are read into a preview — the DM's
// own monsters, the party's characters and prepared encounters, and every field the app has no place for, listed
// (never dropped silently) — and the command ImportCreatures brings what the preview shows into the campaign in
// one undo step:
//   * Improved Initiative's exported JSON ("Creatures.<id>", "PersistentCharacters.<id>", "SavedEncounters.<id>")
//   * a 5etools homebrew file ({"_meta", "monster": [...]})
//   * a Fight Club 5 / DnDAppFiles XML compendium (<compendium><monster>…), read by our own bounded reader (xml.hpp)
// A damaged or hostile file (too large, too deep, too many entries, wrong types) is refused with the reason
// (rules.err.import_*, cs/uk/en) and changes nothing. Module (module.cpp), parsers (parse.cpp), texts in
// assets/i18n/<lang>/tracker_import.json, tests in tests/unit/rules_tracker_import.tests.cpp, samples in
// tests/fixtures/import/; docs/table-rules.md.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kTrackerImport = "tracker-import";
inline constexpr size_t kMaxImportBytes = size_t{4} << 20;  // 4 MiB
inline constexpr int kMaxImportDepth = 32;
inline constexpr size_t kMaxImportEntries = 1000;  // creatures, characters, encounters (and entries skipped)

campaign::Module tracker_import();

struct ImportedCreature {
  campaign::Creature creature;        // kind "monster" (the DM's own monsters) or "pc" (the party); no id yet
  std::vector<std::string> unmapped;  // "Skills: Stealth +6": what the app keeps no field for
};
struct ImportedEncounter {
  std::string name;
  std::vector<std::pair<std::string, int>> members;  // a monster's name (of `monsters`) and how many
  std::vector<std::string> unmapped;
};
struct ImportPreview {
  std::string format;  // "improved-initiative" | "5etools" | "fc5"
  std::vector<ImportedCreature> monsters, party;
  std::vector<ImportedEncounter> encounters;
  std::vector<std::string> skipped;  // whole entries the app does not import ("Spells.fireball", "<item> ×3")
};

// Reads a file of one of the three formats (told by its content). Throws UserError rules.err.import_* with the
// reason; never a library's message.
ImportPreview preview_import(std::string_view text);
// The preview as JSON (for the CLI and the UI): {format, monsters: [{name, creature, unmapped}], party: […],
// encounters: [{name, members: [{monster, count}], unmapped}], skipped}.
nlohmann::json preview_json(const ImportPreview& p);
// The command that brings the preview in: ImportCreatures {format, monsters, party, encounters}.
nlohmann::json import_command(const ImportPreview& p);

}  // namespace druzina::rules
