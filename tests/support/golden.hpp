// Golden files: text a test compares with a file checked in under tests/golden/, line by line.
// DRUZINA_UPDATE_GOLDEN=1 writes the file instead of comparing (scripts/update-golden does that for every golden
// test); read the diff before committing it.
#pragma once
#include <string>
#include <vector>

namespace druzina::test {

// The path of tests/golden/<name> in the source tree.
std::string golden_path(const std::string& name);
// The files under tests/golden/ (names relative to it, sorted).
std::vector<std::string> golden_files();
// Compares actual with tests/golden/<name> line by line (one CHECK, with the differing lines and a hint how to
// regenerate in its message); with DRUZINA_UPDATE_GOLDEN=1 writes actual to the file instead.
void check_golden(const std::string& name, const std::string& actual);

}  // namespace druzina::test
