// Language packs (the web build: src/core/assets.hpp): the texts of a language are a file of their own, fetched
// by the page before the app starts (web/lang.js). Implemented: [X] web (src/platform/web/lang.cpp)  [X] native
// (every language embedded: nothing to fetch; src/platform/native/lang.cpp). The CLI and
// the tests embed every language and need none of it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace druzina::platform::lang {

// The packs the page fetched before the app started (the chosen language's, and any other the browser keeps
// offline), their bytes as fetched; handed over once.
std::vector<std::string> fetched_packs();
// Fetches the pack `file` (e.g. "lang/uk.….pack"); when it came, keeps `code` as the chosen language and reloads
// the page, which starts in it (the campaign is saved on the way out, as on any reload).
void fetch_and_restart(std::string_view code, std::string_view file);
// True once after a fetch_and_restart failed (offline, and the browser does not have that pack yet).
bool take_fetch_failure();
// The page cannot start: no pack came (web/shell.js shows why, in the browser's language).
void fail_without_texts();

}  // namespace druzina::platform::lang
