#include "paths.hpp"

namespace druzina::test {
const char* source_dir() { return DRUZINA_TEST_SOURCE_DIR; }
const char* cli_path() { return DRUZINA_TEST_CLI; }
}  // namespace druzina::test
