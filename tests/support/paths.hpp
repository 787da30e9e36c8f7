// Where the tests find the source tree and the built CLI. The paths are compiled into one object only
// (tests/support/paths.cpp, CMake gives it the two values), so every other test object is compiled with the same
// command line in any clone: ccache (CCACHE_BASEDIR) then reuses them across clones and worktrees. A -D with an
// absolute path on every test file made each fresh clone recompile all of them.
#pragma once
#include <string>

namespace druzina::test {
const char* source_dir();  // the repository's root
const char* cli_path();    // build/native/druzina
const char* split_dir();   // build/native/gen/split: the data and language packs as the web build makes them
// A file name in the temporary folder for this test process alone ("<tmp>/druzina-<pid>-<name>"): test runs in
// other clones on the same machine at the same time never share it. Removed when the process ends.
std::string temp_file(const std::string& name);
}  // namespace druzina::test

#define DRUZINA_SOURCE_DIR (::druzina::test::source_dir())
#define DRUZINA_CLI (::druzina::test::cli_path())
